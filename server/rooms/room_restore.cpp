// Rooms brought back at start: the stored log replayed through the engine.

#include "server/rooms/room.hpp"

#include "protocol/rpc.hpp"
#include "server/rooms/outcome_json.hpp"

namespace boardroom::server {

using nlohmann::json;

namespace {

bool changes_position(const std::string& type) {
  return type == "game_started" || type == "move" || type == "seat_retired" || type == "game_over";
}

}  // namespace

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
    json body = json::parse(e.body, nullptr, false);
    std::string problem;
    std::string type;
    if (!body.is_object() || !body.contains("type") || !body["type"].is_string() ||
        body.value("version", json()) != json(expected) ||
        body.value("room", json()) != json(rec.id)) {
      problem = "it is not an event of this room";
    } else {
      type = body["type"];
      try {
        problem = r->replay(body);
      } catch (const json::exception& ex) {  // a field of the wrong shape
        problem = ex.what();
      }
    }
    if (!problem.empty()) {
      return std::unexpected(where + (type.empty() ? "" : " (" + type + ")") + ": " + problem);
    }
    r->keep({expected, std::move(body), nullptr, changes_position(type), {}});
  }
  for (auto& e : r->events_) {
    e.frame = make_frame(protocol::write_notification("room.event", e.body));
  }
  return r;
}

// Applies one stored event to the room (no connections, no host, no store): the same changes the
// live path made when the event happened, checked against what the event says.
std::string room::replay(const json& body) {
  const std::string type = body.at("type");
  const auto& g = *settings_.spec.game_ptr;
  auto seat_index = [&]() -> int {
    int index = body.at("seat");
    return index >= 0 && index < static_cast<int>(seats_.size()) ? index : -1;
  };
  if (type == "player_joined") {
    int index = seat_index();
    if (status_ != status::waiting || index < 0 || !seats_[index].player.empty()) {
      return "no free seat " + body.at("seat").dump() + " in a waiting room";
    }
    const engine::bot* b = nullptr;
    if (body.contains("bot")) {
      b = engine::find_bot(g, body["bot"].get<std::string>());
      if (!b) return "there is no bot '" + body["bot"].get<std::string>() + "' any more";
    }
    seat_player(index, body.at("player"), body.at("name"), b);
  } else if (type == "player_left") {
    int index = seat_index();
    if (status_ != status::waiting || index < 0) return "no such seat in a waiting room";
    seats_[index] = seat{};
  } else if (type == "player_dropped" || type == "player_returned") {
    int index = seat_index();
    if (index < 0) return "no such seat";
    seats_[index].connected = type == "player_returned";
  } else if (type == "game_started") {
    if (status_ != status::waiting) return "a second start";
    if (body.at("players") != players_json()) return "the players are not the seated ones";
    int n = static_cast<int>(body["players"].size());
    auto made = g.new_state(n, settings_.spec.params, settings_.seed);
    if (!made) return "the engine cannot set the game up: " + made.error().message;
    if ((*made)->to_text() != body.at("position")) {
      return "the engine sets up a different position: " + (*made)->to_text();
    }
    std::erase_if(seats_, [](const seat& s) { return s.player.empty(); });
    settings_.seats = n;
    state_ = std::move(*made);
    status_ = status::playing;
    clock_ = game_clock(settings_.timing, n);
    last_clocks_ = body.value("clocks", json());
  } else if (type == "move") {
    if (status_ != status::playing) return "a move outside a game";
    if (body.at("seat") != state_->current_player()) {
      return "a move by seat " + body["seat"].dump() + ", but seat " +
             std::to_string(state_->current_player()) + " is to move";
    }
    const std::string text = body.at("move");
    auto played = state_->play(text);
    if (!played) return "the engine rejects '" + text + "': " + played.error().message;
    if (*played != text || state_->to_text() != body.at("position")) {
      return "'" + text + "' leads to a different position: " + state_->to_text();
    }
    moves_.push_back(*played);
    draw_offers_.clear();
    if (body.contains("clocks")) last_clocks_ = body["clocks"];
  } else if (type == "seat_taken_over") {
    int index = seat_index();
    if (status_ != status::playing || index < 0) return "a seat taken over outside a game";
    const engine::bot* b = engine::find_bot(g, body.at("bot").get<std::string>());
    if (!b) return "there is no bot '" + body["bot"].get<std::string>() + "' any more";
    if (resigned(body.value("reason", ""))) mark_gone(index);
    hand_to_bot(index, *b);
  } else if (type == "seat_retired") {
    int index = seat_index();
    if (status_ != status::playing || index < 0) return "a seat retired outside a game";
    if (auto done = state_->retire(index); !done) {
      return "the engine refuses to retire seat " + std::to_string(index) + ": " +
             done.error().message;
    }
    if (state_->to_text() != body.at("position")) {
      return "the retirement leads to a different position: " + state_->to_text();
    }
    seats_[index].retired = true;
    mark_gone(index);
    draw_offers_.clear();
    if (body.contains("clocks")) last_clocks_ = body["clocks"];
  } else if (type == "draw_offered") {
    if (status_ != status::playing || seat_index() < 0) return "a draw offer outside a game";
    draw_offers_.insert(seat_index());
  } else if (type == "draw_declined") {
    if (status_ != status::playing) return "a declined draw outside a game";
    draw_offers_.clear();
  } else if (type == "time_added") {
    if (status_ != status::playing) return "time added outside a game";
    last_clocks_ = body.at("clocks");
  } else if (type == "game_over") {
    if (status_ != status::playing && status_ != status::waiting) return "a second end";
    if (!body.at("outcome").is_null()) outcome_ = outcome_from_json(body["outcome"]);
    status_ = status::finished;
  } else if (type == "room_closed") {
    status_ = status::closed;
  } else {
    return "an unknown type of event";
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
      auto ok =
          emit("player_dropped",
               {{"seat", i}, {"player", s.player}, {"grace_ms", limit_.reconnect_grace.count()}});
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
