#include "server/records/record_verify.hpp"

#include <cmath>

#include "engine/core/registry.hpp"
#include "server/match/match.hpp"
#include "server/records/records.hpp"
#include "server/rooms/outcome_json.hpp"

namespace boardroom::server {

using nlohmann::json;
namespace ev = protocol::events;

namespace {

// What a record must hold before anything can be checked; "" when it does.
std::string missing_field(const json& record) {
  if (!record.is_object()) return "a record is a JSON object";
  if (record.value("format", "") != record_format) {
    return std::string("the \"format\" field is not \"") + record_format + "\"";
  }
  for (const char* name : {"spec", "seed"}) {
    if (!record.contains(name) || !record[name].is_string()) {
      return std::string("the record has no \"") + name + "\" text";
    }
  }
  for (const char* name : {"players", "moves"}) {
    if (!record.contains(name) || !record[name].is_array()) {
      return std::string("the record has no \"") + name + "\" list";
    }
  }
  if (!record.contains("outcome") || !record["outcome"].is_object()) {
    return "the record has no outcome";
  }
  return "";
}

std::string describe(std::size_t index, const json& move) {
  return "move " + std::to_string(index + 1) + " (ply " + move.value("ply", json()).dump() +
         ", seat " + move.value("seat", json()).dump() + ") '" + move.value("move", "?") + "'";
}

bool same_scores(const json& recorded, const std::vector<double>& engine) {
  if (!recorded.is_array() || recorded.size() != engine.size()) return false;
  for (std::size_t i = 0; i < engine.size(); ++i) {
    if (!recorded[i].is_number() || std::abs(recorded[i].get<double>() - engine[i]) > 1e-9) {
      return false;
    }
  }
  return true;
}

std::optional<int> to_move(const engine::state& st) {
  return st.is_terminal() ? std::nullopt : std::optional<int>(st.current_player());
}

// The record's game folded through the match, as a room folds its log: the record is turned back
// into the events it was built from, and each must fit the game.
class replay {
 public:
  explicit replay(match m) : match_(std::move(m)) {}

  std::string fold(protocol::event_body body) {
    auto ok = match_.fold({"", match_.version() + 1, 0, std::move(body)});
    return ok ? "" : ok.error();
  }
  const match& game() const { return match_; }

  // Retires the seats the record retires after `ply` moves; "" or what is wrong.
  std::string retire_after(const json& record, std::size_t ply) {
    if (!record.contains("retirements")) return "";
    if (!record["retirements"].is_array()) return "the retirements are not a list";
    for (const json& r : record["retirements"]) {
      if (!r.is_object() || r.value("after_ply", json()) != json(ply)) continue;
      const json seat = r.value("seat", json());
      const std::string where =
          "the retirement of seat " + seat.dump() + " after ply " + std::to_string(ply);
      if (!seat.is_number_integer()) return where + ": no seat";
      auto after = match_.state()->clone();
      if (auto done = after->retire(seat.get<int>()); !done) {
        return where + " is refused: " + done.error().message;
      }
      const json recorded = r.value("position", json(after->to_text()));
      if (!recorded.is_string() || !shows_position(*after, recorded.get<std::string>())) {
        return where + " leads to " + after->to_text() + ", not to the recorded " + recorded.dump();
      }
      if (auto problem =
              fold(ev::seat_retired{seat.get<int>(), "", r.value("reason", ""), to_move(*after),
                                    after->to_text(), std::nullopt, std::nullopt, std::nullopt});
          !problem.empty()) {
        return where + ": " + problem;
      }
    }
    return "";
  }

 private:
  match match_;
};

}  // namespace

verify_report verify_record(const json& record) {
  verify_report report;
  if (auto problem = missing_field(record); !problem.empty()) {
    report.message = problem;
    return report;
  }
  auto spec = engine::parse_game_spec(record["spec"].get<std::string>());
  if (!spec) {
    report.message = "the spec '" + record["spec"].get<std::string>() +
                     "' is not a game: " + spec.error().message;
    return report;
  }
  std::uint64_t seed = 0;
  try {
    std::size_t used = 0;
    seed = std::stoull(record["seed"].get<std::string>(), &used);
    if (used != record["seed"].get<std::string>().size()) throw std::invalid_argument("seed");
  } catch (const std::exception&) {
    report.message = "the seed '" + record["seed"].get<std::string>() + "' is not a number";
    return report;
  }
  const int players = static_cast<int>(record["players"].size());
  auto made = spec->game_ptr->new_state(players, spec->params, seed);
  if (!made) {
    report.message = "the engine cannot set up " + spec->text() + " for " +
                     std::to_string(players) + " players: " + (made.error().message);
    return report;
  }
  const std::string engine_start = (*made)->to_text();
  replay r(match({*spec, players, seed}));
  std::vector<ev::seated> seated;
  for (int i = 0; i < players; ++i) {
    const std::string id = "seat " + std::to_string(i);  // who played is not the rules' concern
    (void)r.fold(ev::player_joined{i, id, id, std::nullopt});
    seated.push_back({id, id});
  }
  const json start = record.value("start_position", json(engine_start));
  if (!start.is_string() || !shows_position(**made, start.get<std::string>()) ||
      !r.fold(ev::game_started{seated, (*made)->current_player(), engine_start, std::nullopt,
                               std::nullopt, std::nullopt, std::nullopt, std::nullopt})
           .empty()) {
    report.message =
        "the start position is not the one the engine sets up from the seed (" + engine_start + ")";
    return report;
  }
  const json& moves = record["moves"];
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const json& m = moves[i];
    const std::string where = describe(i, m);
    if (auto problem = r.retire_after(record, i); !problem.empty()) {
      report.message = problem;
      return report;
    }
    if (!m.is_object() || !m.contains("move") || !m["move"].is_string()) {
      report.message = where + ": not a move";
      return report;
    }
    if (m.value("ply", json()) != json(i + 1)) {
      report.message = where + ": the ply should be " + std::to_string(i + 1);
      return report;
    }
    const engine::state& st = *r.game().state();
    if (st.is_terminal()) {
      report.message = where + ": the game was already over";
      return report;
    }
    if (m.value("seat", json()) != json(st.current_player())) {
      report.message = where + ": seat " + std::to_string(st.current_player()) + " was to move";
      return report;
    }
    // Played on a copy first, to say what is wrong in the record's terms; the fold plays it too.
    const std::string text = m["move"];
    auto after = st.clone();
    auto played = after->play(text);
    if (!played) {
      report.message = where + " is illegal: " + played.error().message;
      return report;
    }
    if (*played != text) {
      report.message = where + " is not written as the engine writes it ('" + *played + "')";
      return report;
    }
    const json recorded = m.value("position", json(after->to_text()));
    if (!recorded.is_string() || !shows_position(*after, recorded.get<std::string>())) {
      report.message =
          where + " leads to " + after->to_text() + ", not to the recorded " + recorded.dump();
      return report;
    }
    if (auto problem = r.fold(ev::move{st.current_player(), static_cast<std::int64_t>(i) + 1, text,
                                       to_move(*after), after->to_text(), std::nullopt,
                                       std::nullopt, std::nullopt});
        !problem.empty()) {
      report.message = where + ": " + problem;
      return report;
    }
    ++report.moves_checked;
  }
  if (auto problem = r.retire_after(record, moves.size()); !problem.empty()) {
    report.message = problem;
    return report;
  }
  const engine::state& st = *r.game().state();
  const json& recorded = record["outcome"];
  const std::string reason = recorded.value("reason", "");
  if (st.is_terminal()) {
    const engine::outcome o = *st.outcome();
    if (recorded.value("ranks", json()) != json(o.ranks) ||
        !same_scores(recorded.value("scores", json()), o.scores) || reason != o.reason) {
      report.message = "the outcome is not the engine's: the record says " + recorded.dump() +
                       ", the engine " + outcome_to_json(o).dump();
      return report;
    }
    report.ok = true;
    report.message = std::to_string(report.moves_checked) +
                     " moves verified; the rules ended the game: " + o.description;
    return report;
  }
  // The rules did not end it: a resignation, a timeout, an abandonment, an agreement. The engine
  // cannot check why, only that the outcome has one rank per player.
  if (!recorded.contains("ranks") || !recorded["ranks"].is_array() ||
      static_cast<int>(recorded["ranks"].size()) != players) {
    report.message =
        "the outcome does not rank each of the " + std::to_string(players) + " players";
    return report;
  }
  report.ok = true;
  report.message = std::to_string(report.moves_checked) +
                   " moves verified; the game did not end by the rules but by '" + reason +
                   "', which the engine cannot check";
  return report;
}

}  // namespace boardroom::server
