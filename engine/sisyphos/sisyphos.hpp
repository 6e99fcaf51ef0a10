#pragma once
// Come on, Sisyphos (Ingo Althöfer, 2007): the game's entry in the registry.

#include "engine/core/game.hpp"

namespace boardroom::engine::sisyphos {

const engine::game& the_game();

}  // namespace boardroom::engine::sisyphos
