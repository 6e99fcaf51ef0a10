// Glicko-2, steps 1-8 of Glickman's "Example of the Glicko-2 system"; see glicko2.hpp.

#include "server/ratings/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace boardroom::ratings {

namespace {

// 400 / ln(10): the Glicko-2 scale is the Glicko scale divided by this (step 2).
constexpr double glicko2_scale = 173.7178;
constexpr double glicko2_center = 1500;
// The paper's convergence tolerance for the volatility iteration (step 5.4).
constexpr double volatility_tolerance = 0.000001;
// The iteration converges in a handful of steps; the bound only keeps bad input from spinning.
constexpr int max_volatility_steps = 1000;

double glicko2_g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double glicko2_expected(double mu, double mu_j, double g_j) {
  return 1.0 / (1.0 + std::exp(-g_j * (mu - mu_j)));
}

// Step 6 for `periods` rating periods: the RD widens with the volatility (Glicko-2 scale). Time
// only widens: negative (or NaN) periods count as none.
double glicko2_widened(double phi, double sigma, double periods) {
  if (!(periods > 0)) return phi;
  return std::sqrt(phi * phi + periods * sigma * sigma);
}

// The same on the Glicko scale, so that no periods give back the very same RD (days that went
// backwards, or NaN, included).
double glicko2_widened_rd(double rd, double sigma, double periods) {
  if (!(periods > 0)) return rd;
  const double spread = sigma * glicko2_scale;
  return std::sqrt(rd * rd + periods * spread * spread);
}

double clamp_rd(double rd, const glicko2_settings& s) {
  return std::min(std::max(rd, s.min_rd), s.max_rd);
}

// Step 5: the new volatility, the root of f by the paper's Illinois iteration.
double glicko2_volatility(double sigma, double phi, double v, double delta, double tau) {
  if (!(tau > 0)) return sigma;  // tau bounds the change of volatility: none at all
  const double a = std::log(sigma * sigma);
  const double phi2 = phi * phi;
  const double delta2 = delta * delta;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi2 + v + ex;
    return ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  // Step 5.2: bracket the root between A and B.
  double big_a = a;
  double big_b = 0;
  if (delta2 > phi2 + v) {
    big_b = std::log(delta2 - phi2 - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0 && k < max_volatility_steps)
      ++k;
    big_b = a - k * tau;
  }
  // Steps 5.3-5.4: regula falsi, halving the stale end's value so it cannot stall.
  double f_a = f(big_a);
  double f_b = f(big_b);
  for (int i = 0; std::abs(big_b - big_a) > volatility_tolerance && i < max_volatility_steps; ++i) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = big_c;
    f_b = f_c;
  }
  const double sigma_new = std::exp(big_a / 2.0);
  return std::isfinite(sigma_new) ? sigma_new : sigma;
}

glicko2_rating glicko2_idle_period(const glicko2_rating& r, double periods,
                                   const glicko2_settings& s) {
  const double rd = glicko2_widened_rd(r.rd, r.volatility, periods);
  return {r.rating, clamp_rd(rd, s), std::min(r.volatility, s.max_volatility)};
}

}  // namespace

glicko2_rating glicko2_aged(const glicko2_rating& r, double idle_days, const glicko2_settings& s) {
  const double rd = glicko2_widened_rd(r.rd, r.volatility, idle_days * s.periods_per_day);
  return {r.rating, std::min(rd, s.max_rd), r.volatility};
}

glicko2_rating glicko2_update(const glicko2_rating& player, std::span<const glicko2_game> games,
                              const glicko2_settings& s) {
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - glicko2_center) / glicko2_scale;
  const double phi = player.rd / glicko2_scale;
  // Steps 3-4: v is the inverse of the information the games carry, delta / v the surprise.
  double information = 0;
  double surprise = 0;
  for (const auto& game : games) {
    const double mu_j = (game.opponent.rating - glicko2_center) / glicko2_scale;
    const double g_j = glicko2_g(game.opponent.rd / glicko2_scale);
    const double e = glicko2_expected(mu, mu_j, g_j);
    information += g_j * g_j * e * (1.0 - e);
    surprise += g_j * (game.score - e);
  }
  if (!(information > 0) || !std::isfinite(information)) {
    return glicko2_idle_period(player, s.update_periods, s);
  }
  const double v = 1.0 / information;
  const double delta = v * surprise;
  // Step 5, then steps 6-7 with the new volatility.
  const double sigma = glicko2_volatility(player.volatility, phi, v, delta, s.tau);
  const double phi_star = glicko2_widened(phi, sigma, s.update_periods);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * surprise;
  // Step 8: back to the Glicko scale; bounds apply to what is stored, as lichess caps.
  return {mu_new * glicko2_scale + glicko2_center, clamp_rd(phi_new * glicko2_scale, s),
          std::min(sigma, s.max_volatility)};
}

bool glicko2_provisional(const glicko2_rating& r, const glicko2_settings& s) {
  return r.rd >= s.provisional_rd;
}

}  // namespace boardroom::ratings
