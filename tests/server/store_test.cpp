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

}  // namespace
}  // namespace boardroom::test
