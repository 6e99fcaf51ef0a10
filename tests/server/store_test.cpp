// The SQLite store on real database files: what it keeps, what it refuses, how it fails to open.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "server/storage/sqlite_store.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

using server::identity_record;
using server::room_record;
using server::room_status;
using server::stored_event;

room_record sample_room(const std::string& id, const std::string& creator) {
  return {.id = id,
          .game = "sisyphos",
          .spec = "sisyphos(edition=perlhuhn2007,move_limit=0)",
          .params = R"({"edition":"perlhuhn2007","move_limit":0})",
          .seats = 2,
          .is_public = false,
          .invite_code = "abc234",
          .creator = creator,
          .seed = 0xfedcba9876543210ull,  // above INT64_MAX: stored by its bits
          .bots = {{1, "random"}},
          .practice = true,
          .auto_start = false,
          .status = room_status::waiting,
          .created_ms = 1'700'000'000'000};
}

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

TEST(Store, KeepsIdentitiesRoomsAndEventsAcrossReopening) {
  temp_dir dir;
  const std::string data = dir.path() + "/nested/data";  // created when missing
  {
    auto s = open_store(data);
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 5}));
    ASSERT_TRUE(s->save_identity({"p1", "alice2", std::string(64, 'a'), 0}));  // renamed
    ASSERT_TRUE(s->create_room(sample_room("r1", "p1"),
                               std::vector<stored_event>{{1, R"({"type":"player_joined"})"}}));
    ASSERT_TRUE(s->append_events("r1", std::vector<stored_event>{{2, "{}"}, {3, "{}"}},
                                 room_status::playing));
  }
  EXPECT_TRUE(std::filesystem::exists(data + "/" + server::database_file));
  auto s = open_store(data);
  ASSERT_TRUE(s);
  auto found = s->find_identity(std::string(64, 'a'));
  ASSERT_TRUE(found && *found);
  EXPECT_EQ((*found)->id, "p1");
  EXPECT_EQ((*found)->name, "alice2");
  EXPECT_EQ((*found)->created_ms, 5);
  auto missing = s->find_identity(std::string(64, 'b'));
  ASSERT_TRUE(missing);
  EXPECT_FALSE(*missing);

  auto rooms = s->load_unfinished_rooms();
  ASSERT_TRUE(rooms) << rooms.error();
  ASSERT_EQ(rooms->size(), 1u);
  const auto& r = (*rooms)[0];
  auto expected = sample_room("r1", "p1");
  EXPECT_EQ(r.record.spec, expected.spec);
  EXPECT_EQ(r.record.params, expected.params);
  EXPECT_EQ(r.record.seed, expected.seed);
  EXPECT_EQ(r.record.bots, expected.bots);
  EXPECT_EQ(r.record.invite_code, "abc234");
  EXPECT_FALSE(r.record.is_public);
  EXPECT_TRUE(r.record.practice);
  EXPECT_FALSE(r.record.auto_start);
  EXPECT_EQ(r.record.status, room_status::playing);
  EXPECT_EQ(r.record.created_ms, expected.created_ms);
  ASSERT_EQ(r.events.size(), 3u);
  EXPECT_EQ(r.events[0].body, R"({"type":"player_joined"})");
  EXPECT_EQ(r.events[2].version, 3);
}

TEST(Store, FinishedRoomsAreKeptButNotLoadedForRestoring) {
  temp_dir dir;
  auto s = open_store(dir.path());
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  ASSERT_TRUE(s->create_room(sample_room("r1", "p1"), {}));
  ASSERT_TRUE(s->create_room(sample_room("r2", "p1"), {}));
  ASSERT_TRUE(s->append_events("r1", std::vector<stored_event>{{1, "{}"}}, room_status::finished));
  auto rooms = s->load_unfinished_rooms();
  ASSERT_EQ(rooms->size(), 1u);
  EXPECT_EQ((*rooms)[0].record.id, "r2");
  auto finished = s->load_room("r1");
  ASSERT_TRUE(finished && *finished);
  EXPECT_EQ((*finished)->record.status, room_status::finished);
  EXPECT_EQ((*finished)->events.size(), 1u);
  EXPECT_FALSE(*s->load_room("nope"));
  EXPECT_FALSE(s->set_status("nope", room_status::closed));
}

TEST(Store, AFailedAppendWritesNothing) {
  temp_dir dir;
  auto s = open_store(dir.path());
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  ASSERT_TRUE(s->create_room(sample_room("r1", "p1"), std::vector<stored_event>{{1, "{}"}}));
  // Version 1 exists: the whole batch (and its status change) is refused.
  auto dup = s->append_events("r1", std::vector<stored_event>{{2, "{}"}, {1, "{}"}},
                              room_status::finished);
  ASSERT_FALSE(dup);
  EXPECT_NE(dup.error().find("r1"), std::string::npos) << dup.error();
  auto r = s->load_room("r1");
  EXPECT_EQ((*r)->events.size(), 1u);
  EXPECT_EQ((*r)->record.status, room_status::waiting);
  // Events of a room that does not exist, and rooms of an identity that does not exist.
  EXPECT_FALSE(s->append_events("r9", std::vector<stored_event>{{1, "{}"}}, std::nullopt));
  EXPECT_FALSE(s->create_room(sample_room("r2", "p9"), {}));
  EXPECT_FALSE(*s->load_room("r2"));
  // The store still works afterwards.
  EXPECT_TRUE(s->append_events("r1", std::vector<stored_event>{{2, "{}"}}, std::nullopt));
}

// Group commit: several rooms' appends in one transaction; one refused append leaves the others
// standing (the group is then made one append at a time).
TEST(Store, AGroupCommitKeepsEachRoomsAppendApart) {
  temp_dir dir;
  auto s = open_store(dir.path());
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  for (const char* id : {"r1", "r2", "r3"})
    ASSERT_TRUE(s->create_room(sample_room(id, "p1"), std::vector<stored_event>{{1, "{}"}}));
  std::vector<stored_event> two{{2, R"({"n":2})"}, {3, R"({"n":3})"}};
  std::vector<stored_event> taken{{2, "{}"}, {1, "{}"}};  // version 1 exists: refused whole
  std::vector<stored_event> last{{2, R"({"type":"game_over"})"}};
  std::vector<server::event_append> group{{"r1", two, std::nullopt},
                                          {"r2", taken, room_status::finished},
                                          {"r3", last, room_status::finished},
                                          {"r9", two, std::nullopt}};  // no such room
  auto results = s->append_group(group);
  ASSERT_EQ(results.size(), 4u);
  EXPECT_TRUE(results[0].has_value());
  ASSERT_FALSE(results[1].has_value());
  EXPECT_NE(results[1].error().find("r2"), std::string::npos) << results[1].error();
  EXPECT_TRUE(results[2].has_value());
  EXPECT_FALSE(results[3].has_value());

  auto r1 = s->load_room("r1"), r2 = s->load_room("r2"), r3 = s->load_room("r3");
  ASSERT_EQ((*r1)->events.size(), 3u);
  EXPECT_EQ((*r1)->events[2].body, R"({"n":3})");
  EXPECT_EQ((*r2)->events.size(), 1u);
  EXPECT_EQ((*r2)->record.status, room_status::waiting);
  EXPECT_EQ((*r3)->events.size(), 2u);
  EXPECT_EQ((*r3)->record.status, room_status::finished);
}

TEST(Store, OneServerPerDataDirectory) {
  temp_dir dir;
  auto first = open_store(dir.path());
  auto second = server::open_sqlite_store(dir.path());
  ASSERT_FALSE(second);
  EXPECT_NE(second.error().find("in use by another boardroom server"), std::string::npos)
      << second.error();
  first.reset();
  EXPECT_TRUE(server::open_sqlite_store(dir.path()));
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

// Guests who never played go after the expiry; whoever created a room, played a game to its end
// or is still about (connected, or in an open room) stays.
TEST(Store, ExpiresOnlyOldIdentitiesThatNeverPlayed) {
  temp_dir dir;
  auto s = open_store(dir.path());
  ASSERT_TRUE(s);
  const std::int64_t old_ms = 1'000, new_ms = 9'000, cutoff = 5'000;
  for (auto [id, created] :
       {std::pair{"guest", old_ms}, std::pair{"creator", old_ms}, std::pair{"player", old_ms},
        std::pair{"about", old_ms}, std::pair{"newcomer", new_ms}}) {
    ASSERT_TRUE(s->save_identity({id, id, std::string(64, id[0]) + id, created}));
  }
  ASSERT_TRUE(
      s->create_room(sample_room("r1", "creator"),
                     std::vector<stored_event>{
                         {1, R"({"type":"game_started","players":[{"player":"creator","name":"c"},)"
                             R"({"player":"player","name":"p"}]})"}}));
  ASSERT_TRUE(s->append_events(
      "r1",
      std::vector<stored_event>{
          {2, R"({"type":"game_over","at":7000,"outcome":{"ranks":[1,2],"reason":"goal"}})"}},
      room_status::finished));
  auto gone = s->expire_identities(cutoff, {"about"});
  ASSERT_TRUE(gone) << gone.error();
  EXPECT_EQ(*gone, 1);
  auto still = [&](const std::string& id) {
    auto found = s->find_identity(std::string(64, id[0]) + id);
    return found && found->has_value();
  };
  EXPECT_FALSE(still("guest"));
  EXPECT_TRUE(still("creator"));
  EXPECT_TRUE(still("player"));
  EXPECT_TRUE(still("about"));
  EXPECT_TRUE(still("newcomer"));
}

}  // namespace
}  // namespace boardroom::test
