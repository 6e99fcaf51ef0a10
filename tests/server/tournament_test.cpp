// Tournaments over real sockets: a Swiss of sixteen players who play every game with random
// moves, round robins with a withdrawal and a no-show, a knockout and tables of built-in bots, the
// director's powers, and what a hostile client gets.

#include <map>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "server/tournaments/dutch.hpp"
#include "server/tournaments/trf.hpp"
#include "tests/server/tournament_helpers.hpp"
#include "tests/support/faulty_store.hpp"

namespace boardroom::test {
namespace {

struct entrant_client {
  std::unique_ptr<ws_client> c;
  std::string player;
};

std::vector<entrant_client> enter(std::uint16_t port, const std::string& tid, int n,
                                  const std::string& prefix) {
  std::vector<entrant_client> out;
  for (int i = 0; i < n; ++i) {
    entrant_client e{std::make_unique<ws_client>(port), ""};
    e.player = e.c->hello(prefix + std::to_string(i))["player"];
    must(*e.c, "tournament.join", {{"tournament", tid}});
    out.push_back(std::move(e));
  }
  return out;
}

// Every entrant plays on its own thread; returns the failures.
std::vector<std::string> play_all(std::vector<entrant_client>& players, const std::string& tid) {
  std::vector<std::string> failures(players.size());
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < players.size(); ++i) {
    threads.emplace_back(
        [&, i] { failures[i] = play_tournament(*players[i].c, players[i].player, tid, 1000 + i); });
  }
  for (auto& t : threads)
    t.join();
  std::erase(failures, "");
  return failures;
}

double total_points(const json& standings) {
  double sum = 0;
  for (const auto& row : standings)
    sum += row["points"].get<double>();
  return sum;
}

TEST(Tournaments, ASixteenPlayerSwissOfRandomPlayersRunsToItsEnd) {
  test_server srv;
  ws_client director(srv.port());
  director.hello("director");
  auto created =
      must(director, "tournament.create",
           {{"name", "Sixteen"}, {"game", "sisyphos"}, {"system", "swiss"}, {"rounds", 4}});
  const std::string tid = created["tournament"];
  auto players = enter(srv.port(), tid, 16, "swiss");
  must(director, "tournament.start", {{"tournament", tid}});
  auto failures = play_all(players, tid);
  ASSERT_TRUE(failures.empty()) << failures.front();

  auto t = must(director, "tournament.get", {{"tournament", tid}});
  EXPECT_EQ(t["summary"]["status"], "finished");
  ASSERT_EQ(t["rounds"].size(), 4u);
  std::set<std::pair<std::string, std::string>> met;
  for (const auto& r : t["rounds"]) {
    EXPECT_EQ(r["tables"].size(), 8u);
    EXPECT_TRUE(r["byes"].empty());
    for (const auto& table : r["tables"]) {
      ASSERT_TRUE(table.contains("result")) << table.dump();
      std::string a = table["seats"][0]["player"];
      std::string b = table["seats"][1]["player"];
      EXPECT_TRUE(met.insert(std::minmax(a, b)).second) << a << " and " << b << " met twice";
    }
  }
  // Each game gives one point between its two players: 8 games a round.
  EXPECT_DOUBLE_EQ(total_points(t["standings"]), 32.0);

  // The export is a TRF file; the last round's pairing is the one the Dutch rules give on the
  // rounds before it.
  auto trf = http_get(srv.port(), "/api/v1/tournaments/" + tid + "/trf");
  ASSERT_EQ(trf.status, 200) << trf.body;
  auto parsed = tournaments::read_trf(trf.body);
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  ASSERT_EQ(parsed->players.size(), 16u);
  EXPECT_EQ(parsed->total_rounds, 4);
  auto before_last = *parsed;
  for (auto& p : before_last.players)
    p.rounds.resize(3);
  auto paired = tournaments::pair_dutch(before_last);
  ASSERT_TRUE(paired.has_value()) << paired.error();
  std::set<std::pair<int, int>> expected;
  for (const auto& b : paired->boards)
    expected.insert({b.white, b.black});
  std::set<std::pair<int, int>> actual;
  for (const auto& p : parsed->players) {
    const auto& r = p.rounds[3];
    if (r.colour == tournaments::trf_colour::white) actual.insert({p.start_rank, r.opponent});
  }
  EXPECT_EQ(actual, expected);
}

TEST(Tournaments, ARoundRobinPlaysEveryPairOnceAndCountsAWithdrawalAsForfeits) {
  test_server srv;
  ws_client director(srv.port());
  director.hello("rr-director");
  auto created = must(director, "tournament.create",
                      {{"name", "Five"}, {"game", "sisyphos"}, {"system", "round_robin"}});
  const std::string tid = created["tournament"];
  auto players = enter(srv.port(), tid, 5, "rr");
  // Five players: five rounds, one sits out each round without points (FIDE's round robins).
  EXPECT_EQ(must(director, "tournament.start", {{"tournament", tid}})["planned_rounds"], 5);
  // The last player resigns the game of round 1 (if it has one: withdrawing does not end a game
  // in progress), then withdraws: every later game of theirs is a forfeit.
  auto quitter = std::move(players.back());
  players.pop_back();
  auto now = must(director, "tournament.get", {{"tournament", tid}});
  for (const auto& table : now["rounds"][0]["tables"]) {
    for (const auto& seat : table["seats"]) {
      if (seat["player"] == quitter.player)
        must(*quitter.c, "game.resign", {{"room", table["room"]}});
    }
  }
  must(*quitter.c, "tournament.withdraw", {{"tournament", tid}});
  auto failures = play_all(players, tid);
  ASSERT_TRUE(failures.empty()) << failures.front();
  auto t = must(director, "tournament.get", {{"tournament", tid}});
  EXPECT_EQ(t["summary"]["status"], "finished");
  std::set<std::pair<std::string, std::string>> met;
  int forfeits = 0;
  for (const auto& r : t["rounds"]) {
    EXPECT_EQ(r["byes"].size(), 1u);
    for (const auto& table : r["tables"]) {
      std::string a = table["seats"][0]["player"];
      std::string b = table["seats"][1]["player"];
      EXPECT_TRUE(met.insert(std::minmax(a, b)).second);
      const auto& result = table["result"];
      if (a == quitter.player || b == quitter.player) {
        // Round 1 was paired (and perhaps played) before the withdrawal.
        if (r["round"] == 1) continue;
        ++forfeits;
        EXPECT_FALSE(table.contains("room"));
        EXPECT_EQ(result["reason"], "withdrawn");
        EXPECT_EQ(result["points"][a == quitter.player ? 0 : 1], 0.0);
      }
    }
  }
  EXPECT_EQ(met.size(), 10u);  // 5 * 4 / 2
  EXPECT_GE(forfeits, 3);
  const auto& last = t["standings"].back();
  EXPECT_EQ(last["player"], quitter.player);
  EXPECT_TRUE(last["withdrawn"].get<bool>());
}

TEST(Tournaments, APlayerWhoNeverComesForfeitsAfterTheGrace) {
  test_server srv;
  ws_client director(srv.port());
  director.hello("ns-director");
  auto created = must(director, "tournament.create",
                      {{"name", "No show"},
                       {"game", "sisyphos"},
                       {"system", "round_robin"},
                       {"no_show_seconds", 5}});
  const std::string tid = created["tournament"];
  auto players = enter(srv.port(), tid, 2, "ns");
  players[1].c->close();  // entered, then gone
  players[1].c.reset();
  must(director, "tournament.watch", {{"tournament", tid}});
  must(director, "tournament.start", {{"tournament", tid}});
  auto result = director.wait_notification(
      [](const json& f) { return f.value("method", "") == "tournament.result"; }, 15s);
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ((*result)["params"]["reason"], "no_show");
  auto t = must(director, "tournament.get", {{"tournament", tid}});
  EXPECT_EQ(t["summary"]["status"], "finished");
  EXPECT_EQ(t["standings"][0]["player"], players[0].player);
  EXPECT_EQ(t["standings"][0]["points"], 1.0);
  // A forfeit is not a game: the table says so.
  const auto& table = t["rounds"][0]["tables"][0];
  const int absent = table["seats"][0]["player"] == players[1].player ? 0 : 1;
  EXPECT_TRUE(table["result"]["forfeited"][absent].get<bool>());
  EXPECT_FALSE(table["result"]["forfeited"][1 - absent].get<bool>());
}

// A server whose built-in bots play at full speed, its director, and a tournament of random bots.
struct bot_tournament {
  test_server srv;
  ws_client director;
  std::string tid;
  std::vector<std::string> bots;  // entrant ids, in the order of entry

  bot_tournament(json create, int count, int max_moves = 300)
      : srv(fast_bots(max_moves)), director(srv.port()) {
    director.hello("bots-director");
    tid = must(director, "tournament.create", std::move(create))["tournament"];
    for (int i = 0; i < count; ++i) {
      bots.push_back(must(director, "tournament.add_player",
                          {{"tournament", tid}, {"bot", "random"}})["player"]);
    }
    must(director, "tournament.watch", {{"tournament", tid}});
  }

  static server::limits fast_bots(int max_moves) {
    auto limit = test_limits();
    limit.bot_moves_per_second = 1e6;
    // Random Esiema players seldom finish (2000 moves and more): a game of bots alone stops at
    // `max_moves`, a draw, which is all the tests of pairing and scoring need.
    limit.bot_only_max_moves = max_moves;
    return limit;
  }

  // Starts it: the start's summary.
  json start() { return must(director, "tournament.start", {{"tournament", tid}}); }
  // The tournament once it finished (null when it did not within `patience`).
  json finished(std::chrono::milliseconds patience) {
    if (!wait_change(director, "finished", patience)) return json();
    return must(director, "tournament.get", {{"tournament", tid}});
  }
};

TEST(Tournaments, BuiltInBotsPlayAKnockoutToItsWinner) {
  bot_tournament cup({{"name", "Cup"}, {"game", "sisyphos"}, {"system", "knockout"}}, 5);
  // Five players: a bracket of eight, three byes for the top seeds, three rounds.
  EXPECT_EQ(cup.start()["planned_rounds"], 3);
  auto t = cup.finished(30s);
  ASSERT_FALSE(t.is_null());
  ASSERT_EQ(t["rounds"].size(), 3u);
  EXPECT_EQ(t["rounds"][0]["tables"].size(), 1u);
  EXPECT_EQ(t["rounds"][0]["byes"].size(), 3u);
  EXPECT_EQ(t["rounds"][1]["tables"].size(), 2u);
  EXPECT_EQ(t["rounds"][2]["tables"].size(), 1u);
  // The winner of the final is first; its loser second.
  const auto& final_table = t["rounds"][2]["tables"][0];
  const auto& ranks = final_table["result"]["ranks"];
  const int winner = ranks[0] == ranks[1] ? 1 : (ranks[0] < ranks[1] ? 0 : 1);
  EXPECT_EQ(t["standings"][0]["player"], final_table["seats"][winner]["player"]);
  EXPECT_EQ(t["standings"][1]["player"], final_table["seats"][1 - winner]["player"]);
}

// A random Esiema move costs some 30 ms under the sanitizers: there a game of bots is drawn sooner.
#if defined(BOARDROOM_SANITIZED_ADDRESS) || defined(BOARDROOM_SANITIZED_THREAD)
constexpr int esiema_bot_moves = 60;
#else
constexpr int esiema_bot_moves = 300;
#endif

TEST(Tournaments, TablesOfThreeForAGameOfThreeOrMore) {
  // Five players at tables of three: one table of three and one of two (Esiema is played by
  // two too), as the rule for counts that do not divide says.
  bot_tournament threes({{"name", "Threes"},
                         {"game", "esiema"},
                         {"system", "tables"},
                         {"table_size", 3},
                         {"rounds", 1}},
                        5, esiema_bot_moves);
  threes.start();
  // An Esiema of random bots (stopped at 300 moves) is long under the sanitizers, and twice as
  // long on a loaded machine.
#if defined(BOARDROOM_SANITIZED_ADDRESS) || defined(BOARDROOM_SANITIZED_THREAD)
  auto t = threes.finished(180s);
#else
  auto t = threes.finished(60s);
#endif
  ASSERT_FALSE(t.is_null());
  for (const auto& r : t["rounds"]) {
    std::vector<std::size_t> sizes;
    for (const auto& table : r["tables"])
      sizes.push_back(table["seats"].size());
    EXPECT_EQ(sizes, (std::vector<std::size_t>{3, 2}));
  }
  // A player's share of a game is the part of the others it beat (a tie half): a game of n
  // gives n/2 points in all.
  EXPECT_NEAR(total_points(t["standings"]), 2.5, 1e-9);
}

TEST(Tournaments, TheDirectorPairsSetsResultsAndAddsPlayers) {
  test_server srv;
  ws_client director(srv.port());
  director.hello("td");
  auto created =
      must(director, "tournament.create",
           {{"name", "Directed"}, {"game", "sisyphos"}, {"system", "swiss"}, {"rounds", 2}});
  const std::string tid = created["tournament"];
  auto players = enter(srv.port(), tid, 3, "dp");
  ws_client stranger(srv.port());
  const std::string stranger_id = stranger.hello("stranger")["player"];
  // Only the director directs.
  EXPECT_EQ(error_code(stranger.call("tournament.start", {{"tournament", tid}})), "not_director");
  EXPECT_EQ(
      error_code(stranger.call("tournament.add_player", {{"tournament", tid}, {"bot", "random"}})),
      "not_director");
  EXPECT_EQ(must(director, "tournament.add_player",
                 {{"tournament", tid}, {"player", stranger_id}})["player"],
            stranger_id);
  must(director, "tournament.start", {{"tournament", tid}});
  // Round 1 is paired by the server; the director decides board 1 at once.
  auto t = must(director, "tournament.get", {{"tournament", tid}});
  ASSERT_EQ(t["rounds"].size(), 1u);
  const auto& r1 = t["rounds"][0];
  ASSERT_EQ(r1["tables"].size(), 2u);
  EXPECT_EQ(error_code(director.call(
                "tournament.set_result",
                {{"tournament", tid}, {"round", 1}, {"board", 1}, {"ranks", {1, 2, 3}}})),
            "bad_ranks");
  EXPECT_EQ(error_code(
                director.call("tournament.pair", {{"tournament", tid}, {"tables", json::array()}})),
            "round_in_progress");
  must(director, "tournament.set_result",
       {{"tournament", tid}, {"round", 1}, {"board", 1}, {"ranks", {1, 2}}});
  must(director, "tournament.set_result",
       {{"tournament", tid}, {"round", 1}, {"board", 2}, {"ranks", {1, 1}}});
  // Round 2 follows on its own; the director overrides nothing there but may still.
  t = must(director, "tournament.get", {{"tournament", tid}});
  ASSERT_EQ(t["rounds"].size(), 2u);
  EXPECT_NEAR(total_points(t["standings"]), 2.0, 1e-9);
}

// The room of round 1's first table exists and its game is under way, as `c` sees it watching.
void expect_first_game_playing(ws_client& c, const std::string& tid) {
  auto t = must(c, "tournament.get", {{"tournament", tid}});
  const std::string room = t["rounds"][0]["tables"][0]["room"];
  auto watched = c.call("room.spectate", {{"room", room}});
  ASSERT_EQ(error_code(watched), "") << watched.dump();
  EXPECT_EQ(watched["result"]["snapshot"]["status"], "playing");
}

// Two players, one game (a round robin of two); returns the tournament and its players.
std::string two_player_tournament(ws_client& director, std::vector<entrant_client>& players,
                                  std::uint16_t port) {
  director.hello("restart-director");
  const std::string tid =
      must(director, "tournament.create",
           {{"name", "Restart"}, {"game", "sisyphos"}, {"system", "round_robin"}})["tournament"];
  players = enter(port, tid, 2, "restart");
  return tid;
}

// Both players play the game of round 1 to its end.
void play_first_game(ws_client& director, std::vector<entrant_client>& players,
                     const std::string& tid) {
  auto t = must(director, "tournament.get", {{"tournament", tid}});
  const auto& table = t["rounds"][0]["tables"][0];
  std::vector<std::thread> threads;
  for (int i = 0; i < 2; ++i) {
    threads.emplace_back([&, i] {
      std::mt19937_64 rng(3 + i);
      const int seat = table["seats"][0]["player"] == players[i].player ? 0 : 1;
      EXPECT_EQ(play_room(*players[i].c, table["room"], seat, rng), "");
    });
  }
  for (auto& th : threads)
    th.join();
}

TEST(Tournaments, AResultTheStoreRefusedIsWrittenOnceItTakesWritesAgain) {
  temp_dir dir;
  auto faulty = faulty_store_in(dir.path());
  test_server srv(with_store(faulty));
  ws_client director(srv.port());
  std::vector<entrant_client> players;
  const std::string tid = two_player_tournament(director, players, srv.port());
  must(director, "tournament.watch", {{"tournament", tid}});
  must(director, "tournament.start", {{"tournament", tid}});
  faulty->fail_call("append_tournament", true);
  play_first_game(director, players, tid);
  EXPECT_FALSE(
      director
          .wait_notification(
              [](const json& f) { return f.value("method", "") == "tournament.result"; }, 1500ms)
          .has_value());
  faulty->fail_call("append_tournament", false);
  // The desk tries again every second.
  auto result = director.wait_notification(
      [](const json& f) { return f.value("method", "") == "tournament.result"; }, 5s);
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(must(director, "tournament.get", {{"tournament", tid}})["summary"]["status"],
            "finished");
}

TEST(Tournaments, AResultTheStoreLostIsTakenFromTheRoomAtTheNextStart) {
  temp_dir dir;
  std::string tid;
  {
    auto storage = faulty_store_in(dir.path());
    test_server srv(with_store(storage));
    ws_client director(srv.port());
    std::vector<entrant_client> players;
    tid = two_player_tournament(director, players, srv.port());
    must(director, "tournament.start", {{"tournament", tid}});
    // The game ends, but the tournament cannot write its result (the server dies before it can,
    // as far as the tournament's log goes).
    storage->fail_call("append_tournament", true);
    play_first_game(director, players, tid);
    EXPECT_EQ(must(director, "tournament.get", {{"tournament", tid}})["summary"]["status"],
              "running");
  }
  test_server again(on_dir(dir.path()));
  ws_client c(again.port());
  c.hello("reader");
  auto t = must(c, "tournament.get", {{"tournament", tid}});
  EXPECT_EQ(t["summary"]["status"], "finished");
  EXPECT_TRUE(t["rounds"][0]["tables"][0].contains("result"));
  EXPECT_DOUBLE_EQ(total_points(t["standings"]), 1.0);
}

TEST(Tournaments, ARoomTheStoreNeverOpenedIsOpenedAtTheNextStart) {
  temp_dir dir;
  std::string tid;
  {
    auto storage = faulty_store_in(dir.path());
    test_server srv(with_store(storage));
    ws_client director(srv.port());
    std::vector<entrant_client> players;
    tid = two_player_tournament(director, players, srv.port());
    storage->fail_call("create_room", true);
    must(director, "tournament.start", {{"tournament", tid}});
    auto t = must(director, "tournament.get", {{"tournament", tid}});
    const std::string room = t["rounds"][0]["tables"][0]["room"];
    // The pairing is stored, its room is not: nobody can play it.
    EXPECT_EQ(error_code(players[0].c->call("room.sync", {{"room", room}, {"since", 0}})),
              "unknown_room");
  }
  test_server again(on_dir(dir.path()));
  ws_client c(again.port());
  c.hello("reader");
  expect_first_game_playing(c, tid);
}

TEST(Tournaments, WithManualPairingTheDirectorPairsEveryRound) {
  test_server srv;
  ws_client director(srv.port());
  director.hello("manual-director");
  const std::string tid = must(director, "tournament.create",
                               {{"name", "By hand"},
                                {"game", "sisyphos"},
                                {"system", "swiss"},
                                {"rounds", 1},
                                {"manual_pairing", true}})["tournament"];
  auto players = enter(srv.port(), tid, 3, "hand");
  must(director, "tournament.watch", {{"tournament", tid}});
  must(director, "tournament.start", {{"tournament", tid}});
  auto due = wait_change(director, "pairing_due", 5s);
  ASSERT_TRUE(due.has_value());
  EXPECT_EQ((*due)["params"]["round"], 1);
  // Everyone must be placed, once.
  EXPECT_EQ(error_code(director.call(
                "tournament.pair",
                {{"tournament", tid},
                 {"tables", json::array({json::array({players[0].player, players[1].player})})}})),
            "bad_pairing");
  EXPECT_EQ(error_code(director.call(
                "tournament.pair",
                {{"tournament", tid},
                 {"tables", json::array({json::array({players[0].player, players[0].player})})},
                 {"byes", json::array({players[2].player})}})),
            "bad_pairing");
  auto round = must(director, "tournament.pair",
                    {{"tournament", tid},
                     {"tables", json::array({json::array({players[2].player, players[0].player})})},
                     {"byes", json::array({players[1].player})}});
  ASSERT_EQ(round["tables"].size(), 1u);
  EXPECT_EQ(round["tables"][0]["seats"][0]["player"], players[2].player);  // as the director said
  EXPECT_EQ(round["byes"][0]["points"], 1.0);
  must(director, "tournament.set_result",
       {{"tournament", tid}, {"round", 1}, {"board", 1}, {"ranks", {2, 1}}});
  auto t = must(director, "tournament.get", {{"tournament", tid}});
  EXPECT_EQ(t["summary"]["status"], "finished");
  EXPECT_EQ(t["standings"][0]["points"], 1.0);
  EXPECT_EQ(t["standings"][2]["player"], players[2].player);
}

TEST(Tournaments, TheLobbyListsPublicTournamentsLive) {
  test_server srv;
  ws_client watcher(srv.port());
  watcher.hello("lobby-watcher");
  auto subscribed = must(watcher, "lobby.subscribe", {{"game", "sisyphos"}});
  EXPECT_TRUE(subscribed["tournaments"].empty());
  ws_client director(srv.port());
  director.hello("lobby-director");
  const std::string tid =
      must(director, "tournament.create",
           {{"name", "Open"}, {"game", "sisyphos"}, {"system", "swiss"}})["tournament"];
  must(director, "tournament.create",
       {{"name", "Hidden"}, {"game", "sisyphos"}, {"system", "swiss"}, {"public", false}});
  auto opened = watcher.wait_notification(
      [](const json& f) { return f.value("method", "") == "lobby.tournament"; }, 5s);
  ASSERT_TRUE(opened.has_value());
  EXPECT_EQ((*opened)["params"]["change"], "opened");
  EXPECT_EQ((*opened)["params"]["tournament"]["tournament"], tid);
  auto listed = must(watcher, "lobby.list", {{"game", "sisyphos"}});
  ASSERT_EQ(listed["tournaments"].size(), 1u);  // the private one is not listed
  EXPECT_EQ(listed["tournaments"][0]["name"], "Open");
  must(director, "tournament.cancel", {{"tournament", tid}});
  auto closed = watcher.wait_notification(
      [](const json& f) {
        return f.value("method", "") == "lobby.tournament" && f["params"]["change"] == "closed";
      },
      5s);
  ASSERT_TRUE(closed.has_value());
  EXPECT_TRUE(must(watcher, "lobby.list", json::object())["tournaments"].empty());
}

// An arena's points for one player, from its games in the order played (lichess's rules: a win 2,
// a draw 1, a draw in under 20 moves nothing; after two wins in a row a win 4 and a draw 2 until a
// game is not won; a berserk win of 14 moves or more one point more).
int arena_points(const json& rounds, const std::string& player) {
  int points = 0;
  int streak = 0;
  for (const auto& r : rounds) {
    for (const auto& table : r["tables"]) {
      for (int seat = 0; seat < 2; ++seat) {
        if (table["seats"][seat]["player"] != player || !table.contains("result")) continue;
        const json& result = table["result"];
        const double share = result["points"][seat];
        const int moves = result.value("moves", 1000);
        const int base = share == 1.0 ? 2 : share == 0.0 || moves < 20 ? 0 : 1;
        points += streak >= 2 ? 2 * base : base;
        const bool berserk = result.contains("berserk") && result["berserk"][seat] == true;
        if (share == 1.0 && berserk && moves >= 14) ++points;
        streak = share == 1.0 ? streak + 1 : 0;
      }
    }
  }
  return points;
}

TEST(Tournaments, AnArenaPairsWhoeverWaitsUntilItsTimeIsUp) {
  bot_tournament arena(
      {{"name", "Arena"}, {"game", "sisyphos"}, {"system", "arena"}, {"duration_seconds", 10}}, 5);
  EXPECT_EQ(
      error_code(arena.director.call(
          "tournament.create", {{"name", "No clock"}, {"game", "sisyphos"}, {"system", "arena"}})),
      "bad_parameter");
  arena.start();
  auto t = arena.finished(30s);
  ASSERT_FALSE(t.is_null());
  // Many games in ten seconds, and the points as the rules say.
  int games = 0;
  for (const auto& r : t["rounds"]) {
    EXPECT_TRUE(r["byes"].empty());
    games += static_cast<int>(r["tables"].size());
  }
  EXPECT_GT(games, 10);
  for (const auto& row : t["standings"]) {
    EXPECT_EQ(row["points"].get<double>(), arena_points(t["rounds"], row["player"])) << row.dump();
  }
  for (std::size_t k = 1; k < t["standings"].size(); ++k)
    EXPECT_GE(t["standings"][k - 1]["points"], t["standings"][k]["points"]);
}

// Two people in an arena with berserk: in their first game Ann goes berserk (her clock halved),
// plays 14 moves with Ben (Amazons: no game ends that soon), and Ben resigns: 2 points and the
// berserk point. Then both withdraw (a game the arena paired meanwhile Ben resigns at once).
TEST(Tournaments, AnArenaBerserkWinEarnsAPoint) {
  test_server srv;
  ws_client director(srv.port());
  director.hello("arena-director");
  auto refused = director.call("tournament.create", {{"name", "No bank"},
                                                     {"game", "sisyphos"},
                                                     {"system", "arena"},
                                                     {"duration_seconds", 10},
                                                     {"time_control", "per_move:30s"},
                                                     {"berserk", true}});
  EXPECT_EQ(error_code(refused), "bad_parameter");
  EXPECT_EQ(error_code(director.call(
                "tournament.create",
                {{"name", "Swiss"}, {"game", "sisyphos"}, {"system", "swiss"}, {"berserk", true}})),
            "bad_parameter");
  auto created = must(director, "tournament.create",
                      {{"name", "Berserk Arena"},
                       {"game", "amazons"},
                       {"system", "arena"},
                       {"duration_seconds", 10},
                       {"time_control", "fischer:5m+1s"}});
  const std::string tid = created["tournament"];
  EXPECT_EQ(created["summary"]["berserk"], true);  // on by default where the clock allows it
  auto players = enter(srv.port(), tid, 2, "arena-player");
  ws_client& ann = *players[0].c;
  ws_client& ben = *players[1].c;
  const std::string ann_id = players[0].player;
  must(director, "tournament.watch", {{"tournament", tid}});
  must(director, "tournament.start", {{"tournament", tid}});

  int games = 0;
  while (true) {
    auto note = ann.wait_notification(
        [&](const json& f) {
          const std::string method = f.value("method", "");
          if (method == "tournament.pairings") return true;
          return method == "tournament.update" && f["params"]["change"] == "finished";
        },
        30s);
    ASSERT_TRUE(note) << "no pairing and no end";
    if ((*note)["method"] == "tournament.update") break;
    const json& table = (*note)["params"]["tables"][0];
    const std::string room = table["room"];
    const int ann_seat = table["seats"][0]["player"] == ann_id ? 0 : 1;
    ws_client* by_seat[2] = {ann_seat == 0 ? &ann : &ben, ann_seat == 0 ? &ben : &ann};
    ASSERT_TRUE(ann.wait_event("game_started", room));
    if (games++ == 0) {
      ASSERT_EQ(error_code(ann.call("game.berserk", {{"room", room}})), "");
      for (int ply = 0; ply < 14; ++ply) {
        const int mover = ply % 2;
        auto listed = legal_moves(*by_seat[mover], room);
        ASSERT_FALSE(listed["moves"].empty());
        ASSERT_EQ(error_code(by_seat[mover]->call("game.move",
                                                  {{"room", room}, {"move", listed["moves"][0]}})),
                  "");
      }
    }
    ASSERT_EQ(error_code(ben.call("game.resign", {{"room", room}})), "");
    ann.call("tournament.withdraw", {{"tournament", tid}});
    ben.call("tournament.withdraw", {{"tournament", tid}});
  }
  auto t = must(director, "tournament.get", {{"tournament", tid}});
  ASSERT_GE(games, 1);
  const json& first = t["rounds"][0]["tables"][0]["result"];
  EXPECT_EQ(first["moves"], 14);
  EXPECT_EQ(first["berserk"][first["ranks"][0] == 1 ? 0 : 1], true);
  // Ann: 3 for the first game, 2 (or 4 on fire) for each game Ben resigned at once after it.
  for (const auto& row : t["standings"]) {
    const bool is_ann = row["player"] == ann_id;
    EXPECT_EQ(row["berserk_wins"], is_ann ? 1 : 0);
    EXPECT_EQ(row["points"].get<double>(), arena_points(t["rounds"], row["player"]));
    if (is_ann && games == 1) {
      EXPECT_EQ(row["points"], 3);
    }
    if (!is_ann) {
      EXPECT_EQ(row["points"], 0);
    }
  }
}

TEST(Tournaments, AnAcceleratedSwissPairsTheTopHalfAmongItselfFirst) {
  // Sixteen unrated bots: starting ranks in the order of entry, GA the first eight.
  bot_tournament baku({{"name", "Baku"},
                       {"game", "sisyphos"},
                       {"system", "swiss"},
                       {"rounds", 2},
                       {"accelerated", true}},
                      16);
  const auto& order = baku.bots;
  baku.start();
  auto t = baku.finished(30s);
  ASSERT_FALSE(t.is_null());
  auto rank = [&](const json& seat) {
    return std::find(order.begin(), order.end(), seat["player"].get<std::string>()) -
           order.begin() + 1;
  };
  // Round 1 with a virtual point for GA: two score groups, each its top half against its bottom
  // half (1-5, 2-6, 3-7, 4-8 and 9-13, ..., 12-16), colours aside.
  std::set<std::pair<long, long>> pairs;
  for (const auto& table : t["rounds"][0]["tables"])
    pairs.insert(std::minmax(rank(table["seats"][0]), rank(table["seats"][1])));
  EXPECT_EQ(pairs, (std::set<std::pair<long, long>>{
                       {1, 5}, {2, 6}, {3, 7}, {4, 8}, {9, 13}, {10, 14}, {11, 15}, {12, 16}}));
}

TEST(Tournaments, StandingsCrosstableRoundsAndTheListAreServedOverHttp) {
  test_server srv;
  ws_client director(srv.port());
  director.hello("http-director");
  const std::string tid =
      must(director, "tournament.create",
           {{"name", "Published"}, {"game", "sisyphos"}, {"system", "round_robin"}})["tournament"];
  auto players = enter(srv.port(), tid, 3, "http");
  must(director, "tournament.start", {{"tournament", tid}});
  // Round 1: one game (the third player sits out); the director decides it.
  auto round = must(director, "tournament.get", {{"tournament", tid}})["rounds"][0];
  ASSERT_EQ(round["tables"].size(), 1u);
  must(director, "tournament.set_result",
       {{"tournament", tid}, {"round", 1}, {"board", 1}, {"ranks", {1, 2}}});
  const std::string winner = round["tables"][0]["seats"][0]["player"];
  const std::string loser = round["tables"][0]["seats"][1]["player"];

  auto list = http_get(srv.port(), "/api/v1/tournaments");
  ASSERT_EQ(list.status, 200);
  auto listed = json::parse(list.body)["tournaments"];
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["tournament"], tid);
  EXPECT_EQ(listed[0]["status"], "running");

  auto standings = http_get(srv.port(), "/api/v1/tournaments/" + tid + "/standings");
  ASSERT_EQ(standings.status, 200);
  auto rows = json::parse(standings.body)["standings"];
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0]["player"], winner);
  EXPECT_EQ(rows[0]["points"], 1.0);
  EXPECT_EQ(rows[2]["points"], 0.0);

  auto cross = http_get(srv.port(), "/api/v1/tournaments/" + tid + "/crosstable");
  ASSERT_EQ(cross.status, 200);
  auto table = json::parse(cross.body)["rows"];
  ASSERT_EQ(table.size(), 3u);
  EXPECT_EQ(table[0]["player"], winner);
  // The winner's row has "1" in the loser's column, and the loser's row "0" in the winner's.
  int loser_row = table[1]["player"] == loser ? 1 : 2;
  EXPECT_EQ(table[0]["results"][loser_row], "1");
  EXPECT_EQ(table[loser_row]["results"][0], "0");

  auto r1 = http_get(srv.port(), "/api/v1/tournaments/" + tid + "/rounds/1");
  ASSERT_EQ(r1.status, 200);
  EXPECT_EQ(json::parse(r1.body)["tables"][0]["result"]["ranks"], json::array({1, 2}));
  EXPECT_EQ(http_get(srv.port(), "/api/v1/tournaments/" + tid + "/rounds/9").status, 404);
  EXPECT_EQ(http_get(srv.port(), "/api/v1/tournaments/" + tid + "/rounds/x1").status, 404);
  EXPECT_EQ(http_get(srv.port(), "/api/v1/tournaments/" + tid + "/nope").status, 404);
  EXPECT_EQ(http_get(srv.port(), "/api/v1/tournaments/tnope").status, 404);
  // Someone else's tournament: no directing, no removing its players.
  ws_client other(srv.port());
  other.hello("http-other");
  EXPECT_EQ(error_code(other.call("tournament.remove_player",
                                  {{"tournament", tid}, {"player", players[0].player}})),
            "not_director");
  EXPECT_EQ(
      error_code(other.call("tournament.set_result",
                            {{"tournament", tid}, {"round", 1}, {"board", 1}, {"ranks", {2, 1}}})),
      "not_director");
  EXPECT_EQ(error_code(other.call("tournament.cancel", {{"tournament", tid}})), "not_director");
}

TEST(Tournaments, TheDirectorEntersAnAccountThatIsNotConnected) {
  test_server srv;
  std::string absent;
  {
    ws_client c(srv.port());
    absent = c.hello("away")["player"];
    must(c, "account.register", {{"password", "correct horse"}});
  }
  ws_client director(srv.port());
  director.hello("entering-director");
  const std::string tid = must(director, "tournament.create",
                               {{"name", "Rated"},
                                {"game", "sisyphos"},
                                {"system", "swiss"},
                                {"rated", true}})["tournament"];
  // The account's connection is gone (and the server may have forgotten it in memory): the store
  // knows the account.
  std::this_thread::sleep_for(100ms);
  auto added = must(director, "tournament.add_player", {{"tournament", tid}, {"player", absent}});
  EXPECT_EQ(added["player"], absent);
  auto t = must(director, "tournament.get", {{"tournament", tid}});
  ASSERT_EQ(t["entrants"].size(), 1u);
  EXPECT_EQ(t["entrants"][0]["name"], "away");
  EXPECT_EQ(error_code(director.call("tournament.add_player",
                                     {{"tournament", tid}, {"player", "p-nobody"}})),
            "bad_parameter");
}

TEST(Tournaments, ATournamentWaitingLongerThanGuestsAreKeptStillOpensItsRooms) {
  temp_dir dir;
  std::string tid;
  {
    test_server srv(on_dir(dir.path()));
    ws_client director(srv.port());
    director.hello("patient-director");
    tid =
        must(director, "tournament.create",
             {{"name", "Patient"}, {"game", "sisyphos"}, {"system", "round_robin"}})["tournament"];
  }
  // Started again with guests forgotten at once: the tournament's own identity must stay, or
  // the rooms it creates could not be stored.
  auto limit = test_limits();
  limit.guest_expiry = std::chrono::hours(0);
  auto options = on_dir(dir.path(), limit);
  options.admin_token = "patience";
  test_server srv(options);
  ws_client admin(srv.port());
  admin.hello("patient-admin");
  auto players = enter(srv.port(), tid, 2, "patient");
  must(admin, "tournament.start", {{"tournament", tid}, {"token", "patience"}});
  expect_first_game_playing(admin, tid);
}

TEST(Tournaments, ABadRequestGetsAPreciseErrorAndChangesNothing) {
  test_server srv;
  ws_client c(srv.port());
  c.hello("hostile");
  auto code = [&](const std::string& method, json params) {
    return error_code(c.call(method, std::move(params)));
  };
  EXPECT_EQ(code("tournament.join", {{"tournament", "t-nope"}}), "unknown_tournament");
  EXPECT_EQ(code("tournament.get", {{"tournament", std::string(5000, 'x')}}), "unknown_tournament");
  EXPECT_EQ(code("tournament.create", {{"name", "x"}, {"game", "sisyphos"}, {"system", "ladder"}}),
            "bad_system");
  EXPECT_EQ(code("tournament.create", {{"name", "x"}, {"game", "nope"}, {"system", "swiss"}}),
            "unknown_game");
  EXPECT_EQ(code("tournament.create", {{"name", ""}, {"game", "sisyphos"}, {"system", "swiss"}}),
            "out_of_range");
  EXPECT_EQ(code("tournament.create",
                 {{"name", "x"}, {"game", "esiema"}, {"system", "swiss"}, {"table_size", 3}}),
            "bad_system");
  EXPECT_EQ(code("tournament.create",
                 {{"name", "x"}, {"game", "sisyphos"}, {"system", "swiss"}, {"starts_at_ms", 1}}),
            "bad_start_time");
  EXPECT_EQ(code("tournament.create",
                 {{"name", "x"}, {"game", "sisyphos"}, {"system", "swiss"}, {"surprise", 1}}),
            "unknown_field");
  EXPECT_EQ(
      code("tournament.pair", {{"tournament", "t"}, {"tables", json::array({json::array({1})})}}),
      "wrong_type");
  auto created =
      c.call("tournament.create", {{"name", "Mine"}, {"game", "sisyphos"}, {"system", "swiss"}});
  const std::string tid = created["result"]["tournament"];
  EXPECT_EQ(code("tournament.start", {{"tournament", tid}}), "not_enough_players");
  EXPECT_EQ(code("tournament.withdraw", {{"tournament", tid}}), "not_entered");
  must(c, "tournament.join", {{"tournament", tid}});
  EXPECT_EQ(code("tournament.join", {{"tournament", tid}}), "already_entered");
  EXPECT_EQ(code("tournament.start", {{"tournament", tid}, {"token", "guess"}}),
            "not_enough_players");
  // Rated tournaments are for accounts.
  auto rated =
      c.call("tournament.create",
             {{"name", "Rated"}, {"game", "sisyphos"}, {"system", "swiss"}, {"rated", true}});
  EXPECT_EQ(code("tournament.join", {{"tournament", rated["result"]["tournament"]}}),
            "account_required");
  // A private tournament needs its code.
  auto hidden =
      c.call("tournament.create",
             {{"name", "Hidden"}, {"game", "sisyphos"}, {"system", "swiss"}, {"public", false}});
  ws_client other(srv.port());
  other.hello("other");
  EXPECT_EQ(
      error_code(other.call("tournament.join", {{"tournament", hidden["result"]["tournament"]}})),
      "bad_invite_code");
  EXPECT_EQ(
      error_code(other.call("tournament.join", {{"tournament", hidden["result"]["tournament"]},
                                                {"invite_code", hidden["result"]["invite_code"]}})),
      "");
  // Creation is bounded per identity.
  std::string last;
  for (int i = 0; i < 10 && last.empty(); ++i)
    last = code("tournament.create", {{"name", "More"}, {"game", "sisyphos"}, {"system", "swiss"}});
  EXPECT_EQ(last, "too_many_tournaments");
  // The lists show public tournaments only.
  auto listed = must(other, "tournament.list", json::object());
  for (const auto& t : listed["tournaments"])
    EXPECT_TRUE(t["is_public"].get<bool>());
  auto http = http_get(srv.port(), "/api/v1/tournaments/" + tid + "/rounds/999999999999");
  EXPECT_EQ(http.status, 404);
}

}  // namespace
}  // namespace boardroom::test
