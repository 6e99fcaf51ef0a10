#pragma once
// Arimaa (Omar Syed, 2002): the game's entry in the registry.

#include "engine/core/game.hpp"

namespace boardroom::engine::arimaa {

const engine::game& the_game();

}  // namespace boardroom::engine::arimaa
