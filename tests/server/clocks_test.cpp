// Clocks over the protocol with a time source the test moves by hand: readings in events and
// snapshots, flag falls, a move that arrives too late, a restart that charges nobody for the
// downtime, and Arimaa's game-turn limit. No test sleeps for time to pass.

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

test_server_options timed_server(std::shared_ptr<manual_clock> clock, std::string data_dir = "") {
  test_server_options o;
  o.clock = std::move(clock);
  o.data_dir = std::move(data_dir);
  return o;
}

std::string create_timed(ws_client& creator, ws_client& joiner, const std::string& game,
                         const std::string& time_control) {
  auto created = creator.call("room.create", {{"game", game}, {"time_control", time_control}});
  EXPECT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  EXPECT_EQ(error_code(joiner.call("room.join", {{"room", room}})), "");
  return room;
}

TEST(Clocks, FischerReadingsTravelWithEventsAndSnapshots) {
  auto clock = std::make_shared<manual_clock>();
  test_server srv(timed_server(clock));
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = create_timed(a, b, "sisyphos", "fischer:1m+2s");
  auto started = a.wait_event("game_started", room);
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["time_control"], "fischer:1m+2s");
  EXPECT_EQ((*started)["clocks"], (json{{"running", 0}, {"remaining_ms", {60000, 60000}}}));

  srv.advance(10s);
  ASSERT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", "e3-e4"}})), "");
  auto moved = b.wait_event("move", room);
  ASSERT_TRUE(moved);
  EXPECT_EQ((*moved)["clocks"], (json{{"running", 1}, {"remaining_ms", {52000, 60000}}}));

  srv.advance(5s);
  json snap = snapshot_of(b, room);
  EXPECT_EQ(snap["time_control"], "fischer:1m+2s");
  EXPECT_EQ(snap["clocks"], (json{{"running", 1}, {"remaining_ms", {52000, 55000}}}));
}

TEST(Clocks, TheFlagFallsAtTheDeadlineAndTheOpponentWinsOnTime) {
  auto clock = std::make_shared<manual_clock>();
  test_server srv(timed_server(clock));
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = create_timed(a, b, "sisyphos", "sudden_death:1m");
  ASSERT_TRUE(a.wait_event("game_started", room));
  srv.advance(60s);  // exactly the time: not yet over
  EXPECT_EQ(snapshot_of(a, room)["status"], "playing");
  srv.advance(1ms);
  auto over = b.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "timeout");
  EXPECT_EQ((*over)["outcome"]["winners"], json::array({1}));
  EXPECT_EQ((*over)["outcome"]["description"], "alice ran out of time");
}

TEST(Clocks, AMoveThatArrivesAfterTheFlagIsRefusedAndEndsTheGame) {
  auto clock = std::make_shared<manual_clock>();
  test_server srv(timed_server(clock));
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = create_timed(a, b, "sisyphos", "per_move:30s");
  ASSERT_TRUE(a.wait_event("game_started", room));
  clock->advance(31s);  // the rooms are not told: the move itself finds the flag down
  auto late = a.call("game.move", {{"room", room}, {"move", "e3-e4"}});
  EXPECT_EQ(error_code(late), "game_over");
  EXPECT_EQ(late["error"]["message"], "alice ran out of time");
  auto over = b.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "timeout");
  EXPECT_TRUE(snapshot_of(b, room)["moves"].empty());
}

TEST(Clocks, CreationChecksTheTimeControl) {
  test_server srv;
  ws_client a(srv.port());
  a.hello("alice");
  auto no_increment = a.call("room.create", {{"game", "sisyphos"}, {"time_control", "fischer:5m"}});
  EXPECT_EQ(error_code(no_increment), "bad_time_control");
  EXPECT_EQ(no_increment["error"]["data"]["field"], "time_control");
  EXPECT_EQ(no_increment["error"]["message"],
            "fischer needs an increment after '+': fischer:5m+3s");
  auto wrong_game =
      a.call("room.create", {{"game", "sisyphos"}, {"time_control", "arimaa:15s/2m"}});
  EXPECT_EQ(error_code(wrong_game), "bad_time_control");
  auto untimed = a.call("room.create", {{"game", "sisyphos"}});
  EXPECT_EQ(untimed["result"]["snapshot"]["time_control"], "none");
  EXPECT_FALSE(untimed["result"]["snapshot"].contains("clocks"));
}

TEST(Clocks, ARestartChargesNobodyForTheDowntime) {
  auto clock = std::make_shared<manual_clock>();
  temp_dir dir;
  std::string room;
  std::string tokens[2];
  {
    test_server srv(timed_server(clock, dir.path()));
    ws_client a(srv.port()), b(srv.port());
    tokens[0] = a.hello("alice")["resume_token"];
    tokens[1] = b.hello("bob")["resume_token"];
    room = create_timed(a, b, "sisyphos", "fischer:1m+0s");
    ASSERT_TRUE(a.wait_event("game_started", room));
    srv.advance(10s);
    ASSERT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", "e3-e4"}})), "");
    ASSERT_TRUE(b.wait_event("move", room));
  }
  clock->advance(1h);  // the server is down for an hour
  test_server srv(timed_server(clock, dir.path()));
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice", tokens[0]);
  b.hello("bob", tokens[1]);
  EXPECT_EQ(snapshot_of(b, room)["clocks"],
            (json{{"running", 1}, {"remaining_ms", {50000, 60000}}}));
  srv.advance(20s);
  auto moves = legal_moves(b, room);
  ASSERT_EQ(error_code(b.call("game.move", {{"room", room}, {"move", moves["moves"][0]}})), "");
  auto moved = a.wait_event("move", room);
  ASSERT_TRUE(moved);
  EXPECT_EQ((*moved)["clocks"], (json{{"running", 0}, {"remaining_ms", {50000, 40000}}}));
}

// Berserk (arena rooms; any room that allows it): before one's first move, half the initial time
// and no increment; everyone sees the event; refused where the room does not allow it, twice, after
// one's first move, and to a spectator; a restart keeps it.
TEST(Clocks, BerserkHalvesTheClockBeforeTheFirstMoveAndSurvivesARestart) {
  auto clock = std::make_shared<manual_clock>();
  temp_dir dir;
  std::string room;
  std::string tokens[2];
  {
    test_server srv(timed_server(clock, dir.path()));
    ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
    tokens[0] = a.hello("alice")["resume_token"];
    tokens[1] = b.hello("bob")["resume_token"];
    watcher.hello("carol");

    // Only with a bank of time to halve.
    auto per_move = a.call(
        "room.create", {{"game", "sisyphos"}, {"time_control", "per_move:30s"}, {"berserk", true}});
    EXPECT_EQ(error_code(per_move), "bad_parameter");
    EXPECT_EQ(per_move["error"]["data"]["field"], "berserk");
    // Not in a room that does not allow it.
    std::string plain = create_timed(a, b, "sisyphos", "fischer:1m+2s");
    ASSERT_TRUE(a.wait_event("game_started", plain));
    EXPECT_EQ(error_code(a.call("game.berserk", {{"room", plain}})), "berserk_not_allowed");

    auto created =
        a.call("room.create",
               {{"game", "sisyphos"}, {"time_control", "fischer:1m+1s"}, {"berserk", true}});
    ASSERT_EQ(error_code(created), "") << created.dump();
    room = created["result"]["room"];
    EXPECT_EQ(created["result"]["snapshot"]["berserk"], true);
    ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
    ASSERT_EQ(error_code(watcher.call("room.spectate", {{"room", room}})), "");
    ASSERT_TRUE(a.wait_event("game_started", room));

    srv.advance(4s);
    auto went = a.call("game.berserk", {{"room", room}});
    ASSERT_EQ(error_code(went), "") << went.dump();
    auto seen = watcher.wait_event("berserk", room);
    ASSERT_TRUE(seen);
    EXPECT_EQ((*seen)["seat"], 0);
    EXPECT_EQ((*seen)["clocks"],
              (json{{"running", 0}, {"remaining_ms", {26000, 60000}}, {"berserk", {true, false}}}));
    EXPECT_EQ(error_code(a.call("game.berserk", {{"room", room}})), "already_berserk");
    EXPECT_EQ(error_code(watcher.call("game.berserk", {{"room", room}})), "not_your_seat");

    srv.advance(6s);
    ASSERT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", "e3-e4"}})), "");
    auto moved = b.wait_event("move", room);
    ASSERT_TRUE(moved);
    // 30 - 10, and no increment for the berserk seat.
    EXPECT_EQ((*moved)["clocks"]["remaining_ms"], (json{20000, 60000}));
    json snap = snapshot_of(b, room);
    EXPECT_EQ(snap["seats"][0]["berserk"], true);
    EXPECT_EQ(snap["seats"][1]["berserk"], false);
  }
  clock->advance(1h);
  test_server srv(timed_server(clock, dir.path()));
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice", tokens[0]);
  b.hello("bob", tokens[1]);
  json snap = snapshot_of(a, room);
  EXPECT_EQ(snap["berserk"], true);
  EXPECT_EQ(snap["seats"][0]["berserk"], true);
  // Bob moves without going berserk (60 - 5 + 1), and then it is too late for him.
  srv.advance(5s);
  auto moves = legal_moves(b, room);
  ASSERT_EQ(error_code(b.call("game.move", {{"room", room}, {"move", moves["moves"][0]}})), "");
  ASSERT_TRUE(a.wait_event("move", room));
  EXPECT_EQ(error_code(b.call("game.berserk", {{"room", room}})), "berserk_too_late");
  // Alice's moves still earn no increment after the restart: 20 - 1.
  srv.advance(1s);
  moves = legal_moves(a, room);
  ASSERT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", moves["moves"][0]}})), "");
  auto moved = a.wait_event("move", room);  // her own (she saw Bob's above)
  ASSERT_TRUE(moved);
  EXPECT_EQ((*moved)["clocks"]["remaining_ms"], (json{19000, 56000}));
  // The record says who went berserk.
  ASSERT_EQ(error_code(a.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(b.wait_event("game_over", room));
  auto record = get_json(srv.port(), "/api/v1/records/" + room);
  EXPECT_EQ(record["berserk"], json::array({0}));
}

TEST(Clocks, ArimaaGameTurnLimitHaltsPlayAndMaterialDecides) {
  auto clock = std::make_shared<manual_clock>();
  test_server srv(timed_server(clock));
  ws_client gold(srv.port()), silver(srv.port());
  gold.hello("gold");
  silver.hello("silver");
  std::string room = create_timed(gold, silver, "arimaa", "arimaa:15s/2m30s/100/0/2t");
  auto started = gold.wait_event("game_started", room);
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["time_control"], "arimaa:15s/2m30s/100/0/2t/0");
  EXPECT_EQ((*started)["clocks"]["reserve_ms"], (json{150000, 150000}));
  // Two turns each (the setups and one turn of steps without captures), then play is halted.
  const char* turns[] = {"Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2",
                         "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 md7 ee7 cf7 dg7 hh7",
                         "Ee2n Ee3n", "ee7s ee6s"};
  ws_client* seat[2] = {&gold, &silver};
  for (int ply = 0; ply < 4; ++ply) {
    srv.advance(5s);
    auto reply = seat[ply % 2]->call("game.move", {{"room", room}, {"move", turns[ply]}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
  }
  auto over = gold.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "game_time_limit");
  EXPECT_EQ((*over)["outcome"]["winners"], json::array({1}));  // Silver, material being even
  EXPECT_EQ((*over)["outcome"]["description"],
            "the game time of arimaa:15s/2m30s/100/0/2t/0 ran out: the pieces were always even, "
            "so Silver wins (16 to 16)");
}

}  // namespace
}  // namespace boardroom::test
