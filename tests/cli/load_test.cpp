// `boardroom load` against a real server process: it plays, measures and reports.

#include <signal.h>

#include <chrono>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/process.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

nlohmann::json last_json_line(const std::string& out) {
  auto start = out.rfind("\n{");
  return nlohmann::json::parse(out.substr(start == std::string::npos ? 0 : start + 1));
}

TEST(Load, PlaysRoomsWithSpectatorsAndReadsTheServerFromProc) {
  temp_dir data;  // each run its own database: a data directory admits one server at a time
  // A closed loop asks faster than the default 50 requests/s per connection allow: lifted, as
  // bench/run_matrix.sh does.
  auto server = spawn_server(
      BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", data.path(), "--requests-per-second",
                         "100000", "--request-burst", "100000", "--exempt", "127.0.0.1"});
  ASSERT_GT(server.port, 0);
  const auto started = std::chrono::steady_clock::now();
  auto r = run_command(std::string(BOARDROOM_BINARY) + " load --port " +
                       std::to_string(server.port) + " --game sisyphos --rooms 3 --spectators 1" +
                       " --seconds 1.5 --warmup 0.5 --server-pid " + std::to_string(server.pid));
  const std::chrono::duration<double> ran = std::chrono::steady_clock::now() - started;
  stop_server(server, SIGTERM);
  ASSERT_EQ(r.status, 0) << r.out;
  auto report = last_json_line(r.out);
  // Counted after the warm-up: the measured seconds are the 1.5 asked for, of the 2 it ran.
  EXPECT_GE(ran.count(), 2.0);
  EXPECT_EQ(report["warmup_seconds"], 0.5);
  EXPECT_GE(report["seconds"].get<double>(), 1.5);
  EXPECT_LT(report["seconds"].get<double>(), 1.9);
  EXPECT_EQ(report["connections"], 9);
  EXPECT_GT(report["moves"].get<int>(), 20);
  EXPECT_GT(report["spectator_events_per_second"].get<double>(), 0);
  EXPECT_TRUE(report["errors"].empty()) << report.dump();
  EXPECT_GT(report["server"]["cpu_seconds"].get<double>(), 0);
  // A server that sends frames spends kernel time; its user time is the rest of its CPU time.
  const auto& cpu = report["server"];
  EXPECT_GT(cpu["cpu_kernel_seconds"].get<double>(), 0);
  EXPECT_LE(cpu["cpu_kernel_seconds"].get<double>(), cpu["cpu_seconds"].get<double>());
  EXPECT_NEAR(
      cpu["cpu_user_us_per_move"].get<double>() + cpu["cpu_kernel_us_per_move"].get<double>(),
      cpu["cpu_us_per_move"].get<double>(), 1e-6);
  EXPECT_NEAR(cpu["cpu_us_per_move"].get<double>(),
              cpu["cpu_seconds"].get<double>() * 1e6 / report["moves"].get<double>(), 1e-6);
  EXPECT_GT(report["server"]["rss_mib"].get<double>(), 0);
  EXPECT_LE(report["rtt_ms"]["p50"].get<double>(), report["rtt_ms"]["max"].get<double>());
  EXPECT_NE(r.out.find("round trip p50/p95/p99/max ms"), std::string::npos);
  EXPECT_NE(r.out.find("server CPU us per round trip (kernel)"), std::string::npos);
}

TEST(Load, IdleConnectionsSitInTheLobby) {
  temp_dir data;  // each run its own database: a data directory admits one server at a time
  auto server = spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", data.path(),
                                                "--exempt", "127.0.0.1"});
  auto r = run_command(std::string(BOARDROOM_BINARY) + " load --mode idle --json --port " +
                       std::to_string(server.port) + " --connections 50 --seconds 0.5" +
                       " --server-pid " + std::to_string(server.pid));
  stop_server(server, SIGTERM);
  ASSERT_EQ(r.status, 0) << r.out;
  auto report = last_json_line(r.out);
  EXPECT_EQ(report["connections"], 50);
  EXPECT_TRUE(report["server"].contains("rss_kib_per_connection"));
}

TEST(Load, SoakPlayersDropResumeAndSeeEveryEventOnce) {
  temp_dir data;  // each run its own database: a data directory admits one server at a time
  auto server = spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", data.path(),
                                                "--exempt", "127.0.0.1"});
  ASSERT_GT(server.port, 0);
  // A drop per player every three seconds or so; Sisyphos games are short enough that some end
  // and their players move on to new rooms.
  auto r = run_command(std::string(BOARDROOM_BINARY) + " load --mode soak --port " +
                       std::to_string(server.port) + " --game sisyphos --rooms 4 --seconds 5" +
                       " --drop-rate 20 --server-pid " + std::to_string(server.pid));
  stop_server(server, SIGTERM);
  auto report = last_json_line(r.out);
  const auto& soak = report["soak"];
  // A run this short is no measure of memory: the verdict's RSS half may go either way, but the
  // exit status must follow the verdict.
  EXPECT_EQ(r.status == 0, soak["pass"].get<bool>()) << r.out;
  EXPECT_EQ(report["connections"], 8);
  EXPECT_GE(soak["resumes"].get<int>(), 4) << r.out;
  EXPECT_EQ(soak["resumes"], soak["drops"]) << r.out;
  EXPECT_GT(soak["events_checked"].get<int>(), 40) << r.out;
  EXPECT_EQ(soak["lost"], 0) << r.out;
  EXPECT_EQ(soak["duplicated"], 0) << r.out;
  EXPECT_GT(soak["rooms_audited"].get<int>(), 0) << r.out;
  EXPECT_TRUE(report["errors"].empty()) << r.out;
  EXPECT_GT(soak["rss_warm_mib"].get<double>(), 0);
  EXPECT_NE(r.out.find("lost / duplicated"), std::string::npos);
}

TEST(Load, RefusesAnUnknownGame) {
  auto r = run_command(std::string(BOARDROOM_BINARY) + " load --game chess --seconds 0.1");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("unknown game 'chess'"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace boardroom::test
