#pragma once
// The server-wide budget for outgoing queues. Each connection's queue is bounded on its own
// (limits::max_queued_bytes), but many slow readers together could still pin a great deal of
// memory: past limits::max_queued_bytes_total the connections with the most queued are cut off
// first, until the total is back under the budget.
//
// The total is an atomic counter (metrics::queued_bytes) bumped on every enqueue; the lock and
// the search for the largest queues are taken only when the budget is exceeded.

#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>

#include "server/metrics.hpp"
#include "server/net/admission.hpp"

namespace boardroom::server {

// A connection as the budget sees it: how much it has queued, and how to cut it off.
class metered : public abortable {
 public:
  virtual std::size_t queued_bytes() const = 0;  // thread-safe
};

class send_budget {
 public:
  send_budget(std::size_t max_total, metrics& stats) : max_total_(max_total), metrics_(stats) {}

  void enroll(const std::shared_ptr<metered>& who);
  void leave(const metered* who);

  // Thread-safe; called as a connection's queue grows or shrinks.
  void grew(std::size_t bytes);
  void shrank(std::size_t bytes);

 private:
  void shed();

  const std::size_t max_total_;
  metrics& metrics_;
  std::mutex mutex_;
  std::map<const metered*, std::weak_ptr<metered>> members_;
  // Over budget, every enqueue would search the queues again until the cut-off connections have
  // dropped theirs: one search at a time is enough.
  std::atomic<bool> shedding_ = false;
};

}  // namespace boardroom::server
