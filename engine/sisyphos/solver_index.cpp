#include "engine/sisyphos/solver_index.hpp"

#include <cassert>

namespace boardroom::engine::sisyphos {

bitboard colex_unrank(std::uint64_t rank, int r) {
  bitboard set = 0;
  int top = num_squares - 1;
  for (int i = r; i >= 1; --i) {
    // The largest position whose binomial still fits: the i-th element of the set.
    while (binomials[top][i] > rank)
      --top;
    set |= bit(top);
    rank -= binomials[top][i];
    --top;
  }
  return set;
}

bitboard deposit(bitboard packed, bitboard mask) {
  bitboard out = 0;
  for (bitboard m = mask; m && packed; m &= m - 1, packed >>= 1) {
    if (packed & 1) out |= m & (~m + 1);
  }
  return out;
}

indexer::indexer(const variant& v) {
  assert(v.sisyphos_stones >= 1 && v.sisyphos_stones <= max_subset);
  assert(v.spirit_stones >= 1 && v.spirit_stones <= 3);
  for (int k = 0; k <= v.sisyphos_stones; ++k) {
    for (int j = 0; j <= v.spirit_stones; ++j) {
      block b{k, j, half_, choose(num_squares - k, j), choose(num_squares, k)};
      layout_[k][j] = {b.offset, b.chunk};
      blocks_.push_back(b);
      half_ += b.chunk * b.chunks;
    }
  }
}

node indexer::at(std::uint64_t i) const {
  assert(i < size());
  node n;
  n.to_move = i >= half_ ? side::spirits : side::sisyphos;
  std::uint64_t within = i >= half_ ? i - half_ : i;
  for (const block& b : blocks_) {
    if (within >= b.offset + b.chunk * b.chunks) continue;
    std::uint64_t local = within - b.offset;
    n.stones[0] = colex_unrank(local / b.chunk, b.sisyphos_count);
    n.stones[1] =
        deposit(colex_unrank(local % b.chunk, b.spirit_count), all_squares & ~n.stones[0]);
    return n;
  }
  assert(false);
  return n;
}

}  // namespace boardroom::engine::sisyphos
