#pragma once
// The compact position: twelve bitboards (one per colour and kind), a mailbox for finding the
// piece on a square, the side to move and a Zobrist key. Its fast path is the single step:
// make_step()/unmake_step(), with the trap capture a step causes. Turns, pushes and pulls are
// built from steps by search.hpp (all turns) and legality.hpp (one written turn).

#include <array>
#include <cstdint>
#include <optional>

#include "engine/arimaa/board.hpp"

namespace boardroom::engine::arimaa {

// What a step removed from a trap, if anything: at most one piece (see trap_beside).
struct capture {
  square where = no_square;
  piece what;

  bool happened() const { return where != no_square; }
};

class position {
 public:
  position() = default;  // an empty board, Gold to move

  bitboard pieces(colour c, kind k) const { return pieces_[index(c)][index(k)]; }
  bitboard pieces(colour c) const { return by_colour_[index(c)]; }
  bitboard occupied() const { return by_colour_[0] | by_colour_[1]; }
  std::optional<piece> at(square s) const;
  colour to_move() const { return to_move_; }

  // The pieces alone; key() adds the side to move (what repetition compares).
  std::uint64_t board_key() const { return board_key_; }
  std::uint64_t key() const;

  void set_to_move(colour c) { to_move_ = c; }
  void put(square s, piece p);  // s must be empty
  void remove(square s);        // s must hold a piece

  // Pieces of `c` that cannot move by themselves: next to a stronger enemy piece and to no
  // friendly piece.
  bitboard frozen(colour c) const;
  // For messages: the strongest enemy piece freezing the piece on `s`, if it is frozen.
  std::optional<square> freezer(square s) const;

  // Moves the piece on `from` to the empty neighbour `to` (whoever owns it: pushes and pulls move
  // enemy pieces) and removes the piece the step leaves unguarded on a trap, if any. Rules such
  // as frozen pieces and rabbit directions are the caller's.
  capture make_step(square from, square to);
  // Takes back make_step(from, to), which returned `c`, as the last change to this position.
  void unmake_step(square from, square to, capture c);

  // How many pieces of each colour and kind, packed 4 bits each: positions with different
  // material can never be equal again (pieces are only ever removed).
  std::uint64_t material() const;

  bool same_board(const position& other) const {
    return board_key_ == other.board_key_ && mailbox_ == other.mailbox_;
  }
  friend bool operator==(const position& a, const position& b) {
    return a.same_board(b) && a.to_move_ == b.to_move_;
  }

 private:
  static constexpr std::uint8_t empty = 0xff;

  std::array<std::array<bitboard, num_kinds>, num_colours> pieces_{};
  std::array<bitboard, num_colours> by_colour_{};
  std::array<std::uint8_t, num_squares> mailbox_ = [] {
    std::array<std::uint8_t, num_squares> m{};
    m.fill(empty);
    return m;
  }();
  std::uint64_t board_key_ = 0;
  colour to_move_ = colour::gold;
};

}  // namespace boardroom::engine::arimaa
