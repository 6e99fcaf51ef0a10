// A rematch: the finished game's players ask, one by one, and the last request opens a room on
// the same terms with every player seated (room.hpp, rematch()).

#include <algorithm>
#include <utility>

#include <spdlog/spdlog.h>

#include "protocol/rpc.hpp"
#include "server/rooms/assigned.hpp"
#include "server/rooms/ids.hpp"
#include "server/rooms/room.hpp"
#include "server/tournaments/tournament_desk.hpp"

namespace boardroom::server {

using nlohmann::json;
using protocol::app_error;

void room::rematch(member who, std::string address, json id) {
  on_strand([this, who = std::move(who), address = std::move(address), id = std::move(id)] {
    if (auto refused = check_rematch(who)) return fail(who, id, *refused);
    const int seat = seat_of(who.player);
    // Asked again after it opened: where it is.
    if (!rematch_room_.empty()) return reply(*who.conn, id, rematch_answer(seat));
    const bool first_time = rematch_asked_.insert(seat).second;
    json waiting = rematch_waiting();
    if (waiting.empty() && !rematch_opening_) return open_rematch(who, address, id, first_time);
    reply(*who.conn, id, rematch_answer(seat));
    if (first_time) {
      notify_members(
          protocol::write_notification("room.rematch_asked", {{"room", settings_.id},
                                                              {"seat", seat},
                                                              {"name", seats()[seat].name},
                                                              {"waiting_for", waiting}}));
    }
  });
}

std::optional<protocol::error> room::check_rematch(const member& who) const {
  if (current() == status::closed) {
    return app_error("unknown_room", "there is no room " + settings_.id, "room");
  }
  const int seat = seat_of(who.player);
  if (seat < 0) {
    return app_error("not_your_seat", "only the game's players may ask for a rematch");
  }
  if (current() != status::finished) {
    return app_error("game_not_over", "a rematch may be asked for once the game is over");
  }
  if (is_tournament_id(settings_.creator)) {
    return app_error("rematch_unavailable", "a tournament pairs its own games");
  }
  if (!rematch_room_.empty()) return std::nullopt;
  if (!rematch_off_.empty()) return app_error("rematch_unavailable", rematch_off_);
  for (int i = 0; i < seat_count(); ++i) {
    const match_seat& s = seats()[i];
    if (s.bot && !settings_.bots.contains(i)) {  // a person's seat the bot played on
      return app_error("rematch_unavailable",
                       "a player left this game and the bot played their seat");
    }
    if (s.bot || s.player.empty()) continue;
    if (!links_[i].connected || links_[i].conn.expired()) {
      return app_error("rematch_unavailable",
                       i == seat ? "you left this room" : s.name + " is no longer in this room");
    }
  }
  return std::nullopt;
}

json room::rematch_answer(int seat) const {
  if (rematch_room_.empty()) {
    return {{"room", settings_.id}, {"rematch", nullptr}, {"waiting_for", rematch_waiting()}};
  }
  return {{"room", settings_.id},
          {"rematch", rematch_room_},
          {"seat", (seat + 1) % seat_count()},  // the seats turned by one
          {"waiting_for", json::array()}};
}

json room::rematch_waiting() const {
  json waiting = json::array();
  for (int i = 0; i < seat_count(); ++i) {
    if (!seats()[i].bot && !rematch_asked_.contains(i)) waiting.push_back(i);
  }
  return waiting;
}

// The same terms, a fresh seed, the seats turned by one: seat i's player (or bot) takes seat
// i + 1, the last the first. A private room keeps its invite code, so that whoever could watch
// the game can watch the rematch.
room_settings room::rematch_settings(const std::string& creator) const {
  const int n = seat_count();
  room_settings next{.id = new_room_id(),
                     .spec = settings_.spec,
                     .seats = n,
                     .is_public = settings_.is_public,
                     .auto_start = true,
                     .invite_code = settings_.invite_code,
                     .creator = creator,
                     .seed = random_seed(),
                     .bots = {},
                     .practice = settings_.practice,
                     .created = std::chrono::system_clock::now(),
                     .timing = settings_.timing,
                     .vacated = settings_.vacated,
                     .rated = settings_.rated,
                     .berserk = settings_.berserk,
                     .entrants = {},
                     .no_show_grace = std::chrono::milliseconds(0)};
  for (int i = 0; i < n; ++i) {
    const match_seat& s = seats()[i];
    const int to = (i + 1) % n;
    if (s.bot) {
      next.bots[to] = s.bot;
    } else {
      next.entrants.push_back({to, s.player, s.name, links_[i].conn});
    }
  }
  return next;
}

void room::open_rematch(const member& last, const std::string& address, const json& id,
                        bool first_ask) {
  room_settings next = rematch_settings(last.player);
  std::vector<std::string> refs(static_cast<std::size_t>(next.seats), settings_.id);
  auto told = game_assigned(next, "rematch", refs,
                            [this](const std::string& p) { return host_.is_bot_account(p); });
  const std::string next_id = next.id;
  rematch_opening_ = true;
  auto refused = host_.open_rematch(
      std::move(next), address,
      [self = shared_from_this(), told = std::move(told), last, id, next_id](bool opened) {
        if (opened) send_all(told);  // on the new room's strand, before its first event
        self->on_strand(
            [self, opened, last, id, next_id] { self->rematch_opened(opened, last, id, next_id); });
      });
  if (refused) {  // as if this request had not been made: the others were not told of it
    rematch_opening_ = false;
    if (first_ask) rematch_asked_.erase(seat_of(last.player));
    fail(last, id, *refused);
  }
}

void room::rematch_opened(bool opened, const member& last, const json& id,
                          const std::string& next) {
  rematch_opening_ = false;
  // Players who left while it was opening: too late to call it off then.
  const auto leavers = std::exchange(rematch_leavers_, {});
  std::string names;
  for (const auto& player : leavers) {
    const int seat = seat_of(player);
    names += (names.empty() ? "" : ", ") + (seat >= 0 ? seats()[seat].name : player);
  }
  if (!opened) {
    if (!leavers.empty()) call_off_rematch(names + " left the room", true);
    return fail(last, id, storage_failed());
  }
  rematch_room_ = next;
  if (std::ranges::find(leavers, last.player) != leavers.end()) {  // they asked, then left
    fail(last, id, app_error("rematch_unavailable", "you left the room before the rematch opened"));
  } else {
    reply(*last.conn, id, rematch_answer(seat_of(last.player)));
  }
  notify_members(
      protocol::write_notification("room.rematched", {{"room", settings_.id}, {"rematch", next}}));
  // The players have moved on; spectators stay until they leave, and the room closes after.
  for (int i = 0; i < seat_count(); ++i) {
    if (!seats()[i].bot && !seats()[i].player.empty()) remove_member(seats()[i].player);
  }
  maybe_close();
  // The leavers did not want this game: it ends at once, unrated.
  if (leavers.empty()) return;
  if (auto opened_room = host_.find_room(next))
    opened_room->rematch_left(leavers, names + " left before the rematch began");
}

void room::rematch_left(std::vector<std::string> players, std::string why) {
  on_strand([this, players = std::move(players), why = std::move(why)] {
    auto gone = [this, players] {
      for (const auto& player : players)
        remove_member(player);
      maybe_close();
    };
    if (current() != status::playing) return gone();
    finish(aborted_outcome(seat_count(), why), [this, gone, why](bool ok) {
      if (!ok) {  // the game goes on; the leavers' seats are theirs to play or leave
        spdlog::warn("room {}: the rematch's game could not be ended ({}): the store failed",
                     settings_.id, why);
        return;
      }
      gone();
    });
  });
}

void room::call_off_rematch(const std::string& why, bool for_good) {
  if (!rematch_room_.empty() || rematch_opening_ || !rematch_off_.empty()) return;
  const bool asked = !rematch_asked_.empty();
  if (!for_good && !asked) return;  // nothing to call off; they may ask once back
  // A player who drops and comes back again and again would have every member told each time.
  if (for_good || ++rematch_calls_off_ >= limit_.rematch_calls_off) rematch_off_ = why;
  rematch_asked_.clear();
  if (!asked) return;
  notify_members(protocol::write_notification("room.rematch_called_off",
                                              {{"room", settings_.id}, {"reason", why}}));
}

void room::notify_members(const std::string& text) const {
  const frame_ptr frame = make_frame(text);
  each_member([&](const std::string&, peer& c) { c.send(frame); });
}

}  // namespace boardroom::server
