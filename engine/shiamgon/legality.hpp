#pragma once
// The checked path: a written move becomes a legal move or a reason a player understands
// ("c7 is adjacent to two stones of Red").

#include "engine/core/error.hpp"
#include "engine/shiamgon/notation.hpp"
#include "engine/shiamgon/position.hpp"

namespace boardroom::engine::shiamgon {

// What to do with a legal move.
struct checked_move {
  bool shift = false;
  int from = -1;  // shifts
  int to = 0;
};

// Errors: game_over, illegal_move (with the rule that forbids it).
result<checked_move> check_move(const position& pos, const written_move& m);

}  // namespace boardroom::engine::shiamgon
