// Every stored event log folds through the match core: real games of every game, with draws,
// resignations, retirements, bot take-overs, drops and returns and the administrator's actions,
// played through a real server on a real database file; then the file is opened and each room's
// log is folded event by event, and the result must be what the room reported.

#include <chrono>
#include <map>
#include <memory>
#include <thread>

#include <gtest/gtest.h>

#include "server/match/match.hpp"
#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

constexpr const char* admin_token = "fold-admin";

// Plays the first listed move whenever it is `c`'s turn, until `plies` of its own are played or
// the game ends.
void play_own_moves(ws_client& c, const std::string& room, int plies) {
  for (int played = 0, waited = 0; played < plies && waited < 200;) {
    json snap = snapshot_of(c, room);
    if (snap["status"] != "playing") return;
    if (snap["to_move"] != snap["your_seat"]) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++waited;
      continue;
    }
    json moves = legal_moves(c, room);
    ASSERT_FALSE(moves["moves"].empty()) << room;
    auto reply = c.call("game.move", {{"room", room}, {"move", moves["moves"][0]}});
    if (error_code(reply) == "stale_version" || error_code(reply) == "not_your_turn") continue;
    ASSERT_EQ(error_code(reply), "") << reply.dump();
    ++played;
  }
}

std::string create(ws_client& c, json params) {
  auto created = c.call("room.create", std::move(params));
  EXPECT_EQ(error_code(created), "") << created.dump();
  return created["result"].value("room", "");
}

struct played {
  std::map<std::string, json> rooms;  // the last snapshot each room reported
};

TEST(FoldReplay, EveryStoredLogFoldsToWhatTheRoomReported) {
  temp_dir dir;
  played games;
  {
    server::limits limit = test_limits();
    limit.reconnect_grace = std::chrono::milliseconds(1500);  // a seat abandoned in the test
    limit.requests_per_second = 1e6;                          // the players poll for their turn
    limit.rooms_per_identity = 100;                           // alice opens every room
    auto options = on_dir(dir.path(), limit);
    options.admin_token = admin_token;
    test_server srv(options);
    ws_client a(srv.port());
    ws_client admin(srv.port());
    auto b = std::make_unique<ws_client>(srv.port());
    a.hello("alice");
    admin.hello("root");
    const std::string bob_token = b->hello("bob")["resume_token"];
    auto carol = std::make_unique<ws_client>(srv.port());
    carol->hello("carol");

    // Every game against the random bot: a few moves each, then a resignation (or, with three
    // seats, the human resigns and the game plays on or ends).
    for (const auto& [game, seats] : std::vector<std::pair<std::string, int>>{
             {"sisyphos", 2}, {"amazons", 2}, {"arimaa", 2}, {"esiema", 2}, {"shiamgon", 3}}) {
      json bots = json::array();
      for (int s = 1; s < seats; ++s)
        bots.push_back({{"seat", s}, {"bot", "random"}});
      const std::string room = create(a, {{"game", game}, {"seats", seats}, {"bots", bots}});
      ASSERT_FALSE(room.empty()) << game;
      play_own_moves(a, room, 3);
      auto resigned = a.call("game.resign", {{"room", room}});
      EXPECT_TRUE(error_code(resigned) == "" || error_code(resigned) == "game_over")
          << game << ": " << resigned.dump();
      games.rooms[room] = snapshot_of(a, room);
    }

    // Draws: an offer declined, then one agreed; and a drop and a return on the way.
    {
      const std::string room = start_sisyphos(a, *b);
      play_own_moves(a, room, 1);
      ASSERT_EQ(error_code(a.call("game.offer_draw", {{"room", room}})), "");
      ASSERT_EQ(error_code(b->call("game.decline_draw", {{"room", room}})), "");
      b->drop();
      ASSERT_TRUE(a.wait_event("player_dropped", room));
      b = std::make_unique<ws_client>(srv.port());
      b->hello("bob", bob_token);
      ASSERT_TRUE(a.wait_event("player_returned", room));
      play_own_moves(*b, room, 1);
      ASSERT_EQ(error_code(b->call("game.offer_draw", {{"room", room}})), "");
      ASSERT_EQ(error_code(a.call("game.offer_draw", {{"room", room}})), "");
      games.rooms[room] = snapshot_of(a, room);
      EXPECT_EQ(games.rooms[room]["outcome"]["reason"], "agreement");
    }

    // The administrator: time added to a timed game, then an adjudication; and an abort.
    {
      auto created =
          a.call("room.create", {{"game", "amazons"}, {"time_control", "fischer:5m+3s"}});
      const std::string room = created["result"]["room"];
      ASSERT_EQ(error_code(b->call("room.join", {{"room", room}})), "");
      play_own_moves(a, room, 1);
      play_own_moves(*b, room, 1);
      ASSERT_EQ(error_code(admin.call(
                    "admin.add_time",
                    {{"room", room}, {"token", admin_token}, {"seat", 1}, {"seconds", 30}})),
                "");
      ASSERT_EQ(error_code(admin.call("admin.adjudicate", {{"room", room},
                                                           {"token", admin_token},
                                                           {"ranks", {2, 1}},
                                                           {"note", "b was winning"}})),
                "");
      games.rooms[room] = snapshot_of(a, room);
      const std::string aborted = start_game(a, *b, "arimaa");
      ASSERT_EQ(error_code(admin.call("admin.abort", {{"room", aborted}, {"token", admin_token}})),
                "");
      games.rooms[aborted] = snapshot_of(a, aborted);
    }

    // Three players: one resigns and retires (Esiema can retire a seat); one leaves (and
    // retires), or is gone past the grace period and the bot takes the seat over (the room's
    // policy); the last one plays on.
    for (const std::string policy : {"retire", "bot"}) {
      const std::string room =
          create(a, {{"game", "esiema"}, {"seats", 3}, {"vacated_seats", policy}});
      ASSERT_EQ(error_code(b->call("room.join", {{"room", room}})), "");
      ASSERT_EQ(error_code(carol->call("room.join", {{"room", room}})), "");
      ASSERT_TRUE(a.wait_event("game_started", room));
      play_own_moves(a, room, 1);
      ASSERT_EQ(error_code(b->call("game.resign", {{"room", room}})), "");
      if (policy == "retire") {
        ASSERT_EQ(error_code(carol->call("room.leave", {{"room", room}})), "");
      } else {
        carol->drop();
        ASSERT_TRUE(a.wait_event("seat_taken_over", room, std::chrono::seconds(10)));
        carol = std::make_unique<ws_client>(srv.port());
        carol->hello("carol");
      }
      play_own_moves(a, room, 2);
      json snap = snapshot_of(a, room);
      if (snap["status"] == "playing") {
        ASSERT_EQ(error_code(admin.call("admin.abort", {{"room", room}, {"token", admin_token}})),
                  "");
      }
      games.rooms[room] = snapshot_of(a, room);
    }

    // A room that never started, with a seat freed on the way.
    {
      const std::string room = create(a, {{"game", "shiamgon"}, {"seats", 4}});
      ASSERT_EQ(error_code(carol->call("room.join", {{"room", room}})), "");
      ASSERT_EQ(error_code(carol->call("room.leave", {{"room", room}})), "");
      games.rooms[room] = snapshot_of(a, room);
    }
  }

  auto storage = open_store(dir.path());
  ASSERT_TRUE(storage);
  ASSERT_EQ(games.rooms.size(), 11u);
  for (const auto& [id, snap] : games.rooms) {
    auto loaded = storage->load_room(id);
    ASSERT_TRUE(loaded && *loaded) << id;
    const server::stored_room& stored = **loaded;
    auto spec = engine::parse_game_spec(stored.record.spec);
    ASSERT_TRUE(spec) << stored.record.spec;
    server::match game({*spec, stored.record.seats, stored.record.seed});
    const std::int64_t reported = snap["version"];
    ASSERT_GE(static_cast<std::int64_t>(stored.events.size()), reported) << id;
    for (const auto& row : stored.events) {
      auto e = protocol::event_from_json(json::parse(row.body));
      ASSERT_TRUE(e) << id << " v" << row.version << ": " << e.error().message;
      auto folded = game.fold(*e);
      ASSERT_TRUE(folded) << id << " v" << row.version << ": " << folded.error();
      if (game.version() != reported) continue;
      // Where the room was when it reported: the same game, event for event.
      SCOPED_TRACE(id + " " + snap["spec"].get<std::string>());
      EXPECT_EQ(json(game.moves()), snap["moves"]);
      EXPECT_EQ(server::status_text(game.status()), snap["status"].get<std::string>());
      EXPECT_EQ(game.seat_count(), static_cast<int>(snap["seats"].size()));
      for (int i = 0; i < game.seat_count(); ++i) {
        EXPECT_EQ(game.seats()[i].name, snap["seats"][i]["name"].get<std::string>());
        EXPECT_EQ(game.seats()[i].retired, snap["seats"][i]["retired"]);
      }
      if (game.state()) {
        EXPECT_EQ(game.state()->position_text(), snap["position"].get<std::string>());
      } else {
        EXPECT_FALSE(snap.contains("position"));
      }
      if (game.outcome()) {
        EXPECT_EQ(protocol::outcome_to_json(*game.outcome()), snap["outcome"]);
      } else {
        EXPECT_TRUE(snap["outcome"].is_null());
      }
    }
    EXPECT_GE(game.version(), reported) << id;
  }
}

}  // namespace
}  // namespace boardroom::test
