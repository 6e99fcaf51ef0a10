#pragma once
// Maximum weight matching in a general graph: Edmonds' blossom algorithm with dual variables,
// O(n^3), after the structure of Joris van Rantwijk's well-known implementation (the one networkx
// ships as max_weight_matching).
//
// The Dutch pairing encodes its ordered criteria as the digits of one edge weight, so weights are
// far wider than 64 bits for real fields; the algorithm is a template over the weight type and is
// compiled for std::int64_t (tests), int256, int512 and wide_weight. Only additions, subtractions,
// halving and comparisons are needed, and with integer weights every value stays an integer.
//
// The matching maximises the total weight, not the number of pairs: callers that need as many
// pairs as possible put that criterion in the weights' most significant digits.

#include <cstdint>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "server/tournaments/fixed_int.hpp"

namespace boardroom::tournaments {

// Signed, fixed width, no allocation. 1024 bits hold the Dutch weights of fields of thousands of
// players (the pairing checks the width it needs before building the graph); the narrower ones
// are faster and hold those of a few hundred (256) or a thousand (512).
using wide_weight = boost::multiprecision::int1024_t;
constexpr int wide_weight_bits = 1024;
using int256 = fixed_int<4>;
using int512 = fixed_int<8>;

template <class Weight>
struct weighted_edge {
  int u = 0;
  int v = 0;
  Weight weight{};
};

// The mate of every vertex 0..vertices-1 (-1 for none) in a matching of maximum total weight.
// Edges of weight 0 or less are never needed and may be left out. At most one edge per pair.
template <class Weight>
std::vector<int> max_weight_matching(int vertices, const std::vector<weighted_edge<Weight>>& edges);

// The same, started from the result of an earlier call for other weights over the same vertices:
// `mate` as that call left it (or all -1) and `dual`, the duals it left (or anything, with no
// pairs). Both are updated to this call's. The pairs of the earlier matching that the duals still
// prove optimal are kept, so when only the edges of a few vertices change only those few are
// matched again: a stage each instead of one per pair. The result is a maximum weight matching
// either way, though not necessarily the one max_weight_matching finds when several tie.
template <class Weight>
void max_weight_matching_from(int vertices, const std::vector<weighted_edge<Weight>>& edges,
                              std::vector<int>& mate, std::vector<Weight>& dual);

#define BOARDROOM_MATCHING_WEIGHT(W)                                                             \
  extern template std::vector<int> max_weight_matching<W>(int,                                   \
                                                          const std::vector<weighted_edge<W>>&); \
  extern template void max_weight_matching_from<W>(int, const std::vector<weighted_edge<W>>&,    \
                                                   std::vector<int>&, std::vector<W>&);
BOARDROOM_MATCHING_WEIGHT(std::int64_t)
BOARDROOM_MATCHING_WEIGHT(int256)
BOARDROOM_MATCHING_WEIGHT(int512)
BOARDROOM_MATCHING_WEIGHT(wide_weight)
#undef BOARDROOM_MATCHING_WEIGHT

}  // namespace boardroom::tournaments
