#include "server/server.hpp"

#include <thread>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "engine/core/registry.hpp"
#include "server/clock_source.hpp"
#include "server/http_session.hpp"
#include "server/hub.hpp"
#include "server/metrics.hpp"
#include "server/sqlite_store.hpp"

namespace boardroom::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr auto shutdown_deadline = std::chrono::seconds(3);

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
                            if (!ec) {
                              // A move's answer and its events leave as small frames in a row:
                              // with Nagle's algorithm the second waits for the client's delayed
                              // ACK, up to 40 ms.
                              boost::system::error_code ignored;
                              socket.set_option(tcp::no_delay(true), ignored);
                              std::make_shared<http_session>(std::move(socket), *central)->run();
                            }
                            do_accept();
                          });
  }

  void begin_shutdown() {
    if (stopping) return;
    stopping = true;
    spdlog::info("shutting down");
    boost::system::error_code ignored;
    acceptor.close(ignored);
    signals.reset();
    if (central) central->shut_down();
    deadline = std::chrono::steady_clock::now() + shutdown_deadline;
    poll_drained();
  }

  // Waits for the connections to finish their close handshakes, then stops the pool.
  void poll_drained() {
    if (stats.connections.load() == 0 || std::chrono::steady_clock::now() >= deadline) {
      io.stop();
      return;
    }
    drain_timer.expires_after(std::chrono::milliseconds(20));
    drain_timer.async_wait([this](boost::system::error_code) { poll_drained(); });
  }

  config cfg;
  std::shared_ptr<store> storage;  // outlives the io_context and the rooms its handlers hold
  std::shared_ptr<const clock_source> time;
  net::io_context io;
  metrics stats;
  std::unique_ptr<hub> central;  // made by start(), once the store is open
  // The acceptor, the signals and the shutdown share one strand: an accept completing on one
  // thread must not race the shutdown closing the acceptor on another.
  net::strand<net::io_context::executor_type> control = net::make_strand(io);
  tcp::acceptor acceptor{control};
  std::unique_ptr<net::signal_set> signals;
  net::steady_timer drain_timer{control};
  std::chrono::steady_clock::time_point deadline;
  bool stopping = false;
};

server::server(config cfg, std::shared_ptr<store> storage, std::shared_ptr<const clock_source> time)
    : impl_(std::make_unique<impl>(std::move(cfg), std::move(storage), std::move(time))) {}

void server::clocks_changed() {
  if (impl_->central) impl_->central->clocks_changed();
}
server::~server() = default;

std::expected<std::uint16_t, std::string> server::start() {
  auto& cfg = impl_->cfg;
  if (!impl_->storage) {
    auto sync = sync_mode_from_text(cfg.sync);
    if (!sync) return std::unexpected("--sync must be normal or full, not '" + cfg.sync + "'");
    auto opened = open_sqlite_store(cfg.data_dir, *sync);
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
  impl_->central =
      std::make_unique<hub>(impl_->io, cfg, impl_->stats, *impl_->storage, *impl_->time);
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
  impl_->do_accept();
  return acc.local_endpoint().port();
}

void server::run(bool handle_signals) {
  if (handle_signals) {
    impl_->signals = std::make_unique<net::signal_set>(impl_->control, SIGINT, SIGTERM);
    impl_->signals->async_wait([this](boost::system::error_code ec, int) {
      if (!ec) impl_->begin_shutdown();  // on the control strand, as the signal set is
    });
  }
  int threads = impl_->cfg.threads > 0 ? impl_->cfg.threads
                                       : static_cast<int>(std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i)
    pool.emplace_back([this] { impl_->io.run(); });
  impl_->io.run();
  for (auto& t : pool)
    t.join();
}

void server::stop() {
  net::post(impl_->acceptor.get_executor(), [this] { impl_->begin_shutdown(); });
}

}  // namespace boardroom::server
