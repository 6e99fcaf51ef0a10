#pragma once
// One game table: seats, spectators, the engine state and the numbered event log.
//
// Everything a room owns is touched only on its strand, so game code runs single-threaded and
// lock-free; the public methods may be called from any thread and post themselves there. A room
// holds weak references to its members' connections: a dropped connection keeps its seat for the
// reconnect grace period, and a returning identity is bound to the seat again.
//
// The game itself (seats, status, engine state, moves, outcome, draw offers, version) is the
// room's match (server/match/match.hpp) and changes only by folding events: the room keeps what
// needs the network (the strand, the store and journal, timers, connections, fan-out).
//
// Durability: every event is written to the store before anything else happens. A request first
// works out its events, each folded into a copy of the match (a batch) so that the next decision
// sees the game as the earlier ones leave it, then appends them in one transaction, and only
// then folds them into the match as it publishes them (a move's copy becomes the match instead),
// replies and broadcasts. Every write goes through the journal to the store's own thread (a new
// room's too; under --sync normal the journal writes moves to the live log itself): the room
// waits for the answer without holding an io thread, and holds what arrives meanwhile. When the
// append fails the match is exactly as before and the client gets `storage_failed`. At server start
// a room is rebuilt by folding its log through a match (restore()), so its version and recent
// events are what clients saw before the restart.

#include <chrono>
#include <deque>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "engine/core/bot.hpp"
#include "engine/core/registry.hpp"
#include "protocol/events.hpp"
#include "protocol/messages.hpp"
#include "server/config.hpp"
#include "server/match/match.hpp"
#include "server/net/peer.hpp"
#include "server/net/token_bucket.hpp"
#include "server/rooms/event_view.hpp"
#include "server/rooms/game_clock.hpp"
#include "server/rooms/time_control.hpp"
#include "server/storage/journal.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

class lobby;
class metrics;

// Who is asking: a player identity and the connection it speaks through.
struct member {
  std::string player;  // identity id
  std::string name;
  std::shared_ptr<peer> conn;
  bool account = false;               // the identity is an account (rated rooms seat only accounts)
  bool move_event_in_result = false;  // the connection's choice at hello (protocol::hello)
};

struct room_settings;
class room;

// What a room needs from the rest of the server.
class room_host {
 public:
  virtual ~room_host() = default;
  virtual void member_added(const std::string& player, const std::string& room) = 0;
  virtual void member_removed(const std::string& player, const std::string& room) = 0;
  virtual void room_closed(const std::string& room, const std::string& creator) = 0;
  virtual std::chrono::steady_clock::time_point now() const = 0;  // for the clocks
  virtual journal& event_journal() = 0;                 // group commit of every room write
  virtual const std::string& rating_model() const = 0;  // Weng-Lin's, for games of 3 to 6
  // Whether `viewer` muted `writer`'s chat (chat.mute).
  virtual bool muted(const std::string& viewer, const std::string& writer) const = 0;
  // A game ended (its game_over is durable).
  virtual void game_ended(const std::string& room, const game_end& end) = 0;
  // Runs `work` on a bots' thread (a search), not an io thread.
  virtual void think(std::function<void()> work) = 0;
  // Whether a program plays the account `player` (shown on its seat).
  virtual bool is_bot_account(const std::string& player) const = 0;
  // Opens a room whose seats the settings fill, under room.create's limits: its creator's open
  // rooms and the rooms created from `address` (a rematch). The refusal, or `opened` hears as
  // open_server_room's does.
  virtual std::optional<protocol::error> open_rematch(room_settings settings,
                                                      const std::string& address,
                                                      std::function<void(bool)> opened) = 0;
  // The room `id` while it is open here; null when it is not.
  virtual std::shared_ptr<room> find_room(const std::string& id) const = 0;
};

// What becomes of a seat whose player is gone (abandoned, flagged) in a game of three or more:
// the built-in random bot plays it on, or it retires from play (the engine's retire()). A
// resignation retires the seat under either policy where the game can retire players.
enum class vacated_policy { bot, retire };
std::optional<vacated_policy> parse_vacated_policy(std::string_view text);
const char* vacated_policy_text(vacated_policy p);

// A player the server seats in a room it opens itself (a tournament's game): `conn` is their
// connection when they have one; a player without one is dropped from the start and forfeits
// when they do not come within the room's no-show grace.
struct seated_entrant {
  int seat = 0;
  std::string player;
  std::string name;
  std::weak_ptr<peer> conn;
};

struct room_settings {
  std::string id;
  engine::game_spec spec;
  int seats = 2;
  bool is_public = true;
  bool auto_start = true;
  std::string invite_code;                 // private rooms only
  std::string creator;                     // identity id
  std::uint64_t seed = 0;                  // for the engine's setup and the bots' choices
  std::map<int, const engine::bot*> bots;  // seats played by built-in players
  bool practice = false;                   // players may ask for hints
  std::chrono::system_clock::time_point created = std::chrono::system_clock::now();
  time_control timing;  // chosen at creation; "none" by default
  vacated_policy vacated = vacated_policy::bot;
  bool rated = false;    // the end changes the players' ratings
  bool berserk = false;  // players may go berserk (berserkable() time controls only)
  // Rooms the server opens (tournament games): every seat is filled at once and the game starts.
  std::vector<seated_entrant> entrants;
  std::chrono::milliseconds no_show_grace{0};  // 0: limits::reconnect_grace
};

// The error a client gets when the store could not record what it asked for.
protocol::error storage_failed();
// The error a client gets when a cluster's Redis cannot be asked where a room is (hub_cluster.cpp).
protocol::error cluster_unavailable(const std::string& why);
// The error a guest gets from a rated room.
protocol::error account_required();

class room : public std::enable_shared_from_this<room> {
 public:
  using executor = boost::asio::strand<boost::asio::io_context::executor_type>;

  room(boost::asio::io_context& io, room_settings settings, const limits& limit, room_host& host,
       lobby& directory, metrics& stats, store& storage);

  // Rebuilds a room from its record and its whole log by folding the events through a match
  // (server/match/match.hpp), as the live room did; or says which event does not fold. Touches
  // nothing outside the room.
  static std::expected<std::shared_ptr<room>, std::string> restore(
      boost::asio::io_context& io, const stored_room& stored, const limits& limit, room_host& host,
      lobby& directory, metrics& stats, store& storage);

  const std::string& id() const { return settings_.id; }
  const std::string& creator() const { return settings_.creator; }

  // After restore(), before the io_context runs: where the log left the room (a room whose last
  // events ended it is not brought back, see hub::restore()).
  room_status restored_status() const { return match_.status(); }

  // After restore() and after the host knows the room: registers the seated identities with the
  // host, marks seats that were connected as dropped (a `player_dropped` event each) and gives
  // every seat a fresh grace period, since nobody could reconnect while the server was down.
  // Runs before the io_context does; fails only when the store cannot record the events.
  store_result<void> resume_after_restart();

  // Called once by the creator's request; `seat` is the creator's seat or -1 for none. The room
  // record and its first events are stored first; if that fails the creator gets
  // `storage_failed` and the room closes without ever having been visible. `opened` (a room the
  // server fills) hears whether that worked, on the strand, after the entrants are in and before
  // the first event is sent, so that what it tells them holds when they act on it.
  void open(member creator, int seat, nlohmann::json request_id,
            std::function<void(bool)> opened = {});

  void join(member who, std::optional<int> seat, std::optional<std::string> invite,
            nlohmann::json request_id);
  void spectate(member who, std::optional<std::string> invite, nlohmann::json request_id);
  void leave(member who, nlohmann::json request_id);
  void start(member who, nlohmann::json request_id);
  void sync(member who, std::int64_t since, nlohmann::json request_id);
  void move(member who, std::string move, std::optional<std::int64_t> version,
            nlohmann::json request_id, std::chrono::steady_clock::time_point received);
  void resign(member who, nlohmann::json request_id);
  void legal_moves(member who, protocol::game_legal_moves request, nlohmann::json request_id);
  void view(member who, nlohmann::json request_id);
  void analyze(member who, nlohmann::json request_id);

  // Connection events for an identity that is a member here.
  void disconnected(std::string player, const peer* conn);
  void reconnected(member who);

  // Server shutdown: cancel timers so the io_context can drain.
  void shut_down();

  // A cluster (server/cluster/cluster.hpp). resume_after_takeover(): resume_after_restart() for a
  // room this node took over from a node that died, on the room's strand, while the server runs;
  // `then` hears the verdict there. evict(): this node lost the room's lease; its timers stop
  // and it leaves this node's lobby (its members find it through `room_elsewhere`).
  void resume_after_takeover(std::function<void(store_result<void>)> then);
  void evict();

  // Draws: an offer stands until the next move or a refusal; when every player has offered, the
  // game is drawn by agreement. Games that forbid draws (Arimaa) refuse offers.
  void offer_draw(member who, nlohmann::json id);
  void decline_draw(member who, nlohmann::json id);
  // A rematch (room_rematch.cpp): once the game is over, each of its players asks for another;
  // when every seat a person holds has asked, the server opens a room on the same terms with the
  // seats turned by one (two players swap), every player seated, tells them with game.assigned
  // and this room's members with room.rematched, and the players leave this room. A player who
  // leaves calls it off for good; a dropped connection calls off the requests made so far.
  // `address`: the asker's, for the rate of rooms created from it.
  void rematch(member who, std::string address, nlohmann::json id);
  // This room is a rematch, and `players` left the finished game's room while it was being
  // opened: its game ends at once without a result (aborted: no rating changes), because `why`,
  // and they leave this room too.
  void rematch_left(std::vector<std::string> players, std::string why);
  // Before the player's first move, where the room allows it (an arena's): half the initial time
  // and no increment (time_control.hpp: berserkable()), for a bonus point in the tournament.
  void berserk(member who, nlohmann::json id);

  // Chat (room_chat.cpp): a member's line, in the players' channel when they hold a seat in play,
  // else the spectators'. Kept in the log; each reads their own channel only.
  void chat(member who, std::string text, nlohmann::json id);
  // Administrator (the hub checked the token): removes the chat line written as event `line`.
  void remove_chat(member who, nlohmann::json id, std::int64_t line);

  // Administrator (the hub checked the token): ends the game with `ranks` per seat, or aborts it
  // without a result when there are none.
  void administer(member who, nlohmann::json id, std::optional<std::vector<int>> ranks,
                  std::string note);
  void add_time(member who, nlohmann::json id, int seat, std::chrono::seconds extra);

  // The time source was moved by hand (tests): look at the clocks now.
  void clock_changed();

 private:
  using status = room_status;
  // Told whether a step's events became durable (and were published): the step happened only
  // when it says true. Runs on the strand, once the store has answered.
  using on_stored = std::move_only_function<void(bool durable)>;

  // The connection to a seat of the match. `connected` is the connection's, not the log's: it
  // also changes where no event is written (a drop the store could not record, a retired seat).
  struct link {
    std::weak_ptr<peer> conn;
    std::unique_ptr<boost::asio::steady_timer> grace;  // running while dropped
    bool connected = false;
    bool came = true;  // false for a seated entrant who has not yet come (a no-show so far)
  };
  struct spectator {
    std::string name;
    std::weak_ptr<peer> conn;
  };
  struct event {
    protocol::event typed;
    frame_ptr frame;   // serialized once for every member
    std::string text;  // while staged: the body as JSON text for the store (without the view)
    std::int64_t version() const { return typed.version; }
  };
  // Events that become durable together, and the match as they leave it: what the next
  // decision in the same request sees (who is seated once a join is staged, the ranks after a
  // retirement). Only publish() changes the room's own match.
  struct batch {
    explicit batch(const match& now) : after(now) {}
    std::vector<event> events;
    match after;
    event& operator[](std::size_t i) { return events[i]; }
    std::size_t size() const { return events.size(); }
    bool empty() const { return events.empty(); }
    event& back() { return events.back(); }
    void pop_back() { events.pop_back(); }
    auto begin() { return events.begin(); }
    auto end() { return events.end(); }
    auto begin() const { return events.begin(); }
    auto end() const { return events.end(); }
  };

  // Every request runs through on_strand() and every timer's handler through when_due(), both
  // into when_free(): while a write waits for the journal (awaiting_store_), what arrives is held
  // in order and runs after the move's continuation, so the room never numbers or plays anything
  // on a state that is not yet durable.
  template <class F>
  void on_strand(F&& f);
  template <class F>
  void when_due(boost::asio::steady_timer& timer, F f);
  template <class F>
  void when_free(F&& f);
  void run_held();

  bool guard_open(const member& who, const nlohmann::json& id);
  bool check_invite(const std::optional<std::string>& invite, const member& who,
                    const nlohmann::json& id);
  status current() const { return match_.status(); }
  const std::vector<match_seat>& seats() const { return match_.seats(); }
  int seat_count() const { return match_.seat_count(); }
  const engine::state& state() const { return *match_.state(); }  // only in a started game
  int seat_of(const std::string& player) const { return match_.seat_of(player); }
  bool is_member(const std::string& player) const;
  std::optional<protocol::error> check_mover(const member& who) const;
  // A running game, and (when `needs_seat`) a seat in it: the checks of resign, draws, admin.
  std::optional<protocol::error> check_in_game(const member& who, bool needs_seat) const;

  bool has_humans(bool connected_only) const;
  std::optional<protocol::error> stage_start(batch& pending, game_clock& clock) const;
  void begin_game(game_clock first, event started);
  std::optional<std::string> halts(const game_clock& clock) const;
  std::string halt_words() const;
  void stage_move(batch& pending, std::vector<protocol::event_body> events, game_clock& clock,
                  std::chrono::steady_clock::time_point now) const;
  void commit(const member& who, const nlohmann::json& id,
              std::vector<protocol::event_body> events);
  // `folded`: the room's match holds the events already (commit_move()).
  // `answered`: the connection whose answer carried the batch's first event (hello's
  // move_event_in_result), which is not sent to it again.
  bool deliver(batch& pending, bool folded = false, const peer* answered = nullptr);
  void commit_move(batch& pending, game_clock clock, const peer* answered = nullptr);
  void arm_clock();
  void check_clock();
  std::optional<engine::outcome> clock_expired(std::chrono::steady_clock::time_point now) const;
  void schedule_bot(std::chrono::milliseconds delay = std::chrono::milliseconds(0));
  void bot_move();
  void play_bot_choice(int mover, engine::result<std::string> choice);
  engine::outcome forfeit_outcome(int seat_index, const std::string& reason,
                                  const std::string& description) const;
  void finish(engine::outcome result, on_stored done = {});
  void conclude(event over, bool folded = false);  // `over` is durable
  void start_grace(int seat_index, std::chrono::milliseconds after);
  void grace_expired(int seat_index);
  void vacate(int seat_index, const std::string& reason, on_stored done = {});
  void retire_seat(int seat_index, const std::string& reason,
                   std::vector<protocol::event_body> events, on_stored done);
  void take_over(int seat_index, const std::string& reason, on_stored done);
  // Cuts a member's connection to the room (a seat keeps its name for the record) and tells the
  // host; member_gone() is the telling alone, for a seat the log has already freed.
  void remove_member(const std::string& player);
  void member_gone(const std::string& player);
  void maybe_close();
  void close_room();

  // Events: stage() numbers and serializes the next event after those in `pending`;
  // persist_then() makes them durable in one transaction through the journal (group commit,
  // mostly on the store's thread) and runs `then(durable, pending)` on the strand once the store
  // has answered; the room holds everything else until then, and when the store failed nothing has
  // changed. publish() makes one event current: the room's version, the kept events, every
  // member's connection. emit() is the three for one event.
  batch begin_batch() const { return batch(match_); }
  void stage(batch& pending, protocol::event_body body) const;
  void stage_all(batch& pending, std::vector<protocol::event_body> bodies) const;
  void persist_then(batch pending, std::move_only_function<void(bool, batch&)> then,
                    std::optional<room_record> created = std::nullopt);
  std::optional<rated_game> rated_end(const batch& pending) const;
  // The one write made in place: at server start, before the io_context runs (no room is live).
  store_result<void> persist_at_start(const batch& pending);
  static std::vector<stored_event> rows_of(const batch& pending,
                                           std::optional<room_status>& new_status);
  void log_store_failure(const store_result<void>& result);
  // Folds it first unless `folded`; sends it to every member but `answered` (deliver()).
  void publish(event e, bool folded = false, const peer* answered = nullptr);
  void emit(protocol::event_body body, on_stored done = {});
  void fold(const protocol::event& e);  // into the match, and the links follow its seats
  void keep(event e);                   // the kept events only

  // Chat (room_chat.cpp). A line as `viewer` may see it: whole, or hidden (its channel is not
  // theirs, or they muted its writer).
  bool reads(const std::string& viewer, const protocol::events::chat& line) const;
  // `hidden`: the hidden line's frame, made at the first viewer who needs it.
  frame_ptr frame_for(const event& e, const std::string& viewer, frame_ptr& hidden) const;
  nlohmann::json event_for(const event& e, const std::string& viewer) const;
  void note_chat(const protocol::event& e);  // the kept lines follow the log
  nlohmann::json chat_json(const std::string& viewer) const;

  // Rematch (room_rematch.cpp).
  std::optional<protocol::error> check_rematch(const member& who) const;
  // The answer to room.rematch from `seat`: the new room and the seat there, once it opened; else
  // who has yet to ask.
  nlohmann::json rematch_answer(int seat) const;
  nlohmann::json rematch_waiting() const;  // the seats of people who have not asked yet
  room_settings rematch_settings(const std::string& creator) const;
  void open_rematch(const member& last, const std::string& address, const nlohmann::json& id,
                    bool first_ask);
  void rematch_opened(bool opened, const member& last, const nlohmann::json& id,
                      const std::string& next);
  // `for_good`: a player left (not a dropped connection, which may come back).
  void call_off_rematch(const std::string& why, bool for_good);
  void notify_members(const std::string& text) const;  // a notification to everyone here
  // f(player, connection) for every member with a live connection: seats, then spectators.
  template <class F>
  void each_member(F f) const {
    for (int i = 0; i < seat_count(); ++i) {
      if (auto c = links_[i].conn.lock()) f(seats()[i].player, *c);
    }
    for (const auto& [player, sp] : spectators_) {
      if (auto c = sp.conn.lock()) f(player, *c);
    }
  }

  nlohmann::json snapshot(const std::string& viewer) const;
  nlohmann::json summary() const;
  void publish_summary(const std::string& change);
  const char* status_name() const;
  void fail(const member& who, const nlohmann::json& id, const protocol::error& e);

  executor strand_;
  room_settings settings_;
  const limits& limit_;
  room_host& host_;
  lobby& lobby_;
  metrics& metrics_;
  store& store_;

  match match_;                                  // the game as its published events made it
  std::vector<link> links_;                      // one for each of the match's seats
  std::map<std::string, spectator> spectators_;  // by identity id
  std::deque<event> events_;                     // the most recent limit_.events_kept
  mutable std::size_t view_size_ = view_room;    // its last view's: the next one's room (stage())
  struct chat_line {
    std::int64_t line = 0;  // the event's version
    std::int64_t at = 0;
    protocol::events::chat said;
    bool removed = false;
  };
  std::deque<chat_line> chat_;                     // the most recent limit_.chat_kept
  std::map<std::string, token_bucket> chat_rate_;  // by writer
  boost::asio::steady_timer linger_;
  boost::asio::steady_timer bot_timer_;   // a bot's next move, after a failed write
  boost::asio::steady_timer flag_timer_;  // the running seat's flag, the game-time limit
  game_clock clock_;
  std::mt19937_64 rng_;                               // the bots' choices
  bool awaiting_store_ = false;                       // a batch of events is with the journal
  std::deque<std::move_only_function<void()>> held_;  // what arrived meanwhile, in order
  std::set<int> rematch_asked_;                       // seats that asked for a rematch
  bool rematch_opening_ = false;                      // the host is opening it
  std::string rematch_room_;                          // once it opened
  std::vector<std::string> rematch_leavers_;          // players who left while it was opening
  std::string rematch_off_;                           // why there is none, once it is off
  int rematch_calls_off_ = 0;                         // by dropped connections
};

// The templates behind on_strand(), when_due() and when_free(), here rather than in a header of
// their own so that every source file of the room instantiates them for its requests.

template <class F>
void room::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
    self->when_free(std::move(f));
  });
}

template <class F>
void room::when_free(F&& f) {
  if (awaiting_store_) {
    held_.emplace_back(std::forward<F>(f));
  } else {
    f();
  }
}

template <class F>
void room::when_due(boost::asio::steady_timer& timer, F f) {
  timer.async_wait(
      [self = shared_from_this(), f = std::move(f)](boost::system::error_code ec) mutable {
        if (!ec) self->when_free(std::move(f));
      });
}

}  // namespace boardroom::server
