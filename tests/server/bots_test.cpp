// Built-in players holding seats, and the hint request.

#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

TEST(Bots, HumanAgainstRandomBotPlaysToTheEnd) {
  test_server srv;
  ws_client a(srv.port());
  a.hello("alice");
  auto created = a.call("room.create", {{"game", "sisyphos"},
                                        {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  auto seats = created["result"]["snapshot"]["seats"];
  EXPECT_EQ(seats[1]["bot"], "random");
  EXPECT_TRUE(seats[0]["bot"].is_null());
  EXPECT_EQ(created["result"]["snapshot"]["your_seat"], 0);
  ASSERT_TRUE(a.wait_event("game_started", room));

  std::mt19937_64 rng(3);
  for (int turn = 0; turn < 200; ++turn) {
    auto moves = legal_moves(a, room);
    if (!moves.contains("moves")) break;  // game over
    if (moves["to_move"] != 0) {          // the bot's reply is on its way
      ASSERT_TRUE(a.wait_event("move", room));
      continue;
    }
    auto reply = a.call("game.move",
                        {{"room", room}, {"move", moves["moves"][rng() % moves["moves"].size()]}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
  }
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_FALSE((*over)["outcome"]["reason"].get<std::string>().empty());
}

TEST(Bots, TwoBotsPlayAWholeGameForASpectatingCreator) {
  test_server srv;
  ws_client a(srv.port());
  a.hello("organiser");
  auto created = a.call("room.create", {{"game", "sisyphos"},
                                        {"bots", json::array({{{"seat", 0}, {"bot", "random"}},
                                                              {{"seat", 1}, {"bot", "random"}}})}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  EXPECT_TRUE(created["result"]["snapshot"]["your_seat"].is_null());
  std::string room = created["result"]["room"];
  auto over = a.wait_event("game_over", room, 10s);
  ASSERT_TRUE(over);
  auto snap = a.call("room.sync", {{"room", room}, {"since", 0}});
  EXPECT_GT(snap["result"]["events"].size(), 3u);
}

// The search bot plays a whole game against a person. Its search runs on the bots' thread: with
// one io thread, another player's requests are answered while an Arimaa search (seconds of work)
// is under way.
TEST(Bots, TheSearchBotPlaysAWholeGameAndThinksOffTheIoThread) {
  test_server srv(test_limits(), 1);
  ws_client a(srv.port()), other(srv.port());
  a.hello("alice");
  other.hello("olga");
  auto created =
      a.call("room.create", {{"game", "amazons"},
                             {"params", {{"board_size", 6}}},
                             {"bots", json::array({{{"seat", 1}, {"bot", "mcts:40"}}})}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  const std::string room = created["result"]["room"];
  EXPECT_EQ(created["result"]["snapshot"]["seats"][1]["bot"], "mcts:40");
  ASSERT_TRUE(a.wait_event("game_started", room));
  std::mt19937_64 rng(5);
  for (int turn = 0; turn < 100; ++turn) {
    auto moves = legal_moves(a, room);
    if (!moves.contains("moves")) break;  // game over
    if (moves["to_move"] != 0) {
      ASSERT_TRUE(a.wait_event("move", room, 20s));
      continue;
    }
    auto reply = a.call("game.move",
                        {{"room", room}, {"move", moves["moves"][rng() % moves["moves"].size()]}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
  }
  auto over = a.wait_event("game_over", room, 20s);
  ASSERT_TRUE(over);
  EXPECT_FALSE((*over)["outcome"]["reason"].get<std::string>().empty());

  // Two search bots at Arimaa, each turn half a second or more of search: the only io thread
  // answers another player's requests at once all along.
  auto arimaa =
      other.call("room.create", {{"game", "arimaa"},
                                 {"bots", json::array({{{"seat", 0}, {"bot", "mcts:60"}},
                                                       {{"seat", 1}, {"bot", "mcts:60"}}})}});
  ASSERT_EQ(error_code(arimaa), "") << arimaa.dump();
  const std::string bots_room = arimaa["result"]["room"];
  ASSERT_TRUE(other.wait_event("move", bots_room, 20s));  // gold's setup
  ASSERT_TRUE(other.wait_event("move", bots_room, 20s));  // silver's: now the searches
  const auto until = std::chrono::steady_clock::now() + 1500ms;
  for (int i = 0; std::chrono::steady_clock::now() < until; ++i) {
    const auto asked = std::chrono::steady_clock::now();
    EXPECT_EQ(error_code(a.call("lobby.list")), "");
    EXPECT_LT(std::chrono::steady_clock::now() - asked, 300ms) << "answer " << i;
    std::this_thread::sleep_for(100ms);
  }
}

TEST(Bots, CreationChecksBotNamesAndSeats) {
  test_server srv;
  ws_client a(srv.port());
  a.hello("alice");
  auto unknown = a.call("room.create", {{"game", "sisyphos"},
                                        {"bots", json::array({{{"seat", 1}, {"bot", "genius"}}})}});
  EXPECT_EQ(error_code(unknown), "unknown_bot");
  EXPECT_EQ(unknown["error"]["data"]["field"], "bots");
  auto clash = a.call("room.create", {{"game", "sisyphos"},
                                      {"seat", 1},
                                      {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})}});
  EXPECT_EQ(error_code(clash), "bad_seat");
  auto outside = a.call("room.create", {{"game", "sisyphos"},
                                        {"bots", json::array({{{"seat", 2}, {"bot", "random"}}})}});
  EXPECT_EQ(error_code(outside), "bad_seat");
  auto malformed = a.call("room.create", {{"game", "sisyphos"}, {"bots", {{"seat", 1}}}});
  EXPECT_EQ(error_code(malformed), "wrong_type");
}

TEST(Analysis, PlayersNeedAPracticeRoomSpectatorsDoNot) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
  a.hello("alice");
  b.hello("bob");
  watcher.hello("carol");
  std::string rated = start_sisyphos(a, b);
  EXPECT_EQ(error_code(a.call("game.analyze", {{"room", rated}})), "analysis_not_allowed");
  watcher.call("room.spectate", {{"room", rated}});
  auto seen = watcher.call("game.analyze", {{"room", rated}});
  // Either an analysis or the engine's reason why there is none: never a permission error.
  EXPECT_NE(error_code(seen), "analysis_not_allowed");
  EXPECT_NE(error_code(seen), "not_in_room");

  auto practice = a.call("room.create", {{"game", "sisyphos"}, {"practice", true}});
  std::string room = practice["result"]["room"];
  EXPECT_EQ(practice["result"]["snapshot"]["practice"], true);
  b.call("room.join", {{"room", room}});
  ASSERT_TRUE(a.wait_event("game_started", room));
  EXPECT_NE(error_code(a.call("game.analyze", {{"room", room}})), "analysis_not_allowed");
}

// A client bot as the protocol document describes it: it asks for the legal moves after every
// event, and moves when the event's to_act names its seat. A whole game of Amazons against the
// built-in bot, played as fast as the loopback allows, stays within the request rate limit.
TEST(Bots, AClientBotAskingAfterEveryEventStaysWithinTheRateLimit) {
  test_server srv;
  ws_client a(srv.port());
  a.hello("alice");
  auto created = a.call("room.create", {{"game", "amazons"},
                                        {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  auto started = a.wait_event("game_started", room);
  ASSERT_TRUE(started);
  json event = *started;
  std::mt19937_64 rng(5);
  int plies = 0;
  int agreed = 0;
  for (; plies < 400; ++plies) {
    auto moves = a.call("game.legal_moves", {{"room", room}});
    // The built-in bot answers at once: its answer may already have ended the game.
    if (error_code(moves) == "game_over") break;
    ASSERT_EQ(error_code(moves), "") << "after " << plies << " events: " << moves.dump();
    // For the same reason the list may be a move ahead of the event.
    if (moves["result"]["version"] == event["version"]) {
      EXPECT_EQ(moves["result"]["to_act"], event["to_act"]) << "the event and the list disagree";
      ++agreed;
      if (event["to_act"][0]["seat"] == 0) {
        json list = moves["result"]["moves"];
        auto reply = a.call("game.move", {{"room", room}, {"move", list[rng() % list.size()]}});
        ASSERT_EQ(error_code(reply), "") << reply.dump();
      }
    }
    auto next = a.wait_event("move", room);
    ASSERT_TRUE(next);
    event = *next;
    if (event["to_act"].empty()) break;  // the last move: game_over follows
  }
  EXPECT_TRUE(a.wait_event("game_over", room));
  EXPECT_GT(agreed, 20);
  EXPECT_GT(plies, 40);  // a whole game of Amazons 10x10 is rarely shorter
  EXPECT_LT(plies, 400);
}

}  // namespace
}  // namespace boardroom::test
