#include "bench/load/client.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>

namespace boardroom::load::detail {

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
    const auto ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
    s.cpu_seconds = static_cast<double>(utime + stime) / ticks;
    s.cpu_kernel_seconds = static_cast<double>(stime) / ticks;
  }
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) s.rss_mib = std::stod(line.substr(6)) / 1024.0;
  }
  return s;
}

namespace {

// Each player of each table draws its own moves and, in soak mode, its own moments to drop: with
// one seed per seat, every table played the same game and dropped its players at the same moments.
std::mt19937_64 seeded(std::uint64_t seed, int table, int seat) {
  std::seed_seq seq{seed, static_cast<std::uint64_t>(table), static_cast<std::uint64_t>(seat)};
  return std::mt19937_64(seq);
}

}  // namespace

client::client(net::io_context& io, const options& o, tally& t, role r,
               std::shared_ptr<table> group, int seat)
    : strand_(net::make_strand(io)),
      opts_(o),
      tally_(t),
      role_(r),
      table_(std::move(group)),
      seat_(seat),
      think_timer_(strand_),
      rng_(seeded(o.seed, table_ ? table_->index() : 0, seat)) {}

void client::connect() {
  auto c = std::make_shared<connection>(strand_);
  conn_ = c;
  auto self = shared_from_this();
  auto resolver = std::make_shared<tcp::resolver>(strand_);
  resolver->async_resolve(
      opts_.host, std::to_string(opts_.port),
      [self, c, resolver](beast::error_code ec, tcp::resolver::results_type r) {
        if (c != self->conn_) return;
        if (ec) return ++self->tally_.errors["connect_failed"], self->on_connect_failed();
        beast::get_lowest_layer(c->ws).async_connect(
            r, [self, c](beast::error_code ec2, const tcp::endpoint&) {
              if (c != self->conn_) return;
              if (ec2) return ++self->tally_.errors["connect_failed"], self->on_connect_failed();
              beast::error_code ignored;  // as the server does: no Nagle delay on small frames
              beast::get_lowest_layer(c->ws).socket().set_option(tcp::no_delay(true), ignored);
              c->ws.async_handshake(self->opts_.host, "/ws", [self, c](beast::error_code ec3) {
                if (c != self->conn_) return;
                if (ec3)
                  return ++self->tally_.errors["handshake_failed"], self->on_connect_failed();
                if (!self->ever_connected_) ++self->tally_.connected;  // clients, not reconnections
                self->ever_connected_ = true;
                c->open = true;
                self->do_read(c);
                self->on_connected();
              });
            });
      });
}

void client::on_connected() {
  if (role_ == role::echo) return send_echo(std::string(96, 'x'));
  request("hello", hello_params(json::object()));
  if (role_ == role::idle) return request("lobby.subscribe", json::object());
  if (role_ == role::player && seat_ == 0) request("room.create", create_request());
}

json client::create_request() const {
  json p = json::object();
  for (const auto& [k, v] : table_->spec().params)
    p[k] = engine::param_json(v);
  return {{"game", table_->spec().game_ptr->key()}, {"params", p}, {"seats", table_->seats()}};
}

void client::request(const std::string& method, json params) {
  if (!connected()) return;  // it would never be answered
  std::int64_t id = next_id_++;
  std::string frame =
      json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump();
  pending_[id] = {method, std::move(params), clock::now()};
  send_raw(std::move(frame));
}

bool client::awaiting(const std::string& method) const {
  for (const auto& [id, p] : pending_)
    if (p.method == method) return true;
  return false;
}

void client::send_raw(std::string frame) {
  if (!connected()) return;
  conn_->out.push_back(std::move(frame));
  if (!conn_->writing) do_write(conn_);
}

void client::do_write(std::shared_ptr<connection> c) {
  c->writing = true;
  c->ws.async_write(net::buffer(c->out.front()),
                    [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
                      c->writing = false;
                      if (ec || c != self->conn_) return;
                      c->out.pop_front();
                      if (!c->out.empty()) self->do_write(c);
                    });
}

void client::do_read(std::shared_ptr<connection> c) {
  c->ws.async_read(c->buffer, [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
    if (c != self->conn_) return;
    if (ec) {
      c->open = false;
      return self->on_closed();
    }
    std::string text = beast::buffers_to_string(c->buffer.data());
    c->buffer.consume(c->buffer.size());
    if (self->role_ == role::echo) {
      if (self->tally_.measuring()) {
        self->tally_.rtt_ms.push_back(
            std::chrono::duration<double, std::milli>(clock::now() - self->echo_sent_).count());
      }
      if (!self->stopping) self->send_echo(std::move(text));
    } else {
      self->on_frame(json::parse(text, nullptr, false));
    }
    if (c == self->conn_) self->do_read(c);
  });
}

void client::on_frame(const json& f) {
  if (f.is_discarded()) return ++tally_.errors["unparsable_frame"], void();
  if (f.contains("method")) {
    if (f["method"] == "room.event") return on_event(f["params"]);
    if (opts_.mode == mode::play && opts_.rematch) on_rematch_notice(f["method"], f["params"]);
    return;
  }
  auto it = pending_.find(f.value("id", std::int64_t{-1}));
  if (it == pending_.end()) return;
  pending_request req = std::move(it->second);
  pending_.erase(it);
  if (f.contains("error")) {
    std::string code = f["error"]["data"].value("code", "unknown");
    ++tally_.errors[code];
    if (req.method == "game.move") move_in_flight_ = false;
    return on_failure(req, code);
  }
  on_result(req, f["result"]);
}

void client::on_result(const pending_request& req, const json& r) {
  if (req.method == "room.create") {
    room_ = r["room"];
    table_->room_created(room_);
  } else if (req.method == "game.move") {
    if (tally_.measuring()) {
      tally_.rtt_ms.push_back(
          std::chrono::duration<double, std::milli>(clock::now() - req.sent).count());
    }
    move_in_flight_ = false;
    // As if it had come as the notification that follows the answer (hello_params()).
    if (const auto event = r.find("event"); event != r.end()) on_event(*event);
  }
}

json client::hello_params(json params) const {
  params["protocol"] = 1;
  params["name"] = "load";
  if (opts_.move_event_in_result) params["move_event_in_result"] = true;
  return params;
}

void client::on_room_ready(const std::string& room) {
  net::post(strand_, [self = shared_from_this(), room] {
    if (!self->stopping) self->join(room);
  });
}

void client::join(const std::string& room) {
  room_ = room;
  // The mirror belongs to the room left behind (whose game_over may never have been read, as
  // events of other rooms are ignored from here on); a new one comes with game_started.
  mirror_.reset();
  if (role_ == role::player) {
    request("room.join", {{"room", room}, {"seat", seat_}});
  } else {
    request("room.spectate", {{"room", room}});
  }
}

void client::apply_event(const json& e) {
  if (e.value("room", "") != room_) return;
  if (role_ == role::spectator && tally_.measuring()) ++tally_.spectator_events;
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
    if (opts_.mode == mode::play && opts_.rematch) {
      if (role_ != role::player) return;  // spectators follow room.rematched
      if (seat_ == 0 && tally_.measuring()) ++tally_.games_finished;
      if (!stopping) request("room.rematch", {{"room", room_}});
      return;
    }
    // Out of the finished room, so that the creator's open rooms stay under the server's limit
    // per identity however many games a run plays (soak players leave later, on their own terms).
    if (opts_.mode == mode::play) request("room.leave", {{"room", room_}});
    if (role_ == role::player && seat_ == 0) {
      if (tally_.measuring()) ++tally_.games_finished;
      if (!stopping) request("room.create", create_request());
    }
  }
}

// The rematch: a player's next game and seat come with game.assigned (before the new room's first
// event); a spectator leaves the finished room and watches the new one.
void client::on_rematch_notice(const std::string& method, const json& params) {
  if (method == "game.assigned" && role_ == role::player && params.value("via", "") == "rematch") {
    room_ = params["room"];
    seat_ = params["seat"];
    mirror_.reset();
  } else if (method == "room.rematched" && role_ == role::spectator &&
             params.value("room", "") == room_) {
    request("room.leave", {{"room", room_}});
    if (!stopping) join(params["rematch"]);
  }
}

void client::maybe_move() {
  if (role_ != role::player || stopping || paused_ || !connected() || !mirror_ ||
      mirror_->is_terminal() || mirror_->current_player() != seat_ || move_in_flight_) {
    return;
  }
  move_in_flight_ = true;
  auto delay = think_time();
  if (delay.count() == 0) return send_move();
  think_timer_.expires_after(delay);
  think_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->send_move();
  });
}

std::chrono::milliseconds client::think_time() {
  // Soak players think briefly, so that the run is a long steady load rather than saturation.
  auto [low, high] = opts_.mode == mode::soak ? std::pair{50, 250}
                     : opts_.think            ? std::pair{500, 1500}
                                              : std::pair{0, 0};
  return std::chrono::milliseconds(high == 0 ? 0 : std::uniform_int_distribution(low, high)(rng_));
}

// The echo baseline thinks as players do when asked, so that latency at a light load can be
// compared with a bare server's.
void client::send_echo(std::string frame) {
  auto delay = think_time();
  if (delay.count() == 0) {
    echo_sent_ = clock::now();
    return send_raw(std::move(frame));
  }
  think_timer_.expires_after(delay);
  think_timer_.async_wait(
      [self = shared_from_this(), frame = std::move(frame)](beast::error_code ec) mutable {
        if (ec || self->stopping) return;
        self->echo_sent_ = clock::now();
        self->send_raw(std::move(frame));
      });
}

void client::send_move() {
  if (stopping || paused_ || !connected() || !mirror_ || mirror_->is_terminal()) {
    move_in_flight_ = false;
    return;
  }
  request("game.move", {{"room", room_}, {"move", mirror_->random_move(rng_)}});
}

void client::drop_connection() {
  if (!conn_) return;
  auto& socket = beast::get_lowest_layer(conn_->ws).socket();
  beast::error_code ignored;
  socket.set_option(net::socket_base::linger(true, 0), ignored);  // a reset, not a goodbye
  socket.close(ignored);
  conn_->open = false;
  conn_.reset();
  pending_.clear();
  move_in_flight_ = false;
  think_timer_.cancel();
}

void client::close() {
  net::post(strand_, [self = shared_from_this()] {
    self->stopping = true;
    self->think_timer_.cancel();
    if (!self->conn_) return;
    beast::error_code ignored;
    auto& socket = beast::get_lowest_layer(self->conn_->ws).socket();
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
    self->conn_.reset();  // what the closed connection still completes is ignored
  });
}

}  // namespace boardroom::load::detail
