#pragma once
// The real server, started in-process on an ephemeral loopback port for one test.

#include <cstdint>
#include <memory>
#include <thread>

#include "server/config.hpp"
#include "server/server.hpp"

namespace boardroom::test {

// Limits for tests: the defaults, except timers short enough to observe.
server::limits test_limits();

class test_server {
 public:
  explicit test_server(server::limits limit = test_limits(), int threads = 2);
  ~test_server();

  std::uint16_t port() const { return port_; }

 private:
  std::unique_ptr<server::server> server_;
  std::thread thread_;
  std::uint16_t port_ = 0;
};

}  // namespace boardroom::test
