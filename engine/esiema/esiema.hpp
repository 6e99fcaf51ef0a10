#pragma once
// Esiema (Michael Winkelmann, 1989): the game's entry in the registry.

#include "engine/core/game.hpp"

namespace boardroom::engine::esiema {

const engine::game& the_game();

}  // namespace boardroom::engine::esiema
