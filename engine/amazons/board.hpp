#pragma once
// The boards (10x10, 8x8, 6x6) as lines: every rank, file, diagonal and anti-diagonal is a row of
// at most ten slots, and a position keeps one occupancy word per line. Queen moves never leave a
// line, so "where can a queen go from here" is one table lookup per line: the rotated-bitboard
// idea with a line per word instead of a board per word. Counting a position's moves (every
// landing square times its arrow squares) then costs three lookups per landing square, where a
// padded mailbox walks every arrow square: measured on positions of random 10x10 games, the
// lines count about 15 times as many moves per second (README.md).
//
// Every line is embedded in ten slots; the slots that are not squares of the board (past the
// edge of a short diagonal, or beyond file/rank `size` on the small boards) are always marked
// occupied, so one table serves all lines and all three board sizes.

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>

namespace boardroom::engine::amazons {

// Square index = size * rank + file, both counted from 0: a1 = 0, b1 = 1, a2 = size.
using square = int;

inline constexpr int max_size = 10;
inline constexpr int max_squares = max_size * max_size;
inline constexpr int num_line_kinds = 4;  // rank, file, diagonal (a1-h8 way), anti-diagonal
inline constexpr int max_lines = 6 * max_size - 2;
inline constexpr int num_slots = 10;
inline constexpr int num_occupancies = 1 << num_slots;

// Bit i set: slot i of the line holds an amazon or an arrow, or is no square at all.
using line_bits = std::uint16_t;

constexpr bool valid_size(int size) {
  return size == 6 || size == 8 || size == 10;
}

enum class colour : std::uint8_t { white = 0, black = 1 };
inline constexpr int num_colours = 2;

constexpr int index(colour c) {
  return static_cast<int>(c);
}
constexpr colour opponent(colour c) {
  return c == colour::white ? colour::black : colour::white;
}
// As players read it in messages: "White", "Black".
inline std::string colour_name(colour c) {
  return c == colour::white ? "White" : "Black";
}

// What stands on a square. An amazon's cell is 1 + its colour's index.
enum class cell : std::uint8_t { empty = 0, white = 1, black = 2, arrow = 3 };

constexpr cell amazon_cell(colour c) {
  return c == colour::white ? cell::white : cell::black;
}

// A set of squares, bit s for square s; taken apart in square order.
class square_set {
 public:
  void insert(square s) {
    if (s < 64) {
      low_ |= std::uint64_t{1} << s;
    } else {
      high_ |= std::uint64_t{1} << (s - 64);
    }
  }
  bool empty() const { return (low_ | high_) == 0; }
  int size() const { return std::popcount(low_) + std::popcount(high_); }
  // Removes and returns the lowest square; the set must not be empty.
  square pop_first() {
    assert(!empty());
    if (low_) {
      square s = std::countr_zero(low_);
      low_ &= low_ - 1;
      return s;
    }
    square s = 64 + std::countr_zero(high_);
    high_ &= high_ - 1;
    return s;
  }

 private:
  std::uint64_t low_ = 0;   // squares 0-63
  std::uint64_t high_ = 0;  // squares 64-99
};

// The lines of one board size. Line numbers: ranks 0..size-1 (slot = file), files size..2size-1
// (slot = rank), diagonals (file - rank constant; slot = file), then anti-diagonals (file + rank
// constant; slot = file).
struct geometry {
  struct lines_through {
    std::array<std::uint8_t, num_line_kinds> line;  // by kind: rank, file, diagonal, anti
    std::array<std::uint8_t, num_line_kinds> slot;
  };

  int size = 0;
  int num_squares = 0;
  int num_lines = 0;
  std::array<lines_through, max_squares> through{};
  std::array<std::array<std::int8_t, num_slots>, max_lines> square_at{};  // -1: no square
  std::array<line_bits, max_lines> off_board{};  // the slots that are no square of the board
  // Each square's name, "a1" to "j10": written for every move of every move list.
  std::array<std::array<char, 3>, max_squares> name{};
  std::array<std::uint8_t, max_squares> name_length{};

  std::string_view name_of(square s) const { return {name[s].data(), name_length[s]}; }
  constexpr int file_of(square s) const { return s % size; }
  constexpr int rank_of(square s) const { return s / size; }
  constexpr square make_square(int file, int rank) const { return rank * size + file; }
  constexpr bool on_board(int file, int rank) const {
    return file >= 0 && file < size && rank >= 0 && rank < size;
  }
};

constexpr geometry make_geometry(int size) {
  geometry g;
  g.size = size;
  g.num_squares = size * size;
  g.num_lines = 6 * size - 2;
  for (auto& line : g.square_at)
    line.fill(-1);
  for (int rank = 0; rank < size; ++rank) {
    for (int file = 0; file < size; ++file) {
      square s = g.make_square(file, rank);
      g.name[s] = {static_cast<char>('a' + file), static_cast<char>(rank < 9 ? '1' + rank : '1'),
                   static_cast<char>(rank < 9 ? '\0' : '0' + (rank + 1) % 10)};
      g.name_length[s] = rank < 9 ? 2 : 3;
      std::array<int, num_line_kinds> line{rank, size + file, 2 * size + (file - rank + size - 1),
                                           4 * size - 1 + (file + rank)};
      std::array<int, num_line_kinds> slot{file, rank, file, file};
      for (int k = 0; k < num_line_kinds; ++k) {
        g.through[s].line[k] = static_cast<std::uint8_t>(line[k]);
        g.through[s].slot[k] = static_cast<std::uint8_t>(slot[k]);
        g.square_at[line[k]][slot[k]] = static_cast<std::int8_t>(s);
      }
    }
  }
  for (int l = 0; l < max_lines; ++l) {
    for (int slot = 0; slot < num_slots; ++slot) {
      if (g.square_at[l][slot] < 0) g.off_board[l] |= static_cast<line_bits>(1u << slot);
    }
  }
  return g;
}

inline constexpr std::array<geometry, 3> geometries{make_geometry(6), make_geometry(8),
                                                    make_geometry(10)};

inline const geometry& geometry_of(int size) {
  assert(valid_size(size));
  return geometries[(size - 6) / 2];
}

// The slots a queen on `slot` reaches along a line with occupancy `occ`: lo..hi, the queen's own
// slot inside (its own bit is ignored). count = hi - lo, the number of reachable slots.
struct reach {
  std::uint8_t lo;
  std::uint8_t hi;
};

inline constexpr auto reach_table = [] {
  std::array<std::array<reach, num_occupancies>, num_slots> t{};
  for (int slot = 0; slot < num_slots; ++slot) {
    for (int occ = 0; occ < num_occupancies; ++occ) {
      int lo = slot;
      while (lo > 0 && !(occ >> (lo - 1) & 1))
        --lo;
      int hi = slot;
      while (hi < num_slots - 1 && !(occ >> (hi + 1) & 1))
        ++hi;
      t[slot][occ] = {static_cast<std::uint8_t>(lo), static_cast<std::uint8_t>(hi)};
    }
  }
  return t;
}();

// reach_table's counts alone: the hot loop of move counting reads these, and a table half the
// size stays in the first-level cache.
inline constexpr auto count_table = [] {
  std::array<std::array<std::uint8_t, num_occupancies>, num_slots> t{};
  for (int slot = 0; slot < num_slots; ++slot) {
    for (int occ = 0; occ < num_occupancies; ++occ)
      t[slot][occ] =
          static_cast<std::uint8_t>(reach_table[slot][occ].hi - reach_table[slot][occ].lo);
  }
  return t;
}();

// For a queen on `slot` of a line with occupancy `occ`: over every slot j it can move to along
// the line, the number of slots reachable from j along the same line once the queen has left
// `slot`. That is the line's share of the arrow shots of all moves along it, in one lookup.
inline constexpr auto along_table = [] {
  std::array<std::array<std::uint16_t, num_occupancies>, num_slots> t{};
  for (int slot = 0; slot < num_slots; ++slot) {
    for (int occ = 0; occ < num_occupancies; ++occ) {
      int lifted = occ & ~(1 << slot);
      int sum = 0;
      for (int j = reach_table[slot][occ].lo; j <= reach_table[slot][occ].hi; ++j) {
        if (j != slot) sum += count_table[j][lifted];
      }
      t[slot][occ] = static_cast<std::uint16_t>(sum);
    }
  }
  return t;
}();

}  // namespace boardroom::engine::amazons
