#include "server/records/records.hpp"

#include <ctime>
#include <map>
#include <set>

#include "engine/core/registry.hpp"
#include "engine/core/text.hpp"
#include "protocol/events.hpp"

namespace boardroom::server {

using nlohmann::json;

std::string utc_text(std::int64_t unix_ms) {
  std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &parts);
  char millis[8];
  std::snprintf(millis, sizeof millis, ".%03dZ", static_cast<int>(unix_ms % 1000));
  return std::string(buffer) + millis;
}

std::expected<json, std::string> record_json(const stored_room& stored) {
  const room_record& room = stored.record;
  json record{{"format", record_format},
              {"format_version", record_format_version},
              {"room", room.id},
              {"game", room.game},
              {"spec", room.spec},
              {"params", json::parse(room.params, nullptr, false)},
              // As text: 64-bit values do not survive JavaScript's numbers.
              {"seed", std::to_string(room.seed)},
              {"public", room.is_public},
              {"practice", room.practice},
              {"created_at", room.created_ms},
              {"time_control", room.time_control.empty() ? "none" : room.time_control}};
  namespace ev = protocol::events;
  std::map<std::string, std::string> bots;  // player id -> bot name
  json moves = json::array();
  json retirements = json::array();
  json berserk = json::array();  // seats, in the order they went berserk
  json chat = json::array();     // the lines not removed
  std::set<std::int64_t> removed;
  bool started = false;
  for (const stored_event& stored_e : stored.events) {
    auto e = protocol::event_from_json(json::parse(stored_e.body, nullptr, false));
    if (!e) {
      return std::unexpected("event " + std::to_string(stored_e.version) + ": " +
                             e.error().message);
    }
    if (const auto* joined = std::get_if<ev::player_joined>(&e->body); joined && joined->bot) {
      bots[joined->player] = *joined->bot;
    } else if (const auto* start = std::get_if<ev::game_started>(&e->body)) {
      started = true;
      json players = json::array();
      for (std::size_t i = 0; i < start->players.size(); ++i) {
        const auto& p = start->players[i];
        json entry{{"seat", i}, {"player", p.player}, {"name", p.name}};
        if (auto b = bots.find(p.player); b != bots.end()) entry["bot"] = b->second;
        players.push_back(std::move(entry));
      }
      record["players"] = std::move(players);
      record["started_at"] = e->at;
      record["start_position"] = start->position;
      if (start->time_control) record["time_control"] = *start->time_control;
      if (start->clocks) record["start_clocks"] = *start->clocks;
      if (start->source) record["source"] = *start->source;
    } else if (const auto* m = std::get_if<ev::move>(&e->body)) {
      json move{{"ply", m->ply},
                {"seat", m->seat},
                {"move", m->played},
                {"at", e->at},
                {"position", m->position}};
      if (m->clocks) move["clocks"] = *m->clocks;
      moves.push_back(std::move(move));
    } else if (const auto* r = std::get_if<ev::seat_retired>(&e->body)) {
      // Where it happened in the game: after this many moves (a replay retires the seat there).
      retirements.push_back({{"after_ply", moves.size()},
                             {"seat", r->seat},
                             {"reason", r->reason},
                             {"at", e->at},
                             {"position", r->position}});
    } else if (const auto* b = std::get_if<ev::berserk>(&e->body)) {
      berserk.push_back(b->seat);
    } else if (const auto* said = std::get_if<ev::chat>(&e->body)) {
      chat.push_back({{"line", e->version},
                      {"at", e->at},
                      {"channel", said->channel},
                      {"player", said->player},
                      {"name", said->name},
                      {"text", said->text}});
    } else if (const auto* gone = std::get_if<ev::chat_removed>(&e->body)) {
      removed.insert(gone->line);
    } else if (const auto* over = std::get_if<ev::game_over>(&e->body)) {
      if (!over->outcome) return std::unexpected("the game in room " + room.id + " never started");
      record["outcome"] = protocol::outcome_to_json(*over->outcome);
      record["finished_at"] = e->at;
    }
  }
  if (!started || !record.contains("outcome")) {
    return std::unexpected("the game in room " + room.id + " is not over");
  }
  record["moves"] = std::move(moves);
  if (!retirements.empty()) record["retirements"] = std::move(retirements);
  if (!berserk.empty()) record["berserk"] = std::move(berserk);
  // A removed line leaves the record too; the others are kept, both channels, once the game is
  // over.
  json kept_chat = json::array();
  for (auto& l : chat) {
    if (!removed.contains(l["line"].get<std::int64_t>())) kept_chat.push_back(std::move(l));
  }
  if (!kept_chat.empty()) record["chat"] = std::move(kept_chat);
  return record;
}

std::string record_text(const json& record) {
  // Every value goes through escape(): a name, a note or an imported field holding a newline or
  // a tab would otherwise add lines or fields of its own. Names are checked when they arrive,
  // but the store keeps names from before that check, and archives are imported as they are.
  const auto text = [](const json& object, const char* key) {
    const json value = object.value(key, json(""));
    return engine::text::escape(value.is_string() ? value.get<std::string>() : value.dump());
  };
  std::vector<std::string> roles;
  if (const auto* g = engine::find_game(record.value("game", ""))) {
    roles = g->player_names(static_cast<int>(record["players"].size()));
  }
  std::string out = "# boardroom record of room " + text(record, "room") + "\n";
  out += "# game: " + text(record, "spec") + "\n";
  for (const json& p : record["players"]) {
    int seat = p["seat"];
    out += "# seat " + std::to_string(seat) + ": " + text(p, "name") + " (" + text(p, "player") +
           (p.contains("bot") ? ", bot " + text(p, "bot") : "") + ")" +
           (seat < static_cast<int>(roles.size()) ? " plays " + roles[seat] : "") + "\n";
  }
  out += "# time control: " +
         (record.contains("time_control") ? text(record, "time_control") : "none") + "\n";
  out += "# started: " + utc_text(record.value("started_at", std::int64_t{0})) + "\n";
  const json retirements = record.value("retirements", json::array());
  auto retired_after = [&](std::size_t ply) {
    for (const json& r : retirements) {
      if (r.value("after_ply", std::size_t{0}) == ply) {
        out += "# seat " + std::to_string(r.value("seat", -1)) + " retired (" + text(r, "reason") +
               ")\n";
      }
    }
  };
  retired_after(0);
  for (const json& m : record["moves"]) {
    out += std::to_string(m.value("ply", 0)) + "\t" + std::to_string(m.value("seat", -1)) + "\t" +
           text(m, "move") + "\n";
    retired_after(m.value("ply", std::size_t{0}));
  }
  out += "# finished: " + utc_text(record.value("finished_at", std::int64_t{0})) + "\n";
  const json& outcome = record["outcome"];
  out += "# result: " + text(outcome, "reason") + ": " + text(outcome, "description") + "\n";
  std::string ranks;
  for (std::size_t i = 0; i < outcome["ranks"].size() && i < record["players"].size(); ++i) {
    if (!ranks.empty()) ranks += ", ";
    ranks += text(record["players"][i], "name") + " " + outcome["ranks"][i].dump();
  }
  out += "# ranks: " + ranks + "\n";
  return out;
}

json record_summary_json(const record_summary& s) {
  json players = json::array();
  for (const auto& p : s.players)
    players.push_back({{"seat", p.seat}, {"player", p.player}, {"name", p.name}});
  return {{"room", s.room},
          {"game", s.game},
          {"spec", s.spec},
          {"created_at", s.created_ms},
          {"finished_at", s.finished_ms},
          {"players", players},
          {"outcome", json::parse(s.outcome, nullptr, false)}};
}

}  // namespace boardroom::server
