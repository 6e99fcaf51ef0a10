#pragma once
// What the Dutch pairing (dutch.cpp) knows of each player before the round: score, colour
// history and preference, floats, bye eligibility, past opponents. Internal to the pairing.

#include <set>
#include <string>
#include <vector>

#include "server/tournaments/trf.hpp"

namespace boardroom::tournaments::dutch_detail {

enum class colour { white, black, none };
enum class float_kind { none, down, up };

constexpr colour opposite(colour c) {
  return c == colour::white ? colour::black : c == colour::black ? colour::white : colour::none;
}

struct player {
  int id = 0;          // starting rank
  int rank_index = 0;  // position in the file's ranking, 0-based: ties and pairing-number colours
  int score = 0;       // half points before the round to pair
  int unplayed = 0;    // rounds so far without a game played over the board
  bool bye_eligible = true;
  std::set<int> met;           // starting ranks of opponents over the board
  std::vector<colour> played;  // colours of the games played over the board, in order
  int imbalance = 0;           // |whites - blacks|
  colour preference = colour::none;
  colour repeated = colour::none;        // the colour of the last two games when they are the same
  bool strong = false;                   // colour difference of one (not absolute)
  float_kind float1 = float_kind::none;  // in the last round
  float_kind float2 = float_kind::none;  // in the round before

  bool absolute_imbalance() const { return imbalance > 1; }
  bool absolute_preference() const { return absolute_imbalance() || repeated != colour::none; }
};

struct field {
  std::vector<player> players;  // to pair, by score (highest first), then rank
  int played_rounds = 0;
  bool last_round = false;  // the round to pair is the tournament's last: topscorers exist
  colour first_colour = colour::white;  // the top player's colour in the first round
};

// The players to pair for the round after the last one played, sorted; an error when every
// round is paired already. With `baku`, scores are pairing scores under the Baku Acceleration
// Method (see baku_virtual_points), for the round to pair and in the floats of past rounds.
std::string read_field(const trf_tournament& t, field& out, bool baku = false);

// Handbook C.04.5.1: the virtual points, in half points, of the player at `rank_index` (0-based
// position in the list by starting rank, of `players`) for round `round` of `total_rounds`.
// GA is the first 2 * ceil(players / 4) of the list; the accelerated rounds are the first half,
// rounded up, of the tournament; GA has 1 virtual point in the first half, rounded up, of those,
// 0.5 in the others, and 0 afterwards; GB never has any.
int baku_virtual_points(int rank_index, int players, int round, int total_rounds);

// C1 and C3: whether the two may meet at all.
bool compatible(const player& a, const player& b, const field& f);

// The colour of `a` against `b` under the allocation rules.
colour colour_of(const player& a, const player& b, const field& f);

}  // namespace boardroom::tournaments::dutch_detail
