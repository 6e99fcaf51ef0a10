// The journal's group commit on a real store: appends made in one turn of the io loop share one
// transaction, committed on the store's own thread (never the io thread); each continuation runs
// on its own strand with its own verdict, and a lone append is committed without waiting for
// company.

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/storage/journal.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/faulty_store.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

using server::room_status;
using server::stored_event;

struct journal_fixture {
  server::sync_mode sync;
  temp_dir dir;
  faulty_store storage{open_store(dir.path(), sync)};
  boost::asio::io_context io;
  boost::asio::thread_pool store_thread{1};
  server::metrics stats;
  server::journal log{io, store_thread.get_executor(), storage, stats};
  // The io loop waits for the continuations, which come back from the store's thread.
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> busy{
      io.get_executor()};

  explicit journal_fixture(int rooms, server::sync_mode mode = server::sync_mode::full)
      : sync(mode) {
    EXPECT_TRUE(storage.save_identity({"p1", "alice", std::string(64, 'a'), 0}));
    for (int i = 0; i < rooms; ++i) {
      server::room_record r;
      r.id = room(i);
      r.game = r.spec = "sisyphos";
      r.creator = "p1";
      EXPECT_TRUE(storage.create_room(r, std::vector<stored_event>{{1, "{}"}}));
    }
  }
  static std::string room(int i) { return "r" + std::to_string(i); }
  std::size_t events_of(int i) { return (*storage.load_room(room(i)))->events.size(); }
};

// `n` rooms each append their second event from a handler of their own, all queued before the
// io loop runs: as if their moves had been read in the same turn.
struct appends {
  std::vector<boost::asio::strand<boost::asio::io_context::executor_type>> strands;
  std::vector<int> ok;  // 1: durable, 0: refused, -1: no answer yet
  std::vector<bool> on_own_strand;

  appends(journal_fixture& f, int n) : ok(n, -1), on_own_strand(n, false) {
    for (int i = 0; i < n; ++i)
      strands.push_back(boost::asio::make_strand(f.io));
    for (int i = 0; i < n; ++i) {
      boost::asio::post(strands[i], [this, &f, i] {
        f.log.append(journal_fixture::room(i), {{2, R"({"type":"move"})"}}, std::nullopt,
                     strands[i], [this, &f, i](server::store_result<void> result) {
                       ok[i] = result.has_value() ? 1 : 0;
                       on_own_strand[i] = strands[i].running_in_this_thread();
                       if (std::count(ok.begin(), ok.end(), -1) == 0) f.busy.reset();
                     });
      });
    }
  }
};

// Eight rooms' moves of one turn: one commit, every answer on its own strand. Under `full` the
// commit runs on the store's thread; under `normal` the live log takes it at once, and the io
// thread makes it (the store's thread is not woken for it).
void expect_one_commit_of_eight(server::sync_mode sync) {
  const bool at_once = sync == server::sync_mode::normal;
  journal_fixture f(8, sync);
  appends a(f, 8);
  f.io.run();
  EXPECT_EQ(f.storage.groups(), std::vector<std::size_t>{8});
  ASSERT_EQ(f.storage.group_threads().size(), 1u);
  EXPECT_EQ(f.storage.group_threads()[0] == std::this_thread::get_id(), at_once)
      << "the thread the commit ran on";
  EXPECT_EQ(f.stats.journal_commits_total, 1u);
  EXPECT_EQ(f.stats.journal_commits_at_once_total, at_once ? 1u : 0u);
  EXPECT_EQ(f.stats.journal_appends_total, 8u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(a.ok[i], 1) << i;
    EXPECT_TRUE(a.on_own_strand[i]) << i;
    EXPECT_EQ(f.events_of(i), 2u) << i;
  }
}

TEST(Journal, AppendsOfOneTurnShareOneCommit) {
  expect_one_commit_of_eight(server::sync_mode::full);
}

TEST(Journal, ALoneAppendIsCommittedWithoutWaitingForCompany) {
  journal_fixture f(1);
  appends a(f, 1);
  f.io.run();  // returns: nothing waits on a timer
  EXPECT_EQ(f.storage.groups(), std::vector<std::size_t>{1});
  EXPECT_EQ(a.ok[0], 1);
}

TEST(Journal, AGroupIsCutAtItsLimit) {
  const int n = static_cast<int>(server::journal::max_group) + 10;
  journal_fixture f(n);
  appends a(f, n);
  f.io.run();
  EXPECT_EQ(f.storage.groups(), (std::vector<std::size_t>{server::journal::max_group, 10}));
  EXPECT_EQ(std::count(a.ok.begin(), a.ok.end(), 1), n);
}

// While a commit is with the store (an fsync: here a write slowed to 300 ms), appends arriving in
// later turns of the io loop wait together and go to the store in one group when it is done,
// instead of a group, and an fsync, each.
TEST(Journal, AppendsArrivingDuringACommitShareTheNextOne) {
  using namespace std::chrono_literals;
  journal_fixture f(11);
  f.storage.slow_writes(300ms);
  int answered = 0;
  auto append = [&](int i) {
    f.log.append(journal_fixture::room(i), {{2, R"({"type":"move"})"}}, std::nullopt,
                 f.io.get_executor(), [&](server::store_result<void> result) {
                   EXPECT_TRUE(result.has_value());
                   if (++answered == 11) f.busy.reset();
                 });
  };
  boost::asio::post(f.io, [&] { append(0); });
  // Five turns of two appends each, 40 ms apart, all inside the first commit.
  std::vector<std::unique_ptr<boost::asio::steady_timer>> timers;
  for (int k = 0; k < 5; ++k) {
    timers.push_back(std::make_unique<boost::asio::steady_timer>(f.io, 40ms * (k + 1)));
    timers.back()->async_wait([&, k](boost::system::error_code) {
      append(1 + 2 * k);
      append(2 + 2 * k);
    });
  }
  f.io.run();
  EXPECT_EQ(answered, 11);
  EXPECT_EQ(f.storage.groups(), (std::vector<std::size_t>{1, 10}));
  EXPECT_EQ(f.stats.journal_commits_total, 2u);
  for (int i = 0; i < 11; ++i)
    EXPECT_EQ(f.events_of(i), 2u) << i;
}

// Rooms opened in the same turn as moves (a tournament's round, a lobby's busy second) go to the
// store in the moves' transaction; a room whose id is taken fails alone.
TEST(Journal, NewRoomsShareTheCommitOfTheirTurn) {
  journal_fixture f(2);
  appends moved(f, 2);
  std::vector<int> ok(4, -1);
  // The moves' answers release f.busy; the rooms' this one.
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> opening{
      f.io.get_executor()};
  for (int i = 0; i < 4; ++i) {
    boost::asio::post(f.io, [&f, &ok, &opening, i] {
      server::room_record r;
      r.id = journal_fixture::room(i == 3 ? 0 : 2 + i);  // the last one: r0, taken
      r.game = r.spec = "sisyphos";
      r.creator = "p1";
      f.log.create(r, {{1, R"({"type":"player_joined"})"}}, f.io.get_executor(),
                   [&ok, &opening, i](server::store_result<void> result) {
                     ok[i] = result.has_value() ? 1 : 0;
                     if (std::count(ok.begin(), ok.end(), -1) == 0) opening.reset();
                   });
    });
  }
  f.io.run();
  EXPECT_EQ(f.storage.groups().front(), 6u) << "two moves and four rooms, one commit";
  EXPECT_EQ(ok, (std::vector<int>{1, 1, 1, 0}));
  EXPECT_EQ(moved.ok, (std::vector<int>{1, 1}));
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(f.events_of(i), i < 2 ? 2u : 1u) << i;
}

TEST(Journal, AFailedCommitReachesEveryContinuationAndWritesNothing) {
  journal_fixture f(3);
  f.storage.fail_writes(true);
  appends a(f, 3);
  f.io.run();
  EXPECT_EQ(f.storage.groups(), std::vector<std::size_t>{3});
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(a.ok[i], 0) << i;
    EXPECT_TRUE(a.on_own_strand[i]) << i;
    EXPECT_EQ(f.events_of(i), 1u) << i;
  }
}

TEST(Journal, UnderNormalSyncMovesAreWrittenByTheIoThread) {
  expect_one_commit_of_eight(server::sync_mode::normal);
}

// A group with anything for the database (here a game's end) goes to the store's thread whole,
// under `normal` too: a transaction may wait for a checkpoint's flush.
TEST(Journal, UnderNormalSyncAGroupForTheDatabaseGoesToTheStoresThread) {
  journal_fixture f(2, server::sync_mode::normal);
  int answered = 0;
  for (int i = 0; i < 2; ++i) {
    boost::asio::post(f.io, [&f, &answered, i] {
      f.log.append(journal_fixture::room(i), {{2, R"({"type":"move"})"}},
                   i == 1 ? std::optional(room_status::finished) : std::nullopt,
                   f.io.get_executor(), [&f, &answered](server::store_result<void> result) {
                     EXPECT_TRUE(result.has_value());
                     if (++answered == 2) f.busy.reset();
                   });
    });
  }
  f.io.run();
  EXPECT_EQ(answered, 2);
  EXPECT_EQ(f.storage.groups(), std::vector<std::size_t>{2});
  ASSERT_EQ(f.storage.group_threads().size(), 1u);
  EXPECT_NE(f.storage.group_threads()[0], std::this_thread::get_id());
  EXPECT_EQ(f.stats.journal_commits_at_once_total, 0u);
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(f.events_of(i), 2u) << i;
}

}  // namespace
}  // namespace boardroom::test
