#pragma once
// The compact position and its unchecked fast paths: move generation, move counting, make/unmake
// and perft.
//
// A position is what stands on each square (amazons of both colours, arrows), the colour to move,
// whether the players have swapped colours, and the passes each colour has left. Alongside the
// squares it keeps one occupancy word per line (board.hpp), updated by make/unmake, from which
// every queen move is a table lookup. Everything else a game needs (board size, whether swapping
// is allowed) is in `rules`, passed where it matters.
//
// Seats and colours: player (seat) 0 starts as White, seat 1 as Black. After a swap seat 1 holds
// White, with White's amazons and White's first move, and seat 0 holds Black.

#include <array>
#include <cstdint>

#include "engine/amazons/board.hpp"
#include "engine/amazons/move.hpp"
#include "engine/amazons/rules.hpp"

namespace boardroom::engine::amazons {

class position {
 public:
  using board = std::array<cell, max_squares>;

  // Asserts the invariants: four amazons per colour on squares of the board. Readers of untrusted
  // text check these first (notation.cpp).
  position(const rules& r, const board& cells, colour to_move, bool swapped,
           std::array<int, num_colours> passes);

  // The start of a new game: White to move, Black with r.komi passes, White with none.
  static position start(const rules& r);

  const amazons::geometry& geometry() const { return *geometry_; }
  int size() const { return geometry_->size; }
  cell at(square s) const { return cells_[s]; }
  colour to_move() const { return to_move_; }
  bool swapped() const { return swapped_; }
  int passes(colour c) const { return passes_[index(c)]; }
  int arrows() const { return arrows_; }
  // The four squares of a colour's amazons, in no particular order.
  const std::array<std::uint8_t, 4>& amazons(colour c) const { return amazons_[index(c)]; }

  int seat_of(colour c) const { return swapped_ ? 1 - index(c) : index(c); }
  colour colour_of(int seat) const { return static_cast<colour>(swapped_ ? 1 - seat : seat); }

  // Whether some amazon of the side to move can make a queen move (then it can always shoot its
  // arrow back to where it came from).
  bool has_queen_move() const;
  // Swapping is a move of Black's only right after White's first: one arrow on the board.
  bool can_swap(const rules& r) const {
    return r.swap && !swapped_ && to_move_ == colour::black && arrows_ == 1;
  }
  bool can_pass() const { return passes_[index(to_move_)] > 0 && !has_queen_move(); }
  // The side to move has nothing to play: it has lost.
  bool is_over(const rules& r) const {
    return !has_queen_move() && !can_swap(r) && passes_[index(to_move_)] == 0;
  }

  // The empty squares a queen on `s` reaches; `lifted` counts as empty, or is -1.
  square_set targets(square s, square lifted) const;

  // Whether `to` lies on a line from `from` with nothing in between and is empty; `lifted` is a
  // square to treat as empty (the origin of the amazon that shoots), or -1.
  bool reaches(square from, square to, square lifted = -1) const;

  // The legal moves of the side to move in canonical order: queen moves by origin, landing
  // square and arrow square (the order of move's encoding), then a swap or a pass where allowed.
  // None once the game is over.
  void generate_moves(const rules& r, move_list& out) const;
  // Their number, without generating them (perft's bulk counting at the last ply).
  int count_moves(const rules& r) const;
  int count_queen_moves() const;
  bool is_legal(move m, const rules& r) const;

  // `m` must be legal here (asserted as far as the position can tell without the rules).
  void play_unchecked(move m);
  // Takes back `m`, which must be the move that led here.
  void undo(move m);

  // Whether the line words, the amazon lists and the arrow count agree with the squares (four
  // amazons a side). Walks the whole board: for tests and the constructor.
  bool is_consistent() const;

  // Equal squares, colour to move, seats and passes; the order of amazons_ does not matter.
  friend bool operator==(const position& a, const position& b);

 private:
  template <int kind>
  int count_along(square from) const;
  void toggle(square s);  // flips the occupancy of `s` in its four lines
  void assert_invariants() const;

  const amazons::geometry* geometry_;
  std::array<line_bits, max_lines> lines_{};
  board cells_{};
  std::array<std::array<std::uint8_t, 4>, num_colours> amazons_{};
  colour to_move_ = colour::white;
  bool swapped_ = false;
  std::array<std::uint8_t, num_colours> passes_{};
  std::uint8_t arrows_ = 0;
};

// Number of move sequences of length `depth` from `pos` (a sequence stops when a side has lost).
std::uint64_t perft(const position& pos, const rules& r, int depth);

}  // namespace boardroom::engine::amazons
