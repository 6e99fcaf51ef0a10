// hello's move_event_in_result: a mover who asks for it gets its move's event in the answer to
// game.move and not again as a notification; everyone else's frames are unchanged.

#include <algorithm>
#include <memory>
#include <random>

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace move_event_in_result {
namespace {

json hello_with_events_in_results(ws_client& c, const std::string& name) {
  auto reply = c.call("hello", {{"protocol", 1}, {"name", name}, {"move_event_in_result", true}});
  EXPECT_EQ(error_code(reply), "") << reply.dump();
  return reply["result"];
}

// The room.event notifications among the frames `c` has received and not yet read (a request
// answered after them makes sure every earlier frame has arrived).
std::vector<json> events_received(ws_client& c, const std::string& room) {
  EXPECT_EQ(error_code(c.call("room.sync", {{"room", room}, {"since", 1'000'000}})), "");
  std::vector<json> out;
  for (const auto& f : c.drain()) {
    if (f.value("method", "") == "room.event") out.push_back(f["params"]);
  }
  return out;
}

std::vector<json> of_type(const std::vector<json>& events, const std::string& type) {
  std::vector<json> out;
  for (const auto& e : events) {
    if (e["type"] == type) out.push_back(e);
  }
  return out;
}

TEST(MoveEventInResult, TheMoverGetsItsEventOnceInTheAnswerAndOthersAsBefore) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
  hello_with_events_in_results(a, "alice");
  b.hello("bob");
  watcher.hello("carol");
  const std::string room = start_sisyphos(a, b);
  ASSERT_EQ(error_code(watcher.call("room.spectate", {{"room", room}})), "");

  ws_client* seat[2] = {&a, &b};
  std::mt19937_64 rng(11);
  std::vector<json> in_answers;  // alice's move events, as her answers carried them
  int bobs_moves = 0;
  bool over = false;
  for (int ply = 0; ply < 400 && !over; ++ply) {
    auto moves = legal_moves(watcher, room);
    ASSERT_FALSE(moves["moves"].empty());
    const int to_move = moves["to_move"];
    const std::string move = moves["moves"][rng() % moves["moves"].size()];
    auto reply = seat[to_move]->call("game.move", {{"room", room}, {"move", move}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
    const json& result = reply["result"];
    // The watcher's notification is the event everyone else receives.
    auto seen = watcher.wait_event("move", room);
    ASSERT_TRUE(seen.has_value());
    EXPECT_EQ((*seen)["version"], result["version"]);
    if (to_move == 0) {
      ASSERT_TRUE(result.contains("event")) << result.dump();
      EXPECT_EQ(result["event"], *seen);  // the same event, byte for byte once parsed
      EXPECT_EQ(result["event"]["move"], result["move"]);
      in_answers.push_back(result["event"]);
    } else {
      EXPECT_FALSE(result.contains("event")) << "bob did not ask: " << result.dump();
      ++bobs_moves;
    }
    over = seen->value("to_move", json()).is_null();
  }
  ASSERT_TRUE(over) << "the game did not end within 400 plies";
  ASSERT_FALSE(in_answers.empty());

  // Alice was sent only bob's moves as notifications; bob every move. The game's end comes to
  // both as a notification, whoever moved last.
  const auto alice_got = events_received(a, room);
  const auto alice_moves = of_type(alice_got, "move");
  EXPECT_EQ(static_cast<int>(alice_moves.size()), bobs_moves);
  for (const auto& e : alice_moves)
    EXPECT_EQ(e["seat"], 1) << e.dump();
  EXPECT_EQ(of_type(alice_got, "game_over").size(), 1u);
  const auto bob_got = events_received(b, room);
  EXPECT_EQ(of_type(bob_got, "move").size(), in_answers.size() + bobs_moves);
  EXPECT_EQ(of_type(bob_got, "game_over").size(), 1u);
  auto synced = a.call("room.sync", {{"room", room}, {"since", 0}});
  ASSERT_EQ(error_code(synced), "");
  EXPECT_EQ(synced["result"]["events"].back()["type"], "game_over");
  // The room's log is the same whatever the connections chose: every move is in it.
  int logged_moves = 0;
  for (const auto& e : synced["result"]["events"])
    logged_moves += e["type"] == "move" ? 1 : 0;
  EXPECT_EQ(logged_moves, static_cast<int>(in_answers.size()) + bobs_moves);
}

TEST(MoveEventInResult, TheGameOverAfterTheMoversLastMoveIsANotification) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  hello_with_events_in_results(a, "alice");
  hello_with_events_in_results(b, "bob");
  const std::string room = start_sisyphos(a, b);
  ws_client* seat[2] = {&a, &b};
  std::mt19937_64 rng(5);
  for (int ply = 0; ply < 400; ++ply) {
    auto moves = legal_moves(a, room);
    ASSERT_FALSE(moves["moves"].empty());
    ws_client& mover = *seat[moves["to_move"].get<int>()];
    ws_client& other = *seat[1 - moves["to_move"].get<int>()];
    const std::string move = moves["moves"][rng() % moves["moves"].size()];
    auto reply = mover.call("game.move", {{"room", room}, {"move", move}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
    ASSERT_TRUE(reply["result"].contains("event"));
    if (!reply["result"]["event"]["to_move"].is_null()) continue;
    // The last move: its event in the answer, then the game's end as a notification, to both.
    auto over = mover.wait_event("game_over", room);
    ASSERT_TRUE(over.has_value());
    EXPECT_EQ((*over)["version"], reply["result"]["version"].get<std::int64_t>() + 1);
    EXPECT_TRUE(other.wait_event("game_over", room).has_value());
    // Of the moves, only the opponent's came as notifications.
    for (const auto& e : of_type(events_received(mover, room), "move"))
      EXPECT_EQ(e["seat"], 1 - moves["to_move"].get<int>()) << e.dump();
    return;
  }
  FAIL() << "the game did not end within 400 plies";
}

// A move after which the rules act on their own (a pass, an elimination) makes more than one
// event: the mover's answer carries the move's, and the forced events that follow come to the
// mover as notifications, as to everyone else. Three players of Shiamgon on the small triangle,
// game after game, until the rules force something (forced_test.cpp: within a game or two).
TEST(MoveEventInResult, WhatAMoveForcesComesToTheMoverAsNotifications) {
  auto limit = test_limits();
  limit.rooms_per_identity = 100;
  limit.requests_per_second = 100'000;  // the watcher lists the moves before each of them
  limit.request_burst = 100'000;
  test_server srv(limit);
  ws_client a(srv.port()), b(srv.port()), c(srv.port()), watcher(srv.port());
  hello_with_events_in_results(a, "alice");
  hello_with_events_in_results(b, "bob");
  hello_with_events_in_results(c, "carol");
  watcher.hello("dave");
  ws_client* seat[3] = {&a, &b, &c};
  std::mt19937_64 rng(3);
  for (int game = 0; game < 20; ++game) {
    auto created =
        a.call("room.create",
               {{"game", "shiamgon"}, {"seats", 3}, {"params", {{"board", "triangle-64"}}}});
    ASSERT_EQ(error_code(created), "") << created.dump();
    const std::string room = created["result"]["room"];
    ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
    ASSERT_EQ(error_code(c.call("room.join", {{"room", room}})), "");
    ASSERT_TRUE(a.wait_event("game_started", room).has_value());
    ASSERT_EQ(error_code(watcher.call("room.spectate", {{"room", room}})), "");
    for (int ply = 0; ply < 2000; ++ply) {
      auto listed = watcher.call("game.legal_moves", {{"room", room}});
      if (error_code(listed) == "game_over") break;
      ASSERT_EQ(error_code(listed), "") << listed.dump();
      const json& moves = listed["result"];
      const int to_act = moves["to_act"][0]["seat"];
      ws_client& mover = *seat[to_act];
      const std::string move = moves["moves"][rng() % moves["moves"].size()];
      auto reply = mover.call("game.move", {{"room", room}, {"move", move}});
      ASSERT_EQ(error_code(reply), "") << reply.dump();
      const json& answered = reply["result"]["event"];
      const std::int64_t version = reply["result"]["version"];
      ASSERT_EQ(answered["version"], version) << reply.dump();
      ASSERT_EQ(answered["type"], "move");
      // What the move made, as the watcher (who did not ask) was sent it: the move, then what
      // it forced, if anything.
      std::vector<json> made;
      for (const auto& e : events_received(watcher, room))
        if (e["room"] == room && e["version"] >= version) made.push_back(e);
      ASSERT_FALSE(made.empty());
      EXPECT_EQ(made.front(), answered);
      std::vector<json> mover_got;
      for (const auto& e : events_received(mover, room)) {
        if (e["room"] != room) continue;  // an earlier game's
        ASSERT_NE(e["version"], version) << "the mover's own move came again: " << e.dump();
        mover_got.push_back(e);
      }
      if (made.size() < 2) continue;
      const json& forced = made[1];
      ASSERT_EQ(forced["type"], "forced") << forced.dump();
      EXPECT_NE(std::find(mover_got.begin(), mover_got.end(), forced), mover_got.end())
          << "the mover was not sent what its move forced: " << forced.dump();
      // The others were sent the move and what it forced, as notifications.
      for (ws_client* other : seat) {
        if (other == &mover) continue;
        const auto got = events_received(*other, room);
        std::size_t at = 0;
        while (at < got.size() && (got[at]["room"] != room || got[at]["version"] != version))
          ++at;
        ASSERT_LT(at + 1, got.size()) << "the move and what followed it did not come";
        EXPECT_EQ(got[at], answered);
        EXPECT_EQ(got[at + 1], forced);
      }
      return;
    }
  }
  FAIL() << "the rules forced nothing in 20 games";
}

// The choice belongs to the connection: a resumed identity says it again on its new one, and
// the seat it comes back to answers its moves with their events.
TEST(MoveEventInResult, AResumedConnectionChoosesAgain) {
  test_server srv;
  auto a = std::make_unique<ws_client>(srv.port());
  ws_client b(srv.port());
  const std::string token = a->hello("alice")["resume_token"];
  b.hello("bob");
  const std::string room = start_sisyphos(*a, b);
  a->drop();
  a = std::make_unique<ws_client>(srv.port());
  auto back = a->call("hello", {{"protocol", 1},
                                {"name", "alice"},
                                {"resume_token", token},
                                {"move_event_in_result", true}});
  ASSERT_EQ(error_code(back), "") << back.dump();
  EXPECT_TRUE(back["result"]["resumed"]);
  const std::string first = legal_moves(*a, room)["moves"][0];
  auto reply = a->call("game.move", {{"room", room}, {"move", first}});
  ASSERT_EQ(error_code(reply), "") << reply.dump();
  ASSERT_TRUE(reply["result"].contains("event")) << reply.dump();
  EXPECT_EQ(reply["result"]["event"]["version"], reply["result"]["version"]);
  EXPECT_TRUE(of_type(events_received(*a, room), "move").empty());
}

TEST(MoveEventInResult, HelloRefusesAnythingButTrueOrFalse) {
  test_server srv;
  for (const json& bad : {json("yes"), json(1), json::object()}) {
    ws_client c(srv.port());
    auto reply =
        c.call("hello", {{"protocol", 1}, {"name", "alice"}, {"move_event_in_result", bad}});
    EXPECT_EQ(reply["error"]["code"], -32602) << reply.dump();
    EXPECT_EQ(error_code(reply), "wrong_type") << reply.dump();
    EXPECT_EQ(reply["error"]["data"]["field"], "move_event_in_result") << reply.dump();
  }
  // false is the default, said out loud: moves are answered without their events.
  ws_client a(srv.port()), b(srv.port());
  ASSERT_EQ(error_code(a.call(
                "hello", {{"protocol", 1}, {"name", "alice"}, {"move_event_in_result", false}})),
            "");
  b.hello("bob");
  const std::string room = start_sisyphos(a, b);
  const std::string first = legal_moves(a, room)["moves"][0];
  auto reply = a.call("game.move", {{"room", room}, {"move", first}});
  ASSERT_EQ(error_code(reply), "") << reply.dump();
  EXPECT_FALSE(reply["result"].contains("event"));
  EXPECT_EQ(of_type(events_received(a, room), "move").size(), 1u);
}

}  // namespace
}  // namespace move_event_in_result
}  // namespace boardroom::test
