#include "server/storage/journal.hpp"

#include <boost/asio/post.hpp>

namespace boardroom::server {

void journal::append(std::string room, std::vector<stored_event> events,
                     std::optional<room_status> status, boost::asio::any_io_executor where,
                     continuation then) {
  std::vector<entry> full;
  {
    std::lock_guard lock(mutex_);
    pending_.push_back(
        {std::move(room), std::move(events), status, std::move(where), std::move(then)});
    if (pending_.size() >= max_group) {
      full.swap(pending_);
      seen_ = 0;
    } else if (!scheduled_) {
      scheduled_ = true;
      passes_ = 0;
      seen_ = 0;
      boost::asio::post(io_, [this] { flush(); });
    }
  }
  if (!full.empty()) commit_later(std::move(full));
}

void journal::flush() {
  std::vector<entry> group;
  {
    std::lock_guard lock(mutex_);
    // Handlers already queued (requests read in the same turn) may still append: look again
    // after them while the group keeps growing.
    if (pending_.size() > seen_ && passes_ < max_passes) {
      seen_ = pending_.size();
      ++passes_;
      boost::asio::post(io_, [this] { flush(); });
      return;
    }
    scheduled_ = false;
    group.swap(pending_);
  }
  if (!group.empty()) commit_later(std::move(group));
}

void journal::commit_later(std::vector<entry> group) {
  boost::asio::post(storage_exec_,
                    [this, group = std::move(group)]() mutable { commit(std::move(group)); });
}

void journal::commit(std::vector<entry> group) {
  std::vector<event_append> appends;
  appends.reserve(group.size());
  for (const auto& e : group)
    appends.push_back({e.room, e.events, e.status});
  auto results = store_.append_group(appends);
  ++metrics_.journal_commits_total;
  metrics_.journal_appends_total += group.size();
  for (std::size_t i = 0; i < group.size(); ++i) {
    boost::asio::post(group[i].where, [then = std::move(group[i].then),
                                       result = std::move(results[i])]() mutable { then(result); });
  }
}

}  // namespace boardroom::server
