#include "server/ratings/ratings_api.hpp"

#include <charconv>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "engine/core/registry.hpp"
#include "protocol/rpc.hpp"
#include "server/ratings/rate_game.hpp"
#include "server/rooms/time_control.hpp"

namespace boardroom::server {

using nlohmann::json;

namespace {

constexpr std::string_view players_prefix = "/players/";

api_reply store_error(const std::string& why) {
  spdlog::error("{}", why);
  return api_error(503, "storage_failed", "the ratings cannot be read now; try again later");
}

json rating_json(const rating_record& r, std::int64_t now_ms) {
  const shown_rating shown = show_rating(r, now_ms);
  json out{{"player", r.player},
           {"name", r.name},
           {"game", r.game},
           {"speed", r.speed},
           {"system", r.system},
           {"rating", shown.rating},
           {"deviation", shown.deviation},
           {"provisional", shown.provisional},
           {"games", r.games},
           {"updated_ms", r.updated_ms}};
  if (r.system == weng_lin_system) {
    out["mu"] = r.value;
    out["sigma"] = r.deviation;
  } else {
    out["volatility"] = r.volatility;
  }
  return out;
}

std::optional<int> bounded(const query_lookup& query, const char* name, int fallback, int low,
                           int high, std::string& problem) {
  auto text = query(name);
  if (!text) return fallback;
  int value = 0;
  auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || end != text->data() + text->size() || value < low || value > high) {
    problem = std::string(name) + " must be a whole number from " + std::to_string(low) + " to " +
              std::to_string(high);
    return std::nullopt;
  }
  return value;
}

api_reply leaderboard(store& storage, const query_lookup& query, int max_page,
                      std::int64_t now_ms) {
  auto game = query("game");
  if (!game) return api_error(400, "bad_request", "name the game: /api/v1/ratings?game=arimaa");
  if (!engine::find_game(*game)) return api_error(404, "unknown_game", "there is no game " + *game);
  std::string speed = query("speed").value_or("");
  if (!speed.empty() && std::ranges::find(speed_classes, speed) == std::end(speed_classes)) {
    std::string known;
    for (auto name : speed_classes)
      known += (known.empty() ? "" : ", ") + std::string(name);
    return api_error(400, "bad_request", "speed is one of " + known);
  }
  std::string problem;
  auto limit = bounded(query, "limit", std::min(50, max_page), 1, max_page, problem);
  auto offset = bounded(query, "offset", 0, 0, 1 << 30, problem);
  if (!limit || !offset) return api_error(400, "bad_request", problem);
  auto rows = storage.leaderboard(*game, speed, *limit, *offset);
  if (!rows) return store_error(rows.error());
  json list = json::array();
  int rank = *offset;
  for (const auto& r : *rows) {
    json entry = rating_json(r, now_ms);
    entry["rank"] = ++rank;
    list.push_back(std::move(entry));
  }
  json out{{"game", *game}, {"ratings", list}};
  if (!speed.empty()) out["speed"] = speed;
  return {200, "application/json", protocol::to_json_text(out)};
}

api_reply player(store& storage, std::string_view id, int max_page, std::int64_t now_ms) {
  auto ratings = storage.ratings_of(id);
  if (!ratings) return store_error(ratings.error());
  auto history = storage.rating_history(id, max_page);
  if (!history) return store_error(history.error());
  if (ratings->empty()) {
    return api_error(404, "no_ratings", "player " + std::string(id) + " has no ratings");
  }
  json out{{"player", std::string(id)}, {"ratings", json::array()}, {"history", json::array()}};
  for (const auto& r : *ratings)
    out["ratings"].push_back(rating_json(r, now_ms));
  for (const auto& c : *history) {
    // The numbers as stored after the game (what it changed), not grown by idle time since.
    json change{{"room", c.room},
                {"game", c.after.game},
                {"speed", c.after.speed},
                {"system", c.after.system},
                {"at_ms", c.at_ms},
                {"after", {{"value", c.after.value}, {"deviation", c.after.deviation}}},
                {"before", nullptr}};
    if (c.before) {
      change["before"] = {{"value", c.before->value}, {"deviation", c.before->deviation}};
    }
    out["history"].push_back(std::move(change));
  }
  return {200, "application/json", protocol::to_json_text(out)};
}

}  // namespace

api_reply serve_ratings(store& storage, std::string_view path, const query_lookup& query,
                        int max_page, std::int64_t now_ms) {
  if (path == ratings_path) return leaderboard(storage, query, max_page, now_ms);
  std::string_view rest = path.substr(ratings_path.size());
  if (rest.starts_with(players_prefix) && rest.size() > players_prefix.size() &&
      rest.substr(players_prefix.size()).find('/') == std::string_view::npos) {
    return player(storage, rest.substr(players_prefix.size()), max_page, now_ms);
  }
  return api_error(404, "not_found", "no such path: " + std::string(path));
}

}  // namespace boardroom::server
