// A whole game over real sockets, and every way a move can be refused.

#include <map>
#include <random>

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/raw_ws.hpp"

namespace boardroom::test {
namespace {

TEST(GameFlow, FullSisyphosGameWithSpectatorEndsWithTheSameResultForEveryone) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
  a.hello("alice");
  b.hello("bob");
  watcher.hello("carol");
  std::string room = start_sisyphos(a, b);
  auto spectated = watcher.call("room.spectate", {{"room", room}});
  ASSERT_EQ(error_code(spectated), "") << spectated.dump();
  EXPECT_EQ(spectated["result"]["snapshot"]["status"], "playing");
  EXPECT_TRUE(spectated["result"]["snapshot"]["your_seat"].is_null());

  ws_client* seat[2] = {&a, &b};
  std::mt19937_64 rng(7);
  std::vector<std::string> played;
  std::int64_t last_version = spectated["result"]["snapshot"]["version"];
  for (int ply = 0; ply < 400; ++ply) {
    auto moves = legal_moves(a, room);
    if (moves["moves"].empty()) break;
    int to_move = moves["to_move"];
    std::string move = moves["moves"][rng() % moves["moves"].size()];
    auto reply = seat[to_move]->call("game.move", {{"room", room}, {"move", move}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
    played.push_back(reply["result"]["move"]);
    // The spectator sees every move, in order, with increasing versions.
    auto seen = watcher.wait_event("move", room);
    ASSERT_TRUE(seen.has_value());
    EXPECT_EQ((*seen)["move"], played.back());
    EXPECT_GT((*seen)["version"].get<std::int64_t>(), last_version);
    last_version = (*seen)["version"];
    if (seen->value("to_move", json()).is_null()) break;
  }

  // Everyone receives the same outcome, and it is the engine's verdict on the same moves.
  auto over_a = a.wait_event("game_over", room);
  auto over_b = b.wait_event("game_over", room);
  auto over_w = watcher.wait_event("game_over", room);
  ASSERT_TRUE(over_a && over_b && over_w);
  EXPECT_EQ((*over_a)["outcome"], (*over_w)["outcome"]);
  EXPECT_EQ((*over_b)["outcome"], (*over_w)["outcome"]);

  auto spec = engine::parse_game_spec("sisyphos");
  auto replay = spec->game_ptr->new_state(2, spec->params, 0);
  for (const auto& m : played)
    ASSERT_TRUE((*replay)->play(m).has_value()) << m;
  ASSERT_TRUE((*replay)->is_terminal());
  EXPECT_EQ((*over_w)["outcome"]["ranks"], json((*replay)->outcome()->ranks));
  EXPECT_EQ((*over_w)["outcome"]["reason"], (*replay)->outcome()->reason);

  auto snap = watcher.call("room.sync", {{"room", room}, {"since", 0}});
  ASSERT_EQ(error_code(snap), "");
  EXPECT_EQ(snap["result"]["events"].back()["type"], "game_over");
}

TEST(GameFlow, IllegalMoveGetsTheEngineReasonAndChangesNothing) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  auto before = a.call("room.sync", {{"room", room}, {"since", 0}})["result"]["version"];

  auto reply = a.call("game.move", {{"room", room}, {"move", "e1-e2"}});  // own stone on e2
  EXPECT_EQ(error_code(reply), "illegal_move") << reply.dump();
  EXPECT_EQ(reply["error"]["code"], -32000);
  EXPECT_EQ(reply["error"]["data"]["field"], "move");
  EXPECT_FALSE(reply["error"]["message"].get<std::string>().empty());

  auto garbage = a.call("game.move", {{"room", room}, {"move", "hello"}});
  EXPECT_EQ(error_code(garbage), "bad_notation") << garbage.dump();

  auto after = a.call("room.sync", {{"room", room}, {"since", 0}})["result"]["version"];
  EXPECT_EQ(before, after);
  auto moves = legal_moves(a, room);
  EXPECT_EQ(moves["to_move"], 0);
}

TEST(GameFlow, OutOfTurnSpectatorAndNonMemberMovesAreRefused) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port()), watcher(srv.port()), stranger(srv.port());
  a.hello("alice");
  b.hello("bob");
  watcher.hello("carol");
  stranger.hello("dave");
  std::string room = start_sisyphos(a, b);
  watcher.call("room.spectate", {{"room", room}});
  std::string first = legal_moves(a, room)["moves"][0];

  EXPECT_EQ(error_code(b.call("game.move", {{"room", room}, {"move", first}})), "not_your_turn");
  EXPECT_EQ(error_code(watcher.call("game.move", {{"room", room}, {"move", first}})),
            "not_your_seat");
  EXPECT_EQ(error_code(stranger.call("game.move", {{"room", room}, {"move", first}})),
            "not_your_seat");
  EXPECT_EQ(error_code(stranger.call("game.resign", {{"room", room}})), "not_your_seat");
  // The refused attempts changed nothing: the right player can still play that move.
  EXPECT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", first}})), "");
}

TEST(GameFlow, StaleVersionIsRejectedAndCurrentVersionAccepted) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  std::int64_t v0 = a.call("room.sync", {{"room", room}, {"since", 0}})["result"]["version"];
  std::string m1 = legal_moves(a, room)["moves"][0];
  auto r1 = a.call("game.move", {{"room", room}, {"move", m1}, {"version", v0}});
  ASSERT_EQ(error_code(r1), "") << r1.dump();
  std::int64_t v1 = r1["result"]["version"];
  EXPECT_EQ(v1, v0 + 1);

  std::string m2 = legal_moves(b, room)["moves"][0];
  auto stale = b.call("game.move", {{"room", room}, {"move", m2}, {"version", v0}});
  EXPECT_EQ(error_code(stale), "stale_version") << stale.dump();
  EXPECT_EQ(stale["error"]["data"]["field"], "version");
  auto future = b.call("game.move", {{"room", room}, {"move", m2}, {"version", v1 + 5}});
  EXPECT_EQ(error_code(future), "stale_version");
  EXPECT_EQ(error_code(b.call("game.move", {{"room", room}, {"move", m2}, {"version", v1}})), "");
}

// A move waits for the journal's group commit before it is answered; whatever reaches the room
// meanwhile is held and runs after it, on the state the move left (never on the one before).
TEST(GameFlow, RequestsRightBehindAMoveSeeIt) {
  test_server srv;
  ws_client b(srv.port());
  b.hello("bob");
  raw_ws a(srv.port());
  std::map<std::int64_t, json> responses;  // read but not yet asked for
  auto read_response = [&](std::int64_t id) -> json {
    for (int i = 0; i < 50 && !responses.contains(id); ++i) {
      auto f = a.read_data();
      if (!f) break;
      auto msg = json::parse(f->payload);
      if (msg.contains("id")) responses[msg["id"]] = msg;
    }
    if (!responses.contains(id)) ADD_FAILURE() << "no response " << id;
    return responses[id];
  };
  a.send_request(1, "hello", R"({"protocol":1,"name":"alice"})");
  ASSERT_EQ(error_code(read_response(1)), "");
  auto created = b.call("room.create", {{"game", "sisyphos"}});
  std::string room = created["result"]["room"];
  a.send_request(2, "room.join", json{{"room", room}}.dump());
  ASSERT_EQ(error_code(read_response(2)), "");
  ASSERT_TRUE(b.wait_event("game_started", room));
  ASSERT_EQ(
      error_code(b.call("game.move", {{"room", room}, {"move", legal_moves(b, room)["moves"][0]}})),
      "");
  std::int64_t v0 = b.call("room.sync", {{"room", room}, {"since", 0}})["result"]["version"];
  json moves = legal_moves(b, room)["moves"];  // alice's
  ASSERT_GE(moves.size(), 2u);

  // Three requests in one TCP write: the server reads them in one turn, so the second move and
  // the sync reach the room while the first move's events are being written.
  a.send_bytes(encode_ws_request(11, "game.move", json{{"room", room}, {"move", moves[0]}}.dump()) +
               encode_ws_request(12, "game.move", json{{"room", room}, {"move", moves[1]}}.dump()) +
               encode_ws_request(13, "room.sync", json{{"room", room}, {"since", v0}}.dump()));
  json r1 = read_response(11), r2 = read_response(12), rs = read_response(13);
  ASSERT_EQ(error_code(r1), "") << r1.dump();
  EXPECT_EQ(r1["result"]["version"], v0 + 1);
  EXPECT_EQ(error_code(r2), "not_your_turn") << r2.dump();
  ASSERT_EQ(error_code(rs), "") << rs.dump();
  EXPECT_EQ(rs["result"]["version"], v0 + 1);
  ASSERT_EQ(rs["result"]["events"].size(), 1u);
  EXPECT_EQ(rs["result"]["events"][0]["move"], moves[0]);
}

TEST(GameFlow, ResignationEndsTheGameForTheOpponent) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  ASSERT_EQ(error_code(b.call("game.resign", {{"room", room}})), "");
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "resignation");
  EXPECT_EQ((*over)["outcome"]["winners"], json::array({0}));
  EXPECT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", "e3-d4"}})), "game_over");
  // Nobody is to move in a game the room ended, although the engine's position has a mover.
  json snapshot = snapshot_of(a, room);
  EXPECT_TRUE(snapshot["to_move"].is_null());
  EXPECT_EQ(snapshot["to_act"], json::array());
  auto view = a.call("game.view", {{"room", room}});
  EXPECT_EQ(view["result"]["to_act"], json::array());
}

TEST(GameFlow, TheSnapshotSaysWhoActsWhileTheGameIsOn) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  json snapshot = snapshot_of(b, room);
  EXPECT_EQ(snapshot["to_move"], 0);
  EXPECT_EQ(snapshot["to_act"], (json::array({{{"seat", 0}, {"decision", "move"}}})));
  EXPECT_EQ(snapshot["to_act"], a.call("game.view", {{"room", room}})["result"]["to_act"]);
}

TEST(GameFlow, CreatorStartsAndPrivateRoomsNeedTheInviteCode) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port()), c(srv.port());
  a.hello("alice");
  b.hello("bob");
  c.hello("carol");
  auto created =
      a.call("room.create", {{"game", "sisyphos"}, {"public", false}, {"auto_start", false}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  std::string code = created["result"]["invite_code"];
  EXPECT_EQ(error_code(b.call("room.join", {{"room", room}})), "bad_invite_code");
  EXPECT_EQ(error_code(b.call("room.join", {{"room", room}, {"invite_code", "wrong"}})),
            "bad_invite_code");
  EXPECT_EQ(error_code(a.call("room.start", {{"room", room}})), "not_enough_players");
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}, {"invite_code", code}})), "");
  EXPECT_EQ(error_code(c.call("room.join", {{"room", room}, {"invite_code", code}})), "room_full");
  EXPECT_EQ(error_code(b.call("room.start", {{"room", room}})), "not_creator");
  // The private room is not listed in the lobby.
  EXPECT_TRUE(c.call("lobby.list")["result"]["rooms"].empty());
  ASSERT_EQ(error_code(a.call("room.start", {{"room", room}})), "");
  EXPECT_TRUE(b.wait_event("game_started", room));
}

TEST(GameFlow, RoomCreationValidatesGameSeatsAndParameters) {
  test_server srv;
  ws_client a(srv.port());
  a.hello("alice");
  EXPECT_EQ(error_code(a.call("room.create", {{"game", "chess"}})), "unknown_game");
  auto bad_param = a.call("room.create", {{"game", "sisyphos"}, {"params", {{"colour", 1}}}});
  EXPECT_EQ(error_code(bad_param), "bad_parameter");
  EXPECT_EQ(bad_param["error"]["data"]["field"], "colour");
  EXPECT_EQ(error_code(a.call("room.create", {{"game", "sisyphos"}, {"seats", 3}})), "bad_seats");
  EXPECT_EQ(error_code(a.call("room.create", {{"game", "sisyphos"}, {"seat", 2}})), "bad_seat");
  auto ok = a.call("room.create", {{"game", "sisyphos"},
                                   {"params", {{"edition", "perlhuhn2007"}, {"move_limit", 30}}}});
  ASSERT_EQ(error_code(ok), "") << ok.dump();
  EXPECT_EQ(ok["result"]["snapshot"]["params"]["edition"], "perlhuhn2007");
  EXPECT_EQ(ok["result"]["snapshot"]["params"]["move_limit"], 30);
}

// The game is set up for the room's seats at creation: what would only fail at the start (a board
// for other seat counts, a handicap a board or seat cannot take) is refused with the right code.
TEST(GameFlow, RoomCreationSetsTheGameUpForItsSeats) {
  test_server srv;
  ws_client a(srv.port());
  a.hello("alice");
  auto create = [&](const std::string& game, int seats, json params) {
    return a.call("room.create", {{"game", game}, {"seats", seats}, {"params", params}});
  };
  auto seven = create("amazons", 2, {{"board_size", 7}});
  EXPECT_EQ(error_code(seven), "bad_parameter");
  EXPECT_EQ(seven["error"]["data"]["field"], "board_size");
  for (const char* board : {"disc-small", "triangle-64", "triangle-256"}) {
    auto four = create("shiamgon", 4, {{"board", board}});
    EXPECT_EQ(error_code(four), "bad_seats") << board;
    EXPECT_EQ(four["error"]["data"]["field"], "seats") << board;
    EXPECT_NE(four["error"]["message"].get<std::string>().find(board), std::string::npos);
  }
  auto on_triangle = create("shiamgon", 3, {{"board", "triangle-64"}, {"handicap_seat_0", 2}});
  EXPECT_EQ(error_code(on_triangle), "bad_parameter");
  EXPECT_EQ(on_triangle["error"]["data"]["field"], "handicap_seat_0");
  auto no_such_seat = create("shiamgon", 3, {{"handicap_seat_4", 1}});
  EXPECT_EQ(error_code(no_such_seat), "bad_parameter");
  EXPECT_EQ(no_such_seat["error"]["data"]["field"], "handicap_seat_4");
  auto first = create("esiema", 2, {{"first_seat", 2}, {"first_by_lot", false}});
  EXPECT_EQ(error_code(first), "bad_parameter");
  EXPECT_EQ(first["error"]["data"]["field"], "first_seat");
  EXPECT_TRUE(a.call("lobby.list")["result"]["rooms"].empty()) << "a refused room was opened";

  for (int seats : {3, 5}) {
    EXPECT_EQ(error_code(create("shiamgon", seats, {{"board", "disc-small"}})), "") << seats;
  }
  EXPECT_EQ(error_code(create("shiamgon", 3, {{"board", "triangle-64"}})), "");
  EXPECT_EQ(error_code(create("amazons", 2, {{"board_size", 8}})), "");
}

// One listed setup is not every setup: the reply must not say the list is complete.
TEST(GameFlow, ArimaaSetupListingIsNotComplete) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  auto created = a.call("room.create", {{"game", "arimaa"}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room));
  ws_client* seat[2] = {&a, &b};
  for (int setup = 0; setup < 2; ++setup) {
    auto listed = legal_moves(a, room);
    ASSERT_EQ(listed["moves"].size(), 1u) << listed.dump();
    EXPECT_EQ(listed["complete"], false) << listed.dump();
    // Any legal setup is taken, listed or not: Gold swaps its horses and dogs.
    std::string move = setup == 0
                           ? "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
                           : listed["moves"][0].get<std::string>();
    auto played = seat[setup]->call("game.move", {{"room", room}, {"move", move}});
    ASSERT_EQ(error_code(played), "") << played.dump();
  }
  auto turns = legal_moves(a, room);
  EXPECT_EQ(turns["complete"], true);
  EXPECT_GT(turns["moves"].size(), 1000u);
}

TEST(GameFlow, RoomsPerIdentityAreLimited) {
  auto limit = test_limits();
  limit.rooms_per_identity = 2;
  test_server srv(limit);
  ws_client a(srv.port());
  a.hello("alice");
  EXPECT_EQ(error_code(a.call("room.create", {{"game", "sisyphos"}})), "");
  EXPECT_EQ(error_code(a.call("room.create", {{"game", "sisyphos"}})), "");
  EXPECT_EQ(error_code(a.call("room.create", {{"game", "sisyphos"}})), "too_many_rooms");
}

}  // namespace
}  // namespace boardroom::test
