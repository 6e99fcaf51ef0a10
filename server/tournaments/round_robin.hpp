#pragma once
// Round-robin schedules from the Berger tables of the FIDE Handbook (C.05, Annex 1).
//
// For an even number n of pairing numbers, round 1 is 1-n, 2-(n-1), ..., n/2-(n/2+1) (white
// first). Every later round adds n/2 to each number other than n, modulo n-1 (numbers run 1 to
// n-1), board by board, keeping each board's colours; n itself plays board 1, with black in odd
// rounds and white in even ones. This reproduces the published tables, e.g. for 4 players:
//   round 1: 1-4 2-3   round 2: 4-3 1-2   round 3: 2-4 3-1
// An odd number of players uses the table for n+1, pairing number n+1 being the bye.
// A double round robin repeats the single one with colours reversed (C.05: "the second half
// with black and white reversed").

#include <vector>

namespace boardroom::tournaments {

struct round_robin_game {
  int white = 0;  // pairing numbers, 1-based
  int black = 0;

  friend bool operator==(const round_robin_game&, const round_robin_game&) = default;
};

struct round_robin_round {
  std::vector<round_robin_game> games;  // by board, as the published tables order them
  int bye = 0;                          // the player without a game (odd n), else 0

  friend bool operator==(const round_robin_round&, const round_robin_round&) = default;
};

// Players that round_robin_schedule accepts: at least 2, and few enough that the schedule (n^2/2
// games a cycle) stays small.
constexpr int round_robin_max_players = 1000;

// All rounds of a single (`cycles` 1) or double (`cycles` 2) round robin for `players` players;
// empty when `players` or `cycles` is out of range.
std::vector<round_robin_round> round_robin_schedule(int players, int cycles = 1);

}  // namespace boardroom::tournaments
