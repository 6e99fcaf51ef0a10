#pragma once
// Tie-breaks over finished rounds, after FIDE's Play-off and Tie-break Regulations (Handbook C.07,
// 2023): Buchholz (art. 8.1), Buchholz Cut-1 (14.1), Sonneborn-Berger (9.1), number of wins (WIN
// and WON, 7.1 and 7.2) and direct encounter (6).
//
// Unplayed rounds follow article 16 (Swiss tournaments):
// - a voluntary unplayed round ("VUR") is a requested bye (half- or zero-point) or a forfeit loss;
// - for the tie-breaks of a player's opponents, the player's score is "adjusted" (16.3): requested
//   byes followed only by VURs, or in the last round, count as draws; every other unplayed round
//   counts with the points it gave;
// - for the player's own tie-break, each unplayed round is a game against a dummy whose score is
//   the player's own score (16.4), with the result the points awarded;
// - Cut-1 removes the lowest contribution of a VUR when the player has one, else the lowest
//   contribution (16.5).
// A later revision (2026) caps the dummy's score: for forfeits at the scheduled opponent's
// adjusted score, for byes at a draw's points times the number of rounds. `tiebreak_rules`
// selects that, off by default.
// In round robins (article 15.2) forfeits are regular games against the scheduled opponent.
//
// Scoring is chess's: 1 for a win, 1/2 for a draw, 0 for a loss.

#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "server/tournaments/trf.hpp"

namespace boardroom::tournaments {

enum class round_kind : std::uint8_t {
  played,                 // over the board; points 1, 0.5 or 0
  forfeit_win,            // the opponent did not appear: 1 point
  forfeit_loss,           // did not appear (both players, when neither did): 0 points
  pairing_allocated_bye,  // the odd player out: 1 point
  full_point_bye,         // 1 point
  half_point_bye,         // requested: 0.5 points
  zero_point_bye,         // requested, absent or withdrawn: 0 points
};

struct round_record {
  round_kind kind = round_kind::zero_point_bye;
  int opponent = -1;  // index of the (scheduled) opponent for games and forfeits, else -1
  double points = 0;  // points awarded this round

  friend bool operator==(const round_record&, const round_record&) = default;
};

// results[p][r]: player p's round r (0-based). Every player has one record per round.
using tournament_results = std::vector<std::vector<round_record>>;

struct tiebreak_rules {
  bool round_robin = false;      // article 15.2 instead of 16
  bool cap_dummy_score = false;  // the 2026 caps of article 16.4.1-16.4.2
};

// Checks the shape: equal round counts, opponents in range and paired back, points that fit the
// kind. Tie-breaks assume results that pass.
std::expected<void, std::string> check_results(const tournament_results& results);

double score(const tournament_results& results, int player);
// Article 16.3: the score a player's opponents see.
double adjusted_score(const tournament_results& results, int player);

double buchholz(const tournament_results& results, int player, const tiebreak_rules& rules = {});
double buchholz_cut1(const tournament_results& results, int player,
                     const tiebreak_rules& rules = {});
double sonneborn_berger(const tournament_results& results, int player,
                        const tiebreak_rules& rules = {});
// WIN: rounds with a win's points, played or not. WON: games won over the board.
int wins(const tournament_results& results, int player);
int games_won(const tournament_results& results, int player);

// Article 6: the points each of `tied` scored in games (forfeits included) against the others of
// `tied`, in the order given; nullopt unless every two of them met.
std::optional<std::vector<double>> direct_encounter(const tournament_results& results,
                                                    std::span<const int> tied);

// The first `rounds` rounds of a TRF file (players in file order); rounds a line does not reach
// are zero-point byes. W, D and L (unrated games) count as played games.
std::expected<tournament_results, std::string> results_from_trf(const trf_tournament& tournament,
                                                                int rounds);

}  // namespace boardroom::tournaments
