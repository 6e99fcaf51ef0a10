// The public lobby: listing, filtering and live updates as rooms open, fill and close.

#include <map>
#include <optional>

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

std::optional<json> next_update(ws_client& c, const std::string& change) {
  auto n = c.wait_notification([&](const json& f) {
    return f["method"] == "lobby.update" && f["params"]["change"] == change;
  });
  if (!n) return std::nullopt;
  return (*n)["params"]["room"];
}

TEST(Lobby, SubscriberSeesARoomOpenFillAndClose) {
  test_server srv;
  ws_client watcher(srv.port()), a(srv.port()), b(srv.port());
  watcher.hello("watcher");
  a.hello("alice");
  b.hello("bob");
  auto sub = watcher.call("lobby.subscribe", {{"game", "sisyphos"}});
  ASSERT_EQ(error_code(sub), "");
  EXPECT_TRUE(sub["result"]["rooms"].empty());

  auto created = a.call("room.create", {{"game", "sisyphos"}});
  std::string room = created["result"]["room"];
  auto opened = next_update(watcher, "opened");
  ASSERT_TRUE(opened);
  EXPECT_EQ((*opened)["room"], room);
  EXPECT_EQ((*opened)["status"], "waiting");
  EXPECT_EQ((*opened)["seats_taken"], 1);

  auto listed = watcher.call("lobby.list", {{"game", "sisyphos"}});
  ASSERT_EQ(listed["result"]["rooms"].size(), 1u);
  EXPECT_EQ(listed["result"]["rooms"][0]["room"], room);
  EXPECT_TRUE(watcher.call("lobby.list", {{"game", "amazons"}})["result"]["rooms"].empty());

  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  // Filling the room: an update with both seats taken, then one with the game running.
  std::optional<json> full;
  while (auto u = next_update(watcher, "updated")) {
    if ((*u)["status"] == "playing") {
      full = u;
      break;
    }
  }
  ASSERT_TRUE(full);
  EXPECT_EQ((*full)["seats_taken"], 2);

  ASSERT_EQ(error_code(a.call("game.resign", {{"room", room}})), "");
  a.call("room.leave", {{"room", room}});
  b.call("room.leave", {{"room", room}});
  auto closed = next_update(watcher, "closed");
  ASSERT_TRUE(closed);
  EXPECT_EQ((*closed)["room"], room);
  EXPECT_TRUE(watcher.call("lobby.list")["result"]["rooms"].empty());

  ASSERT_EQ(error_code(watcher.call("lobby.unsubscribe")), "");
  watcher.drain();  // updates sent before the unsubscription
  a.call("room.create", {{"game", "sisyphos"}});
  std::this_thread::sleep_for(200ms);
  for (const auto& f : watcher.drain())
    EXPECT_NE(f.value("method", ""), "lobby.update");
}

TEST(Lobby, WaitingRoomClosesWhenItsLastMemberLeaves) {
  test_server srv;
  ws_client a(srv.port()), watcher(srv.port());
  a.hello("alice");
  watcher.hello("w");
  watcher.call("lobby.subscribe");
  std::string room = a.call("room.create", {{"game", "sisyphos"}})["result"]["room"];
  ASSERT_TRUE(next_update(watcher, "opened"));
  ASSERT_EQ(error_code(a.call("room.leave", {{"room", room}})), "");
  ASSERT_TRUE(next_update(watcher, "closed"));
  EXPECT_EQ(error_code(a.call("room.join", {{"room", room}})), "unknown_room");
}

TEST(Lobby, GamesCatalogueListsParameters) {
  test_server srv;
  ws_client c(srv.port());
  c.hello("x");
  auto games = c.call("lobby.games")["result"]["games"];
  ASSERT_FALSE(games.empty());
  bool found = false;
  for (const auto& g : games) {
    if (g["key"] != "sisyphos") continue;
    found = true;
    EXPECT_EQ(g["min_players"], 2);
    EXPECT_EQ(g["max_players"], 2);
    EXPECT_FALSE(g["params"].empty());
  }
  EXPECT_TRUE(found);
  // The real choices: Amazons' three boards, and the seat counts of each Shiamgon board.
  std::map<std::string, json> params;
  for (const auto& g : games) {
    for (const auto& p : g["params"])
      params[g["key"].get<std::string>() + "." + p["name"].get<std::string>()] = p;
  }
  EXPECT_EQ(params["amazons.board_size"]["choices"], json({6, 8, 10}));
  EXPECT_EQ(params["shiamgon.board"]["players_by_choice"], json({{"disc-large", {3, 4, 5}},
                                                                 {"disc-small", {3, 5}},
                                                                 {"triangle-64", {3}},
                                                                 {"triangle-256", {3}}}));
}

}  // namespace
}  // namespace boardroom::test
