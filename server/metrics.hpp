#pragma once
// Counters for /metrics in the Prometheus text format. Cheap to bump from any thread.

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "engine/core/error_code.hpp"

namespace boardroom::server {

class metrics {
 public:
  std::atomic<std::int64_t> connections{0};           // open WebSocket connections
  std::atomic<std::int64_t> sockets{0};               // open sockets, upgraded or not
  std::atomic<std::uint64_t> accept_errors_total{0};  // failed accepts (out of descriptors...)
  std::atomic<std::int64_t> queued_bytes{0};          // outgoing, over all connections
  std::atomic<std::uint64_t> connections_total{0};    // accepted since start
  std::atomic<std::int64_t> rooms{0};                 // open rooms
  std::atomic<std::uint64_t> moves_total{0};
  std::atomic<std::uint64_t> requests_total{0};
  std::atomic<std::uint64_t> games_finished_total{0};
  std::atomic<std::uint64_t> store_errors_total{0};             // writes the store refused
  std::atomic<std::uint64_t> journal_commits_total{0};          // group commits (journal.hpp)
  std::atomic<std::uint64_t> journal_appends_total{0};          // appends they carried
  std::atomic<std::uint64_t> journal_commits_at_once_total{0};  // of them, made on an io thread

  void count_error(engine::error_code code);
  // A limit that refused a connection or a request, or cut a connection off ("server_full",
  // "too_many_connections", "hello_timeout", "queue_budget", ...).
  void count_refusal(const std::string& reason);
  void observe_move_seconds(double seconds);  // accepted move: request parsed to broadcast queued

  std::string prometheus_text() const;

 private:
  static constexpr std::array<double, 10> bounds_{0.00001, 0.00003, 0.0001, 0.0003, 0.001,
                                                  0.003,   0.01,    0.03,   0.1,    1.0};
  mutable std::mutex mutex_;
  std::map<std::string, std::uint64_t> errors_;
  std::map<std::string, std::uint64_t> refusals_;
  std::array<std::uint64_t, bounds_.size() + 1> buckets_{};
  double latency_sum_ = 0;
  std::uint64_t latency_count_ = 0;
};

}  // namespace boardroom::server
