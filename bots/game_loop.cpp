#include "bots/game_loop.hpp"

#include <iostream>

#include "bots/errors.hpp"

namespace boardroom::bots {

using namespace std::chrono_literals;

void game_loop::sync(room_game& g) {
  auto r = conn_.call("room.sync", {{"room", g.room}, {"since", g.version}});
  if (!r) throw server_failure("room.sync of " + g.room + " failed: " + r.error().message);
  if (const auto s = r->find("snapshot"); s != r->end()) return g.apply_snapshot(*s);
  for (const auto& e : r->value("events", json::array()))
    g.apply_event(e);
}

void game_loop::handle(const json& n) {
  if (current_ && n.value("method", std::string()) == "room.event") {
    const json& e = n.value("params", json::object());
    if (e.value("room", std::string()) == current_->room) {
      if (current_->apply_event(e) == room_game::fold::gap) sync(*current_);
      return;
    }
  }
  if (other_) other_(n);
}

bool game_loop::drain_and_still_my_turn() {
  while (conn_.has_pending()) {
    auto n = conn_.next_notification(steady_clock::now());
    if (!n) break;
    handle(*n);
  }
  return current_->playing() && current_->my_turn();
}

steady_clock::time_point game_loop::decision_deadline(const room_game& g) const {
  const auto now = steady_clock::now();
  if (settings_.move_timeout.count() > 0) return now + settings_.move_timeout;
  if (g.clocks.is_object()) {
    const auto& remaining = g.clocks.value("remaining_ms", json::array());
    if (g.seat >= 0 && g.seat < static_cast<int>(remaining.size())) {
      return g.clocks_read + std::chrono::milliseconds(remaining[g.seat].get<long long>()) + 10s;
    }
  }
  return now + 10min;
}

void game_loop::play(room_game& g) {
  // Whatever way play() ends, the game is no longer current; unless it is over, it stays
  // unfinished.
  struct current_game {
    game_loop& loop;
    current_game(game_loop& l, room_game& game) : loop(l) {
      loop.current_ = &game;
      loop.unfinished_ = game.room;
    }
    ~current_game() { loop.current_ = nullptr; }
  } playing(*this, g);
  bool engine_told = false;
  std::int64_t moved_at = -1;  // the version of our last move's event: wait for it
  while (!g.over()) {
    if (g.playing() && !engine_told) {
      engine_.new_game(g);
      engine_told = true;
    }
    if (g.playing() && g.my_turn() && g.version >= moved_at) {
      turn_request t{g, decision_deadline(g), conn_.ready_fd(),
                     [this] { return drain_and_still_my_turn(); }};
      auto choice = engine_.choose(t);
      if (!choice) continue;  // the game ended while the engine thought
      if (choice->resign) {
        std::cerr << "the engine resigns the game in room " << g.room << std::endl;
        auto r = conn_.call("game.resign", {{"room", g.room}});
        if (!r && r.error().code != "game_over") {
          throw server_failure("game.resign was refused: " + r.error().message);
        }
        moved_at = g.version + 1;
        continue;
      }
      auto r = conn_.call("game.move",
                          {{"room", g.room}, {"move", choice->move}, {"version", g.version}});
      if (r) {
        moved_at = r->value("version", g.version + 1);
        // The move's event, when hello asked for it here rather than as a notification.
        if (const auto e = r->find("event"); e != r->end() && e->is_object()) {
          if (g.apply_event(*e) == room_game::fold::gap) sync(g);
        }
        continue;
      }
      const std::string& code = r.error().code;
      if (code == "illegal_move" || code == "bad_notation") {
        throw engine_failure("the engine's move '" + choice->move + "' was refused (" + code +
                             "): " + r.error().message);
      }
      // The game moved on meanwhile (it ended, or a decision went stale): the events tell.
      if (code == "game_over" || code == "stale_version" || code == "not_your_turn") {
        moved_at = g.version + 1;
        continue;
      }
      throw server_failure("game.move was refused (" + code + "): " + r.error().message);
    }
    if (auto n = conn_.next_notification(steady_clock::now() + 1s)) handle(*n);
  }
  unfinished_.reset();
}

}  // namespace boardroom::bots
