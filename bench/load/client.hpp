#pragma once
// The load generator's clients, shared by its modes: one WebSocket connection (replaceable, for
// clients that drop and come back) with a FIFO of outgoing frames, JSON-RPC requests matched to
// their responses, and a player that mirrors the position from the room's events and plays
// random legal moves. Internal to bench/load.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "bench/load/load.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::load::detail {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using clock = std::chrono::steady_clock;

// What one io_context's clients measured; merged at the end (no locks while running).
// Round trips, spectator events and games count from `measure_from` (after the warm-up) on.
struct tally {
  clock::time_point measure_from;
  bool measuring() const { return clock::now() >= measure_from; }
  std::vector<double> rtt_ms;
  std::uint64_t spectator_events = 0;
  std::uint64_t games_finished = 0;
  std::map<std::string, std::uint64_t> errors;
  std::atomic<int> connected = 0;  // read by the main thread while the clients connect
  load::soak_counts soak;
};

struct proc_sample {
  double cpu_seconds = -1;         // user and kernel time
  double cpu_kernel_seconds = -1;  // kernel time alone (its system calls, faults, interrupts)
  double rss_mib = -1;
};

// CPU seconds (and the kernel's part of them) and RSS of process `pid` from /proc; -1 without a
// pid.
proc_sample sample(int pid);

class table;

class client : public std::enable_shared_from_this<client> {
 public:
  enum class role { player, spectator, idle, echo };

  client(net::io_context& io, const options& o, tally& t, role r, std::shared_ptr<table> group,
         int seat);
  virtual ~client() = default;

  void start() { connect(); }
  void request(const std::string& method, json params);
  void send_raw(std::string frame);
  // Stops for good: no more requests, the connection closed.
  void close();
  void on_room_ready(const std::string& room);
  // Before close(), on the client's strand: a mode may finish its own bookkeeping.
  virtual void wind_down() {}

  bool stopping = false;

 protected:
  // One WebSocket connection; a client that reconnects gets a new one, and completions of an
  // older one find it no longer current and do nothing.
  struct connection {
    explicit connection(net::strand<net::io_context::executor_type> s) : ws(std::move(s)) {}
    websocket::stream<beast::tcp_stream> ws;
    beast::flat_buffer buffer;
    std::deque<std::string> out;
    bool writing = false;
    bool open = false;  // handshake done, not dropped
  };
  struct pending_request {
    std::string method;
    json params;
    clock::time_point sent;
  };

  void connect();
  // Closes the socket without a close handshake (a reset), as a dying network or process would;
  // requests in flight are forgotten.
  void drop_connection();
  bool connected() const { return conn_ && conn_->open; }
  bool awaiting(const std::string& method) const;
  json create_request() const;  // room.create's params for this table's game

  virtual void on_connected();           // says hello and does what the role starts with
  json hello_params(json params) const;  // hello's params: `params` and the options' own
  virtual void on_connect_failed() {}
  virtual void on_closed() {}  // the current connection ended without drop_connection()
  virtual void on_event(const json& e) { apply_event(e); }
  virtual void on_result(const pending_request& req, const json& result);
  virtual void on_failure(const pending_request&, const std::string&) {}
  virtual void join(const std::string& room);
  // Follows the game of the current room: the mirror, the next move, the next room.
  virtual void apply_event(const json& e);
  void maybe_move();
  void on_rematch_notice(const std::string& method, const json& params);

  net::strand<net::io_context::executor_type> strand_;
  std::shared_ptr<connection> conn_;
  const options& opts_;
  tally& tally_;
  role role_;
  std::shared_ptr<table> table_;
  int seat_;
  std::int64_t next_id_ = 1;
  std::map<std::int64_t, pending_request> pending_;
  std::unique_ptr<engine::state> mirror_;  // the position, kept from the room's events
  std::string room_;
  bool move_in_flight_ = false;
  bool paused_ = false;  // no moves: the mirror may be behind the room (a soak player resuming)
  net::steady_timer think_timer_;
  std::mt19937_64 rng_;

 private:
  void on_frame(const json& f);
  void send_move();
  void send_echo(std::string frame);
  std::chrono::milliseconds think_time();  // 0: none
  void do_read(std::shared_ptr<connection> c);
  void do_write(std::shared_ptr<connection> c);

  clock::time_point echo_sent_;
  bool ever_connected_ = false;
};

// The clients of one room: the creator (seat 0) opens a room, the others join when it exists;
// when a game ends the creator opens the next one.
class table : public std::enable_shared_from_this<table> {
 public:
  table(engine::game_spec spec, int seats, int index)
      : spec_(std::move(spec)), seats_(seats), index_(index) {}
  // Players first, then spectators. Weak: each client owns its table, so strong references
  // both ways would be a cycle that outlives the run.
  std::vector<std::weak_ptr<client>> members;
  const engine::game_spec& spec() const { return spec_; }
  int seats() const { return seats_; }
  int index() const { return index_; }  // tables are numbered from 0

  void room_created(const std::string& room) {
    for (std::size_t i = 1; i < members.size(); ++i)
      if (auto member = members[i].lock()) member->on_room_ready(room);
  }

 private:
  engine::game_spec spec_;
  int seats_;
  int index_;
};

// A player that drops its connection at random moments, comes back with its resume token and
// checks that it sees every event of its rooms exactly once (bench/load/soak.cpp).
std::shared_ptr<client> make_soak_player(net::io_context& io, const options& o, tally& t,
                                         std::shared_ptr<table> group, int seat);

}  // namespace boardroom::load::detail
