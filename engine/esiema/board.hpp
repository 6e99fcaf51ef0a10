#pragma once
// The 91-pit hexagon, its pit names and its neighbourhoods.
//
// The board is a hexagon with six pits to a side. Pits are named like the cells of an Abalone
// board: rows a (bottom) to k (top), and in each row a number that grows to the right and that
// stays the same along the lines running up and to the right. Row f, the middle row, holds f1 to
// f11; the rows below lose their last number, the rows above their first:
//
//                 k6  k7  k8  k9  k10 k11
//               j5  j6  j7  j8  j9  j10 j11
//             i4  i5  i6  i7  i8  i9  i10 i11
//           h3  h4  h5  h6  h7  h8  h9  h10 h11
//         g2  g3  g4  g5  g6  g7  g8  g9  g10 g11
//       f1  f2  f3  f4  f5  f6  f7  f8  f9  f10 f11
//         e1  e2  e3  e4  e5  e6  e7  e8  e9  e10
//           d1  d2  d3  d4  d5  d6  d7  d8  d9
//             c1  c2  c3  c4  c5  c6  c7  c8
//               b1  b2  b3  b4  b5  b6  b7
//                 a1  a2  a3  a4  a5  a6
//
// So the neighbours of f6 are f5 and f7 in its row, g6 and g7 above, e5 and e6 below; in general
// the neighbours of row r, number n are n-1 and n+1 in row r, n and n+1 in the row above, n-1 and
// n in the row below (where those pits exist). Inner pits have six neighbours, edge pits four,
// the six corners (a1, a6, f1, f11, k6, k11) three.
//
// Internally a pit is an index 0..90 in reading order from a1: a1..a6 are 0..5, b1 is 6, f6 is
// 45 (the centre), k11 is 90. Row r (0 = a) and number n (0-based) are the coordinates x = n,
// y = r; a pit exists where 0 <= x, y <= 10 and |x - y| <= 5. With the axial coordinates
// q = x - y and r = y - 5 this is the ruling's hexagon max(|q|, |r|, |q + r|) <= 5, and the six
// steps below are its six hex directions.

#include <array>
#include <bit>
#include <cstdint>

namespace boardroom::engine::esiema {

using pit = int;

inline constexpr int side_length = 6;
inline constexpr int num_rows = 2 * side_length - 1;  // a..k
inline constexpr int num_pits = 91;
inline constexpr int max_neighbours = 6;
inline constexpr int pit_capacity = 12;  // never more balls in a pit, mothers included
inline constexpr pit no_pit = -1;

inline constexpr int min_players = 2;
inline constexpr int max_players = 6;

// First and last number (0-based x) of row y.
constexpr int row_first(int y) {
  return y <= side_length - 1 ? 0 : y - (side_length - 1);
}
constexpr int row_last(int y) {
  return y <= side_length - 1 ? y + side_length - 1 : num_rows - 1;
}
constexpr bool on_board(int x, int y) {
  return y >= 0 && y < num_rows && x >= row_first(y) && x <= row_last(y);
}

struct geometry {
  std::array<int, num_rows> row_start{};  // index of each row's first pit
  std::array<std::int8_t, num_pits> x{};
  std::array<std::int8_t, num_pits> y{};
  std::array<std::array<std::int8_t, max_neighbours>, num_pits> neighbours{};
  std::array<std::int8_t, num_pits> degree{};

  constexpr pit at(int px, int py) const {
    return on_board(px, py) ? row_start[py] + px - row_first(py) : no_pit;
  }
};

constexpr geometry make_geometry() {
  geometry g;
  int index = 0;
  for (int y = 0; y < num_rows; ++y) {
    g.row_start[y] = index;
    for (int x = row_first(y); x <= row_last(y); ++x) {
      g.x[index] = static_cast<std::int8_t>(x);
      g.y[index] = static_cast<std::int8_t>(y);
      ++index;
    }
  }
  // Neighbours in a fixed order (left, right, below-left, below, above, above-right), so every
  // walk over them is deterministic.
  constexpr int dx[max_neighbours] = {-1, 1, -1, 0, 0, 1};
  constexpr int dy[max_neighbours] = {0, 0, -1, -1, 1, 1};
  for (pit p = 0; p < num_pits; ++p) {
    int n = 0;
    for (int d = 0; d < max_neighbours; ++d) {
      int nx = g.x[p] + dx[d];
      int ny = g.y[p] + dy[d];
      if (on_board(nx, ny)) g.neighbours[p][n++] = static_cast<std::int8_t>(g.at(nx, ny));
    }
    g.degree[p] = static_cast<std::int8_t>(n);
    for (int d = n; d < max_neighbours; ++d)
      g.neighbours[p][d] = -1;
  }
  return g;
}

inline constexpr geometry board = make_geometry();

static_assert(board.row_start[num_rows - 1] + 6 == num_pits);
static_assert(board.at(5, 5) == 45);  // f6, the centre

constexpr bool adjacent(pit a, pit b) {
  for (int i = 0; i < board.degree[a]; ++i) {
    if (board.neighbours[a][i] == b) return true;
  }
  return false;
}

// A set of pits: bit p of a 128-bit word pair.
struct pit_set {
  std::uint64_t low = 0;
  std::uint64_t high = 0;

  constexpr bool contains(pit p) const { return p < 64 ? (low >> p) & 1 : (high >> (p - 64)) & 1; }
  constexpr void insert(pit p) {
    if (p < 64) {
      low |= std::uint64_t{1} << p;
    } else {
      high |= std::uint64_t{1} << (p - 64);
    }
  }
  constexpr void erase(pit p) {
    if (p < 64) {
      low &= ~(std::uint64_t{1} << p);
    } else {
      high &= ~(std::uint64_t{1} << (p - 64));
    }
  }
  constexpr int size() const { return std::popcount(low) + std::popcount(high); }
};

}  // namespace boardroom::engine::esiema
