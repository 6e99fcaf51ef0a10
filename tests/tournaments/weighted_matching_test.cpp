// The blossom matching against brute force on random small graphs, with 64-bit and wide weights.

#include "server/tournaments/weighted_matching.hpp"

#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace boardroom::test {
namespace {

using tournaments::max_weight_matching;
using tournaments::max_weight_matching_from;
using tournaments::weighted_edge;
using tournaments::wide_weight;

// The best total weight over every matching of the graph, by recursion on the lowest vertex.
std::int64_t brute_force_best(int n, const std::vector<std::vector<std::int64_t>>& w,
                              std::vector<bool>& used, int from) {
  while (from < n && used[static_cast<std::size_t>(from)])
    ++from;
  if (from >= n) return 0;
  used[static_cast<std::size_t>(from)] = true;
  std::int64_t best = brute_force_best(n, w, used, from + 1);  // `from` stays single
  for (int j = from + 1; j < n; ++j) {
    const auto weight = w[static_cast<std::size_t>(from)][static_cast<std::size_t>(j)];
    if (used[static_cast<std::size_t>(j)] || weight <= 0) continue;
    used[static_cast<std::size_t>(j)] = true;
    best = std::max(best, weight + brute_force_best(n, w, used, from + 1));
    used[static_cast<std::size_t>(j)] = false;
  }
  used[static_cast<std::size_t>(from)] = false;
  return best;
}

// The weight of a matching returned as mates, checking that it is one.
template <class W>
std::int64_t matching_weight(const std::vector<int>& mate,
                             const std::vector<std::vector<std::int64_t>>& w) {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < mate.size(); ++i) {
    const int j = mate[i];
    if (j < 0) continue;
    EXPECT_EQ(mate[static_cast<std::size_t>(j)], static_cast<int>(i));
    EXPECT_GT(w[i][static_cast<std::size_t>(j)], 0);
    if (static_cast<int>(i) < j) total += w[i][static_cast<std::size_t>(j)];
  }
  return total;
}

// Random graphs checked against brute force. Under AddressSanitizer every step costs about
// twenty times as much: that run is there to check memory, the release run covers the count.
#ifdef BOARDROOM_SANITIZED_ADDRESS
constexpr int matching_trials = 400;
#else
constexpr int matching_trials = 3200;
#endif

TEST(WeightedMatching, AgreesWithBruteForceOnRandomGraphs) {
  std::mt19937 rng(20250701);
  for (int trial = 0; trial < matching_trials; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 11);
    const int density = 20 + static_cast<int>(rng() % 81);  // percent of pairs with an edge
    const std::int64_t range = trial % 3 == 0 ? 3 : 1 + static_cast<std::int64_t>(rng() % 1000);
    std::vector<std::vector<std::int64_t>> w(
        static_cast<std::size_t>(n), std::vector<std::int64_t>(static_cast<std::size_t>(n)));
    std::vector<weighted_edge<std::int64_t>> edges;
    std::vector<weighted_edge<wide_weight>> wide_edges;
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (static_cast<int>(rng() % 100) >= density) continue;
        const std::int64_t weight = 1 + static_cast<std::int64_t>(rng()) % range;
        w[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = weight;
        w[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = weight;
        edges.push_back({i, j, weight});
        // The same weights shifted beyond 64 bits, plus a small offset that keeps the order.
        wide_edges.push_back({i, j, (wide_weight(weight) << 300) + weight});
      }
    }
    std::vector<bool> used(static_cast<std::size_t>(n));
    const auto best = brute_force_best(n, w, used, 0);
    EXPECT_EQ(matching_weight<std::int64_t>(max_weight_matching(n, edges), w), best)
        << "trial " << trial;
    EXPECT_EQ(matching_weight<wide_weight>(max_weight_matching(n, wide_edges), w), best)
        << "trial " << trial;
  }
}

// Warm starts as the Dutch pairing makes them: a graph, then again and again the edges of a few
// vertices reweighted (raised, lowered, removed, added), each time matched from the last
// matching and duals, and compared with brute force.
TEST(WeightedMatching, WarmStartsAgreeWithBruteForce) {
  std::mt19937 rng(7011);
  for (int trial = 0; trial < matching_trials / 8; ++trial) {
    const int n = 2 + static_cast<int>(rng() % 10);
    const std::int64_t range = trial % 2 == 0 ? 4 : 1000;
    std::vector<std::vector<std::int64_t>> w(
        static_cast<std::size_t>(n), std::vector<std::int64_t>(static_cast<std::size_t>(n)));
    const auto set = [&](int i, int j, std::int64_t x) {
      w[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = x;
      w[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = x;
    };
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j)
        set(i, j, rng() % 4 == 0 ? 0 : 1 + static_cast<std::int64_t>(rng()) % range);
    }
    std::vector<int> mate(static_cast<std::size_t>(n), -1);
    std::vector<std::int64_t> dual(static_cast<std::size_t>(n));
    std::vector<wide_weight> wide_dual(static_cast<std::size_t>(n));
    std::vector<int> wide_mate = mate;
    for (int step = 0; step < 8; ++step) {
      if (step > 0) {
        for (int changed = 1 + static_cast<int>(rng() % 3); changed > 0; --changed) {
          const int v = static_cast<int>(rng() % static_cast<unsigned>(n));
          for (int j = 0; j < n; ++j) {
            if (j != v && rng() % 2 == 0)
              set(v, j, rng() % 5 == 0 ? 0 : 1 + static_cast<std::int64_t>(rng()) % range);
          }
        }
      }
      std::vector<weighted_edge<std::int64_t>> edges;
      std::vector<weighted_edge<wide_weight>> wide_edges;
      for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
          const auto x = w[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
          if (x <= 0) continue;
          edges.push_back({i, j, x});
          wide_edges.push_back({i, j, (wide_weight(x) << 300) + x});
        }
      }
      std::vector<bool> used(static_cast<std::size_t>(n));
      const auto best = brute_force_best(n, w, used, 0);
      max_weight_matching_from(n, edges, mate, dual);
      EXPECT_EQ(matching_weight<std::int64_t>(mate, w), best)
          << "trial " << trial << " step " << step;
      max_weight_matching_from(n, wide_edges, wide_mate, wide_dual);
      EXPECT_EQ(matching_weight<wide_weight>(wide_mate, w), best)
          << "trial " << trial << " step " << step;
      if (HasFailure()) return;
    }
  }
}

TEST(WeightedMatching, EmptyAndEdgelessGraphs) {
  EXPECT_TRUE(max_weight_matching<std::int64_t>(0, {}).empty());
  EXPECT_EQ(max_weight_matching<std::int64_t>(3, {}), (std::vector<int>{-1, -1, -1}));
}

TEST(WeightedMatching, PrefersWeightOverCardinality) {
  // A path a-b-c-d: the middle edge alone outweighs the two outer ones.
  const std::vector<weighted_edge<std::int64_t>> edges = {{0, 1, 2}, {1, 2, 5}, {2, 3, 2}};
  EXPECT_EQ(max_weight_matching(4, edges), (std::vector<int>{-1, 2, 1, -1}));
}

}  // namespace
}  // namespace boardroom::test
