#include "engine/esiema/evaluation.hpp"

namespace boardroom::engine::esiema {

namespace {

// A player's weight in the chance of finishing ahead: their small balls cubed.
double strength(int small_balls) {
  const double balls = small_balls;
  return balls * balls * balls;
}

}  // namespace

std::vector<double> estimated_shares(const position& pos) {
  const int n = pos.players;
  std::vector<double> out(n, 0.5);
  for (int s = 0; s < n; ++s) {
    double ahead = 0;
    for (int t = 0; t < n; ++t) {
      if (t == s) continue;
      if (!pos.in_game(s) || !pos.in_game(t)) {
        // The outcome's order: in play above out, and a later elimination above an earlier one.
        ahead += pos.in_game(s) ? 1.0 : pos.in_game(t) ? 0.0 : pos.out[s] > pos.out[t] ? 1.0 : 0.0;
        continue;
      }
      const double mine = strength(pos.owned_small(s));
      const double both = mine + strength(pos.owned_small(t));
      ahead += both > 0 ? mine / both : 0.5;
    }
    out[s] = ahead / (n - 1);
  }
  return out;
}

}  // namespace boardroom::engine::esiema
