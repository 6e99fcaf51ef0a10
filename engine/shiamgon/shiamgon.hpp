#pragma once
// Shiamgon, the Tasham board game for three to five players (the MYRA world): the game's entry in
// the registry.

#include "engine/core/game.hpp"

namespace boardroom::engine::shiamgon {

const engine::game& the_game();

}  // namespace boardroom::engine::shiamgon
