#include "server/metrics.hpp"

#include <sstream>

namespace boardroom::server {

void metrics::count_error(engine::error_code code) {
  std::lock_guard lock(mutex_);
  ++errors_[std::string(code.name())];
}

void metrics::count_refusal(const std::string& reason) {
  std::lock_guard lock(mutex_);
  ++refusals_[reason];
}

void metrics::observe_move_seconds(double seconds) {
  std::lock_guard lock(mutex_);
  std::size_t i = 0;
  while (i < bounds_.size() && seconds > bounds_[i])
    ++i;
  ++buckets_[i];
  latency_sum_ += seconds;
  ++latency_count_;
}

std::string metrics::prometheus_text() const {
  std::ostringstream out;
  auto gauge = [&](const char* name, const char* help, auto value, const char* type) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n'
        << name << ' ' << value << '\n';
  };
  gauge("boardroom_connections", "Open WebSocket connections.", connections.load(), "gauge");
  gauge("boardroom_connections_total", "WebSocket connections accepted.", connections_total.load(),
        "counter");
  gauge("boardroom_sockets", "Open sockets, WebSocket or plain HTTP.", sockets.load(), "gauge");
  gauge("boardroom_accept_errors_total",
        "Connections the listener could not accept (out of descriptors, ...).",
        accept_errors_total.load(), "counter");
  gauge("boardroom_queued_bytes", "Outgoing bytes queued over all connections.",
        queued_bytes.load(), "gauge");
  gauge("boardroom_rooms", "Open rooms.", rooms.load(), "gauge");
  gauge("boardroom_moves_total", "Moves accepted.", moves_total.load(), "counter");
  gauge("boardroom_requests_total", "Requests received.", requests_total.load(), "counter");
  gauge("boardroom_games_finished_total", "Games that reached an outcome.",
        games_finished_total.load(), "counter");
  gauge("boardroom_store_errors_total", "Writes the store refused (nothing was acknowledged).",
        store_errors_total.load(), "counter");
  gauge("boardroom_journal_commits_total",
        "Group commits of room events to the store (one transaction each).",
        journal_commits_total.load(), "counter");
  gauge("boardroom_journal_appends_total",
        "Moves carried by those commits: appends / commits is the mean group size.",
        journal_appends_total.load(), "counter");
  gauge("boardroom_journal_commits_at_once_total",
        "Of those commits, the ones made on the io thread that closed the group: one write to the "
        "live log under --sync normal.",
        journal_commits_at_once_total.load(), "counter");

  std::lock_guard lock(mutex_);
  out << "# HELP boardroom_errors_total Errors sent to clients, by code.\n"
         "# TYPE boardroom_errors_total counter\n";
  for (const auto& [code, n] : errors_) {
    out << "boardroom_errors_total{code=\"" << code << "\"} " << n << '\n';
  }
  out << "# HELP boardroom_refusals_total Connections and requests refused, or connections cut "
         "off, by the limit that tripped.\n"
         "# TYPE boardroom_refusals_total counter\n";
  for (const auto& [reason, n] : refusals_) {
    out << "boardroom_refusals_total{reason=\"" << reason << "\"} " << n << '\n';
  }
  out << "# HELP boardroom_move_seconds Time from a move request to its broadcast.\n"
         "# TYPE boardroom_move_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < bounds_.size(); ++i) {
    cumulative += buckets_[i];
    out << "boardroom_move_seconds_bucket{le=\"" << bounds_[i] << "\"} " << cumulative << '\n';
  }
  cumulative += buckets_.back();
  out << "boardroom_move_seconds_bucket{le=\"+Inf\"} " << cumulative << '\n'
      << "boardroom_move_seconds_sum " << latency_sum_ << '\n'
      << "boardroom_move_seconds_count " << latency_count_ << '\n';
  return out.str();
}

}  // namespace boardroom::server
