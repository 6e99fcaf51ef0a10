#include "server/records/records_api.hpp"

#include <charconv>
#include <ctime>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "engine/core/registry.hpp"
#include "protocol/rpc.hpp"
#include "server/records/game_formats.hpp"
#include "server/records/records.hpp"

namespace boardroom::server {

using nlohmann::json;

api_reply api_error(int status, const std::string& code, const std::string& message) {
  return {status, "application/json",
          protocol::to_json_text({{"error", {{"code", code}, {"message", message}}}})};
}

namespace {

constexpr int default_limit = 50;
constexpr int max_limit = 500;
constexpr std::int64_t day_ms = 24 * 60 * 60 * 1000;

std::optional<std::int64_t> whole_number(std::string_view text) {
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A time in the query: unix milliseconds, or a UTC day "2026-02-01" (its first millisecond).
std::optional<std::int64_t> time_param(const std::string& text, bool& is_day) {
  is_day = false;
  if (auto ms = whole_number(text)) return ms;
  std::tm parts{};
  int y = 0, m = 0, d = 0;
  char tail = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 ||
      m < 1 || m > 12 || d < 1 || d > 31) {
    return std::nullopt;
  }
  parts.tm_year = y - 1900;
  parts.tm_mon = m - 1;
  parts.tm_mday = d;
  is_day = true;
  return static_cast<std::int64_t>(timegm(&parts)) * 1000;
}

api_reply list_records(store& storage, const query_lookup& query) {
  record_query q;
  q.game = query("game");
  q.player = query("player");
  q.limit = default_limit;
  if (auto from = query("from")) {
    bool day = false;
    q.from_ms = time_param(*from, day);
    if (!q.from_ms) {
      return api_error(400, "bad_request", "from must be unix milliseconds or a day YYYY-MM-DD");
    }
  }
  if (auto to = query("to")) {
    bool day = false;
    q.until_ms = time_param(*to, day);
    if (!q.until_ms) {
      return api_error(400, "bad_request", "to must be unix milliseconds or a day YYYY-MM-DD");
    }
    if (day) *q.until_ms += day_ms;  // a day is included whole
  }
  for (auto [name, target, low, high] :
       {std::tuple{"limit", &q.limit, 1, max_limit}, std::tuple{"offset", &q.offset, 0, 1 << 30}}) {
    if (auto text = query(name)) {
      auto n = whole_number(*text);
      if (!n || *n < low || *n > high) {
        return api_error(400, "bad_request",
                         std::string(name) + " must be a whole number from " + std::to_string(low) +
                             " to " + std::to_string(high));
      }
      *target = static_cast<int>(*n);
    }
  }
  auto page = storage.find_records(q);
  if (!page) {
    spdlog::error("{}", page.error());
    return api_error(500, "storage_failed", "the records cannot be read now; try again later");
  }
  json records = json::array();
  for (const auto& r : page->records)
    records.push_back(record_summary_json(r));
  return {200, "application/json",
          protocol::to_json_text({{"records", records},
                                  {"total", page->total},
                                  {"limit", q.limit},
                                  {"offset", q.offset}})};
}

// ?ply=N: the position after move N (0: the start) with the structured view a client draws, read
// off the recorded position by the game's engine, so that a finished game can be drawn ply by ply
// long after its room has closed.
api_reply record_ply(const json& record, std::string_view name, const std::string& asked) {
  const json& moves = record["moves"];
  auto ply = whole_number(asked);
  if (!ply || *ply < 0 || *ply > static_cast<std::int64_t>(moves.size())) {
    return api_error(400, "bad_parameter",
                     "ply is a move number from 0 (the start) to " + std::to_string(moves.size()) +
                         ", not '" + asked.substr(0, 20) + "'");
  }
  const json& position = *ply == 0 ? record["start_position"] : moves[*ply - 1]["position"];
  auto spec = engine::parse_game_spec(record.value("spec", ""));
  if (!spec || !position.is_string()) {
    return api_error(500, "storage_failed", "the record's game or position cannot be read");
  }
  auto state = spec->game_ptr->state_from_text(static_cast<int>(record["players"].size()),
                                               spec->params, position.get<std::string>());
  if (!state) {
    return api_error(500, "storage_failed",
                     "the recorded position cannot be read: " + state.error().message);
  }
  json out{{"room", name}, {"ply", *ply}, {"position", position}, {"view", (*state)->view()}};
  if (*ply > 0) out["move"] = moves[*ply - 1]["move"];
  return {200, "application/json", protocol::to_json_text(out)};
}

api_reply one_record(store& storage, std::string_view name, const query_lookup& query) {
  std::string_view format = "json";
  if (auto dot = name.rfind('.'); dot != std::string_view::npos) {
    format = name.substr(dot + 1);
    name = name.substr(0, dot);
  }
  // Every record comes as JSON and as text; the formats games declare, for their games.
  const auto declared = engine::find_record_format(format);
  if (format != "json" && format != "txt" && !declared.format) {
    std::string known = ".json, .txt";
    const auto all = engine::declared_record_formats();
    for (std::size_t i = 0; i < all.size(); ++i)
      known += (i + 1 == all.size() ? " or ." : ", .") + std::string(all[i].format->name());
    if (all.empty()) known = ".json or .txt";
    return api_error(404, "not_found",
                     "records come as " + known + ", not ." + std::string(format));
  }
  auto loaded = storage.load_room(name);
  if (!loaded) {
    spdlog::error("{}", loaded.error());
    return api_error(500, "storage_failed", "the record cannot be read now; try again later");
  }
  if (!*loaded) return api_error(404, "unknown_room", "there is no room " + std::string(name));
  auto record = record_json(**loaded);
  if (!record) return api_error(404, "not_finished", record.error());
  if (auto ply = query("ply")) {
    if (format != "json") return api_error(400, "bad_parameter", "ply comes with .json records");
    return record_ply(*record, name, *ply);
  }
  if (format == "txt") return {200, "text/plain; charset=utf-8", record_text(*record)};
  if (declared.format) {
    // The format of this room's game by that name (several games may declare one each).
    const std::string game_key = record->value("game", "");
    engine::declared_record_format own;
    for (const auto& d : formats_of(game_key)) {
      if (d.format->name() == format) own = d;
    }
    if (!own.format) {
      return api_error(404, "not_archivable",
                       "room " + std::string(name) + " is a game of " + game_key +
                           ", which is not kept as ." + std::string(format));
    }
    auto game = recorded_game_of(*record, own);
    if (!game) return api_error(404, "not_archivable", game.error());
    auto text = write_games(own, {*game});
    if (!text) return api_error(404, "not_archivable", text.error());
    return {200, std::string(own.format->media_type()), std::move(*text)};
  }
  return {200, "application/json", protocol::to_json_text(*record)};
}

}  // namespace

api_reply serve_records(store& storage, std::string_view path, const query_lookup& query) {
  if (path == records_path || path == std::string(records_path) + "/") {
    return list_records(storage, query);
  }
  std::string_view name = path.substr(records_path.size() + 1);
  if (name.empty() || name.find('/') != std::string_view::npos) {
    return api_error(404, "not_found", "no such path: " + std::string(path));
  }
  return one_record(storage, name, query);
}

}  // namespace boardroom::server
