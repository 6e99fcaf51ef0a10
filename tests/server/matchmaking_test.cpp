// Finding an opponent over real sockets: seeks paired in rounds (two people; a person and a bot
// account; a built-in bot after the wait; tables of three), the lobby's live seek list, and
// challenges accepted, declined, cancelled, expired or orphaned, each tried as a hostile client
// would.

#include <map>
#include <memory>

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"
#include "tests/support/faulty_store.hpp"

namespace boardroom::test {
namespace {

server::limits quick_limits() {
  auto l = test_limits();
  l.seek_round_interval = std::chrono::milliseconds(100);
  l.seek_bot_wait = std::chrono::milliseconds(300);
  return l;
}

bool is(const json& n, const std::string& method) {
  return n.value("method", "") == method;
}

json assigned(ws_client& c, std::chrono::milliseconds timeout = 5s) {
  auto n = c.wait_notification([](const json& j) { return is(j, "game.assigned"); }, timeout);
  EXPECT_TRUE(n.has_value()) << "no game.assigned";
  return n ? (*n)["params"] : json();
}

// Plays random legal moves for whoever `c` is seated as, until the game is over.
void play_out(ws_client& a, ws_client& b, const std::string& room, int seat_a) {
  for (int ply = 0; ply < 400; ++ply) {
    auto snap = snapshot_of(a, room);
    if (snap["status"] != "playing") return;
    ws_client& mover = snap["to_move"] == seat_a ? a : b;
    auto moves = legal_moves(mover, room)["moves"];
    ASSERT_FALSE(moves.empty());
    auto r = mover.call("game.move", {{"room", room}, {"move", moves[0]}});
    ASSERT_EQ(error_code(r), "") << r.dump();
  }
}

TEST(Matchmaking, TwoPeopleSeekingArePairedSeatedAndPlayTheGame) {
  test_server srv(quick_limits());
  ws_client watcher(srv.port()), alice(srv.port()), bob(srv.port());
  watcher.hello("watcher");
  ASSERT_EQ(error_code(watcher.call("lobby.subscribe", {{"game", "sisyphos"}})), "");
  auto a = alice.hello("alice");
  auto b = bob.hello("bob");

  auto sought = alice.call("seek.create", {{"game", "sisyphos"}});
  ASSERT_EQ(error_code(sought), "") << sought.dump();
  const std::string seek_a = sought["result"]["seek"];
  EXPECT_EQ(sought["result"]["summary"]["rating"], 1500)
      << "a player without a rating enters at 1500";
  auto added = watcher.wait_notification([](const json& j) { return is(j, "lobby.seek"); });
  ASSERT_TRUE(added);
  EXPECT_EQ((*added)["params"]["change"], "added");
  EXPECT_EQ((*added)["params"]["seek"]["name"], "alice");
  auto listed = bob.call("seek.list", {{"game", "sisyphos"}});
  ASSERT_EQ(listed["result"]["seeks"].size(), 1u);
  EXPECT_EQ(listed["result"]["seeks"][0]["seek"], seek_a);

  ASSERT_EQ(error_code(bob.call("seek.create", {{"game", "sisyphos"}})), "");
  auto for_alice = assigned(alice);
  auto for_bob = assigned(bob);
  ASSERT_EQ(for_alice["room"], for_bob["room"]);
  EXPECT_NE(for_alice["seat"], for_bob["seat"]);
  EXPECT_EQ(for_alice["via"], "seek");
  EXPECT_EQ(for_alice["seek"], seek_a);
  EXPECT_EQ(for_alice["players"].size(), 2u);
  const std::string room = for_alice["room"];
  // Seated without joining: the room's events come to both on their own connections.
  ASSERT_TRUE(alice.wait_event("game_started", room));
  ASSERT_TRUE(bob.wait_event("game_started", room));
  for (int i = 0; i < 2; ++i) {
    auto removed = watcher.wait_notification(
        [](const json& j) { return is(j, "lobby.seek") && j["params"]["change"] == "removed"; });
    EXPECT_TRUE(removed) << "both seeks leave the lobby";
  }
  EXPECT_TRUE(alice.call("seek.list")["result"]["seeks"].empty());
  auto snap = snapshot_of(alice, room);
  EXPECT_EQ(snap["seats"][for_alice["seat"].get<int>()]["player"], a["player"]);
  EXPECT_EQ(snap["seats"][for_bob["seat"].get<int>()]["player"], b["player"]);
  play_out(alice, bob, room, for_alice["seat"]);
  EXPECT_EQ(snapshot_of(bob, room)["status"], "finished");
}

// The store refuses the paired game's room: both players hear so (game.unassigned), nothing of
// theirs is left in the pool, and once the store writes again a new pairing seats them; each may
// ask about the room the moment game.assigned names it.
TEST(Matchmaking, APairingTheStoreCannotOpenIsUnassignedAndTheNextOneHolds) {
  temp_dir dir;
  auto faulty = faulty_store_in(dir.path());
  auto options = with_store(faulty);
  options.limit = quick_limits();
  test_server srv(options);
  ws_client alice(srv.port()), bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  faulty->fail_call("create_room", true);
  ASSERT_EQ(error_code(alice.call("seek.create", {{"game", "sisyphos"}})), "");
  ASSERT_EQ(error_code(bob.call("seek.create", {{"game", "sisyphos"}})), "");
  for (ws_client* c : {&alice, &bob}) {
    auto n = c->wait_notification([](const json& j) { return is(j, "game.unassigned"); }, 5s);
    ASSERT_TRUE(n.has_value()) << "no game.unassigned";
    EXPECT_EQ((*n)["params"]["via"], "seek");
    EXPECT_FALSE((*n)["params"].value("reason", "").empty());
    for (const auto& frame : c->drain())
      EXPECT_FALSE(is(frame, "game.assigned")) << frame.dump();
  }
  EXPECT_TRUE(alice.call("seek.list")["result"]["seeks"].empty());

  faulty->fail_call("create_room", false);
  ASSERT_EQ(error_code(alice.call("seek.create", {{"game", "sisyphos"}})), "");
  ASSERT_EQ(error_code(bob.call("seek.create", {{"game", "sisyphos"}})), "");
  for (ws_client* c : {&alice, &bob}) {
    auto room = assigned(*c)["room"].get<std::string>();
    auto synced = c->call("room.sync", {{"room", room}, {"since", 0}});
    ASSERT_EQ(error_code(synced), "") << synced.dump();
  }
}

TEST(Matchmaking, APersonAndABotAccountArePairedAndTheBotIsFlaggedEverywhere) {
  test_server srv(quick_limits());
  ws_client bot(srv.port()), human(srv.port());
  bot.hello("MoveMaker");
  auto registered = bot.call("account.register", {{"password", "bot password"}, {"bot", true}});
  ASSERT_EQ(error_code(registered), "") << registered.dump();
  EXPECT_EQ(registered["result"]["bot_account"], true);
  human.hello("carol");
  ASSERT_EQ(
      error_code(bot.call("seek.create", {{"game", "amazons"}, {"params", {{"board_size", 6}}}})),
      "");
  ASSERT_EQ(
      error_code(human.call("seek.create", {{"game", "amazons"}, {"params", {{"board_size", 6}}}})),
      "");
  auto for_bot = assigned(bot);
  auto for_human = assigned(human);
  ASSERT_EQ(for_bot["room"], for_human["room"]);
  const int bot_seat = for_bot["seat"];
  EXPECT_EQ(for_human["players"][bot_seat]["bot_account"], true);
  EXPECT_EQ(for_human["players"][1 - bot_seat]["bot_account"], false);
  // What a bot needs comes to it unasked: the start with the position and who moves.
  auto started = bot.wait_event("game_started", for_bot["room"]);
  ASSERT_TRUE(started);
  EXPECT_TRUE(started->contains("position"));
  EXPECT_TRUE(started->contains("to_move"));
  ASSERT_TRUE(human.wait_event("game_started", for_human["room"]));
  auto snap = snapshot_of(human, for_human["room"]);
  EXPECT_EQ(snap["seats"][bot_seat]["bot_account"], true);
  EXPECT_EQ(snap["seats"][1 - bot_seat]["bot_account"], false);
  // A log-in says so too (and takes over from the bot's first connection).
  ws_client again(srv.port());
  auto login =
      again.call("hello", {{"protocol", 1}, {"name", "movemaker"}, {"password", "bot password"}});
  EXPECT_EQ(login["result"]["bot_account"], true) << login.dump();
}

TEST(Matchmaking, ASeekThatNamesABuiltInBotPlaysItWhenNobodyCame) {
  test_server srv(quick_limits());
  ws_client dave(srv.port());
  dave.hello("dave");
  auto sought = dave.call("seek.create", {{"game", "sisyphos"}, {"bot", "random"}});
  ASSERT_EQ(error_code(sought), "") << sought.dump();
  auto game = assigned(dave, 5s);
  const int seat = game["seat"];
  EXPECT_EQ(game["players"][1 - seat]["bot"], "random");
  EXPECT_TRUE(game["players"][1 - seat]["player"].is_null());
  const std::string room = game["room"];
  ASSERT_TRUE(dave.wait_event("game_started", room));
  // The bot answers the person's moves until the game ends.
  for (int ply = 0; ply < 400; ++ply) {
    auto snap = snapshot_of(dave, room);
    if (snap["status"] != "playing") break;
    if (snap["to_move"] != seat) {
      std::this_thread::sleep_for(20ms);
      continue;
    }
    auto moves = legal_moves(dave, room)["moves"];
    auto r = dave.call("game.move", {{"room", room}, {"move", moves[0]}});
    EXPECT_TRUE(error_code(r) == "" || error_code(r) == "stale_version") << r.dump();
  }
  EXPECT_EQ(snapshot_of(dave, room)["status"], "finished");
  // Rated seeks take no built-in bot.
  EXPECT_EQ(error_code(dave.call("seek.create",
                                 {{"game", "sisyphos"}, {"bot", "random"}, {"rated", true}})),
            "bad_parameter");
}

TEST(Matchmaking, GamesOfThreeOrMoreFillTables) {
  test_server srv(quick_limits());
  std::vector<std::unique_ptr<ws_client>> players;
  for (int i = 0; i < 3; ++i) {
    players.push_back(std::make_unique<ws_client>(srv.port()));
    players.back()->hello("table" + std::to_string(i));
    auto r = players.back()->call("seek.create", {{"game", "shiamgon"}, {"max_players", 3}});
    ASSERT_EQ(error_code(r), "") << r.dump();
    EXPECT_EQ(r["result"]["summary"]["min_players"], 3);
  }
  std::set<std::string> rooms;
  std::set<int> seats;
  for (auto& p : players) {
    auto game = assigned(*p);
    rooms.insert(game["room"]);
    seats.insert(game["seat"].get<int>());
    EXPECT_EQ(game["players"].size(), 3u);
  }
  EXPECT_EQ(rooms.size(), 1u);
  EXPECT_EQ(seats, (std::set<int>{0, 1, 2}));
}

TEST(Matchmaking, SeeksRefuseBadTermsStayWithinLimitsAndLeaveWithTheirPlayer) {
  auto limit = quick_limits();
  limit.seeks_per_identity = 2;
  test_server srv(limit);
  ws_client eve(srv.port()), frank(srv.port()), watcher(srv.port());
  eve.hello("eve");
  frank.hello("frank");
  watcher.hello("watcher");
  ASSERT_EQ(error_code(watcher.call("lobby.subscribe")), "");
  auto code = [&](ws_client& c, json params) { return error_code(c.call("seek.create", params)); };
  EXPECT_EQ(code(eve, {{"game", "chess"}}), "unknown_game");
  EXPECT_EQ(code(eve, {{"game", "amazons"}, {"params", {{"board_size", 99}}}}), "bad_parameter");
  EXPECT_EQ(code(eve, {{"game", "sisyphos"}, {"time_control", "fischer:0s+0s"}}),
            "bad_time_control");
  EXPECT_EQ(code(eve, {{"game", "sisyphos"}, {"rated", true}}), "account_required");
  EXPECT_EQ(code(eve, {{"game", "sisyphos"}, {"bot", "nobody"}}), "unknown_bot");
  EXPECT_EQ(code(eve, {{"game", "shiamgon"}, {"min_players", 5}, {"max_players", 4}}), "bad_seats");
  EXPECT_EQ(code(eve, {{"game", "sisyphos"}, {"min_players", 3}}), "bad_seats");
  EXPECT_EQ(code(eve, {{"game", "sisyphos"}, {"max_gap", -1}}), "out_of_range");
  EXPECT_EQ(code(eve, {{"game", "sisyphos"}, {"colour", "white"}}), "unknown_field");
  EXPECT_EQ(code(eve, {{"game", 7}}), "wrong_type");
  // Two seeks of different games wait (no partner); a third is one too many.
  auto first = eve.call("seek.create", {{"game", "arimaa"}});
  ASSERT_EQ(error_code(first), "");
  ASSERT_EQ(code(eve, {{"game", "amazons"}}), "");
  EXPECT_EQ(code(eve, {{"game", "sisyphos"}}), "too_many_seeks");
  // Only one's own seek can be cancelled; another's id is not told apart from a made-up one.
  const std::string id = first["result"]["seek"];
  EXPECT_EQ(error_code(frank.call("seek.cancel", {{"seek", id}})), "unknown_seek");
  EXPECT_EQ(error_code(frank.call("seek.cancel", {{"seek", std::string(60, 'x')}})),
            "unknown_seek");
  EXPECT_EQ(error_code(frank.call("seek.cancel", {{"seek", std::string(65, 'x')}})),
            "out_of_range");
  EXPECT_EQ(error_code(frank.call("seek.cancel", {{"seek", ""}})), "out_of_range");
  EXPECT_EQ(eve.call("seek.list")["result"]["seeks"].size(), 2u);
  auto cancelled = eve.call("seek.cancel", {{"seek", id}});
  EXPECT_EQ(cancelled["result"]["cancelled"], true) << cancelled.dump();
  EXPECT_EQ(error_code(eve.call("seek.cancel", {{"seek", id}})), "unknown_seek");
  EXPECT_EQ(eve.call("seek.list")["result"]["seeks"].size(), 1u);
  // A seeker who drops is taken off the list; nobody is paired with a ghost.
  eve.drop();
  for (int i = 0; i < 50 && !watcher.call("seek.list")["result"]["seeks"].empty(); ++i)
    std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(watcher.call("seek.list")["result"]["seeks"].empty());
  ASSERT_EQ(code(frank, {{"game", "amazons"}}), "");
  EXPECT_FALSE(
      frank.wait_notification([](const json& j) { return is(j, "game.assigned"); }, 400ms));
}

// A pool that reaches seek_round_size is paired at once, whatever the round interval, and a
// round matches pairing_batch players at a time and gives every batch its turn: four seekers in
// batches of two make two games (equal ratings: no batch is told apart from a whole matching here).
TEST(Matchmaking, AFullPoolIsPairedAtOnceABatchAtATime) {
  auto limit = quick_limits();
  limit.seek_round_interval = std::chrono::minutes(10);
  limit.seek_round_size = 4;
  limit.pairing_batch = 2;
  test_server srv(limit);
  std::vector<std::unique_ptr<ws_client>> seekers;
  for (int i = 0; i < 4; ++i) {
    seekers.push_back(std::make_unique<ws_client>(srv.port()));
    seekers.back()->hello("seeker" + std::to_string(i));
    ASSERT_EQ(error_code(seekers.back()->call("seek.create", {{"game", "sisyphos"}})), "");
    if (i == 2) {
      EXPECT_FALSE(seekers[0]->wait_notification(
          [](const json& j) { return is(j, "game.assigned"); }, 300ms))
          << "three seekers wait for the round";
    }
  }
  std::map<std::string, int> rooms;
  for (auto& c : seekers)
    ++rooms[assigned(*c).value("room", "")];
  EXPECT_EQ(rooms.size(), 2u);
  for (const auto& [room, players] : rooms)
    EXPECT_EQ(players, 2) << room;
}

// The server-wide caps hold whoever asks: max_seeks seeks and max_challenges challenges in all.
TEST(Matchmaking, TheServerWideCapsOnSeeksAndChallengesHold) {
  auto limit = quick_limits();
  limit.max_seeks = 2;
  limit.max_challenges = 1;
  test_server srv(limit);
  ws_client carol(srv.port()), dave(srv.port()), erin(srv.port());
  carol.hello("carol");
  dave.hello("dave");
  erin.hello("erin");
  // Two pools, one seeker each: nobody is paired and both seeks wait.
  ASSERT_EQ(error_code(carol.call("seek.create", {{"game", "amazons"}})), "");
  ASSERT_EQ(error_code(dave.call("seek.create", {{"game", "arimaa"}})), "");
  auto refused = erin.call("seek.create", {{"game", "sisyphos"}});
  EXPECT_EQ(error_code(refused), "too_many_seeks") << refused.dump();
  EXPECT_EQ(erin.call("seek.list")["result"]["seeks"].size(), 2u);

  ASSERT_EQ(error_code(carol.call("challenge.create", {{"to", "dave"}, {"game", "sisyphos"}})), "");
  refused = erin.call("challenge.create", {{"to", "dave"}, {"game", "sisyphos"}});
  EXPECT_EQ(error_code(refused), "too_many_challenges") << refused.dump();
  auto received = dave.wait_notification([](const json& j) { return is(j, "challenge.received"); });
  ASSERT_TRUE(received);
  EXPECT_EQ((*received)["params"]["from"]["name"], "carol");
  EXPECT_FALSE(
      dave.wait_notification([](const json& j) { return is(j, "challenge.received"); }, 300ms))
      << "the refused challenge never reached dave";
}

TEST(Matchmaking, AChallengeIsAcceptedAndBothPlayersAreSeated) {
  test_server srv(quick_limits());
  ws_client alice(srv.port()), bob(srv.port());
  auto a = alice.hello("alice");
  auto b = bob.hello("bob");
  auto sent = alice.call(
      "challenge.create",
      {{"to", "bob"}, {"game", "sisyphos"}, {"seat", 1}, {"time_control", "fischer:5m+3s"}});
  ASSERT_EQ(error_code(sent), "") << sent.dump();
  EXPECT_EQ(sent["result"]["accepted"], false);
  auto offer = bob.wait_notification([](const json& j) { return is(j, "challenge.received"); });
  ASSERT_TRUE(offer);
  const json& o = (*offer)["params"];
  EXPECT_EQ(o["challenge"], sent["result"]["challenge"]);
  EXPECT_EQ(o["from"]["player"], a["player"]);
  EXPECT_EQ(o["seat"], 0) << "the challenger chose seat 1";
  EXPECT_EQ(o["time_control"], "fischer:5m+3s");
  // Only the challenged may accept.
  ws_client mallory(srv.port());
  mallory.hello("mallory");
  EXPECT_EQ(error_code(mallory.call("challenge.accept", {{"challenge", o["challenge"]}})),
            "unknown_challenge");
  EXPECT_EQ(error_code(alice.call("challenge.accept", {{"challenge", o["challenge"]}})),
            "unknown_challenge");
  auto accepted = bob.call("challenge.accept", {{"challenge", o["challenge"]}});
  ASSERT_EQ(error_code(accepted), "") << accepted.dump();
  EXPECT_EQ(accepted["result"]["seat"], 0);
  auto for_alice = assigned(alice);
  auto for_bob = assigned(bob);
  EXPECT_EQ(for_alice["room"], accepted["result"]["room"]);
  EXPECT_EQ(for_bob["room"], accepted["result"]["room"]);
  EXPECT_EQ(for_alice["seat"], 1);
  EXPECT_EQ(for_alice["via"], "challenge");
  auto started = alice.wait_event("game_started", for_alice["room"]);
  ASSERT_TRUE(started);
  EXPECT_TRUE(started->contains("clocks"));
  EXPECT_EQ(error_code(bob.call("challenge.accept", {{"challenge", o["challenge"]}})),
            "unknown_challenge")
      << "accepted once";
  (void)b;
}

TEST(Matchmaking, ChallengesAreDeclinedCancelledExpiredAndOrphanedWithNotice) {
  auto limit = quick_limits();
  limit.challenges_per_identity = 3;
  test_server srv(limit);
  ws_client alice(srv.port()), bob(srv.port());
  auto a = alice.hello("alice");
  auto b = bob.hello("bob");
  auto challenge = [&](json extra = json::object()) {
    json params{{"to", b["player"]}, {"game", "amazons"}};
    params.update(extra);
    return alice.call("challenge.create", params);
  };
  auto received = [&] {
    auto n = bob.wait_notification([](const json& j) { return is(j, "challenge.received"); });
    EXPECT_TRUE(n);
    return n ? (*n)["params"]["challenge"].get<std::string>() : "";
  };
  // Declined, with the decliner's words.
  ASSERT_EQ(error_code(challenge()), "");
  auto id = received();
  auto declined = bob.call("challenge.decline", {{"challenge", id}, {"reason", "not now"}});
  EXPECT_EQ(declined["result"]["declined"], true) << declined.dump();
  auto told = alice.wait_notification([](const json& j) { return is(j, "challenge.declined"); });
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["params"]["reason"], "not now");
  // Cancelled by the challenger.
  ASSERT_EQ(error_code(challenge()), "");
  id = received();
  EXPECT_EQ(error_code(bob.call("challenge.cancel", {{"challenge", id}})), "unknown_challenge");
  EXPECT_EQ(alice.call("challenge.cancel", {{"challenge", id}})["result"]["cancelled"], true);
  auto cancelled =
      bob.wait_notification([](const json& j) { return is(j, "challenge.cancelled"); });
  ASSERT_TRUE(cancelled);
  EXPECT_EQ((*cancelled)["params"]["reason"], "cancelled");
  // Expired: both are told.
  ASSERT_EQ(error_code(challenge({{"expires_in_ms", 1000}})), "");
  id = received();
  EXPECT_TRUE(
      alice.wait_notification([](const json& j) { return is(j, "challenge.expired"); }, 3s));
  EXPECT_TRUE(bob.wait_notification([](const json& j) { return is(j, "challenge.expired"); }, 3s));
  EXPECT_EQ(error_code(bob.call("challenge.accept", {{"challenge", id}})), "unknown_challenge");
  // Hostile terms.
  auto code = [&](json params) { return error_code(alice.call("challenge.create", params)); };
  EXPECT_EQ(code({{"to", "nobody here"}, {"game", "amazons"}}), "unknown_player");
  EXPECT_EQ(code({{"to", std::string(1'000, 'b')}, {"game", "amazons"}}), "out_of_range");
  EXPECT_EQ(code({{"to", a["player"]}, {"game", "amazons"}}), "bad_parameter");
  EXPECT_EQ(code({{"to", "bob"}, {"game", "shiamgon"}}), "bad_seats");
  EXPECT_EQ(code({{"to", "bob"}, {"game", "amazons"}, {"rated", true}}), "account_required");
  EXPECT_EQ(code({{"to", "bob"}, {"game", "amazons"}, {"seat", 2}}), "out_of_range");
  EXPECT_EQ(code({{"to", "bob"}, {"game", "amazons"}, {"expires_in_ms", 10}}), "out_of_range");
  EXPECT_EQ(code({{"to", "bot:nobody"}, {"game", "amazons"}}), "unknown_bot");
  EXPECT_EQ(error_code(bob.call("challenge.decline",
                                {{"challenge", "c1"}, {"reason", std::string(201, 'x')}})),
            "out_of_range");
  // At most three waiting from one challenger.
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(error_code(challenge()), "");
  EXPECT_EQ(error_code(challenge()), "too_many_challenges");
  for (int i = 0; i < 3; ++i)
    received();
  // The challenger drops: every challenge of theirs is cancelled, and the challenged is told.
  alice.drop();
  for (int i = 0; i < 3; ++i) {
    auto gone = bob.wait_notification([](const json& j) { return is(j, "challenge.cancelled"); });
    ASSERT_TRUE(gone);
    EXPECT_EQ((*gone)["params"]["reason"], "gone");
  }
}

TEST(Matchmaking, ABuiltInBotAcceptsAChallengeAtOnce) {
  test_server srv(quick_limits());
  ws_client gina(srv.port());
  gina.hello("gina");
  auto r = gina.call("challenge.create", {{"to", "bot:random"}, {"game", "sisyphos"}, {"seat", 0}});
  ASSERT_EQ(error_code(r), "") << r.dump();
  EXPECT_EQ(r["result"]["accepted"], true);
  EXPECT_EQ(r["result"]["seat"], 0);
  auto game = assigned(gina);
  EXPECT_EQ(game["room"], r["result"]["room"]);
  EXPECT_EQ(game["players"][1]["bot"], "random");
  ASSERT_TRUE(gina.wait_event("game_started", r["result"]["room"]));
}

}  // namespace
}  // namespace boardroom::test
