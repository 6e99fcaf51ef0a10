#include "engine/arimaa/ending.hpp"

#include "engine/arimaa/search.hpp"

namespace boardroom::engine::arimaa {

ending check_end_of_turn(const position& pos, const history& seen, bool after_setup) {
  colour b = pos.to_move();
  colour a = opponent(b);
  bitboard a_rabbits = pos.pieces(a, kind::rabbit);
  bitboard b_rabbits = pos.pieces(b, kind::rabbit);
  if (a_rabbits & goal_rank(a)) return {end_reason::goal, a, 1};
  if (b_rabbits & goal_rank(b)) return {end_reason::goal, b, 2};
  if (!after_setup) {
    if (!b_rabbits) return {end_reason::elimination, a, 3};
    if (!a_rabbits) return {end_reason::elimination, b, 4};
  }
  auto repeats = seen.twice_seen(a);
  if (!has_turn(pos, repeats)) {
    // Rare: tell "cannot move at all" from "could move, but only into a third repetition".
    if (repeats.empty() || !has_turn(pos, {})) return {end_reason::immobilization, a, 5};
    return {end_reason::immobilization, a, 6};
  }
  return {};
}

}  // namespace boardroom::engine::arimaa
