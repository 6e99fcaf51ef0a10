#pragma once
// Weng-Lin ratings for games of two or more players: pure math, no I/O.
//
// The method is Weng & Lin, "A Bayesian Approximation Method for Online Ranking" (JMLR 12,
// 2011): every player's skill is a normal belief N(mu, sigma^2), and one game moves it by
// mu' = mu + Omega and sigma' = sigma sqrt(max(1 - Delta, kappa)), where Omega and Delta sum what
// each comparison with another player says. The numbers follow the OpenSkill libraries
// (openskill.py 6, openskill.js 5), whose published test vectors the tests reproduce:
// - defaults mu 25, sigma 25/3, beta 25/6 (performance noise), kappa 1e-4 (sigma never shrinks
//   by more than a factor sqrt(kappa) in one game), tau 25/300 (before every game sigma becomes
//   sqrt(sigma^2 + tau^2), so ratings keep moving);
// - the damping gamma is sigma_i / c (c as each model defines it below);
// - ordinal() = mu - 3 sigma, a conservative estimate for leaderboards.
//
// The models, with c_iq = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2):
// - plackett_luce (the paper's Algorithm 4): one ranking of everyone, a player's chance to finish
//   ahead of all still left is e^(mu_i / c) over their sum, c = sqrt(sum (sigma^2 + beta^2)).
// - bradley_terry_full / _part: logistic win chance of each pair,
//   p_iq = 1 / (1 + e^((mu_q - mu_i) / c_iq)), compared with the result (1, 1/2, 0).
// - thurstone_mosteller_full / _part: normal win chance of each pair with a draw margin epsilon
//   (0.1, OpenSkill's since openskill.js 5); the part model uses 2 c_iq, as OpenSkill does.
// "full" compares every pair of players; "part" only neighbours in the ranking (the paper's
// partial pairing, openskill.js's ladder pairs; openskill.py 6 compares a wider window, so its
// part models differ from these for three or more players).
//
// Ties: equal ranks are a draw between those players.
// - The pairwise models score a tied pair 1/2 (Bradley-Terry) or use the paper's draw functions
//   V~ and W~ (Thurstone-Mosteller): tied players are pulled toward each other.
// - Plackett-Luce splits each tied group's terms over its size (the paper's A_q). In an equal
//   field of three or more this leaves a player tied for first no higher than one finishing
//   strictly second (with four or more, lower; with five or more, even below the player in
//   third), a known property of the model (openskill.py issue 155, openskill.js issue 377).
//   Between two players a tie is still better than a loss.

#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace boardroom::ratings {

enum class weng_lin_model {
  plackett_luce,
  thurstone_mosteller_full,
  thurstone_mosteller_part,
  bradley_terry_full,
  bradley_terry_part
};

inline constexpr std::array<weng_lin_model, 5> weng_lin_models{
    weng_lin_model::plackett_luce, weng_lin_model::thurstone_mosteller_full,
    weng_lin_model::thurstone_mosteller_part, weng_lin_model::bradley_terry_full,
    weng_lin_model::bradley_terry_part};

// "plackett-luce", "thurstone-mosteller-full", "thurstone-mosteller-part", "bradley-terry-full",
// "bradley-terry-part"; anything else (other spellings included) is nullopt.
std::optional<weng_lin_model> weng_lin_model_from_name(std::string_view name);
// The name weng_lin_model_from_name() reads; "unknown" for a value outside the enum.
const char* weng_lin_model_name(weng_lin_model m);

struct weng_lin_rating {
  double mu = 25;
  double sigma = 25.0 / 3;
  double ordinal() const { return mu - 3 * sigma; }
};

struct weng_lin_settings {
  double beta = 25.0 / 6;
  double tau = 25.0 / 300;
  double kappa = 0.0001;
  double epsilon = 0.1;  // Thurstone-Mosteller's draw margin
};

// One game, every player its own team; ranks: 1 = first, equal ranks are a tie (only their order
// matters). The new ratings, in the same order.
// tau is added to sigma before the update (as OpenSkill does): sigma' = sqrt(sigma^2 + tau^2).
// Fewer than two players, or as many ranks as players not given, is no game: the inputs come back
// unchanged (no tau either), as they do for a model outside the enum.
std::vector<weng_lin_rating> weng_lin_update(weng_lin_model m,
                                             std::span<const weng_lin_rating> players,
                                             std::span<const int> ranks,
                                             const weng_lin_settings& s = {});

}  // namespace boardroom::ratings
