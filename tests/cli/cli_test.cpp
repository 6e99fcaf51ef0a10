// The `boardroom` executable as users and scripts run it.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/ws_client.hpp"

namespace boardroom::test {
namespace {

struct run_result {
  int status = -1;
  std::string out;
};

// Runs the binary with `args` through the shell, capturing stdout and stderr.
run_result run(const std::string& args) {
  std::string command = std::string(BOARDROOM_BINARY) + " " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  run_result r;
  std::array<char, 4096> chunk{};
  while (std::size_t n = fread(chunk.data(), 1, chunk.size(), pipe))
    r.out.append(chunk.data(), n);
  r.status = WEXITSTATUS(pclose(pipe));
  return r;
}

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
  int out[2];
  ASSERT_EQ(pipe(out), 0);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    execl(BOARDROOM_BINARY, BOARDROOM_BINARY, "serve", "--host", "127.0.0.1", "--port", "0",
          "--log-level", "warn", nullptr);
    _exit(127);
  }
  close(out[1]);
  // The first line names the port.
  std::string line;
  char ch;
  while (read(out[0], &ch, 1) == 1 && ch != '\n')
    line += ch;
  auto colon = line.rfind(':');
  ASSERT_NE(colon, std::string::npos) << line;
  auto port = static_cast<std::uint16_t>(std::stoi(line.substr(colon + 1)));

  EXPECT_EQ(http_get(port, "/healthz").status, 200);
  ws_client client(port);
  EXPECT_EQ(client.hello("alice")["protocol"], 1);

  kill(pid, SIGTERM);
  EXPECT_EQ(client.wait_closed(), 1001);  // going away
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  close(out[0]);
}

}  // namespace
}  // namespace boardroom::test
