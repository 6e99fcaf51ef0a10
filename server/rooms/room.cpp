#include "server/rooms/room.hpp"

#include <algorithm>
#include <utility>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "engine/core/json_writer.hpp"
#include "protocol/rpc.hpp"
#include "server/match/move_listing.hpp"
#include "server/metrics.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/outcome_json.hpp"

namespace boardroom::server {

using nlohmann::json;
using protocol::app_error;
namespace ev = protocol::events;

namespace {

// A server-initiated event (a bot's move, a forfeit by abandonment) that could not be written is
// tried again after this long.
constexpr auto store_retry = std::chrono::milliseconds(1000);

}  // namespace

std::optional<vacated_policy> parse_vacated_policy(std::string_view text) {
  if (text == "bot") return vacated_policy::bot;
  if (text == "retire") return vacated_policy::retire;
  return std::nullopt;
}

const char* vacated_policy_text(vacated_policy p) {
  return p == vacated_policy::retire ? "retire" : "bot";
}

protocol::error storage_failed() {
  return app_error("storage_failed",
                   "the server could not record this, so it did not happen; try again later");
}

room::room(boost::asio::io_context& io, room_settings settings, const limits& limit,
           room_host& host, lobby& directory, metrics& stats, store& storage)
    : strand_(boost::asio::make_strand(io)),
      settings_(std::move(settings)),
      limit_(limit),
      host_(host),
      lobby_(directory),
      metrics_(stats),
      store_(storage),
      match_({settings_.spec, settings_.seats, settings_.seed}),
      links_(settings_.seats),
      linger_(strand_),
      bot_timer_(strand_),
      flag_timer_(strand_),
      rng_(settings_.seed) {}

void room::run_held() {
  while (!awaiting_store_ && !held_.empty()) {
    auto next = std::move(held_.front());
    held_.pop_front();
    next();
  }
}

void room::fail(const member& who, const json& id, const protocol::error& e) {
  metrics_.count_error(e.code);
  reply_error(*who.conn, id, e);
}

// ---- requests --------------------------------------------------------------------------------

void room::open(member creator, int seat_index, json id, std::function<void(bool)> opened) {
  on_strand([this, creator = std::move(creator), seat_index, id = std::move(id),
             opened = std::move(opened)] {
    // Nobody can see the room yet, so it is set up in place; if the store refuses it, it is
    // dropped as a whole.
    batch pending = begin_batch();
    std::vector<commands::join> joins;
    for (const auto& [index, b] : settings_.bots)
      joins.push_back({bot_player(index, *b), std::string(b->name()) + " bot", index, b});
    if (seat_index >= 0) joins.push_back({creator.player, creator.name, seat_index});
    for (const auto& e : settings_.entrants)
      joins.push_back({e.player, e.name, e.seat});
    for (const auto& j : joins) {
      auto made = pending.after.apply(j);
      if (!made) {  // the hub checked the seats; nothing is stored yet
        fail(creator, id, made.error());
        (void)match_.fold({settings_.id, match_.version() + 1, 0, ev::room_closed{}});
        if (opened) opened(false);
        return host_.room_closed(settings_.id, settings_.creator);
      }
      stage_all(pending, std::move(*made));
    }
    // Entrants without a connection are absent from the start: their no-show grace runs.
    const auto no_show =
        settings_.no_show_grace.count() > 0 ? settings_.no_show_grace : limit_.reconnect_grace;
    for (const auto& e : settings_.entrants) {
      if (e.conn.expired()) stage(pending, ev::player_dropped{e.seat, e.player, no_show.count()});
    }
    game_clock first;
    const bool starting = pending.after.seats_taken() == settings_.seats && settings_.auto_start &&
                          !stage_start(pending, first);

    json params = json::object();
    for (const auto& [k, v] : settings_.spec.params)
      params[k] = engine::param_json(v);
    room_record record{.id = settings_.id,
                       .game = std::string(settings_.spec.game_ptr->key()),
                       .spec = settings_.spec.text(),
                       .params = params.dump(),
                       .seats = settings_.seats,
                       .is_public = settings_.is_public,
                       .invite_code = settings_.invite_code,
                       .creator = settings_.creator,
                       .seed = settings_.seed,
                       .bots = {},
                       .practice = settings_.practice,
                       .auto_start = settings_.auto_start,
                       .status = room_status::waiting,
                       .created_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                         settings_.created.time_since_epoch())
                                         .count(),
                       .time_control = time_control_text(settings_.timing),
                       .vacated_seats = vacated_policy_text(settings_.vacated),
                       .rated = settings_.rated,
                       .berserk = settings_.berserk};
    for (const auto& [index, b] : settings_.bots)
      record.bots[index] = std::string(b->name());
    auto created = [this, creator, seat_index, id, starting, no_show, first = std::move(first),
                    opened](bool ok, batch& events) mutable {
      if (!ok) {
        if (creator.conn) fail(creator, id, storage_failed());
        if (opened) opened(false);
        // Never visible and never stored: the match is closed in place, so that a request
        // already on its way finds no room.
        (void)match_.fold({settings_.id, match_.version() + 1, 0, ev::room_closed{}});
        host_.room_closed(settings_.id, settings_.creator);
        return;
      }
      ++metrics_.rooms;
      std::optional<event> started;
      if (starting) {
        started = std::move(events.back());
        events.pop_back();
      }
      for (auto& e : events)
        publish(std::move(e));  // the creator learns of its own arrival from the snapshot
      for (const auto& e : settings_.entrants) {
        links_[e.seat].conn = e.conn;
        links_[e.seat].came = !e.conn.expired();
        host_.member_added(e.player, settings_.id);
      }
      if (creator.conn) {  // else the server opened it (a tournament's game)
        if (seat_index >= 0) {
          links_[seat_index].conn = creator.conn;
        } else {  // a creator without a seat (a tournament script) watches the room
          spectators_[creator.player] = {creator.name, creator.conn};
        }
        host_.member_added(creator.player, settings_.id);
      }
      if (settings_.is_public) publish_summary("opened");
      if (creator.conn) {
        json result{{"room", settings_.id}, {"snapshot", snapshot(creator.player)}};
        if (!settings_.is_public) result["invite_code"] = settings_.invite_code;
        reply(*creator.conn, id, result);
      }
      if (opened) opened(true);
      if (started) begin_game(std::move(first), std::move(*started));
      for (int i = 0; i < seat_count(); ++i) {
        if (!links_[i].came) start_grace(i, no_show);
      }
    };
    persist_then(std::move(pending), std::move(created), std::move(record));
  });
}

void room::join(member who, std::optional<int> seat_index, std::optional<std::string> invite,
                json id) {
  on_strand(
      [this, who = std::move(who), seat_index, invite = std::move(invite), id = std::move(id)] {
        if (!guard_open(who, id) || !check_invite(invite, who, id)) return;
        if (settings_.rated && !who.account) return fail(who, id, account_required());
        auto made = match_.apply(commands::join{who.player, who.name, seat_index});
        if (!made) return fail(who, id, made.error());
        const int index = std::get<ev::player_joined>(made->front()).seat;
        // The start (when this fills the room) is decided on the match as the join leaves it.
        batch pending = begin_batch();
        stage_all(pending, std::move(*made));
        game_clock first;
        const bool starting = pending.after.seats_taken() == settings_.seats &&
                              settings_.auto_start && !stage_start(pending, first);
        auto joined = [this, who, index, id, starting, first = std::move(first)](
                          bool ok, batch& events) mutable {
          if (!ok) return fail(who, id, storage_failed());
          spectators_.erase(who.player);  // a spectator may sit down
          host_.member_added(who.player, settings_.id);
          // The joiner learns of its own arrival from the reply's snapshot, not from the event.
          publish(std::move(events[0]));
          links_[index].conn = who.conn;
          reply(*who.conn, id, {{"room", settings_.id}, {"snapshot", snapshot(who.player)}});
          if (settings_.is_public) publish_summary("updated");
          if (starting) begin_game(std::move(first), std::move(events[1]));
        };
        persist_then(std::move(pending), std::move(joined));
      });
}

void room::spectate(member who, std::optional<std::string> invite, json id) {
  on_strand([this, who = std::move(who), invite = std::move(invite), id = std::move(id)] {
    if (current() == status::closed) {
      return fail(who, id, app_error("unknown_room", "there is no room " + settings_.id, "room"));
    }
    if (!check_invite(invite, who, id)) return;
    if (int index = seat_of(who.player); index >= 0 && !seats()[index].retired) {
      return fail(who, id, app_error("already_seated", "you hold a seat in this room"));
    }
    if (!spectators_.contains(who.player)) host_.member_added(who.player, settings_.id);
    spectators_[who.player] = {who.name, who.conn};
    reply(*who.conn, id, {{"room", settings_.id}, {"snapshot", snapshot(who.player)}});
    if (settings_.is_public) publish_summary("updated");
  });
}

void room::leave(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    auto gone = [this, who, id] {
      reply(*who.conn, id, {{"room", settings_.id}, {"left", true}});
      maybe_close();
    };
    int index = seat_of(who.player);
    if (index >= 0 && current() == status::playing && !seats()[index].retired) {
      // In a game of three or more the others play on.
      auto left = [this, who, id, gone](bool ok) {
        if (!ok) return fail(who, id, storage_failed());
        remove_member(who.player);
        gone();
      };
      if (seat_count() > 2) return vacate(index, "left", std::move(left));
      return finish(forfeit_outcome(index, "left", seats()[index].name + " left the game"),
                    std::move(left));
    }
    if (index >= 0 && current() == status::waiting) {
      auto made = match_.apply(commands::leave{index, std::nullopt});
      if (!made) return fail(who, id, made.error());
      batch pending = begin_batch();
      stage_all(pending, std::move(*made));
      return persist_then(std::move(pending), [this, who, id, gone](bool ok, batch& events) {
        if (!ok) return fail(who, id, storage_failed());
        spectators_.erase(who.player);
        publish(std::move(events[0]));  // frees the seat first, so the leaver does not get it
        member_gone(who.player);
        gone();
      });
    }
    if (index >= 0) {
      // Too late to call off a rematch being opened: the new room hears of it once it is open.
      if (rematch_opening_) rematch_leavers_.push_back(who.player);
      call_off_rematch(seats()[index].name + " left the room", true);
    }
    remove_member(who.player);  // a spectator, a retired seat, a finished game
    gone();
  });
}

void room::start(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (!guard_open(who, id)) return;
    if (who.player != settings_.creator) {
      return fail(who, id, app_error("not_creator", "only the room's creator can start the game"));
    }
    batch pending = begin_batch();
    game_clock first;
    if (auto refused = stage_start(pending, first)) return fail(who, id, *refused);
    auto started = [this, who, id, first = std::move(first)](bool ok, batch& events) mutable {
      if (!ok) return fail(who, id, storage_failed());
      begin_game(std::move(first), std::move(events[0]));
      reply(*who.conn, id, {{"room", settings_.id}, {"version", match_.version()}});
    };
    persist_then(std::move(pending), std::move(started));
  });
}

void room::sync(member who, std::int64_t since, json id) {
  on_strand([this, who = std::move(who), since, id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    const std::int64_t version = match_.version();
    std::int64_t oldest = events_.empty() ? version + 1 : events_.front().version();
    if (since >= oldest - 1 && since <= version) {
      json list = json::array();
      for (const auto& e : events_) {
        if (e.version() > since) list.push_back(event_for(e, who.player));
      }
      return reply(*who.conn, id, {{"room", settings_.id}, {"version", version}, {"events", list}});
    }
    // Too old (or from the future): the client gets the whole room instead.
    reply(*who.conn, id,
          {{"room", settings_.id}, {"version", version}, {"snapshot", snapshot(who.player)}});
  });
}

void room::move(member who, std::string move_text, std::optional<std::int64_t> version, json id,
                std::chrono::steady_clock::time_point received) {
  on_strand([this, who = std::move(who), move_text = std::move(move_text), version,
             id = std::move(id), received] {
    if (auto e = check_mover(who)) return fail(who, id, *e);
    if (version && *version > match_.version()) {
      return fail(who, id,
                  app_error("stale_version",
                            "version " + std::to_string(*version) + " is ahead of the room (" +
                                std::to_string(match_.version()) + ")",
                            "version"));
    }
    if (version && *version < match_.position_version()) {
      return fail(
          who, id,
          app_error("stale_version",
                    "the position changed at version " + std::to_string(match_.position_version()) +
                        "; your move was made at " + std::to_string(*version),
                    "version"));
    }
    // A move that arrives after the flag fell is too late, even if the timer has not fired yet.
    const auto now = host_.now();
    if (auto ended = clock_expired(now)) {
      if (ended->reason == "timeout" && seat_count() > 2) {
        const int flagged = clock_.running();
        return vacate(flagged, "timeout", [this, who, id, flagged, ended](bool ok) {
          if (!ok) return fail(who, id, storage_failed());
          fail(who, id,
               app_error("not_your_seat",
                         ended->description + (seats()[flagged].retired
                                                   ? "; the seat is retired from play"
                                                   : "; the random bot plays the seat now")));
        });
      }
      return finish(*ended, [this, who, id, ended](bool ok) {
        fail(who, id, ok ? app_error("game_over", ended->description) : storage_failed());
      });
    }
    // The match decides; it changes only once the move is durable.
    game_clock clock = clock_;
    auto made = match_.apply(commands::move{seat_of(who.player), move_text, halts(clock)});
    if (!made) return fail(who, id, made.error());
    batch pending = begin_batch();
    stage_move(pending, std::move(*made), clock, now);
    const std::string played = std::get<ev::move>(pending[0].typed.body).played;
    persist_then(std::move(pending), [this, who, id, played, clock = std::move(clock), received](
                                         bool ok, batch& events) mutable {
      if (!ok) return fail(who, id, storage_failed());
      // Written as text: the answer of every move, {"event"?, "move", "room", "version"} as a
      // document would be dumped (keys sorted). With "event" (hello's move_event_in_result), the
      // mover's connection gets the move's event here instead of as a notification.
      const bool with_event = who.move_event_in_result;
      const std::string_view moved =
          with_event ? protocol::notification_params(*events[0].frame) : std::string_view();
      // Room for the event and the answer's three short members.
      reply_written(*who.conn, id, moved.size() + 128, [&](engine::json_writer& answer) {
        answer.object([&] {
          if (with_event) {
            answer.key("event");
            answer.raw(moved);
          }
          answer.field("move", played);
          answer.field("room", settings_.id);
          answer.field("version", match_.version() + 1);
        });
      });
      commit_move(events, std::move(clock), with_event ? who.conn.get() : nullptr);
      metrics_.observe_move_seconds(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - received).count());
    });
  });
}

// The time control's limit on game turns, in words, when the next move reaches it.
std::optional<std::string> room::halts(const game_clock& clock) const {
  if (!clock.turn_limit_reached(match_.moves().size() + 1, seat_count())) return std::nullopt;
  return halt_words();
}

std::string room::halt_words() const {
  return "the game time of " + time_control_text(settings_.timing) + " ran out";
}

// The events of a move as the match made them, with the clocks after the move when the game is
// timed (`clock` is advanced; it stops when the move ends the game).
void room::stage_move(batch& pending, std::vector<protocol::event_body> events, game_clock& clock,
                      std::chrono::steady_clock::time_point now) const {
  for (auto& body : events) {  // the clocks after the move, when the game is timed
    if (auto* moved = std::get_if<ev::move>(&body); moved && clock.timed()) {
      clock.moved(moved->to_move.value_or(-1), now);
      moved->clocks = clock.readings(now);
    }
    stage(pending, std::move(body));
  }
}

// Events of a request that need no clock (draws, the administrator): durable, folded, sent (a
// game_over among them ends the game), then the reply; or `storage_failed` and nothing changed.
void room::commit(const member& who, const json& id, std::vector<protocol::event_body> events) {
  batch pending = begin_batch();
  stage_all(pending, std::move(events));
  persist_then(std::move(pending), [this, who, id](bool ok, batch& made) {
    if (!ok) return fail(who, id, storage_failed());
    deliver(made);
    reply(*who.conn, id, {{"room", settings_.id}, {"version", match_.version()}});
  });
}

// Durable events, sent in order; a game_over (always the last) ends the game. True if it did.
bool room::deliver(batch& pending, bool folded, const peer* answered) {
  for (auto& e : pending) {
    if (std::holds_alternative<ev::game_over>(e.typed.body)) {
      conclude(std::move(e), folded);
      return true;
    }
    publish(std::move(e), folded, std::exchange(answered, nullptr));
  }
  return false;
}

void room::commit_move(batch& pending, game_clock clock, const peer* answered) {
  clock_ = std::move(clock);
  ++metrics_.moves_total;
  // stage() folded the move's events (a move, perhaps the game's end: none touches a seat's link)
  // into the batch's copy of the match, and nothing changed the room's meanwhile (it held every
  // request): the copy becomes the room's match instead of the events being played again.
  const bool folded =
      pending.after.version() == match_.version() + static_cast<std::int64_t>(pending.size());
  if (folded) match_ = std::move(pending.after);
  if (deliver(pending, folded, answered)) return;
  arm_clock();
  schedule_bot();
}

// Bots move from their own handler, so a game between bots never runs as one long call. A room of
// bots only is paced (limits::bot_moves_per_second), so that spectators reading at a normal pace
// keep up, and capped (limits::bot_only_max_moves), so that its log stays bounded.
void room::schedule_bot(std::chrono::milliseconds delay) {
  if (current() != status::playing || !seats()[state().current_player()].bot) return;
  if (delay.count() == 0 && bots_only(seats())) {
    const std::size_t played = match_.moves().size();
    if (static_cast<int>(played) >= limit_.bot_only_max_moves) {
      metrics_.count_refusal("bot_only_max_moves");
      const std::size_t n = seats().size();
      engine::outcome stopped{
          std::vector<int>(n, 1), std::vector<double>(n, 0.0), "bot_move_cap",
          "stopped after " + std::to_string(played) + " moves: only bots were left playing"};
      return finish(std::move(stopped), [this](bool ok) {
        if (!ok) schedule_bot(store_retry);
      });
    }
    delay = std::chrono::milliseconds(
        static_cast<std::int64_t>(1000 / std::max(limit_.bot_moves_per_second, 0.001)));
  }
  if (delay.count() == 0) {
    return on_strand([this] { bot_move(); });
  }
  bot_timer_.expires_after(delay);
  when_due(bot_timer_, [this] { bot_move(); });
}

void room::bot_move() {
  if (current() != status::playing) return;
  int mover = state().current_player();
  const engine::bot* b = seats()[mover].bot;
  if (!b) return;
  if (!b->thinks()) return play_bot_choice(mover, b->choose(state(), rng_));
  // A search runs on a bots' thread, on a copy of the position, with a seed drawn here (so a
  // room's bots stay reproducible). Its move comes back through the strand; if the position
  // changed meanwhile (a resignation, a retirement), the bot is asked again.
  std::shared_ptr<const engine::state> copy = state().clone();
  const std::int64_t position = match_.position_version();
  host_.think([self = shared_from_this(), copy, b, mover, position, seed = rng_()] {
    std::mt19937_64 rng(seed);
    auto choice = b->choose(*copy, rng);
    self->on_strand([self, mover, position, choice = std::move(choice)]() mutable {
      if (self->current() != status::playing) return;
      if (self->match_.position_version() != position) return self->schedule_bot();
      self->play_bot_choice(mover, std::move(choice));
    });
  });
}

void room::play_bot_choice(int mover, engine::result<std::string> choice) {
  game_clock clock = clock_;
  auto made = choice ? match_.apply(commands::move{mover, *choice, halts(clock)})
                     : std::unexpected(app_error(choice.error().code, choice.error().message));
  if (!made) {  // e.g. a table the bot needs is not loaded: the bot's seat loses
    return finish(forfeit_outcome(mover, "bot_failed",
                                  seats()[mover].name + " could not move: " + made.error().message),
                  [this](bool ok) {
                    if (!ok) schedule_bot(store_retry);
                  });
  }
  batch pending = begin_batch();
  stage_move(pending, std::move(*made), clock, host_.now());
  persist_then(std::move(pending),
               [this, clock = std::move(clock)](bool ok, batch& events) mutable {
                 if (!ok) return schedule_bot(store_retry);
                 commit_move(events, std::move(clock));
               });
}

std::optional<protocol::error> room::check_in_game(const member& who, bool needs_seat) const {
  if (needs_seat && seat_of(who.player) < 0) {
    return app_error("not_your_seat", "you hold no seat here");
  }
  if (needs_seat && seats()[seat_of(who.player)].retired) {
    return app_error("not_your_seat", "you retired from this game; you can watch it");
  }
  if (current() == status::closed) {
    return app_error("unknown_room", "there is no such room", "room");
  }
  if (current() != status::playing) {
    return app_error(current() == status::finished ? protocol::errc::game_over
                                                   : protocol::errc::game_not_started,
                     "there is no game in progress");
  }
  return std::nullopt;
}

void room::resign(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (auto e = check_in_game(who, true)) return fail(who, id, *e);
    int index = seat_of(who.player);
    auto resigned = [this, who, id](bool ok) {
      if (!ok) return fail(who, id, storage_failed());
      reply(*who.conn, id, {{"room", settings_.id}, {"version", match_.version()}});
    };
    // With three or more the others play on without the resigning seat (vacate()).
    if (seat_count() > 2) return vacate(index, "resignation", std::move(resigned));
    finish(forfeit_outcome(index, "resignation", seats()[index].name + " resigned"),
           std::move(resigned));
  });
}

void room::offer_draw(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (auto e = check_in_game(who, true)) return fail(who, id, *e);
    auto made = match_.apply(commands::offer_draw{seat_of(who.player)});
    if (!made) return fail(who, id, made.error());
    commit(who, id, std::move(*made));
  });
}

void room::decline_draw(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (auto e = check_in_game(who, true)) return fail(who, id, *e);
    auto made = match_.apply(commands::decline_draw{seat_of(who.player)});
    if (!made) return fail(who, id, made.error());
    commit(who, id, std::move(*made));
  });
}

void room::berserk(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (auto e = check_in_game(who, true)) return fail(who, id, *e);
    if (!settings_.berserk) {
      return fail(who, id, app_error("berserk_not_allowed", "this room does not allow berserk"));
    }
    const int seat_index = seat_of(who.player);
    auto made = match_.apply(commands::berserk{seat_index});
    if (!made) return fail(who, id, made.error());
    game_clock after = clock_;
    after.berserk(seat_index);
    ev::berserk went{seat_index, after.readings(host_.now())};  // before `after` moves below
    emit(std::move(went), [this, who, id, after = std::move(after)](bool ok) mutable {
      if (!ok) return fail(who, id, storage_failed());
      clock_ = std::move(after);
      arm_clock();
      reply(*who.conn, id, {{"room", settings_.id}, {"version", match_.version()}});
    });
  });
}

void room::administer(member who, json id, std::optional<std::vector<int>> ranks,
                      std::string note) {
  on_strand([this, who = std::move(who), id = std::move(id), ranks = std::move(ranks),
             note = std::move(note)] {
    if (auto e = check_in_game(who, false)) return fail(who, id, *e);
    auto made = match_.apply(commands::administer{std::move(ranks), std::move(note)});
    if (!made) return fail(who, id, made.error());
    commit(who, id, std::move(*made));
  });
}

void room::add_time(member who, json id, int seat_index, std::chrono::seconds extra) {
  on_strand([this, who = std::move(who), id = std::move(id), seat_index, extra] {
    if (auto e = check_in_game(who, false)) return fail(who, id, *e);
    if (!clock_.timed()) return fail(who, id, app_error("not_timed", "this room has no clocks"));
    if (seat_index >= seat_count()) {
      return fail(who, id,
                  app_error("bad_seat", "there is no seat " + std::to_string(seat_index), "seat"));
    }
    const auto now = host_.now();
    game_clock after = clock_;
    after.add_time(seat_index, extra);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(extra).count();
    ev::time_added added{seat_index, ms, after.readings(now)};
    emit(std::move(added), [this, who, id, after = std::move(after)](bool ok) mutable {
      if (!ok) return fail(who, id, storage_failed());
      clock_ = std::move(after);
      arm_clock();
      reply(*who.conn, id, {{"room", settings_.id}, {"version", match_.version()}});
    });
  });
}

void room::legal_moves(member who, protocol::game_legal_moves request, json id) {
  on_strand([this, who = std::move(who), request = std::move(request), id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    if (auto e = check_in_game(who, false)) return fail(who, id, *e);
    auto listed = list_moves(state(), request);
    if (!listed) return fail(who, id, listed.error());
    (*listed)["room"] = settings_.id;
    (*listed)["version"] = match_.version();
    reply(*who.conn, id, *listed);
  });
}

void room::view(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    if (!match_.state()) {
      return fail(who, id, app_error("game_not_started", "the game has not started"));
    }
    json out = view_json(state());
    if (current() != status::playing) out["to_act"] = json::array();  // ended by the room
    out["room"] = settings_.id;
    out["version"] = match_.version();
    reply(*who.conn, id, out);
  });
}

void room::analyze(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    if (seat_of(who.player) >= 0 && current() == status::playing && !settings_.practice) {
      return fail(who, id,
                  app_error("analysis_not_allowed",
                            "players get hints only in practice rooms; spectators always"));
    }
    if (!match_.state()) {
      return fail(who, id, app_error("game_not_started", "the game has not started"));
    }
    auto analysis = settings_.spec.game_ptr->analyze(state());
    if (!analysis) {
      return fail(who, id, app_error(analysis.error().code, analysis.error().message));
    }
    reply(*who.conn, id,
          {{"room", settings_.id},
           {"version", match_.version()},
           {"analysis", std::move(*analysis)}});
  });
}

// ---- connections -----------------------------------------------------------------------------

void room::disconnected(std::string player, const peer* conn) {
  on_strand([this, player = std::move(player), conn] {
    if (auto it = spectators_.find(player); it != spectators_.end()) {
      auto current = it->second.conn.lock();
      if (!current || current.get() == conn) {
        remove_member(player);
        maybe_close();
      }
      return;
    }
    int index = seat_of(player);
    if (index < 0) return;
    link& l = links_[index];
    auto current_conn = l.conn.lock();
    if (current_conn && current_conn.get() != conn) return;  // an older connection; moved on
    l.connected = false;
    l.conn.reset();
    if (current() == status::closed) return;
    const bool retired = seats()[index].retired;
    if (current() == status::finished) {
      call_off_rematch(seats()[index].name + " is no longer connected", false);
      // The room is held for them as during play: a player whose connection fails right after
      // the last move comes back to the end of the game, not to a room that closed meanwhile.
      if (!retired) return start_grace(index, limit_.reconnect_grace);
      return maybe_close();
    }
    if (retired) return;  // out of play already: nothing to hold for them
    // Connection news is not worth refusing anything for: when it cannot be written the event is
    // left out (the log stays gapless) and the seat is dropped all the same.
    emit(ev::player_dropped{index, player, limit_.reconnect_grace.count()});
    start_grace(index, limit_.reconnect_grace);
  });
}

void room::reconnected(member who) {
  on_strand([this, who = std::move(who)] {
    if (auto it = spectators_.find(who.player); it != spectators_.end()) {
      it->second.conn = who.conn;
      return;
    }
    int index = seat_of(who.player);
    if (index < 0) return;
    link& l = links_[index];
    l.conn = who.conn;
    l.came = true;
    if (l.connected) return;
    l.connected = true;
    l.grace.reset();  // cancels the timer
    if (!seats()[index].retired && (current() == status::waiting || current() == status::playing)) {
      emit(ev::player_returned{index, who.player});
    }
  });
}

void room::start_grace(int index, std::chrono::milliseconds after) {
  link& l = links_[index];
  l.grace = std::make_unique<boost::asio::steady_timer>(strand_, after);
  when_due(*l.grace, [this, index] { grace_expired(index); });
}

void room::grace_expired(int index) {
  if (index >= seat_count()) return;
  links_[index].grace.reset();  // the seat is held no longer (has_humans())
  const match_seat& s = seats()[index];
  if (links_[index].connected || s.player.empty() || s.retired) return;
  const std::string player = s.player;
  const std::string name = s.name;
  const status before = current();
  if (before == status::playing && seat_count() > 2) {  // the others play on
    return vacate(index, "abandonment", [this, index](bool ok) {
      if (!ok) start_grace(index, store_retry);
    });
  }
  batch pending = begin_batch();
  engine::outcome result;
  if (before == status::playing && !links_[index].came) {
    // A game the server opened (a tournament's): a player who never came forfeits it, and when
    // nobody came it ends without a winner, every seat forfeited (the tournament reads it so).
    const bool nobody =
        std::none_of(links_.begin(), links_.end(), [](const link& l) { return l.came; }) &&
        !std::any_of(seats().begin(), seats().end(),
                     [](const match_seat& other) { return other.bot; });
    if (nobody) {
      result = engine::outcome{std::vector<int>(seat_count(), 1), {}, "no_show", "nobody came"};
    } else {
      result = forfeit_outcome(index, "no_show", name + " did not come");
    }
    stage(pending, ev::game_over{result, std::nullopt});
  } else if (before == status::playing) {
    result = forfeit_outcome(index, "abandonment", name + " did not come back in time");
    stage(pending, ev::game_over{result, std::nullopt});
  } else if (before == status::waiting) {
    if (auto made = match_.apply(commands::leave{index, "timeout"})) {
      stage_all(pending, std::move(*made));
    }
  }
  if (pending.empty()) {  // a finished game: nothing to write
    remove_member(player);
    return maybe_close();
  }
  persist_then(std::move(pending), [this, index, player, before](bool ok, batch& events) {
    if (!ok) return start_grace(index, store_retry);
    if (before == status::playing) {
      // Membership goes first, so that whoever hears of the outcome finds the seat released.
      remove_member(player);
      conclude(std::move(events[0]));
    } else {
      spectators_.erase(player);
      publish(std::move(events[0]));  // frees the seat
      member_gone(player);
    }
    maybe_close();
  });
}

// In a game of three or more, a seat whose player is gone (resigned, left, abandoned, flagged)
// does not end the game for the others: it retires from play where the room's policy says so,
// and always on a resignation, when the game can retire a player; else the built-in random bot
// plays it on. `done` hears whether the store took the events (nothing changed when not).
void room::vacate(int index, const std::string& reason, on_stored done) {
  if (settings_.vacated == vacated_policy::retire || resigned(reason)) {
    if (auto made = match_.apply(commands::retire{index, reason})) {
      return retire_seat(index, reason, std::move(*made), std::move(done));
    }
  }
  take_over(index, reason, std::move(done));
}

// `made` are the match's for the retirement (server/match): the room adds the clocks, which
// move on when the seat to move changed.
void room::retire_seat(int index, const std::string& reason, std::vector<protocol::event_body> made,
                       on_stored done) {
  const std::string player = seats()[index].player;
  game_clock clock = clock_;
  if (auto* retired = std::get_if<ev::seat_retired>(&made.front()); retired && clock.timed()) {
    const auto now = host_.now();
    const int next = retired->to_move.value_or(-1);
    if (next != clock.running()) clock.moved(next, now);
    retired->clocks = clock.readings(now);
  }
  batch pending = begin_batch();
  stage_all(pending, std::move(made));
  persist_then(std::move(pending), [this, index, reason, player, clock = std::move(clock),
                                    done = std::move(done)](bool ok, batch& events) mutable {
    if (ok) {
      clock_ = std::move(clock);
      links_[index].grace.reset();
      // A resigning player may stay and watch; one who is gone is a member no more.
      if (!resigned(reason)) remove_member(player);
      if (!deliver(events)) {
        arm_clock();
        schedule_bot();
      }
    }
    if (done) done(ok);
  });
}

// Played on by the built-in random bot, so the others can finish their game.
void room::take_over(int index, const std::string& reason, on_stored done) {
  const engine::bot* b = engine::find_bot(*settings_.spec.game_ptr, "random");
  const std::string player = seats()[index].player;
  auto made = match_.apply(commands::take_over{index, reason, b});
  if (!made) {  // the room checked the seat: not expected
    spdlog::error("room {}: seat {} cannot be taken over: {}", settings_.id, index,
                  made.error().message);
    if (done) done(false);
    return;
  }
  batch pending = begin_batch();
  stage_all(pending, std::move(*made));
  persist_then(std::move(pending),
               [this, player, done = std::move(done)](bool ok, batch& events) mutable {
                 if (ok) {
                   remove_member(player);
                   publish(std::move(events[0]));  // the bot holds the seat from here on
                   arm_clock();
                   schedule_bot();
                 }
                 if (done) done(ok);
               });
}

void room::shut_down() {
  on_strand([this] {
    for (auto& l : links_)
      l.grace.reset();
    linger_.cancel();
    bot_timer_.cancel();
  });
}

// ---- game flow -------------------------------------------------------------------------------

// Bots never keep a room open on their own.
bool room::has_humans(bool connected_only) const {
  for (int i = 0; i < seat_count(); ++i) {
    const match_seat& s = seats()[i];
    // A player within the grace period after a drop counts as there.
    const bool there = links_[i].connected || links_[i].grace;
    if (!s.player.empty() && !s.bot && (!connected_only || there)) return true;
  }
  return false;
}

// The match's start on the batch (server/match), with the clocks when the room is timed: `clock`
// is set going. The refusal, when the match refuses to start.
std::optional<protocol::error> room::stage_start(batch& pending, game_clock& clock) const {
  auto made = pending.after.apply(commands::start{});
  if (!made) return made.error();
  for (auto& body : *made) {
    if (auto* started = std::get_if<ev::game_started>(&body); started && settings_.timing.timed()) {
      const auto now = host_.now();
      clock = game_clock(settings_.timing, static_cast<int>(started->players.size()));
      clock.start(started->to_move, now);
      started->time_control = time_control_text(settings_.timing);
      started->clocks = clock.readings(now);
    }
    stage(pending, std::move(body));
  }
  return std::nullopt;
}

// `started` is the game_started event, or a game_over when the engine could not set the game up.
// The match sets the game up itself when it folds the start.
void room::begin_game(game_clock first, event started) {
  if (!std::holds_alternative<ev::game_started>(started.typed.body)) {
    // A finished room like any other: the lobby and the store (the game_over event) say so too,
    // and it closes after the same lingering.
    publish(std::move(started));
    if (settings_.is_public) publish_summary("updated");
    linger_.expires_after(limit_.finished_room_linger);
    when_due(linger_, [this] { close_room(); });
    return;
  }
  clock_ = std::move(first);
  publish(std::move(started));
  if (settings_.is_public) publish_summary("updated");
  arm_clock();
  schedule_bot();
}

// ---- clocks ----------------------------------------------------------------------------------

void room::clock_changed() {
  on_strand([this] { check_clock(); });
}

// The timer wakes the room when the running seat's flag falls or the game time runs out; the
// decision is always taken against the time source, so an early or late wake-up is harmless.
void room::arm_clock() {
  flag_timer_.cancel();
  if (current() != status::playing) return;
  auto due = clock_.flag_at();
  if (auto halt = clock_.halt_at(); halt && (!due || *halt < *due)) due = halt;
  if (!due) return;
  auto wait = std::max(*due - host_.now(), std::chrono::steady_clock::duration::zero());
  flag_timer_.expires_after(wait + std::chrono::milliseconds(1));
  when_due(flag_timer_, [this] { check_clock(); });
}

void room::check_clock() {
  if (current() != status::playing) return;
  auto ended = clock_expired(host_.now());
  if (!ended) return arm_clock();
  // When the store refuses, the room tries again shortly; the flag stays down.
  auto retry = [this](bool ok) {
    if (ok) return;
    flag_timer_.expires_after(store_retry);
    when_due(flag_timer_, [this] { check_clock(); });
  };
  if (ended->reason == "timeout" && seat_count() > 2) {
    return vacate(clock_.running(), "timeout", std::move(retry));
  }
  finish(*ended, std::move(retry));
}

std::optional<engine::outcome> room::clock_expired(
    std::chrono::steady_clock::time_point now) const {
  if (current() != status::playing || !clock_.timed()) return std::nullopt;
  if (auto halt = clock_.halt_at(); halt && now >= *halt) {
    return halted_outcome(state(), seat_count(), halt_words());
  }
  auto flag = clock_.flag_at();
  if (!flag || now <= *flag) return std::nullopt;
  const int index = clock_.running();
  if (seats()[index].bot) return std::nullopt;  // a bot moves at once; it is never flagged
  return forfeit_outcome(index, "timeout", seats()[index].name + " ran out of time");
}

// The match's rule for a seat that loses a game ending here; only while a game is in progress.
engine::outcome room::forfeit_outcome(int index, const std::string& reason,
                                      const std::string& description) const {
  auto made = match_.apply(commands::forfeit{index, reason, description});
  return *std::get<ev::game_over>(made->front()).outcome;
}

void room::finish(engine::outcome result, on_stored done) {
  batch pending = begin_batch();
  stage(pending, ev::game_over{result, std::nullopt});
  persist_then(std::move(pending), [this, done = std::move(done)](bool ok, batch& events) mutable {
    if (ok) conclude(std::move(events[0]));
    if (done) done(ok);
  });
}

// `over` is the game_over event; its fold sets the outcome and the status.
void room::conclude(event over, bool folded) {
  clock_.stop(host_.now());
  flag_timer_.cancel();
  ++metrics_.games_finished_total;
  // A dropped player's grace runs on: the room stays theirs to come back to until it ends.
  bot_timer_.cancel();
  publish(std::move(over), folded);
  if (settings_.is_public) publish_summary("updated");
  host_.game_ended(settings_.id, match_.end());
  linger_.expires_after(limit_.finished_room_linger);
  when_due(linger_, [this] { close_room(); });
}

void room::remove_member(const std::string& player) {
  bool removed = spectators_.erase(player) > 0;
  if (int index = seat_of(player); index >= 0) {
    // A seat keeps its name for the record (the log frees a waiting seat); only the connection
    // goes.
    links_[index].conn.reset();
    links_[index].connected = false;
    removed = true;
  }
  if (removed) member_gone(player);
}

void room::member_gone(const std::string& player) {
  host_.member_removed(player, settings_.id);
  if (settings_.is_public && current() != status::closed) publish_summary("updated");
}

void room::maybe_close() {
  if (current() == status::closed || current() == status::playing) return;
  bool anyone = !spectators_.empty() || has_humans(current() != status::waiting);
  if (!anyone) close_room();
}

void room::close_room() {
  if (current() == status::closed) return;
  linger_.cancel();
  bot_timer_.cancel();
  flag_timer_.cancel();
  // Closing goes ahead even when it cannot be written: nobody can reach the room afterwards, and
  // a stored room that still looks open comes back at the next start with nobody in it and
  // closes again (a finished one is not brought back at all).
  batch pending = begin_batch();
  stage(pending, ev::room_closed{});
  persist_then(std::move(pending), [this](bool, batch& events) {
    publish(std::move(events[0]));
    for (int i = 0; i < seat_count(); ++i) {
      const match_seat& s = seats()[i];
      links_[i].grace.reset();
      if (!s.player.empty() && !s.bot) host_.member_removed(s.player, settings_.id);
    }
    for (const auto& [player, sp] : spectators_)
      host_.member_removed(player, settings_.id);
    spectators_.clear();
    if (settings_.is_public) publish_summary("closed");
    --metrics_.rooms;
    host_.room_closed(settings_.id, settings_.creator);
  });
}

// ---- checks ----------------------------------------------------------------------------------

bool room::guard_open(const member& who, const json& id) {
  if (current() == status::closed) {
    fail(who, id, app_error("unknown_room", "there is no room " + settings_.id, "room"));
    return false;
  }
  if (current() == status::finished) {
    fail(who, id, app_error("game_over", "the game in this room is over"));
    return false;
  }
  return true;
}

bool room::check_invite(const std::optional<std::string>& invite, const member& who,
                        const json& id) {
  if (settings_.is_public || is_member(who.player) || invite == settings_.invite_code) return true;
  fail(who, id,
       app_error("bad_invite_code", "this room is private: a valid invite_code is needed",
                 "invite_code"));
  return false;
}

bool room::is_member(const std::string& player) const {
  return seat_of(player) >= 0 || spectators_.contains(player);
}

std::optional<protocol::error> room::check_mover(const member& who) const {
  if (current() == status::closed) {
    return app_error("unknown_room", "there is no such room", "room");
  }
  int index = seat_of(who.player);
  if (index < 0) {
    return app_error("not_your_seat", spectators_.contains(who.player)
                                          ? "spectators cannot move"
                                          : "you hold no seat in this room");
  }
  if (current() == status::waiting) {
    return app_error("game_not_started", "the game has not started yet");
  }
  if (current() == status::finished) return app_error("game_over", "the game is over");
  int to_move = state().current_player();
  if (to_move != index) {
    return app_error("not_your_turn", "it is " + seats()[to_move].name + "'s turn (seat " +
                                          std::to_string(to_move) + ")");
  }
  return std::nullopt;
}

}  // namespace boardroom::server
