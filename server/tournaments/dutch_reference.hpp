#pragma once
// The REFERENCE implementation of the FIDE (Dutch) System, 2025 rules (Handbook C.04.3, applied
// from 1 July 2025), for small fields, by exhaustive search. The pairing engine is pair_dutch
// (dutch.hpp); this independent implementation is kept to test it against.
//
// The rules define the pairing as the one that best satisfies an ordered list of criteria; the
// bracket procedure of the rules is one way to find it. This searches every pairing instead, which
// makes it exact where the criteria below are implemented, and usable only for a few players
// (dutch_reference_max_players): a reference to test a faster implementation against, not a pairing
// engine for real events.
//
// Implemented, in priority order:
//   absolute  C1 no second game between two players (forfeits do not count as games), C2 no
//             pairing-allocated bye for a player who already had one or a point without playing
//             (F, U, +), C3 no game between two non-topscorers with the same absolute colour
//             preference; C4 the round must be complete (one bye at most);
//   C5        lowest score for the bye;
//   per bracket, top score first (a game belongs to the bracket of its lower player's score):
//   C6        most games; C7 the highest moved-down scores paired; C8 the same for the next
//             bracket; C9 fewest unplayed games for the bye; C10-C13 colours (topscorers' colour
//             difference beyond 2, three in a row, preferences, strong preferences); C14-C17
//             repeated down- and upfloats of the last two rounds;
//   then the order of the bracket procedure, approximated: the lowest residents float, moved-down
//   players meet the highest residents, and the remainder pairs its top half with its bottom
//   half in rank order.
// Not implemented: C18-C21 (scores of repeated floaters), accelerated systems, an initial colour
// other than white, and the exact order of transpositions and exchanges (approximated above).
// Checked against two published cases only (tests/data/swiss/dutch_2025_C5 and _C9).
// Colours follow the allocation rules: both preferences, the stronger one, alternation from the
// last round in which the two had different colours, the higher-ranked player's preference, and
// finally the higher-ranked player's pairing number (odd: white).

#include <expected>
#include <string>
#include <utility>
#include <vector>

#include "server/tournaments/dutch.hpp"
#include "server/tournaments/trf.hpp"

namespace boardroom::tournaments {

// Players to pair beyond which the search refuses (it grows like n!!).
constexpr int dutch_reference_max_players = 14;

// The same contract as pair_dutch, by exhaustive search.
std::expected<pairing, std::string> pair_dutch_exhaustive(const trf_tournament& tournament);

// How a given pairing scores on the criteria this search implements, to compare another
// implementation with it where the two may legitimately differ (the order of the procedure).
struct dutch_reference_criteria {
  int bye_score = -1;                                   // C5, in half points; -1 for no bye
  int bye_played_games = 0;                             // C9 (this search ranks it in every
                                                        // bracket, the rules in the bye's)
  std::vector<std::vector<int>> brackets;               // C6-C8, C10-C17 per score group
  std::vector<std::vector<std::pair<int, int>>> games;  // the games made in each score group
};

// An error when the pairing breaks an absolute criterion (C1-C4) or is not one of this round.
std::expected<dutch_reference_criteria, std::string> dutch_exhaustive_criteria(
    const trf_tournament& tournament, const pairing& p);

}  // namespace boardroom::tournaments
