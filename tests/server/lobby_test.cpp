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
  EXPECT_EQ((*opened)["time_control"], "none");
  EXPECT_EQ((*opened)["rated"], false);

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

// What a seeker chooses by: the clock and whether the game is rated, as the room was created.
TEST(Lobby, ARoomsClockIsListed) {
  test_server srv;
  ws_client watcher(srv.port()), c(srv.port());
  watcher.hello("watcher");
  c.hello("carol");
  ASSERT_EQ(error_code(watcher.call("lobby.subscribe", {{"game", "sisyphos"}})), "");
  ASSERT_EQ(
      error_code(c.call("room.create", {{"game", "sisyphos"}, {"time_control", "fischer:5m+3s"}})),
      "");
  auto timed = next_update(watcher, "opened");
  ASSERT_TRUE(timed);
  EXPECT_EQ((*timed)["time_control"], "fischer:5m+3s");
  EXPECT_EQ((*timed)["rated"], false);
  EXPECT_EQ(watcher.call("lobby.list")["result"]["rooms"][0]["time_control"], "fischer:5m+3s");
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

// A start the engine refuses ends the room: the lobby, the snapshot and the store all say
// finished (the lobby used to keep showing the room as waiting).
TEST(Lobby, AFailedStartShowsTheRoomFinishedEverywhere) {
  temp_dir dir;
  std::optional<test_server> srv;
  srv.emplace(on_dir(dir.path()));
  ws_client a(srv->port()), watcher(srv->port());
  a.hello("alice");
  watcher.hello("watcher");
  ASSERT_EQ(error_code(watcher.call("lobby.subscribe")), "");
  // disc-small is for 3 or 5 players: 5 seats are created, 4 are taken, and the game is started.
  json bots = json::array();
  for (int s : {1, 2, 3})
    bots.push_back({{"seat", s}, {"bot", "random"}});
  auto created = a.call("room.create", {{"game", "shiamgon"},
                                        {"seats", 5},
                                        {"params", {{"board", "disc-small"}}},
                                        {"auto_start", false},
                                        {"bots", bots}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  ASSERT_TRUE(next_update(watcher, "opened"));

  auto started = a.call("room.start", {{"room", room}});
  ASSERT_EQ(error_code(started), "") << started.dump();
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_TRUE((*over)["outcome"].is_null());
  EXPECT_NE((*over)["error"].get<std::string>().find("disc-small"), std::string::npos);
  EXPECT_EQ(started["result"]["version"], (*over)["version"]);

  auto updated = next_update(watcher, "updated");
  ASSERT_TRUE(updated) << "the lobby was not told";
  EXPECT_EQ((*updated)["room"], room);
  EXPECT_EQ((*updated)["status"], "finished");
  auto listed = watcher.call("lobby.list")["result"]["rooms"];
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["status"], "finished");
  EXPECT_EQ(snapshot_of(a, room)["status"], "finished");
  srv.reset();  // the store is the server's while it runs
  auto storage = open_store(dir.path());
  ASSERT_TRUE(storage);
  auto stored = storage->load_room(room);
  ASSERT_TRUE(stored && *stored);
  // Finished, or closed once the server saw everybody go as it stopped; never waiting.
  const auto& events = (*stored)->events;
  auto last = json::parse(events.back().body);
  if ((*stored)->record.status == server::room_status::closed) {
    EXPECT_EQ(last["type"], "room_closed");
    ASSERT_GE(events.size(), 2u);
    last = json::parse(events[events.size() - 2].body);
  } else {
    EXPECT_EQ((*stored)->record.status, server::room_status::finished);
  }
  EXPECT_EQ(last["type"], "game_over");
  EXPECT_TRUE(last["outcome"].is_null());
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
  // Arimaa's rules know no draw by agreement; the other games' do.
  for (const auto& g : games)
    EXPECT_EQ(g["draw_offers"], g["key"] != "arimaa") << g["key"];
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
