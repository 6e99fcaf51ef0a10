// Disconnect is not leave: the seat waits for its owner for the grace period.

#include <thread>

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

TEST(Reconnect, WithinGraceTheSeatIsTakenBackAndMissedEventsResumed) {
  test_server srv;
  ws_client a(srv.port());
  auto b = std::make_unique<ws_client>(srv.port());
  a.hello("alice");
  json bob = b->hello("bob");
  std::string token = bob["resume_token"];
  EXPECT_EQ(token.size(), 64u);
  std::string room = start_sisyphos(a, *b);
  std::string m1 = legal_moves(a, room)["moves"][0];
  ASSERT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", m1}})), "");
  auto seen = b->wait_event("move", room);
  ASSERT_TRUE(seen);
  std::int64_t bob_version = (*seen)["version"];

  b->drop();
  auto dropped = a.wait_event("player_dropped", room);
  ASSERT_TRUE(dropped);
  EXPECT_EQ((*dropped)["seat"], 1);

  // While Bob is away the room goes on recording (Alice resigning would end it; syncing is fine).
  b = std::make_unique<ws_client>(srv.port());
  json again = b->hello("bob", token);
  EXPECT_EQ(again["resumed"], true);
  EXPECT_EQ(again["player"], bob["player"]);
  EXPECT_EQ(again["rooms"], json::array({room}));
  auto returned = a.wait_event("player_returned", room);
  ASSERT_TRUE(returned);

  auto missed = b->call("room.sync", {{"room", room}, {"since", bob_version}});
  ASSERT_EQ(error_code(missed), "") << missed.dump();
  std::vector<std::string> types;
  for (const auto& e : missed["result"]["events"])
    types.push_back(e["type"]);
  EXPECT_EQ(types, (std::vector<std::string>{"player_dropped", "player_returned"}));

  // Bob plays on from his seat.
  auto moves = legal_moves(*b, room);
  EXPECT_EQ(moves["to_move"], 1);
  EXPECT_EQ(error_code(b->call("game.move", {{"room", room}, {"move", moves["moves"][0]}})), "");
}

TEST(Reconnect, UnknownTokenGivesAFreshIdentity) {
  test_server srv;
  ws_client c(srv.port());
  json hello = c.hello("eve", std::string(64, 'a'));
  EXPECT_EQ(hello["resumed"], false);
  EXPECT_NE(hello["resume_token"], std::string(64, 'a'));
}

TEST(Reconnect, NewConnectionReplacesTheOldOne) {
  test_server srv;
  ws_client first(srv.port());
  json hello = first.hello("alice");
  ws_client second(srv.port());
  json again = second.hello("alice", hello["resume_token"].get<std::string>());
  EXPECT_EQ(again["resumed"], true);
  EXPECT_EQ(first.wait_closed(), 1008);
}

TEST(Reconnect, GraceExpiryForfeitsARunningGame) {
  auto limit = test_limits();
  limit.reconnect_grace = std::chrono::milliseconds(300);
  test_server srv(limit);
  ws_client a(srv.port());
  auto b = std::make_unique<ws_client>(srv.port());
  a.hello("alice");
  json bob = b->hello("bob");
  std::string room = start_sisyphos(a, *b);
  b->drop();
  auto over = a.wait_event("game_over", room, 3s);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "abandonment");
  EXPECT_EQ((*over)["outcome"]["winners"], json::array({0}));

  // Too late: the game is gone, and with it the room to resume. The identity itself is stored,
  // so the token still resumes it.
  b = std::make_unique<ws_client>(srv.port());
  json again = b->hello("bob", bob["resume_token"].get<std::string>());
  EXPECT_EQ(again["resumed"], true);
  EXPECT_EQ(again["player"], bob["player"]);
  EXPECT_EQ(again["rooms"], json::array());
  // The finished game can still be read by its players, with its outcome.
  auto read = b->call("room.sync", {{"room", room}, {"since", 1'000'000}});
  EXPECT_EQ(read["result"]["snapshot"]["outcome"]["reason"], "abandonment");
  EXPECT_EQ(read["result"]["snapshot"]["your_seat"], 1);
  // Someone else can watch it.
  ws_client c(srv.port());
  c.hello("carol");
  auto watched = c.call("room.spectate", {{"room", room}});
  EXPECT_EQ(watched["result"]["snapshot"]["outcome"]["reason"], "abandonment");
}

// A player whose connection fails as the game ends finds its end on coming back, even when
// nobody else is left in the room; once the grace period is over, the room closes.
TEST(Reconnect, AFinishedRoomHoldsADroppedPlayerForTheGracePeriod) {
  auto limit = test_limits();
  limit.reconnect_grace = std::chrono::milliseconds(1500);
  test_server srv(limit);
  auto a = std::make_unique<ws_client>(srv.port());
  auto b = std::make_unique<ws_client>(srv.port());
  a->hello("alice");
  const std::string token = b->hello("bob")["resume_token"];
  const std::string room = start_sisyphos(*a, *b);
  ASSERT_EQ(error_code(a->call("game.resign", {{"room", room}})), "");
  b->drop();  // whether or not Bob heard of the end
  a->drop();  // and nobody is connected any more

  b = std::make_unique<ws_client>(srv.port());
  EXPECT_EQ(b->hello("bob", token)["rooms"], json::array({room}));
  auto read = b->call("room.sync", {{"room", room}, {"since", 0}});
  ASSERT_EQ(error_code(read), "") << read.dump();
  ASSERT_TRUE(read["result"].contains("events")) << read.dump();
  EXPECT_EQ(read["result"]["events"].back()["type"], "game_over");

  b->drop();
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // both grace periods are over
  b = std::make_unique<ws_client>(srv.port());
  EXPECT_EQ(b->hello("bob", token)["rooms"], json::array());
  ws_client c(srv.port());
  c.hello("carol");
  EXPECT_EQ(error_code(c.call("room.spectate", {{"room", room}})), "unknown_room");
}

TEST(Reconnect, GraceExpiryInAWaitingRoomFreesTheSeat) {
  auto limit = test_limits();
  limit.reconnect_grace = std::chrono::milliseconds(200);
  test_server srv(limit);
  ws_client a(srv.port());
  auto b = std::make_unique<ws_client>(srv.port());
  a.hello("alice");
  b->hello("bob");
  auto created = a.call("room.create", {{"game", "sisyphos"}, {"auto_start", false}});
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b->call("room.join", {{"room", room}})), "");
  b->drop();
  auto left = a.wait_event("player_left", room, 3s);
  ASSERT_TRUE(left);
  EXPECT_EQ((*left)["reason"], "timeout");
  ws_client c(srv.port());
  c.hello("carol");
  EXPECT_EQ(error_code(c.call("room.join", {{"room", room}, {"seat", 1}})), "");
}

TEST(Reconnect, SyncFromAVersionTooOldGivesASnapshot) {
  auto limit = test_limits();
  limit.events_kept = 3;
  test_server srv(limit);
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  ws_client* seat[2] = {&a, &b};
  for (int i = 0; i < 6; ++i) {
    auto moves = legal_moves(a, room);
    int p = moves["to_move"];
    ASSERT_EQ(error_code(seat[p]->call("game.move", {{"room", room}, {"move", moves["moves"][0]}})),
              "");
  }
  auto old = a.call("room.sync", {{"room", room}, {"since", 1}});
  EXPECT_TRUE(old["result"].contains("snapshot")) << old.dump();
  EXPECT_EQ(old["result"]["snapshot"]["moves"].size(), 6u);
  std::int64_t now = old["result"]["version"];
  auto recent = a.call("room.sync", {{"room", room}, {"since", now - 2}});
  EXPECT_EQ(recent["result"]["events"].size(), 2u);
}

}  // namespace
}  // namespace boardroom::test
