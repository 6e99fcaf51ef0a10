#include "bench/load/load.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "engine/core/registry.hpp"

namespace boardroom::load {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using clock = std::chrono::steady_clock;

namespace {

// What one io_context's clients measured; merged at the end (no locks while running).
struct tally {
  std::vector<double> rtt_ms;
  std::uint64_t spectator_events = 0;
  std::uint64_t games_finished = 0;
  std::map<std::string, std::uint64_t> errors;
  int connected = 0;
};

struct proc_sample {
  double cpu_seconds = -1;
  double rss_mib = -1;
};

proc_sample sample(int pid) {
  proc_sample s;
  if (pid <= 0) return s;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (std::getline(stat, line)) {
    // Fields after the command name (which may hold spaces) start after the last ')'.
    std::istringstream rest(line.substr(line.rfind(')') + 2));
    std::string field;
    unsigned long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
      if (i == 14) utime = std::stoul(field);
      if (i == 15) stime = std::stoul(field);
    }
    s.cpu_seconds = static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
  }
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) s.rss_mib = std::stod(line.substr(6)) / 1024.0;
  }
  return s;
}

class table;

// One WebSocket connection with a FIFO of outgoing frames (one write in flight).
class client : public std::enable_shared_from_this<client> {
 public:
  enum class role { player, spectator, idle, echo };

  client(net::io_context& io, const options& o, tally& t, role r, std::shared_ptr<table> group,
         int seat)
      : ws_(net::make_strand(io)),
        opts_(o),
        tally_(t),
        role_(r),
        table_(std::move(group)),
        seat_(seat),
        think_timer_(ws_.get_executor()),
        rng_(o.seed * 7919 + seat) {}

  void start();
  void request(const std::string& method, json params);
  void send_raw(std::string frame);
  void close();
  void on_room_ready(const std::string& room);

  bool stopping = false;

 private:
  void on_frame(const json& f);
  void on_event(const json& e);
  void maybe_move();
  void send_move();
  void do_read();
  void do_write();

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> out_;
  bool writing_ = false;
  const options& opts_;
  tally& tally_;
  role role_;
  std::shared_ptr<table> table_;
  int seat_;
  std::int64_t next_id_ = 1;
  std::map<std::int64_t, std::pair<std::string, clock::time_point>> pending_;
  std::unique_ptr<engine::state> mirror_;  // the position, kept from the room's events
  std::string room_;
  bool move_in_flight_ = false;
  net::steady_timer think_timer_;
  std::mt19937_64 rng_;
  clock::time_point echo_sent_;
};

// The clients of one room: the creator (seat 0) opens a room, the others join when it exists;
// when a game ends the creator opens the next one.
class table : public std::enable_shared_from_this<table> {
 public:
  explicit table(engine::game_spec spec, int seats) : spec_(std::move(spec)), seats_(seats) {}
  // Players first, then spectators. Weak: each client owns its table, so strong references
  // both ways would be a cycle that outlives the run.
  std::vector<std::weak_ptr<client>> members;
  const engine::game_spec& spec() const { return spec_; }
  int seats() const { return seats_; }

  void room_created(const std::string& room) {
    for (std::size_t i = 1; i < members.size(); ++i)
      if (auto member = members[i].lock()) member->on_room_ready(room);
  }

 private:
  engine::game_spec spec_;
  int seats_;
};

void client::start() {
  auto self = shared_from_this();
  auto resolver = std::make_shared<tcp::resolver>(ws_.get_executor());
  resolver->async_resolve(
      opts_.host, std::to_string(opts_.port),
      [self, resolver](beast::error_code ec, tcp::resolver::results_type r) {
        if (ec) return ++self->tally_.errors["connect_failed"], void();
        beast::get_lowest_layer(self->ws_).async_connect(
            r, [self](beast::error_code ec2, const tcp::endpoint&) {
              if (ec2) return ++self->tally_.errors["connect_failed"], void();
              self->ws_.async_handshake(self->opts_.host, "/ws", [self](beast::error_code ec3) {
                if (ec3) return ++self->tally_.errors["handshake_failed"], void();
                ++self->tally_.connected;
                self->do_read();
                if (self->role_ == role::echo) {
                  self->echo_sent_ = clock::now();
                  return self->send_raw(std::string(96, 'x'));
                }
                self->request("hello", {{"protocol", 1}, {"name", "load"}});
                if (self->role_ == role::idle)
                  return self->request("lobby.subscribe", json::object());
                if (self->role_ == role::player && self->seat_ == 0) {
                  self->request("room.create",
                                {{"game", self->table_->spec().game_ptr->key()},
                                 {"params",
                                  [&] {
                                    json p = json::object();
                                    for (const auto& [k, v] : self->table_->spec().params) {
                                      p[k] = engine::param_json(v);
                                    }
                                    return p;
                                  }()},
                                 {"seats", self->table_->seats()}});
                }
              });
            });
      });
}

void client::request(const std::string& method, json params) {
  std::int64_t id = next_id_++;
  pending_[id] = {method, clock::now()};
  send_raw(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
}

void client::send_raw(std::string frame) {
  out_.push_back(std::move(frame));
  if (!writing_) do_write();
}

void client::do_write() {
  writing_ = true;
  ws_.async_write(net::buffer(out_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    self->writing_ = false;
                    if (ec) return;
                    self->out_.pop_front();
                    if (!self->out_.empty()) self->do_write();
                  });
}

void client::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) return;
    std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    if (self->role_ == role::echo) {
      self->tally_.rtt_ms.push_back(
          std::chrono::duration<double, std::milli>(clock::now() - self->echo_sent_).count());
      if (!self->stopping) {
        self->echo_sent_ = clock::now();
        self->send_raw(std::move(text));
      }
    } else {
      self->on_frame(json::parse(text, nullptr, false));
    }
    self->do_read();
  });
}

void client::on_frame(const json& f) {
  if (f.is_discarded()) return ++tally_.errors["unparsable_frame"], void();
  if (f.contains("method")) {
    if (f["method"] == "room.event") on_event(f["params"]);
    return;
  }
  auto it = pending_.find(f.value("id", std::int64_t{-1}));
  if (it == pending_.end()) return;
  auto [method, sent] = it->second;
  pending_.erase(it);
  if (f.contains("error")) {
    ++tally_.errors[f["error"]["data"].value("code", "unknown")];
    if (method == "game.move") move_in_flight_ = false;
    return;
  }
  const json& r = f["result"];
  if (method == "room.create") {
    room_ = r["room"];
    table_->room_created(room_);
  } else if (method == "game.move") {
    tally_.rtt_ms.push_back(std::chrono::duration<double, std::milli>(clock::now() - sent).count());
    move_in_flight_ = false;
  }
}

void client::on_room_ready(const std::string& room) {
  net::post(ws_.get_executor(), [self = shared_from_this(), room] {
    if (self->stopping) return;
    self->room_ = room;
    if (self->role_ == role::player) {
      self->request("room.join", {{"room", room}, {"seat", self->seat_}});
    } else {
      self->request("room.spectate", {{"room", room}});
    }
  });
}

void client::on_event(const json& e) {
  if (e.value("room", "") != room_) return;
  if (role_ == role::spectator) ++tally_.spectator_events;
  const std::string type = e["type"];
  if (type == "game_started") {
    auto made = table_->spec().game_ptr->state_from_text(table_->seats(), table_->spec().params,
                                                         e["position"].get<std::string>());
    if (!made) return ++tally_.errors["bad_position"], void();
    mirror_ = std::move(*made);
    maybe_move();
  } else if (type == "move" && mirror_) {
    if (!mirror_->play(e["move"].get<std::string>())) ++tally_.errors["mirror_diverged"];
    maybe_move();
  } else if (type == "game_over") {
    mirror_.reset();
    if (role_ == role::player && seat_ == 0) {
      ++tally_.games_finished;
      if (!stopping) {
        request("room.create", {{"game", table_->spec().game_ptr->key()},
                                {"params",
                                 [&] {
                                   json p = json::object();
                                   for (const auto& [k, v] : table_->spec().params) {
                                     p[k] = engine::param_json(v);
                                   }
                                   return p;
                                 }()},
                                {"seats", table_->seats()}});
      }
    }
  }
}

void client::maybe_move() {
  if (role_ != role::player || stopping || !mirror_ || mirror_->is_terminal() ||
      mirror_->current_player() != seat_ || move_in_flight_) {
    return;
  }
  move_in_flight_ = true;
  if (!opts_.think) return send_move();
  std::uniform_int_distribution<int> wait(500, 1500);
  think_timer_.expires_after(std::chrono::milliseconds(wait(rng_)));
  think_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->send_move();
  });
}

void client::send_move() {
  if (stopping || !mirror_ || mirror_->is_terminal()) return;
  request("game.move", {{"room", room_}, {"move", mirror_->random_move(rng_)}});
}

void client::close() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->stopping = true;
    self->think_timer_.cancel();
    beast::error_code ignored;
    beast::get_lowest_layer(self->ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(self->ws_).close();
  });
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

}  // namespace

report run(const options& o) {
  // Only playing needs a game; idle and echo connections never create rooms.
  auto spec = engine::parse_game_spec(o.mode == mode::play ? o.game : "sisyphos");
  if (!spec) throw std::runtime_error(spec.error().message);
  int players = o.players > 0 ? o.players : spec->game_ptr->players().min;

  int threads = std::max(1, o.threads);
  std::vector<std::unique_ptr<net::io_context>> ios;
  std::vector<tally> tallies(threads);
  for (int i = 0; i < threads; ++i)
    ios.push_back(std::make_unique<net::io_context>());

  std::vector<std::shared_ptr<client>> clients;
  proc_sample before = sample(o.server_pid);
  auto started = clock::now();
  if (o.mode == mode::play) {
    for (int r = 0; r < o.rooms; ++r) {
      int t = r % threads;
      auto group = std::make_shared<table>(*spec, players);
      for (int s = 0; s < players + o.spectators; ++s) {
        auto role = s < players ? client::role::player : client::role::spectator;
        clients.push_back(std::make_shared<client>(*ios[t], o, tallies[t], role, group, s));
        group->members.push_back(clients.back());
      }
      // Seat 0 creates the room once connected; the others connect now and join when told.
      for (auto& c : group->members)
        c.lock()->start();
    }
  } else {
    int n = o.mode == mode::idle ? o.connections : o.rooms;
    auto role = o.mode == mode::idle ? client::role::idle : client::role::echo;
    for (int i = 0; i < n; ++i) {
      int t = i % threads;
      clients.push_back(std::make_shared<client>(*ios[t], o, tallies[t], role, nullptr, i));
      clients.back()->start();
    }
  }

  std::vector<std::thread> pool;
  for (auto& io : ios)
    pool.emplace_back([&io] { io->run_for(std::chrono::hours(24)); });
  std::this_thread::sleep_for(std::chrono::duration<double>(o.seconds));
  proc_sample after = sample(o.server_pid);
  double elapsed = std::chrono::duration<double>(clock::now() - started).count();
  for (auto& c : clients)
    c->close();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  for (auto& io : ios)
    io->stop();
  for (auto& t : pool)
    t.join();

  report out;
  out.seconds = elapsed;
  std::vector<double> all;
  for (auto& t : tallies) {
    all.insert(all.end(), t.rtt_ms.begin(), t.rtt_ms.end());
    out.spectator_events += t.spectator_events;
    out.games_finished += t.games_finished;
    out.connections += t.connected;
    for (const auto& [code, n] : t.errors)
      out.errors[code] += n;
  }
  out.moves = all.size();
  out.p50_ms = percentile(all, 0.50);
  out.p95_ms = percentile(all, 0.95);
  out.p99_ms = percentile(all, 0.99);
  out.max_ms = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
  if (o.server_pid > 0) {
    out.server_cpu_seconds = after.cpu_seconds - before.cpu_seconds;
    out.server_rss_mib = after.rss_mib;
    out.server_rss_delta_mib = after.rss_mib - before.rss_mib;
  }
  return out;
}

json report::to_json(const options& o) const {
  const char* mode_name = o.mode == mode::play ? "play" : o.mode == mode::idle ? "idle" : "echo";
  json j{{"mode", mode_name},
         {"game", o.game},
         {"rooms", o.rooms},
         {"spectators_per_room", o.spectators},
         {"think", o.think},
         {"connections", connections},
         {"seconds", seconds},
         {"moves", moves},
         {"moves_per_second", seconds > 0 ? static_cast<double>(moves) / seconds : 0},
         {"rtt_ms", {{"p50", p50_ms}, {"p95", p95_ms}, {"p99", p99_ms}, {"max", max_ms}}},
         {"spectator_events_per_second",
          seconds > 0 ? static_cast<double>(spectator_events) / seconds : 0},
         {"games_finished", games_finished},
         {"errors", errors}};
  if (server_cpu_seconds >= 0) {
    j["server"] = {
        {"cpu_seconds", server_cpu_seconds},
        {"cpu_us_per_move", moves ? server_cpu_seconds * 1e6 / static_cast<double>(moves) : 0},
        {"rss_mib", server_rss_mib},
        {"rss_delta_mib", server_rss_delta_mib}};
    if (o.mode == mode::idle && connections > 0) {
      j["server"]["rss_kib_per_connection"] = server_rss_delta_mib * 1024 / connections;
    }
  }
  return j;
}

std::string report::to_table(const options& o) const {
  std::ostringstream t;
  char line[160];
  auto row = [&](const char* name, const std::string& value) {
    std::snprintf(line, sizeof line, "  %-30s %s\n", name, value.c_str());
    t << line;
  };
  auto num = [](double v, int digits = 1) {
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(digits);
    s << v;
    return s.str();
  };
  row("connections", std::to_string(connections));
  row("seconds", num(seconds));
  row(o.mode == mode::echo ? "round trips" : "moves confirmed", std::to_string(moves));
  row("per second", num(seconds > 0 ? static_cast<double>(moves) / seconds : 0));
  row("round trip p50/p95/p99/max ms",
      num(p50_ms, 3) + " / " + num(p95_ms, 3) + " / " + num(p99_ms, 3) + " / " + num(max_ms, 3));
  if (o.mode == mode::play) {
    row("spectator events/s",
        num(seconds > 0 ? static_cast<double>(spectator_events) / seconds : 0));
    row("games finished", std::to_string(games_finished));
  }
  if (server_cpu_seconds >= 0) {
    row("server CPU s", num(server_cpu_seconds, 3));
    if (moves)
      row("server CPU us per round trip",
          num(server_cpu_seconds * 1e6 / static_cast<double>(moves)));
    row("server RSS MiB (delta)", num(server_rss_mib) + " (" + num(server_rss_delta_mib) + ")");
  }
  std::string errs;
  for (const auto& [code, n] : errors)
    errs += code + "=" + std::to_string(n) + " ";
  row("errors", errs.empty() ? "none" : errs);
  return t.str();
}

}  // namespace boardroom::load
