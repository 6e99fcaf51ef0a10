#include "server/storage/journal.hpp"

#include <algorithm>
#include <iterator>

#include <boost/asio/post.hpp>

namespace boardroom::server {

void journal::append(std::string room, std::vector<stored_event> events,
                     std::optional<room_status> status, boost::asio::any_io_executor where,
                     continuation then, std::optional<rated_game> rated) {
  enqueue({std::move(room), std::move(events), status, std::move(where), std::move(then),
           std::nullopt, std::move(rated)});
}

void journal::create(room_record record, std::vector<stored_event> events,
                     boost::asio::any_io_executor where, continuation then) {
  std::string room = record.id;
  enqueue({std::move(room), std::move(events), std::nullopt, std::move(where), std::move(then),
           std::move(record), std::nullopt});
}

void journal::enqueue(entry e) {
  std::vector<entry> full;
  {
    std::lock_guard lock(mutex_);
    pending_.push_back(std::move(e));
    // While a group is with the store, the next one gathers until that commit ends (commit()
    // takes it then): one commit, and one fsync, for everything that arrived meanwhile.
    if (committing_) return;
    if (pending_.size() >= max_group) {
      full.swap(pending_);
      seen_ = 0;
      committing_ = true;
    } else if (!scheduled_) {
      scheduled_ = true;
      passes_ = 0;
      seen_ = 0;
      boost::asio::post(io_, [this] { flush(); });
    }
  }
  if (!full.empty()) commit_soon(std::move(full));
}

void journal::flush() {
  std::vector<entry> group;
  {
    std::lock_guard lock(mutex_);
    if (committing_) {  // the commit in hand takes what is pending when it ends
      scheduled_ = false;
      return;
    }
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
    committing_ = !group.empty();
  }
  if (!group.empty()) commit_soon(std::move(group));
}

void journal::commit_soon(std::vector<entry> group) {
  // A fence is asked on the store's thread only (it may ask another node's lease).
  if (fence_) return commit_later(std::move(group));
  std::vector<event_append> appends;
  appends.reserve(group.size());
  for (const entry& e : group)
    appends.push_back(append_of(e));
  auto answers = store_.append_at_once(appends);
  if (!answers) return commit_later(std::move(group));
  ++metrics_.journal_commits_at_once_total;
  counted(appends.size());
  answer(group, std::move(*answers));
  // What gathered meanwhile (other io threads' appends) goes to the store's thread.
  if (auto next = take_next(); !next.empty()) commit_later(std::move(next));
}

void journal::commit_later(std::vector<entry> group) {
  boost::asio::post(storage_exec_, [this, group = std::move(group)]() mutable {
    commit(std::move(group));
    // Then the group that gathered meanwhile, as a handler of its own: other work for the store
    // that was posted in between goes first.
    if (auto next = take_next(); !next.empty()) commit_later(std::move(next));
  });
}

std::vector<journal::entry> journal::take_next() {
  std::vector<entry> next;
  std::lock_guard lock(mutex_);
  const auto n = static_cast<std::ptrdiff_t>(std::min(pending_.size(), max_group));
  next.assign(std::make_move_iterator(pending_.begin()),
              std::make_move_iterator(pending_.begin() + n));
  pending_.erase(pending_.begin(), pending_.begin() + n);
  committing_ = !next.empty();
  return next;
}

event_append journal::append_of(const entry& e) {
  return {.room = e.room,
          .events = e.events,
          .status = e.status,
          .rated = e.rated ? &*e.rated : nullptr,
          .created = e.created ? &*e.created : nullptr};
}

void journal::commit(std::vector<entry> group) {
  // Answered outside the group: appends the fence refuses.
  std::vector<std::optional<store_result<void>>> settled(group.size());
  std::vector<event_append> appends;
  std::vector<std::size_t> appended;  // the group index of each append
  appends.reserve(group.size());
  for (std::size_t i = 0; i < group.size(); ++i) {
    const entry& e = group[i];
    if (fence_ && !fence_(e.room)) {
      settled[i] = std::unexpected("this node's lease on room " + e.room +
                                   " has lapsed: another node may own it now");
    } else {
      appends.push_back(append_of(e));
      appended.push_back(i);
    }
  }
  std::vector<store_result<void>> results(group.size());
  if (!appends.empty()) {
    auto answers = store_.append_group(appends);
    for (std::size_t k = 0; k < appended.size(); ++k)
      results[appended[k]] = std::move(answers[k]);
    counted(appends.size());
  }
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (settled[i]) results[i] = std::move(*settled[i]);
  }
  answer(group, std::move(results));
}

void journal::counted(std::size_t appends) {
  ++metrics_.journal_commits_total;
  metrics_.journal_appends_total += appends;
}

void journal::answer(std::vector<entry>& group, std::vector<store_result<void>> results) {
  for (std::size_t i = 0; i < group.size(); ++i) {
    boost::asio::post(group[i].where, [then = std::move(group[i].then),
                                       result = std::move(results[i])]() mutable { then(result); });
  }
}

}  // namespace boardroom::server
