// The next round, system by system; the rules are summed up in systems.hpp.

#include "server/tournaments/systems.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "server/tournaments/dutch.hpp"
#include "server/tournaments/round_robin.hpp"

namespace boardroom::tournaments {

namespace {

bool playing(const tournament& t, int who, int round) {
  const entrant& e = t.entrants()[who];
  return !e.withdrawn && e.first_round <= round;
}

std::expected<proposed_round, std::string> pair_round_robin(const tournament& t) {
  const int n = static_cast<int>(t.entrants().size());
  const auto schedule = round_robin_schedule(n, std::max(1, t.settings().rounds));
  if (schedule.size() <= t.rounds().size()) {
    return std::unexpected("no round robin schedule for " + std::to_string(n) + " players and " +
                           std::to_string(t.settings().rounds) + " cycles");
  }
  const auto& today = schedule[t.rounds().size()];
  proposed_round next;
  for (const auto& g : today.games)
    next.tables.push_back({g.white - 1, g.black - 1});
  if (today.bye > 0) next.byes.push_back({today.bye - 1, bye_kind::zero});
  return next;
}

std::expected<proposed_round, std::string> pair_swiss(const tournament& t) {
  const int number = static_cast<int>(t.rounds().size()) + 1;
  auto made = pair_dutch(tournament_trf(t, number),
                         dutch_options{.baku_acceleration = t.settings().accelerated});
  if (!made) return std::unexpected(made.error());
  proposed_round next;
  for (const auto& b : made->boards)
    next.tables.push_back({b.white - 1, b.black - 1});
  if (made->bye > 0) next.byes.push_back({made->bye - 1, bye_kind::pairing});
  for (int i = 0; i < static_cast<int>(t.entrants().size()); ++i) {
    if (!playing(t, i, number)) next.byes.push_back({i, bye_kind::zero});
  }
  return next;
}

// Seeds in bracket order for a bracket of `size` (a power of two): 1 and 2 meet only in the
// final, 1-4 and 2-3 only in the semi-finals, and so on: [1, 8, 4, 5, 2, 7, 3, 6] for 8.
std::vector<int> bracket_order(int size) {
  std::vector<int> order{1};
  while (static_cast<int>(order.size()) < size) {
    const int twice = static_cast<int>(order.size()) * 2;
    std::vector<int> next;
    for (int seed : order) {
      next.push_back(seed);
      next.push_back(twice + 1 - seed);
    }
    order = std::move(next);
  }
  return order;
}

// Who goes through a pair of the bracket: the winner, the one present, or (a draw) the second.
int through(const tournament& t, const round& r, int a, int b) {
  if (a < 0 || b < 0) return std::max(a, b);
  for (const auto& tb : r.tables) {
    if (tb.seats.size() != 2 || !tb.result) continue;
    const bool ours =
        (tb.seats[0] == a && tb.seats[1] == b) || (tb.seats[0] == b && tb.seats[1] == a);
    if (!ours) continue;
    const auto& ranks = tb.result->ranks;
    if (ranks[0] == ranks[1] && !tb.result->forfeited[0]) return tb.seats[1];
    if (tb.result->forfeited[0] && tb.result->forfeited[1]) return -1;
    return ranks[0] < ranks[1] ? tb.seats[0] : tb.seats[1];
  }
  (void)t;
  return -1;  // not yet decided
}

proposed_round pair_knockout(const tournament& t) {
  const auto field = knockout_field(t);
  proposed_round next;
  for (std::size_t k = 0; k + 1 < field.size(); k += 2) {
    int a = field[k];
    int b = field[k + 1];
    if (a >= 0 && b >= 0) {
      next.tables.push_back({std::min(a, b), std::max(a, b)});  // the higher seed moves first
    } else if (a >= 0 || b >= 0) {
      next.byes.push_back({std::max(a, b), bye_kind::pairing});
    }
  }
  return next;
}

// The players of round `number`, best first: score, then rating, then starting rank.
std::vector<int> ranked_players(const tournament& t, int number) {
  std::vector<int> ranked;
  for (int i = 0; i < static_cast<int>(t.entrants().size()); ++i) {
    if (playing(t, i, number)) ranked.push_back(i);
  }
  std::vector<int> scores(t.entrants().size(), 0);
  for (int who : ranked)
    scores[who] = t.score(who);
  std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) {
    if (scores[a] != scores[b]) return scores[a] > scores[b];
    return t.entrants()[a].rating > t.entrants()[b].rating;
  });
  return ranked;
}

// Seat order at a table (rule 4 of pair_tables): the player who so far sat furthest from the first
// seat (the sum of the 0-based seat numbers of their earlier games) moves first, and so on; ties go
// to the better-ranked (`ranked`, best first).
void order_seats(const tournament& t, const std::vector<int>& ranked, std::vector<int>& seats) {
  std::vector<int> seat_sum(t.entrants().size(), 0);
  for (const auto& r : t.rounds()) {
    for (const auto& tb : r.tables) {
      for (std::size_t s = 0; s < tb.seats.size(); ++s)
        seat_sum[tb.seats[s]] += static_cast<int>(s);
    }
  }
  auto rank_of = [&](int who) { return std::find(ranked.begin(), ranked.end(), who); };
  std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) {
    if (seat_sum[a] != seat_sum[b]) return seat_sum[a] > seat_sum[b];
    return rank_of(a) < rank_of(b);
  });
}

// Tables of k for a game of 3 to 6 players, Swiss-style:
// 1. The players still in are ranked by score, then rating, then starting rank.
// 2. There are ceil(n / k) tables; when k does not divide n, the lowest tables seat k - 1 (as many
//    as needed), provided the game can be played by k - 1 and there are enough tables. Otherwise
//    floor(n / k) tables of k are formed and the lowest-ranked players left over, who have not had
//    a bye yet where possible, sit the round out with half a point.
// 3. Tables are filled from the top: each starts with the best-ranked player not yet seated, then
//    takes, one at a time, the player who has met the table's players least often so far, the
//    best-ranked among equals: repeat meetings are avoided as far as this allows.
// 4. At a table the player who so far sat furthest from the first seat (the sum, over their
//    earlier games, of their seat numbers counted from 0) moves first, and so on; ties go to the
//    better-ranked (order_seats).
proposed_round pair_tables(const tournament& t, int min_players) {
  const int number = static_cast<int>(t.rounds().size()) + 1;
  const int k = t.settings().table_size;
  std::vector<int> ranked = ranked_players(t, number);
  proposed_round next;
  for (int i = 0; i < static_cast<int>(t.entrants().size()); ++i) {
    if (!playing(t, i, number)) next.byes.push_back({i, bye_kind::zero});
  }
  const int n = static_cast<int>(ranked.size());
  int tables = (n + k - 1) / k;
  int short_tables = tables * k - n;
  if (short_tables > 0 && (k - 1 < min_players || short_tables > tables)) {
    tables = n / k;
    short_tables = 0;
    int out = n - tables * k;
    // Byes go to the lowest-ranked players without one yet, then the lowest-ranked.
    std::vector<int> order(ranked.rbegin(), ranked.rend());
    auto had_bye = [&](int who) {
      for (const auto& r : t.rounds()) {
        for (const auto& b : r.byes) {
          if (b.entrant == who && b.kind != bye_kind::zero) return true;
        }
      }
      return false;
    };
    std::stable_partition(order.begin(), order.end(), [&](int who) { return !had_bye(who); });
    for (int j = 0; j < out; ++j) {
      next.byes.push_back({order[j], bye_kind::requested_half});
      ranked.erase(std::find(ranked.begin(), ranked.end(), order[j]));
    }
  }
  std::map<std::pair<int, int>, int> met;
  for (int who : ranked) {
    for (int other : t.opponents(who))
      ++met[{who, other}];
  }
  std::vector<int> free = ranked;
  for (int j = 0; j < tables; ++j) {
    const int size = j >= tables - short_tables ? k - 1 : k;
    std::vector<int> seats{free.front()};
    free.erase(free.begin());
    while (static_cast<int>(seats.size()) < size && !free.empty()) {
      auto meetings = [&](int who) {
        int sum = 0;
        for (int s : seats)
          sum += met[{who, s}];
        return sum;
      };
      auto best = std::min_element(free.begin(), free.end(),
                                   [&](int a, int b) { return meetings(a) < meetings(b); });
      seats.push_back(*best);
      free.erase(best);
    }
    order_seats(t, ranked, seats);
    next.tables.push_back(std::move(seats));
  }
  return next;
}

// Arithmetic in the field of q elements, q = 3, 4 or 5, its elements numbered 0 .. q-1. GF(3) and
// GF(5) are the integers modulo q; GF(4) is {0, 1, a, a + 1} with a^2 = a + 1, numbered 0, 1, 2, 3:
// addition is the exclusive or of the numbers, multiplication the table below.
int field_add(int q, int a, int b) {
  return q == 4 ? a ^ b : (a + b) % q;
}

int field_mul(int q, int a, int b) {
  static constexpr int gf4[4][4] = {{0, 0, 0, 0}, {0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}};
  return q == 4 ? gf4[a][b] : a * b % q;
}

// The tables of round `number` of a fixed schedule for n players at tables of k, as starting
// ranks (0-based) in board order; empty when n and k allow none (see fixed_schedule_counts).
std::vector<std::vector<int>> fixed_tables(int n, int k, int number) {
  if (n == k) {
    std::vector<int> all(static_cast<std::size_t>(n));
    std::iota(all.begin(), all.end(), 0);
    return {all};
  }
  const int q = k;
  if (q < 3 || q > 5 || n != q * q) return {};
  // The affine plane AG(2, q): player i is the point (i / q, i % q); its lines fall into q + 1
  // parallel classes of q lines, each class covering every point once, and two points share
  // exactly one line. Class m < q holds the lines y = m*x + b, class q the lines x = c.
  const int m = (number - 1) % (q + 1);
  std::vector<std::vector<int>> tables;
  for (int b = 0; b < q; ++b) {
    std::vector<int> line;
    for (int v = 0; v < q; ++v) {
      if (m == q) {
        line.push_back(b * q + v);  // x = b, y = v
      } else {
        line.push_back(v * q + field_add(q, field_mul(q, m, v), b));  // x = v, y = m*v + b
      }
    }
    tables.push_back(std::move(line));
  }
  return tables;
}

// What fixed_tables accepts, for the error that says why a count does not fit.
std::string fixed_schedule_counts(int k) {
  std::string counts = std::to_string(k) + " players (one table)";
  if (k >= 3 && k <= 5) {
    counts += " or " + std::to_string(k * k) + " (" + std::to_string(k) + " tables of " +
              std::to_string(k) + ")";
  }
  return counts;
}

// The fixed schedule of the tables system (systems.hpp).
std::expected<proposed_round, std::string> pair_fixed_tables(const tournament& t, int min_players) {
  const int number = static_cast<int>(t.rounds().size()) + 1;
  const int k = t.settings().table_size;
  const int n = static_cast<int>(t.entrants().size());
  const auto schedule = fixed_tables(n, k, number);
  if (schedule.empty()) {
    return std::unexpected("a fixed schedule at tables of " + std::to_string(k) + " needs " +
                           fixed_schedule_counts(k) + "; this tournament has " + std::to_string(n) +
                           " entrants");
  }
  const std::vector<int> ranked = ranked_players(t, number);
  proposed_round next;
  for (int i = 0; i < n; ++i) {
    if (!playing(t, i, number)) next.byes.push_back({i, bye_kind::zero});
  }
  for (const auto& line : schedule) {
    std::vector<int> seats;
    for (int who : line) {
      if (playing(t, who, number)) seats.push_back(who);
    }
    if (static_cast<int>(seats.size()) >= std::max(2, min_players)) {
      order_seats(t, ranked, seats);
      next.tables.push_back(std::move(seats));
    } else {
      for (int who : seats)
        next.byes.push_back({who, bye_kind::requested_half});
    }
  }
  return next;
}

}  // namespace

std::vector<int> knockout_field(const tournament& t) {
  const int n = static_cast<int>(t.entrants().size());
  int size = 1;
  while (size < n)
    size *= 2;
  std::vector<int> field;
  for (int seed : bracket_order(size))
    field.push_back(seed <= n ? seed - 1 : -1);
  for (const auto& r : t.rounds()) {
    if (!r.complete()) break;
    std::vector<int> next;
    for (std::size_t k = 0; k + 1 < field.size(); k += 2)
      next.push_back(through(t, r, field[k], field[k + 1]));
    field = std::move(next);
  }
  return field;
}

std::expected<proposed_round, std::string> pair_next(const tournament& t, int min_players) {
  if (tournament_over(t)) return std::unexpected("the tournament has played its last round");
  if (!t.current_round_complete()) return std::unexpected("the current round is not finished");
  switch (t.settings().system) {
    case system_kind::round_robin:
      return pair_round_robin(t);
    case system_kind::swiss:
      return pair_swiss(t);
    case system_kind::knockout:
      return pair_knockout(t);
    case system_kind::tables:
      if (t.settings().fixed_schedule) return pair_fixed_tables(t, min_players);
      return pair_tables(t, min_players);
    case system_kind::arena:
      return std::unexpected("an arena pairs whoever waits (pair_arena), not by rounds");
  }
  return std::unexpected("unknown system");
}

std::vector<std::vector<int>> pair_arena(const tournament& t, std::vector<int> waiting) {
  // The last opponent of each player, from the latest table it sat at.
  std::vector<int> last(t.entrants().size(), -1);
  std::vector<int> first_seats(t.entrants().size(), 0);
  for (const auto& r : t.rounds()) {
    for (const auto& tb : r.tables) {
      if (tb.seats.size() != 2) continue;
      last[tb.seats[0]] = tb.seats[1];
      last[tb.seats[1]] = tb.seats[0];
      ++first_seats[tb.seats[0]];
    }
  }
  std::stable_sort(waiting.begin(), waiting.end(), [&](int a, int b) {
    if (t.score(a) != t.score(b)) return t.score(a) > t.score(b);
    return t.entrants()[a].rating > t.entrants()[b].rating;
  });
  std::vector<std::vector<int>> tables;
  while (waiting.size() >= 2) {
    const int a = waiting.front();
    // The next in rank who was not a's last opponent; that one only when nobody else waits.
    auto partner =
        std::find_if(waiting.begin() + 1, waiting.end(), [&](int b) { return last[a] != b; });
    if (partner == waiting.end()) partner = waiting.begin() + 1;
    const int b = *partner;
    waiting.erase(partner);
    waiting.erase(waiting.begin());
    // Whoever moved first less often moves first; the better-ranked on a tie.
    tables.push_back(first_seats[b] < first_seats[a] ? std::vector<int>{b, a}
                                                     : std::vector<int>{a, b});
  }
  return tables;
}

bool tournament_over(const tournament& t) {
  if (t.settings().system == system_kind::arena) return false;  // the clock ends it (the desk)
  if (!t.current_round_complete()) return false;
  const int played = static_cast<int>(t.rounds().size());
  if (t.settings().system == system_kind::knockout) {
    return played > 0 && knockout_field(t).size() <= 1;
  }
  return played >= t.planned_rounds();
}

trf_tournament tournament_trf(const tournament& t, int pairing_round) {
  trf_tournament out;
  out.name = t.settings().name;
  out.total_rounds = t.planned_rounds();
  const auto standings = t.standings();
  std::vector<int> place(t.entrants().size(), 0);
  for (const auto& s : standings)
    place[s.entrant] = s.place;
  for (std::size_t i = 0; i < t.entrants().size(); ++i) {
    const entrant& e = t.entrants()[i];
    trf_player p;
    p.start_rank = static_cast<int>(i) + 1;
    p.name = e.name;
    p.rating = e.rating;
    p.points_tenths = t.score(static_cast<int>(i)) / (point / 10);
    p.rank = place[i];
    out.players.push_back(std::move(p));
  }
  auto result_char = [](int units, bool forfeit) {
    if (forfeit) return units > 0 ? trf_result::forfeit_win : trf_result::forfeit_loss;
    return units == point ? trf_result::win : units == 0 ? trf_result::loss : trf_result::draw;
  };
  for (const auto& r : t.rounds()) {
    std::vector<trf_round> entries(t.entrants().size(),
                                   trf_round{0, trf_colour::none, trf_result::zero_point_bye});
    for (const auto& tb : r.tables) {
      if (tb.seats.size() != 2 || !tb.result) continue;
      const bool forfeit = tb.result->forfeited[0] || tb.result->forfeited[1];
      for (int s = 0; s < 2; ++s) {
        entries[tb.seats[s]] = {tb.seats[1 - s] + 1, s == 0 ? trf_colour::white : trf_colour::black,
                                result_char(table_points(*tb.result, s), forfeit)};
      }
    }
    for (const auto& b : r.byes) {
      entries[b.entrant].result = b.kind == bye_kind::pairing ? trf_result::pairing_allocated_bye
                                  : b.kind == bye_kind::requested_half ? trf_result::half_point_bye
                                                                       : trf_result::zero_point_bye;
    }
    for (std::size_t i = 0; i < entries.size(); ++i)
      out.players[i].rounds.push_back(entries[i]);
  }
  if (pairing_round > 0) {
    for (std::size_t i = 0; i < t.entrants().size(); ++i) {
      if (!playing(t, static_cast<int>(i), pairing_round)) {
        out.players[i].rounds.resize(static_cast<std::size_t>(pairing_round),
                                     trf_round{0, trf_colour::none, trf_result::zero_point_bye});
      }
    }
  }
  return out;
}

}  // namespace boardroom::tournaments
