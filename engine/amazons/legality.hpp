#pragma once
// The checked path: a written move becomes a legal move, or a reason a player understands.

#include "engine/amazons/move.hpp"
#include "engine/amazons/notation.hpp"
#include "engine/amazons/position.hpp"
#include "engine/amazons/rules.hpp"
#include "engine/core/error.hpp"

namespace boardroom::engine::amazons {

// The move of the side to move that `w` describes; or an "illegal_move" error naming the broken
// rule ("g7 is not reachable from d7: the arrow on f7 blocks it"). Looks at the few squares the
// move touches, never at the whole move list: the server calls it for every move.
result<move> check_move(const position& pos, const rules& r, const written_move& w);

}  // namespace boardroom::engine::amazons
