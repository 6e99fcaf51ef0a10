#pragma once
// Zobrist keys: one random 64-bit number per colour, kind and square, and one for Silver to move.
// A position's key is the XOR of the keys of its pieces, so a step updates it with two XORs.

#include <array>
#include <cstdint>

#include "engine/arimaa/board.hpp"

namespace boardroom::engine::arimaa::zobrist {

namespace detail {

// SplitMix64: fixed keys make hashes (and so the order of generated turns) the same everywhere.
constexpr std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

inline constexpr auto piece_keys = [] {
  std::array<std::array<std::uint64_t, num_squares>, num_colours * num_kinds> keys{};
  std::uint64_t state = 0x41524d4141524d41ULL;
  for (auto& per_piece : keys) {
    for (auto& key : per_piece)
      key = splitmix(state);
  }
  return keys;
}();

}  // namespace detail

constexpr std::uint64_t piece_key(piece p, square s) {
  return detail::piece_keys[index(p.side) * num_kinds + index(p.type)][s];
}

inline constexpr std::uint64_t silver_to_move = 0x5e1f3c0a9d2b4e67ULL;

}  // namespace boardroom::engine::arimaa::zobrist
