#include "server/records/game_formats.hpp"

#include <algorithm>

#include "engine/core/registry.hpp"
#include "server/rooms/outcome_json.hpp"
#include "server/rooms/time_control.hpp"

namespace boardroom::server {

using nlohmann::json;

identity_record archive_importer_identity(std::int64_t now_ms) {
  return {archive_importer, "archive import", "-", now_ms};
}

std::vector<engine::declared_record_format> formats_of(std::string_view game_key) {
  std::vector<engine::declared_record_format> out;
  for (const auto& d : engine::declared_record_formats()) {
    if (d.game->key() == game_key) out.push_back(d);
  }
  return out;
}

std::expected<engine::recorded_game, std::string> recorded_game_of(
    const json& record, const engine::declared_record_format& format) {
  if (record.value("game", "") != format.game->key()) {
    return std::unexpected("room " + record.value("room", "") + " is not a game of " +
                           std::string(format.game->display_name()));
  }
  engine::recorded_game g;
  try {
    g.id = record.value("room", "");
    for (const json& p : record.at("players"))
      g.players.push_back(p.value("name", ""));
    const json tc = record.value("time_control", json("none"));
    g.time_control = tc.is_string() ? tc.get<std::string>() : "none";
    g.started_ms = record.value("started_at", std::int64_t{0});
    g.finished_ms = record.value("finished_at", std::int64_t{0});
    for (const json& m : record.at("moves"))
      g.moves.push_back({m.value("move", ""), m.value("at", std::int64_t{0})});
    const json& outcome = record.at("outcome");
    engine::outcome o;
    for (const json& r : outcome.value("ranks", json::array()))
      o.ranks.push_back(r.get<int>());
    for (const json& s : outcome.value("scores", json::array()))
      o.scores.push_back(s.get<double>());
    o.reason = outcome.value("reason", "");
    o.description = outcome.value("description", "");
    g.ending = std::move(o);
    g.source = record.value("source", json::object());
  } catch (const json::exception& e) {
    return std::unexpected("room " + record.value("room", "") + ": the record is incomplete");
  }
  if (auto ok = format.format->writable(g); !ok) return std::unexpected(ok.error());
  return g;
}

std::expected<std::string, std::string> write_games(
    const engine::declared_record_format& format, const std::vector<engine::recorded_game>& games) {
  return format.format->write(games);
}

std::expected<imported_game, std::string> import_game(
    const engine::recorded_game& game, const engine::declared_record_format& format) {
  const std::string name(format.format->name());
  auto spec = engine::parse_game_spec(format.game->key());
  if (!spec) return std::unexpected(spec.error().message);
  const int seats = static_cast<int>(game.players.size());
  auto made = spec->game_ptr->new_state(seats, spec->params, 0);
  if (!made) return std::unexpected(made.error().message);
  engine::state& st = **made;

  imported_game out;
  const std::string room = name + "-" + game.id;
  auto add = [&](const std::string& type, json fields, std::int64_t at) {
    const std::int64_t version = static_cast<std::int64_t>(out.events.size()) + 1;
    fields["room"] = room;
    fields["version"] = version;
    fields["type"] = type;
    fields["at"] = at;
    out.events.push_back({version, fields.dump()});
  };
  json players = json::array();
  for (int seat = 0; seat < seats; ++seat) {
    json p{{"player", name + ":" + game.players[seat]}, {"name", game.players[seat]}};
    add("player_joined", {{"seat", seat}, {"player", p["player"]}, {"name", p["name"]}},
        game.started_ms);
    players.push_back(std::move(p));
  }
  add("game_started",
      {{"players", players},
       {"to_move", st.current_player()},
       {"position", st.to_text()},
       {"time_control", game.time_control},
       {"source", game.source}},
      game.started_ms);
  int ply = 0;
  for (const engine::recorded_move& m : game.moves) {
    const int mover = st.current_player();
    auto played = st.play(m.move);
    if (!played) return std::unexpected(m.move + ": " + played.error().message);
    add("move",
        {{"seat", mover},
         {"move", *played},
         {"ply", ++ply},
         {"to_move", st.is_terminal() ? json(nullptr) : json(st.current_player())},
         {"position", st.to_text()}},
        m.at_ms);
  }
  json outcome;
  if (st.is_terminal()) {
    outcome = outcome_to_json(*st.outcome());
  } else if (game.ending) {
    outcome = outcome_to_json(*game.ending);  // ended by its server: a resignation, a flag fall
  } else {
    return std::unexpected("game " + game.id + ": its moves do not end it and it has no ending");
  }
  add("game_over", {{"outcome", outcome}}, game.finished_ms);

  json params = json::object();
  for (const auto& [k, v] : spec->params)
    params[k] = engine::param_json(v);
  out.room = {.id = room,
              .game = std::string(format.game->key()),
              .spec = spec->text(),
              .params = params.dump(),
              .seats = seats,
              .is_public = true,
              .invite_code = "",
              .creator = archive_importer,
              .seed = 0,
              .bots = {},
              .practice = false,
              .auto_start = true,
              .status = room_status::finished,
              .created_ms = game.started_ms,
              .time_control = "none"};
  // The room's column holds the canonical text when the server can read the file's control;
  // game_started keeps the file's own words either way.
  if (game.time_control != "none") {
    auto tc = parse_time_control(game.time_control);
    out.room.time_control = tc ? time_control_text(*tc) : game.time_control;
  }
  return out;
}

}  // namespace boardroom::server
