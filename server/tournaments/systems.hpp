#pragma once
// The next round of a tournament, by its system. Pure: the state in, the proposed tables out.
//
// - round robin: the Berger tables (round_robin.hpp), pairing numbers in starting-rank order; the
//   odd player out has a round without a game and without points, as FIDE's round robins do.
// - swiss: the FIDE Dutch system (dutch.hpp) on the tournament written as a TRF file.
// - knockout: a seeded bracket (1 meets the lowest seed, the seeds kept apart until the end); seeds
//   missing from a bracket of a power of two are byes for the top seeds. The higher seed moves
//   first, and a drawn game sends the second player through (draw odds, as in an Armageddon game).
// - tables (3 to 6 players a game): see pair_tables() in systems.cpp. With the fixed_schedule
//   setting the tables are instead fixed in advance so that everyone meets everyone equally
//   often, for the counts that allow it: n = k players (one table, everyone every round), or
//   n = k*k players at tables of k = 3, 4 or 5. The latter uses the affine plane over the field
//   of k elements: player i (starting rank, 0-based) is the point (i / k, i % k); the plane's
//   k + 1 parallel classes (class m < k: the lines y = m*x + b, b = 0 .. k-1, one table each;
//   class k: the lines x = c) are rounds 1 .. k+1, in which every two players meet exactly once;
//   later rounds repeat the cycle. Other counts are a pairing error naming the counts allowed.
//   Withdrawn players (and late entrants before their first round) are left out of their table,
//   which plays without them if it keeps the game's minimum, else those left sit out with half a
//   point. Seats are ordered as pair_tables orders them (its rule 4).
// Withdrawn players are paired no more; a table that a withdrawal left with one player is not
// played (the desk records it as forfeited).

#include <expected>
#include <string>
#include <vector>

#include "server/tournaments/tournament.hpp"
#include "server/tournaments/trf.hpp"

namespace boardroom::tournaments {

struct proposed_round {
  std::vector<std::vector<int>> tables;  // entrant indices in seat order, board order
  std::vector<bye> byes;
};

// `min_players`: the fewest players the game can be played by (tables of k-1 need it).
std::expected<proposed_round, std::string> pair_next(const tournament& t, int min_players);

// Arena (lichess's rules): whoever waits is paired at once, not by rounds: the waiting players
// ranked by score, then rating, each with the next in rank who was not its last opponent (that
// one only when nobody else waits); the one who moved first less often moves first. An odd one
// out waits for the next game to end.
std::vector<std::vector<int>> pair_arena(const tournament& t, std::vector<int> waiting);

// Whether the tournament has played its last round (every result in); never for an arena, which
// its clock ends.
bool tournament_over(const tournament& t);

// The tournament as FIDE's TRF-2016 (two-player games), its XXR line the planned rounds; the
// starting ranks are the entrants' order. `pairing_round` > 0 adds that round's entries for the
// players who will not be paired in it (withdrawn, not yet entered), as pair_dutch expects.
trf_tournament tournament_trf(const tournament& t, int pairing_round = 0);

// The bracket as it stands: entrant indices in bracket order, -1 for an empty slot.
std::vector<int> knockout_field(const tournament& t);

}  // namespace boardroom::tournaments
