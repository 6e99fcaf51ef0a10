#pragma once
// The real server, started in-process on an ephemeral loopback port for one test.

#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/config.hpp"
#include "server/net/server.hpp"
#include "server/storage/store.hpp"
#include "tests/support/manual_clock.hpp"

namespace boardroom::test {

// Limits for tests: the defaults, except timers short enough to observe.
server::limits test_limits();

// A fresh directory under the system's temporary directory, removed with everything in it when
// this object goes.
class temp_dir {
 public:
  temp_dir();
  ~temp_dir();
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

struct test_server_options {
  server::limits limit = test_limits();
  int threads = 2;
  std::string data_dir;                        // empty: a fresh temporary directory
  std::shared_ptr<server::store> storage;      // null: the SQLite store in data_dir
  std::shared_ptr<manual_clock> clock;         // null: the steady clock
  std::string admin_token;                     // empty: no administrator
  std::string rating_model = "plackett-luce";  // Weng-Lin's, for games of three to six
  std::vector<std::string> trusted_proxies;
  std::vector<std::string> allowed_origins;
  std::string tls_cert;  // both PEM files (see make_self_signed): the port speaks TLS only
  std::string tls_key;
};

// A server on `data_dir`, which stays when the server goes (for restarts).
test_server_options on_dir(const std::string& data_dir, server::limits limit = test_limits());
// A server on a store the test made (and may tamper with).
test_server_options with_store(std::shared_ptr<server::store> storage);

class test_server {
 public:
  explicit test_server(server::limits limit = test_limits(), int threads = 2);
  explicit test_server(test_server_options options);
  ~test_server();

  std::uint16_t port() const { return port_; }
  const std::string& data_dir() const { return data_dir_; }

  // With a manual clock: moves it and lets every room look at its clocks.
  void advance(std::chrono::nanoseconds d);

 private:
  std::unique_ptr<temp_dir> own_dir_;
  std::string data_dir_;
  std::shared_ptr<manual_clock> clock_;
  std::unique_ptr<server::server> server_;
  std::thread thread_;
  std::uint16_t port_ = 0;
};

}  // namespace boardroom::test
