#include "engine/sisyphos/solver_node.hpp"

#include <cassert>

#include "engine/sisyphos/notation.hpp"

namespace boardroom::engine::sisyphos {

std::string variant_name(const variant& v) {
  std::string name(edition_name(v.source));
  if (!v.is_full()) {
    name += ", " + std::to_string(v.sisyphos_stones) + " against " +
            std::to_string(v.spirit_stones) + " stones";
  }
  return name;
}

void generate_moves(const node& n, const variant& v, move_list& out) {
  out.clear();
  if (is_over(n)) return;
  side us = n.to_move;
  bitboard own = n.stones[index(us)];
  bitboard enemy = n.stones[index(opponent(us))];
  for (bitboard from_set = own; from_set; from_set &= from_set - 1) {
    square from = first_square(from_set);
    for (int dir = 0; dir < num_directions; ++dir) {
      bitboard to = shift(bit(from), us, dir) & ~own;
      if (to) out.push(move::step(from, first_square(to), (to & enemy) != 0));
    }
  }
  for (bitboard to = reentry_targets(n, us, v); to; to &= to - 1)
    out.push(move::reentry(first_square(to)));
}

int count_moves(const node& n, const variant& v) {
  if (is_over(n)) return 0;
  bitboard own = n.stones[index(n.to_move)];
  int total = stone_count(reentry_targets(n, n.to_move, v));
  for (int dir = 0; dir < num_directions; ++dir)
    total += stone_count(shift(own, n.to_move, dir) & ~own);
  return total;
}

node after(const node& n, move m) {
  node next = n;
  side us = n.to_move;
  bitboard to = bit(m.to());
  if (m.is_reentry()) {
    assert(!((n.stones[0] | n.stones[1]) & to));
    next.stones[index(us)] |= to;
  } else {
    assert(n.stones[index(us)] & bit(m.from()));
    next.stones[index(us)] ^= bit(m.from()) | to;
    next.stones[index(opponent(us))] &= ~to;
  }
  next.to_move = opponent(us);
  return next;
}

std::string node_text(const node& n, const variant& v) {
  // The engine writes the board and the side to move; the hands depend on the variant.
  std::string text = position_text(position(n.stones[0], n.stones[1], n.to_move, 0));
  auto hands = text.find(' ', text.find(' ') + 1) + 1;
  auto turns = text.find(' ', hands);
  return text.substr(0, hands) + "S" + std::to_string(v.sisyphos_stones - count(n.stones[0])) +
         "s" + std::to_string(v.spirit_stones - count(n.stones[1])) + text.substr(turns);
}

}  // namespace boardroom::engine::sisyphos
