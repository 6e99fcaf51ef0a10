#pragma once
// One game table: seats, spectators, the engine state and the numbered event log.
//
// Everything a room owns is touched only on its strand, so game code runs single-threaded and
// lock-free; the public methods may be called from any thread and post themselves there. A room
// holds weak references to its members' connections: a dropped connection keeps its seat for the
// reconnect grace period, and a returning identity is bound to the seat again.

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include "engine/core/bot.hpp"
#include "engine/core/registry.hpp"
#include "protocol/messages.hpp"
#include "server/config.hpp"
#include "server/peer.hpp"

namespace boardroom::server {

class lobby;
class metrics;

// Who is asking: a player identity and the connection it speaks through.
struct member {
  std::string player;  // identity id
  std::string name;
  std::shared_ptr<peer> conn;
};

// What a room needs from the rest of the server.
class room_host {
 public:
  virtual ~room_host() = default;
  virtual void member_added(const std::string& player, const std::string& room) = 0;
  virtual void member_removed(const std::string& player, const std::string& room) = 0;
  virtual void room_closed(const std::string& room, const std::string& creator) = 0;
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
};

class room : public std::enable_shared_from_this<room> {
 public:
  using executor = boost::asio::strand<boost::asio::io_context::executor_type>;

  room(boost::asio::io_context& io, room_settings settings, const limits& limit, room_host& host,
       lobby& directory, metrics& stats);

  const std::string& id() const { return settings_.id; }

  // Called once by the creator's request; `seat` is the creator's seat or -1 for none.
  void open(member creator, int seat, nlohmann::json request_id);

  void join(member who, std::optional<int> seat, std::optional<std::string> invite,
            nlohmann::json request_id);
  void spectate(member who, std::optional<std::string> invite, nlohmann::json request_id);
  void leave(member who, nlohmann::json request_id);
  void start(member who, nlohmann::json request_id);
  void sync(member who, std::int64_t since, nlohmann::json request_id);
  void move(member who, std::string move, std::optional<std::int64_t> version,
            nlohmann::json request_id, std::chrono::steady_clock::time_point received);
  void resign(member who, nlohmann::json request_id);
  void legal_moves(member who, nlohmann::json request_id);
  void analyze(member who, nlohmann::json request_id);

  // Connection events for an identity that is a member here.
  void disconnected(std::string player, const peer* conn);
  void reconnected(member who);

  // Server shutdown: cancel timers so the io_context can drain.
  void shut_down();

 private:
  enum class status { waiting, playing, finished, closed };

  struct seat {
    std::string player;  // empty: free
    std::string name;
    const engine::bot* bot = nullptr;  // a built-in player holds the seat
    std::weak_ptr<peer> conn;
    bool connected = false;
    std::unique_ptr<boost::asio::steady_timer> grace;  // running while dropped
  };
  struct spectator {
    std::string name;
    std::weak_ptr<peer> conn;
  };
  struct event {
    std::int64_t version;
    nlohmann::json body;
    frame_ptr frame;  // serialized once for every member
  };

  template <class F>
  void on_strand(F&& f);

  bool guard_open(const member& who, const nlohmann::json& id);
  bool check_invite(const std::optional<std::string>& invite, const member& who,
                    const nlohmann::json& id);
  int seat_of(const std::string& player) const;
  bool is_member(const std::string& player) const;
  int seats_taken() const;
  std::optional<protocol::error> check_mover(const member& who) const;

  void take_seat(const member& who, int index);
  void seat_bot(int index, const engine::bot& b);
  bool has_humans(bool connected_only) const;
  void begin_game();
  void after_move(int mover, const std::string& played);
  void schedule_bot();
  void bot_move();
  void finish(engine::outcome result);
  void forfeit(int seat_index, const std::string& reason, const std::string& description);
  void grace_expired(int seat_index);
  void remove_member(const std::string& player);
  void maybe_close();
  void close_room();

  void emit(const std::string& type, nlohmann::json fields, bool changes_position = false);
  nlohmann::json snapshot(const std::string& viewer) const;
  nlohmann::json summary() const;
  void publish_summary(const std::string& change);
  nlohmann::json outcome_json() const;
  const char* status_name() const;
  void fail(const member& who, const nlohmann::json& id, const protocol::error& e);

  executor strand_;
  room_settings settings_;
  const limits& limit_;
  room_host& host_;
  lobby& lobby_;
  metrics& metrics_;

  status status_ = status::waiting;
  std::vector<seat> seats_;
  std::map<std::string, spectator> spectators_;  // by identity id
  std::unique_ptr<engine::state> state_;
  std::vector<std::string> moves_;  // canonical notation, in order
  std::optional<engine::outcome> outcome_;
  std::int64_t version_ = 0;
  std::int64_t position_version_ = 0;  // version of the last event that changed the position
  std::deque<event> events_;           // the most recent limit_.events_kept
  std::chrono::system_clock::time_point created_ = std::chrono::system_clock::now();
  boost::asio::steady_timer linger_;
  std::mt19937_64 rng_;  // the bots' choices
};

}  // namespace boardroom::server
