#pragma once
// A perfect ranking of a variant's nodes: every arrangement of stones and side to move gets its
// own number in 0 .. size() - 1, with no gaps, so a table of one byte per node needs no keys.
//
// Layout: first all nodes with Sisyphos to move, then the same nodes with the spirits to move
// (a "half" each). A half is a sequence of blocks, one per (k, j) = (Sisyphos stones on the
// board, spirits on the board), k ascending, then j. Inside a block, nodes are grouped by the
// Sisyphos set ("chunks" of C(25 - k, j) nodes, one per set of spirit squares), chunks in colex
// order of the Sisyphos set: rank = sum of C(square_i, i + 1) over its squares in ascending
// order, which is also the numeric order of the bitboards. Inside a chunk the spirit sets come
// in colex order over the 25 - k squares Sisyphos leaves free. The full game has 96,339,281 nodes
// per half, 192,678,562 in all; the terminal ones (a5 or e1 taken) are included, which keeps the
// ranking simple.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/sisyphos/board.hpp"
#include "engine/sisyphos/solver_node.hpp"

namespace boardroom::engine::sisyphos {

inline constexpr int max_subset = 5;  // the most stones a side can have on the board

// C(n, r) for n <= 25, r <= 5.
inline constexpr auto binomials = [] {
  std::array<std::array<std::uint64_t, max_subset + 1>, num_squares + 1> c{};
  for (int n = 0; n <= num_squares; ++n) {
    c[n][0] = 1;
    for (int r = 1; r <= max_subset && r <= n; ++r)
      c[n][r] = c[n - 1][r - 1] + (r <= n - 1 ? c[n - 1][r] : 0);
  }
  return c;
}();

constexpr std::uint64_t choose(int n, int r) {
  return r < 0 || r > n ? 0 : binomials[n][r];
}

// The set of `r` positions (bits 0-24) with colex rank `rank`.
bitboard colex_unrank(std::uint64_t rank, int r);
// The next set of the same size in colex order (Gosper's hack); `x` must not be empty.
constexpr bitboard next_combination(bitboard x) {
  bitboard low = x & (~x + 1);
  bitboard ripple = x + low;
  return ripple | (((x ^ ripple) >> 2) / low);
}
// Bit i of `packed` placed on the i-th lowest square of `mask` (a portable pdep).
bitboard deposit(bitboard packed, bitboard mask);

class indexer {
 public:
  struct block {
    int sisyphos_count = 0;    // k
    int spirit_count = 0;      // j
    std::uint64_t offset = 0;  // within a half
    std::uint64_t chunk = 0;   // C(25 - k, j): nodes sharing one Sisyphos set
    std::uint64_t chunks = 0;  // C(25, k): Sisyphos sets
  };

  explicit indexer(const variant& v);

  std::uint64_t size() const { return 2 * half_; }
  std::uint64_t half_size() const { return half_; }
  const std::vector<block>& blocks() const { return blocks_; }

  std::uint64_t index(const node& n) const {
    // One walk over both sides' squares in ascending order: a spirit's place among the squares
    // Sisyphos leaves free is its square minus the Sisyphos stones below it. No popcount: the
    // portable build has none in hardware, and this is the solver's innermost loop.
    bitboard sisyphos = n.stones[0];
    std::uint64_t sisyphos_rank = 0;
    std::uint64_t spirit_rank = 0;
    int k = 0;
    int j = 0;
    for (bitboard b = sisyphos | n.stones[1]; b; b &= b - 1) {
      square sq = first_square(b);
      if (sisyphos & bit(sq)) {
        sisyphos_rank += binomials[sq][++k];
      } else {
        spirit_rank += binomials[sq - k][++j];
      }
    }
    const auto& where = layout_[k][j];
    return (n.to_move == side::spirits ? half_ : 0) + where.offset + sisyphos_rank * where.chunk +
           spirit_rank;
  }

  node at(std::uint64_t i) const;

 private:
  struct place {
    std::uint64_t offset = 0;
    std::uint64_t chunk = 0;
  };
  std::uint64_t half_ = 0;
  std::vector<block> blocks_;
  std::array<std::array<place, max_subset + 1>, max_subset + 1> layout_{};
};

}  // namespace boardroom::engine::sisyphos
