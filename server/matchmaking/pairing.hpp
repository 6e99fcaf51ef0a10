#pragma once
// Who plays whom in one round of quick pairing: pure decisions over the players waiting in one
// pool (the same game, parameters, time control and ratedness), no sockets, no clocks.
//
// The model is the pool of the big chess servers: a round every few seconds; two players may meet
// when the gap between their ratings is within what each accepts, and what each accepts widens
// with the time they have waited; among the pairs allowed, a maximum weighted matching (the
// blossom algorithm of server/tournaments/weighted_matching.hpp) pairs as many players as it can
// and, among those pairings, the one with the smallest total rating gap. Two players who have just
// played each other are not paired again at once.
//
// Games of three to six fill tables: a table of the largest size the waiting players allow forms
// at once; a smaller one only after its longest-waiting player has waited long enough to accept
// it (the longer the wait, the smaller the table), never below the smallest size they all accept.

#include <chrono>
#include <string>
#include <vector>

namespace boardroom::server::matchmaking {

struct pairing_policy {
  int gap_start = 100;      // the rating gap everyone accepts at once
  int gap_per_second = 25;  // ... widened by this much for every second waited
  // Two who have just played each other meet again only when both waited this long.
  std::chrono::milliseconds rematch_after{20'000};
  // A table smaller than the largest allowed forms once its longest-waiting player waited this
  // long (the smallest size), or a proportional part of it (the sizes in between).
  std::chrono::milliseconds smaller_tables_after{15'000};
};

struct waiting_player {
  std::string player;  // identity id
  int rating = 0;
  std::chrono::milliseconds waited{0};
  int max_gap = -1;  // the widest gap this player ever accepts; -1: no limit of their own
  int min_players = 2;
  int max_players = 2;
  std::string last_opponent;  // whom they played last (empty: nobody yet)
};

// The gap `p` accepts now.
int accepted_gap(const waiting_player& p, const pairing_policy& policy);
// Whether `a` and `b` may meet in this round (ratings and the no-rematch rule).
bool may_meet(const waiting_player& a, const waiting_player& b, const pairing_policy& policy);

// Two-player pools: pairs of indices into `pool`, each pair in no particular seat order.
std::vector<std::pair<int, int>> pair_players(const std::vector<waiting_player>& pool,
                                              const pairing_policy& policy);

// Pools of games for three or more (tables of 2 too, where players accept them): each table a list
// of indices into `pool`, sorted by rating.
std::vector<std::vector<int>> fill_tables(const std::vector<waiting_player>& pool,
                                          const pairing_policy& policy);

}  // namespace boardroom::server::matchmaking
