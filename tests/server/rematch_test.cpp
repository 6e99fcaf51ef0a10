// Rematches over real sockets: the players of a finished game ask one by one, the last request
// opens a room on the same terms with the seats turned, and everyone hears where the game went;
// a rematch a leaver calls off (or, leaving while it opens, ends unplayed), bots that turn with the
// seats, the creator's room limit, a room the store cannot open, a tournament's game, and the
// requests a hostile client would send.

#include <algorithm>
#include <memory>
#include <optional>
#include <thread>

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"
#include "tests/support/faulty_store.hpp"

namespace boardroom::test {
namespace rematch_tests {

bool is(const json& n, const std::string& method) {
  return n.value("method", "") == method;
}

std::optional<json> notice(ws_client& c, const std::string& method,
                           std::chrono::milliseconds timeout = 5s) {
  auto n = c.wait_notification([&](const json& j) { return is(j, method); }, timeout);
  return n ? std::optional<json>((*n)["params"]) : std::nullopt;
}

json rematch(ws_client& c, const std::string& room) {
  return c.call("room.rematch", {{"room", room}});
}

// A rematch refused as unavailable, for the reason `why`.
void expect_unavailable(ws_client& c, const std::string& room, const std::string& why) {
  auto refused = rematch(c, room);
  EXPECT_EQ(error_code(refused), "rematch_unavailable") << refused.dump();
  EXPECT_EQ(refused["error"]["message"], why);
}

// Alice (seat 0) and Bob (seat 1) start a Sisyphos game and Alice resigns it.
std::string finished_game(ws_client& alice, ws_client& bob) {
  std::string room = start_sisyphos(alice, bob);
  EXPECT_EQ(error_code(rematch(alice, room)), "game_not_over");
  EXPECT_EQ(error_code(alice.call("game.resign", {{"room", room}})), "");
  EXPECT_TRUE(bob.wait_event("game_over", room));
  EXPECT_TRUE(alice.wait_event("game_over", room));
  return room;
}

TEST(Rematch, BothAskingOpensARoomOnTheSameTermsWithTheSeatsSwapped) {
  test_server srv;
  ws_client alice(srv.port()), bob(srv.port()), carol(srv.port());
  const std::string a = alice.hello("alice")["player"];
  const std::string b = bob.hello("bob")["player"];
  carol.hello("carol");
  auto created = alice.call(
      "room.create",
      {{"game", "amazons"}, {"params", {{"board_size", 6}}}, {"time_control", "fischer:5m+2s"}});
  const std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(bob.call("room.join", {{"room", room}})), "");
  ASSERT_EQ(error_code(carol.call("room.spectate", {{"room", room}})), "");
  ASSERT_TRUE(alice.wait_event("game_started", room));
  EXPECT_EQ(error_code(rematch(bob, room)), "game_not_over");
  ASSERT_EQ(error_code(alice.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(carol.wait_event("game_over", room));

  EXPECT_EQ(error_code(rematch(carol, room)), "not_your_seat") << "a spectator does not play";
  auto asked = rematch(alice, room);
  ASSERT_EQ(error_code(asked), "") << asked.dump();
  EXPECT_EQ(asked["result"]["rematch"], nullptr);
  EXPECT_EQ(asked["result"]["waiting_for"], json::array({1}));
  auto told = notice(bob, "room.rematch_asked");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["room"], room);
  EXPECT_EQ((*told)["seat"], 0);
  EXPECT_EQ((*told)["name"], "alice");
  EXPECT_EQ((*told)["waiting_for"], json::array({1}));
  ASSERT_TRUE(notice(carol, "room.rematch_asked")) << "spectators see the offer too";
  // Asking twice is asking once: the same answer, and nobody is told again.
  EXPECT_EQ(rematch(alice, room)["result"], asked["result"]);
  EXPECT_FALSE(notice(bob, "room.rematch_asked", 300ms));

  auto opened = rematch(bob, room);
  ASSERT_EQ(error_code(opened), "") << opened.dump();
  const std::string next = opened["result"]["rematch"];
  EXPECT_NE(next, room);
  EXPECT_EQ(opened["result"]["seat"], 0) << "Bob moves up from seat 1 to seat 0";
  EXPECT_EQ(opened["result"]["waiting_for"], json::array());

  for (auto [c, seat] : {std::pair{&alice, 1}, std::pair{&bob, 0}}) {
    auto assigned = notice(*c, "game.assigned");
    ASSERT_TRUE(assigned);
    EXPECT_EQ((*assigned)["room"], next);
    EXPECT_EQ((*assigned)["seat"], seat);
    EXPECT_EQ((*assigned)["via"], "rematch");
    EXPECT_EQ((*assigned)["rematch"], room);
    EXPECT_EQ((*assigned)["game"], "amazons");
    EXPECT_EQ((*assigned)["time_control"], "fischer:5m+2s");
    EXPECT_EQ((*assigned)["players"][0]["player"], b);
    EXPECT_EQ((*assigned)["players"][1]["player"], a);
    ASSERT_TRUE(c->wait_event("game_started", next));
  }
  auto moved = notice(carol, "room.rematched");
  ASSERT_TRUE(moved);
  EXPECT_EQ((*moved)["room"], room);
  EXPECT_EQ((*moved)["rematch"], next);

  // The same game (its parameters and clock), Bob first.
  auto snap = snapshot_of(bob, next);
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(snap["seats"][0]["player"], b);
  EXPECT_EQ(snap["seats"][1]["player"], a);
  EXPECT_EQ(snap["spec"], snapshot_of(carol, room)["spec"]);
  EXPECT_EQ(snap["params"]["board_size"], 6);
  EXPECT_EQ(snap["time_control"], "fischer:5m+2s");
  EXPECT_EQ(snap["to_move"], 0);
  auto first = legal_moves(bob, next)["moves"][0];
  EXPECT_EQ(error_code(alice.call("game.move", {{"room", next}, {"move", first}})),
            "not_your_turn");
  EXPECT_EQ(error_code(bob.call("game.move", {{"room", next}, {"move", first}})), "");
  // Asked again afterwards: where the rematch is.
  EXPECT_EQ(rematch(alice, room)["result"]["rematch"], next);

  // The players left the finished room; when its spectator goes too, it closes.
  ASSERT_EQ(error_code(carol.call("room.leave", {{"room", room}})), "");
  for (int i = 0;
       i < 100 && error_code(carol.call("room.spectate", {{"room", room}})) != "unknown_room"; ++i)
    std::this_thread::sleep_for(20ms);
  EXPECT_EQ(error_code(carol.call("room.spectate", {{"room", room}})), "unknown_room");
  EXPECT_EQ(error_code(rematch(alice, room)), "unknown_room");
  // Both games keep their own records.
  EXPECT_EQ(http_get(srv.port(), "/api/v1/records/" + room).status, 200);
}

TEST(Rematch, APlayerWhoLeavesOrDropsCallsItOff) {
  test_server srv;
  ws_client alice(srv.port()), bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  std::string room = finished_game(alice, bob);
  ASSERT_EQ(error_code(rematch(alice, room)), "");
  ASSERT_EQ(error_code(bob.call("room.leave", {{"room", room}})), "");
  auto off = notice(alice, "room.rematch_called_off");
  ASSERT_TRUE(off);
  EXPECT_EQ((*off)["room"], room);
  EXPECT_EQ((*off)["reason"], "bob left the room");
  expect_unavailable(alice, room, "bob left the room");
  EXPECT_EQ(error_code(rematch(bob, room)), "rematch_unavailable");

  ws_client carol(srv.port()), dave(srv.port());
  carol.hello("carol");
  dave.hello("dave");
  std::string second = start_sisyphos(carol, dave);
  ASSERT_EQ(error_code(dave.call("game.resign", {{"room", second}})), "");
  ASSERT_TRUE(carol.wait_event("game_over", second));
  ASSERT_EQ(error_code(rematch(dave, second)), "");
  carol.drop();
  auto dropped = notice(dave, "room.rematch_called_off");
  ASSERT_TRUE(dropped);
  EXPECT_EQ((*dropped)["reason"], "carol is no longer connected");
  EXPECT_EQ(error_code(rematch(dave, second)), "rematch_unavailable");
}

// Alice asked for a rematch of a finished game; Bob's request completes the set while the store is
// slow (and, with `store_refuses`, refuses the new room), and Alice (or Bob himself) leaves the
// finished room while the new one is being written: too late to call the rematch off.
struct left_while_opening {
  temp_dir dir;
  std::shared_ptr<faulty_store> faulty = faulty_store_in(dir.path());
  test_server srv{with_store(faulty)};
  ws_client alice{srv.port()}, bob{srv.port()};
  std::string room;
  std::optional<json> answer;  // to Bob's request

  explicit left_while_opening(bool bob_leaves, bool store_refuses = false) {
    alice.hello("alice");
    bob.hello("bob");
    room = finished_game(alice, bob);
    EXPECT_EQ(error_code(rematch(alice, room)), "");
    faulty->watch_threads();
    faulty->slow_writes(400ms);
    faulty->fail_call("create_room", store_refuses);
    const auto asked = bob.send_request("room.rematch", {{"room", room}});
    auto creating = [&] {
      const auto calls = faulty->calls();
      return std::any_of(calls.begin(), calls.end(),
                         [](const auto& c) { return c.first == "create_room"; });
    };
    for (int i = 0; i < 200 && !creating(); ++i)
      std::this_thread::sleep_for(10ms);
    EXPECT_TRUE(creating()) << "the new room is being written";
    ws_client& leaver = bob_leaves ? bob : alice;
    EXPECT_EQ(error_code(leaver.call("room.leave", {{"room", room}})), "");
    faulty->slow_writes(0ms);
    answer = bob.wait_response(asked);
  }
};

// The new room's game ends at once without a result, and Alice is out of it.
TEST(Rematch, APlayerWhoLeavesWhileItOpensEndsItsGameUnplayed) {
  left_while_opening t(false);
  ASSERT_TRUE(t.answer);
  ASSERT_EQ(error_code(*t.answer), "") << t.answer->dump();
  const std::string next = (*t.answer)["result"]["rematch"];
  auto over = t.bob.wait_event("game_over", next);
  ASSERT_TRUE(over) << "the new room's game ends";
  EXPECT_EQ((*over)["outcome"]["reason"], "aborted");
  EXPECT_EQ((*over)["outcome"]["description"], "alice left before the rematch began");
  EXPECT_EQ((*over)["outcome"]["scores"], json::array({0.0, 0.0}));
  ASSERT_TRUE(t.alice.wait_event("game_over", next)) << "she was seated in it until then";
  // Nobody moved in it, and no rematch of it either.
  auto seen = snapshot_of(t.bob, next);
  EXPECT_EQ(seen["status"], "finished");
  EXPECT_EQ(seen["moves"], json::array());
  EXPECT_EQ(error_code(rematch(t.bob, next)), "rematch_unavailable");
  // Alice is out of it: once Bob leaves, nobody is left and it closes, though her connection is up.
  ASSERT_EQ(error_code(t.bob.call("room.leave", {{"room", next}})), "");
  std::string code;
  for (int i = 0; i < 100 && code != "unknown_room"; ++i) {
    code = error_code(t.alice.call("room.sync", {{"room", next}, {"since", 0}}));
    if (code != "unknown_room") std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(code, "unknown_room");
}

// The new room could not be written: the leave, held back while it was, now calls the rematch off
// for good, as a leave does.
TEST(Rematch, AnOpeningThatFailsAfterALeaveCallsItOffForGood) {
  left_while_opening t(false, true);
  ASSERT_TRUE(t.answer);
  EXPECT_EQ(error_code(*t.answer), "storage_failed") << t.answer->dump();
  auto off = notice(t.bob, "room.rematch_called_off");
  ASSERT_TRUE(off);
  EXPECT_EQ((*off)["reason"], "alice left the room");
  t.faulty->fail_call("create_room", false);
  expect_unavailable(t.bob, t.room, "alice left the room");
}

// The same when the leaver's own request completed the set: its answer says why there is no game.
TEST(Rematch, AnAskerWhoLeavesWhileItOpensIsToldThereIsNoGame) {
  left_while_opening t(true);
  ASSERT_TRUE(t.answer);
  EXPECT_EQ(error_code(*t.answer), "rematch_unavailable") << t.answer->dump();
  EXPECT_EQ((*t.answer)["error"]["message"], "you left the room before the rematch opened");
  auto moved = notice(t.alice, "room.rematched");
  ASSERT_TRUE(moved);
  auto over = t.alice.wait_event("game_over", (*moved)["rematch"]);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["description"], "bob left before the rematch began");
}

TEST(Rematch, BotsTurnWithTheSeatsAndAOnePersonRematchOpensAtOnce) {
  test_server srv;
  ws_client alice(srv.port());
  alice.hello("alice");
  auto created =
      alice.call("room.create",
                 {{"game", "sisyphos"}, {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})}});
  const std::string room = created["result"]["room"];
  ASSERT_TRUE(alice.wait_event("game_started", room));
  ASSERT_EQ(error_code(alice.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(alice.wait_event("game_over", room));
  auto opened = rematch(alice, room);
  ASSERT_EQ(error_code(opened), "") << opened.dump();
  const std::string next = opened["result"]["rematch"];
  EXPECT_EQ(opened["result"]["seat"], 1);
  // game.assigned comes before the new room's first event.
  std::vector<json> frames;
  for (int i = 0; i < 100; ++i) {
    for (auto& f : alice.drain())
      frames.push_back(std::move(f));
    if (std::ranges::any_of(frames, [&](const json& f) { return is(f, "room.event"); })) break;
    std::this_thread::sleep_for(20ms);
  }
  auto first_of = [&](auto pred) { return std::ranges::find_if(frames, pred) - frames.begin(); };
  const auto assigned_at = first_of([](const json& f) { return is(f, "game.assigned"); });
  const auto event_at =
      first_of([&](const json& f) { return is(f, "room.event") && f["params"]["room"] == next; });
  ASSERT_LT(event_at, static_cast<std::ptrdiff_t>(frames.size())) << "no event of the new room";
  EXPECT_LT(assigned_at, event_at);
  std::optional<json> assigned = frames[static_cast<std::size_t>(assigned_at)]["params"];
  EXPECT_EQ((*assigned)["players"][0]["bot"], "random");
  EXPECT_EQ((*assigned)["players"][1]["name"], "alice");
  // The bot holds seat 0 now and opens the game.
  auto moved = std::ranges::find_if(
      frames, [&](const json& f) { return is(f, "room.event") && f["params"]["type"] == "move"; });
  json move = moved != frames.end() ? (*moved)["params"] : *alice.wait_event("move", next);
  EXPECT_EQ(move["room"], next);
  EXPECT_EQ(move["seat"], 0);
}

TEST(Rematch, APrivateRoomsRematchKeepsItsInviteCode) {
  test_server srv;
  ws_client alice(srv.port()), bob(srv.port()), carol(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  carol.hello("carol");
  auto created = alice.call("room.create", {{"game", "sisyphos"}, {"public", false}});
  const std::string room = created["result"]["room"];
  const std::string code = created["result"]["invite_code"];
  ASSERT_EQ(error_code(bob.call("room.join", {{"room", room}, {"invite_code", code}})), "");
  ASSERT_TRUE(alice.wait_event("game_started", room));
  ASSERT_EQ(error_code(bob.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(alice.wait_event("game_over", room));
  ASSERT_EQ(error_code(rematch(bob, room)), "");
  auto opened = rematch(alice, room);
  ASSERT_EQ(error_code(opened), "") << opened.dump();
  const std::string next = opened["result"]["rematch"];
  EXPECT_EQ(snapshot_of(alice, next)["public"], false);
  EXPECT_EQ(error_code(carol.call("room.spectate", {{"room", next}})), "bad_invite_code");
  EXPECT_EQ(error_code(carol.call("room.spectate", {{"room", next}, {"invite_code", code}})), "");
}

TEST(Rematch, ARoomTheStoreCannotOpenIsStorageFailedAndAskedAgainOpens) {
  temp_dir dir;
  auto faulty = faulty_store_in(dir.path());
  test_server srv(with_store(faulty));
  ws_client alice(srv.port()), bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  std::string room = finished_game(alice, bob);
  ASSERT_EQ(error_code(rematch(alice, room)), "");
  faulty->fail_call("create_room", true);
  EXPECT_EQ(error_code(rematch(bob, room)), "storage_failed");
  for (const auto& frame : alice.drain())
    EXPECT_FALSE(is(frame, "game.assigned") || is(frame, "room.rematched")) << frame.dump();
  faulty->fail_call("create_room", false);
  auto opened = rematch(bob, room);
  ASSERT_EQ(error_code(opened), "") << opened.dump();
  EXPECT_TRUE(notice(alice, "game.assigned"));
}

TEST(Rematch, TheRoomCountsAgainstTheLastAskersLimit) {
  auto limit = test_limits();
  limit.rooms_per_identity = 1;
  test_server srv(limit);
  ws_client alice(srv.port()), bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  std::string room = finished_game(alice, bob);  // Alice's one room
  auto own = bob.call("room.create", {{"game", "amazons"}});
  ASSERT_EQ(error_code(own), "");
  ASSERT_EQ(error_code(rematch(alice, room)), "");
  auto refused = rematch(bob, room);
  EXPECT_EQ(error_code(refused), "too_many_rooms") << refused.dump();
  // Once Bob's other room is gone, his request opens the rematch.
  ASSERT_EQ(error_code(bob.call("room.leave", {{"room", own["result"]["room"]}})), "");
  json opened;
  for (int i = 0; i < 100; ++i) {
    opened = rematch(bob, room);
    if (error_code(opened) != "too_many_rooms") break;
    std::this_thread::sleep_for(20ms);
  }
  ASSERT_EQ(error_code(opened), "") << opened.dump();
  EXPECT_TRUE(opened["result"]["rematch"].is_string());
  // The finished room closed with its players gone: it no longer counts against Alice.
  json again;
  for (int i = 0; i < 100; ++i) {
    again = alice.call("room.create", {{"game", "amazons"}});
    if (error_code(again) != "too_many_rooms") break;
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(error_code(again), "") << again.dump();
}

TEST(Rematch, RoomsOpenedByRematchesCountAgainstTheAddressesRoomRate) {
  auto limit = test_limits();
  limit.rooms_per_minute_per_address = 2;
  test_server srv(limit);
  ws_client alice(srv.port());
  alice.hello("alice");
  auto created =
      alice.call("room.create",
                 {{"game", "sisyphos"}, {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})}});
  std::string room = created["result"]["room"];
  auto resign_and_ask = [&](const std::string& r) {
    EXPECT_TRUE(alice.wait_event("game_started", r));
    EXPECT_EQ(error_code(alice.call("game.resign", {{"room", r}})), "");
    EXPECT_TRUE(alice.wait_event("game_over", r));
    return rematch(alice, r);
  };
  auto second = resign_and_ask(room);  // the address's second room
  ASSERT_EQ(error_code(second), "") << second.dump();
  auto third = resign_and_ask(second["result"]["rematch"]);
  EXPECT_EQ(error_code(third), "room_rate") << third.dump();
}

TEST(Rematch, ADroppedPlayerCallsOffTheRequestsUntilTheThirdTime) {
  test_server srv;
  ws_client alice(srv.port());
  auto bob = std::make_unique<ws_client>(srv.port());
  alice.hello("alice");
  const std::string token = bob->hello("bob")["resume_token"];
  std::string room = finished_game(alice, *bob);
  for (int drop = 1; drop <= 3; ++drop) {
    ASSERT_EQ(error_code(rematch(alice, room)), "") << "drop " << drop;
    bob->drop();
    auto off = notice(alice, "room.rematch_called_off");
    ASSERT_TRUE(off);
    EXPECT_EQ((*off)["reason"], "bob is no longer connected");
    EXPECT_EQ(error_code(rematch(alice, room)), "rematch_unavailable");
    bob = std::make_unique<ws_client>(srv.port());
    bob->hello("bob", token);
    // Back in the room: the seat's connection is his again.
    for (int i = 0; i < 100 && snapshot_of(alice, room)["seats"][1]["connected"] != true; ++i)
      std::this_thread::sleep_for(20ms);
  }
  // The third drop called it off for good.
  expect_unavailable(*bob, room, "bob is no longer connected");

  // Before that, asking again once back opens it.
  ws_client carol(srv.port()), dave(srv.port());
  carol.hello("carol");
  const std::string dave_token = dave.hello("dave")["resume_token"];
  std::string second = start_sisyphos(carol, dave);
  ASSERT_EQ(error_code(dave.call("game.resign", {{"room", second}})), "");
  ASSERT_TRUE(carol.wait_event("game_over", second));
  ASSERT_EQ(error_code(rematch(carol, second)), "");
  dave.drop();
  ASSERT_TRUE(notice(carol, "room.rematch_called_off"));
  ws_client back(srv.port());
  back.hello("dave", dave_token);
  for (int i = 0; i < 100 && snapshot_of(carol, second)["seats"][1]["connected"] != true; ++i)
    std::this_thread::sleep_for(20ms);
  ASSERT_EQ(error_code(rematch(carol, second)), "");
  auto opened = rematch(back, second);
  ASSERT_EQ(error_code(opened), "") << opened.dump();
  EXPECT_TRUE(opened["result"]["rematch"].is_string()) << opened.dump();
}

TEST(Rematch, ASeatTheBotPlayedOnHasNobodyToAsk) {
  test_server_options o;
  o.admin_token = "s3cret-admin";
  o.limit.reconnect_grace = 300ms;
  test_server srv(o);
  ws_client ann(srv.port()), bob(srv.port()), admin(srv.port());
  auto cid = std::make_unique<ws_client>(srv.port());
  ann.hello("ann");
  bob.hello("bob");
  cid->hello("cid");
  admin.hello("admin");
  auto created = ann.call("room.create", {{"game", "esiema"}, {"seats", 3}});
  const std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(bob.call("room.join", {{"room", room}})), "");
  ASSERT_EQ(error_code(cid->call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(ann.wait_event("game_started", room));
  cid.reset();  // Cid's connection drops and he never returns: the bot plays his seat on
  ASSERT_TRUE(ann.wait_event("seat_taken_over", room));
  ASSERT_EQ(error_code(admin.call("admin.abort", {{"room", room}, {"token", "s3cret-admin"}})), "");
  ASSERT_TRUE(ann.wait_event("game_over", room));
  expect_unavailable(ann, room, "a player left this game and the bot played their seat");
}

TEST(Rematch, ATournamentsGameHasNone) {
  test_server srv;
  ws_client director(srv.port()), alice(srv.port()), bob(srv.port());
  director.hello("director");
  alice.hello("alice");
  bob.hello("bob");
  auto created = director.call("tournament.create",
                               {{"name", "Two"}, {"game", "sisyphos"}, {"system", "round_robin"}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  const std::string tid = created["result"]["tournament"];
  ASSERT_EQ(error_code(alice.call("tournament.join", {{"tournament", tid}})), "");
  ASSERT_EQ(error_code(bob.call("tournament.join", {{"tournament", tid}})), "");
  ASSERT_EQ(error_code(director.call("tournament.start", {{"tournament", tid}})), "");
  auto pairing = notice(alice, "tournament.pairings");
  ASSERT_TRUE(pairing);
  const std::string room = (*pairing)["tables"][0]["room"];
  ASSERT_TRUE(alice.wait_event("game_started", room));
  ASSERT_EQ(error_code(alice.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(alice.wait_event("game_over", room));
  expect_unavailable(alice, room, "a tournament pairs its own games");
}

TEST(Rematch, HostileRequestsGetPreciseErrors) {
  test_server srv;
  ws_client alice(srv.port()), bob(srv.port()), mallory(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  mallory.hello("mallory");
  std::string room = finished_game(alice, bob);
  EXPECT_EQ(error_code(mallory.call("room.rematch", json::object())), "missing_field");
  EXPECT_EQ(error_code(mallory.call("room.rematch", {{"room", 7}})), "wrong_type");
  EXPECT_EQ(error_code(mallory.call("room.rematch", {{"room", std::string(2'000, 'r')}})),
            "unknown_room");
  EXPECT_EQ(error_code(rematch(mallory, "rnosuchroom")), "unknown_room");
  EXPECT_EQ(error_code(rematch(mallory, room)), "not_your_seat") << "another's game";
  // Asked many times: every request answered, one notice, and the room still opens once.
  std::vector<std::int64_t> ids;
  // 150: within the connection's burst of requests (200) with the game's requests before them.
  for (int i = 0; i < 150; ++i)
    ids.push_back(alice.send_request("room.rematch", {{"room", room}}));
  int answered = 0;
  for (auto id : ids) {
    auto r = alice.wait_response(id);
    if (r && error_code(*r).empty() && (*r)["result"]["waiting_for"] == json::array({1}))
      ++answered;
  }
  EXPECT_EQ(answered, 150);
  int notices = 0;
  while (notice(bob, "room.rematch_asked", 300ms))
    ++notices;
  EXPECT_EQ(notices, 1);
  auto opened = rematch(bob, room);
  ASSERT_EQ(error_code(opened), "") << opened.dump();
  // Nobody is left in the finished room (no spectators), so it closed.
  EXPECT_EQ(error_code(rematch(bob, room)), "unknown_room");
}

}  // namespace rematch_tests
}  // namespace boardroom::test
