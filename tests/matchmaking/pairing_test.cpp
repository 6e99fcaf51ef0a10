// Quick pairing's decisions without a server (server/matchmaking/pairing.hpp): the widening gap,
// the matching against an exhaustive search, no immediate rematch, and tables of 3 to 6.

#include "server/matchmaking/pairing.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <random>
#include <set>

#include <gtest/gtest.h>

namespace boardroom::server::matchmaking {
namespace {

using namespace std::chrono_literals;

waiting_player player(const std::string& id, int rating, std::chrono::milliseconds waited = 0ms) {
  waiting_player p;
  p.player = id;
  p.rating = rating;
  p.waited = waited;
  return p;
}

// The pairs as sets of player ids, for comparisons that ignore order.
std::set<std::set<std::string>> named(const std::vector<waiting_player>& pool,
                                      const std::vector<std::pair<int, int>>& pairs) {
  std::set<std::set<std::string>> out;
  for (auto [a, b] : pairs)
    out.insert({pool[a].player, pool[b].player});
  return out;
}

int total_gap(const std::vector<waiting_player>& pool,
              const std::vector<std::pair<int, int>>& pairs) {
  int sum = 0;
  for (auto [a, b] : pairs)
    sum += std::abs(pool[a].rating - pool[b].rating);
  return sum;
}

TEST(Pairing, TheAcceptedGapWidensWithTheWaitUpToThePlayersOwnLimit) {
  const pairing_policy policy;  // 100, then 25 a second
  auto p = player("a", 1500);
  EXPECT_EQ(accepted_gap(p, policy), 100);
  p.waited = 4'999ms;  // whole seconds count
  EXPECT_EQ(accepted_gap(p, policy), 200);
  p.max_gap = 150;
  EXPECT_EQ(accepted_gap(p, policy), 150);
  p.max_gap = 0;
  EXPECT_EQ(accepted_gap(p, policy), 0);
}

TEST(Pairing, PlayersTooFarApartMeetOnlyOnceBothWaitedLongEnough) {
  const pairing_policy policy;
  std::vector pool{player("a", 1500), player("b", 1800)};
  EXPECT_TRUE(pair_players(pool, policy).empty());
  pool[0].waited = 8s;  // a accepts 300, b still 100
  EXPECT_TRUE(pair_players(pool, policy).empty());
  pool[1].waited = 8s;
  EXPECT_EQ(pair_players(pool, policy).size(), 1u);
}

TEST(Pairing, AsManyGamesAsPossibleBeforeTheSmallestGaps) {
  // b and c are closest (10), but pairing them leaves a and d, who may not meet (110 > 100): the
  // matching pairs a-b and c-d instead (gaps 50 and 50), not a-c and b-d (60 and 60).
  const pairing_policy policy;
  std::vector pool{player("a", 1000), player("b", 1050), player("c", 1060), player("d", 1110)};
  auto pairs = pair_players(pool, policy);
  EXPECT_EQ(named(pool, pairs), (std::set<std::set<std::string>>{{"a", "b"}, {"c", "d"}}));
}

TEST(Pairing, TwoSeeksOfOnePlayerNeverMeet) {
  const pairing_policy policy;
  std::vector pool{player("a", 1500, 60s), player("a", 1500, 60s)};
  EXPECT_TRUE(pair_players(pool, policy).empty());
  for (auto& p : pool) {
    p.min_players = 2;
    p.max_players = 6;
  }
  EXPECT_TRUE(fill_tables(pool, policy).empty());
}

TEST(Pairing, NoImmediateRematchUntilBothWaitedTheRematchDelay) {
  const pairing_policy policy;  // rematch after 20 s
  std::vector pool{player("a", 1500, 1s), player("b", 1500, 1s)};
  pool[0].last_opponent = "b";
  pool[1].last_opponent = "a";
  EXPECT_TRUE(pair_players(pool, policy).empty());
  pool.push_back(player("c", 1520));
  auto pairs = pair_players(pool, policy);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_TRUE(named(pool, pairs).begin()->contains("c"));
  pool.pop_back();
  pool[0].waited = pool[1].waited = 20s;
  EXPECT_EQ(pair_players(pool, policy).size(), 1u);
}

// Every matching of a small pool, tried one by one: the most pairs, then the least total gap.
std::pair<int, int> best_by_search(const std::vector<waiting_player>& pool,
                                   const pairing_policy& policy) {
  const int n = static_cast<int>(pool.size());
  std::pair<int, int> best{0, 0};  // pairs, -gap
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  std::function<void(int, int, int)> go = [&](int from, int pairs, int gap) {
    if (pairs > best.first || (pairs == best.first && -gap > best.second)) best = {pairs, -gap};
    while (from < n && used[from])
      ++from;
    if (from >= n) return;
    used[from] = true;
    for (int j = from + 1; j < n; ++j) {
      if (used[j] || !may_meet(pool[from], pool[j], policy)) continue;
      used[j] = true;
      go(from + 1, pairs + 1, gap + std::abs(pool[from].rating - pool[j].rating));
      used[j] = false;
    }
    go(from + 1, pairs, gap);  // `from` sits out
    used[from] = false;
  };
  go(0, 0, 0);
  return best;
}

TEST(Pairing, TheMatchingIsTheBestAnExhaustiveSearchFinds) {
  const pairing_policy policy;
  std::mt19937 draw(7);
  for (int round = 0; round < 300; ++round) {
    std::vector<waiting_player> pool;
    const int n = 2 + static_cast<int>(draw() % 9);
    for (int i = 0; i < n; ++i) {
      auto p = player("p" + std::to_string(i), 1300 + static_cast<int>(draw() % 500),
                      std::chrono::milliseconds(draw() % 12'000));
      if (draw() % 4 == 0) p.max_gap = static_cast<int>(draw() % 200);
      pool.push_back(p);
    }
    if (n >= 2 && draw() % 3 == 0) {  // a pair who just played
      pool[0].last_opponent = pool[1].player;
      pool[1].last_opponent = pool[0].player;
    }
    auto pairs = pair_players(pool, policy);
    std::set<int> seen;
    for (auto [a, b] : pairs) {
      EXPECT_TRUE(may_meet(pool[a], pool[b], policy));
      EXPECT_TRUE(seen.insert(a).second && seen.insert(b).second) << "a player paired twice";
    }
    const auto best = best_by_search(pool, policy);
    EXPECT_EQ(static_cast<int>(pairs.size()), best.first) << "round " << round;
    EXPECT_EQ(-total_gap(pool, pairs), best.second) << "round " << round;
  }
}

std::vector<waiting_player> table_players(int count, int rating, std::chrono::milliseconds waited) {
  std::vector<waiting_player> pool;
  for (int i = 0; i < count; ++i) {
    auto p = player("t" + std::to_string(rating) + "_" + std::to_string(i), rating + i, waited);
    p.min_players = 3;
    p.max_players = 6;
    pool.push_back(p);
  }
  return pool;
}

TEST(Pairing, AFullTableFormsAtOnceASmallerOneOnlyAfterAWait) {
  const pairing_policy
      policy;  // smaller tables after 15 s: 5 after 5 s, 4 after 10 s, 3 after 15 s
  auto six = fill_tables(table_players(6, 1500, 0ms), policy);
  ASSERT_EQ(six.size(), 1u);
  EXPECT_EQ(six[0].size(), 6u);

  EXPECT_TRUE(fill_tables(table_players(4, 1500, 0ms), policy).empty());
  EXPECT_TRUE(fill_tables(table_players(4, 1500, 5s), policy).empty());
  auto four = fill_tables(table_players(4, 1500, 10s), policy);
  ASSERT_EQ(four.size(), 1u);
  EXPECT_EQ(four[0].size(), 4u);

  EXPECT_TRUE(fill_tables(table_players(2, 1500, 60s), policy).empty()) << "never below 3";
  EXPECT_EQ(fill_tables(table_players(3, 1500, 15s), policy).size(), 1u);
}

TEST(Pairing, TablesAreGroupedByRatingAndRespectEachPlayersSizes) {
  const pairing_policy policy;
  auto pool = table_players(6, 1500, 0ms);
  auto strong = table_players(6, 2000, 0ms);
  pool.insert(pool.end(), strong.begin(), strong.end());
  std::shuffle(pool.begin(), pool.end(), std::mt19937(3));
  auto tables = fill_tables(pool, policy);
  ASSERT_EQ(tables.size(), 2u);
  for (const auto& t : tables) {
    ASSERT_EQ(t.size(), 6u);
    const int first = pool[t[0]].rating;
    for (int i : t)
      EXPECT_LT(std::abs(pool[i].rating - first), 10) << "a table mixes the two groups";
    EXPECT_TRUE(std::is_sorted(t.begin(), t.end(),
                               [&](int a, int b) { return pool[a].rating > pool[b].rating; }));
  }

  // One player who accepts at most 4 caps the table they sit at.
  auto capped = table_players(6, 1500, 10s);
  capped[0].max_players = 4;
  capped[0].waited = 11s;  // the longest waiting: their table forms first
  auto two = fill_tables(capped, policy);
  ASSERT_FALSE(two.empty());
  EXPECT_EQ(two[0].size(), 4u);
}

}  // namespace
}  // namespace boardroom::server::matchmaking
