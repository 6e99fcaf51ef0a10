// Games of three or more go on without a seat whose player resigned or, in rooms created with
// `"vacated_seats": "retire"`, did not come back: the seat retires from play (`seat_retired`).

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

// Creates a three-player Esiema room as `a` with `extra` fields, seats `b` and `c`; the game
// starts.
std::string start_esiema(ws_client& a, ws_client& b, ws_client& c, json extra = json::object()) {
  json params{{"game", "esiema"}, {"seats", 3}};
  params.update(extra);
  auto created = a.call("room.create", params);
  EXPECT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  EXPECT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  EXPECT_EQ(error_code(c.call("room.join", {{"room", room}})), "");
  EXPECT_TRUE(a.wait_event("game_started", room).has_value());
  return room;
}

// Plays `moves` listed moves for whoever is to move among `seats` (nullptr: retired).
void play_listed(ws_client* seats[3], const std::string& room, int moves) {
  for (int i = 0; i < moves; ++i) {
    ws_client& any = *(seats[0] ? seats[0] : seats[2]);
    auto listed = legal_moves(any, room);
    ASSERT_TRUE(listed.contains("moves")) << listed.dump();
    int p = listed["to_move"];
    ASSERT_NE(seats[p], nullptr) << "a retired seat is to move";
    ASSERT_FALSE(listed["moves"].empty());
    auto reply = seats[p]->call("game.move", {{"room", room}, {"move", listed["moves"][0]}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
  }
}

TEST(Retirement, AnAbandonedSeatRetiresAndTheOthersFinishTheGame) {
  server::limits limit = test_limits();
  limit.reconnect_grace = 300ms;
  test_server srv(limit);
  ws_client a(srv.port()), c(srv.port());
  auto b = std::make_unique<ws_client>(srv.port());
  a.hello("ann");
  std::string bob = b->hello("bob")["player"];
  c.hello("cid");
  std::string room = start_esiema(a, *b, c, {{"vacated_seats", "retire"}});
  EXPECT_EQ(snapshot_of(a, room)["vacated_seats"], "retire");
  b.reset();  // bob's connection drops and he never returns

  auto retired = a.wait_event("seat_retired", room, 5s);
  ASSERT_TRUE(retired);
  EXPECT_EQ((*retired)["seat"], 1);
  EXPECT_EQ((*retired)["player"], bob);
  EXPECT_EQ((*retired)["reason"], "abandonment");
  EXPECT_NE((*retired)["to_move"], 1);
  json snap = snapshot_of(a, room);
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(snap["seats"][1]["retired"], true);
  EXPECT_EQ(snap["seats"][1]["bot"], nullptr);
  EXPECT_EQ(snap["seats"][0]["retired"], false);
  EXPECT_EQ(snap["position"], (*retired)["position"]);

  // Ann and Cid play on, and seat 1 is never to move again.
  ws_client* seats[3] = {&a, nullptr, &c};
  play_listed(seats, room, 12);
  if (HasFatalFailure()) return;

  // Cid resigns: Ann is the last player left and wins; the later retirement ranks higher.
  auto resigned = c.call("game.resign", {{"room", room}});
  ASSERT_EQ(error_code(resigned), "") << resigned.dump();
  auto cid_out = a.wait_event("seat_retired", room);
  ASSERT_TRUE(cid_out);
  EXPECT_EQ((*cid_out)["seat"], 2);
  EXPECT_EQ((*cid_out)["reason"], "resignation");
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "last_player");
  EXPECT_EQ((*over)["outcome"]["ranks"], json::array({1, 3, 2}));
  EXPECT_EQ((*over)["outcome"]["winners"], json::array({0}));
  EXPECT_EQ(resigned["result"]["version"], (*over)["version"]);
}

TEST(Retirement, ResigningInAThreePlayerGameRetiresTheSeatWhateverThePolicy) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port()), c(srv.port());
  a.hello("ann");
  b.hello("bob");
  c.hello("cid");
  std::string room = start_esiema(a, b, c);  // the default policy: "bot"
  EXPECT_EQ(snapshot_of(a, room)["vacated_seats"], "bot");

  auto resigned = a.call("game.resign", {{"room", room}});
  ASSERT_EQ(error_code(resigned), "") << resigned.dump();
  auto retired = b.wait_event("seat_retired", room);
  ASSERT_TRUE(retired);
  EXPECT_EQ((*retired)["seat"], 0);
  EXPECT_EQ((*retired)["reason"], "resignation");
  EXPECT_EQ(resigned["result"]["version"], (*retired)["version"]);
  json snap = snapshot_of(a, room);  // Ann stays and watches
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(snap["seats"][0]["retired"], true);
  EXPECT_EQ(snap["seats"][0]["bot"], nullptr);
  EXPECT_NE(snap["to_move"], 0);

  auto again = a.call("game.resign", {{"room", room}});
  EXPECT_EQ(error_code(again), "not_your_seat");
  EXPECT_EQ(again["error"]["message"], "you retired from this game; you can watch it");

  ws_client* seats[3] = {nullptr, &b, &c};
  play_listed(seats, room, 4);
  if (HasFatalFailure()) return;
  EXPECT_TRUE(a.wait_event("move", room).has_value());  // the retired player still hears
}

TEST(Retirement, ThePolicyAndTheRetiredSeatsSurviveARestart) {
  temp_dir dir;
  json cid;
  std::string room;
  json before;
  {
    test_server srv(on_dir(dir.path()));
    ws_client a(srv.port()), b(srv.port()), c(srv.port());
    a.hello("ann");
    b.hello("bob");
    cid = c.hello("cid");
    room = start_esiema(a, b, c, {{"vacated_seats", "retire"}});
    ws_client* seats[3] = {&a, &b, &c};
    play_listed(seats, room, 3);
    if (HasFatalFailure()) return;
    ASSERT_EQ(error_code(a.call("game.resign", {{"room", room}})), "");
    ASSERT_TRUE(c.wait_event("seat_retired", room).has_value());
    before = snapshot_of(c, room);
  }
  auto limit = test_limits();
  limit.reconnect_grace = 300ms;
  test_server srv(on_dir(dir.path(), limit));
  ws_client c(srv.port());
  EXPECT_EQ(c.hello("cid", cid["resume_token"].get<std::string>())["rooms"], json::array({room}));
  json snap = snapshot_of(c, room);
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(snap["vacated_seats"], "retire");
  EXPECT_EQ(snap["seats"][0]["retired"], true);
  EXPECT_EQ(snap["position"], before["position"]);
  EXPECT_EQ(snap["to_move"], before["to_move"]);

  // Bob does not come back: under the room's policy his seat retires too, and Cid has won.
  auto retired = c.wait_event("seat_retired", room, 5s);
  ASSERT_TRUE(retired);
  EXPECT_EQ((*retired)["seat"], 1);
  EXPECT_EQ((*retired)["reason"], "abandonment");
  auto over = c.wait_event("game_over", room, 5s);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "last_player");
  EXPECT_EQ((*over)["outcome"]["ranks"], json::array({3, 2, 1}));
}

TEST(Retirement, AnUnknownPolicyOrOneTheGameCannotFollowIsRefused) {
  test_server srv;
  ws_client a(srv.port());
  a.hello("ann");
  auto unknown =
      a.call("room.create", {{"game", "esiema"}, {"seats", 3}, {"vacated_seats", "kick"}});
  EXPECT_EQ(error_code(unknown), "bad_vacated_seats");
  EXPECT_EQ(unknown["error"]["data"]["field"], "vacated_seats");
  EXPECT_EQ(unknown["error"]["message"], "vacated_seats is \"bot\" or \"retire\", not \"kick\"");
  auto arimaa = a.call("room.create", {{"game", "arimaa"}, {"vacated_seats", "retire"}});
  EXPECT_EQ(error_code(arimaa), "bad_vacated_seats") << arimaa.dump();
  EXPECT_EQ(arimaa["error"]["message"],
            "Arimaa has no rule for a player who leaves the game: vacated seats can only be "
            "played on by the bot");
  EXPECT_EQ(error_code(a.call("room.create", {{"game", "esiema"}, {"vacated_seats", 1}})),
            "wrong_type");
  auto shiamgon =
      a.call("room.create", {{"game", "shiamgon"}, {"seats", 3}, {"vacated_seats", "retire"}});
  EXPECT_EQ(error_code(shiamgon), "") << shiamgon.dump();
  EXPECT_EQ(shiamgon["result"]["snapshot"]["vacated_seats"], "retire");
}

}  // namespace
}  // namespace boardroom::test
