#include "server/matchmaking/pairing.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "server/tournaments/weighted_matching.hpp"

namespace boardroom::server::matchmaking {

int accepted_gap(const waiting_player& p, const pairing_policy& policy) {
  const long long seconds = p.waited.count() / 1000;
  const long long widened = policy.gap_start + seconds * policy.gap_per_second;
  const long long own = p.max_gap < 0 ? widened : std::min<long long>(widened, p.max_gap);
  return static_cast<int>(std::min<long long>(own, 1'000'000));
}

bool may_meet(const waiting_player& a, const waiting_player& b, const pairing_policy& policy) {
  if (a.player == b.player) return false;  // two seeks of one player in one pool
  const int gap = std::abs(a.rating - b.rating);
  if (gap > accepted_gap(a, policy) || gap > accepted_gap(b, policy)) return false;
  const bool just_played = (!a.last_opponent.empty() && a.last_opponent == b.player) ||
                           (!b.last_opponent.empty() && b.last_opponent == a.player);
  return !just_played || std::min(a.waited, b.waited) >= policy.rematch_after;
}

std::vector<std::pair<int, int>> pair_players(const std::vector<waiting_player>& pool,
                                              const pairing_policy& policy) {
  const int n = static_cast<int>(pool.size());
  // Every pair is worth far more than any gap: the most pairs first, then the smallest total gap.
  constexpr std::int64_t pair_worth = 100'000'000;
  std::vector<tournaments::weighted_edge<std::int64_t>> edges;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (may_meet(pool[i], pool[j], policy))
        edges.push_back({i, j, pair_worth - std::abs(pool[i].rating - pool[j].rating)});
    }
  }
  std::vector<std::pair<int, int>> pairs;
  if (edges.empty()) return pairs;
  const auto mate = tournaments::max_weight_matching(n, edges);
  for (int i = 0; i < n; ++i) {
    if (mate[static_cast<std::size_t>(i)] > i)
      pairs.emplace_back(i, mate[static_cast<std::size_t>(i)]);
  }
  return pairs;
}

std::vector<std::vector<int>> fill_tables(const std::vector<waiting_player>& pool,
                                          const pairing_policy& policy) {
  const int n = static_cast<int>(pool.size());
  std::vector<int> by_wait(static_cast<std::size_t>(n));
  std::iota(by_wait.begin(), by_wait.end(), 0);
  std::stable_sort(by_wait.begin(), by_wait.end(),
                   [&](int a, int b) { return pool[a].waited > pool[b].waited; });
  std::vector<bool> seated(static_cast<std::size_t>(n), false);
  std::vector<std::vector<int>> tables;
  // The longest-waiting player still standing gathers the nearest ratings it may meet.
  for (int first : by_wait) {
    if (seated[first]) continue;
    std::vector<int> near;
    for (int i = 0; i < n; ++i) {
      if (i != first && !seated[i] && may_meet(pool[first], pool[i], policy)) near.push_back(i);
    }
    std::stable_sort(near.begin(), near.end(), [&](int a, int b) {
      return std::abs(pool[a].rating - pool[first].rating) <
             std::abs(pool[b].rating - pool[first].rating);
    });
    std::vector<int> table{first};
    int largest = pool[first].max_players;
    int smallest = pool[first].min_players;
    for (int i : near) {
      if (static_cast<int>(table.size()) >= largest) break;
      const auto& p = pool[i];
      // Sizes everyone at the table accepts, and ratings everyone at it accepts.
      if (p.min_players > largest || p.max_players < smallest ||
          p.max_players <= static_cast<int>(table.size()))
        continue;
      if (!std::all_of(table.begin(), table.end(),
                       [&](int t) { return may_meet(pool[t], p, policy); }))
        continue;
      table.push_back(i);
      largest = std::min(largest, p.max_players);
      smallest = std::max(smallest, p.min_players);
    }
    // The size the first player's wait accepts: the largest at once, the smallest after
    // smaller_tables_after, the sizes between in proportion.
    const long long after = policy.smaller_tables_after.count();
    const long long waited = std::min<long long>(pool[first].waited.count(), after);
    const int accepted =
        after <= 0 ? smallest : largest - static_cast<int>((largest - smallest) * waited / after);
    const int size = static_cast<int>(table.size());
    if (size < std::max(smallest, accepted)) continue;
    for (int t : table)
      seated[t] = true;
    std::sort(table.begin(), table.end(),
              [&](int a, int b) { return pool[a].rating > pool[b].rating; });
    tables.push_back(std::move(table));
  }
  return tables;
}

}  // namespace boardroom::server::matchmaking
