// The decisions of the match: which events a command makes. Nothing here changes the match; the
// room makes the events durable and folds them (match.cpp), like any stored log.

#include <algorithm>

#include "server/match/match.hpp"
#include "server/match/move_listing.hpp"

namespace boardroom::server {

namespace ev = protocol::events;
using protocol::app_error;
using made_events = std::expected<std::vector<protocol::event_body>, protocol::error>;

engine::outcome aborted_outcome(int seats, std::string why) {
  return {std::vector<int>(seats, 1), std::vector<double>(seats, 0.0), "aborted", std::move(why)};
}

engine::outcome halted_outcome(const engine::state& s, int seats, const std::string& why) {
  auto result = s.outcome_when_halted();
  if (!result) {
    result = engine::outcome{std::vector<int>(seats, 1), std::vector<double>(seats, 1.0 / seats),
                             "", ""};
  }
  result->reason = "game_time_limit";
  result->description = why + (result->description.empty() ? "" : ": " + result->description);
  return *result;
}

namespace {

std::optional<protocol::error> not_playing(room_status s) {
  if (s == room_status::playing) return std::nullopt;
  if (s == room_status::closed) return app_error("unknown_room", "there is no such room", "room");
  return app_error(
      s == room_status::finished ? protocol::errc::game_over : protocol::errc::game_not_started,
      "there is no game in progress");
}

// Before the start: the room is open and waiting.
std::optional<protocol::error> not_waiting(room_status s) {
  if (s == room_status::waiting) return std::nullopt;
  if (s == room_status::closed) return app_error("unknown_room", "there is no such room", "room");
  if (s == room_status::finished) return app_error("game_over", "the game in this room is over");
  return app_error("game_started", "the game has started; you can spectate");
}

made_events one(protocol::event_body body) {
  std::vector<protocol::event_body> out;
  out.push_back(std::move(body));
  return out;
}

}  // namespace

made_events match::apply(const command& c) const {
  if (const auto* j = std::get_if<commands::join>(&c)) return apply_join(*j);
  if (const auto* l = std::get_if<commands::leave>(&c)) {
    if (auto e = not_waiting(status_)) return std::unexpected(*e);
    if (l->seat < 0 || l->seat >= seat_count() || seats_[l->seat].player.empty()) {
      return std::unexpected(app_error("bad_seat", "no one holds that seat", "seat"));
    }
    const match_seat& s = seats_[l->seat];
    return one(ev::player_left{l->seat, s.player, s.name, l->reason});
  }
  if (std::holds_alternative<commands::start>(c)) return apply_start();
  if (auto e = not_playing(status_)) return std::unexpected(*e);
  if (const auto* r = std::get_if<commands::retire>(&c)) return apply_retire(*r);
  if (const auto* t = std::get_if<commands::take_over>(&c)) {
    if (t->seat < 0 || t->seat >= seat_count() || !t->bot) {
      return std::unexpected(app_error("bad_seat", "no such seat", "seat"));
    }
    return one(ev::seat_taken_over{t->seat, seats_[t->seat].player, std::string(t->bot->name()),
                                   t->reason});
  }
  if (const auto* m = std::get_if<commands::move>(&c)) return apply_move(*m);
  if (const auto* f = std::get_if<commands::forfeit>(&c)) {
    const int n = seat_count();
    if (f->seat < 0 || f->seat >= n) return std::unexpected(app_error("bad_seat", "no such seat"));
    engine::outcome lost;
    lost.ranks.assign(n, 1);
    lost.scores.assign(n, n == 2 ? 1.0 : 0.0);
    lost.ranks[f->seat] = n == 1 ? 1 : 2;
    lost.scores[f->seat] = 0;
    lost.reason = f->reason;
    lost.description = f->description;
    return std::vector<protocol::event_body>{ev::game_over{std::move(lost), std::nullopt}};
  }
  if (const auto* o = std::get_if<commands::offer_draw>(&c)) return apply_draw_offer(*o);
  if (const auto* b = std::get_if<commands::berserk>(&c)) {
    if (b->seat < 0 || b->seat >= seat_count())
      return std::unexpected(app_error("bad_seat", "no such seat"));
    if (seats_[b->seat].berserk) {
      return std::unexpected(app_error("already_berserk", "you have already gone berserk"));
    }
    if (seats_[b->seat].moves > 0) {
      return std::unexpected(
          app_error("berserk_too_late", "berserk is only possible before your first move"));
    }
    return one(ev::berserk{b->seat, nullptr});
  }
  if (const auto* d = std::get_if<commands::decline_draw>(&c)) {
    if (draw_offers_.empty()) {
      return std::unexpected(app_error("no_draw_offer", "nobody is offering a draw"));
    }
    return std::vector<protocol::event_body>{ev::draw_declined{d->seat}};
  }
  return apply_administer(std::get<commands::administer>(c));
}

// The asked-for seat must be free; without one, the first free seat is taken.
made_events match::apply_join(const commands::join& c) const {
  if (seat_of(c.player) >= 0) {
    return std::unexpected(app_error("already_seated", "you already hold a seat in this room"));
  }
  if (auto e = not_waiting(status_)) return std::unexpected(*e);
  const int n = seat_count();
  int index = -1;
  if (c.seat) {
    index = *c.seat;
    if (index < 0 || index >= n) {
      return std::unexpected(
          app_error("bad_seat", "this room has seats 0 to " + std::to_string(n - 1), "seat"));
    }
    if (!seats_[index].player.empty()) {
      return std::unexpected(app_error(
          "seat_taken", "seat " + std::to_string(index) + " is taken by " + seats_[index].name,
          "seat"));
    }
  } else {
    for (int i = 0; i < n && index < 0; ++i) {
      if (seats_[i].player.empty()) index = i;
    }
    if (index < 0) return std::unexpected(app_error("room_full", "every seat is taken"));
  }
  std::optional<std::string> bot;
  if (c.bot) bot = std::string(c.bot->name());
  return one(ev::player_joined{index, c.player, c.name, bot});
}

// The players seated now play, in seat order; the engine sets the game up for that many.
made_events match::apply_start() const {
  if (auto e = not_waiting(status_)) {
    if (status_ == room_status::playing) {
      return std::unexpected(app_error("game_started", "the game has already started"));
    }
    return std::unexpected(*e);
  }
  const auto range = game().players();
  const int taken = seats_taken();
  if (taken < range.min || taken > range.max) {
    return std::unexpected(app_error(
        "not_enough_players", std::string(game().display_name()) + " needs " +
                                  std::to_string(range.min) + " to " + std::to_string(range.max) +
                                  " players; " + std::to_string(taken) + " seated"));
  }
  auto players = players_seated();
  auto made = game().new_state(taken, settings_->spec.params, settings_->seed);
  if (!made) {
    // Creation set the game up for every seat; a start before the room is full can still be
    // refused (Shiamgon's disc-small with 4 of its 5 seats taken, a handicap for an empty seat).
    return one(ev::game_over{std::nullopt, made.error().message});
  }
  const engine::state& first = **made;
  return one(ev::game_started{std::move(players), first.current_player(), first.position_text(),
                              std::nullopt, std::nullopt, std::nullopt, first.to_act(),
                              std::nullopt});
}

// The retirement on a copy of the match: the event carries the position it leads to, then what
// the rules force after it, and the game's end when one player is left, ranked on the seats as
// the retirement leaves them.
made_events match::apply_retire(const commands::retire& c) const {
  if (c.seat < 0 || c.seat >= seat_count()) {
    return std::unexpected(app_error("bad_seat", "no such seat", "seat"));
  }
  auto next = state_->clone();
  if (auto done = next->retire(c.seat); !done) {
    return std::unexpected(app_error("cannot_retire", done.error().message));
  }
  const bool over = next->is_terminal();
  std::vector<protocol::event_body> out;
  out.push_back(ev::seat_retired{c.seat, seats_[c.seat].player, c.reason,
                                 over ? std::nullopt : std::optional<int>(next->current_player()),
                                 next->position_text(), std::nullopt, next->to_act(),
                                 std::nullopt});
  std::ranges::move(forced_events(*next), std::back_inserter(out));
  if (over) {
    match after(*this);
    if (auto folded = after.fold({"", version_ + 1, 0, out.front()}); !folded) {
      return std::unexpected(app_error("cannot_retire", folded.error()));
    }
    out.push_back(ev::game_over{ranked(after.seats(), *next->outcome(), true), std::nullopt});
  }
  return out;
}

// The move on a copy of the engine state; the event carries what it leads to, and the game's end
// when the move ends it (ranked with the seats out of the contest) or reaches the turn limit.
made_events match::apply_move(const commands::move& c) const {
  const int mover = state_->current_player();
  if (c.seat != mover) {
    return std::unexpected(
        app_error("not_your_turn",
                  "it is " + seats_[mover].name + "'s turn (seat " + std::to_string(mover) + ")"));
  }
  auto next = state_->clone();
  auto played = next->play(c.text);
  if (!played) {
    return std::unexpected(protocol::error{protocol::rpc_code::application, played.error().code,
                                           played.error().message, "move"});
  }
  const bool over = next->is_terminal();
  const bool halted = !over && c.halts.has_value();
  std::vector<protocol::event_body> out;
  out.push_back(ev::move{mover, static_cast<std::int64_t>(moves_.size()) + 1, *played,
                         over || halted ? std::nullopt : std::optional<int>(next->current_player()),
                         next->position_text(), std::nullopt,
                         halted ? std::vector<engine::actor>{} : next->to_act(), std::nullopt});
  std::ranges::move(forced_events(*next), std::back_inserter(out));
  if (over) out.push_back(ev::game_over{ranked(seats_, *next->outcome(), true), std::nullopt});
  if (halted) {
    out.push_back(ev::game_over{halted_outcome(*next, seat_count(), *c.halts), std::nullopt});
  }
  return out;
}

// An offer stands until the next move or a refusal; when every player still in the contest has
// offered, the game is drawn by agreement.
made_events match::apply_draw_offer(const commands::offer_draw& c) const {
  const auto& g = game();
  if (!g.draws_by_agreement()) {
    return std::unexpected(app_error("draws_not_allowed",
                                     std::string(g.display_name()) + " has no draws by agreement"));
  }
  if (draw_offers_.contains(c.seat)) return std::vector<protocol::event_body>{};
  const int playing = seats_in_play(seats_);
  if (static_cast<int>(draw_offers_.size()) + 1 < playing) {
    return std::vector<protocol::event_body>{ev::draw_offered{c.seat}};
  }
  const int n = seat_count();
  engine::outcome drawn{std::vector<int>(n, 1), std::vector<double>(n, 0.0), "agreement",
                        "drawn by agreement"};
  for (int i = 0; i < n; ++i) {
    if (!seats_[i].gone) drawn.scores[i] = 1.0 / playing;
  }
  return std::vector<protocol::event_body>{
      ev::game_over{ranked(seats_, std::move(drawn), false), std::nullopt}};
}

made_events match::apply_administer(const commands::administer& c) const {
  const int n = seat_count();
  engine::outcome out;
  if (!c.ranks) {
    out = aborted_outcome(n, c.note.empty() ? "aborted by the administrator" : c.note);
  } else {
    const auto& ranks = *c.ranks;
    if (static_cast<int>(ranks.size()) != n ||
        std::any_of(ranks.begin(), ranks.end(), [n](int r) { return r > n; })) {
      return std::unexpected(app_error("bad_ranks",
                                       "ranks needs one rank from 1 to " + std::to_string(n) +
                                           " for each of the " + std::to_string(n) + " seats",
                                       "ranks"));
    }
    // Each player scores a point for every player ranked below and half for every one level.
    out = {ranks, std::vector<double>(n, 0.0), "adjudication",
           c.note.empty() ? "adjudicated by the administrator" : c.note};
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        if (i == j) continue;
        out.scores[i] += ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5 : 0;
      }
      if (n > 1) out.scores[i] /= n - 1;
    }
  }
  return std::vector<protocol::event_body>{ev::game_over{std::move(out), std::nullopt}};
}

}  // namespace boardroom::server
