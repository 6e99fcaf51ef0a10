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

// The log is checkpointed at its set length: under `full` 10,000 pages, well past SQLite's 1000,
// and no further (plus the transaction that crossed it), because the checkpoint lets the next
// commit write the log again from its beginning; under `normal` SQLite's 1000. Nothing is lost.
TEST(Store, TheWriteAheadLogIsCheckpointedAtItsSetLengthAndNoLater) {
  constexpr std::uintmax_t frame_bytes = 24 + 4096;  // a page in the log, with its header
  constexpr std::uintmax_t slack = 256;              // pages: the commit that crosses the length
  const std::string body = json{{"type", "chat"}, {"text", std::string(2800, 'x')}}.dump();
  for (auto sync : {server::sync_mode::full, server::sync_mode::normal}) {
    const std::uintmax_t pages = server::wal_checkpoint_pages(sync);
    SCOPED_TRACE(pages);
    temp_dir dir;
    const std::string wal = dir.path() + "/" + server::database_file + "-wal";
    // More text than the set length's pages can hold, so the log would outgrow it uncheckpointed.
    const std::uintmax_t enough = pages * 4096 * 11 / 10;
    std::uintmax_t written = 0;
    std::uintmax_t longest = 0;
    std::int64_t version = 0;
    {
      auto opened = server::open_sqlite_store(dir.path(), sync);
      ASSERT_TRUE(opened) << opened.error();
      auto& s = **opened;
      ASSERT_TRUE(s.save_identity({"p1", "alice", std::string(64, 'a'), 5}));
      ASSERT_TRUE(s.create_room(sample_room("r1", "p1"), {}));
      while (written < enough) {  // commits of 64 events
        std::vector<stored_event> events;
        for (int i = 0; i < 64; ++i)
          events.push_back({++version, body});
        auto appended = s.append_events("r1", events, std::nullopt);
        ASSERT_TRUE(appended) << appended.error();
        written += 64 * body.size();
        longest = std::max(longest, std::filesystem::file_size(wal));
      }
    }
    EXPECT_GT(longest, pages / 2 * frame_bytes);
    EXPECT_LE(longest, (pages + slack) * frame_bytes + 32);
    auto again = open_store(dir.path());
    auto room = again->load_room("r1");
    ASSERT_TRUE(room && *room);
    ASSERT_EQ((*room)->events.size(), static_cast<std::size_t>(version));
    EXPECT_EQ((*room)->events.back().body, body);
  }
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

}  // namespace
}  // namespace boardroom::test
