// `boardroom migrate --from sqlite:DIR --to postgresql://…` on a real installation: the Arimaa
// archive imported, an account, a seeded rating, a tournament's log and a game in mid-play,
// copied into a real PostgreSQL database; then a server on PostgreSQL that lists the same records
// and lets the players resume and finish their game.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "server/storage/postgres_store.hpp"
#include "server/storage/sqlite_store.hpp"
#include "tests/cli/cli_helpers.hpp"
#include "tests/server/helpers.hpp"
#include "tests/server/store_samples.hpp"
#include "tests/support/test_postgres.hpp"
#include "tests/support/test_server.hpp"
#include "tests/support/ws_client.hpp"

namespace boardroom::test {
namespace {

const std::string arimaa_archive = std::string(BOARDROOM_TEST_DATA) + "/arimaa/games-2026-02.tsv";

std::shared_ptr<server::store> open_postgres(const std::string& url) {
  auto s = server::open_postgres_store(url);
  EXPECT_TRUE(s.has_value()) << s.error();
  return s ? std::shared_ptr<server::store>(std::move(*s)) : nullptr;
}

// Everything a store lists of finished games, as comparable text.
std::string all_records(server::store& s) {
  auto page = s.find_records({.public_only = false, .limit = 100'000});
  EXPECT_TRUE(page.has_value()) << page.error();
  json out = json::array();
  for (const auto& r : page->records) {
    json players = json::array();
    for (const auto& p : r.players)
      players.push_back({p.seat, p.player, p.name});
    out.push_back({r.room, r.game, r.spec, r.created_ms, r.finished_ms, players, r.outcome});
  }
  return std::to_string(page->total) + " " + out.dump();
}

TEST(MigrateCli, AnInstallationMovesToPostgreSQLWholeAndPlaysOn) {
  auto pg_server = test_postgres_server();
  if (!pg_server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
  postgres_database database(*pg_server);
  ASSERT_FALSE(database.url().empty());
  temp_dir dir;
  const std::string data = dir.path() + "/data";

  auto imported = run(" import-arimaa " + arimaa_archive + " --data-dir " + data);
  ASSERT_EQ(imported.status, 0) << imported.out;

  // A game in mid-play, its players' tokens kept; one of them with an account. And a game played
  // to its end, whose moves went into the database together (one run, sqlite_store.cpp).
  std::string room, finished, token_a, token_b;
  {
    test_server srv(on_dir(data));
    ws_client a(srv.port()), b(srv.port());
    token_a = a.hello("Alice")["resume_token"];
    token_b = b.hello("Bob")["resume_token"];
    ASSERT_EQ(error_code(a.call("account.register", {{"password", "correct horse"}})), "");
    room = start_game(a, b, "amazons");
    auto moves = a.call("game.legal_moves", {{"room", room}});
    ASSERT_EQ(
        error_code(a.call("game.move", {{"room", room}, {"move", moves["result"]["moves"][0]}})),
        "");
    finished = start_game(a, b, "amazons");
    for (int i = 0; i < 12; ++i) {
      ws_client& mover = i % 2 == 0 ? a : b;
      auto legal = mover.call("game.legal_moves", {{"room", finished}});
      ASSERT_EQ(error_code(mover.call("game.move",
                                      {{"room", finished}, {"move", legal["result"]["moves"][0]}})),
                "");
    }
    ASSERT_EQ(error_code(b.call("game.resign", {{"room", finished}})), "");
  }
  {  // The finished game's moves are a run in SQLite.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open_v2((data + "/" + server::database_file).c_str(), &db,
                              SQLITE_OPEN_READONLY, nullptr),
              SQLITE_OK);
    sqlite3_stmt* runs = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT last - first + 1 FROM event_runs WHERE room = ?1", -1,
                                 &runs, nullptr),
              SQLITE_OK);
    sqlite3_bind_text(runs, 1, finished.c_str(), -1, SQLITE_TRANSIENT);
    EXPECT_EQ(sqlite3_step(runs), SQLITE_ROW);
    EXPECT_GE(sqlite3_column_int(runs, 0), 12);
    sqlite3_finalize(runs);
    sqlite3_close(db);
  }
  {  // A rating and a tournament's log, through the store as the server writes them.
    auto s = open_store(data);
    auto alice = s->find_account("alice");
    ASSERT_TRUE(alice && *alice);
    ASSERT_TRUE(*s->seed_rating({.player = (*alice)->player,
                                 .name = "",
                                 .game = "amazons",
                                 .speed = "blitz",
                                 .system = "glicko2",
                                 .value = 1834.0123456789012,
                                 .deviation = 61.5,
                                 .volatility = 0.0599,
                                 .games = 40,
                                 .updated_ms = 1}));
    std::vector<std::string> log{R"({"type":"created","name":"Tab\there"})"};
    ASSERT_TRUE(s->append_tournament("t1", 1, log, "entry"));
  }

  auto moved = run(" migrate --from sqlite:" + data + " --to '" + database.url() + "'");
  ASSERT_EQ(moved.status, 0) << moved.out;
  EXPECT_NE(moved.out.find("copied sqlite:" + data), std::string::npos) << moved.out;
  EXPECT_NE(moved.out.find("accounts: 1 rows"), std::string::npos) << moved.out;

  // The same installation on both sides.
  {
    auto before = open_store(data);
    auto after = open_postgres(database.url());
    ASSERT_TRUE(before && after);
    const std::string listed = all_records(*before);
    EXPECT_GT(listed.size(), 1000u);
    EXPECT_EQ(all_records(*after), listed);
    auto unfinished_before = before->load_unfinished_rooms();
    auto unfinished_after = after->load_unfinished_rooms();
    ASSERT_TRUE(unfinished_before && unfinished_after);
    ASSERT_EQ(unfinished_after->size(), 1u);
    ASSERT_EQ(unfinished_before->size(), 1u);
    const auto& b = unfinished_before->front();
    const auto& a = unfinished_after->front();
    EXPECT_EQ(a.record.id, room);
    EXPECT_EQ(a.record.spec, b.record.spec);
    EXPECT_EQ(a.record.seed, b.record.seed);
    EXPECT_EQ(a.record.time_control, b.record.time_control);
    ASSERT_EQ(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i)
      EXPECT_EQ(a.events[i].body, b.events[i].body);
    // The finished game's events, from its rows and its run, are one row each in PostgreSQL.
    auto game_before = before->load_room(finished), game_after = after->load_room(finished);
    ASSERT_TRUE(game_before && *game_before && game_after && *game_after);
    ASSERT_EQ((*game_after)->events.size(), (*game_before)->events.size());
    for (std::size_t i = 0; i < (*game_after)->events.size(); ++i) {
      EXPECT_EQ((*game_after)->events[i].version, (*game_before)->events[i].version);
      EXPECT_EQ((*game_after)->events[i].body, (*game_before)->events[i].body);
    }
    auto account = after->find_account("ALICE");
    ASSERT_TRUE(account && *account);
    EXPECT_EQ((*account)->password_hash, (*before->find_account("alice"))->password_hash);
    auto rating = after->ratings_of((*account)->player);
    ASSERT_TRUE(rating && rating->size() == 1u);
    EXPECT_EQ(rating->front().value, 1834.0123456789012);
    auto t1 = after->load_tournament("t1");
    ASSERT_TRUE(t1 && *t1);
    EXPECT_EQ((*t1)->events.front(), R"({"type":"created","name":"Tab\there"})");
  }

  // Into a database that has an installation: refused, and nothing written.
  auto again = run(" migrate --from sqlite:" + data + " --to '" + database.url() + "'");
  EXPECT_EQ(again.status, 1) << again.out;
  EXPECT_NE(again.out.find("already holds a boardroom installation"), std::string::npos)
      << again.out;

  // A server on PostgreSQL: the players resume, the game plays on, the records are served.
  test_server srv(with_store(open_postgres(database.url())));
  ws_client a(srv.port()), b(srv.port());
  EXPECT_EQ(a.hello("Alice", token_a)["account"], true);
  b.hello("Bob", token_b);
  auto synced = b.call("room.sync", {{"room", room}, {"since", 0}});
  ASSERT_EQ(error_code(synced), "") << synced.dump();
  auto moves = b.call("game.legal_moves", {{"room", room}});
  ASSERT_EQ(moves["result"]["to_move"], 1) << moves.dump();
  EXPECT_EQ(
      error_code(b.call("game.move", {{"room", room}, {"move", moves["result"]["moves"][0]}})), "");
  auto listed = json::parse(http_get(srv.port(), "/api/v1/records?game=arimaa&limit=5").body);
  EXPECT_GT(listed["total"].get<int>(), 50);
  ws_client login(srv.port());
  auto logged =
      login.call("hello", {{"protocol", 1}, {"name", "alice"}, {"password", "correct horse"}});
  EXPECT_EQ(error_code(logged), "") << logged.dump();
}

TEST(MigrateCli, RefusesWhatItCannotCopyInWords) {
  temp_dir dir;
  auto no_scheme = run(" migrate --from " + dir.path() + " --to postgresql://x@/db");
  EXPECT_EQ(no_scheme.status, 2) << no_scheme.out;
  EXPECT_NE(no_scheme.out.find("--from must be sqlite:DIR"), std::string::npos) << no_scheme.out;
  auto not_pg = run(" migrate --from sqlite:" + dir.path() + " --to mysql://u:secret@h/db");
  EXPECT_EQ(not_pg.status, 2) << not_pg.out;
  EXPECT_NE(not_pg.out.find("--to must be a postgresql:// URL, not 'mysql://u:***@h/db'"),
            std::string::npos)
      << not_pg.out;
  auto empty_dir = run(" migrate --from sqlite:" + dir.path() + " --to postgresql://x@/db");
  EXPECT_EQ(empty_dir.status, 1) << empty_dir.out;
  EXPECT_NE(empty_dir.out.find("no boardroom database in"), std::string::npos) << empty_dir.out;

  // A server running on the installation keeps it: the copy would miss what it writes next.
  auto pg_server = test_postgres_server();
  if (!pg_server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
  postgres_database database(*pg_server);
  const std::string data = dir.path() + "/data";
  {
    test_server srv(on_dir(data));
    auto busy = run(" migrate --from sqlite:" + data + " --to '" + database.url() + "'");
    EXPECT_EQ(busy.status, 1) << busy.out;
    EXPECT_NE(busy.out.find("in use by another boardroom server"), std::string::npos) << busy.out;
  }
  // A database nobody can reach: the URL's password is not repeated.
  auto unreachable = run(" migrate --from sqlite:" + data +
                         " --to 'postgresql://u:hunter2@/none?host=/nonexistent'");
  EXPECT_EQ(unreachable.status, 1) << unreachable.out;
  EXPECT_EQ(unreachable.out.find("hunter2"), std::string::npos) << unreachable.out;

  // A finished game's moves (one run) whose versions and lines disagree, as a hand-edited or
  // damaged file has them: the copy says which, and PostgreSQL is left as it was.
  const std::string damaged = dir.path() + "/damaged";
  {
    auto s = open_store(damaged);
    ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 5}));
    ASSERT_TRUE(
        s->create_room(sample_room("r1", "p1"), std::vector<server::stored_event>{{1, "{}"}}));
    std::vector<server::stored_event> game;
    for (std::int64_t v = 2; v <= 20; ++v)
      game.push_back({v, R"({"type":"move","n":)" + std::to_string(v) + "}"});
    ASSERT_TRUE(s->append_events("r1", game, room_status::finished));
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((damaged + "/" + server::database_file).c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "UPDATE event_runs SET last = last + 2", nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  auto refused = run(" migrate --from sqlite:" + damaged + " --to '" + database.url() + "'");
  EXPECT_EQ(refused.status, 1) << refused.out;
  EXPECT_NE(refused.out.find("cannot read events: the run of room r1 from version 2 holds 19 "
                             "events, not 21"),
            std::string::npos)
      << refused.out;
  auto after = open_postgres(database.url());
  ASSERT_TRUE(after);
  auto none = after->load_room("r1");
  ASSERT_TRUE(none.has_value()) << none.error();
  EXPECT_FALSE(*none);
}

}  // namespace
}  // namespace boardroom::test
