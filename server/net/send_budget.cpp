#include "server/net/send_budget.hpp"

#include <algorithm>
#include <vector>

#include <spdlog/spdlog.h>

namespace boardroom::server {

void send_budget::enroll(const std::shared_ptr<metered>& who) {
  std::lock_guard lock(mutex_);
  members_[who.get()] = who;
}

void send_budget::leave(const metered* who) {
  std::lock_guard lock(mutex_);
  members_.erase(who);
}

void send_budget::grew(std::size_t bytes) {
  auto total = metrics_.queued_bytes.fetch_add(static_cast<std::int64_t>(bytes)) +
               static_cast<std::int64_t>(bytes);
  if (static_cast<std::size_t>(total) > max_total_) shed();
}

void send_budget::shrank(std::size_t bytes) {
  metrics_.queued_bytes.fetch_sub(static_cast<std::int64_t>(bytes));
}

void send_budget::shed() {
  if (shedding_.exchange(true)) return;
  struct done {
    std::atomic<bool>& flag;
    ~done() { flag = false; }
  } release{shedding_};
  std::vector<std::pair<std::size_t, std::shared_ptr<metered>>> by_size;
  {
    std::lock_guard lock(mutex_);
    for (auto& [key, weak] : members_) {
      if (auto m = weak.lock(); m && m->queued_bytes() > 0)
        by_size.emplace_back(m->queued_bytes(), m);
    }
  }
  std::sort(by_size.begin(), by_size.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  // Cut the largest queues until what remains fits; their bytes are released as each connection
  // drops its queue on its own strand. A connection cut twice (a second shed() before the first
  // cut took effect) is cut once: abort() is idempotent.
  auto total = static_cast<std::size_t>(std::max<std::int64_t>(0, metrics_.queued_bytes.load()));
  for (auto& [size, m] : by_size) {
    if (total <= max_total_) break;
    total -= std::min(total, size);
    metrics_.count_refusal("queue_budget");
    spdlog::info("outgoing queues over their budget: cutting off a connection with {} bytes queued",
                 size);
    m->abort();
  }
}

}  // namespace boardroom::server
