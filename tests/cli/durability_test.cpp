// The real `boardroom serve` killed with SIGKILL in the middle of many games, and started again on
// the same data directory: every acknowledged move is there, every game plays on to a normal end.
// And the start-up errors an operator sees for an unusable data directory.

#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "server/storage/open_store.hpp"
#include "server/storage/sqlite_store.hpp"
#include "tests/cli/random_games.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_postgres.hpp"
#include "tests/support/test_server.hpp"
#include "tests/support/ws_client.hpp"

namespace boardroom::test {
namespace {

// A server on `data_dir`, its store there or the one `store` names (serve --store), under
// `sync` (serve --sync).
child_server serve(const std::string& data_dir, const std::string& store = "",
                   const std::string& sync = "full") {
  std::vector<std::string> args{"--threads", "2",        "--log-level", "warn",   "--data-dir",
                                data_dir,    "--exempt", "127.0.0.1",   "--sync", sync};
  if (!store.empty()) args.insert(args.end(), {"--store", store});
  return spawn_server(BOARDROOM_BINARY, args);
}

// Runs the binary through the shell; only its standard error is captured.
run_result run_for_stderr(const std::string& args) {
  return run_command("{ " + std::string(BOARDROOM_BINARY) + " " + args + " 2>&1 1>/dev/null; }");
}

// Many games played from several threads until the server is killed, then checked in the store
// and played on to their ends by a second server: on the store that `store` names (serve --store;
// empty: SQLite in the data directory), under `sync`.
void kill_nine_mid_play(const std::string& store, const std::string& sync = "full") {
  constexpr int games = 16;
  constexpr int threads = 4;
  temp_dir dir;
  child_server first = serve(dir.path(), store, sync);
  ASSERT_GT(first.port, 0);

  std::vector<played_game> all(games);
  for (int i = 0; i < games; ++i) {
    played_game& g = all[i];
    for (int s = 0; s < 2; ++s) {
      g.seat[s] = std::make_unique<ws_client>(first.port);
      g.tokens[s] =
          g.seat[s]->hello("g" + std::to_string(i) + "s" + std::to_string(s))["resume_token"];
    }
    auto created = g.seat[0]->call("room.create", {{"game", "sisyphos"}});
    ASSERT_EQ(error_code(created), "") << created.dump();
    g.room = created["result"]["room"];
    ASSERT_EQ(error_code(g.seat[1]->call("room.join", {{"room", g.room}})), "");
  }

  // Several threads play all games at once until the server dies under them.
  random_players players(all, threads, 0);
  auto any_left = [&] {
    for (const auto& g : all) {
      if (!g.over) return true;
    }
    return false;
  };
  while (players.acked() < 120 && any_left())
    std::this_thread::sleep_for(1ms);
  players.stop();
  // Under `normal` the moves went to the live log from the io threads; under `full` never.
  const long long at_once = metric_value(first.port, "boardroom_journal_commits_at_once_total");
  ASSERT_GE(at_once, 0);
  if (sync == "normal") {
    EXPECT_GT(at_once, 0);
  } else {
    EXPECT_EQ(at_once, 0);
  }
  int status = stop_server(first, SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  for (const auto& f : players.join())
    ADD_FAILURE() << "before the kill: " << f;
  int unfinished = 0;
  for (auto& g : all) {
    unfinished += g.over ? 0 : 1;
    g.seat = {};
  }
  EXPECT_GT(unfinished, games / 2) << "the kill came too late to be mid-play";

  // What the database holds after the crash: every acknowledged move under its version.
  int checked = 0;
  int unacknowledged = 0;  // durable moves whose reply the kill swallowed
  {
    auto s = server::open_store(store, dir.path(), server::sync_mode::full);
    ASSERT_TRUE(s) << s.error();
    for (auto& g : all) {
      auto stored = (*s)->load_room(g.room);
      ASSERT_TRUE(stored && *stored) << g.room;
      const auto& events = (*stored)->events;
      for (const auto& [version, move] : g.acked) {
        ASSERT_LE(version, static_cast<std::int64_t>(events.size())) << g.room;
        ++checked;
        auto e = json::parse(events[version - 1].body);
        EXPECT_EQ(e["type"], "move");
        EXPECT_EQ(e["move"], move) << g.room << " version " << version;
      }
      // Durable but unacknowledged: at most the move in flight (and the game_over it caused).
      std::int64_t last = g.acked.empty() ? 0 : g.acked.back().first;
      int later_moves = 0;
      for (std::size_t v = last; v < events.size(); ++v)
        later_moves += json::parse(events[v].body)["type"] == "move" ? 1 : 0;
      EXPECT_LE(later_moves, 1) << g.room;
      unacknowledged += later_moves;
      // A game that its last move (acknowledged or in flight) ended is finished in the store.
      if (json::parse(events.back().body)["type"] == "game_over") {
        EXPECT_EQ((*stored)->record.status, server::room_status::finished);
        g.over = true;
      }
    }
  }
  EXPECT_GE(checked, 120);
  std::printf(
      "killed after %d acknowledged moves, %d games unfinished, %d moves durable but "
      "unacknowledged\n",
      checked, unfinished, unacknowledged);

  // Started again on the same directory and store, on another port.
  child_server second = serve(dir.path(), store, sync);
  ASSERT_GT(second.port, 0);
  for (auto& g : all) {
    for (int s = 0; s < 2; ++s) {
      g.seat[s] = std::make_unique<ws_client>(second.port);
      json hello = g.seat[s]->hello("again", g.tokens[s]);
      EXPECT_EQ(hello["resumed"], true);
      if (!g.over) {
        EXPECT_EQ(hello["rooms"], json::array({g.room})) << g.room;
      }
    }
    if (g.over) continue;
    auto synced = g.seat[0]->call("room.sync", {{"room", g.room}, {"since", 0}});
    ASSERT_EQ(error_code(synced), "") << synced.dump();
    json events = synced["result"]["events"];
    ASSERT_TRUE(events.is_array()) << "fewer than 256 events per game expected";
    for (std::size_t i = 0; i < events.size(); ++i)
      EXPECT_EQ(events[i]["version"], static_cast<std::int64_t>(i) + 1) << g.room;
    for (const auto& [version, move] : g.acked) {
      const auto& e = events[version - 1];
      EXPECT_EQ(e["type"], "move") << g.room;
      EXPECT_EQ(e["move"], move) << g.room << " version " << version;
    }
  }

  // Every game that was interrupted is played to a normal end.
  for (const auto& f : random_players(all, threads, 100).join())
    ADD_FAILURE() << "after the restart: " << f;
  for (auto& g : all) {
    if (!g.seat[0]) continue;
    auto snap = g.seat[0]->call("room.sync", {{"room", g.room}, {"since", 1'000'000}});
    if (error_code(snap) == "unknown_room") continue;  // finished before the kill
    const json& outcome = snap["result"]["snapshot"]["outcome"];
    ASSERT_FALSE(outcome.is_null()) << g.room;
    EXPECT_NE(outcome["reason"], "abandonment") << g.room;
    EXPECT_EQ(snap["result"]["snapshot"]["status"], "finished");
  }
  for (auto& g : all)
    g.seat = {};

  status = stop_server(second, SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(ServeDurability, KillNineMidPlayLosesNoAcknowledgedMove) {
  kill_nine_mid_play("");
}

// `normal` gives up only what a power failure takes (the operating system's cache): a killed
// process loses no acknowledged move, though two io threads now write moves to the live log
// themselves (journal.hpp).
TEST(ServeDurability, KillNineMidPlayUnderNormalSyncLosesNoAcknowledgedMove) {
  kill_nine_mid_play("", "normal");
}

// The same promise on PostgreSQL: an acknowledged move was committed there.
TEST(ServeDurability, KillNineMidPlayOnPostgreSQLLosesNoAcknowledgedMove) {
  auto pg_server = test_postgres_server();
  if (!pg_server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
  postgres_database database(*pg_server);
  ASSERT_FALSE(database.url().empty());
  kill_nine_mid_play(database.url());
}

TEST(ServeDurability, UnusableDataDirectoryIsAClearStartUpError) {
  temp_dir dir;
  const std::string file = dir.path() + "/file.txt";
  std::ofstream(file) << "a file, not a directory";
  auto under_file = run_for_stderr("serve --port 0 --data-dir " + file + "/sub");
  EXPECT_NE(under_file.status, 0);
  EXPECT_NE(under_file.out.find("boardroom serve: cannot create the data directory '" + file +
                                "/sub': Not a directory"),
            std::string::npos)
      << under_file.out;

  const std::string broken = dir.path() + "/broken";
  std::filesystem::create_directory(broken);
  std::ofstream(broken + "/" + server::database_file) << std::string(8192, '?');
  auto not_db = run_for_stderr("serve --port 0 --data-dir " + broken);
  EXPECT_NE(not_db.status, 0);
  EXPECT_NE(not_db.out.find("not a database"), std::string::npos) << not_db.out;
}

TEST(ServeDurability, ASecondServerOnTheSameDataDirectoryIsRefused) {
  temp_dir dir;
  child_server first = serve(dir.path());
  ASSERT_GT(first.port, 0);
  auto second = run_for_stderr("serve --port 0 --data-dir " + dir.path());
  EXPECT_NE(second.status, 0);
  EXPECT_NE(second.out.find("in use by another boardroom server"), std::string::npos) << second.out;
  int status = stop_server(first, SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

// --store names SQLite or PostgreSQL, and a database that cannot be reached stops the start with
// the reason, without repeating the URL's password.
TEST(ServeDurability, AStoreThatCannotBeUsedIsAClearStartUpError) {
  temp_dir dir;
  auto unknown = run_for_stderr("serve --port 0 --data-dir " + dir.path() + " --store mysql://x");
  EXPECT_EQ(unknown.status, 2) << unknown.out;
  EXPECT_NE(unknown.out.find("must be sqlite:DIR or a postgresql:// URL"), std::string::npos)
      << unknown.out;
  auto unreachable = run_for_stderr("serve --port 0 --data-dir " + dir.path() +
                                    " --store 'postgresql://u:hunter2@/db?host=/nonexistent'");
  EXPECT_NE(unreachable.status, 0);
  EXPECT_NE(unreachable.out.find("cannot connect to the database"), std::string::npos)
      << unreachable.out;
  EXPECT_NE(unreachable.out.find("postgresql://u:***@/db"), std::string::npos) << unreachable.out;
  EXPECT_EQ(unreachable.out.find("hunter2"), std::string::npos) << unreachable.out;

  // sqlite:DIR is the embedded store in DIR, whatever --data-dir says.
  const std::string other = dir.path() + "/elsewhere";
  child_server srv = serve(dir.path(), "sqlite:" + other);
  ASSERT_GT(srv.port, 0);
  EXPECT_TRUE(std::filesystem::exists(other + "/" + server::database_file));
  int status = stop_server(srv, SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

// Two servers on one PostgreSQL database would restore the same rooms: the second is refused.
TEST(ServeDurability, ASecondServerOnTheSamePostgreSQLDatabaseIsRefused) {
  auto pg_server = test_postgres_server();
  if (!pg_server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
  postgres_database database(*pg_server);
  temp_dir one, two;
  child_server first = serve(one.path(), database.url());
  ASSERT_GT(first.port, 0);
  auto second = run_for_stderr("serve --port 0 --data-dir " + two.path() + " --store '" +
                               database.url() + "'");
  EXPECT_NE(second.status, 0);
  EXPECT_NE(second.out.find("in use by another boardroom server"), std::string::npos) << second.out;
  int status = stop_server(first, SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

}  // namespace
}  // namespace boardroom::test
