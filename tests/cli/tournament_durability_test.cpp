// A tournament on the real `boardroom serve`, killed with SIGKILL in the middle of a round and
// started again on the same data directory: the players come back with their tokens, finish the
// games of the round they were in, and the tournament plays on to its last round.

#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "tests/server/tournament_helpers.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

child_server serve_tournaments(const std::string& data_dir) {
  return spawn_server(BOARDROOM_BINARY, {"--threads", "2", "--log-level", "warn", "--data-dir",
                                         data_dir, "--exempt", "127.0.0.1"});
}

struct player {
  std::unique_ptr<ws_client> c;
  std::string id;
  std::string token;
  std::string room;  // the game of the first round
  int seat = -1;
  std::int64_t acked = 0;  // the highest version a move of theirs was acknowledged at
};

TEST(ServeDurability, ATournamentKilledMidRoundPlaysOnAfterARestart) {
  constexpr int players_count = 8;
  temp_dir dir;
  child_server first = serve_tournaments(dir.path());
  ASSERT_GT(first.port, 0);
  ws_client director(first.port);
  const std::string director_token = director.hello("director")["resume_token"];
  const std::string tid = must(
      director, "tournament.create",
      {{"name", "Crash"}, {"game", "sisyphos"}, {"system", "swiss"}, {"rounds", 3}})["tournament"];
  std::vector<player> all(players_count);
  for (int i = 0; i < players_count; ++i) {
    all[i].c = std::make_unique<ws_client>(first.port);
    auto hello = all[i].c->hello("p" + std::to_string(i));
    all[i].id = hello["player"];
    all[i].token = hello["resume_token"];
    must(*all[i].c, "tournament.join", {{"tournament", tid}});
  }
  must(director, "tournament.start", {{"tournament", tid}});

  // Round 1: everyone learns its table and plays a few moves; then the server is killed.
  for (auto& p : all) {
    auto note = p.c->wait_notification(
        [](const json& f) { return f.value("method", "") == "tournament.pairings"; }, 10s);
    ASSERT_TRUE(note.has_value());
    for (const auto& table : (*note)["params"]["tables"]) {
      for (std::size_t s = 0; s < table["seats"].size(); ++s) {
        if (table["seats"][s]["player"] == p.id) {
          p.room = table["room"];
          p.seat = static_cast<int>(s);
        }
      }
    }
    ASSERT_FALSE(p.room.empty());
  }
  std::mt19937_64 rng(7);
  for (int step = 0; step < 3; ++step) {
    for (auto& p : all) {
      auto listed = p.c->call("game.legal_moves", {{"room", p.room}});
      if (!error_code(listed).empty() || listed["result"]["to_move"] != p.seat) continue;
      const auto& moves = listed["result"]["moves"];
      auto played =
          p.c->call("game.move", {{"room", p.room}, {"move", moves[rng() % moves.size()]}});
      if (error_code(played).empty()) p.acked = played["result"]["version"];
    }
  }
  int status = stop_server(first, SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  for (auto& p : all)
    p.c.reset();

  // Started again: everyone resumes, finds the round it was in, and plays on to the end.
  child_server second = serve_tournaments(dir.path());
  ASSERT_GT(second.port, 0);
  ws_client director_again(second.port);
  director_again.hello("director", director_token);
  auto before = must(director_again, "tournament.get", {{"tournament", tid}});
  EXPECT_EQ(before["summary"]["status"], "running");
  ASSERT_EQ(before["rounds"].size(), 1u);
  std::vector<std::string> failures(players_count);
  std::vector<std::thread> threads;
  for (int i = 0; i < players_count; ++i) {
    player& p = all[i];
    p.c = std::make_unique<ws_client>(second.port);
    EXPECT_EQ(p.c->hello("p" + std::to_string(i), p.token)["resumed"], true);
    // Nothing acknowledged was lost.
    auto synced = p.c->call("room.sync", {{"room", p.room}, {"since", 1'000'000}});
    ASSERT_EQ(error_code(synced), "") << synced.dump();
    EXPECT_GE(synced["result"]["snapshot"]["version"].get<std::int64_t>(), p.acked);
    // Watching first, so that no pairing sent from here on is missed.
    must(*p.c, "tournament.watch", {{"tournament", tid}});
    threads.emplace_back([&, i] {
      std::mt19937_64 mine(100 + i);
      player& me = all[i];
      if (auto failed = play_room(*me.c, me.room, me.seat, mine); !failed.empty()) {
        failures[i] = failed;
        return;
      }
      failures[i] = play_tournament(*me.c, me.id, tid, 200 + i);
    });
  }
  for (auto& t : threads)
    t.join();
  for (const auto& f : failures)
    EXPECT_EQ(f, "");

  auto after = http_get(second.port, "/api/v1/tournaments/" + tid);
  ASSERT_EQ(after.status, 200) << after.body;
  auto t = json::parse(after.body);
  EXPECT_EQ(t["summary"]["status"], "finished");
  ASSERT_EQ(t["rounds"].size(), 3u);
  std::set<std::pair<std::string, std::string>> met;
  double points = 0;
  for (const auto& r : t["rounds"]) {
    for (const auto& table : r["tables"]) {
      ASSERT_TRUE(table.contains("result")) << table.dump();
      std::string a = table["seats"][0]["player"];
      std::string b = table["seats"][1]["player"];
      EXPECT_TRUE(met.insert(std::minmax(a, b)).second);
      for (const auto& pts : table["result"]["points"])
        points += pts.get<double>();
    }
  }
  EXPECT_DOUBLE_EQ(points, 12.0);  // 4 games a round, 3 rounds
  stop_server(second, SIGTERM);
}

}  // namespace
}  // namespace boardroom::test
