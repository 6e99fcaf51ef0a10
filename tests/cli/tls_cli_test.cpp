// `boardroom serve --tls-cert/--tls-key` as an operator runs it: a mistake in the flags or the
// files stops the start with words and a failing status; the files right, the port speaks TLS.

#include <signal.h>
#include <sys/wait.h>

#include <gtest/gtest.h>

#include "tests/cli/cli_helpers.hpp"
#include "tests/support/test_server.hpp"
#include "tests/support/tls_client.hpp"

namespace boardroom::test {
namespace tls_cli {  // named: `serve` is another test file's too, in the same unity batch
namespace {

// `serve` with `args`; a server that wrongly starts is ended by `timeout` instead of hanging.
run_result serve(const std::string& args) {
  return run_command("timeout 20 " + std::string(BOARDROOM_BINARY) +
                     " serve --host 127.0.0.1 --port 0 " + args);
}

TEST(TlsCli, ACertificateWithoutAKeyIsRefusedAtStart) {
  temp_dir dir;
  auto files = make_self_signed(dir.path());
  auto r = serve("--data-dir " + dir.path() + "/data --tls-cert " + files.cert);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.status, 124) << "the server started: " << r.out;
  EXPECT_NE(r.out.find("--tls-cert and --tls-key go together"), std::string::npos) << r.out;
}

TEST(TlsCli, AMissingCertificateFileIsRefusedAtStart) {
  temp_dir dir;
  auto files = make_self_signed(dir.path());
  auto r = serve("--data-dir " + dir.path() + "/data --tls-cert " + dir.path() +
                 "/missing.pem --tls-key " + files.key);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.status, 124) << "the server started: " << r.out;
  EXPECT_NE(r.out.find("cannot read the TLS certificate file " + dir.path() + "/missing.pem"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("listening on"), std::string::npos) << r.out;
}

TEST(TlsCli, WithBothFilesThePortSpeaksTls) {
  temp_dir dir;
  auto files = make_self_signed(dir.path());
  auto server =
      spawn_server(BOARDROOM_BINARY, {"--log-level", "warn", "--data-dir", dir.path() + "/data",
                                      "--tls-cert", files.cert, "--tls-key", files.key});
  ASSERT_GT(server.port, 0);
  EXPECT_EQ(https_get(server.port, "/healthz", files.cert).status, 200);
  wss_client alice(server.port, files.cert);
  auto hello = alice.call("hello", {{"protocol", 1}, {"name", "alice"}});
  ASSERT_TRUE(hello.has_value());
  EXPECT_TRUE((*hello)["result"].contains("resume_token")) << hello->dump();
  // alice does not read, so the close handshake goes unanswered: the encrypted connection is cut
  // off at the shutdown deadline, and the exit is still clean.
  int status = stop_server(server, SIGTERM);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace tls_cli
}  // namespace boardroom::test
