// The real `boardroom serve` process under conditions only a whole process shows: SIGTERM while a
// client ignores the close handshake, and running out of file descriptors.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "tests/server/helpers.hpp"
#include "tests/support/process.hpp"
#include "tests/support/raw_ws.hpp"
#include "tests/support/test_server.hpp"
#include "tests/support/ws_client.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

// CPU seconds the process has used (user and system), from /proc.
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string skip;
  for (int i = 0; i < 11; ++i)
    fields >> skip;  // state .. cmajflt: fields 3 to 13
  long utime = 0, stime = 0;
  fields >> utime >> stime;
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

int open_descriptors(pid_t pid) {
  int n = 0;
  for ([[maybe_unused]] const auto& e :
       std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd"))
    ++n;
  return n;
}

TEST(HardeningCli, SigtermWhileAClientIgnoresTheCloseHandshakeExitsCleanly) {
  temp_dir data;
  auto server = spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", data.path()});
  ASSERT_GT(server.port, 0);
  ws_client a(server.port), b(server.port);
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  auto moves = a.call("game.legal_moves", {{"room", room}})["result"];
  ws_client* seat[2] = {&a, &b};
  auto moved = seat[moves["to_move"].get<int>()]->call(
      "game.move", {{"room", room}, {"move", moves["moves"][0]}});
  ASSERT_FALSE(moved.contains("error")) << moved.dump();
  std::int64_t version = moved["result"]["version"];

  raw_ws deaf(server.port);  // never reads again: the server's close frame goes unanswered
  deaf.send_request(1, "hello", R"({"protocol":1,"name":"deaf"})");
  deaf.send_request(2, "room.spectate", nlohmann::json{{"room", room}}.dump());
  std::this_thread::sleep_for(200ms);

  auto started = std::chrono::steady_clock::now();
  int status = stop_server(server, SIGTERM);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 10s);
  ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);

  // Nothing was lost: the room and its move are there after a restart.
  auto again = spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", data.path()});
  ws_client c(again.port);
  c.hello("carol");
  auto sync = c.call("room.spectate", {{"room", room}});
  ASSERT_FALSE(sync.contains("error")) << sync.dump();
  EXPECT_GE(sync["result"]["snapshot"]["version"].get<std::int64_t>(), version);
  EXPECT_EQ(sync["result"]["snapshot"]["status"], "playing");
  EXPECT_EQ(WEXITSTATUS(stop_server(again, SIGTERM)), 0);
}

TEST(HardeningCli, OutOfDescriptorsTheListenerPausesAndRecovers) {
#if defined(BOARDROOM_SANITIZED_ADDRESS)
  // Out of descriptors, the sanitizers cannot make the pipe they probe memory with, and report
  // every virtual call as one on an object of the wrong type. The release build runs this test.
  GTEST_SKIP() << "a process starved of descriptors starves its sanitizers too";
#endif
  temp_dir data;
  const std::vector<std::string> args{"--log-level", "error", "--data-dir", data.path()};
  // What the server needs for itself, then a limit a few descriptors above it: fewer than the
  // connections it is prepared to hold.
  auto probe = spawn_server(BOARDROOM_BINARY, args, {}, 64);
  ASSERT_GT(probe.port, 0);
  std::this_thread::sleep_for(200ms);
  const int own = open_descriptors(probe.pid);
  stop_server(probe, SIGTERM);
  const int spare = 8;
  auto server = spawn_server(BOARDROOM_BINARY, args, {}, own + spare);
  ASSERT_GT(server.port, 0);
  // More connections than descriptors: the kernel completes them all, the server cannot accept
  // the rest. It used to retry at once, forever, at full CPU.
  boost::asio::io_context io;
  std::vector<boost::asio::ip::tcp::socket> held;
  for (int i = 0; i < spare + 10; ++i) {
    held.emplace_back(io).connect({boost::asio::ip::make_address("127.0.0.1"), server.port});
  }
  std::this_thread::sleep_for(300ms);
  double before = cpu_seconds(server.pid);
  std::this_thread::sleep_for(1s);
  EXPECT_LT(cpu_seconds(server.pid) - before, 0.3);
  held.clear();
  // Descriptors come free: health checks are answered again, and the failed accepts were
  // counted.
  std::this_thread::sleep_for(500ms);
  auto health = http_get(server.port, "/healthz");
  EXPECT_EQ(health.status, 200);
  auto metrics = http_get(server.port, "/metrics").body;
  auto at = metrics.find("\nboardroom_accept_errors_total ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_GT(std::stoi(metrics.substr(at + 31)), 0) << metrics;
  EXPECT_EQ(WEXITSTATUS(stop_server(server, SIGTERM)), 0);
}

TEST(HardeningCli, TheConnectionLimitIsLoweredToWhatDescriptorsAllow) {
  temp_dir data;
  auto server = spawn_server(
      BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", data.path(), "--exempt", "127.0.0.1"},
      {}, 200);
  ASSERT_GT(server.port, 0);
  // 200 descriptors, 64 kept for the server's own files, 16 for refusals: 120 connections.
  std::vector<std::unique_ptr<raw_ws>> held;
  for (int i = 0; i < 120; ++i)
    held.push_back(std::make_unique<raw_ws>(server.port));
  raw_ws late(server.port);
  auto code = late.read_close(2s);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 1013);
  EXPECT_EQ(http_get(server.port, "/healthz").status, 200);
  EXPECT_EQ(WEXITSTATUS(stop_server(server, SIGTERM)), 0);
}

}  // namespace
}  // namespace boardroom::test
