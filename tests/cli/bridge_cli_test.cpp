// `boardroom aei` and `boardroom engine` as bot authors run them: real engine processes (the test
// engines in tests/test_engines/, built on the project's rule engines) play whole games through
// the bridge on a real `boardroom serve`, against a built-in bot seat. What the engines were told
// is read back from their logs (the clocks as AEI options, the line protocol's lines) and the
// game from the server's record. Engines that fail (an illegal move, garbage, death, silence)
// end the bridge with a clear message, exit 1 and a resigned game, within seconds. Every bridge
// runs under `timeout`, so a bridge that hangs fails its test instead of hanging the suite.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/core/registry.hpp"
#include "tests/cli/cli_helpers.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_server.hpp"
#include "tests/support/ws_client.hpp"

namespace boardroom::test {
namespace {

using nlohmann::json;

// A server of its own, and a host who opens rooms (and watches them: the creator takes no seat).
class BridgeCli : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", data_.path()});
    ASSERT_GT(server_.port, 0);
    host_ = std::make_unique<ws_client>(server_.port);
    host_->hello("host");
  }
  void TearDown() override {
    host_.reset();
    stop_server(server_, SIGTERM);
  }

  // A room of `game` whose seat 1 the built-in random bot plays; seat 0 is left for the bridge.
  std::string open_room(const std::string& game, const std::string& time_control = "none",
                        json params = json::object()) {
    json request{{"game", game},
                 {"params", params},
                 {"seat", -1},
                 {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})},
                 {"time_control", time_control}};
    json r = host_->call("room.create", request);
    EXPECT_TRUE(r.contains("result")) << r.dump();
    return r["result"].value("room", std::string());
  }

  // The bridge, as a command: `aei` or `engine` with its flags, killed after `seconds`.
  run_result bridge(const std::string& args, int seconds = 25) {
    return run_command("timeout -s KILL " + std::to_string(seconds) + " " + BOARDROOM_BINARY + " " +
                       args + " --url ws://127.0.0.1:" + std::to_string(server_.port) + "/ws");
  }

  json record(const std::string& room) {
    auto r = http_get(server_.port, "/api/v1/records/" + room);
    EXPECT_EQ(r.status, 200) << r.body;
    return json::parse(r.body, nullptr, false);
  }

  std::string log_path(const std::string& name) const { return data_.path() + "/" + name; }

  // The record replays through the engine (`boardroom verify`): it is complete and every move
  // legal.
  void expect_verified(const json& game) {
    write_text(log_path("record.json"), game.dump());
    auto verified = run("verify " + log_path("record.json"));
    EXPECT_EQ(verified.status, 0) << verified.out;
  }

  // The bridge started in the background (its output to a file), for a test that acts on it
  // while it plays.
  struct background {
    pid_t pid = -1;
    std::string output;
  };
  background start_bridge(const std::string& args) {
    background b{-1, log_path("bridge-" + std::to_string(++started_) + ".out")};
    const std::string command = std::string("exec ") + BOARDROOM_BINARY + " " + args +
                                " --url ws://127.0.0.1:" + std::to_string(server_.port) + "/ws >" +
                                b.output + " 2>&1";
    b.pid = fork();
    if (b.pid == 0) {
      execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    return b;
  }
  // The server's count of requests received, from /metrics.
  long long requests_total() { return metric_value(server_.port, "boardroom_requests_total"); }
  // Its exit status (-1 when it had not ended within `limit`: then it is killed).
  int wait_bridge(background& b, std::chrono::seconds limit = std::chrono::seconds(15)) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (waitpid(b.pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(b.pid, SIGKILL);
        waitpid(b.pid, &status, 0);
        return -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  int started_ = 0;

  temp_dir data_;
  child_server server_;
  std::unique_ptr<ws_client> host_;
};

// Waits until the background bridge's output says `text` (it is connected, it is seeking).
bool output_says(const std::string& path, const std::string& text) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (read_text(path).find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

// Plays `seat` of `room` with random legal moves (read off each event's position) until the game
// is over; returns the game_over event (null when it did not come).
json play_randomly(ws_client& c, const std::string& room, int seat, const std::string& spec_text,
                   int players) {
  const auto spec = engine::parse_game_spec(spec_text);
  EXPECT_TRUE(spec) << spec_text;
  if (!spec) return nullptr;
  std::mt19937_64 rng(5);
  for (;;) {
    auto n = c.wait_notification(
        [&](const json& f) {
          return f.value("method", "") == "room.event" && f["params"].value("room", "") == room;
        },
        std::chrono::seconds(20));
    if (!n) return nullptr;
    const json& e = (*n)["params"];
    if (e["type"] == "game_over") return e;
    if (e.value("to_move", json()) != json(seat)) continue;
    auto position =
        spec->game_ptr->state_from_text(players, spec->params, e["position"].get<std::string>());
    EXPECT_TRUE(position) << e.dump();
    if (!position) return nullptr;
    json r = c.call("game.move", json{{"room", room}, {"move", (*position)->random_move(rng)}});
    EXPECT_TRUE(r.contains("result")) << r.dump();
  }
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The setoption values an AEI engine was given before each go, in order.
std::vector<std::map<std::string, long long>> options_per_go(const std::string& log) {
  std::vector<std::map<std::string, long long>> out;
  std::map<std::string, long long> current;
  for (const auto& line : lines(log)) {
    if (line.starts_with("setoption name ")) {
      const auto value = line.find(" value ");
      current[line.substr(15, value - 15)] = std::stoll(line.substr(value + 7));
    }
    if (line == "go") out.push_back(std::exchange(current, {}));
  }
  return out;
}

long long count_prefix(const std::string& log, const std::string& prefix) {
  long long n = 0;
  for (const auto& line : lines(log))
    n += line.starts_with(prefix);
  return n;
}

// A whole game of Arimaa: the AEI engine plays Gold through `boardroom aei --room` against the
// random bot, under the official time control with a limit of 12 turns each (the setups
// included), so that a random game ends in time. The engine's options before each turn are the
// control and the reserves the server's clocks read at the event before it.
TEST_F(BridgeCli, AnAeiEnginePlaysAWholeArimaaGameWithTheClocksTranslated) {
  const std::string room = open_room("arimaa", "arimaa:30s/1m/100/0/12t/0");
  const std::string log = log_path("aei.log");
  auto r = bridge("aei --name goldbot --room " + room + " --engine '" + AEI_TEST_ENGINE +
                  " --log " + log + " --seed 7'");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "engine boardroom-aei-test is ready")) << r.out;
  EXPECT_TRUE(contains(r.out, "room " + room + ": ")) << r.out;

  json game = record(room);
  ASSERT_TRUE(game.is_object());
  ASSERT_TRUE(game["outcome"].is_object()) << game.dump();
  EXPECT_EQ(game["players"][0]["name"], "goldbot");
  const json& moves = game["moves"];
  ASSERT_GE(moves.size(), 4u);  // both setups and more
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(moves[i]["ply"], i + 1);
    EXPECT_EQ(moves[i]["seat"], i % 2);
  }
  expect_verified(game);

  const std::string told = read_text(log);
  const auto all = lines(told);
  ASSERT_GE(all.size(), 3u);
  EXPECT_EQ(all[0], "aei");
  EXPECT_EQ(all[1], "isready");
  EXPECT_EQ(all[2], "newgame");
  EXPECT_EQ(all.back(), "quit");
  // Every move the engine was asked after was told to it first: its own and the bot's.
  const auto goes = options_per_go(told);
  const std::size_t gold_moves = (moves.size() + 1) / 2;
  EXPECT_EQ(goes.size(), gold_moves);
  EXPECT_EQ(count_prefix(told, "makemove "), static_cast<long long>(2 * (goes.size() - 1)));
  // No turn tags and no captures in makemove: steps (or placements) only.
  for (const auto& line : all) {
    if (!line.starts_with("makemove ")) continue;
    std::istringstream words(line.substr(9));
    for (std::string word; words >> word;) {
      EXPECT_TRUE(std::string("RCDHMErcdhme").find(word[0]) != std::string::npos) << line;
      EXPECT_FALSE(word.ends_with("x")) << line;
    }
  }
  for (std::size_t k = 0; k < goes.size(); ++k) {
    const auto& o = goes[k];
    EXPECT_EQ(o.at("tcmove"), 30) << k;
    EXPECT_EQ(o.at("tcreserve"), 60) << k;
    EXPECT_EQ(o.at("tcpercent"), 100) << k;
    EXPECT_EQ(o.at("tcmax"), 0) << k;
    EXPECT_EQ(o.at("tctotal"), 0) << k;
    EXPECT_EQ(o.at("tcturns"), 12) << k;
    EXPECT_EQ(o.at("tcturntime"), 0) << k;
    // Gold's k-th turn follows Silver's move of ply 2k (the start for k = 0).
    const json& clocks = k == 0 ? game["start_clocks"] : moves[2 * k - 1]["clocks"];
    ASSERT_TRUE(clocks.is_object()) << k;
    EXPECT_EQ(o.at("greserve"), clocks["reserve_ms"][0].get<long long>() / 1000) << k;
    EXPECT_EQ(o.at("sreserve"), clocks["reserve_ms"][1].get<long long>() / 1000) << k;
  }
  // The reserves grew with the unused time of each turn: the values are read, not repeated.
  EXPECT_GT(goes.back().at("greserve"), 60);
}

// The illegal move is refused by the server: the bridge says so, resigns, and exits 1.
TEST_F(BridgeCli, AnIllegalMoveEndsTheBridgeWithAResignation) {
  const std::string room = open_room("arimaa");
  auto r = bridge("aei --room " + room + " --engine '" + AEI_TEST_ENGINE + " --illegal-at 2'", 15);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out,
                       "engine failure: the engine's move '2g Ea1n Ea2n Ea3n Ea4n Ea5n' "
                       "was refused"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "resigned the game in room " + room)) << r.out;
  json game = record(room);
  EXPECT_EQ(game["outcome"]["reason"], "resignation") << game.dump();
  EXPECT_EQ(game["outcome"]["winners"], json::array({1}));
}

TEST_F(BridgeCli, AnEngineThatDiesMidGameIsReportedAndTheGameResigned) {
  const std::string room = open_room("arimaa");
  auto r = bridge("aei --room " + room + " --engine '" + AEI_TEST_ENGINE + " --die-at 3'", 15);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "engine failure: the engine exited with status 3")) << r.out;
  EXPECT_TRUE(contains(r.out, "resigned the game in room " + room)) << r.out;
  EXPECT_EQ(record(room)["outcome"]["reason"], "resignation");
}

TEST_F(BridgeCli, GarbageAndSilenceFromTheEngineAreFailuresToo) {
  const std::string garbled = open_room("arimaa");
  auto g =
      bridge("aei --room " + garbled + " --engine '" + AEI_TEST_ENGINE + " --garbage-at 2'", 15);
  EXPECT_EQ(g.status, 1) << g.out;
  EXPECT_TRUE(contains(g.out, "answered 'go' with 'the answer is 42', not a bestmove")) << g.out;
  EXPECT_EQ(record(garbled)["outcome"]["reason"], "resignation");

  const std::string silent = open_room("arimaa");
  const auto started = std::chrono::steady_clock::now();
  auto s = bridge(
      "aei --move-timeout 1 --room " + silent + " --engine '" + AEI_TEST_ENGINE + " --hang-at 2'",
      15);
  EXPECT_EQ(s.status, 1) << s.out;
  EXPECT_TRUE(contains(s.out, "did not answer 'go' with a bestmove in time")) << s.out;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  EXPECT_EQ(record(silent)["outcome"]["reason"], "resignation");
}

// Engines that are not AEI engines, or not there at all, fail before the bridge connects.
TEST_F(BridgeCli, AnEngineThatCannotStartIsReportedBeforeConnecting) {
  auto echo = bridge("aei --room r1 --engine cat", 15);
  EXPECT_EQ(echo.status, 1) << echo.out;
  EXPECT_TRUE(contains(echo.out, "the engine answered 'aei' with 'aei'")) << echo.out;
  auto missing = bridge("aei --room r1 --engine /nonexistent/engine", 15);
  EXPECT_EQ(missing.status, 1) << missing.out;
  EXPECT_TRUE(contains(missing.out, "the engine exited with status 127 (no such command?)"))
      << missing.out;
  // A command line with shell syntax goes through the shell.
  auto shell = bridge("aei --room r1 --engine 'cd / && exec cat'", 15);
  EXPECT_EQ(shell.status, 1) << shell.out;
  EXPECT_TRUE(contains(shell.out, "the engine answered 'aei' with 'aei'")) << shell.out;
}

TEST_F(BridgeCli, UsageErrorsExitWithTwo) {
  const std::string engine = std::string(" --engine '") + AEI_TEST_ENGINE + "'";
  auto nowhere = bridge("aei" + engine, 15);
  EXPECT_EQ(nowhere.status, 2) << nowhere.out;
  EXPECT_TRUE(contains(nowhere.out, "--room ID, --accept or --seek")) << nowhere.out;
  EXPECT_EQ(bridge("aei --room r1 --accept" + engine, 15).status, 2);
  auto lone_rematch = bridge("aei --room r1 --rematch" + engine, 15);
  EXPECT_EQ(lone_rematch.status, 2);
  EXPECT_TRUE(contains(lone_rematch.out, "--rematch needs --accept or --seek")) << lone_rematch.out;
  EXPECT_EQ(bridge("aei --room r1", 15).status, 2);              // no engine
  EXPECT_EQ(bridge("engine --room r1" + engine, 15).status, 2);  // no game
  auto not_a_game = bridge("engine --game chess --room r1" + engine, 15);
  EXPECT_EQ(not_a_game.status, 2) << not_a_game.out;
  auto url = run("aei --room r1 --url http://localhost:1/" + engine);
  EXPECT_EQ(url.status, 2) << url.out;
  EXPECT_TRUE(contains(url.out, "--url must be ws://")) << url.out;
}

// An account's name and password: the bridge logs in (the password from a file), and a wrong
// password is said to be one.
TEST_F(BridgeCli, TheBridgeLogsInToAnAccount) {
  std::string account;
  {
    ws_client owner(server_.port);
    account = owner.hello("Goldie")["player"].get<std::string>();
    json r = owner.call("account.register", {{"password", "correct horse"}});
    ASSERT_TRUE(r.contains("result")) << r.dump();
  }
  write_text(log_path("password"), "correct horse\n");
  const std::string room = open_room("arimaa", "none");
  auto wrong = bridge("aei --name goldie --password 'wrong horse' --room " + room + " --engine '" +
                      AEI_TEST_ENGINE + "'");
  EXPECT_EQ(wrong.status, 1) << wrong.out;
  EXPECT_TRUE(contains(wrong.out, "the password does not log in to the account goldie"))
      << wrong.out;
  auto r = bridge("aei --name goldie --password-file " + log_path("password") + " --room " + room +
                  " --engine '" + AEI_TEST_ENGINE + " --illegal-at 3'");
  EXPECT_EQ(r.status, 1) << r.out;  // a short game: the engine's third move is illegal
  EXPECT_TRUE(contains(r.out, "as Goldie (" + account + "), an account")) << r.out;
  json game = record(room);
  EXPECT_EQ(game["players"][0]["player"], account) << game.dump();
  EXPECT_EQ(game["players"][0]["name"], "Goldie");
}

// A bridge that dies mid-game and is started again with its account takes its seat back (the
// server holds it for the grace period), tells the new engine the game so far and plays on.
TEST_F(BridgeCli, ABridgeRestartedWithItsAccountPlaysOn) {
  {
    ws_client owner(server_.port);
    owner.hello("Phoenix");
    json r = owner.call("account.register", {{"password", "from the ashes"}});
    ASSERT_TRUE(r.contains("result")) << r.dump();
  }
  write_text(log_path("password"), "from the ashes");
  const std::string room = open_room("arimaa", "arimaa:30s/1m/100/0/12t/0");
  const std::string as_phoenix =
      "aei --name phoenix --password-file " + log_path("password") + " --room " + room;
  auto first = start_bridge(as_phoenix + " --engine '" + AEI_TEST_ENGINE + " --hang-at 2'");
  ASSERT_TRUE(host_->wait_event("move", room, std::chrono::seconds(10)));  // Gold's setup
  ASSERT_TRUE(host_->wait_event("move", room, std::chrono::seconds(10)));  // Silver's
  kill(first.pid, SIGKILL);
  EXPECT_EQ(wait_bridge(first), 128 + SIGKILL);

  const std::string log = log_path("second.log");
  auto second = bridge(as_phoenix + " --engine '" + AEI_TEST_ENGINE + " --log " + log + "'");
  ASSERT_EQ(second.status, 0) << second.out;
  EXPECT_TRUE(contains(second.out, "playing seat 0 of room " + room)) << second.out;
  json game = record(room);
  EXPECT_EQ(game["players"][0]["name"], "Phoenix");
  EXPECT_GE(game["moves"].size(), 3u);
  // The new engine heard the game from its start: both setups before its first go.
  const auto told = lines(read_text(log));
  ASSERT_GE(told.size(), 5u);
  EXPECT_EQ(told[2], "newgame");
  EXPECT_TRUE(told[3].starts_with("makemove ")) << told[3];
  EXPECT_TRUE(told[4].starts_with("makemove ")) << told[4];
}

// SIGTERM while the engine thinks: the bridge resigns, ends the engine and exits 128 + 15.
TEST_F(BridgeCli, SigtermResignsAndEndsTheEngine) {
  const std::string room = open_room("arimaa");
  auto b = start_bridge("aei --room " + room + " --engine '" + AEI_TEST_ENGINE + " --hang-at 2'");
  ASSERT_TRUE(host_->wait_event("move", room, std::chrono::seconds(10)));  // Gold's setup
  ASSERT_TRUE(host_->wait_event("move", room, std::chrono::seconds(10)));  // Silver's
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the engine is asked, and hangs
  kill(b.pid, SIGTERM);
  EXPECT_EQ(wait_bridge(b), 128 + SIGTERM);
  const std::string out = read_text(b.output);
  EXPECT_TRUE(contains(out, "stopped by signal 15")) << out;
  EXPECT_TRUE(contains(out, "resigned the game in room " + room)) << out;
  EXPECT_EQ(record(room)["outcome"]["reason"], "resignation");
}

// A server that goes away mid-game ends the bridge (exit 1) at once, engine thinking or not.
TEST_F(BridgeCli, AServerThatGoesAwayEndsTheBridge) {
  const std::string room = open_room("arimaa");
  auto b = start_bridge("aei --room " + room + " --engine '" + AEI_TEST_ENGINE + " --hang-at 2'");
  ASSERT_TRUE(host_->wait_event("move", room, std::chrono::seconds(10)));
  ASSERT_TRUE(host_->wait_event("move", room, std::chrono::seconds(10)));
  stop_server(server_, SIGKILL);
  EXPECT_EQ(wait_bridge(b), 1);
  const std::string out = read_text(b.output);
  EXPECT_TRUE(contains(out, "the connection to the server failed")) << out;
}

// --accept: a bridge that claims a bot account takes challenges to its game one at a time,
// declines the others with a reason, plays --games of them and exits.
TEST_F(BridgeCli, ABotAccountAcceptsChallengesToItsGameAndDeclinesTheRest) {
  write_text(log_path("password"), "no humans here");
  const std::string log = log_path("accept.log");
  auto b = start_bridge("engine --game 'amazons(board_size=6)' --name Acceptor --password-file " +
                        log_path("password") + " --accept --games 2 --engine '" + LINE_TEST_ENGINE +
                        " --log " + log + "'");
  ASSERT_TRUE(output_says(b.output, "connected to")) << read_text(b.output);
  EXPECT_TRUE(contains(read_text(b.output), "registered the bot account Acceptor"));

  ws_client challenger(server_.port);
  challenger.hello("challenger");
  const auto declined = [&](json challenge) {
    json r = challenger.call("challenge.create", challenge);
    EXPECT_TRUE(r.contains("result")) << r.dump();
    auto answer = challenger.wait_notification(
        [](const json& f) { return f.value("method", "") == "challenge.declined"; },
        std::chrono::seconds(10));
    return answer ? (*answer)["params"].value("reason", std::string()) : std::string("none");
  };
  EXPECT_EQ(declined({{"to", "acceptor"}, {"game", "sisyphos"}}),
            "plays only amazons(board_size=6,komi=0,swap=false)");
  EXPECT_EQ(declined({{"to", "acceptor"}, {"game", "amazons"}, {"params", {{"board_size", 8}}}}),
            "plays only amazons(board_size=6,komi=0,swap=false)");

  for (int game = 0; game < 2; ++game) {
    json r = challenger.call("challenge.create", {{"to", "acceptor"},
                                                  {"game", "amazons"},
                                                  {"params", {{"board_size", 6}}},
                                                  {"time_control", "fischer:1m+1s"},
                                                  {"seat", game}});
    ASSERT_TRUE(r.contains("result")) << r.dump();
    auto assigned = challenger.wait_notification(
        [](const json& f) { return f.value("method", "") == "game.assigned"; },
        std::chrono::seconds(10));
    ASSERT_TRUE(assigned) << read_text(b.output);
    const json& a = (*assigned)["params"];
    EXPECT_EQ(a["via"], "challenge");
    EXPECT_EQ(a["seat"], game);
    EXPECT_EQ(a["players"][1 - game]["name"], "Acceptor");
    EXPECT_EQ(a["players"][1 - game]["bot_account"], true);
    if (game == 0) {  // busy: the bridge plays one game at a time
      ws_client other(server_.port);
      other.hello("latecomer");
      json late =
          other.call("challenge.create",
                     {{"to", "acceptor"}, {"game", "amazons"}, {"params", {{"board_size", 6}}}});
      ASSERT_TRUE(late.contains("result")) << late.dump();
      auto answer = other.wait_notification(
          [](const json& f) { return f.value("method", "") == "challenge.declined"; },
          std::chrono::seconds(10));
      ASSERT_TRUE(answer);
      EXPECT_EQ((*answer)["params"]["reason"], "busy");
    }
    json over = play_randomly(challenger, a["room"], game, a["spec"], 2);
    ASSERT_TRUE(over.is_object()) << read_text(b.output);
    EXPECT_TRUE(over["outcome"].is_object()) << over.dump();
  }
  EXPECT_EQ(wait_bridge(b), 0) << read_text(b.output);
  const std::string out = read_text(b.output);
  EXPECT_EQ(count_prefix(out, "room "), 2) << out;
  EXPECT_EQ(count_prefix(read_text(log), "newgame "), 2);
  EXPECT_EQ(lines(read_text(log)).back(), "quit");
}

// --rematch: after the game a challenge brought, its opponent asks for another; the bridge agrees,
// plays it in the new room with the seats turned, and exits after --games.
TEST_F(BridgeCli, ABridgeAgreesToTheRematchItsOpponentAsksFor) {
  auto b = start_bridge(
      "engine --game 'amazons(board_size=6)' --name Rematcher --accept --rematch "
      "--games 2 --engine '" +
      std::string(LINE_TEST_ENGINE) + "'");
  ASSERT_TRUE(output_says(b.output, "connected to")) << read_text(b.output);
  ws_client challenger(server_.port);
  challenger.hello("challenger");
  json r = challenger.call(
      "challenge.create",
      {{"to", "Rematcher"}, {"game", "amazons"}, {"params", {{"board_size", 6}}}, {"seat", 0}});
  ASSERT_TRUE(r.contains("result")) << r.dump();
  const auto assigned = [&](const std::string& via) {
    auto n = challenger.wait_notification(
        [&](const json& f) {
          return f.value("method", "") == "game.assigned" && f["params"].value("via", "") == via;
        },
        std::chrono::seconds(10));
    return n ? (*n)["params"] : json();
  };
  json first = assigned("challenge");
  ASSERT_TRUE(first.is_object()) << read_text(b.output);
  ASSERT_TRUE(play_randomly(challenger, first["room"], 0, first["spec"], 2).is_object());

  json asked = challenger.call("room.rematch", {{"room", first["room"]}});
  ASSERT_TRUE(asked.contains("result")) << asked.dump();
  EXPECT_EQ(asked["result"]["waiting_for"], json::array({1})) << "the bot never asks first";
  json second = assigned("rematch");
  ASSERT_TRUE(second.is_object()) << read_text(b.output);
  EXPECT_NE(second["room"], first["room"]);
  EXPECT_EQ(second["seat"], 1) << "the seats turned";
  EXPECT_EQ(second["players"][0]["name"], "Rematcher");
  ASSERT_TRUE(play_randomly(challenger, second["room"], 1, second["spec"], 2).is_object());

  EXPECT_EQ(wait_bridge(b), 0) << read_text(b.output);
  const std::string out = read_text(b.output);
  EXPECT_EQ(count_prefix(out, "room "), 2) << out;
  EXPECT_TRUE(contains(out, "agreed to a rematch in room " + first["room"].get<std::string>()))
      << out;
  // The second game is on record, the bot in seat 0.
  EXPECT_EQ(record(second["room"])["players"][0]["name"], "Rematcher");
}

// --seek: two AEI bridges seek Arimaa under the same clocks, the server pairs them, and they play
// each other to the end.
TEST_F(BridgeCli, TwoSeekingBridgesArePairedAndPlayEachOther) {
  const std::string seek = " --seek --time-control arimaa:30s/1m/100/0/12t/0 --engine '" +
                           std::string(AEI_TEST_ENGINE) + " --seed ";
  auto first = start_bridge("aei --name seeker-one" + seek + "1'");
  ASSERT_TRUE(output_says(first.output, "seeking a game of arimaa")) << read_text(first.output);
  auto second = start_bridge("aei --name seeker-two" + seek + "2'");
  EXPECT_EQ(wait_bridge(first, std::chrono::seconds(20)), 0) << read_text(first.output);
  EXPECT_EQ(wait_bridge(second, std::chrono::seconds(20)), 0) << read_text(second.output);
  const std::string one = read_text(first.output), two = read_text(second.output);
  const auto room_of = [](const std::string& out) {
    const auto at = out.find("\nroom ");
    return at == std::string::npos ? std::string() : out.substr(at + 6, out.find(':', at) - at - 6);
  };
  ASSERT_FALSE(room_of(one).empty()) << one;
  EXPECT_EQ(room_of(one), room_of(two)) << one << two;
  json game = record(room_of(one));
  std::set<std::string> names{game["players"][0]["name"], game["players"][1]["name"]};
  EXPECT_EQ(names, (std::set<std::string>{"seeker-one", "seeker-two"}));
  EXPECT_EQ(game["time_control"], "arimaa:30s/1m/100/0/12t/0");
  EXPECT_TRUE(game["outcome"].is_object());
  // One won and one lost, each by its own account of it.
  EXPECT_NE(contains(one, ": won ("), contains(two, ": won (")) << one << two;
}

// SIGTERM while seeking: the seek is withdrawn and the bridge exits 128 + 15.
TEST_F(BridgeCli, SigtermWhileSeekingWithdrawsTheSeek) {
  auto b = start_bridge("aei --name lonely --seek --engine " + std::string(AEI_TEST_ENGINE));
  ASSERT_TRUE(output_says(b.output, "seeking a game of arimaa")) << read_text(b.output);
  json listed = host_->call("seek.list", {{"game", "arimaa"}});
  EXPECT_EQ(listed["result"]["seeks"].size(), 1u) << listed.dump();
  kill(b.pid, SIGTERM);
  EXPECT_EQ(wait_bridge(b), 128 + SIGTERM) << read_text(b.output);
  listed = host_->call("seek.list", {{"game", "arimaa"}});
  EXPECT_TRUE(listed["result"]["seeks"].empty()) << listed.dump();
}

// A room of another game is refused without taking a seat.
TEST_F(BridgeCli, ARoomOfAnotherGameIsRefused) {
  const std::string room = open_room("amazons");
  auto r = bridge("aei --room " + room + " --engine '" + AEI_TEST_ENGINE + "'", 15);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "room " + room + " plays amazons(")) << r.out;
  json view = host_->call("room.sync", {{"room", room}, {"since", 1000}});
  EXPECT_TRUE(view["result"]["snapshot"]["seats"][0]["player"].is_null()) << view.dump();
}

// A whole game of Amazons through the line protocol, with Fischer clocks: the engine is told the
// game, every move, the position before each go and the clocks in milliseconds.
TEST_F(BridgeCli, ALineProtocolEnginePlaysAWholeAmazonsGame) {
  const std::string room = open_room("amazons", "fischer:5m+3s");
  const std::string log = log_path("line.log");
  const long long requests_before = requests_total();
  auto r = bridge("engine --game amazons --name linebot --room " + room + " --engine '" +
                  LINE_TEST_ENGINE + " --log " + log + "'");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "engine line-test-engine is ready")) << r.out;

  json game = record(room);
  ASSERT_TRUE(game["outcome"].is_object()) << game.dump();
  EXPECT_EQ(game["players"][0]["name"], "linebot");
  expect_verified(game);

  const std::string told = read_text(log);
  const auto all = lines(told);
  ASSERT_GE(all.size(), 3u);
  EXPECT_EQ(all[0], "boardroom 1");
  EXPECT_EQ(all[1], "newgame " + game["spec"].get<std::string>() + " 0 2 fischer:5m+3s");
  EXPECT_EQ(all.back(), "quit");
  const auto& moves = game["moves"];
  const long long goes = count_prefix(told, "go ");
  EXPECT_EQ(goes, static_cast<long long>((moves.size() + 1) / 2));
  EXPECT_EQ(count_prefix(told, "position "), goes);
  // The bridge's requests: hello, the room watched, joined and read, and one a move. Each move's
  // event came in its answer (hello's move_event_in_result): a bridge that asked for it and then
  // waited for a notification that never comes would see a gap at the opponent's next event and
  // sync every move.
  const long long requests = requests_total() - requests_before;
  EXPECT_GE(requests, goes) << told;
  EXPECT_LE(requests, goes + 5) << told;
  // The moves told are the record's, in order.
  std::vector<std::string> played;
  for (const auto& line : all)
    if (line.starts_with("played ")) played.push_back(line.substr(7));
  ASSERT_LE(played.size(), moves.size());
  EXPECT_GE(played.size() + 2, moves.size());
  for (std::size_t i = 0; i < played.size(); ++i)
    EXPECT_EQ(played[i], moves[i]["move"].get<std::string>()) << i;
  // go <own ms> <other ms>: each within the time the clocks can hold.
  for (const auto& line : all) {
    if (!line.starts_with("go ")) continue;
    long long own = 0, other = 0;
    ASSERT_EQ(std::sscanf(line.c_str(), "go %lld %lld", &own, &other), 2) << line;
    EXPECT_GT(own, 250'000) << line;
    EXPECT_LE(own, 300'000 + 3'000 * static_cast<long long>(moves.size())) << line;
    EXPECT_GT(other, 250'000) << line;
  }
}

TEST_F(BridgeCli, ALineProtocolEngineThatPlaysAnIllegalMoveResigns) {
  const std::string room = open_room("amazons", "none", {{"board_size", 6}});
  auto r = bridge("engine --game amazons --room " + room + " --engine '" + LINE_TEST_ENGINE +
                      " --illegal-at 2'",
                  15);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "engine failure: the engine's move 'a1-a1/a1' was refused")) << r.out;
  EXPECT_EQ(record(room)["outcome"]["reason"], "resignation");
}

}  // namespace
}  // namespace boardroom::test
