// Weng-Lin updates (Plackett-Luce, Bradley-Terry and Thurstone-Mosteller, full and partial
// pairing) for single-player teams; see weng_lin.hpp.

#include "server/ratings/weng_lin.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <numeric>

namespace boardroom::ratings {

namespace {

// What one game says about a player: mu moves by omega, sigma^2 shrinks by the factor 1 - delta.
struct weng_lin_step {
  double omega = 0;
  double delta = 0;
};

struct weng_lin_game {
  std::span<const weng_lin_rating> players;  // sigma already widened by tau
  std::span<const int> ranks;
  const weng_lin_settings& s;
};

// The standard normal density and distribution function.
double normal_pdf(double x) {
  return std::exp(-0.5 * x * x) / std::sqrt(2 * std::numbers::pi);
}
double normal_cdf(double x) {
  return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

// The paper's V, W (a win by margin t) and V~, W~ (a draw within t). Where the distribution
// underflows they take their limits, as OpenSkill does, rather than dividing by ~0.
double tm_v(double x, double t) {
  const double xt = x - t;
  const double denominator = normal_cdf(xt);
  return denominator < DBL_EPSILON ? -xt : normal_pdf(xt) / denominator;
}

double tm_w(double x, double t) {
  const double xt = x - t;
  if (normal_cdf(xt) < DBL_EPSILON) return x < 0 ? 1 : 0;
  const double v = tm_v(x, t);
  return v * (v + xt);
}

double tm_vt(double x, double t) {
  const double xx = std::abs(x);
  const double b = normal_cdf(t - xx) - normal_cdf(-t - xx);
  if (b < 1e-5) return x < 0 ? -x - t : -x + t;
  const double a = normal_pdf(-t - xx) - normal_pdf(t - xx);
  return (x < 0 ? -a : a) / b;
}

double tm_wt(double x, double t) {
  const double xx = std::abs(x);
  const double b = normal_cdf(t - xx) - normal_cdf(-t - xx);
  if (b < DBL_EPSILON) return 1.0;
  const double vt = tm_vt(x, t);
  return ((t - xx) * normal_pdf(t - xx) + (t + xx) * normal_pdf(-t - xx)) / b + vt * vt;
}

// Plackett-Luce (Algorithm 4): for every q placed no better than i, i's share of the
// "strength" of everyone placed no better than q. Tied groups share their terms (A_q).
std::vector<weng_lin_step> plackett_luce(const weng_lin_game& g) {
  const std::size_t n = g.players.size();
  double c2 = 0;
  for (const auto& p : g.players)
    c2 += p.sigma * p.sigma + g.s.beta * g.s.beta;
  const double c = std::sqrt(c2);
  // For each q: the players placed no better than q (C_q), the sum of their e^(mu / c), taken
  // relative to the strongest of them so that nothing overflows, and the size of q's tie group.
  std::vector<double> top_q(n);
  std::vector<double> sum_q(n, 0);
  std::vector<int> a_q(n, 0);
  for (std::size_t q = 0; q < n; ++q) {
    top_q[q] = g.players[q].mu;
    for (std::size_t s = 0; s < n; ++s)
      if (g.ranks[s] >= g.ranks[q]) top_q[q] = std::max(top_q[q], g.players[s].mu);
    for (std::size_t s = 0; s < n; ++s) {
      if (g.ranks[s] >= g.ranks[q]) sum_q[q] += std::exp((g.players[s].mu - top_q[q]) / c);
      if (g.ranks[s] == g.ranks[q]) ++a_q[q];
    }
  }
  std::vector<weng_lin_step> steps(n);
  for (std::size_t i = 0; i < n; ++i) {
    double omega = 0;
    double delta = 0;
    for (std::size_t q = 0; q < n; ++q) {
      // Only the places decided while i was still in the running: q ahead of or tied with i.
      if (g.ranks[q] > g.ranks[i]) continue;
      const double share = std::exp((g.players[i].mu - top_q[q]) / c) / sum_q[q];
      delta += share * (1 - share) / a_q[q];
      omega += (q == i ? 1 - share : -share) / a_q[q];
    }
    const double sigma2 = g.players[i].sigma * g.players[i].sigma;
    const double gamma = g.players[i].sigma / c;
    steps[i] = {omega * sigma2 / c, delta * sigma2 / (c * c) * gamma};
  }
  return steps;
}

// Who each player is compared with: everyone else (full pairing) or the players next to it in
// the ranking (partial pairing; ties keep the given order).
std::vector<std::vector<std::size_t>> opponents(const weng_lin_game& g, bool partial) {
  const std::size_t n = g.players.size();
  std::vector<std::vector<std::size_t>> result(n);
  if (!partial) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t q = 0; q < n; ++q)
        if (q != i) result[i].push_back(q);
    return result;
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return g.ranks[x] < g.ranks[y]; });
  for (std::size_t k = 0; k < n; ++k) {
    if (k > 0) result[order[k]].push_back(order[k - 1]);
    if (k + 1 < n) result[order[k]].push_back(order[k + 1]);
  }
  return result;
}

// The pairwise models' common walk: every player i against each opponent q it is compared with
// (all, or its neighbours in the ranking), adding what `pair(i, q, sigma2, c)` makes of the two to
// i's step; c = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2), scaled by `c_scale`.
template <class Pair>
std::vector<weng_lin_step> pairwise(const weng_lin_game& g, bool partial, double c_scale,
                                    Pair pair) {
  const auto pairs = opponents(g, partial);
  std::vector<weng_lin_step> steps(g.players.size());
  for (std::size_t i = 0; i < g.players.size(); ++i) {
    const auto& pi = g.players[i];
    const double sigma2 = pi.sigma * pi.sigma;
    for (std::size_t q : pairs[i]) {
      const auto& pq = g.players[q];
      const double c = c_scale * std::sqrt(sigma2 + pq.sigma * pq.sigma + 2 * g.s.beta * g.s.beta);
      const weng_lin_step add = pair(i, q, sigma2, c);
      steps[i].omega += add.omega;
      steps[i].delta += add.delta;
    }
  }
  return steps;
}

// Bradley-Terry (full and partial pairing): a logistic chance that i beats q, against the result.
std::vector<weng_lin_step> bradley_terry(const weng_lin_game& g, bool partial) {
  return pairwise(g, partial, 1, [&](std::size_t i, std::size_t q, double sigma2, double c) {
    const auto& pi = g.players[i];
    const auto& pq = g.players[q];
    const double p = 1 / (1 + std::exp((pq.mu - pi.mu) / c));
    const double score = g.ranks[q] > g.ranks[i] ? 1.0 : g.ranks[q] == g.ranks[i] ? 0.5 : 0.0;
    const double gamma = pi.sigma / c;
    return weng_lin_step{sigma2 / c * (score - p), gamma * sigma2 / c / c * p * (1 - p)};
  });
}

// Thurstone-Mosteller (full and partial pairing): a normal chance that i beats q by more than the
// draw margin, or draws within it. OpenSkill's partial model doubles c_iq; its published numbers
// depend on it.
std::vector<weng_lin_step> thurstone_mosteller(const weng_lin_game& g, bool partial) {
  return pairwise(g, partial, partial ? 2 : 1,
                  [&](std::size_t i, std::size_t q, double sigma2, double c) {
                    const auto& pi = g.players[i];
                    const auto& pq = g.players[q];
                    const double d = (pi.mu - pq.mu) / c;
                    const double t = g.s.epsilon / c;
                    const double weight = pi.sigma / c * sigma2 / c / c;  // gamma sigma^2 / c^2
                    if (g.ranks[q] > g.ranks[i]) {
                      return weng_lin_step{sigma2 / c * tm_v(d, t), weight * tm_w(d, t)};
                    }
                    if (g.ranks[q] < g.ranks[i]) {
                      return weng_lin_step{-sigma2 / c * tm_v(-d, t), weight * tm_w(-d, t)};
                    }
                    return weng_lin_step{sigma2 / c * tm_vt(d, t), weight * tm_wt(d, t)};
                  });
}

struct model_name {
  weng_lin_model model;
  std::string_view name;
};

constexpr std::array<model_name, 5> model_names{{
    {weng_lin_model::plackett_luce, "plackett-luce"},
    {weng_lin_model::thurstone_mosteller_full, "thurstone-mosteller-full"},
    {weng_lin_model::thurstone_mosteller_part, "thurstone-mosteller-part"},
    {weng_lin_model::bradley_terry_full, "bradley-terry-full"},
    {weng_lin_model::bradley_terry_part, "bradley-terry-part"},
}};

}  // namespace

std::optional<weng_lin_model> weng_lin_model_from_name(std::string_view name) {
  for (const auto& entry : model_names)
    if (entry.name == name) return entry.model;
  return std::nullopt;
}

const char* weng_lin_model_name(weng_lin_model m) {
  for (const auto& entry : model_names)
    if (entry.model == m) return entry.name.data();  // the literals are NUL-terminated
  return "unknown";
}

std::vector<weng_lin_rating> weng_lin_update(weng_lin_model m,
                                             std::span<const weng_lin_rating> players,
                                             std::span<const int> ranks,
                                             const weng_lin_settings& s) {
  std::vector<weng_lin_rating> result(players.begin(), players.end());
  if (players.size() < 2 || ranks.size() != players.size()) return result;
  // The dynamics first: uncertainty grows a little before every game (OpenSkill's tau).
  for (auto& r : result)
    r.sigma = std::sqrt(r.sigma * r.sigma + s.tau * s.tau);
  const weng_lin_game game{result, ranks, s};
  std::vector<weng_lin_step> steps;
  switch (m) {
    case weng_lin_model::plackett_luce:
      steps = plackett_luce(game);
      break;
    case weng_lin_model::thurstone_mosteller_full:
      steps = thurstone_mosteller(game, false);
      break;
    case weng_lin_model::thurstone_mosteller_part:
      steps = thurstone_mosteller(game, true);
      break;
    case weng_lin_model::bradley_terry_full:
      steps = bradley_terry(game, false);
      break;
    case weng_lin_model::bradley_terry_part:
      steps = bradley_terry(game, true);
      break;
    default:
      return {players.begin(), players.end()};
  }
  // kappa keeps sigma from collapsing (or going imaginary) when delta reaches 1.
  for (std::size_t i = 0; i < result.size(); ++i) {
    result[i].mu += steps[i].omega;
    result[i].sigma *= std::sqrt(std::max(1 - steps[i].delta, s.kappa));
  }
  return result;
}

}  // namespace boardroom::ratings
