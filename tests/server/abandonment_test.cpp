// Games of three or more go on without a player who left: the random bot takes the seat.

#include <thread>

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

TEST(Abandonment, ABotTakesOverTheSeatOfAPlayerWhoDoesNotComeBack) {
  server::limits limit = test_limits();
  limit.reconnect_grace = 300ms;
  test_server srv(limit);
  ws_client a(srv.port()), c(srv.port());
  auto b = std::make_unique<ws_client>(srv.port());
  a.hello("ann");
  std::string bob = b->hello("bob")["player"];
  c.hello("cid");
  auto created = a.call("room.create", {{"game", "esiema"}, {"seats", 3}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b->call("room.join", {{"room", room}})), "");
  ASSERT_EQ(error_code(c.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room));
  b.reset();  // bob's connection drops and he never returns

  auto taken = a.wait_event("seat_taken_over", room, 5s);
  ASSERT_TRUE(taken);
  EXPECT_EQ((*taken)["seat"], 1);
  EXPECT_EQ((*taken)["player"], bob);
  EXPECT_EQ((*taken)["bot"], "random");
  EXPECT_EQ((*taken)["reason"], "abandonment");
  json snap = a.call("room.sync", {{"room", room}, {"since", 1'000'000}})["result"]["snapshot"];
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(snap["seats"][1]["bot"], "random");

  // Ann and Cid play on; the bot answers for seat 1 whenever it is its turn.
  ws_client* humans[3] = {&a, nullptr, &c};
  auto bot_moves = [&] {
    auto since = a.call("room.sync", {{"room", room}, {"since", (*taken)["version"]}});
    int n = 0;
    for (const auto& e : since["result"]["events"])
      n += e["type"] == "move" && e["seat"] == 1 ? 1 : 0;
    return n;
  };
  for (int turn = 0; turn < 200 && bot_moves() < 2; ++turn) {
    auto moves = legal_moves(a, room);
    ASSERT_TRUE(moves.contains("moves")) << moves.dump();
    int p = moves["to_move"];
    if (p == 1) {  // the bot's reply is on its way
      std::this_thread::sleep_for(10ms);
      continue;
    }
    ASSERT_FALSE(moves["moves"].empty());
    auto reply = humans[p]->call("game.move", {{"room", room}, {"move", moves["moves"][0]}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
  }
  EXPECT_GE(bot_moves(), 2);
}

TEST(Abandonment, AFallenFlagInAThreePlayerGameHandsTheSeatToTheBot) {
  auto clock = std::make_shared<manual_clock>();
  test_server_options o;
  o.clock = clock;
  test_server srv(o);
  ws_client a(srv.port()), b(srv.port()), c(srv.port());
  a.hello("ann");
  b.hello("bob");
  c.hello("cid");
  auto created =
      a.call("room.create", {{"game", "esiema"}, {"seats", 3}, {"time_control", "per_move:30s"}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_EQ(error_code(c.call("room.join", {{"room", room}})), "");
  // The first player is drawn by lot and loses the seat, so a spectator watches.
  ws_client watcher(srv.port());
  watcher.hello("watcher");
  ASSERT_EQ(error_code(watcher.call("room.spectate", {{"room", room}})), "");
  auto started = a.wait_event("game_started", room);
  ASSERT_TRUE(started);
  const int first = (*started)["to_move"];
  srv.advance(31s);
  auto taken = watcher.wait_event("seat_taken_over", room);
  ASSERT_TRUE(taken);
  EXPECT_EQ((*taken)["seat"], first);
  EXPECT_EQ((*taken)["reason"], "timeout");
  auto moved = watcher.wait_event("move", room);  // the bot moves for the seat at once
  ASSERT_TRUE(moved);
  EXPECT_EQ((*moved)["seat"], first);
}

}  // namespace
}  // namespace boardroom::test
