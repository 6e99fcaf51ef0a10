// Berger round-robin tables; the construction is described in round_robin.hpp.

#include "server/tournaments/round_robin.hpp"

#include <utility>

namespace boardroom::tournaments {

std::vector<round_robin_round> round_robin_schedule(int players, int cycles) {
  if (players < 2 || players > round_robin_max_players || cycles < 1 || cycles > 2) return {};
  // The table is built for an even number; with an odd one the last number is the bye.
  const int n = players % 2 == 0 ? players : players + 1;
  const int rotating = n - 1;  // numbers 1..n-1 rotate, n stays on board 1
  const int rounds = n - 1;
  std::vector<round_robin_round> schedule;
  schedule.reserve(static_cast<std::size_t>(rounds * cycles));
  for (int r = 0; r < rounds; ++r) {
    const int shift = r * (n / 2);
    // Round 1's board k (1-based) is k against n+1-k; later rounds shift both by n/2.
    const auto number = [&](int round1_number) {
      return (round1_number - 1 + shift) % rotating + 1;
    };
    round_robin_round round;
    round.games.reserve(static_cast<std::size_t>(n / 2));
    const int against_n = number(1);
    // Board 1: n has black in odd rounds (r even, counting from 0), white in even ones.
    const round_robin_game first =
        r % 2 == 0 ? round_robin_game{against_n, n} : round_robin_game{n, against_n};
    if (n != players) {
      round.bye = against_n;
    } else {
      round.games.push_back(first);
    }
    for (int k = 2; k <= n / 2; ++k)
      round.games.push_back({number(k), number(n + 1 - k)});
    schedule.push_back(std::move(round));
  }
  if (cycles == 2) {
    for (int r = 0; r < rounds; ++r) {
      round_robin_round reversed = schedule[static_cast<std::size_t>(r)];
      for (auto& g : reversed.games)
        std::swap(g.white, g.black);
      schedule.push_back(std::move(reversed));
    }
  }
  return schedule;
}

}  // namespace boardroom::tournaments
