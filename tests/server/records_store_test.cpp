// The embedded store's index of finished games: a database from before the index gets its
// finished games indexed when it is upgraded. (What find_records() lists is in the store's
// contract, store_contract_test.cpp.)

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "server/storage/sqlite_store.hpp"
#include "tests/server/helpers.hpp"
#include "tests/server/store_samples.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

void exec(sqlite3* db, const char* sql) {
  char* message = nullptr;
  EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, &message), SQLITE_OK)
      << (message ? message : "");
  sqlite3_free(message);
}

TEST(RecordsStore, AnOlderDatabaseHasItsFinishedGamesIndexedWhenUpgraded) {
  temp_dir dir;
  {
    auto s = open_store(dir.path());
    ASSERT_TRUE(s->save_identity({"pcreator", "creator", "h", 1}).has_value());
    for (const auto& g : sample_games())
      add_game(*s, g);
  }
  {  // Back to schema version 1, as a server from before the records left its database.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir.path() + "/" + server::database_file).c_str(), &db), SQLITE_OK);
    exec(db,
         "DROP TABLE event_runs; ALTER TABLE rooms DROP COLUMN berserk; "
         "DROP TABLE tournament_events; DROP TABLE tournaments; "
         "DROP TABLE rating_history; DROP TABLE ratings; DROP TABLE login_tokens; "
         "DROP TABLE accounts; ALTER TABLE rooms DROP COLUMN rated; "
         "DROP TABLE finished_games; DROP TABLE game_players; "
         "ALTER TABLE rooms DROP COLUMN vacated_seats; DELETE FROM schema_version WHERE version >= "
         "2");
    sqlite3_close(db);
  }
  auto s = open_store(dir.path());
  auto all = s->find_records({.public_only = false});
  ASSERT_TRUE(all.has_value()) << all.error();
  EXPECT_EQ(rooms_of(*all), (std::vector<std::string>{"r4", "r2", "r3", "r1"}));
  ASSERT_EQ(all->records[1].players.size(), 2u);
  EXPECT_EQ(all->records[1].players[0].name, "bea");
  // The index is the store's own work from migration 9 on: a game finished after the upgrade is
  // indexed with its players, and the trigger that kept the index is gone.
  add_game(*s, {"later", "amazons", {"cid", "dot"}, 9'000'000});
  all = s->find_records({.public_only = false});
  ASSERT_TRUE(all.has_value()) << all.error();
  ASSERT_EQ(rooms_of(*all).front(), "later");
  ASSERT_EQ(all->records[0].players.size(), 2u);
  EXPECT_EQ(all->records[0].players[1].name, "dot");
  s.reset();  // the store holds its database exclusively
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir.path() + "/" + server::database_file).c_str(), &db), SQLITE_OK);
  sqlite3_stmt* count = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'", -1,
                               &count, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(count), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(count, 0), 0);
  sqlite3_finalize(count);
  sqlite3_close(db);
}

// The index passes most rows over by their text, then reads the type of those that name a game's
// end: a row that quotes one in a string, or holds one deeper down, is not a finished game.
TEST(RecordsStore, OnlyAGameOverRowFinishesAGame) {
  temp_dir dir;
  auto s = open_store(dir.path());
  ASSERT_TRUE(s->save_identity({"pcreator", "creator", "h", 1}).has_value());
  add_game(*s, {"ended", "amazons", {"ann", "bea"}, 2'000'000});
  add_game(*s, {"quoted", "amazons", {"ann", "bea"}, 3'000'000, true, false});
  const json outcome{{"ranks", {1, 2}}, {"reason", "resignation"}};
  const std::vector<stored_event> rows{
      {2, json{{"type", "chat"}, {"at", 1}, {"text", R"("type":"game_over")"}, {"outcome", outcome}}
              .dump()},
      {3,
       json{{"type", "move"}, {"at", 2}, {"source", {{"type", "game_over"}}}, {"outcome", outcome}}
           .dump()}};
  const server::event_append append{.room = "quoted", .events = rows, .status = std::nullopt};
  auto appended = s->append_group({&append, 1});
  ASSERT_EQ(appended.size(), 1u);
  ASSERT_TRUE(appended[0].has_value()) << appended[0].error();
  auto all = s->find_records({.public_only = false});
  ASSERT_TRUE(all.has_value()) << all.error();
  EXPECT_EQ(rooms_of(*all), (std::vector<std::string>{"ended"}));
}

}  // namespace
}  // namespace boardroom::test
