#pragma once
// The 5x5 board as bitboards: squares, the two sides, the three directions each side steps in, and
// the layers (Manhattan distance from a side's own corner) that re-entry uses.
//
// The rules are symmetric under the point reflection of the board (square s <-> 24 - s): it swaps
// the corners e1 and a5 and turns Sisyphos's directions into the spirits'. Only the number of
// stones differs (5 against 3).

#include <array>
#include <bit>
#include <cstdint>

namespace boardroom::engine::sisyphos {

// Square index = 5 * rank + file, both counted from 0: a1 = 0, e1 = 4, a2 = 5, a5 = 20, e5 = 24.
using square = int;
// Bit i is square i; bits 25-31 are always clear.
using bitboard = std::uint32_t;

inline constexpr int board_size = 5;
inline constexpr int num_squares = 25;

constexpr int file_of(square s) {
  return s % board_size;
}
constexpr int rank_of(square s) {
  return s / board_size;
}
constexpr square make_square(int file, int rank) {
  return rank * board_size + file;
}
constexpr bitboard bit(square s) {
  return bitboard{1} << s;
}
constexpr square first_square(bitboard b) {
  return std::countr_zero(b);
}
constexpr int count(bitboard b) {
  return std::popcount(b);
}

inline constexpr square e1 = make_square(4, 0);
inline constexpr square a5 = make_square(0, 4);

inline constexpr bitboard all_squares = (bitboard{1} << num_squares) - 1;
inline constexpr bitboard file_a = 0x108421;  // a1, a2, a3, a4, a5
inline constexpr bitboard file_e = file_a << 4;
static_assert(file_a == (bit(make_square(0, 0)) | bit(make_square(0, 1)) | bit(make_square(0, 2)) |
                         bit(make_square(0, 3)) | bit(make_square(0, 4))));

// The side index is also the player number: Sisyphos moves first.
enum class side : std::uint8_t { sisyphos = 0, spirits = 1 };
inline constexpr int num_sides = 2;

constexpr int index(side s) {
  return static_cast<int>(s);
}
constexpr side opponent(side s) {
  return s == side::sisyphos ? side::spirits : side::sisyphos;
}
// Stones on the board plus stones in hand never change: captured stones go back to the hand.
constexpr int total_stones(side s) {
  return s == side::sisyphos ? 5 : 3;
}
constexpr square home_corner(side s) {
  return s == side::sisyphos ? e1 : a5;
}
constexpr square goal_corner(side s) {
  return home_corner(opponent(s));
}

// Each side steps in three directions, numbered 0-2. Sisyphos: left, up, diagonally up-left; the
// spirits: right, down, diagonally down-right. Direction d of one side is the reverse of direction
// d of the other, so shifting back for one side is shifting forward for the other.
inline constexpr int num_directions = 3;

// Every stone of `b` stepped in direction `dir` of side `s`; stones that would leave the board are
// dropped (the file masks stop a step from wrapping around to the next rank).
constexpr bitboard shift(bitboard b, side s, int dir) {
  if (s == side::sisyphos) {
    switch (dir) {
      case 0:
        return (b >> 1) & ~file_e;  // left
      case 1:
        return (b << 5) & all_squares;  // up
      default:
        return (b << 4) & ~file_e & all_squares;  // up-left
    }
  }
  switch (dir) {
    case 0:
      return (b << 1) & ~file_a & all_squares;  // right
    case 1:
      return b >> 5;  // down
    default:
      return (b >> 4) & ~file_a;  // down-right
  }
}

// The squares from which a step of side `s` in direction `dir` lands on a square of `b`.
constexpr bitboard shift_back(bitboard b, side s, int dir) {
  return shift(b, opponent(s), dir);
}

constexpr bool is_step(side s, square from, square to) {
  for (int dir = 0; dir < num_directions; ++dir) {
    if (shift(bit(from), s, dir) == bit(to)) return true;
  }
  return false;
}

// Manhattan distance from the side's own corner: 0 for the corner, up to 8 for the far corner.
inline constexpr int num_layers = 9;

constexpr int layer_of(side s, square sq) {
  int f = file_of(sq);
  int r = rank_of(sq);
  return s == side::sisyphos ? (4 - f) + r : f + (4 - r);
}

inline constexpr auto layer_masks = [] {
  std::array<std::array<bitboard, num_layers>, num_sides> masks{};
  for (square sq = 0; sq < num_squares; ++sq) {
    masks[0][layer_of(side::sisyphos, sq)] |= bit(sq);
    masks[1][layer_of(side::spirits, sq)] |= bit(sq);
  }
  return masks;
}();

constexpr bitboard layer_mask(side s, int layer) {
  return layer_masks[index(s)][layer];
}

// Start position: Sisyphos e1, d1, e2, c1, e3; the spirits a5, a4, b5.
constexpr bitboard start_squares(side s) {
  if (s == side::sisyphos) {
    return bit(e1) | bit(make_square(3, 0)) | bit(make_square(4, 1)) | bit(make_square(2, 0)) |
           bit(make_square(4, 2));
  }
  return bit(a5) | bit(make_square(0, 3)) | bit(make_square(1, 4));
}

}  // namespace boardroom::engine::sisyphos
