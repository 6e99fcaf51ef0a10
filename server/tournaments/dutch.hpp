#pragma once
// The next round of a Swiss tournament under the FIDE (Dutch) System, 2025 rules (Handbook
// C.04.3, applied from 1 July 2025), for any number of players.
//
// The rules define the pairing as the one that best satisfies an ordered list of criteria, bracket
// by bracket from the top score down, then in the order of the transpositions and exchanges of the
// bracket procedure. This finds it the way the FIDE-endorsed programs do: every criterion is a
// digit of an edge weight, so that a maximum weight matching over all the players still to pair
// is the best pairing of the current bracket that leaves the rest of the round pairable; a
// bracket's choices (which moved-down players are paired, their opponents, which players are
// exchanged between S1 and S2, each S1 player's opponent) are then fixed one at a time by
// favouring each candidate in turn and matching again. See weighted_matching.hpp. Each matching
// starts from the previous one and its duals (max_weight_matching_from), so that only the players
// whose weights changed are matched again, and the weights are as narrow as the field allows
// (256 bits for a few hundred players, 512, 1024): a round of 201 players takes about 0.3 s.
//
// Implemented, in priority order:
//   absolute  C1 no second game between two players (forfeits are not games), C2 no
//             pairing-allocated bye for a player who already had one or a full point without
//             playing (F, U, +), C3 no game between two non-topscorers with the same absolute
//             colour preference (topscorers exist only when the last round is paired), C4 the
//             round is complete;
//   C5        lowest score for the bye;
//   per bracket C6 most pairs, C7 the highest moved-down scores paired, C8 the same for the next
//             bracket, C9 fewest unplayed games for the bye, C10-C13 colours, C14-C17 repeated
//             down- and upfloats of the last two rounds, C18-C21 their scores;
//   then moved-down players by rank and their opponents from the top of the residents, the
//   fewest exchanges with the smallest difference of bracket sequence numbers, lower S1 and
//   higher S2 players exchanged first, and S2 in transposition order.
// Colours follow the allocation rules: both preferences, the stronger one (absolute first, the
// larger colour difference), alternation from the last games in which the two had different
// colours, the higher-ranked player's preference, and finally the higher-ranked player's pairing
// number against the colour the top player had in the first round (white when nothing is
// played yet).
// Scores are counted from the results (1, =, + and F, U count as for a win or draw, H half), not
// read from the file's points column. Accelerated pairings: the Baku Acceleration Method, as an
// option (dutch_options). Not implemented: other accelerated systems, forbidden pairs other
// than past games, point systems other than 1-1/2-0.
// Checked against the published cases in tests/data/swiss and, on hundreds of generated
// tournaments, against the exhaustive search kept as pair_dutch_exhaustive (dutch_reference.hpp);
// docs/tournaments.md says how.

#include <expected>
#include <string>
#include <vector>

#include "server/tournaments/trf.hpp"

namespace boardroom::tournaments {

struct pairing_board {
  int white = 0;  // starting ranks
  int black = 0;

  friend bool operator==(const pairing_board&, const pairing_board&) = default;
};

struct pairing {
  std::vector<pairing_board> boards;  // in board order
  int bye = 0;                        // starting rank of the pairing-allocated bye, 0 for none

  friend bool operator==(const pairing&, const pairing&) = default;
};

// Pairs the round after the last one with games in the file. Players with an entry for that
// round already (a requested bye, an announced absence) are left out. Fails when no pairing
// satisfies the absolute criteria, when every round is paired, or when the field is beyond what
// the weights can encode (thousands of players).
std::expected<pairing, std::string> pair_dutch(const trf_tournament& tournament);

struct dutch_options {
  // The Baku Acceleration Method (Handbook C.04.5.1). Before the first round the list by
  // starting rank is split into GA, its first 2 * ceil(N / 4) players (half the field rounded up
  // to an even number), and GB, the rest. The accelerated rounds are the first half of the
  // tournament, rounded up (XXR gives the number of rounds; required). GA players get a virtual
  // point in the first half, rounded up, of the accelerated rounds and half a point in the
  // others (in 9 rounds: 1 in rounds 1-3, 0.5 in rounds 4-5, none from round 6); GB players
  // never get any. Virtual points are for pairing only: the pairing score (real score plus
  // virtual points) makes the score groups, the bye's score, and the floats of past rounds (from
  // the pairing scores of those rounds); the file's scores and the standings are untouched.
  // N is the number of players in the file: a late entry ranked inside GA moves its boundary,
  // where the rules keep the last GA player of the first round.
  bool baku_acceleration = false;
};

std::expected<pairing, std::string> pair_dutch(const trf_tournament& tournament,
                                               const dutch_options& options);

// The usual pairing-program output: the number of pairs (the bye included), then "WHITE BLACK"
// per board and "N 0" for the bye.
std::string write_pairing(const pairing& p);

}  // namespace boardroom::tournaments
