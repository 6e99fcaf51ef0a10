#include "server/net/server.hpp"

#include <sys/resource.h>

#include <cerrno>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "engine/core/registry.hpp"
#include "protocol/rpc.hpp"
#include "server/metrics.hpp"
#include "server/net/admission.hpp"
#include "server/net/http_session.hpp"
#include "server/net/send_budget.hpp"
#include "server/net/tls.hpp"
#include "server/rooms/clock_source.hpp"
#include "server/rooms/hub.hpp"
#include "server/storage/open_store.hpp"

namespace boardroom::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr auto shutdown_deadline = std::chrono::seconds(3);  // for close handshakes
constexpr auto abort_deadline = std::chrono::seconds(1);     // for sockets cut off after that
// Out of descriptors, the listener pauses this long instead of retrying at once (a retry would
// fail the same way, at full CPU, until a descriptor is freed).
constexpr auto accept_backoff = std::chrono::milliseconds(100);
// Descriptors the server needs besides its connections: the database and its log, the listening
// socket, the event loop's, logs, the solved tables.
constexpr int reserved_descriptors = 64;

// Raises the soft limit on open descriptors to the hard limit; returns the limit in force.
rlim_t raise_descriptor_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return RLIM_INFINITY;
  if (lim.rlim_cur < lim.rlim_max) {
    rlimit raised = lim;
    raised.rlim_cur = lim.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) lim = raised;
  }
  return lim.rlim_cur;
}

// The connection limit the descriptors allow: each connection takes one.
int usable_connections(int wanted) {
  rlim_t fds = raise_descriptor_limit();
  if (fds == RLIM_INFINITY) return wanted;
  auto room = static_cast<std::int64_t>(fds) - reserved_descriptors - admission::spare_places;
  if (room >= wanted) return wanted;
  int lowered = static_cast<int>(std::max<std::int64_t>(1, room));
  // A few descriptors short of a large limit is routine; a limit cut deeply is worth a warning.
  spdlog::log(lowered < wanted * 9 / 10 ? spdlog::level::warn : spdlog::level::info,
              "--max-connections lowered from {} to {}: at most {} open descriptors", wanted,
              lowered, static_cast<std::uint64_t>(fds));
  return lowered;
}

bool out_of_descriptors(const boost::system::error_code& ec) {
  // By value: accept's errors are the system's errno values (and comparing categories across
  // libraries trips UBSan's vptr check).
  int v = ec.value();
  return v == EMFILE || v == ENFILE || v == ENOBUFS || v == ENOMEM;
}

// A connection refused at accept learns why in one HTTP answer written straight away (its
// request is not read: refusing must cost as little as possible). Best effort: the socket is
// new, so the few bytes fit its send buffer. A TLS client would read the answer as a broken
// handshake, and a handshake costs what refusing here saves: it only sees the socket close.
void refuse(tcp::socket& socket, const refusal& why, bool tls) {
  boost::system::error_code ignored;
  if (tls) {
    socket.close(ignored);
    return;
  }
  std::string body =
      protocol::to_json_text({{"error", {{"code", why.code}, {"message", why.message}}}});
  std::string answer = (why.code == "server_full" ? "HTTP/1.1 503 Service Unavailable\r\n"
                                                  : "HTTP/1.1 429 Too Many Requests\r\n") +
                       std::string(
                           "Content-Type: application/json\r\nConnection: close\r\n"
                           "Content-Length: ") +
                       std::to_string(body.size()) + "\r\n\r\n" + body;
  socket.non_blocking(true, ignored);
  socket.write_some(net::buffer(answer), ignored);
  socket.shutdown(tcp::socket::shutdown_both, ignored);
  socket.close(ignored);
}

}  // namespace

struct server::impl {
  impl(config c, std::shared_ptr<store> s, std::shared_ptr<const clock_source> t)
      : cfg(std::move(c)),
        storage(std::move(s)),
        time(t ? std::move(t) : std::make_shared<steady_clock_source>()) {}

  void do_accept() {
    // Each connection gets its own strand: its handlers never run concurrently.
    acceptor.async_accept(net::make_strand(io),
                          [this](boost::system::error_code ec, tcp::socket socket) {
                            if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
                            if (ec) {
                              ++stats.accept_errors_total;
                              if (out_of_descriptors(ec)) {
                                spdlog::warn("cannot accept a connection: {}; pausing {} ms",
                                             ec.message(), accept_backoff.count());
                                backoff_timer.expires_after(accept_backoff);
                                backoff_timer.async_wait([this](boost::system::error_code e) {
                                  if (!e && !stopping) do_accept();
                                });
                                return;
                              }
                            } else {
                              admit(std::move(socket));
                            }
                            do_accept();
                          });
  }

  void admit(tcp::socket socket) {
    boost::system::error_code ec;
    auto peer = socket.remote_endpoint(ec);
    if (ec) return;  // already gone
    auto place = gate->admit(peer.address());
    if (!place) {
      spdlog::info("{}: refused: {}", address_text(peer.address()), place.error().message);
      return refuse(socket, place.error(), tls != nullptr);
    }
    // A move's answer and its events leave as small frames in a row: with Nagle's algorithm the
    // second waits for the client's delayed ACK, up to 40 ms.
    socket.set_option(tcp::no_delay(true), ec);
    if (tls) {
      std::make_shared<http_session<tls_stream>>(tls_stream(std::move(socket), *tls), *central,
                                                 std::move(*place))
          ->run();
    } else {
      std::make_shared<http_session<plain_stream>>(plain_stream(std::move(socket)), *central,
                                                   std::move(*place))
          ->run();
    }
  }

  void begin_shutdown() {
    if (stopping) return;
    stopping = true;
    spdlog::info("shutting down");
    boost::system::error_code ignored;
    acceptor.close(ignored);
    backoff_timer.cancel();
    expiry_timer.cancel();
    net::post(cluster_thread, [this] {
      cluster_stopped = true;
      cluster_timer.cancel();
    });
    signals.reset();
    if (central) central->shut_down();
    deadline = std::chrono::steady_clock::now() + shutdown_deadline;
    poll_drained();
  }

  // Waits for the connections to finish their close handshakes; cuts off those that do not in
  // time (a client may never answer), waits for their sockets to close, then stops the pool.
  void poll_drained() {
    auto now = std::chrono::steady_clock::now();
    if (gate->open() == 0) return io.stop();
    if (now >= deadline) {
      if (aborted) {
        spdlog::warn("{} connections still open at shutdown", gate->open());
        return io.stop();
      }
      aborted = true;
      spdlog::info("cutting off {} connections that did not close in time", gate->open());
      gate->abort_all();
      deadline = now + abort_deadline;
    }
    drain_timer.expires_after(std::chrono::milliseconds(20));
    drain_timer.async_wait([this](boost::system::error_code) { poll_drained(); });
  }

  // A cluster's node, every period: leases, the lobby, rooms to take over (hub_cluster.cpp), on
  // the cluster's own thread, where a slow Redis or store delays nothing else.
  void tick_cluster() {
    cluster_timer.expires_after(node->period());
    cluster_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || cluster_stopped) return;
      central->cluster_tick();
      tick_cluster();
    });
  }

  // Identities that never played are forgotten at start (before serving) and then every hour,
  // on the store's thread.
  void expire_guests() {
    if (auto gone = central->expire_guests(); !gone) spdlog::warn("{}", gone.error());
    expire_hourly();
  }
  void expire_hourly() {
    expiry_timer.expires_after(std::chrono::hours(1));
    expiry_timer.async_wait([this](boost::system::error_code ec) {
      if (ec || stopping) return;
      net::post(storage_thread, [this] {
        if (auto gone = central->expire_guests(); !gone) spdlog::warn("{}", gone.error());
      });
      expire_hourly();
    });
  }

  // After the pool has stopped: the handlers still queued hold sessions, and a session going
  // away deregisters from the hub. They run to their end here, while the hub still exists.
  void finish_sessions() {
    if (!gate || gate->open() == 0) return;
    io.restart();
    gate->abort_all();
    auto until = std::chrono::steady_clock::now() + abort_deadline;
    while (gate->open() > 0 && std::chrono::steady_clock::now() < until)
      io.run_for(std::chrono::milliseconds(20));
    if (gate->open() > 0) {
      // Never expected; a hub freed under a live session would be worse than a leak at exit.
      spdlog::error("{} connections outlived the shutdown; leaving the hub in place", gate->open());
      (void)central.release();
    }
  }

  config cfg;
  std::shared_ptr<store> storage;  // outlives the io_context and the rooms its handlers hold
  std::shared_ptr<const clock_source> time;
  // With --tls-cert/--tls-key: every connection speaks TLS. Made by start(); outlives the
  // sessions, which refer to it.
  std::unique_ptr<net::ssl::context> tls;
  // Declared before the io_context: sessions that its handlers still hold when it goes touch them.
  metrics stats;
  std::unique_ptr<admission> gate;  // made by start()
  std::unique_ptr<send_budget> budget;
  net::io_context io;
  // The one thread store work runs on (group commits, records queries): declared after the
  // io_context, so it is joined first, and before the hub, whose journal posts to it.
  net::thread_pool storage_thread{1};
  // A cluster's node (server/cluster/cluster.hpp) and the thread its Redis calls run on; before
  // the hub, which refers to both.
  std::unique_ptr<cluster> node;
  net::thread_pool cluster_thread{1};
  net::thread_pool lookup_thread{1};  // requests' questions to Redis: never ahead of renewals
  net::steady_timer cluster_timer{cluster_thread};
  bool cluster_stopped = false;  // on the cluster's thread
  std::unique_ptr<hub> central;  // made by start(), once the store is open
  // The acceptor, the signals and the shutdown share one strand: an accept completing on one
  // thread must not race the shutdown closing the acceptor on another.
  net::strand<net::io_context::executor_type> control = net::make_strand(io);
  tcp::acceptor acceptor{control};
  std::unique_ptr<net::signal_set> signals;
  net::steady_timer drain_timer{control};
  net::steady_timer backoff_timer{control};
  net::steady_timer expiry_timer{control};
  std::chrono::steady_clock::time_point deadline;
  bool stopping = false;
  bool aborted = false;  // connections were cut off after the close handshakes' deadline
};

server::server(config cfg, std::shared_ptr<store> storage, std::shared_ptr<const clock_source> time)
    : impl_(std::make_unique<impl>(std::move(cfg), std::move(storage), std::move(time))) {}

void server::clocks_changed() {
  if (impl_->central) impl_->central->clocks_changed();
}
server::~server() = default;

std::expected<std::uint16_t, std::string> server::start() {
  auto& cfg = impl_->cfg;
  // The certificate first: a typo in a path should not wait for the database and the tables.
  if (!cfg.tls_cert.empty() || !cfg.tls_key.empty()) {
    auto tls = make_tls_context(cfg.tls_cert, cfg.tls_key);
    if (!tls) return std::unexpected(tls.error());
    impl_->tls = std::move(*tls);
  }
  if (!impl_->storage) {
    auto sync = sync_mode_from_text(cfg.sync);
    if (!sync) return std::unexpected("--sync must be normal or full, not '" + cfg.sync + "'");
    auto opened = open_store(cfg.store, cfg.data_dir, *sync, !cfg.redis.empty());
    if (!opened) return std::unexpected(opened.error());
    impl_->storage = std::move(*opened);
  }
  // Game data (solved tables) before any room exists: a restored room's bot may need it at once.
  for (const engine::game* g : engine::all_games()) {
    auto loaded = g->load_data(cfg.data_dir);
    if (!loaded)
      return std::unexpected("cannot load " + std::string(g->key()) + " data from '" +
                             cfg.data_dir + "': " + loaded.error().message);
    if (!loaded->empty()) spdlog::info("{}: loaded {}", g->key(), *loaded);
  }
  auto gate = admission::make(cfg, impl_->stats, usable_connections(cfg.limit.max_connections));
  if (!gate) return std::unexpected(gate.error());
  impl_->gate = std::move(*gate);
  impl_->budget = std::make_unique<send_budget>(cfg.limit.max_queued_bytes_total, impl_->stats);
  impl_->central = std::make_unique<hub>(impl_->io, cfg, impl_->stats, *impl_->storage,
                                         impl_->storage_thread.get_executor(), *impl_->time,
                                         *impl_->gate, *impl_->budget);
  auto& acc = impl_->acceptor;
  boost::system::error_code ec;
  auto address = net::ip::make_address(impl_->cfg.host, ec);
  if (ec) return std::unexpected("bad host address '" + impl_->cfg.host + "': " + ec.message());
  tcp::endpoint endpoint{address, impl_->cfg.port};
  acc.open(endpoint.protocol(), ec);
  if (!ec) acc.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acc.bind(endpoint, ec);
  if (!ec) acc.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    return std::unexpected("cannot listen on " + impl_->cfg.host + ":" +
                           std::to_string(impl_->cfg.port) + ": " + ec.message());
  }
  if (!cfg.redis.empty()) {
    // Joined after the port is bound (a port 0 is known now), before the rooms are restored.
    std::string url = cfg.node_url;
    if (url.empty()) {
      std::string host = cfg.host == "0.0.0.0" || cfg.host == "::" ? "127.0.0.1" : cfg.host;
      url = std::string(impl_->tls ? "wss://" : "ws://") + host + ":" +
            std::to_string(acc.local_endpoint().port()) + "/ws";
    }
    auto node = cluster::join({cfg.redis, url, cfg.lease});
    if (!node) return std::unexpected(node.error());
    impl_->node = std::move(*node);
    impl_->central->join_cluster(*impl_->node, impl_->lookup_thread.get_executor());
    if (auto desk = impl_->node->claim_desk(); !desk) return std::unexpected(desk.error());
    spdlog::info("node {} of the cluster at {}", url, cfg.redis);
  }
  // Rooms come back before the first connection is accepted, so a returning player finds them.
  auto started = std::chrono::steady_clock::now();
  auto restored = impl_->central->restore();
  if (!restored) return std::unexpected("cannot restore the rooms: " + restored.error());
  if (restored->rooms > 0 || restored->failed > 0) {
    spdlog::info("restored {} rooms in {} ms{}", restored->rooms,
                 std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::steady_clock::now() - started)
                     .count(),
                 restored->failed > 0
                     ? fmt::format("; {} could not be restored (see above)", restored->failed)
                     : "");
  }
  // Tournaments after the rooms: they look their rooms up to know which games still run. In a
  // cluster, on the node that runs the desk (claimed before the rooms, so that its tournaments'
  // rooms come here); another node takes it over should that one die.
  const bool desk_here = !impl_->node || impl_->node->holds_desk();
  auto tournaments = desk_here ? impl_->central->desk().restore() : store_result<int>(0);
  if (desk_here) impl_->central->desk_restored();
  if (!tournaments)
    return std::unexpected("cannot restore the tournaments: " + tournaments.error());
  if (*tournaments > 0) spdlog::info("restored {} tournaments", *tournaments);
  impl_->expire_guests();
  if (impl_->node) impl_->tick_cluster();
  impl_->do_accept();
  return acc.local_endpoint().port();
}

void server::catch_signals() {
  if (impl_->signals) return;
  impl_->signals = std::make_unique<net::signal_set>(impl_->control, SIGINT, SIGTERM);
  impl_->signals->async_wait([this](boost::system::error_code ec, int) {
    if (!ec) impl_->begin_shutdown();  // on the control strand, as the signal set is
  });
}

void server::run(bool handle_signals) {
  if (handle_signals) catch_signals();
  int threads = impl_->cfg.threads > 0 ? impl_->cfg.threads
                                       : static_cast<int>(std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i)
    pool.emplace_back([this] { impl_->io.run(); });
  impl_->io.run();
  for (auto& t : pool)
    t.join();
  // Commits under way finish; their answers wait in the io_context for finish_sessions().
  impl_->storage_thread.join();
  impl_->cluster_thread.join();
  impl_->lookup_thread.join();
  impl_->finish_sessions();
}

void server::stop() {
  net::post(impl_->acceptor.get_executor(), [this] { impl_->begin_shutdown(); });
}

}  // namespace boardroom::server
