// Events: numbered, serialised once, made durable (alone or through the journal) and published;
// and the views of a room (snapshot, lobby summary).

#include "server/rooms/room.hpp"

#include <spdlog/spdlog.h>

#include "protocol/rpc.hpp"
#include "server/match/move_listing.hpp"
#include "server/metrics.hpp"
#include "server/ratings/rate_game.hpp"
#include "server/rooms/event_view.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/outcome_json.hpp"
#include "server/unix_time.hpp"

namespace boardroom::server {

using nlohmann::json;

namespace {

// The status a room has after an event, when that event changes it.
std::optional<room_status> status_set_by(const protocol::event_body& body) {
  if (std::holds_alternative<protocol::events::game_started>(body)) return room_status::playing;
  if (std::holds_alternative<protocol::events::game_over>(body)) return room_status::finished;
  if (std::holds_alternative<protocol::events::room_closed>(body)) return room_status::closed;
  return std::nullopt;
}

}  // namespace

void room::stage(batch& pending, protocol::event_body body) const {
  protocol::event e{settings_.id, pending.after.version() + 1, unix_ms_now(), std::move(body)};
  // The room made this event from the match's rules, so the fold accepting it is the check that
  // the two agree; a refusal is a bug in the room, written down where it happens.
  if (auto folded = pending.after.fold(e); !folded) {
    spdlog::error("room {}: event {} ({}) does not fold: {}", settings_.id, e.version,
                  protocol::event_type(e.body), folded.error());
  }
  // The view goes to the frame only (event_view.hpp): the stored row and the event the room
  // holds do without it (the fold, the records and every reader of the log work from the
  // position), and it was most of a move's bytes (docs/performance.md).
  std::string row = protocol::to_json_text(e);
  auto frame = make_frame(event_frame_text(e.body, row, pending.after.state(), view_size_));
  pending.events.push_back({std::move(e), std::move(frame), std::move(row)});
}

void room::stage_all(batch& pending, std::vector<protocol::event_body> bodies) const {
  for (auto& body : bodies)
    stage(pending, std::move(body));
}

std::vector<stored_event> room::rows_of(const batch& pending,
                                        std::optional<room_status>& new_status) {
  std::vector<stored_event> rows;
  rows.reserve(pending.size());
  for (const auto& e : pending) {
    rows.push_back({e.version(), e.text});
    if (auto s = status_set_by(e.typed.body)) new_status = s;
  }
  return rows;
}

void room::log_store_failure(const store_result<void>& result) {
  if (result) return;
  ++metrics_.store_errors_total;
  spdlog::error("{}", result.error());
}

store_result<void> room::persist_at_start(const batch& pending) {
  std::optional<room_status> new_status;
  auto ok = store_.append_events(settings_.id, rows_of(pending, new_status), new_status);
  log_store_failure(ok);
  return ok;
}

void room::persist_then(batch pending, std::move_only_function<void(bool, batch&)> then,
                        std::optional<room_record> created) {
  // One write at a time: the next one is numbered after this one's events, which only its
  // continuation makes current (everything else waits in held_).
  if (awaiting_store_) {
    spdlog::error("room {}: a second write began before the first was answered", settings_.id);
  }
  std::optional<room_status> new_status;
  auto rows = rows_of(pending, new_status);
  auto rated = rated_end(pending);
  awaiting_store_ = true;
  auto answered = [self = shared_from_this(), pending = std::move(pending),
                   then = std::move(then)](store_result<void> ok) mutable {
    self->log_store_failure(ok);
    // Free before the continuation: when it writes again, the room stays held for that write.
    self->awaiting_store_ = false;
    then(ok.has_value(), pending);
    self->run_held();
  };
  journal& j = host_.event_journal();
  if (created) {
    if (new_status) created->status = *new_status;
    return j.create(std::move(*created), std::move(rows), strand_, std::move(answered));
  }
  j.append(settings_.id, std::move(rows), new_status, strand_, std::move(answered),
           std::move(rated));
}

// What the ratings need of a rated game whose end is in `pending`: the players in seat order
// and their ranks. An aborted game, one that never started, or one forfeited by a player who
// never came (a tournament's no-show: nothing was played) changes no rating.
std::optional<rated_game> room::rated_end(const batch& pending) const {
  if (!settings_.rated) return std::nullopt;
  for (const auto& e : pending) {
    const auto* over = std::get_if<protocol::events::game_over>(&e.typed.body);
    if (!over || !over->outcome || over->outcome->reason == "aborted" ||
        over->outcome->reason == "no_show") {
      continue;
    }
    rated_game g;
    g.game = std::string(settings_.spec.game_ptr->key());
    g.speed = speed_class(settings_.timing);
    g.system = std::string(system_for(*settings_.spec.game_ptr));
    g.model = host_.rating_model();
    for (const auto& s : pending.after.seats())
      g.players.push_back(s.player);
    g.ranks = over->outcome->ranks;
    g.at_ms = e.typed.at;
    if (g.players.size() != g.ranks.size()) return std::nullopt;
    return g;
  }
  return std::nullopt;
}

void room::fold(const protocol::event& e) {
  namespace ev = protocol::events;
  const auto& body = e.body;
  if (std::holds_alternative<ev::game_started>(body)) {
    // Starting early drops the empty seats (the fold below), and their links with them.
    std::vector<link> kept;
    for (int i = 0; i < seat_count(); ++i) {
      if (!seats()[i].player.empty()) kept.push_back(std::move(links_[i]));
    }
    links_ = std::move(kept);
  }
  if (auto folded = match_.fold(e); !folded) {
    spdlog::error("room {}: event {} ({}) does not fold: {}", settings_.id, e.version,
                  protocol::event_type(body), folded.error());
    return;
  }
  note_chat(e);
  // The connection side of the seat events.
  if (const auto* joined = std::get_if<ev::player_joined>(&body)) {
    links_[joined->seat].connected = true;
  } else if (const auto* left = std::get_if<ev::player_left>(&body)) {
    links_[left->seat] = link{};
  } else if (const auto* dropped = std::get_if<ev::player_dropped>(&body)) {
    links_[dropped->seat].connected = false;
  } else if (const auto* returned = std::get_if<ev::player_returned>(&body)) {
    links_[returned->seat].connected = true;
  } else if (const auto* taken = std::get_if<ev::seat_taken_over>(&body)) {
    link& l = links_[taken->seat];
    l.conn.reset();
    l.grace.reset();
    l.connected = true;  // the bot is always there
  }
}

void room::keep(event e) {
  e.text = {};  // stored by now; the frame and the body serve from here on
  events_.push_back(std::move(e));
  while (static_cast<int>(events_.size()) > limit_.events_kept)
    events_.pop_front();
}

void room::publish(event e, bool folded, const peer* answered) {
  if (!folded) fold(e.typed);
  keep(std::move(e));
  const event& kept = events_.back();
  frame_ptr hidden;
  each_member([&](const std::string& player, peer& c) {
    if (&c != answered) c.send(frame_for(kept, player, hidden));
  });
}

void room::emit(protocol::event_body body, on_stored done) {
  batch pending = begin_batch();
  stage(pending, std::move(body));
  persist_then(std::move(pending), [this, done = std::move(done)](bool ok, batch& b) mutable {
    if (ok) publish(std::move(b[0]));
    if (done) done(ok);
  });
}

const char* room::status_name() const {
  switch (current()) {
    case status::waiting:
      return "waiting";
    case status::playing:
      return "playing";
    case status::finished:
      return "finished";
    case status::closed:
      return "closed";
  }
  return "?";
}

json room::snapshot(const std::string& viewer) const {
  const auto& g = *settings_.spec.game_ptr;
  json seat_list = json::array();
  auto roles = g.player_names(seat_count());
  for (int i = 0; i < seat_count(); ++i) {
    const match_seat& s = seats()[i];
    seat_list.push_back({{"seat", i},
                         {"role", i < static_cast<int>(roles.size()) ? roles[i] : ""},
                         {"player", s.player.empty() ? json(nullptr) : json(s.player)},
                         {"name", s.name},
                         {"connected", links_[i].connected},
                         {"bot", s.bot ? json(s.bot->name()) : json(nullptr)},
                         {"bot_account", !s.player.empty() && host_.is_bot_account(s.player)},
                         {"retired", s.retired},
                         {"berserk", s.berserk}});
  }
  json params = json::object();
  for (const auto& [k, v] : settings_.spec.params)
    params[k] = engine::param_json(v);
  int mine = seat_of(viewer);
  json out{{"room", settings_.id},
           {"version", match_.version()},
           {"game", g.key()},
           {"spec", settings_.spec.text()},
           {"params", params},
           {"status", status_name()},
           {"public", settings_.is_public},
           {"creator", settings_.creator},
           {"seats", seat_list},
           {"spectators", spectators_.size()},
           {"your_seat", mine >= 0 ? json(mine) : json(nullptr)},
           {"moves", match_.moves()},
           {"outcome", outcome_to_json(match_.outcome())},
           {"practice", settings_.practice},
           {"vacated_seats", vacated_policy_text(settings_.vacated)},
           {"rated", settings_.rated},
           {"berserk", settings_.berserk}};
  out["time_control"] = time_control_text(settings_.timing);
  if (clock_.timed()) out["clocks"] = clock_.readings(host_.now());
  if (!match_.draw_offers().empty()) out["draw_offers"] = match_.draw_offers();
  out["chat"] = chat_json(viewer);
  if (const engine::state* s = match_.state()) {
    // A game the room ended (a resignation, a flag, an agreement) has nobody to move, whatever
    // position the engine was left in.
    const bool over = current() != status::playing || s->is_terminal();
    out["to_move"] = over ? json(nullptr) : json(s->current_player());
    out["to_act"] = over ? json::array() : to_act_json(*s);
    out["position"] = s->position_text();
    out["view"] = s->view();
  }
  if (!settings_.is_public && is_member(viewer)) out["invite_code"] = settings_.invite_code;
  return out;
}

json room::summary() const {
  json players = json::array();
  for (int i = 0; i < seat_count(); ++i) {
    if (!seats()[i].player.empty()) players.push_back({{"seat", i}, {"name", seats()[i].name}});
  }
  return {{"room", settings_.id},
          {"game", settings_.spec.game_ptr->key()},
          {"spec", settings_.spec.text()},
          {"status", status_name()},
          {"seats", seat_count()},
          {"seats_taken", match_.seats_taken()},
          {"time_control", time_control_text(settings_.timing)},
          {"rated", settings_.rated},
          {"players", players},
          {"spectators", spectators_.size()},
          {"created_at", std::chrono::duration_cast<std::chrono::milliseconds>(
                             settings_.created.time_since_epoch())
                             .count()}};
}

void room::publish_summary(const std::string& change) {
  lobby_.publish(change, summary());
}

}  // namespace boardroom::server
