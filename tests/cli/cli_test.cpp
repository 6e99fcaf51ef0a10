// The `boardroom` executable as users and scripts run it.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/cli/cli_helpers.hpp"
#include "tests/support/process.hpp"
#include "tests/support/test_server.hpp"
#include "tests/support/ws_client.hpp"

namespace boardroom::test {
namespace {

std::string last_line(std::string text) {
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  auto start = text.rfind('\n');
  return start == std::string::npos ? text : text.substr(start + 1);
}

TEST(Cli, HelpAndVersion) {
  auto help = run("--help");
  EXPECT_EQ(help.status, 0);
  for (const char* sub : {"serve", "games", "perft", "moves"}) {
    EXPECT_NE(help.out.find(sub), std::string::npos) << sub;
    EXPECT_EQ(run(std::string(sub) + " --help").status, 0) << sub;
  }
  EXPECT_NE(run("--version").out.find("boardroom"), std::string::npos);
  EXPECT_NE(run("serve --help").out.find("--reconnect-grace-ms"), std::string::npos);
}

// A flag out of its range is a usage error (exit 2) that names the flag, before anything starts.
TEST(Cli, ServeFlagsOutOfRangeExitWithTwo) {
  for (const char* bad : {"--bot-threads 0", "--bot-threads 257", "--bot-threads many"}) {
    auto r = run(std::string("serve --port 0 ") + bad + " 2>&1");
    EXPECT_EQ(r.status, 2) << bad << ": " << r.out;
    EXPECT_NE(r.out.find("--bot-threads"), std::string::npos) << r.out;
  }
  EXPECT_EQ(run("match --help").status, 0);
}

TEST(Cli, GamesListsTheCatalogue) {
  auto games = run("games");
  EXPECT_EQ(games.status, 0);
  EXPECT_NE(games.out.find("sisyphos"), std::string::npos);
  EXPECT_NE(games.out.find("edition"), std::string::npos);
  auto as_json = nlohmann::json::parse(run("games --json").out);
  EXPECT_EQ(as_json[0]["key"], "sisyphos");
}

TEST(Cli, PerftAndMovesAgreeWithEachOther) {
  auto count = run("moves sisyphos --count");
  ASSERT_EQ(count.status, 0) << count.out;
  auto list = run("moves sisyphos");
  int lines = 0;
  for (char ch : list.out)
    lines += ch == '\n';
  EXPECT_EQ(std::to_string(lines), last_line(count.out));
  EXPECT_EQ(last_line(run("perft sisyphos 1").out), last_line(count.out));

  // After a move, the other side's moves; perft of depth 2 is the sum over the first moves.
  std::string first = list.out.substr(0, list.out.find('\n'));
  auto after = run("moves sisyphos --moves '" + first + "' --count");
  ASSERT_EQ(after.status, 0) << after.out;
  EXPECT_GT(std::stoi(last_line(after.out)), 0);
  auto perft2 = run("perft 'sisyphos(edition=perlhuhn2007)' 2");
  EXPECT_EQ(perft2.status, 0) << perft2.out;
}

// Esiema's sowings can run into the millions: `moves` lists the placements and reproductions,
// says when sowings are left out, counts exactly where it can and draws samples.
TEST(Cli, MovesSaysWhenNotEveryMoveIsListed) {
  auto start = run("moves esiema --count");
  ASSERT_EQ(start.status, 0) << start.out;
  EXPECT_EQ(last_line(start.out), "91");  // the first mother ball, into any of the 91 pits

  // Red: the mother alone in a1 and a small ball in a2; blue in k11 and k10.
  const std::string spec = "moves 'esiema(first_seat=0,first_by_lot=false,setup_balls=2)' ";
  const std::string setup = "@a1M;@k11M;@a2;@k10";
  auto list = run(spec + "--moves '" + setup + "'");
  ASSERT_EQ(list.status, 0) << list.out;
  EXPECT_NE(list.out.find("a1+1\n"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("a1+11\n"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("not every legal move is listed"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("--sample N"), std::string::npos) << list.out;

  // 11 reproductions; sowings: a1's mother to a2, b1 or b2, a2's ball to a1, a3, b2 or b3.
  auto count = run(spec + "--moves '" + setup + "' --count");
  ASSERT_EQ(count.status, 0) << count.out;
  EXPECT_EQ(last_line(count.out), "18");

  auto sample = run(spec + "--moves '" + setup + "' --sample 5 --sample-seed 3");
  ASSERT_EQ(sample.status, 0) << sample.out;
  std::stringstream lines(sample.out);
  std::string move;
  int drawn = 0;
  while (std::getline(lines, move)) {
    ++drawn;
    auto after = run(spec + "--moves '" + setup + ";" + move + "' --count");
    EXPECT_EQ(after.status, 0) << move << ": " << after.out;
  }
  EXPECT_EQ(drawn, 5);
}

TEST(Cli, BadInputGetsAClearErrorAndNonZeroExit) {
  auto unknown = run("perft chess 1");
  EXPECT_NE(unknown.status, 0);
  EXPECT_NE(unknown.out.find("unknown game 'chess'"), std::string::npos) << unknown.out;
  auto param = run("perft 'sisyphos(speed=3)' 1");
  EXPECT_NE(param.status, 0);
  EXPECT_NE(param.out.find("unknown parameter 'speed'"), std::string::npos) << param.out;
  auto illegal = run("moves sisyphos --moves 'a1-a2'");
  EXPECT_NE(illegal.status, 0);
  EXPECT_NE(illegal.out.find("move 1 'a1-a2'"), std::string::npos) << illegal.out;
}

TEST(Cli, ServeStartsAnswersAndShutsDownGracefullyOnSigterm) {
  temp_dir data;  // each run its own database: a data directory admits one server at a time
  auto server = spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", data.path()});
  ASSERT_GT(server.port, 0);
  EXPECT_EQ(http_get(server.port, "/healthz").status, 200);
  ws_client client(server.port);
  EXPECT_EQ(client.hello("alice")["protocol"], 1);

  kill(server.pid, SIGTERM);
  EXPECT_EQ(client.wait_closed(), 1001);  // going away
  int status = stop_server(server, 0);    // already signalled: just wait for it
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

// The allocator the executable was built with (cli/allocator.hpp): with mimalloc linked, the
// program's allocations are mimalloc's (asked at exit, it reports the memory they touched), and
// the start-up log names it; without, mimalloc is not there to report anything.
TEST(Cli, RunsOnTheAllocatorItWasBuiltWith) {
  auto games = run_command("MIMALLOC_SHOW_STATS=1 " + std::string(BOARDROOM_BINARY) + " games");
  ASSERT_EQ(games.status, 0) << games.out;
  const auto touched = games.out.find("touched:");
  // The server's log, from its start to a SIGTERM (caught before it says it listens, so the
  // line that names the allocator, written after, is in the log by the time it stops).
  temp_dir data;
  const std::string log = data.path() + "/log";
  auto server = spawn_server(
      BOARDROOM_BINARY, {"--log-level", "info", "--data-dir", data.path() + "/data"}, {}, 0, log);
  ASSERT_GT(server.port, 0);
  const int status = stop_server(server, SIGTERM);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;  // a clean stop
  std::ifstream in(log);
  const std::string served((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
#ifdef BOARDROOM_MIMALLOC
  ASSERT_NE(touched, std::string::npos) << games.out;
  std::istringstream line(games.out.substr(touched + 8));
  double peak = 0;
  line >> peak;
  EXPECT_GT(peak, 0) << games.out;
  EXPECT_NE(served.find("memory from mimalloc 2."), std::string::npos) << served;
#else
  EXPECT_EQ(touched, std::string::npos) << games.out;
  EXPECT_NE(served.find("memory from the C library's malloc (or a sanitizer's)"), std::string::npos)
      << served;
#endif
}

// An admin.abort of a running game on `port` with `token`: "" when it was granted, else the error.
std::string abort_as_admin(std::uint16_t port, const std::string& token) {
  ws_client a(port), b(port);
  a.hello("alice");
  b.hello("bob");
  auto created = a.call("room.create", {{"game", "sisyphos"}});
  std::string room = created["result"]["room"];
  EXPECT_FALSE(b.call("room.join", {{"room", room}}).contains("error"));
  EXPECT_TRUE(a.wait_event("game_started", room).has_value());
  auto reply = b.call("admin.abort", {{"room", room}, {"token", token}});
  return reply.contains("error") ? reply["error"]["data"].value("code", "?") : "";
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
  std::filesystem::permissions(
      path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
}

// The admin token need not be on the command line, where ps shows it to every user.
TEST(Cli, ServeTakesTheAdminTokenFromAFileOrTheEnvironment) {
  EXPECT_NE(run("serve --help").out.find("--admin-token-file"), std::string::npos);
  EXPECT_NE(run("serve --help").out.find("ps"), std::string::npos);  // why the flag is not safe
  temp_dir data;
  const std::string file = data.path() + "/admin-token";
  write_file(file, "from-a-file\n");  // as `echo` writes it: the newline is not the token's
  {
    temp_dir db;
    auto server =
        spawn_server(BOARDROOM_BINARY,
                     {"--log-level", "warn", "--data-dir", db.path(), "--admin-token-file", file},
                     {{"BOARDROOM_ADMIN_TOKEN", "from-the-environment"}});
    ASSERT_GT(server.port, 0);
    EXPECT_EQ(abort_as_admin(server.port, "from-a-file"), "");
    EXPECT_EQ(abort_as_admin(server.port, "from-a-file\n"), "not_admin");
    EXPECT_EQ(abort_as_admin(server.port, "from-the-environment"), "not_admin");  // a flag wins
    stop_server(server, SIGTERM);
  }
  {
    temp_dir db;
    auto server = spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", db.path()},
                               {{"BOARDROOM_ADMIN_TOKEN", "from-the-environment"}});
    ASSERT_GT(server.port, 0);
    EXPECT_EQ(abort_as_admin(server.port, "from-the-environment"), "");
    EXPECT_EQ(abort_as_admin(server.port, "guess"), "not_admin");
    stop_server(server, SIGTERM);
  }
  {
    temp_dir db;  // the old flag still works
    auto server = spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", db.path(),
                                                  "--admin-token", "on-the-command-line"});
    ASSERT_GT(server.port, 0);
    EXPECT_EQ(abort_as_admin(server.port, "on-the-command-line"), "");
    stop_server(server, SIGTERM);
  }
}

TEST(Cli, ServeRefusesAnEmptyOrMissingAdminTokenFile) {
  temp_dir data;
  const std::string empty = data.path() + "/empty";
  write_file(empty, "\n");
  auto refused = run("serve --port 0 --data-dir " + data.path() + " --admin-token-file " + empty);
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.out.find("admin token file " + empty + " is empty"), std::string::npos)
      << refused.out;
  auto missing = run("serve --port 0 --data-dir " + data.path() + " --admin-token-file " +
                     data.path() + "/nothing-here");
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.out.find("cannot read the admin token file"), std::string::npos) << missing.out;
  write_file(empty, "t");
  auto both = run("serve --port 0 --data-dir " + data.path() + " --admin-token-file " + empty +
                  " --admin-token t");
  EXPECT_NE(both.status, 0);
  EXPECT_NE(both.out.find("not both"), std::string::npos) << both.out;
}

}  // namespace
}  // namespace boardroom::test
