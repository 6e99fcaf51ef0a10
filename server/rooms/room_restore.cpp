// Rooms brought back at start: the stored log folded through the match, event by event.

#include "server/rooms/room.hpp"

#include "protocol/rpc.hpp"
#include "server/rooms/event_view.hpp"
#include "server/rooms/outcome_json.hpp"

namespace boardroom::server {

using nlohmann::json;

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
      .vacated = *vacated,
      .rated = rec.rated,
      .berserk = rec.berserk,
      .entrants = {},
      .no_show_grace = std::chrono::milliseconds(0)};
  for (const auto& [index, name] : rec.bots) {
    if (const auto* b = engine::find_bot(*settings.spec.game_ptr, name)) settings.bots[index] = b;
  }
  match game({settings.spec, settings.seats, settings.seed});
  auto r = std::make_shared<room>(io, std::move(settings), limit, host, directory, stats, storage);
  std::size_t view_size = view_room;
  for (std::size_t i = 0; i < stored.events.size(); ++i) {
    const stored_event& e = stored.events[i];
    const std::int64_t expected = static_cast<std::int64_t>(i) + 1;
    const std::string where = "event " + std::to_string(expected);
    if (e.version != expected) {
      return std::unexpected(where + " is missing (the next stored one is " +
                             std::to_string(e.version) + ")");
    }
    auto typed = protocol::event_from_json(json::parse(e.body, nullptr, false));
    if (!typed) return std::unexpected(where + ": " + typed.error().message);
    const std::string type(protocol::event_type(typed->body));
    if (typed->version != expected || typed->room != rec.id) {
      return std::unexpected(where + " (" + type + "): it is not an event of this room");
    }
    // The same fold the live room makes every event go through.
    if (auto folded = game.fold(*typed); !folded) {
      return std::unexpected(where + " (" + type + "): " + folded.error());
    }
    r->note_chat(*typed);
    // The last events_kept serve room.sync. The stored rows leave the view out; it is written
    // again from the position, so that their frames are what clients saw.
    if (i + static_cast<std::size_t>(limit.events_kept) < stored.events.size()) continue;
    auto frame = make_frame(
        event_frame_text(typed->body, protocol::to_json_text(*typed), game.state(), view_size));
    r->keep({std::move(*typed), std::move(frame), {}});
  }
  r->view_size_ = view_size;
  // The room as its folded log left it; `connected` starts as the log's (resume_after_restart()
  // drops every seat that was connected).
  r->links_ = std::vector<link>(game.seat_count());
  for (int i = 0; i < game.seat_count(); ++i)
    r->links_[i].connected = game.seats()[i].connected;
  if (game.state()) r->clock_ = game_clock(r->settings_.timing, game.seat_count());
  r->match_ = std::move(game);
  return r;
}

store_result<void> room::resume_after_restart() {
  ++metrics_.rooms;
  for (int i = 0; i < seat_count(); ++i) {
    const match_seat& s = seats()[i];
    link& l = links_[i];
    if (s.player.empty() || s.bot) continue;
    if (s.retired) {  // out of play: a resigned player who watched is a spectator, and gone
      l.connected = false;
      continue;
    }
    host_.member_added(s.player, settings_.id);
    // The restart dropped every connection; the clock of the grace period starts now.
    if (l.connected) {
      batch pending = begin_batch();
      stage(pending, protocol::events::player_dropped{i, s.player, limit_.reconnect_grace.count()});
      if (auto ok = persist_at_start(pending); !ok) return ok;
      publish(std::move(pending[0]));
      l.connected = false;
    }
    start_grace(i, limit_.reconnect_grace);
  }
  if (settings_.is_public) publish_summary("opened");
  if (current() == status::playing) {
    clock_.resume(match_.last_clocks(), host_.now());
    arm_clock();
  }
  schedule_bot();
  maybe_close();  // a waiting room with nobody seated: its watchers were dropped, so it closes
  return {};
}

void room::resume_after_takeover(std::function<void(store_result<void>)> then) {
  on_strand(
      [this, self = shared_from_this(), then = std::move(then)] { then(resume_after_restart()); });
}

void room::evict() {
  shut_down();
  on_strand([this, self = shared_from_this()] {
    flag_timer_.cancel();
    if (settings_.is_public) publish_summary("closed");
    --metrics_.rooms;
  });
}

}  // namespace boardroom::server
