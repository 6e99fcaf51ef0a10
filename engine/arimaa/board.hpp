#pragma once
// The 8x8 board as bitboards: squares, colours, piece kinds in order of strength, the four step
// directions as shifts, traps and goal ranks.

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

namespace boardroom::engine::arimaa {

// Square index = 8 * rank + file, both counted from 0: a1 = 0, h1 = 7, a2 = 8, h8 = 63.
using square = int;
// Bit i is square i.
using bitboard = std::uint64_t;

inline constexpr int board_size = 8;
inline constexpr int num_squares = 64;
inline constexpr square no_square = -1;

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

inline constexpr bitboard file_a = 0x0101010101010101ULL;
inline constexpr bitboard file_h = file_a << 7;
inline constexpr bitboard rank_1 = 0xffULL;
inline constexpr bitboard rank_2 = rank_1 << 8;
inline constexpr bitboard rank_7 = rank_1 << 48;
inline constexpr bitboard rank_8 = rank_1 << 56;

inline constexpr square c3 = make_square(2, 2);
inline constexpr square f3 = make_square(5, 2);
inline constexpr square c6 = make_square(2, 5);
inline constexpr square f6 = make_square(5, 5);
inline constexpr bitboard traps = bit(c3) | bit(f3) | bit(c6) | bit(f6);

// Player 0 is Gold (moves first), player 1 Silver.
enum class colour : std::uint8_t { gold = 0, silver = 1 };
inline constexpr int num_colours = 2;

constexpr int index(colour c) {
  return static_cast<int>(c);
}
constexpr colour opponent(colour c) {
  return c == colour::gold ? colour::silver : colour::gold;
}
// Where a side's rabbits score, and the two ranks it sets up on.
constexpr bitboard goal_rank(colour c) {
  return c == colour::gold ? rank_8 : rank_1;
}
constexpr bitboard home_ranks(colour c) {
  return c == colour::gold ? (rank_1 | rank_2) : (rank_7 | rank_8);
}

// In order of strength: a piece is stronger than another iff its kind compares greater.
enum class kind : std::uint8_t { rabbit, cat, dog, horse, camel, elephant };
inline constexpr int num_kinds = 6;
inline constexpr std::array<kind, num_kinds> all_kinds{kind::rabbit, kind::cat,   kind::dog,
                                                       kind::horse,  kind::camel, kind::elephant};

constexpr int index(kind k) {
  return static_cast<int>(k);
}
// How many of each kind one side has at the start.
constexpr int full_count(kind k) {
  constexpr std::array<int, num_kinds> counts{8, 2, 2, 2, 1, 1};
  return counts[index(k)];
}

struct piece {
  colour side = colour::gold;
  kind type = kind::rabbit;

  friend constexpr bool operator==(piece, piece) = default;
};

// Directions relative to Gold's view: north is towards rank 8.
enum class direction : std::uint8_t { north, east, south, west };
inline constexpr std::array<direction, 4> all_directions{direction::north, direction::east,
                                                         direction::south, direction::west};

constexpr int index(direction d) {
  return static_cast<int>(d);
}

// Every piece of `b` moved one square in `d`; pieces that would leave the board are dropped.
constexpr bitboard shift(bitboard b, direction d) {
  switch (d) {
    case direction::north:
      return b << 8;
    case direction::south:
      return b >> 8;
    case direction::east:
      return (b << 1) & ~file_a;
    case direction::west:
      return (b >> 1) & ~file_h;
  }
  return 0;
}

constexpr bitboard neighbours(bitboard b) {
  return shift(b, direction::north) | shift(b, direction::south) | shift(b, direction::east) |
         shift(b, direction::west);
}

// The square one step from `s` in `d`, or no_square off the board.
constexpr square step_target(square s, direction d) {
  bitboard to = shift(bit(s), d);
  return to ? first_square(to) : no_square;
}

// The direction from `from` to its neighbour `to`; `to` must be a neighbour.
constexpr direction direction_between(square from, square to) {
  if (to == from + 8) return direction::north;
  if (to == from - 8) return direction::south;
  if (to == from + 1) return direction::east;
  return direction::west;
}

// Rabbits never step backwards on their own: Gold's not south, Silver's not north.
constexpr direction backwards(colour c) {
  return c == colour::gold ? direction::south : direction::north;
}

// The trap next to each square, or no_square. No square touches two traps (they are three files
// or ranks apart), so a step can unguard at most one trap: the one beside its origin.
inline constexpr auto trap_beside = [] {
  std::array<square, num_squares> out{};
  for (square s = 0; s < num_squares; ++s) {
    bitboard near = neighbours(bit(s)) & traps;
    out[s] = near ? first_square(near) : no_square;
  }
  return out;
}();

}  // namespace boardroom::engine::arimaa
