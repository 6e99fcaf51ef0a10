#pragma once
// The Game of the Amazons (Walter Zamkauskas, 1988): the game's entry in the registry.

#include "engine/core/game.hpp"

namespace boardroom::engine::amazons {

const engine::game& the_game();

}  // namespace boardroom::engine::amazons
