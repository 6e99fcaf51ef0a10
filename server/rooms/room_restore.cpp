// Rooms brought back at start: the stored log replayed through the engine.

#include "server/rooms/room.hpp"

#include "protocol/rpc.hpp"
#include "server/rooms/outcome_json.hpp"

namespace boardroom::server {

using nlohmann::json;

namespace ev = protocol::events;

std::expected<std::shared_ptr<room>, std::string> room::restore(boost::asio::io_context& io,
                                                                const stored_room& stored,
                                                                const limits& limit,
                                                                room_host& host, lobby& directory,
                                                                metrics& stats, store& storage) {
  const room_record& rec = stored.record;
  auto spec = engine::parse_game_spec(rec.spec);
  if (!spec) return std::unexpected("its game spec '" + rec.spec + "': " + spec.error().message);
  if (rec.seats < 1 || rec.seats > 64) {
    return std::unexpected("it has " + std::to_string(rec.seats) + " seats");
  }
  auto timing = parse_time_control(rec.time_control);
  if (!timing) return std::unexpected("its time control: " + timing.error());
  auto vacated = parse_vacated_policy(rec.vacated_seats);
  if (!vacated) return std::unexpected("its policy for vacated seats '" + rec.vacated_seats + "'");
  room_settings settings{
      .id = rec.id,
      .spec = std::move(*spec),
      .seats = rec.seats,
      .is_public = rec.is_public,
      .auto_start = rec.auto_start,
      .invite_code = rec.invite_code,
      .creator = rec.creator,
      .seed = rec.seed,
      .bots = {},
      .practice = rec.practice,
      .created = std::chrono::system_clock::time_point(std::chrono::milliseconds(rec.created_ms)),
      .timing = *timing,
      .vacated = *vacated};
  for (const auto& [index, name] : rec.bots) {
    if (const auto* b = engine::find_bot(*settings.spec.game_ptr, name)) settings.bots[index] = b;
  }
  auto r = std::make_shared<room>(io, std::move(settings), limit, host, directory, stats, storage);
  for (std::size_t i = 0; i < stored.events.size(); ++i) {
    const stored_event& e = stored.events[i];
    const std::int64_t expected = static_cast<std::int64_t>(i) + 1;
    const std::string where = "event " + std::to_string(expected);
    if (e.version != expected) {
      return std::unexpected(where + " is missing (the next stored one is " +
                             std::to_string(e.version) + ")");
    }
    auto typed = protocol::event_from_json(json::parse(e.body, nullptr, false));
    std::string problem;
    std::string type;
    if (!typed) {
      problem = typed.error().message;
    } else if (typed->version != expected || typed->room != rec.id) {
      problem = "it is not an event of this room";
    } else {
      type = protocol::event_type(typed->body);
      problem = r->replay(*typed);
    }
    if (!problem.empty()) {
      return std::unexpected(where + (type.empty() ? "" : " (" + type + ")") + ": " + problem);
    }
    r->keep({std::move(*typed), nullptr, {}});
  }
  for (auto& e : r->events_) {
    e.frame = make_frame(protocol::write_notification("room.event", protocol::to_json(e.typed)));
  }
  return r;
}

// Applies one stored event to the room (no connections, no host, no store): the same changes the
// live path made when the event happened, checked against what the event says.
std::string room::replay(const protocol::event& e) {
  const auto& g = *settings_.spec.game_ptr;
  auto seat_index = [&](int index) {
    return index >= 0 && index < static_cast<int>(seats_.size()) ? index : -1;
  };
  const auto& body = e.body;
  if (const auto* joined = std::get_if<ev::player_joined>(&body)) {
    int index = seat_index(joined->seat);
    if (status_ != status::waiting || index < 0 || !seats_[index].player.empty()) {
      return "no free seat " + std::to_string(joined->seat) + " in a waiting room";
    }
    const engine::bot* b = nullptr;
    if (joined->bot) {
      b = engine::find_bot(g, *joined->bot);
      if (!b) return "there is no bot '" + *joined->bot + "' any more";
    }
    seat_player(index, joined->player, joined->name, b);
  } else if (const auto* left = std::get_if<ev::player_left>(&body)) {
    int index = seat_index(left->seat);
    if (status_ != status::waiting || index < 0) return "no such seat in a waiting room";
    seats_[index] = seat{};
  } else if (const auto* dropped = std::get_if<ev::player_dropped>(&body)) {
    int index = seat_index(dropped->seat);
    if (index < 0) return "no such seat";
    seats_[index].connected = false;
  } else if (const auto* returned = std::get_if<ev::player_returned>(&body)) {
    int index = seat_index(returned->seat);
    if (index < 0) return "no such seat";
    seats_[index].connected = true;
  } else if (const auto* started = std::get_if<ev::game_started>(&body)) {
    if (status_ != status::waiting) return "a second start";
    if (started->players != players_seated()) return "the players are not the seated ones";
    int n = static_cast<int>(started->players.size());
    auto made = g.new_state(n, settings_.spec.params, settings_.seed);
    if (!made) return "the engine cannot set the game up: " + made.error().message;
    if ((*made)->to_text() != started->position) {
      return "the engine sets up a different position: " + (*made)->to_text();
    }
    std::erase_if(seats_, [](const seat& s) { return s.player.empty(); });
    settings_.seats = n;
    state_ = std::move(*made);
    status_ = status::playing;
    clock_ = game_clock(settings_.timing, n);
    last_clocks_ = started->clocks.value_or(json());
  } else if (const auto* moved = std::get_if<ev::move>(&body)) {
    if (status_ != status::playing) return "a move outside a game";
    if (moved->seat != state_->current_player()) {
      return "a move by seat " + std::to_string(moved->seat) + ", but seat " +
             std::to_string(state_->current_player()) + " is to move";
    }
    auto played = state_->play(moved->played);
    if (!played) return "the engine rejects '" + moved->played + "': " + played.error().message;
    if (*played != moved->played || state_->to_text() != moved->position) {
      return "'" + moved->played + "' leads to a different position: " + state_->to_text();
    }
    moves_.push_back(*played);
    draw_offers_.clear();
    if (moved->clocks) last_clocks_ = *moved->clocks;
  } else if (const auto* taken = std::get_if<ev::seat_taken_over>(&body)) {
    int index = seat_index(taken->seat);
    if (status_ != status::playing || index < 0) return "a seat taken over outside a game";
    const engine::bot* b = engine::find_bot(g, taken->bot);
    if (!b) return "there is no bot '" + taken->bot + "' any more";
    if (resigned(taken->reason)) mark_gone(index);
    hand_to_bot(index, *b);
  } else if (const auto* retired = std::get_if<ev::seat_retired>(&body)) {
    int index = seat_index(retired->seat);
    if (status_ != status::playing || index < 0) return "a seat retired outside a game";
    if (auto done = state_->retire(index); !done) {
      return "the engine refuses to retire seat " + std::to_string(index) + ": " +
             done.error().message;
    }
    if (state_->to_text() != retired->position) {
      return "the retirement leads to a different position: " + state_->to_text();
    }
    seats_[index].retired = true;
    mark_gone(index);
    draw_offers_.clear();
    if (retired->clocks) last_clocks_ = *retired->clocks;
  } else if (const auto* offered = std::get_if<ev::draw_offered>(&body)) {
    int index = seat_index(offered->seat);
    if (status_ != status::playing || index < 0) return "a draw offer outside a game";
    draw_offers_.insert(index);
  } else if (std::holds_alternative<ev::draw_declined>(body)) {
    if (status_ != status::playing) return "a declined draw outside a game";
    draw_offers_.clear();
  } else if (const auto* added = std::get_if<ev::time_added>(&body)) {
    if (status_ != status::playing) return "time added outside a game";
    last_clocks_ = added->clocks;
  } else if (const auto* over = std::get_if<ev::game_over>(&body)) {
    if (status_ != status::playing && status_ != status::waiting) return "a second end";
    if (over->outcome) outcome_ = *over->outcome;
    status_ = status::finished;
  } else if (std::holds_alternative<ev::room_closed>(body)) {
    status_ = status::closed;
  }
  return "";
}

store_result<void> room::resume_after_restart() {
  ++metrics_.rooms;
  for (int i = 0; i < static_cast<int>(seats_.size()); ++i) {
    seat& s = seats_[i];
    if (s.player.empty() || s.bot) continue;
    if (s.retired) {  // out of play: a resigned player who watched is a spectator, and gone
      s.connected = false;
      continue;
    }
    host_.member_added(s.player, settings_.id);
    // The restart dropped every connection; the clock of the grace period starts now.
    if (s.connected) {
      auto ok = emit(ev::player_dropped{i, s.player, limit_.reconnect_grace.count()});
      if (!ok) return ok;
      s.connected = false;
    }
    start_grace(i, limit_.reconnect_grace);
  }
  if (settings_.is_public) publish_summary("opened");
  if (status_ == status::playing) {
    clock_.resume(last_clocks_, host_.now());
    arm_clock();
  }
  schedule_bot();
  maybe_close();  // a waiting room with nobody seated: its watchers were dropped, so it closes
  return {};
}

}  // namespace boardroom::server
