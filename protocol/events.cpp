#include "protocol/events.hpp"

#include <type_traits>

#include "engine/core/json_writer.hpp"
#include "protocol/rpc.hpp"

namespace boardroom::protocol {

using engine::json_writer;
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

// A document inside an event (clocks, to_act, an outcome): written as nlohmann writes it.
void write_document(json_writer& w, std::string_view key, const json& j) {
  w.key(key);
  w.raw(to_json_text(j));
}

// [{"decision": "move", "seat": 0}]: the keys in the order a document would dump them.
void write_to_act(json_writer& w, const std::vector<engine::actor>& acting) {
  w.array([&] {
    for (const auto& a : acting) {
      w.object([&] {
        w.field("decision", engine::decision_name(a.kind));
        w.field("seat", a.player);
      });
    }
  });
}

// What the events that lead to a position (a start, a move, a retirement) end with.
template <class E>
void write_position(json_writer& w, const E& e) {
  w.field("to_move", e.to_move);
  w.field("position", e.position);
  if (e.clocks) write_document(w, "clocks", *e.clocks);
  if (e.to_act) {
    w.key("to_act");
    write_to_act(w, *e.to_act);
  }
  if (e.view) write_document(w, "view", *e.view);
}

// ---- writers: the fields of each type, besides type, room, version and at ----------------------

void write(json_writer& w, const player_joined& e) {
  w.field("seat", e.seat);
  w.field("player", e.player);
  w.field("name", e.name);
  if (e.bot) w.field("bot", *e.bot);
}
void write(json_writer& w, const player_left& e) {
  w.field("seat", e.seat);
  w.field("player", e.player);
  w.field("name", e.name);
  if (e.reason) w.field("reason", *e.reason);
}
void write(json_writer& w, const player_dropped& e) {
  w.field("seat", e.seat);
  w.field("player", e.player);
  w.field("grace_ms", e.grace_ms);
}
void write(json_writer& w, const player_returned& e) {
  w.field("seat", e.seat);
  w.field("player", e.player);
}
void write(json_writer& w, const game_started& e) {
  w.key("players");
  w.array([&] {
    for (const auto& p : e.players) {
      w.object([&] {
        w.field("player", p.player);
        w.field("name", p.name);
      });
    }
  });
  if (e.time_control) w.field("time_control", *e.time_control);
  if (e.source) write_document(w, "source", *e.source);
  write_position(w, e);
}
void write(json_writer& w, const move& e) {
  w.field("seat", e.seat);
  w.field("move", e.played);
  w.field("ply", e.ply);
  write_position(w, e);
}
void write(json_writer& w, const seat_taken_over& e) {
  w.field("seat", e.seat);
  w.field("player", e.player);
  w.field("bot", e.bot);
  w.field("reason", e.reason);
}
void write(json_writer& w, const seat_retired& e) {
  w.field("seat", e.seat);
  w.field("player", e.player);
  w.field("reason", e.reason);
  write_position(w, e);
}
void write(json_writer& w, const forced& e) {
  w.field("kind", engine::forced_name(e.kind));
  w.field("seat", e.seat);
  w.field("description", e.description);
}
void write(json_writer& w, const draw_offered& e) {
  w.field("seat", e.seat);
}
void write(json_writer& w, const draw_declined& e) {
  w.field("seat", e.seat);
}
void write(json_writer& w, const time_added& e) {
  w.field("seat", e.seat);
  w.field("added_ms", e.added_ms);
  write_document(w, "clocks", e.clocks);
}
void write(json_writer& w, const berserk& e) {
  w.field("seat", e.seat);
  write_document(w, "clocks", e.clocks);
}
void write(json_writer& w, const chat& e) {
  w.field("channel", e.channel);
  if (e.hidden) {
    w.field("hidden", true);
    return;
  }
  w.field("player", e.player);
  w.field("name", e.name);
  w.field("text", e.text);
}
void write(json_writer& w, const chat_removed& e) {
  w.field("line", e.line);
}
void write(json_writer& w, const game_over& e) {
  if (e.outcome) {
    write_document(w, "outcome", outcome_to_json(*e.outcome));
  } else {
    w.field("outcome", nullptr);
  }
  if (e.error) w.field("error", *e.error);
}
void write(json_writer&, const room_closed&) {}

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

std::optional<std::vector<engine::actor>> optional_to_act(const json& j) {
  auto it = j.find("to_act");
  if (it == j.end() || it->is_null()) return std::nullopt;
  std::vector<engine::actor> acting;
  for (const json& a : it->get_ref<const json::array_t&>()) {
    const auto name = a.at("decision").get<std::string>();
    auto kind = engine::decision_from_name(name);
    if (!kind) throw std::invalid_argument("an unknown decision '" + name + "'");
    acting.push_back({a.at("seat").get<int>(), *kind});
  }
  return acting;
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
    e.to_act = optional_to_act(j);
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
                optional_to_act(j),
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
                        optional_to_act(j),
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

json to_act_json(const std::vector<engine::actor>& acting) {
  json_writer w;
  write_to_act(w, acting);
  return json::parse(w.text());
}

std::string to_json_text(const event& e) {
  engine::json_writer w;
  w.object([&] {
    w.field("type", event_type(e.body));
    w.field("room", e.room);
    w.field("version", e.version);
    w.field("at", e.at);
    std::visit([&](const auto& body) { write(w, body); }, e.body);
  });
  return std::move(w).text();
}

json to_json(const event& e) {
  return json::parse(to_json_text(e));
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
