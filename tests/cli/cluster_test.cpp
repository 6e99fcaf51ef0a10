// A cluster of real `boardroom serve` nodes sharing a real PostgreSQL and a real Redis
// (redis-server from the Debian packages, started here on a Unix socket): players meet across
// nodes through `room_elsewhere`, the lobby lists every node's rooms, and when the node that owns
// the most rooms is killed with SIGKILL mid-play, the others take its rooms over from the event
// log: every game plays to its end and no acknowledged move is lost.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include <gtest/gtest.h>

#include "server/cluster/redis_link.hpp"
#include "server/storage/open_store.hpp"
#include "tests/cli/random_games.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_postgres.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace cluster_nodes {
namespace {

// redis-server on a Unix socket in a temporary directory, without persistence; stopped and
// removed at the end of the test.
class redis_server {
 public:
  redis_server() {
    socket_ = dir_.path() + "/redis.sock";
    pid_ = fork();
    if (pid_ == 0) {
      execlp("redis-server", "redis-server", "--port", "0", "--unixsocket", socket_.c_str(),
             "--save", "", "--appendonly", "no", "--dir", dir_.path().c_str(), "--logfile",
             "redis.log", static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 500 && !link_; ++i) {
      std::this_thread::sleep_for(10ms);
      if (std::filesystem::exists(socket_)) {
        if (auto l = server::redis_link::open(address(), 1000ms)) link_ = std::move(*l);
      }
    }
  }
  ~redis_server() {
    link_.reset();
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  std::string address() const { return "unix:" + socket_; }
  server::redis_link* link() { return link_.get(); }

 private:
  temp_dir dir_;
  std::string socket_;
  pid_t pid_ = -1;
  std::unique_ptr<server::redis_link> link_;
};

// Renewed every 1.3 s; writes stop 3.2 s after a renewal was sent: room for a loaded sanitizer run.
constexpr const char* lease_ms = "4000";

child_server node(const std::string& data_dir, const std::string& store,
                  const redis_server& redis) {
  return spawn_server(BOARDROOM_BINARY, {"--threads", "2", "--log-level", "warn", "--data-dir",
                                         data_dir, "--exempt", "127.0.0.1", "--store", store,
                                         "--redis", redis.address(), "--lease-ms", lease_ms});
}

std::uint16_t port_of(const std::string& url) {  // ws://127.0.0.1:PORT/ws
  auto colon = url.rfind(':');
  return static_cast<std::uint16_t>(std::stoi(url.substr(colon + 1)));
}

// The answer to `method` from the node that has what it asks about: a client asks `first_port`
// (saying hello with `token`), follows `room_elsewhere` and `desk_elsewhere`, and waits out
// `room_moving` and `cluster_unavailable` (and a node that cannot be reached: the dead one, until
// its leases run out).
json reach(std::unique_ptr<ws_client>& c, const std::string& token, std::uint16_t first_port,
           const std::string& method, const json& params) {
  std::uint16_t port = first_port;
  auto until = std::chrono::steady_clock::now() + 30s;
  while (std::chrono::steady_clock::now() < until) {
    try {
      c = std::make_unique<ws_client>(port);
    } catch (const std::exception&) {
      std::this_thread::sleep_for(200ms);
      port = first_port;
      continue;
    }
    json hello = c->hello("again", token);
    if (hello["resumed"] != true) return hello;
    for (;;) {
      json reply = c->call(method, params);
      std::string code = error_code(reply);
      if (code == "room_moving" || code == "cluster_unavailable") {
        std::this_thread::sleep_for(100ms);
        continue;
      }
      if (code != "room_elsewhere" && code != "desk_elsewhere") return reply;
      port = port_of(reply["error"]["data"]["url"]);
      break;
    }
  }
  return json{{"error", method + " got no answer within 30 s"}};
}

json reach_room(played_game& g, int s, std::uint16_t first_port, const std::string& method,
                const json& params) {
  return reach(g.seat[s], g.tokens[s], first_port, method, params);
}

TEST(Cluster, ANodeKilledMidPlayLosesNothingAndItsGamesFinishElsewhere) {
  auto pg_server = test_postgres_server();
  if (!pg_server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
  postgres_database database(*pg_server);
  ASSERT_FALSE(database.url().empty());
  redis_server redis;
  ASSERT_NE(redis.link(), nullptr) << "redis-server did not start (make deps installs it)";

  std::array<temp_dir, 3> dirs;
  std::array<child_server, 3> nodes;
  for (int n = 0; n < 3; ++n) {
    nodes[n] = node(dirs[n].path(), database.url(), redis);
    ASSERT_GT(nodes[n].port, 0) << "node " << n;
  }

  // Rooms are created on nodes 0, 0, 1, 2, 0, 0, 1, 2, ...: node 0 owns the most. The second
  // player asks the next node and is sent to the owner.
  constexpr int games = 16;
  std::vector<played_game> all(games);
  std::vector<int> owner(games);
  for (int i = 0; i < games; ++i) {
    played_game& g = all[i];
    owner[i] = std::array{0, 0, 1, 2}[i % 4];
    g.seat[0] = std::make_unique<ws_client>(nodes[owner[i]].port);
    g.tokens[0] = g.seat[0]->hello("c" + std::to_string(i))["resume_token"];
    auto created = g.seat[0]->call("room.create", {{"game", "sisyphos"}});
    ASSERT_EQ(error_code(created), "") << created.dump();
    g.room = created["result"]["room"];

    std::uint16_t asked = nodes[(owner[i] + 1) % 3].port;
    g.seat[1] = std::make_unique<ws_client>(asked);
    g.tokens[1] = g.seat[1]->hello("j" + std::to_string(i))["resume_token"];
    auto elsewhere = g.seat[1]->call("room.join", {{"room", g.room}});
    ASSERT_EQ(error_code(elsewhere), "room_elsewhere") << elsewhere.dump();
    EXPECT_EQ(port_of(elsewhere["error"]["data"]["url"]), nodes[owner[i]].port);
    auto joined = reach_room(g, 1, asked, "room.join", {{"room", g.room}});
    ASSERT_EQ(error_code(joined), "") << joined.dump();
  }

  // The lobby of every node lists every node's public rooms (within a few lease periods).
  {
    ws_client watcher(nodes[2].port);
    watcher.hello("watcher");
    std::size_t listed = 0;
    for (int tries = 0; tries < 100 && listed < games; ++tries) {
      auto list = watcher.call("lobby.list", {{"game", "sisyphos"}});
      listed = list["result"]["rooms"].size();
      if (listed < games) std::this_thread::sleep_for(100ms);
    }
    EXPECT_EQ(listed, static_cast<std::size_t>(games)) << "rooms listed by node 2's lobby";
  }

  // The leases say who owns what; the node with the most rooms is the one to kill.
  std::map<std::uint16_t, int> rooms_of;
  for (const auto& g : all) {
    auto lease = redis.link()->command({"GET", "boardroom:room:" + g.room});
    ASSERT_TRUE(lease && !lease->is_nil()) << g.room;
    ++rooms_of[port_of(lease->text)];
  }
  int victim = 0;
  for (int n = 1; n < 3; ++n) {
    if (rooms_of[nodes[n].port] > rooms_of[nodes[victim].port]) victim = n;
  }
  EXPECT_EQ(victim, 0);
  EXPECT_EQ(rooms_of[nodes[0].port], games / 2);

  // Everyone plays from several threads; node 0 is killed mid-play.
  constexpr int threads = 4;
  random_players players(all, threads, 0);
  while (players.acked() < 150)
    std::this_thread::sleep_for(1ms);
  players.stop();
  int status = stop_server(nodes[victim], SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  for (const auto& f : players.join())
    ADD_FAILURE() << "before the kill: " << f;
  int unfinished_there = 0;
  for (int i = 0; i < games; ++i)
    unfinished_there += owner[i] == victim && !all[i].over ? 1 : 0;
  EXPECT_GT(unfinished_there, 0) << "the kill came too late to be mid-play";

  // A game whose last move was acknowledged (or in flight) just before the kill is over in the
  // store, and its room is not brought back: its players learn the end from the records.
  {
    auto store = server::open_store(database.url(), dirs[0].path(), server::sync_mode::full, true);
    ASSERT_TRUE(store) << store.error();
    for (int i = 0; i < games; ++i) {
      auto stored = (*store)->load_room(all[i].room);
      ASSERT_TRUE(stored && *stored) << all[i].room;
      if ((*stored)->record.status == server::room_status::finished) all[i].over = true;
    }
  }
  int taken_over = 0;
  for (int i = 0; i < games; ++i)
    taken_over += owner[i] == victim && !all[i].over ? 1 : 0;

  // The dead node's players come back through a surviving node, which sends them to wherever
  // the room was taken over; the room's log holds every move they were told of.
  std::uint16_t survivor = nodes[(victim + 1) % 3].port;
  for (int i = 0; i < games; ++i) {
    played_game& g = all[i];
    if (owner[i] != victim || g.over) continue;
    for (int s = 0; s < 2; ++s) {
      auto synced = reach_room(g, s, survivor, "room.sync", {{"room", g.room}, {"since", 0}});
      ASSERT_EQ(error_code(synced), "") << g.room << ": " << synced.dump();
      const json& events = synced["result"]["events"];
      ASSERT_TRUE(events.is_array()) << synced.dump();
      for (const auto& [version, move] : g.acked) {
        ASSERT_LE(version, static_cast<std::int64_t>(events.size())) << g.room;
        EXPECT_EQ(events[version - 1]["type"], "move") << g.room;
        EXPECT_EQ(events[version - 1]["move"], move) << g.room << " version " << version;
      }
    }
  }

  // Every game plays to its end.
  for (const auto& f : random_players(all, threads, 100).join())
    ADD_FAILURE() << "after the kill: " << f;
  int checked = 0;
  {
    // Beside the running nodes, as one of them (the lock is shared).
    auto store = server::open_store(database.url(), dirs[0].path(), server::sync_mode::full, true);
    ASSERT_TRUE(store) << store.error();
    for (const auto& g : all) {
      auto stored = (*store)->load_room(g.room);
      ASSERT_TRUE(stored && *stored) << g.room;
      EXPECT_EQ((*stored)->record.status, server::room_status::finished) << g.room;
      const auto& events = (*stored)->events;
      for (const auto& [version, move] : g.acked) {
        ASSERT_LE(version, static_cast<std::int64_t>(events.size())) << g.room;
        auto e = json::parse(events[version - 1].body);
        EXPECT_EQ(e["move"], move) << g.room << " version " << version;
        ++checked;
      }
      auto last = json::parse(events.back().body);
      EXPECT_EQ(last["type"], "game_over") << g.room;
      EXPECT_NE(last["outcome"]["reason"], "abandonment") << g.room;
    }
  }
  EXPECT_GE(checked, 150);
  std::printf("%d acknowledged moves checked; %d games of the killed node finished elsewhere\n",
              checked, taken_over);
  for (auto& g : all)
    g.seat = {};
  for (int n = 0; n < 3; ++n) {
    if (n == victim) continue;
    status = stop_server(nodes[n], SIGTERM);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "node " << n;
  }
}

TEST(Cluster, TheDeskMovesWithItsTournamentsWhenItsNodeDies) {
  auto pg_server = test_postgres_server();
  if (!pg_server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
  postgres_database database(*pg_server);
  redis_server redis;
  ASSERT_NE(redis.link(), nullptr);
  std::array<temp_dir, 2> dirs;
  // Node 0 starts first and takes the desk.
  std::array<child_server, 2> nodes{node(dirs[0].path(), database.url(), redis),
                                    node(dirs[1].path(), database.url(), redis)};
  ASSERT_GT(nodes[0].port, 0);
  ASSERT_GT(nodes[1].port, 0);

  // A tournament asked of node 1 is made on node 0.
  std::unique_ptr<ws_client> director = std::make_unique<ws_client>(nodes[1].port);
  std::string director_token = director->hello("director")["resume_token"];
  json create{{"name", "Two"}, {"game", "sisyphos"}, {"system", "round_robin"}};
  auto elsewhere = director->call("tournament.create", create);
  ASSERT_EQ(error_code(elsewhere), "desk_elsewhere") << elsewhere.dump();
  EXPECT_EQ(port_of(elsewhere["error"]["data"]["url"]), nodes[0].port);
  // Quick pairing too: seeks are made and paired where the desk is.
  auto seeks = director->call("seek.list", json::object());
  EXPECT_EQ(error_code(seeks), "desk_elsewhere") << seeks.dump();
  auto created = reach(director, director_token, nodes[1].port, "tournament.create", create);
  ASSERT_EQ(error_code(created), "") << created.dump();
  const std::string tid = created["result"]["tournament"];

  played_game g;
  std::array<std::string, 2> players;
  for (int s = 0; s < 2; ++s) {
    g.seat[s] = std::make_unique<ws_client>(nodes[0].port);
    json hello = g.seat[s]->hello("entrant" + std::to_string(s));
    g.tokens[s] = hello["resume_token"];
    players[s] = hello["player"];
    auto joined = g.seat[s]->call("tournament.join", {{"tournament", tid}});
    ASSERT_EQ(error_code(joined), "") << joined.dump();
  }
  // Node 1's lobby lists it.
  {
    ws_client watcher(nodes[1].port);
    watcher.hello("watcher");
    json listed;
    for (int tries = 0; tries < 100 && listed.empty(); ++tries) {
      listed = watcher.call("lobby.list", json::object())["result"]["tournaments"];
      if (listed.empty()) std::this_thread::sleep_for(100ms);
    }
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0]["tournament"], tid);
  }
  // Its HTTP routes on node 1 send the reader to node 0.
  {
    http_reply listed;
    for (int tries = 0; tries < 100 && listed.status != 307; ++tries) {
      listed = http_get(nodes[1].port, "/api/v1/tournaments");
      if (listed.status != 307) std::this_thread::sleep_for(100ms);
    }
    EXPECT_EQ(listed.status, 307) << listed.body;
    EXPECT_NE(listed.body.find(":" + std::to_string(nodes[0].port)), std::string::npos)
        << listed.body;
  }
  auto started = director->call("tournament.start", {{"tournament", tid}});
  ASSERT_EQ(error_code(started), "") << started.dump();
  auto now = director->call("tournament.get", {{"tournament", tid}});
  g.room = now["result"]["rounds"][0]["tables"][0]["room"];
  // The game's seats in the table's order, as step() plays them.
  if (now["result"]["rounds"][0]["tables"][0]["seats"][0]["player"] != players[0]) {
    std::swap(g.seat[0], g.seat[1]);
    std::swap(g.tokens[0], g.tokens[1]);
  }
  std::mt19937_64 rng(7);
  std::string failure;
  for (int i = 0; i < 3 && failure.empty(); ++i)
    step(g, rng, failure);
  ASSERT_EQ(failure, "");

  // The desk's node dies; node 1 takes the desk over, with the tournament and its room.
  int status = stop_server(nodes[0], SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(status));
  auto again =
      reach(director, director_token, nodes[1].port, "tournament.get", {{"tournament", tid}});
  ASSERT_EQ(error_code(again), "") << again.dump();
  EXPECT_EQ(again["result"]["summary"]["status"], "running");
  for (int s = 0; s < 2; ++s) {
    auto synced = reach_room(g, s, nodes[1].port, "room.sync", {{"room", g.room}, {"since", 0}});
    ASSERT_EQ(error_code(synced), "") << synced.dump();
  }
  while (!g.over && failure.empty())
    step(g, rng, failure);
  ASSERT_EQ(failure, "");

  // The game's result reaches the tournament on its new node.
  json result;
  for (int tries = 0; tries < 100 && result.is_null(); ++tries) {
    auto t = director->call("tournament.get", {{"tournament", tid}});
    result = t["result"]["rounds"][0]["tables"][0]["result"];
    if (result.is_null()) std::this_thread::sleep_for(100ms);
  }
  EXPECT_FALSE(result.is_null());
  g.seat = {};
  director.reset();
  stop_server(nodes[1], SIGTERM);
}

// A flood of requests for made-up rooms: each gets a precise answer (unknown_room, or
// cluster_unavailable beyond --max-cluster-lookups at once), and a game on the node plays on.
TEST(Cluster, MadeUpRoomIdsAreAnsweredAndPlayGoesOn) {
  auto pg_server = test_postgres_server();
  if (!pg_server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
  postgres_database database(*pg_server);
  redis_server redis;
  ASSERT_NE(redis.link(), nullptr);
  temp_dir dir;
  child_server n = spawn_server(
      BOARDROOM_BINARY, {"--log-level", "error", "--data-dir", dir.path(), "--exempt", "127.0.0.1",
                         "--store", database.url(), "--redis", redis.address(), "--lease-ms",
                         lease_ms, "--max-cluster-lookups", "4"});
  ASSERT_GT(n.port, 0);
  played_game g;
  for (int s = 0; s < 2; ++s) {
    g.seat[s] = std::make_unique<ws_client>(n.port);
    g.tokens[s] = g.seat[s]->hello("p" + std::to_string(s))["resume_token"];
  }
  auto created = g.seat[0]->call("room.create", {{"game", "sisyphos"}});
  g.room = created["result"]["room"];
  ASSERT_EQ(error_code(g.seat[1]->call("room.join", {{"room", g.room}})), "");

  ws_client hostile(n.port);
  hostile.hello("hostile");
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 150; ++i) {
    std::string made_up = i % 3 == 0   ? "r" + std::to_string(1000000000 + i)
                          : i % 3 == 1 ? std::string(40, 'x')
                                       : "";
    ids.push_back(hostile.send_request("room.sync", {{"room", made_up}, {"since", 0}}));
  }
  std::map<std::string, int> answers;
  for (auto id : ids) {
    auto reply = hostile.wait_response(id, 10s);
    ASSERT_TRUE(reply.has_value());
    ++answers[error_code(*reply)];
  }
  EXPECT_EQ(answers["unknown_room"] + answers["cluster_unavailable"] + answers["out_of_range"] +
                answers["rate_limited"],
            150)
      << json(answers).dump();
  EXPECT_GT(answers["unknown_room"], 0) << json(answers).dump();
  std::printf("answers to 150 made-up rooms: %s\n", json(answers).dump().c_str());

  std::mt19937_64 rng(3);
  std::string failure;
  while (!g.over && failure.empty())
    step(g, rng, failure);
  EXPECT_EQ(failure, "");
  g.seat = {};
  EXPECT_EQ(stop_server(n, SIGTERM), 0);
}

TEST(Cluster, ANodeNeedsASharedStoreAndALoneServerKeepsItsDatabase) {
  redis_server redis;
  ASSERT_NE(redis.link(), nullptr);
  temp_dir dir;
  auto lone_sqlite = run_command(std::string(BOARDROOM_BINARY) + " serve --port 0 --data-dir " +
                                 dir.path() + " --redis " + redis.address() + " 2>&1");
  EXPECT_NE(lone_sqlite.status, 0);
  EXPECT_NE(lone_sqlite.out.find("--store must be a postgresql:// URL"), std::string::npos)
      << lone_sqlite.out;

  auto pg_server = test_postgres_server();
  if (!pg_server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
  postgres_database database(*pg_server);
  child_server lone = spawn_server(BOARDROOM_BINARY, {"--data-dir", dir.path(), "--store",
                                                      database.url(), "--log-level", "warn"});
  ASSERT_GT(lone.port, 0);
  auto refused =
      run_command(std::string(BOARDROOM_BINARY) + " serve --port 0 --data-dir " + dir.path() +
                  " --store '" + database.url() + "' --redis " + redis.address() + " 2>&1");
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.out.find("in use by a boardroom server outside the cluster"), std::string::npos)
      << refused.out;
  stop_server(lone, SIGTERM);
}

}  // namespace
}  // namespace cluster_nodes
}  // namespace boardroom::test
