#include "server/records/arimaa_records.hpp"

#include <cctype>

#include "engine/core/registry.hpp"
#include "server/rooms/outcome_json.hpp"
#include "server/records/records.hpp"
#include "server/rooms/time_control.hpp"

namespace boardroom::server {

using nlohmann::json;
namespace arimaa = engine::arimaa;

namespace {

// The archive's termination codes and the outcome reasons they stand for.
constexpr std::pair<char, const char*> terminations[] = {
    {'g', "goal"},        {'m', "immobilization"}, {'e', "elimination"},
    {'t', "timeout"},     {'r', "resignation"},    {'i', "illegal_move"},
    {'a', "abandonment"}, {'f', "forfeit"},        {'s', "game_time_limit"}};

// Endings of boardroom's own that the archive knows under another code: leaving a running game
// is giving it up, and a bot that cannot move has forfeited.
constexpr std::pair<char, const char*> export_only_terminations[] = {{'r', "left"},
                                                                     {'f', "bot_failed"}};

constexpr std::string_view time_control_prefix = "arimaa:";

// "12w Ed2n": a whole turn or setup has a tag; a step played on its own has none.
bool is_whole_turn(const std::string& move) {
  return !move.empty() && std::isdigit(static_cast<unsigned char>(move[0]));
}

}  // namespace

identity_record archive_importer_identity(std::int64_t now_ms) {
  return {archive_importer, "archive import", "-", now_ms};
}

std::expected<arimaa::archive_game, std::string> archive_game_of(const json& record) {
  if (record.value("game", "") != "arimaa") {
    return std::unexpected("room " + record.value("room", "") + " is not an Arimaa game");
  }
  const json& players = record.at("players");
  const json& outcome = record.at("outcome");
  if (players.size() != 2 || outcome.value("ranks", json()).size() != 2) {
    return std::unexpected("an Arimaa record has two players");
  }
  arimaa::archive_game g;
  const json source = record.value("source", json::object());
  g.id = source.value("format", "") == "arimaa-archive" ? source.value("id", "")
                                                        : record.value("room", "");
  g.gold = players[0].value("name", "");
  g.silver = players[1].value("name", "");
  const json ranks = outcome["ranks"];
  if (ranks == json({1, 2})) {
    g.result = 'w';
  } else if (ranks == json({2, 1})) {
    g.result = 'b';
  } else {
    return std::unexpected("the archive has no result for ranks " + ranks.dump());
  }
  const std::string reason = outcome.value("reason", "");
  for (auto [code, name] : terminations) {
    if (reason == name) g.termination = code;
  }
  for (auto [code, name] : export_only_terminations) {
    if (reason == name) g.termination = code;
  }
  if (g.termination == '?') {
    return std::unexpected("the archive has no termination code for '" + reason + "'");
  }
  const json tc_field = record.value("time_control", json("none"));
  std::string tc = tc_field.is_string() ? tc_field.get<std::string>() : "none";
  if (tc.starts_with(time_control_prefix)) tc.erase(0, time_control_prefix.size());
  g.time_control = tc == "none" ? "" : tc;
  g.start_ts = record.value("started_at", std::int64_t{0}) / 1000;
  g.end_ts = record.value("finished_at", std::int64_t{0}) / 1000;
  for (const json& m : record.at("moves")) {
    std::string text = m.value("move", "");
    if (!is_whole_turn(text)) continue;
    g.received[text.substr(0, text.find(' '))] = m.value("at", std::int64_t{0}) / 1000;
    g.turns.push_back(std::move(text));
  }
  for (const json& f : source.value("refused", json::array())) {
    g.refused.push_back({f.value("tag", ""), f.value("steps", ""), f.value("reason", "")});
  }
  return g;
}

std::string imported_room_id(const arimaa::archive_game& game) {
  return "arimaa-" + game.id;
}

std::expected<imported_game, std::string> import_archive_game(const arimaa::archive_game& game) {
  if (game.id.empty()) return std::unexpected("line " + std::to_string(game.line) + ": no id");
  auto report = arimaa::replay(game);
  if (!report.agrees) return std::unexpected(arimaa::report_line(report));

  auto spec = engine::parse_game_spec("arimaa");
  if (!spec) return std::unexpected(spec.error().message);
  auto made = spec->game_ptr->new_state(2, spec->params, 0);
  if (!made) return std::unexpected(made.error().message);
  engine::state& st = **made;

  imported_game out;
  const std::string room = imported_room_id(game);
  const std::int64_t start_ms = game.start_ts * 1000;
  const std::int64_t end_ms = std::max(game.end_ts * 1000, start_ms);
  auto add = [&](const std::string& type, json fields, std::int64_t at) {
    const std::int64_t version = static_cast<std::int64_t>(out.events.size()) + 1;
    fields["room"] = room;
    fields["version"] = version;
    fields["type"] = type;
    fields["at"] = at;
    out.events.push_back({version, fields.dump()});
  };
  // The turns the archive's server refused: they are part of the game's history (an
  // illegal-move ending is one), so an export writes them back.
  json source{{"format", "arimaa-archive"}, {"id", game.id}};
  for (const auto& f : game.refused) {
    source["refused"].push_back({{"tag", f.tag}, {"steps", f.steps}, {"reason", f.reason}});
  }
  json players = json::array();
  const std::string names[2] = {game.gold.empty() ? "Gold" : game.gold,
                                game.silver.empty() ? "Silver" : game.silver};
  for (int seat = 0; seat < 2; ++seat) {
    json p{{"player", "arimaa:" + names[seat]}, {"name", names[seat]}};
    add("player_joined", {{"seat", seat}, {"player", p["player"]}, {"name", p["name"]}}, start_ms);
    players.push_back(std::move(p));
  }
  add("game_started",
      {{"players", players},
       {"to_move", st.current_player()},
       {"position", st.to_text()},
       {"time_control", game.time_control.empty()
                            ? std::string("none")
                            : std::string(time_control_prefix) + game.time_control},
       {"source", source}},
      start_ms);
  int ply = 0;
  std::int64_t last_ms = start_ms;
  for (const std::string& turn : game.turns) {
    const int mover = st.current_player();
    auto played = st.play(turn);
    if (!played) return std::unexpected(turn + ": " + played.error().message);  // replay() passed
    auto received = game.received.find(turn.substr(0, turn.find(' ')));
    if (received != game.received.end()) last_ms = std::max(last_ms, received->second * 1000);
    add("move",
        {{"seat", mover},
         {"move", *played},
         {"ply", ++ply},
         {"to_move", st.is_terminal() ? json(nullptr) : json(st.current_player())},
         {"position", st.to_text()}},
        last_ms);
  }
  json outcome;
  if (st.is_terminal()) {
    outcome = outcome_to_json(*st.outcome());
  } else {
    // Ended by the server (a resignation, a flag fall, ...): the archive says who won and why.
    engine::outcome o;
    const int winner = game.result == 'w' ? 0 : 1;
    o.ranks = {winner == 0 ? 1 : 2, winner == 1 ? 1 : 2};
    o.scores = {winner == 0 ? 1.0 : 0.0, winner == 1 ? 1.0 : 0.0};
    for (auto [code, name] : terminations) {
      if (code == game.termination) o.reason = name;
    }
    if (o.reason.empty() || (game.result != 'w' && game.result != 'b')) {
      return std::unexpected("line " + std::to_string(game.line) + ": result '" +
                             std::string(1, game.result) + "' and termination '" +
                             std::string(1, game.termination) + "' are not an archive ending");
    }
    o.description = std::string(winner == 0 ? "Gold" : "Silver") + " wins by " + o.reason;
    outcome = outcome_to_json(o);
  }
  add("game_over", {{"outcome", outcome}}, std::max(end_ms, last_ms));

  json params = json::object();
  for (const auto& [k, v] : spec->params)
    params[k] = engine::param_json(v);
  out.room = {.id = room,
              .game = "arimaa",
              .spec = spec->text(),
              .params = params.dump(),
              .seats = 2,
              .is_public = true,
              .invite_code = "",
              .creator = archive_importer,
              .seed = 0,
              .bots = {},
              .practice = false,
              .auto_start = true,
              .status = room_status::finished,
              .created_ms = start_ms,
              .time_control = "none"};
  // The room's column holds the canonical text when the server can read the archive's control;
  // game_started keeps the archive's own words either way.
  if (!game.time_control.empty()) {
    auto tc = parse_time_control(std::string(time_control_prefix) + game.time_control);
    out.room.time_control =
        tc ? time_control_text(*tc) : std::string(time_control_prefix) + game.time_control;
  }
  return out;
}

}  // namespace boardroom::server
