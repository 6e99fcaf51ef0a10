#pragma once
// The compact position and its unchecked fast paths: move generation, make/unmake, predecessor
// generation for retrograde analysis, and perft.
//
// A position is the two sides' stones, the side to move and the number of turns Sisyphos has
// made. Hands are not stored: a side's stones off the board are in its hand. Everything else a
// game needs (edition, move limit) is in `rules`, passed where it matters.

#include <array>
#include <cstdint>

#include "engine/sisyphos/board.hpp"
#include "engine/sisyphos/move.hpp"
#include "engine/sisyphos/rules.hpp"

namespace boardroom::engine::sisyphos {

// How a game ended; `none` while it goes on.
enum class ending : std::uint8_t {
  none,
  goal,        // a Sisyphos stone stepped onto a5: Sisyphos wins
  invasion,    // a spirit stepped onto e1: the spirits win
  move_limit,  // Sisyphos made rules::move_limit turns without reaching a5: the spirits win
};

constexpr side winner_of(ending e) {
  return e == ending::goal ? side::sisyphos : side::spirits;
}

class position {
 public:
  // Asserts the invariants: stones on the board, no square held twice, at most total_stones()
  // per side. Readers of untrusted text check these first (notation.cpp).
  position(bitboard sisyphos, bitboard spirits, side to_move, int sisyphos_turns);

  static position start();

  bitboard stones(side s) const { return stones_[index(s)]; }
  bitboard occupied() const { return stones_[0] | stones_[1]; }
  int in_hand(side s) const { return total_stones(s) - count(stones(s)); }
  side to_move() const { return to_move_; }
  int sisyphos_turns() const { return sisyphos_turns_; }

  ending how_ended(const rules& r) const;
  bool is_over(const rules& r) const { return how_ended(r) != ending::none; }

  // Where side `s` may re-enter a stone now: the empty squares of the layer nearest its corner
  // that has any (in perlhuhn2007 counting start squares only). Empty when the hand is.
  bitboard reentry_targets(side s, const rules& r) const;

  // The legal moves of the side to move, steps by origin square and direction, then re-entries;
  // none once the game is over.
  void generate_moves(const rules& r, move_list& out) const;
  // The same number, without generating them (perft's bulk counting at the last ply).
  int count_moves(const rules& r) const;
  bool is_legal(move m, const rules& r) const;

  // `m` must be legal here (asserted as far as the position can tell without the rules).
  void play_unchecked(move m);
  // Takes back `m`, which must be the move that led here.
  void undo(move m);

  // Every move m for which a position p exists such that p is not over, m is legal in p, and
  // playing m in p gives this position; undo(m) yields p. Captures that are undone put a stone
  // from the mover's opponent's hand back onto the target.
  void generate_unmoves(const rules& r, move_list& out) const;

  friend bool operator==(const position&, const position&) = default;

 private:
  void assert_invariants() const;

  std::array<bitboard, num_sides> stones_{};
  side to_move_ = side::sisyphos;
  std::uint16_t sisyphos_turns_ = 0;
};

// Number of move sequences of length `depth` from `pos` (the game ends at a win or the limit).
std::uint64_t perft(const position& pos, const rules& r, int depth);

}  // namespace boardroom::engine::sisyphos
