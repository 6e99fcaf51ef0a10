#pragma once
// The next round of a tournament, by its system. Pure: the state in, the proposed tables out.
//
// - round robin: the Berger tables (round_robin.hpp), pairing numbers in starting-rank order; the
//   odd player out has a round without a game and without points, as FIDE's round robins do.
// - swiss: the FIDE Dutch system (dutch.hpp) on the tournament written as a TRF file.
// - knockout: a seeded bracket (1 meets the lowest seed, the seeds kept apart until the end); seeds
//   missing from a bracket of a power of two are byes for the top seeds. The higher seed moves
//   first, and a drawn game sends the second player through (draw odds, as in an Armageddon game).
// - tables (3 to 6 players a game): see pair_tables() in systems.cpp.
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

// Whether the tournament has played its last round (every result in).
bool tournament_over(const tournament& t);

// The tournament as FIDE's TRF-2016 (two-player games), its XXR line the planned rounds; the
// starting ranks are the entrants' order. `pairing_round` > 0 adds that round's entries for the
// players who will not be paired in it (withdrawn, not yet entered), as pair_dutch expects.
trf_tournament tournament_trf(const tournament& t, int pairing_round = 0);

// The bracket as it stands: entrant indices in bracket order, -1 for an empty slot.
std::vector<int> knockout_field(const tournament& t);

}  // namespace boardroom::tournaments
