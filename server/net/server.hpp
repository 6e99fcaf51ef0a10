#pragma once
// The whole server: one io_context run by a thread pool, a listener, and the hub.
// Boost stays out of this header so the command line and tests include it cheaply.

#include <cstdint>
#include <expected>
#include <memory>
#include <string>

#include "server/config.hpp"

namespace boardroom::server {

class store;
class clock_source;

class server {
 public:
  // Without `storage` the server opens the SQLite store in cfg.data_dir when it starts; tests pass
  // their own (for instance one that fails on demand). Without `time` the clocks read the steady
  // clock; tests pass one they move by hand.
  explicit server(config cfg, std::shared_ptr<store> storage = nullptr,
                  std::shared_ptr<const clock_source> time = nullptr);
  ~server();

  // Opens the store, binds the listening socket, restores the unfinished rooms from the store and
  // starts accepting; returns the bound port (useful with port 0) or why it failed, in words for
  // the operator (an unusable data directory, a port in use, ...).
  std::expected<std::uint16_t, std::string> start();

  // From now on SIGINT and SIGTERM begin the graceful stop. Before the port is announced: a
  // signal sent the moment it is known must not meet the default action, a sudden death.
  void catch_signals();

  // Runs until stop() (or SIGINT/SIGTERM when handle_signals is true, catch_signals() then);
  // blocks the caller, which becomes one of the pool's threads.
  void run(bool handle_signals);

  // Graceful: stops accepting, closes every connection with 1001 after its queued writes, and
  // returns from run() once they are gone (or after a short deadline). Thread-safe.
  void stop();

  // Tests, after moving their time source: every room looks at its clocks. Thread-safe.
  void clocks_changed();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace boardroom::server
