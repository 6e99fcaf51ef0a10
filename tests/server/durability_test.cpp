// Rooms survive a restart of the server: identities, seats, versions and the game itself come back
// from the store; a write the store refuses is reported and changes nothing.

#include <atomic>
#include <random>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "server/storage/sqlite_store.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/faulty_store.hpp"

namespace boardroom::test {
namespace {

// Random legal moves by whoever is to move until the game ends; the game_over `watcher` saw.
std::optional<json> play_to_end(ws_client& watcher, ws_client* seat[2], const std::string& room,
                                std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int turn = 0; turn < 2000; ++turn) {
    auto moves = legal_moves(*seat[0], room);
    if (!moves.contains("moves")) break;  // over
    int p = moves["to_move"];
    auto reply = seat[p]->call(
        "game.move", {{"room", room}, {"move", moves["moves"][rng() % moves["moves"].size()]}});
    if (!error_code(reply).empty()) {
      ADD_FAILURE() << reply.dump();
      return std::nullopt;
    }
  }
  return watcher.wait_event("game_over", room);
}

json sync_all(ws_client& c, const std::string& room) {
  auto reply = c.call("room.sync", {{"room", room}, {"since", 0}});
  EXPECT_EQ(error_code(reply), "") << reply.dump();
  return reply["result"];
}

void play_moves(ws_client* seat[2], const std::string& room, int n) {
  for (int i = 0; i < n; ++i) {
    auto moves = legal_moves(*seat[0], room);
    int p = moves["to_move"];
    ASSERT_EQ(error_code(seat[p]->call("game.move", {{"room", room}, {"move", moves["moves"][0]}})),
              "");
  }
}

TEST(Durability, RestartBringsBackIdentitiesRoomsAndTheirHistory) {
  temp_dir dir;
  test_server_options options = on_dir(dir.path());
  json alice, bob, carol;
  std::string room, waiting;
  json history, before, invite;
  {
    test_server srv(options);
    ws_client a(srv.port()), b(srv.port()), c(srv.port());
    alice = a.hello("alice");
    bob = b.hello("bob");
    carol = c.hello("carol");
    room = start_sisyphos(a, b);
    ws_client* seat[2] = {&a, &b};
    play_moves(seat, room, 4);
    history = sync_all(a, room)["events"];
    before = snapshot_of(a, room);
    auto created = c.call("room.create", {{"game", "sisyphos"}, {"public", false}});
    waiting = created["result"]["room"];
    invite = created["result"]["invite_code"];
  }  // a graceful stop; the clients' connections end with it

  test_server srv(options);
  ws_client a(srv.port());
  json again = a.hello("alice", alice["resume_token"].get<std::string>());
  EXPECT_EQ(again["resumed"], true);
  EXPECT_EQ(again["player"], alice["player"]);
  EXPECT_EQ(again["rooms"], json::array({room}));

  // Every event clients saw is there, byte for byte, under its version; after them only the
  // news that the players dropped (at the stop or at the restart) and that Alice is back.
  json after = sync_all(a, room);
  ASSERT_GE(after["events"].size(), history.size());
  for (std::size_t i = 0; i < history.size(); ++i)
    EXPECT_EQ(after["events"][i], history[i]) << i;
  for (std::size_t i = history.size(); i < after["events"].size(); ++i) {
    const auto& e = after["events"][i];
    EXPECT_EQ(e["version"], static_cast<std::int64_t>(i) + 1);
    EXPECT_TRUE(e["type"] == "player_dropped" || e["type"] == "player_returned") << e.dump();
  }
  json now = snapshot_of(a, room);
  EXPECT_EQ(now["moves"], before["moves"]);
  EXPECT_EQ(now["position"], before["position"]);
  EXPECT_EQ(now["to_move"], before["to_move"]);
  EXPECT_EQ(now["status"], "playing");
  EXPECT_EQ(now["seats"][0]["player"], alice["player"]);
  EXPECT_EQ(now["seats"][0]["connected"], true);
  EXPECT_EQ(now["seats"][1]["player"], bob["player"]);
  EXPECT_EQ(now["seats"][1]["connected"], false);

  // Bob comes back too, and the game is played to its end.
  ws_client b(srv.port());
  EXPECT_EQ(b.hello("bob", bob["resume_token"].get<std::string>())["rooms"], json::array({room}));
  ASSERT_TRUE(a.wait_event("player_returned", room));
  ws_client* seat[2] = {&a, &b};
  auto over = play_to_end(a, seat, room, 7);
  ASSERT_TRUE(over);
  EXPECT_NE((*over)["outcome"]["reason"], "abandonment");

  // The private waiting room kept its creator, its seat and its invite code.
  ws_client c(srv.port());
  EXPECT_EQ(c.hello("carol", carol["resume_token"].get<std::string>())["rooms"],
            json::array({waiting}));
  json w = snapshot_of(c, waiting);
  EXPECT_EQ(w["status"], "waiting");
  EXPECT_EQ(w["invite_code"], invite);
  EXPECT_EQ(w["creator"], carol["player"]);
  ws_client d(srv.port());
  d.hello("dave");
  EXPECT_EQ(error_code(d.call("room.join", {{"room", waiting}})), "bad_invite_code");
  EXPECT_EQ(error_code(d.call("room.join", {{"room", waiting}, {"invite_code", invite}})), "");
  EXPECT_TRUE(c.wait_event("game_started", waiting));
}

TEST(Durability, SeatsGetAFreshGracePeriodAfterARestart) {
  temp_dir dir;
  json alice, bob;
  std::string room;
  {
    test_server srv(on_dir(dir.path()));
    ws_client a(srv.port()), b(srv.port());
    alice = a.hello("alice");
    bob = b.hello("bob");
    room = start_sisyphos(a, b);
    ws_client* seat[2] = {&a, &b};
    play_moves(seat, room, 1);
  }
  // Down for longer than the grace period: nobody is charged for that.
  std::this_thread::sleep_for(1200ms);
  auto limit = test_limits();
  limit.reconnect_grace = 1000ms;
  test_server srv(on_dir(dir.path(), limit));
  ws_client a(srv.port());
  EXPECT_EQ(a.hello("alice", alice["resume_token"].get<std::string>())["rooms"],
            json::array({room}));
  EXPECT_EQ(snapshot_of(a, room)["status"], "playing");
  // Bob does not come back within the grace period counted from the restart.
  auto over = a.wait_event("game_over", room, 5s);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "abandonment");
  EXPECT_EQ((*over)["outcome"]["winners"], json::array({0}));
}

TEST(Durability, BotGamesGoOnAfterARestart) {
  temp_dir dir;
  json dave;
  std::string room;
  {
    test_server srv(on_dir(dir.path()));
    ws_client d(srv.port());
    dave = d.hello("dave");
    auto created =
        d.call("room.create",
               {{"game", "sisyphos"}, {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})}});
    room = created["result"]["room"];
    ASSERT_TRUE(d.wait_event("game_started", room));
    auto moves = legal_moves(d, room);
    ASSERT_EQ(error_code(d.call("game.move", {{"room", room}, {"move", moves["moves"][0]}})), "");
    ASSERT_TRUE(d.wait_event("move", room));  // Dave's own
    ASSERT_TRUE(d.wait_event("move", room));  // the bot's answer
  }
  test_server srv(on_dir(dir.path()));
  ws_client d(srv.port());
  EXPECT_EQ(d.hello("dave", dave["resume_token"].get<std::string>())["rooms"], json::array({room}));
  json snap = snapshot_of(d, room);
  EXPECT_EQ(snap["moves"].size(), 2u);
  EXPECT_EQ(snap["seats"][1]["bot"], "random");
  EXPECT_EQ(snap["seats"][1]["connected"], true);
  std::mt19937_64 rng(5);
  for (int turn = 0; turn < 500; ++turn) {
    auto moves = legal_moves(d, room);
    if (!moves.contains("moves")) break;
    if (moves["to_move"] != 0) {
      ASSERT_TRUE(d.wait_event("move", room));
      continue;
    }
    ASSERT_EQ(
        error_code(d.call("game.move", {{"room", room},
                                        {"move", moves["moves"][rng() % moves["moves"].size()]}})),
        "");
  }
  EXPECT_TRUE(d.wait_event("game_over", room));
}

// The events a restore must replay besides moves: a standing draw offer and time an administrator
// added in the middle of a move (whose clock reading then is where the move resumes).
TEST(Durability, DrawOffersAndAddedTimeComeBackAfterARestart) {
  using namespace std::chrono_literals;
  temp_dir dir;
  test_server_options o = on_dir(dir.path());
  o.clock = std::make_shared<manual_clock>();
  o.admin_token = "t0ken";
  std::string room;
  std::string tokens[2];
  {
    test_server srv(o);
    ws_client a(srv.port()), b(srv.port()), admin(srv.port());
    tokens[0] = a.hello("alice")["resume_token"];
    tokens[1] = b.hello("bob")["resume_token"];
    admin.hello("arbiter");
    auto created =
        a.call("room.create", {{"game", "sisyphos"}, {"time_control", "sudden_death:1m"}});
    room = created["result"]["room"];
    ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
    ASSERT_TRUE(a.wait_event("game_started", room));
    srv.advance(10s);
    ASSERT_EQ(
        error_code(admin.call("admin.add_time",
                              {{"room", room}, {"token", "t0ken"}, {"seat", 0}, {"seconds", 30}})),
        "");
    ASSERT_EQ(error_code(a.call("game.offer_draw", {{"room", room}})), "");
    ASSERT_TRUE(b.wait_event("draw_offered", room));
  }
  o.clock->advance(1h);  // downtime
  test_server srv(o);
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice", tokens[0]);
  b.hello("bob", tokens[1]);
  json snap = snapshot_of(b, room);
  EXPECT_EQ(snap["draw_offers"], json::array({0}));
  EXPECT_EQ(snap["clocks"], (json{{"running", 0}, {"remaining_ms", {80000, 60000}}}));
  ASSERT_EQ(error_code(b.call("game.offer_draw", {{"room", room}})), "");
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "agreement");
}

TEST(Durability, FinishedRoomsStayInTheStoreButDoNotReopen) {
  temp_dir dir;
  json alice;
  std::string room;
  {
    test_server srv(on_dir(dir.path()));
    ws_client a(srv.port()), b(srv.port());
    alice = a.hello("alice");
    b.hello("bob");
    room = start_sisyphos(a, b);
    ASSERT_EQ(error_code(b.call("game.resign", {{"room", room}})), "");
    ASSERT_TRUE(a.wait_event("game_over", room));
  }
  {
    test_server srv(on_dir(dir.path()));
    ws_client a(srv.port());
    json again = a.hello("alice", alice["resume_token"].get<std::string>());
    EXPECT_EQ(again["resumed"], true);
    EXPECT_EQ(again["rooms"], json::array());
    EXPECT_EQ(error_code(a.call("room.sync", {{"room", room}, {"since", 0}})), "unknown_room");
  }
  auto s = server::open_sqlite_store(dir.path());
  ASSERT_TRUE(s) << s.error();
  auto stored = (*s)->load_room(room);
  ASSERT_TRUE(stored && *stored);
  // Finished, or closed if the server saw everybody leave before it stopped (a race the test does
  // not control); either way the game_over is stored and the room did not come back.
  const auto& events = (*stored)->events;
  ASSERT_GE(events.size(), 2u);
  std::size_t over_at = events.size() - 1;
  if ((*stored)->record.status == server::room_status::closed) {
    EXPECT_EQ(json::parse(events.back().body)["type"], "room_closed");
    --over_at;
  } else {
    EXPECT_EQ((*stored)->record.status, server::room_status::finished);
  }
  auto over = json::parse(events[over_at].body);
  EXPECT_EQ(over["type"], "game_over");
  EXPECT_EQ(over["outcome"]["reason"], "resignation");
}

// ---- write failures --------------------------------------------------------------------------

struct failing_server {
  temp_dir dir;
  std::shared_ptr<faulty_store> storage;
  std::unique_ptr<test_server> srv;

  failing_server() {
    storage = faulty_store_in(dir.path());
    srv = std::make_unique<test_server>(with_store(storage));
  }
  std::uint16_t port() const { return srv->port(); }
  // Stops the server and closes the store; the directory stays for a restart.
  void stop() {
    srv.reset();
    storage.reset();
  }
};

TEST(Durability, AMoveThatCannotBeWrittenIsRefusedAndNotPlayed) {
  failing_server fs;
  ws_client a(fs.port()), b(fs.port());
  json alice = a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  auto before = legal_moves(a, room);
  ASSERT_EQ(before["to_move"], 0);

  fs.storage->fail_writes(true);
  auto refused = a.call("game.move", {{"room", room}, {"move", before["moves"][0]}});
  EXPECT_EQ(error_code(refused), "storage_failed") << refused.dump();
  EXPECT_FALSE(b.wait_event("move", room, 300ms));
  auto unchanged = legal_moves(a, room);
  EXPECT_EQ(unchanged["version"], before["version"]);
  EXPECT_EQ(unchanged["to_move"], 0);
  EXPECT_EQ(unchanged["moves"], before["moves"]);
  // Nothing else that needs a write is acknowledged either.
  EXPECT_EQ(error_code(a.call("game.resign", {{"room", room}})), "storage_failed");
  EXPECT_EQ(error_code(a.call("room.leave", {{"room", room}})), "storage_failed");
  EXPECT_EQ(error_code(a.call("room.create", {{"game", "sisyphos"}})), "storage_failed");
  ws_client c(fs.port());
  EXPECT_EQ(error_code(c.call("hello", {{"protocol", 1}, {"name", "carol"}})), "storage_failed");
  EXPECT_EQ(legal_moves(a, room)["version"], before["version"]);
  auto metrics = http_get(fs.port(), "/metrics").body;
  EXPECT_NE(metrics.find("boardroom_errors_total{code=\"storage_failed\"} 5"), std::string::npos)
      << metrics;
  EXPECT_EQ(metrics.find("boardroom_store_errors_total 0"), std::string::npos);

  // The store recovers: the same move is played, with the next version.
  fs.storage->fail_writes(false);
  auto played = a.call("game.move", {{"room", room}, {"move", before["moves"][0]}});
  ASSERT_EQ(error_code(played), "") << played.dump();
  EXPECT_EQ(played["result"]["version"], before["version"].get<std::int64_t>() + 1);
  auto seen = b.wait_event("move", room);
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["version"], played["result"]["version"]);

  // What the store holds is what the clients saw.
  json history = sync_all(a, room)["events"];
  fs.stop();
  test_server srv(on_dir(fs.dir.path()));
  ws_client again(srv.port());
  again.hello("alice", alice["resume_token"].get<std::string>());
  json restored = sync_all(again, room)["events"];
  for (std::size_t i = 0; i < history.size(); ++i)
    EXPECT_EQ(restored[i], history[i]) << i;
  EXPECT_EQ(snapshot_of(again, room)["moves"], json::array({before["moves"][0]}));
}

TEST(Durability, AJoinThatWouldStartTheGameIsAllOrNothing) {
  failing_server fs;
  ws_client a(fs.port()), b(fs.port());
  a.hello("alice");
  b.hello("bob");
  auto created = a.call("room.create", {{"game", "sisyphos"}});
  std::string room = created["result"]["room"];
  fs.storage->fail_writes(true);
  EXPECT_EQ(error_code(b.call("room.join", {{"room", room}})), "storage_failed");
  json snap = snapshot_of(a, room);
  EXPECT_EQ(snap["status"], "waiting");
  EXPECT_TRUE(snap["seats"][1]["player"].is_null());
  EXPECT_EQ(snap["version"], 1);
  fs.storage->fail_writes(false);
  EXPECT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  auto started = a.wait_event("game_started", room);
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["version"], 3);
}

TEST(Durability, ABotMoveThatCannotBeWrittenIsTriedAgain) {
  failing_server fs;
  ws_client d(fs.port());
  d.hello("dave");
  auto created = d.call("room.create", {{"game", "sisyphos"},
                                        {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})}});
  std::string room = created["result"]["room"];
  ASSERT_TRUE(d.wait_event("game_started", room));
  fs.storage->fail_writes_after(1);  // Dave's move is written, the bot's answer is not
  auto moves = legal_moves(d, room);
  ASSERT_EQ(error_code(d.call("game.move", {{"room", room}, {"move", moves["moves"][0]}})), "");
  ASSERT_TRUE(d.wait_event("move", room));
  EXPECT_FALSE(d.wait_event("move", room, 400ms));
  EXPECT_GE(fs.storage->failed_writes(), 1);
  fs.storage->fail_writes(false);
  auto answer = d.wait_event("move", room, 3s);
  ASSERT_TRUE(answer);
  EXPECT_EQ((*answer)["seat"], 1);
  EXPECT_EQ((*answer)["ply"], 2);
}

// ---- the store's own thread ------------------------------------------------------------------

// A records query that takes its time runs on the store's thread: on a server with one io
// thread, everything that needs no store (here the legal moves, a room's view, the lobby) is
// answered while the query is still being read.
TEST(Durability, ASlowRecordsQueryDoesNotStallTheIoThread) {
  temp_dir dir;
  auto storage = faulty_store_in(dir.path());
  auto options = with_store(storage);
  options.threads = 1;
  test_server srv(options);
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);

  storage->slow_reads(std::chrono::milliseconds(1500));
  std::atomic<bool> answered{false};
  http_reply records;
  std::thread reader([&] {
    records = http_get(srv.port(), "/api/v1/records");
    answered = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the query is being read
  auto moves = a.call("game.legal_moves", {{"room", room}});
  EXPECT_EQ(error_code(moves), "") << moves.dump();
  EXPECT_EQ(error_code(b.call("game.view", {{"room", room}})), "");
  EXPECT_EQ(error_code(b.call("lobby.list")), "");
  EXPECT_FALSE(answered) << "the io thread waited for the records query";
  reader.join();
  EXPECT_EQ(records.status, 200) << records.body;
  // The move, which needs the store, is made once the store is free.
  auto played = a.call("game.move", {{"room", room}, {"move", moves["result"]["moves"][0]}});
  EXPECT_EQ(error_code(played), "") << played.dump();
}

// Every store call of a running server is made on the store's own thread, the one group commits
// run on: identities (new, renamed), room creation, seats, moves, draws, drops and returns,
// resignation, leaving, closing, records. (Under the default `--sync full`; under `normal` the io
// thread writes moves to the live log itself: Journal.UnderNormalSyncMovesAreWrittenByTheIoThread.)
TEST(Durability, EveryStoreCallOfARunningServerIsMadeOnTheStoresThread) {
  temp_dir dir;
  auto storage = faulty_store_in(dir.path());
  test_server srv(with_store(storage));
  storage->watch_threads();  // what start() read and wrote ran before serving
  ws_client a(srv.port());
  std::string token_a = a.hello("alice")["resume_token"];
  auto b = std::make_unique<ws_client>(srv.port());
  std::string token_b = b->hello("bob")["resume_token"];
  ws_client renamed(srv.port());
  EXPECT_EQ(renamed.hello("alice the second", token_a)["resumed"], true);  // `a` is replaced
  ws_client& alice = renamed;
  std::string room = start_sisyphos(alice, *b);
  ws_client* seat[2] = {&alice, b.get()};
  play_moves(seat, room, 2);
  ASSERT_EQ(error_code(alice.call("game.offer_draw", {{"room", room}})), "");
  ASSERT_EQ(error_code(b->call("game.decline_draw", {{"room", room}})), "");
  b.reset();  // dropped
  ASSERT_TRUE(alice.wait_event("player_dropped", room).has_value());
  ws_client back(srv.port());
  back.hello("bob", token_b);
  ASSERT_TRUE(alice.wait_event("player_returned", room).has_value());
  ASSERT_EQ(error_code(alice.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(back.wait_event("game_over", room).has_value());
  // A waiting room that its only player leaves: a seat freed, then the room closed.
  auto other = back.call("room.create", {{"game", "amazons"}});
  ASSERT_EQ(error_code(other), "") << other.dump();
  ASSERT_EQ(error_code(back.call("room.leave", {{"room", other["result"]["room"]}})), "");
  EXPECT_EQ(http_get(srv.port(), "/api/v1/records").status, 200);

  auto calls = storage->calls();
  std::set<std::string> names;
  for (const auto& [name, thread] : calls)
    names.insert(name);
  for (const char* expected : {"save_identity", "create_room", "append_group", "find_records"}) {
    EXPECT_TRUE(names.contains(expected)) << expected << " was not called";
  }
  auto groups = storage->group_threads();
  ASSERT_FALSE(groups.empty());
  const std::thread::id store_thread = groups.front();
  for (const auto& [name, thread] : calls)
    EXPECT_EQ(thread, store_thread) << name << " ran on another thread than the store's";
}

// With one io thread: a hello that must write a new identity, and a join that must write its
// seat, wait for a slow disk without making anyone else wait.
TEST(Durability, ASlowWriteDoesNotStallTheIoThread) {
  temp_dir dir;
  auto storage = faulty_store_in(dir.path());
  auto options = with_store(storage);
  options.threads = 1;
  test_server srv(options);
  ws_client watcher(srv.port()), creator(srv.port()), joiner(srv.port()), newcomer(srv.port());
  watcher.hello("watcher");
  creator.hello("creator");
  joiner.hello("joiner");
  auto created = creator.call("room.create", {{"game", "amazons"}});
  ASSERT_EQ(error_code(created), "") << created.dump();

  storage->slow_writes(std::chrono::milliseconds(1500));
  auto hello = newcomer.send_request("hello", {{"protocol", 1}, {"name", "newcomer"}});
  auto join = joiner.send_request("room.join", {{"room", created["result"]["room"]}});
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the writes are under way
  EXPECT_EQ(error_code(watcher.call("lobby.list")), "");
  EXPECT_EQ(error_code(watcher.call("lobby.games")), "");
  EXPECT_FALSE(newcomer.wait_response(hello, std::chrono::milliseconds(0)).has_value())
      << "the hello was answered before its identity was written";
  EXPECT_FALSE(joiner.wait_response(join, std::chrono::milliseconds(0)).has_value())
      << "the join was answered before its seat was written";
  // Both are answered once the store has written them.
  auto greeted = newcomer.wait_response(hello, std::chrono::milliseconds(10'000));
  ASSERT_TRUE(greeted.has_value());
  EXPECT_EQ(error_code(*greeted), "") << greeted->dump();
  auto joined = joiner.wait_response(join, std::chrono::milliseconds(10'000));
  ASSERT_TRUE(joined.has_value());
  EXPECT_EQ(error_code(*joined), "") << joined->dump();
  storage->slow_writes(std::chrono::milliseconds(0));
  EXPECT_EQ(error_code(newcomer.call("lobby.list")), "") << "the newcomer reads on after hello";
}

}  // namespace
}  // namespace boardroom::test
