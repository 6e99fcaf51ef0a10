#pragma once
// Glicko-2 ratings: pure math, no I/O.
//
// The algorithm is Mark Glickman's, as written in "Example of the Glicko-2 system" (glicko2.pdf),
// steps 1-8. A rating (r, RD, sigma) is moved to the Glicko-2 scale (mu = (r - 1500) / 173.7178,
// phi = RD / 173.7178); each game against opponent j contributes g(phi_j) = 1 / sqrt(1 + 3
// phi_j^2 / pi^2) and the expected score E = 1 / (1 + exp(-g(phi_j) (mu - mu_j))). Their sums give
// the estimated variance v and the improvement delta; the new volatility sigma' is the root of
// the paper's f(x), found with its Illinois iteration (tolerance 1e-6). Step 6 widens the RD by
// the rating periods that passed, phi* = sqrt(phi^2 + periods sigma'^2), and step 7 narrows it
// again with what the games taught: phi' = 1 / sqrt(1 / phi*^2 + 1 / v), and
// mu' = mu + phi'^2 sum g(phi_j) (s_j - E_j).
//
// The defaults are lichess's choices (lila's Glicko.scala, scalachess's RatingCalculator):
// - a new player is 1500 / RD 500 / volatility 0.09; tau (how fast volatility may change) 0.75;
// - RD stays within [45, 500] and volatility at most 0.1 ("past this, it might not stabilize ever
//   again"); only results are clamped, inputs are used as given;
// - RD grows with idle time at 0.21436 rating periods a day, chosen so that a typical player's RD
//   goes from 60 to 110 in a year (glicko2_aged);
// - a rating is provisional while its RD is 110 or more.
// lichess rates each game as its own rating period and lets RD grow only with time: its step 6
// adds no period inside a game. glicko2_update follows the paper (one period) unless
// `update_periods` says otherwise; set it to 0 to reproduce lichess's numbers exactly.

#include <span>

namespace boardroom::ratings {

struct glicko2_rating {
  double rating = 1500;
  double rd = 500;
  double volatility = 0.09;
};

struct glicko2_settings {
  double tau = 0.75;
  double min_rd = 45;
  double max_rd = 500;
  double max_volatility = 0.1;
  double periods_per_day = 0.21436;
  double provisional_rd = 110;
  // Rating periods step 6 adds inside glicko2_update. 1 is the paper's rating period; lichess
  // uses 0 (each game is a period of its own, the RD grows only with idle time). Negative
  // counts as 0.
  double update_periods = 1;
};

struct glicko2_game {
  glicko2_rating opponent;  // the opponent's rating before the period
  double score;             // 1, 0.5 or 0
};

// RD grown by `idle_days` without games (Glicko-2 step 6 with periods = idle_days *
// periods_per_day), capped at max_rd. Negative or NaN days count as none; rating and volatility
// are unchanged.
glicko2_rating glicko2_aged(const glicko2_rating& r, double idle_days,
                            const glicko2_settings& s = {});

// One rating period with these games (Glickman's algorithm, steps 1-8); RD clamped to [min_rd,
// max_rd], volatility to <= max_volatility (with or without games). No games: only RD grows by one
// period (by s.update_periods periods). Games that carry no information (an expected score of
// exactly 0 or 1, as with absurd rating gaps) count as no games. A tau <= 0 keeps the volatility.
glicko2_rating glicko2_update(const glicko2_rating& player, std::span<const glicko2_game> games,
                              const glicko2_settings& s = {});

// Whether the rating is still provisional: rd >= provisional_rd.
bool glicko2_provisional(const glicko2_rating& r, const glicko2_settings& s = {});

}  // namespace boardroom::ratings
