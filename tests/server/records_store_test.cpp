// The store's index of finished games: what find_records() lists, in which order and pages, and
// that a database from before the index gets its finished games indexed when it is upgraded.

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include "server/storage/sqlite_store.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

using nlohmann::json;
using server::record_query;
using server::room_record;
using server::room_status;
using server::stored_event;

struct game_row {
  std::string id;
  std::string game;
  std::vector<std::string> names;  // seat order
  std::int64_t finished_ms;
  bool is_public = true;
  bool finished = true;
};

// The room and the events a game writes, finished at `finished_ms` when it is.
void add_game(server::store& s, const game_row& g) {
  room_record r{.id = g.id,
                .game = g.game,
                .spec = g.game,
                .params = "{}",
                .seats = static_cast<int>(g.names.size()),
                .is_public = g.is_public,
                .invite_code = "",
                .creator = "pcreator",
                .seed = 1,
                .bots = {},
                .practice = false,
                .auto_start = true,
                .status = g.finished ? room_status::finished : room_status::playing,
                .created_ms = g.finished_ms - 1000};
  json players = json::array();
  for (const auto& n : g.names)
    players.push_back({{"player", "p-" + n}, {"name", n}});
  std::vector<stored_event> events{{1, json{{"room", g.id},
                                            {"version", 1},
                                            {"type", "game_started"},
                                            {"at", r.created_ms},
                                            {"players", players}}
                                           .dump()}};
  if (g.finished) {
    json outcome{{"ranks", {1, 2}},
                 {"scores", {1, 0}},
                 {"reason", "resignation"},
                 {"description", "x resigned"}};
    events.push_back({2, json{{"room", g.id},
                              {"version", 2},
                              {"type", "game_over"},
                              {"at", g.finished_ms},
                              {"outcome", outcome}}
                             .dump()});
  }
  ASSERT_TRUE(s.create_room(r, events).has_value());
}

std::vector<std::string> rooms_of(const server::record_page& page) {
  std::vector<std::string> out;
  for (const auto& r : page.records)
    out.push_back(r.room);
  return out;
}

std::vector<game_row> sample_games() {
  return {{"r1", "sisyphos", {"ann", "bea"}, 1'000'000},
          {"r2", "amazons", {"bea", "cid"}, 3'000'000},
          {"r3", "sisyphos", {"cid", "ann"}, 2'000'000},
          {"r4", "sisyphos", {"ann", "dan"}, 4'000'000, false},         // private
          {"r5", "sisyphos", {"ann", "eve"}, 5'000'000, true, false}};  // still playing
}

TEST(RecordsStore, ListsFinishedPublicGamesNewestFirstWithFiltersAndPages) {
  temp_dir dir;
  auto s = open_store(dir.path());
  ASSERT_TRUE(s->save_identity({"pcreator", "creator", "h", 1}).has_value());
  for (const auto& g : sample_games())
    add_game(*s, g);

  auto all = s->find_records({});
  ASSERT_TRUE(all.has_value()) << all.error();
  EXPECT_EQ(all->total, 3);
  EXPECT_EQ(rooms_of(*all), (std::vector<std::string>{"r2", "r3", "r1"}));
  const auto& r2 = all->records[0];
  EXPECT_EQ(r2.game, "amazons");
  EXPECT_EQ(r2.finished_ms, 3'000'000);
  ASSERT_EQ(r2.players.size(), 2u);
  EXPECT_EQ(r2.players[1].seat, 1);
  EXPECT_EQ(r2.players[1].player, "p-cid");
  EXPECT_EQ(r2.players[1].name, "cid");
  EXPECT_EQ(json::parse(r2.outcome)["reason"], "resignation");

  auto find = [&](record_query q) {
    auto page = s->find_records(q);
    EXPECT_TRUE(page.has_value());
    return page ? rooms_of(*page) : std::vector<std::string>{};
  };
  using rooms = std::vector<std::string>;
  EXPECT_EQ(find({.game = "sisyphos"}), (rooms{"r3", "r1"}));
  EXPECT_EQ(find({.player = "ann"}), (rooms{"r3", "r1"}));
  EXPECT_EQ(find({.player = "p-cid"}), (rooms{"r2", "r3"}));
  EXPECT_EQ(find({.game = "amazons", .player = "ann"}), rooms{});
  EXPECT_EQ(find({.from_ms = 2'000'000}), (rooms{"r2", "r3"}));
  EXPECT_EQ(find({.until_ms = 2'000'000}), (rooms{"r1"}));
  EXPECT_EQ(find({.player = "ann", .public_only = false}), (rooms{"r4", "r3", "r1"}));
  EXPECT_EQ(find({.limit = 2}), (rooms{"r2", "r3"}));
  auto second = s->find_records({.limit = 2, .offset = 2});
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(rooms_of(*second), (rooms{"r1"}));
  EXPECT_EQ(second->total, 3);
}

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
         "ALTER TABLE rooms DROP COLUMN berserk; "
         "DROP TABLE tournament_events; DROP TABLE tournaments; "
         "DROP TABLE rating_history; DROP TABLE ratings; DROP TABLE login_tokens; "
         "DROP TABLE accounts; ALTER TABLE rooms DROP COLUMN rated; "
         "DROP TRIGGER index_finished_game; DROP TABLE finished_games; DROP TABLE game_players; "
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
}

}  // namespace
}  // namespace boardroom::test
