#include "server/ratings/rate_game.hpp"

#include <algorithm>
#include <cmath>

#include "server/ratings/glicko2.hpp"
#include "server/ratings/weng_lin.hpp"

namespace boardroom::server {

namespace {

constexpr double ms_per_day = 86'400'000.0;

double idle_days(const rating_record& r, std::int64_t now_ms) {
  return std::max(0.0, static_cast<double>(now_ms - r.updated_ms) / ms_per_day);
}

ratings::glicko2_rating glicko2_of(const std::optional<rating_record>& r, std::int64_t now_ms) {
  if (!r) return {};
  return ratings::glicko2_aged({r->value, r->deviation, r->volatility}, idle_days(*r, now_ms));
}

// As lichess rates: every game its own rating period, with no RD growth inside it (the RD grew
// by the idle days when it was read, glicko2_of()).
const ratings::glicko2_settings per_game{.update_periods = 0};

// Each player against every other, all in one period: for two players, the one game.
std::vector<ratings::glicko2_rating> rate_glicko2(
    const rated_game& g, std::span<const std::optional<rating_record>> before) {
  const std::size_t n = g.players.size();
  std::vector<ratings::glicko2_rating> now;
  for (const auto& r : before)
    now.push_back(glicko2_of(r, g.at_ms));
  std::vector<ratings::glicko2_rating> out;
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<ratings::glicko2_game> games;
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const double score = g.ranks[i] < g.ranks[j] ? 1.0 : g.ranks[i] == g.ranks[j] ? 0.5 : 0.0;
      games.push_back({now[j], score});
    }
    out.push_back(ratings::glicko2_update(now[i], games, per_game));
  }
  return out;
}

}  // namespace

std::string_view system_for(const engine::game& g) {
  return g.players().max <= 2 ? glicko2_system : weng_lin_system;
}

std::vector<rating_record> rate_game(const rated_game& g,
                                     std::span<const std::optional<rating_record>> before) {
  const std::size_t n = g.players.size();
  if (before.size() != n || g.ranks.size() != n || n < 2) return {};
  std::vector<rating_record> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    rating_record& r = out[i];
    r.player = g.players[i];
    r.game = g.game;
    r.speed = g.speed;
    r.system = g.system;
    r.games = (before[i] ? before[i]->games : 0) + 1;
    r.updated_ms = g.at_ms;
  }
  if (g.system == glicko2_system) {
    auto rated = rate_glicko2(g, before);
    for (std::size_t i = 0; i < n; ++i) {
      out[i].value = rated[i].rating;
      out[i].deviation = rated[i].rd;
      out[i].volatility = rated[i].volatility;
    }
    return out;
  }
  std::vector<ratings::weng_lin_rating> now;
  for (const auto& r : before) {
    now.push_back(r ? ratings::weng_lin_rating{r->value, r->deviation}
                    : ratings::weng_lin_rating{});
  }
  auto model =
      ratings::weng_lin_model_from_name(g.model).value_or(ratings::weng_lin_model::plackett_luce);
  auto rated = ratings::weng_lin_update(model, now, g.ranks);
  for (std::size_t i = 0; i < n; ++i) {
    out[i].value = rated[i].mu;
    out[i].deviation = rated[i].sigma;
    out[i].volatility = 0;
  }
  return out;
}

shown_rating show_rating(const rating_record& r, std::int64_t now_ms) {
  if (r.system == glicko2_system) {
    auto aged = glicko2_of(r, now_ms);
    return {aged.rating, aged.rd, ratings::glicko2_provisional(aged)};
  }
  const ratings::weng_lin_rating w{r.value, r.deviation};
  return {w.ordinal(), r.deviation, false};
}

int entry_rating(store& storage, const std::string& player, const engine::game& g,
                 std::string_view speed) {
  if (auto ratings = storage.ratings_of(player)) {
    for (const auto& r : *ratings) {
      if (r.game == g.key() && r.speed == speed) return static_cast<int>(std::lround(r.value));
    }
  }
  return system_for(g) == glicko2_system ? 1500 : 25;
}

}  // namespace boardroom::server
