// Records cannot be forged by what people type: a name or a note holding a newline or a tab is
// refused when it arrives, and one that reached the store before that check (or through an
// imported archive) is escaped by the writers of the text record and the Arimaa archive.

#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

#include "engine/arimaa/archive.hpp"
#include "server/records/arimaa_records.hpp"
#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

// A name that, written as it is, would end its line, add a move line of three tab-separated
// fields, and a result line, with a bidi override on top.
const std::string forged_name = "mallory\n1\t0\te3-d4\n# result: goal: mallory wins\u202E";

server::room_record finished_room(const std::string& id) {
  server::room_record r;
  r.id = id;
  r.game = "sisyphos";
  r.spec = "sisyphos(edition=forum2007,move_limit=0)";
  r.params = R"({"edition":"forum2007","move_limit":0})";
  r.creator = "pmallory";
  r.status = server::room_status::finished;
  r.created_ms = 1'795'305'809'568;
  return r;
}

// The events of a game resigned before any move, as the server wrote them before names were
// checked: the name (and an administrator's note) exactly as they came.
std::vector<server::stored_event> events_with(const std::string& room, const std::string& name,
                                              const std::string& description) {
  json players = json::array(
      {{{"player", "pmallory"}, {"name", name}}, {{"player", "pbob"}, {"name", "bob"}}});
  std::vector<json> bodies{
      {{"type", "player_joined"}, {"seat", 0}, {"player", "pmallory"}, {"name", name}},
      {{"type", "player_joined"}, {"seat", 1}, {"player", "pbob"}, {"name", "bob"}},
      {{"type", "game_started"}, {"players", players}, {"position", "start"}, {"to_move", 0}},
      {{"type", "game_over"},
       {"outcome",
        {{"ranks", {2, 1}},
         {"scores", {0.0, 1.0}},
         {"winners", {1}},
         {"reason", "aborted"},
         {"description", description}}}}};
  std::vector<server::stored_event> events;
  for (json& body : bodies) {
    body["room"] = room;
    body["version"] = events.size() + 1;
    body["at"] = 1'795'305'811'002 + static_cast<std::int64_t>(events.size());
    events.push_back({static_cast<std::int64_t>(events.size()) + 1, body.dump()});
  }
  return events;
}

TEST(RecordForgery, ANameThatWouldAddLinesIsRefusedAtHello) {
  test_server srv;
  ws_client c(srv.port());
  auto reply = c.call("hello", {{"protocol", 1}, {"name", "mallory\n1\t0\te3-d4"}});
  EXPECT_EQ(error_code(reply), "bad_name") << reply.dump();
  EXPECT_EQ(reply["error"]["code"], -32602);
  EXPECT_EQ(reply["error"]["data"]["field"], "name");
  // The connection is still usable: a good name is welcome.
  EXPECT_EQ(error_code(c.call("hello", {{"protocol", 1}, {"name", "mallory"}})), "");
}

TEST(RecordForgery, AStoredNameAndNoteStayOnTheirLinesInTheTextRecord) {
  temp_dir dir;
  {
    auto storage = open_store(dir.path());
    ASSERT_TRUE(storage);
    ASSERT_TRUE(storage->save_identity({"pmallory", forged_name, "-", 0}));
    ASSERT_TRUE(storage->create_room(finished_room("rforged1"),
                                     events_with("rforged1", forged_name, "note\n2\t1\tforged")));
  }
  test_server srv(on_dir(dir.path()));

  auto text = http_get(srv.port(), "/api/v1/records/rforged1.txt");
  ASSERT_EQ(text.status, 200) << text.body;
  const auto lines = lines_of(text.body);
  // The header, two seats, time control, started, finished, result and ranks: nothing more, and
  // every one a comment (the game had no move, so no line may look like one).
  EXPECT_EQ(lines.size(), 9u) << text.body;
  for (const auto& line : lines) {
    EXPECT_TRUE(line.starts_with("# ")) << line;
    EXPECT_EQ(line.find('\t'), std::string::npos) << line;
    EXPECT_EQ(line.find("\u202E"), std::string::npos) << line;
  }
  EXPECT_NE(text.body.find("# seat 0: mallory\\u000A1\\u00090\\u0009e3-d4\\u000A# result: goal: "
                           "mallory wins\\u202E (pmallory)"),
            std::string::npos)
      << text.body;
  EXPECT_NE(text.body.find("# result: aborted: note\\u000A2\\u00091\\u0009forged\n"),
            std::string::npos)
      << text.body;

  // The JSON record keeps the name as it was: JSON escapes it by itself.
  auto record = json::parse(http_get(srv.port(), "/api/v1/records/rforged1").body);
  EXPECT_EQ(record["players"][0]["name"], forged_name);
}

// The archive has no escapes: names lose their tabs and newlines (and invisible characters), and
// the file still reads back as one game with the right players and result.
TEST(RecordForgery, AStoredNameCannotAddFieldsOrGamesToTheArimaaArchive) {
  engine::arimaa::archive_game game;
  game.id = "4242";
  game.gold = "gold\tname";  // as a store could hold it; the archive reader never makes one
  game.silver = "silver";
  game.result = 'b';
  game.termination = 'r';
  game.start_ts = 1'795'305'809;
  game.end_ts = 1'795'305'900;
  auto imported = server::import_archive_game(game);
  ASSERT_TRUE(imported.has_value()) << imported.error();
  // The names in the events, as an old server could have written them.
  for (auto& e : imported->events) {
    json body = json::parse(e.body);
    if (body["type"] == "game_started") {
      body["players"][0]["name"] = forged_name;
      body["players"][1]["name"] = "silver\\nline";  // the archive's own line separator
    }
    e.body = body.dump();
  }
  temp_dir dir;
  {
    auto storage = open_store(dir.path());
    ASSERT_TRUE(storage);
    ASSERT_TRUE(storage->save_identity(server::archive_importer_identity(0)));
    ASSERT_TRUE(storage->create_room(imported->room, imported->events));
  }
  test_server srv(on_dir(dir.path()));

  auto archive = http_get(srv.port(), "/api/v1/records/arimaa-4242.arimaa");
  ASSERT_EQ(archive.status, 200) << archive.body;
  const auto lines = lines_of(archive.body);
  ASSERT_EQ(lines.size(), 2u) << archive.body;  // the header and one game
  auto count_tabs = [](const std::string& s) { return std::count(s.begin(), s.end(), '\t'); };
  EXPECT_EQ(count_tabs(lines[1]), count_tabs(lines[0])) << archive.body;
  auto games = engine::arimaa::parse_archive(archive.body);
  ASSERT_TRUE(games.has_value()) << games.error().message;
  ASSERT_EQ(games->size(), 1u);
  EXPECT_EQ(games->front().gold, "mallory?1?0?e3-d4?# result: goal: mallory wins?");
  EXPECT_EQ(games->front().silver, "silver\\nline");  // harmless outside movelist and events
  EXPECT_EQ(games->front().result, 'b');
  EXPECT_EQ(games->front().termination, 'r');
}

}  // namespace
}  // namespace boardroom::test
