#include "protocol/events.hpp"

#include <type_traits>

namespace boardroom::protocol {

using nlohmann::json;

namespace events {

bool game_over::operator==(const game_over& o) const {
  if (error != o.error || outcome.has_value() != o.outcome.has_value()) return false;
  if (!outcome) return true;
  return outcome->ranks == o.outcome->ranks && outcome->scores == o.outcome->scores &&
         outcome->reason == o.outcome->reason && outcome->description == o.outcome->description;
}

}  // namespace events

namespace {

using namespace events;

template <class T>
constexpr std::string_view type_of() {
  if constexpr (std::is_same_v<T, player_joined>) return "player_joined";
  if constexpr (std::is_same_v<T, player_left>) return "player_left";
  if constexpr (std::is_same_v<T, player_dropped>) return "player_dropped";
  if constexpr (std::is_same_v<T, player_returned>) return "player_returned";
  if constexpr (std::is_same_v<T, game_started>) return "game_started";
  if constexpr (std::is_same_v<T, move>) return "move";
  if constexpr (std::is_same_v<T, seat_taken_over>) return "seat_taken_over";
  if constexpr (std::is_same_v<T, seat_retired>) return "seat_retired";
  if constexpr (std::is_same_v<T, forced>) return "forced";
  if constexpr (std::is_same_v<T, draw_offered>) return "draw_offered";
  if constexpr (std::is_same_v<T, draw_declined>) return "draw_declined";
  if constexpr (std::is_same_v<T, time_added>) return "time_added";
  if constexpr (std::is_same_v<T, berserk>) return "berserk";
  if constexpr (std::is_same_v<T, chat>) return "chat";
  if constexpr (std::is_same_v<T, chat_removed>) return "chat_removed";
  if constexpr (std::is_same_v<T, game_over>) return "game_over";
  if constexpr (std::is_same_v<T, room_closed>) return "room_closed";
}

json seat_to_move(const std::optional<int>& to_move) {
  return to_move ? json(*to_move) : json(nullptr);
}

// ---- writers: the fields of each type, besides type, room, version and at ----------------------

void write(json& j, const player_joined& e) {
  j["seat"] = e.seat;
  j["player"] = e.player;
  j["name"] = e.name;
  if (e.bot) j["bot"] = *e.bot;
}
void write(json& j, const player_left& e) {
  j["seat"] = e.seat;
  j["player"] = e.player;
  j["name"] = e.name;
  if (e.reason) j["reason"] = *e.reason;
}
void write(json& j, const player_dropped& e) {
  j["seat"] = e.seat;
  j["player"] = e.player;
  j["grace_ms"] = e.grace_ms;
}
void write(json& j, const player_returned& e) {
  j["seat"] = e.seat;
  j["player"] = e.player;
}
void write(json& j, const game_started& e) {
  json players = json::array();
  for (const auto& p : e.players)
    players.push_back({{"player", p.player}, {"name", p.name}});
  j["players"] = std::move(players);
  j["to_move"] = e.to_move;
  j["position"] = e.position;
  if (e.time_control) j["time_control"] = *e.time_control;
  if (e.clocks) j["clocks"] = *e.clocks;
  if (e.source) j["source"] = *e.source;
  if (e.to_act) j["to_act"] = *e.to_act;
  if (e.view) j["view"] = *e.view;
}
void write(json& j, const move& e) {
  j["seat"] = e.seat;
  j["move"] = e.played;
  j["ply"] = e.ply;
  j["to_move"] = seat_to_move(e.to_move);
  j["position"] = e.position;
  if (e.clocks) j["clocks"] = *e.clocks;
  if (e.to_act) j["to_act"] = *e.to_act;
  if (e.view) j["view"] = *e.view;
}
void write(json& j, const seat_taken_over& e) {
  j["seat"] = e.seat;
  j["player"] = e.player;
  j["bot"] = e.bot;
  j["reason"] = e.reason;
}
void write(json& j, const seat_retired& e) {
  j["seat"] = e.seat;
  j["player"] = e.player;
  j["reason"] = e.reason;
  j["to_move"] = seat_to_move(e.to_move);
  j["position"] = e.position;
  if (e.clocks) j["clocks"] = *e.clocks;
  if (e.to_act) j["to_act"] = *e.to_act;
  if (e.view) j["view"] = *e.view;
}
void write(json& j, const forced& e) {
  j["kind"] = engine::forced_name(e.kind);
  j["seat"] = e.seat;
  j["description"] = e.description;
}
void write(json& j, const draw_offered& e) {
  j["seat"] = e.seat;
}
void write(json& j, const draw_declined& e) {
  j["seat"] = e.seat;
}
void write(json& j, const time_added& e) {
  j["seat"] = e.seat;
  j["added_ms"] = e.added_ms;
  j["clocks"] = e.clocks;
}
void write(json& j, const berserk& e) {
  j["seat"] = e.seat;
  j["clocks"] = e.clocks;
}
void write(json& j, const chat& e) {
  j["channel"] = e.channel;
  if (e.hidden) {
    j["hidden"] = true;
    return;
  }
  j["player"] = e.player;
  j["name"] = e.name;
  j["text"] = e.text;
}
void write(json& j, const chat_removed& e) {
  j["line"] = e.line;
}
void write(json& j, const game_over& e) {
  j["outcome"] = e.outcome ? outcome_to_json(*e.outcome) : json(nullptr);
  if (e.error) j["error"] = *e.error;
}
void write(json&, const room_closed&) {}

// ---- readers: json::exception on a missing field or one of the wrong shape ----------------------

template <class T>
std::optional<T> optional_field(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<T>();
}

std::optional<json> optional_json(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return *it;
}

event_body read(std::string_view type, const json& j) {
  if (type == "player_joined") {
    return player_joined{j.at("seat").get<int>(), j.at("player").get<std::string>(),
                         j.at("name").get<std::string>(), optional_field<std::string>(j, "bot")};
  }
  if (type == "player_left") {
    return player_left{j.at("seat").get<int>(), j.at("player").get<std::string>(),
                       j.at("name").get<std::string>(), optional_field<std::string>(j, "reason")};
  }
  if (type == "player_dropped") {
    return player_dropped{j.at("seat").get<int>(), j.at("player").get<std::string>(),
                          j.value("grace_ms", std::int64_t{0})};
  }
  if (type == "player_returned") {
    return player_returned{j.at("seat").get<int>(), j.at("player").get<std::string>()};
  }
  if (type == "game_started") {
    game_started e;
    for (const json& p : j.at("players"))
      e.players.push_back({p.at("player").get<std::string>(), p.at("name").get<std::string>()});
    e.to_move = j.at("to_move").get<int>();
    e.position = j.at("position").get<std::string>();
    e.time_control = optional_field<std::string>(j, "time_control");
    e.clocks = optional_json(j, "clocks");
    e.source = optional_json(j, "source");
    e.to_act = optional_json(j, "to_act");
    e.view = optional_json(j, "view");
    return e;
  }
  if (type == "move") {
    return move{j.at("seat").get<int>(),
                j.at("ply").get<std::int64_t>(),
                j.at("move").get<std::string>(),
                optional_field<int>(j, "to_move"),
                j.at("position").get<std::string>(),
                optional_json(j, "clocks"),
                optional_json(j, "to_act"),
                optional_json(j, "view")};
  }
  if (type == "seat_taken_over") {
    return seat_taken_over{j.at("seat").get<int>(), j.at("player").get<std::string>(),
                           j.at("bot").get<std::string>(), j.value("reason", std::string())};
  }
  if (type == "seat_retired") {
    return seat_retired{j.at("seat").get<int>(),
                        j.at("player").get<std::string>(),
                        j.value("reason", std::string()),
                        optional_field<int>(j, "to_move"),
                        j.at("position").get<std::string>(),
                        optional_json(j, "clocks"),
                        optional_json(j, "to_act"),
                        optional_json(j, "view")};
  }
  if (type == "forced") {
    const std::string kind = j.at("kind").get<std::string>();
    auto known = engine::forced_from_name(kind);
    if (!known) throw std::invalid_argument("an unknown kind '" + kind + "'");
    return forced{*known, j.at("seat").get<int>(), j.value("description", std::string())};
  }
  if (type == "draw_offered") return draw_offered{j.at("seat").get<int>()};
  if (type == "draw_declined") return draw_declined{j.value("seat", -1)};
  if (type == "time_added") {
    return time_added{j.at("seat").get<int>(), j.at("added_ms").get<std::int64_t>(),
                      j.at("clocks")};
  }
  if (type == "berserk") return berserk{j.at("seat").get<int>(), j.at("clocks")};
  if (type == "chat") {
    if (j.value("hidden", false)) return chat{j.at("channel").get<std::string>(), "", "", "", true};
    return chat{j.at("channel").get<std::string>(), j.at("player").get<std::string>(),
                j.at("name").get<std::string>(), j.at("text").get<std::string>(), false};
  }
  if (type == "chat_removed") return chat_removed{j.at("line").get<std::int64_t>()};
  if (type == "game_over") {
    game_over e;
    if (const json& o = j.at("outcome"); !o.is_null()) e.outcome = outcome_from_json(o);
    e.error = optional_field<std::string>(j, "error");
    return e;
  }
  if (type == "room_closed") return room_closed{};
  throw std::invalid_argument("an unknown type of event");
}

}  // namespace

std::string_view event_type(const event_body& body) {
  return std::visit([](const auto& e) { return type_of<std::decay_t<decltype(e)>>(); }, body);
}

bool changes_position(const event_body& body) {
  return std::holds_alternative<game_started>(body) || std::holds_alternative<move>(body) ||
         std::holds_alternative<seat_retired>(body) || std::holds_alternative<game_over>(body);
}

json to_json(const event& e) {
  json j{{"type", event_type(e.body)}, {"room", e.room}, {"version", e.version}, {"at", e.at}};
  std::visit([&](const auto& body) { write(j, body); }, e.body);
  return j;
}

std::expected<event, error> event_from_json(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
    return std::unexpected(app_error("bad_event", "an event is an object with a string type"));
  }
  const std::string type = j["type"];
  try {
    return event{j.at("room").get<std::string>(), j.at("version").get<std::int64_t>(),
                 j.value("at", std::int64_t{0}), read(type, j)};
  } catch (const std::exception& ex) {  // a missing field, one of the wrong shape, a bad type
    return std::unexpected(app_error("bad_event", type + ": " + ex.what()));
  }
}

json outcome_to_json(const engine::outcome& result) {
  return {{"ranks", result.ranks},
          {"scores", result.scores},
          {"winners", result.winners()},
          {"reason", result.reason},
          {"description", result.description}};
}

engine::outcome outcome_from_json(const json& j) {
  engine::outcome o;
  o.ranks = j.at("ranks").get<std::vector<int>>();
  o.scores = j.at("scores").get<std::vector<double>>();
  o.reason = j.at("reason").get<std::string>();
  o.description = j.value("description", "");
  return o;
}

}  // namespace boardroom::protocol
