// game.legal_moves in pages and samples, and game.view, over a real socket: what a client that
// cannot take a 660 KB list, or cannot enumerate Esiema's sowings, asks instead.

#include <set>

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

// A started two-player room of `game` on a fresh server.
struct table {
  test_server srv;
  ws_client a{srv.port()}, b{srv.port()};
  std::string room;

  explicit table(const std::string& game) {
    a.hello("alice");
    b.hello("bob");
    room = start_game(a, b, game);
  }
};

json list(ws_client& c, const std::string& room, json extra) {
  extra["room"] = room;
  return c.call("game.legal_moves", extra);
}

TEST(MoveListing, PagesAreSlicesOfTheWholeList) {
  table t("amazons");
  auto& [srv, a, b, room] = t;
  json all = legal_moves(a, room)["moves"];
  ASSERT_EQ(all.size(), 2176u);  // the published count of first moves on 10x10

  auto page = list(a, room, {{"offset", 100}, {"limit", 50}});
  ASSERT_EQ(error_code(page), "") << page.dump();
  EXPECT_EQ(page["result"]["total"], 2176);
  EXPECT_EQ(page["result"]["offset"], 100);
  ASSERT_EQ(page["result"]["moves"].size(), 50u);
  for (int i = 0; i < 50; ++i)
    EXPECT_EQ(page["result"]["moves"][i], all[100 + i]) << i;

  // Walking the pages gives the list, once each.
  json walked = json::array();
  for (int offset = 0;; offset += 1000) {
    auto p = list(a, room, {{"offset", offset}, {"limit", 1000}})["result"];
    if (p["moves"].empty()) break;
    for (auto& m : p["moves"])
      walked.push_back(m);
  }
  EXPECT_EQ(walked, all);

  auto past_the_end = list(a, room, {{"offset", 5000}, {"limit", 10}})["result"];
  EXPECT_TRUE(past_the_end["moves"].empty());
  EXPECT_EQ(past_the_end["offset"], 2176);
}

TEST(MoveListing, BadPagesAndSamplesAreRefusedWithTheField) {
  table t("amazons");
  auto& [srv, a, b, room] = t;
  auto check = [&](json extra, const std::string& code, const std::string& field) {
    auto r = list(a, room, extra);
    EXPECT_EQ(error_code(r), code) << extra.dump() << " " << r.dump();
    EXPECT_EQ(r["error"]["data"].value("field", ""), field) << extra.dump();
  };
  check({{"limit", 0}}, "out_of_range", "limit");
  check({{"limit", 100'001}}, "out_of_range", "limit");
  check({{"offset", -1}}, "out_of_range", "offset");
  check({{"sample", 0}}, "out_of_range", "sample");
  check({{"sample", 101}}, "out_of_range", "sample");
  check({{"sample", "3"}}, "wrong_type", "sample");
  check({{"sample", 3}, {"limit", 10}}, "bad_parameter", "sample");
  check({{"after", std::string(1025, 'a')}}, "out_of_range", "after");
  check({{"pages", 3}}, "unknown_field", "pages");
}

TEST(MoveListing, ASampleDrawsDistinctLegalMoves) {
  table t("amazons");
  auto& [srv, a, b, room] = t;
  json all = legal_moves(a, room)["moves"];
  std::set<std::string> legal(all.begin(), all.end());
  auto sample = list(a, room, {{"sample", 20}});
  ASSERT_EQ(error_code(sample), "") << sample.dump();
  EXPECT_EQ(sample["result"]["sampled"], true);
  std::set<std::string> drawn;
  for (auto& m : sample["result"]["moves"]) {
    EXPECT_TRUE(legal.contains(m.get<std::string>())) << m;
    drawn.insert(m.get<std::string>());
  }
  EXPECT_EQ(drawn.size(), 20u) << "the sample repeats a move";
}

// Esiema lists only part of its moves; a sample draws from all of them, and what it draws is
// played as it is.
TEST(MoveListing, EsiemaSamplesArePlayable) {
  table t("esiema");
  auto& [srv, a, b, room] = t;
  for (int ply = 0; ply < 6; ++ply) {
    ws_client& mover = ply % 2 == 0 ? a : b;
    auto sample = list(mover, room, {{"sample", 5}})["result"];
    ASSERT_FALSE(sample["moves"].empty()) << sample.dump();
    EXPECT_EQ(sample["complete"], false);
    ASSERT_EQ(sample["to_act"].size(), 1u);
    int seat = sample["to_act"][0]["seat"];
    ws_client& actor = seat == 0 ? a : b;
    auto played = actor.call("game.move", {{"room", room}, {"move", sample["moves"][0]}});
    ASSERT_EQ(error_code(played), "") << played.dump();
  }
}

TEST(MoveListing, TheViewSaysWhoActsAndShowsThePosition) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port()), watcher(srv.port()), stranger(srv.port());
  a.hello("alice");
  b.hello("bob");
  watcher.hello("carol");
  stranger.hello("dave");
  auto created = a.call("room.create", {{"game", "sisyphos"}});
  std::string room = created["result"]["room"];
  EXPECT_EQ(error_code(a.call("game.view", {{"room", room}})), "game_not_started");
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room));
  ASSERT_EQ(error_code(watcher.call("room.spectate", {{"room", room}})), "");

  auto snapshot = snapshot_of(a, room);
  for (ws_client* c : {&a, &watcher}) {
    auto v = c->call("game.view", {{"room", room}});
    ASSERT_EQ(error_code(v), "") << v.dump();
    EXPECT_EQ(v["result"]["position"], snapshot["position"]);
    EXPECT_EQ(v["result"]["view"], snapshot["view"]);
    EXPECT_EQ(v["result"]["version"], snapshot["version"]);
    EXPECT_EQ(v["result"]["to_act"], json::parse(R"([{"seat":0,"decision":"move"}])"));
  }
  EXPECT_EQ(error_code(stranger.call("game.view", {{"room", room}})), "not_in_room");
  EXPECT_EQ(error_code(a.call("game.view", {{"room", "nope"}})), "unknown_room");

  // After a move the other seat acts.
  auto moves = legal_moves(a, room)["moves"];
  ASSERT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", moves[0]}})), "");
  auto after = a.call("game.view", {{"room", room}})["result"];
  EXPECT_EQ(after["to_act"], json::parse(R"([{"seat":1,"decision":"move"}])"));
  EXPECT_NE(after["position"], snapshot["position"]);
}

// Arimaa's turns one step at a time: the steps the server lists, chosen one after another, make a
// turn the server accepts; a step that breaks a rule is refused with the reason.
TEST(MoveListing, ArimaaTurnsAreListedStepByStep) {
  table t("arimaa");
  auto& [srv, a, b, room] = t;
  EXPECT_EQ(error_code(list(a, room, {{"after", ""}})), "no_steps");  // the setups come first
  for (ws_client* c : {&a, &b}) {
    auto setup = legal_moves(*c, room);
    ASSERT_EQ(setup["to_act"][0]["decision"], "setup") << setup.dump();
    auto placed = c->call("game.move", {{"room", room}, {"move", setup["moves"][0]}});
    ASSERT_EQ(error_code(placed), "") << placed.dump();
  }
  auto first = list(a, room, {{"after", ""}});
  ASSERT_EQ(error_code(first), "") << first.dump();
  EXPECT_EQ(first["result"]["can_end"], false);  // a turn must change the position
  EXPECT_EQ(first["result"]["to_act"], json::parse(R"([{"seat":0,"decision":"move"}])"));
  std::string chosen;
  for (int step = 0; step < 4; ++step) {
    auto next = list(a, room, {{"after", chosen}})["result"];
    ASSERT_FALSE(next["moves"].empty()) << chosen;
    chosen += (chosen.empty() ? "" : " ") + next["moves"][0].get<std::string>();
  }
  auto end = list(a, room, {{"after", chosen}})["result"];
  EXPECT_EQ(end["can_end"], true) << chosen;
  EXPECT_TRUE(end["moves"].empty()) << "a fifth step after " << chosen;
  auto played = a.call("game.move", {{"room", room}, {"move", chosen}});
  EXPECT_EQ(error_code(played), "") << chosen << " " << played.dump();

  auto frozen = list(b, room, {{"after", "Ea7s Ea6s"}});  // not silver's elephant square
  EXPECT_EQ(error_code(frozen), "illegal_move") << frozen.dump();
  EXPECT_EQ(frozen["error"]["data"]["field"], "after");
  EXPECT_EQ(error_code(list(b, room, {{"after", "Zz9q"}})), "bad_notation");
}

}  // namespace
}  // namespace boardroom::test
