// The embedded SQLite store on real database files: its journal mode, how it fails to open, a
// database from a newer server. What every store keeps and refuses is in store_contract_test.cpp.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "server/storage/sqlite_store.hpp"
#include "tests/server/helpers.hpp"
#include "tests/server/store_samples.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

// Write-ahead logging is recorded in the file; the store holds the database exclusively while
// open (no file locks per transaction), so another connection reads it only afterwards.
TEST(Store, UsesWriteAheadLoggingAndHoldsTheDatabaseExclusively) {
  temp_dir dir;
  const std::string file = dir.path() + "/" + server::database_file;
  auto mode = [&] {  // the journal mode, or "busy"
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    std::string text = "busy";
    if (sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
      text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return text;
  };
  {
    auto s = open_store(dir.path());
    ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 5}));
    EXPECT_EQ(mode(), "busy");
  }
  EXPECT_EQ(mode(), "wal");
}

TEST(Store, UnusableDataDirectoriesAreRefusedWithTheReason) {
  temp_dir dir;
  const std::string file = dir.path() + "/file.txt";
  std::ofstream(file) << "not a directory";
  auto under_file = server::open_sqlite_store(file + "/sub");
  ASSERT_FALSE(under_file);
  EXPECT_NE(under_file.error().find("cannot create the data directory '" + file + "/sub'"),
            std::string::npos)
      << under_file.error();
  auto is_file = server::open_sqlite_store(file);
  ASSERT_FALSE(is_file);
  EXPECT_NE(is_file.error().find("not a directory"), std::string::npos) << is_file.error();

  const std::string garbage = dir.path() + "/garbage";
  std::filesystem::create_directory(garbage);
  std::ofstream(garbage + "/" + server::database_file) << std::string(4096, 'x');
  auto not_db = server::open_sqlite_store(garbage);
  ASSERT_FALSE(not_db);
  EXPECT_NE(not_db.error().find("not a database"), std::string::npos) << not_db.error();
}

TEST(Store, RefusesADatabaseFromANewerServer) {
  temp_dir dir;
  open_store(dir.path()).reset();
  // A later version of the schema, as a newer boardroom would leave it.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path() + "/" + server::database_file).c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, "INSERT INTO schema_version VALUES (99)", nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  auto s = server::open_sqlite_store(dir.path());
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("schema version 99"), std::string::npos) << s.error();
}

// The first column of the first row of `sql`, on a database no store has open.
std::int64_t count_of(const std::string& file, const char* sql) {
  sqlite3* db = nullptr;
  std::int64_t n = -1;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_open(file.c_str(), &db) == SQLITE_OK &&
      sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW)
    n = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return n;
}

// New events are appended to the live log and moved in bulk into the table clustered by room:
// across the move each room keeps all its events in order, and a version a room has is refused
// whether it sits in the log or has moved.
TEST(Store, TheLiveLogMovesIntoTheEventsWithoutLosingOrReorderingAny) {
  temp_dir dir;
  // Without an fsync per commit: the thousands of commits below are about order, not disks.
  auto opened = server::open_sqlite_store(dir.path(), server::sync_mode::normal);
  ASSERT_TRUE(opened) << opened.error();
  auto s = std::move(*opened);
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  const std::vector<std::string> rooms{"r1", "r2", "r3"};
  for (const auto& id : rooms)
    ASSERT_TRUE(s->create_room(sample_room(id, "p1"), std::vector<stored_event>{{1, "{}"}}));
  // Groups of one event per room, as a group commit writes them, until the log has moved once.
  const int versions = static_cast<int>(server::live_log_rows / rooms.size()) + 40;
  for (int v = 2; v <= versions; ++v) {
    std::vector<std::vector<stored_event>> events;
    std::vector<server::event_append> group;
    for (const auto& id : rooms)
      events.push_back({{v, R"({"room":")" + id + R"(","v":)" + std::to_string(v) + "}"}});
    for (std::size_t i = 0; i < rooms.size(); ++i)
      group.push_back({rooms[i], events[i], std::nullopt});
    for (const auto& result : s->append_group(group))
      ASSERT_TRUE(result.has_value()) << result.error();
  }
  for (const auto& id : rooms) {
    auto r = s->load_room(id);
    ASSERT_TRUE(r && *r);
    ASSERT_EQ((*r)->events.size(), static_cast<std::size_t>(versions)) << id;
    for (int v = 2; v <= versions; ++v) {
      EXPECT_EQ((*r)->events[v - 1].version, v);
      EXPECT_EQ((*r)->events[v - 1].body,
                R"({"room":")" + id + R"(","v":)" + std::to_string(v) + "}");
    }
  }
  // Version 2 moved long ago, the last version is still in the log: both are taken.
  for (int taken : {2, versions}) {
    auto dup = s->append_events("r1", std::vector<stored_event>{{taken, "{}"}}, std::nullopt);
    ASSERT_FALSE(dup) << taken;
    EXPECT_NE(dup.error().find("r1"), std::string::npos) << dup.error();
  }
  EXPECT_TRUE(
      s->append_events("r1", std::vector<stored_event>{{versions + 1, "{}"}}, std::nullopt));
  s.reset();
  // Closing the store moved the rest: the file holds every event in `events`.
  const std::string file = dir.path() + "/" + server::database_file;
  EXPECT_EQ(count_of(file, "SELECT COUNT(*) FROM live_events"), 0);
  EXPECT_EQ(count_of(file, "SELECT COUNT(*) FROM events"), 3 * versions + 1);
}

// A server that dies leaves its last events in the live log: the next open finds them all.
TEST(Store, EventsLeftInTheLiveLogByACrashAreThereAfterTheRestart) {
  temp_dir dir, copy;
  auto s = open_store(dir.path());
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  ASSERT_TRUE(s->create_room(sample_room("r1", "p1"), std::vector<stored_event>{{1, "{}"}}));
  for (int v = 2; v <= 10; ++v)
    ASSERT_TRUE(s->append_events("r1", std::vector<stored_event>{{v, "{}"}}, std::nullopt));
  // What the disk holds while the server runs (every commit was synced), as a crash leaves it.
  for (const char* suffix : {"", "-wal"}) {
    std::filesystem::copy_file(dir.path() + "/" + server::database_file + suffix,
                               copy.path() + "/" + server::database_file + suffix);
  }
  const std::string file = copy.path() + "/" + server::database_file;
  EXPECT_EQ(count_of(file, "SELECT COUNT(*) FROM live_events"), 10);
  auto restarted = open_store(copy.path());
  auto r = restarted->load_room("r1");
  ASSERT_TRUE(r && *r);
  ASSERT_EQ((*r)->events.size(), 10u);
  EXPECT_EQ((*r)->events.back().version, 10);
  restarted.reset();
  EXPECT_EQ(count_of(file, "SELECT COUNT(*) FROM live_events"), 0);
  EXPECT_EQ(count_of(file, "SELECT COUNT(*) FROM events"), 10);
}

}  // namespace
}  // namespace boardroom::test
