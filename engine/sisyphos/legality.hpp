#pragma once
// The checked path: a written move becomes a legal move, or a reason a player understands.

#include "engine/core/error.hpp"
#include "engine/sisyphos/move.hpp"
#include "engine/sisyphos/notation.hpp"
#include "engine/sisyphos/position.hpp"
#include "engine/sisyphos/rules.hpp"

namespace boardroom::engine::sisyphos {

// The move of the side to move that `w` describes, with its capture flag filled in; or an
// "illegal_move" error naming the broken rule ("d2 holds your own stone").
result<move> check_move(const position& pos, const rules& r, const written_move& w);

}  // namespace boardroom::engine::sisyphos
