#pragma once
// A store that passes every call to a real one until told to fail its writes: a full disk or a
// broken volume on demand, for the tests of what clients see when a write fails. It also records
// the size of each group commit, and on request which thread each call ran on, and slows reads or
// writes down on demand.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/storage/sqlite_store.hpp"
#include "server/storage/store.hpp"

namespace boardroom::test {

class faulty_store final : public server::store {
 public:
  explicit faulty_store(std::unique_ptr<server::store> real) : real_(std::move(real)) {}

  // Writes from now on fail (true) or pass (false).
  void fail_writes(bool on) { writes_left_ = on ? 0 : unlimited; }
  // The next `n` writes pass, the ones after fail.
  void fail_writes_after(int n) { writes_left_ = n; }
  // Every call named `call` ("create_room", "append_tournament", ...) fails from now on, or
  // passes again (false): one kind of write lost, the others made.
  void fail_call(const std::string& call, bool on) {
    std::lock_guard lock(mutex_);
    if (on) {
      failing_calls_.push_back(call);
    } else {
      std::erase(failing_calls_, call);
    }
  }
  int failed_writes() const { return failed_.load(); }
  // The size of every append_group() call so far (group commits), in order.
  std::vector<std::size_t> groups() const {
    std::lock_guard lock(mutex_);
    return groups_;
  }

  // Every records query takes this long from now on (a large scan, a busy disk).
  void slow_reads(std::chrono::milliseconds d) { slow_reads_ms_ = static_cast<int>(d.count()); }

  // The threads append_group() ran on.
  std::vector<std::thread::id> group_threads() const {
    std::lock_guard lock(mutex_);
    return group_threads_;
  }

  // From now on every call is noted with the thread it ran on (calls()).
  void watch_threads() { watching_ = true; }
  std::vector<std::pair<std::string, std::thread::id>> calls() const {
    std::lock_guard lock(mutex_);
    return calls_;
  }
  // Every write takes this long from now on (a disk busy with an fsync).
  void slow_writes(std::chrono::milliseconds d) { slow_writes_ms_ = static_cast<int>(d.count()); }

  server::store_result<void> save_identity(const server::identity_record& identity) override {
    note("save_identity", true);
    if (!allow()) return refuse();
    return real_->save_identity(identity);
  }
  server::store_result<int> expire_identities(std::int64_t cutoff_ms,
                                              const std::vector<std::string>& keep) override {
    note("expire_identities", true);
    if (!allow()) return std::unexpected(refuse().error());
    return real_->expire_identities(cutoff_ms, keep);
  }
  server::store_result<std::optional<server::identity_record>> find_identity(
      std::string_view token_hash) override {
    note("find_identity", false);
    return real_->find_identity(token_hash);
  }
  server::store_result<void> create_room(const server::room_record& room,
                                         std::span<const server::stored_event> events) override {
    note("create_room", true);
    if (!allow() || failing("create_room")) return refuse();
    return real_->create_room(room, events);
  }
  server::store_result<void> append_events(std::string_view room,
                                           std::span<const server::stored_event> events,
                                           std::optional<server::room_status> status) override {
    note("append_events", true);
    if (!allow()) return refuse();
    return real_->append_events(room, events, status);
  }
  // What the real store takes at once, noted as a group commit. With a fault or a delay set, it is
  // declined, so that the group goes on to append_group() and meets it there.
  std::optional<std::vector<server::store_result<void>>> append_at_once(
      std::span<const server::event_append> group) override {
    // (Every write counts writes_left_ down, from `unlimited` when no failure is set.)
    if (writes_left_ < unlimited / 2 || slow_writes_ms_ != 0 || !failing_calls_empty())
      return std::nullopt;
    auto answers = real_->append_at_once(group);
    if (!answers) return answers;
    note("append_group", true);
    std::lock_guard lock(mutex_);
    groups_.push_back(group.size());
    group_threads_.push_back(std::this_thread::get_id());
    return answers;
  }
  std::vector<server::store_result<void>> append_group(
      std::span<const server::event_append> group) override {
    note("append_group", true);
    // New rooms come in groups too (event_append::created): noted, and failed, as create_room.
    const bool creates = std::ranges::any_of(group, [](const auto& a) { return a.created; });
    if (creates) note("create_room", true);
    {
      std::lock_guard lock(mutex_);
      groups_.push_back(group.size());
      group_threads_.push_back(std::this_thread::get_id());
    }
    if (!allow()) return std::vector<server::store_result<void>>(group.size(), refuse());
    if (!creates || !failing("create_room")) return real_->append_group(group);
    std::vector<server::store_result<void>> out(group.size());
    std::vector<server::event_append> others;
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < group.size(); ++i) {
      if (group[i].created) {
        out[i] = refuse();
      } else {
        others.push_back(group[i]);
        at.push_back(i);
      }
    }
    auto answers = real_->append_group(others);
    for (std::size_t k = 0; k < at.size(); ++k)
      out[at[k]] = std::move(answers[k]);
    return out;
  }
  server::store_result<void> set_status(std::string_view room,
                                        server::room_status status) override {
    note("set_status", true);
    if (!allow()) return refuse();
    return real_->set_status(room, status);
  }
  server::store_result<bool> create_account(const server::account_record& account) override {
    note("create_account", true);
    if (!allow()) return std::unexpected(refuse().error());
    return real_->create_account(account);
  }
  server::store_result<std::optional<server::account_record>> find_account(
      std::string_view name) override {
    note("find_account", false);
    return real_->find_account(name);
  }
  server::store_result<std::optional<server::account_record>> account_of(
      std::string_view player) override {
    note("account_of", false);
    return real_->account_of(player);
  }
  server::store_result<void> add_login_token(std::string_view player, std::string_view token_hash,
                                             std::int64_t created_ms) override {
    note("add_login_token", true);
    if (!allow()) return refuse();
    return real_->add_login_token(player, token_hash, created_ms);
  }
  server::store_result<std::vector<server::rating_record>> leaderboard(std::string_view game,
                                                                       std::string_view speed,
                                                                       int limit,
                                                                       int offset) override {
    note("leaderboard", false);
    return real_->leaderboard(game, speed, limit, offset);
  }
  server::store_result<bool> seed_rating(const server::rating_record& rating) override {
    note("seed_rating", true);
    if (!allow()) return std::unexpected(refuse().error());
    return real_->seed_rating(rating);
  }
  server::store_result<std::vector<server::rating_record>> ratings_of(
      std::string_view player) override {
    note("ratings_of", false);
    return real_->ratings_of(player);
  }
  server::store_result<std::vector<server::rating_change>> rating_history(std::string_view player,
                                                                          int limit) override {
    note("rating_history", false);
    return real_->rating_history(player, limit);
  }
  server::store_result<std::vector<server::stored_room>> load_unfinished_rooms() override {
    note("load_unfinished_rooms", false);
    return real_->load_unfinished_rooms();
  }
  server::store_result<std::optional<server::stored_room>> load_room(
      std::string_view room) override {
    note("load_room", false);
    return real_->load_room(room);
  }
  server::store_result<server::record_page> find_records(
      const server::record_query& query) override {
    note("find_records", false);
    std::this_thread::sleep_for(std::chrono::milliseconds(slow_reads_ms_.load()));
    return real_->find_records(query);
  }
  server::store_result<void> append_tournament(std::string_view id, std::int64_t first,
                                               std::span<const std::string> events,
                                               std::string_view status) override {
    note("append_tournament", true);
    if (!allow() || failing("append_tournament")) return refuse();
    return real_->append_tournament(id, first, events, status);
  }
  server::store_result<std::vector<server::stored_tournament>> load_open_tournaments() override {
    note("load_open_tournaments", false);
    return real_->load_open_tournaments();
  }
  server::store_result<std::optional<server::stored_tournament>> load_tournament(
      std::string_view id) override {
    note("load_tournament", false);
    return real_->load_tournament(id);
  }

 private:
  static constexpr int unlimited = 1 << 30;

  void note(const char* call, bool write) {
    if (watching_) {
      std::lock_guard lock(mutex_);
      calls_.emplace_back(call, std::this_thread::get_id());
    }
    if (write) std::this_thread::sleep_for(std::chrono::milliseconds(slow_writes_ms_.load()));
  }

  bool failing_calls_empty() const {
    std::lock_guard lock(mutex_);
    return failing_calls_.empty();
  }

  bool failing(const std::string& call) const {
    std::lock_guard lock(mutex_);
    return std::find(failing_calls_.begin(), failing_calls_.end(), call) != failing_calls_.end();
  }

  bool allow() {
    int left = writes_left_.load();
    while (left > 0 && !writes_left_.compare_exchange_weak(left, left - 1)) {
    }
    return left > 0;
  }
  server::store_result<void> refuse() {
    ++failed_;
    return std::unexpected(std::string("database or disk is full (simulated)"));
  }

  std::unique_ptr<server::store> real_;
  std::atomic<int> writes_left_{unlimited};
  std::atomic<int> failed_{0};
  mutable std::mutex mutex_;
  std::vector<std::size_t> groups_;
  std::vector<std::thread::id> group_threads_;
  std::atomic<int> slow_reads_ms_{0};
  std::atomic<int> slow_writes_ms_{0};
  std::atomic<bool> watching_{false};
  std::vector<std::pair<std::string, std::thread::id>> calls_;
  std::vector<std::string> failing_calls_;
};

// A faulty store over a real database file in `dir` (throws when it cannot be opened).
inline std::shared_ptr<faulty_store> faulty_store_in(const std::string& dir) {
  auto real = server::open_sqlite_store(dir);
  if (!real) throw std::runtime_error(real.error());
  return std::make_shared<faulty_store>(std::move(*real));
}

}  // namespace boardroom::test
