#include "tests/support/test_server.hpp"

#include <stdexcept>

#include <spdlog/spdlog.h>

namespace boardroom::test {

server::limits test_limits() {
  server::limits l;
  l.reconnect_grace = std::chrono::milliseconds(5'000);
  l.idle_timeout = std::chrono::milliseconds(10'000);
  return l;
}

test_server::test_server(server::limits limit, int threads) {
  spdlog::set_level(spdlog::level::warn);
  server::config cfg;
  cfg.host = "127.0.0.1";
  cfg.port = 0;
  cfg.threads = threads;
  cfg.log_level = "warn";
  cfg.limit = limit;
  server_ = std::make_unique<server::server>(cfg);
  auto port = server_->start();
  if (!port) throw std::runtime_error(port.error());
  port_ = *port;
  thread_ = std::thread([this] { server_->run(/*handle_signals=*/false); });
}

test_server::~test_server() {
  server_->stop();
  thread_.join();
}

}  // namespace boardroom::test
