// Records of finished games over real HTTP: games are played to their end over WebSocket, then
// listed, filtered and downloaded; every field is checked against what the test played.

#include <chrono>
#include <ctime>
#include <map>
#include <random>
#include <sstream>

#include <gtest/gtest.h>

#include "engine/arimaa/archive.hpp"
#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string utc_day(std::int64_t unix_ms) {
  std::time_t t = unix_ms / 1000;
  std::tm parts{};
  gmtime_r(&t, &parts);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &parts);
  return text;
}

struct played_move {
  int seat;
  std::string move;  // as the server acknowledged it
};

// Random legal moves by whoever is to move until the game is over.
std::vector<played_move> play_to_end(ws_client* seat[2], const std::string& room,
                                     std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<played_move> played;
  for (int turn = 0; turn < 2000; ++turn) {
    auto moves = legal_moves(*seat[0], room);
    if (!moves.contains("moves")) break;
    int p = moves["to_move"];
    auto reply = seat[p]->call(
        "game.move", {{"room", room}, {"move", moves["moves"][rng() % moves["moves"].size()]}});
    EXPECT_EQ(error_code(reply), "") << reply.dump();
    if (!error_code(reply).empty()) break;
    played.push_back({p, reply["result"]["move"]});
  }
  return played;
}

TEST(Records, AFinishedGameIsListedFilteredAndDownloadable) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  json alice = a.hello("alice");
  json bob = b.hello("bob");
  const std::int64_t before = now_ms();
  std::string room = start_sisyphos(a, b);
  ws_client* seat[2] = {&a, &b};
  auto played = play_to_end(seat, room, 7);
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over.has_value());
  const std::int64_t after = now_ms();
  ASSERT_FALSE(played.empty());
  const json outcome = (*over)["outcome"];

  // A room that never finished is not a record.
  auto waiting = a.call("room.create", {{"game", "sisyphos"}});
  std::string open_room = waiting["result"]["room"];

  auto list = get_json(srv.port(), "/api/v1/records");
  ASSERT_EQ(list["total"], 1);
  ASSERT_EQ(list["records"].size(), 1u);
  const json& entry = list["records"][0];
  EXPECT_EQ(entry["room"], room);
  EXPECT_EQ(entry["game"], "sisyphos");
  EXPECT_EQ(entry["players"][0]["name"], "alice");
  EXPECT_EQ(entry["players"][0]["player"], alice["player"]);
  EXPECT_EQ(entry["players"][1]["name"], "bob");
  EXPECT_EQ(entry["outcome"], outcome);
  EXPECT_GE(entry["finished_at"].get<std::int64_t>(), before);
  EXPECT_LE(entry["finished_at"].get<std::int64_t>(), after);

  auto count = [&](const std::string& query) {
    return get_json(srv.port(), "/api/v1/records?" + query)["total"].get<int>();
  };
  EXPECT_EQ(count("game=sisyphos"), 1);
  EXPECT_EQ(count("game=amazons"), 0);
  EXPECT_EQ(count("player=alice"), 1);
  EXPECT_EQ(count("player=" + bob["player"].get<std::string>()), 1);
  EXPECT_EQ(count("player=carol"), 0);
  EXPECT_EQ(count("from=" + utc_day(before)), 1);
  EXPECT_EQ(count("to=" + utc_day(before)), 1);  // a day is included whole
  EXPECT_EQ(count("to=" + utc_day(before - 86'400'000)), 0);
  EXPECT_EQ(count("from=" + std::to_string(after + 1)), 0);
  EXPECT_EQ(count("from=" + std::to_string(before) + "&to=" + std::to_string(after + 1)), 1);
  EXPECT_EQ(count("game=sisyphos&player=bob"), 1);
  EXPECT_EQ(get_json(srv.port(), "/api/v1/records?offset=1")["records"].size(), 0u);
  EXPECT_EQ(get_json(srv.port(), "/api/v1/records?limit=0", 400)["error"]["code"], "bad_request");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/records?from=yesterday", 400)["error"]["code"],
            "bad_request");

  auto record = get_json(srv.port(), "/api/v1/records/" + room);
  EXPECT_EQ(record["format"], "boardroom-record");
  EXPECT_EQ(record["room"], room);
  EXPECT_EQ(record["game"], "sisyphos");
  EXPECT_EQ(record["spec"], "sisyphos(edition=forum2007,move_limit=0)");
  EXPECT_EQ(record["params"], json({{"edition", "forum2007"}, {"move_limit", 0}}));
  EXPECT_EQ(record["time_control"], "none");
  ASSERT_EQ(record["players"].size(), 2u);
  EXPECT_EQ(record["players"][0],
            json({{"seat", 0}, {"player", alice["player"]}, {"name", "alice"}}));
  EXPECT_EQ(record["players"][1], json({{"seat", 1}, {"player", bob["player"]}, {"name", "bob"}}));
  EXPECT_EQ(record["outcome"], outcome);
  ASSERT_EQ(record["moves"].size(), played.size());
  std::int64_t last_at = before;
  for (std::size_t i = 0; i < played.size(); ++i) {
    const json& m = record["moves"][i];
    EXPECT_EQ(m["ply"], i + 1);
    EXPECT_EQ(m["seat"], played[i].seat) << i;
    EXPECT_EQ(m["move"], played[i].move) << i;
    EXPECT_GE(m["at"].get<std::int64_t>(), last_at) << i;
    EXPECT_LE(m["at"].get<std::int64_t>(), after) << i;
    EXPECT_TRUE(m["position"].is_string());
    EXPECT_FALSE(m.contains("clocks"));  // this room has no clock
    last_at = m["at"];
  }
  EXPECT_GE(record["finished_at"].get<std::int64_t>(), last_at);

  auto text = http_get(srv.port(), "/api/v1/records/" + room + ".txt");
  EXPECT_EQ(text.status, 200);
  EXPECT_NE(text.content_type.find("text/plain"), std::string::npos);
  std::vector<std::string> move_lines;
  for (const auto& line : lines_of(text.body)) {
    if (!line.starts_with("#")) move_lines.push_back(line);
  }
  ASSERT_EQ(move_lines.size(), played.size()) << text.body;
  for (std::size_t i = 0; i < played.size(); ++i) {
    EXPECT_EQ(move_lines[i], std::to_string(i + 1) + "\t" + std::to_string(played[i].seat) + "\t" +
                                 played[i].move);
  }
  EXPECT_NE(text.body.find("# seat 0: alice"), std::string::npos) << text.body;
  EXPECT_NE(text.body.find("# result: " + outcome["reason"].get<std::string>()), std::string::npos);

  EXPECT_EQ(get_json(srv.port(), "/api/v1/records/" + room + ".arimaa", 404)["error"]["code"],
            "not_archivable");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/records/" + open_room, 404)["error"]["code"],
            "not_finished");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/records/rnosuchroom", 404)["error"]["code"],
            "unknown_room");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/records/" + room + ".pgn", 404)["error"]["code"],
            "not_found");
}

// The board of every ply comes from the record (the engine reads the recorded position) and is
// the view the room's own events carried while the game was played.
TEST(Records, EveryPlyOfARecordHasTheViewTheGameShowed) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  ws_client* seat[2] = {&a, &b};
  auto played = play_to_end(seat, room, 11);
  ASSERT_TRUE(a.wait_event("game_over", room).has_value());
  auto events = a.call("room.sync", {{"room", room}, {"since", 0}})["result"]["events"];
  std::map<int, json> shown;  // ply -> the view the room's event carried
  for (const auto& e : events) {
    if (e["type"] == "game_started") shown[0] = e["view"];
    if (e["type"] == "move") shown[e["ply"].get<int>()] = e["view"];
  }
  ASSERT_EQ(shown.size(), played.size() + 1);
  const std::string path = "/api/v1/records/" + room;
  for (const auto& [ply, view] : shown) {
    auto at = get_json(srv.port(), path + "?ply=" + std::to_string(ply));
    EXPECT_EQ(at["ply"], ply);
    EXPECT_EQ(at["view"], view) << "ply " << ply;
    EXPECT_EQ(at.contains("move"), ply > 0);
    if (ply > 0) {
      EXPECT_EQ(at["move"], played[ply - 1].move);
    }
  }
  for (const std::string& bad : std::vector<std::string>{
           "-1", std::to_string(played.size() + 1), "1e3", "one", "", "99999999999999999999"}) {
    EXPECT_EQ(get_json(srv.port(), path + "?ply=" + bad, 400)["error"]["code"], "bad_parameter")
        << bad;
  }
  EXPECT_EQ(get_json(srv.port(), path + ".txt?ply=1", 400)["error"]["code"], "bad_parameter");
}

TEST(Records, PrivateGamesAreLeftOutOfListsButServedByRoom) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  auto created = a.call("room.create", {{"game", "sisyphos"}, {"public", false}});
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b.call("room.join",
                              {{"room", room}, {"invite_code", created["result"]["invite_code"]}})),
            "");
  ASSERT_TRUE(a.wait_event("game_started", room).has_value());
  ASSERT_EQ(error_code(b.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_over", room).has_value());
  EXPECT_EQ(get_json(srv.port(), "/api/v1/records")["total"], 0);
  auto record = get_json(srv.port(), "/api/v1/records/" + room);
  EXPECT_EQ(record["outcome"]["reason"], "resignation");
  EXPECT_EQ(record["outcome"]["ranks"], json({1, 2}));
  EXPECT_TRUE(record["moves"].empty());
}

// A room with a clock: the record has its time control and, with every move, the clock readings
// the move event carried to the players.
TEST(Records, ATimedGameRecordsItsTimeControlAndEveryClockReading) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  auto created = a.call("room.create", {{"game", "sisyphos"}, {"time_control", "fischer:5m+3s"}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  auto started = a.wait_event("game_started", room);
  ASSERT_TRUE(started.has_value());
  ws_client* seat[2] = {&a, &b};
  std::vector<json> clocks;  // as the move events brought them to alice
  for (int i = 0; i < 4; ++i) {
    auto moves = legal_moves(a, room);
    int p = moves["to_move"];
    ASSERT_EQ(error_code(seat[p]->call("game.move", {{"room", room}, {"move", moves["moves"][0]}})),
              "");
    auto moved = a.wait_event("move", room);
    ASSERT_TRUE(moved.has_value());
    ASSERT_TRUE(moved->contains("clocks")) << moved->dump();
    clocks.push_back((*moved)["clocks"]);
  }
  ASSERT_EQ(error_code(a.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_over", room).has_value());

  auto record = get_json(srv.port(), "/api/v1/records/" + room);
  EXPECT_EQ(record["time_control"], "fischer:5m+3s");
  EXPECT_EQ(record["start_clocks"], (*started)["clocks"]);
  ASSERT_EQ(record["moves"].size(), clocks.size());
  for (std::size_t i = 0; i < clocks.size(); ++i)
    EXPECT_EQ(record["moves"][i]["clocks"], clocks[i]) << i;
  EXPECT_EQ(record["outcome"]["reason"], "resignation");
  auto text = http_get(srv.port(), "/api/v1/records/" + room + ".txt");
  EXPECT_NE(text.body.find("# time control: fischer:5m+3s\n"), std::string::npos) << text.body;
}

// A live Arimaa game, resigned after a few turns, comes back from the archive reader as played.
TEST(Records, AnArimaaGameDownloadsInTheArchiveFormat) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("goldie");
  b.hello("silvia");
  auto created = a.call("room.create", {{"game", "arimaa"}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room).has_value());
  ws_client* seat[2] = {&a, &b};
  std::vector<std::string> turns;
  for (int i = 0; i < 6; ++i) {
    auto moves = legal_moves(a, room);
    int p = moves["to_move"];
    auto reply = seat[p]->call("game.move", {{"room", room}, {"move", moves["moves"][0]}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
    turns.push_back(reply["result"]["move"]);
  }
  ASSERT_EQ(error_code(a.call("game.resign", {{"room", room}})), "");  // Gold resigns
  ASSERT_TRUE(a.wait_event("game_over", room).has_value());

  auto archive = http_get(srv.port(), "/api/v1/records/" + room + ".arimaa");
  ASSERT_EQ(archive.status, 200) << archive.body;
  auto games = engine::arimaa::parse_archive(archive.body);
  ASSERT_TRUE(games.has_value()) << games.error().message;
  ASSERT_EQ(games->size(), 1u);
  const auto& g = games->front();
  EXPECT_EQ(g.id, room);
  EXPECT_EQ(g.gold, "goldie");
  EXPECT_EQ(g.silver, "silvia");
  EXPECT_EQ(g.result, 'b');
  EXPECT_EQ(g.termination, 'r');
  ASSERT_EQ(g.turns.size(), turns.size());
  for (std::size_t i = 0; i < turns.size(); ++i) {
    // The archive writes Gold and Silver's turns as w and b: "2g ..." is "2w ...".
    std::string expected = turns[i];
    auto space = expected.find(' ');
    expected[space - 1] = expected[space - 1] == 'g' ? 'w' : 'b';
    EXPECT_EQ(g.turns[i], expected);
  }
  EXPECT_TRUE(engine::arimaa::replay(g).agrees)
      << engine::arimaa::report_line(engine::arimaa::replay(g));
}

}  // namespace
}  // namespace boardroom::test
