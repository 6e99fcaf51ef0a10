#pragma once
// What the retrograde solver works on: a node (both sides' stones and the side to move, no turn
// counter) of a variant (an edition and the number of stones per side), with the moves and
// predecessors between nodes.
//
// Why not `position`: the solver's value of a node does not depend on the turn counter (see
// README.md, "Solver"), and the tests solve smaller variants — fewer stones per side on the same
// board — which `position` cannot hold, since its hands are "five or three minus the stones on
// the board". For the full variant the moves here are the engine's moves: the tests compare
// them with position::generate_moves and position::generate_unmoves.

#include <array>
#include <string>

#include "engine/sisyphos/board.hpp"
#include "engine/sisyphos/move.hpp"
#include "engine/sisyphos/position.hpp"
#include "engine/sisyphos/rules.hpp"

namespace boardroom::engine::sisyphos {

struct variant {
  edition source = edition::forum2007;  // decides where stones re-enter
  int sisyphos_stones = 5;              // 1 to 5
  int spirit_stones = 3;                // 1 to 3: a spirit has at most 14 moves (solver.cpp)

  static constexpr variant full(edition e) { return {e, 5, 3}; }
  constexpr bool is_full() const { return sisyphos_stones == 5 && spirit_stones == 3; }
  constexpr int stones(side s) const {
    return s == side::sisyphos ? sisyphos_stones : spirit_stones;
  }
  friend constexpr bool operator==(const variant&, const variant&) = default;
};

// "forum2007" for a full variant, "forum2007, 3 against 2 stones" for a reduced one.
std::string variant_name(const variant& v);

// std::popcount, or a few shifts and adds where the build targets CPUs without the instruction
// (the default x86-64 build calls a library function otherwise, too slow for the solver).
constexpr int stone_count(bitboard b) {
#ifdef __POPCNT__
  return count(b);
#else
  b = b - ((b >> 1) & 0x55555555u);
  b = (b & 0x33333333u) + ((b >> 2) & 0x33333333u);
  return static_cast<int>((((b + (b >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
#endif
}

struct node {
  std::array<bitboard, num_sides> stones{};
  side to_move = side::sisyphos;

  friend constexpr bool operator==(const node&, const node&) = default;
};

inline node node_of(const position& pos) {
  return {{pos.stones(side::sisyphos), pos.stones(side::spirits)}, pos.to_move()};
}

// A Sisyphos stone on a5 or a spirit on e1: the game is over whoever is to move.
constexpr bool is_goal(const node& n) {
  return (n.stones[0] & bit(a5)) != 0;
}
constexpr bool is_invasion(const node& n) {
  return (n.stones[1] & bit(e1)) != 0;
}
constexpr bool is_over(const node& n) {
  return is_goal(n) || is_invasion(n);
}

// Same rule as position::reentry_targets, with the hand counted against the variant's stones.
inline bitboard reentry_targets(const node& n, side s, const variant& v) {
  if (stone_count(n.stones[index(s)]) >= v.stones(s)) return 0;
  bitboard allowed = ~(n.stones[0] | n.stones[1]) &
                     (v.source == edition::perlhuhn2007 ? start_squares(s) : all_squares);
  for (int layer = 0; layer < num_layers; ++layer) {
    if (bitboard free = layer_mask(s, layer) & allowed) return free;
  }
  return 0;
}

// For a side re-entering onto a square under an edition: whether it may ever re-enter there,
// and the allowed squares strictly nearer to its corner (all must be occupied).
struct reentry_rule {
  bool allowed = false;
  bitboard nearer = 0;
};
inline constexpr auto reentry_rules = [] {
  std::array<std::array<std::array<reentry_rule, num_squares>, num_sides>, 2> out{};
  for (int start_only = 0; start_only < 2; ++start_only) {
    for (side s : {side::sisyphos, side::spirits}) {
      bitboard allowed = start_only ? start_squares(s) : all_squares;
      for (square sq = 0; sq < num_squares; ++sq) {
        auto& rule = out[start_only][index(s)][sq];
        rule.allowed = (allowed & bit(sq)) != 0;
        for (int layer = 0; layer < layer_of(s, sq); ++layer)
          rule.nearer |= layer_mask(s, layer) & allowed;
      }
    }
  }
  return out;
}();

// Legal moves of the side to move in the order of position::generate_moves; none once over.
void generate_moves(const node& n, const variant& v, move_list& out);
int count_moves(const node& n, const variant& v);
// `m` must be legal in `n`.
node after(const node& n, move m);

// Calls f(m, before) for every predecessor: every node `before` that is not over, in which `m` is
// legal and leads to `n` (see position::generate_unmoves). Inline: it is the solver's inner loop.
template <class F>
void for_each_unmove(const node& n, const variant& v, F&& f) {
  side mover = opponent(n.to_move);
  bitboard own = n.stones[index(mover)];
  bitboard enemy = n.stones[index(n.to_move)];
  bitboard occupied = own | enemy;
  bool uncapture = stone_count(enemy) < v.stones(n.to_move);
  // With a stone on the goal corner, only that stone can have moved last: any other unmove
  // leaves a node that was already over.
  bitboard goal = bit(goal_corner(mover));
  bitboard movable = (own & goal) ? goal : own;
  node before;
  before.to_move = mover;
  for (bitboard to_set = movable; to_set; to_set &= to_set - 1) {
    square to = first_square(to_set);
    bitboard to_bit = bit(to);
    for (int dir = 0; dir < num_directions; ++dir) {
      bitboard from = shift_back(to_bit, mover, dir) & ~occupied;
      if (!from) continue;
      before.stones[index(mover)] = own ^ to_bit ^ from;
      before.stones[index(n.to_move)] = enemy;
      if (!is_over(before)) f(move::step(first_square(from), to, false), before);
      if (uncapture) {
        before.stones[index(n.to_move)] = enemy | to_bit;
        if (!is_over(before)) f(move::step(first_square(from), to, true), before);
      }
    }
    // A re-entry onto `to` was legal if every allowed square nearer to the mover's corner was
    // occupied then, as it is now.
    before.stones[index(mover)] = own ^ to_bit;
    before.stones[index(n.to_move)] = enemy;
    const reentry_rule& rule = reentry_rules[v.source == edition::perlhuhn2007][index(mover)][to];
    if (rule.allowed && !(rule.nearer & ~occupied) && !is_over(before)) {
      f(move::reentry(to), before);
    }
  }
}

// The position text of notation.hpp with the turn count 0, hands counted against the variant.
std::string node_text(const node& n, const variant& v);

}  // namespace boardroom::engine::sisyphos
