// The port with --tls-cert/--tls-key: https:// and wss:// only, and everything admission does
// (limits, origins, the hello deadline, shutdown) as in clear. A certificate is made for each
// test; the clients trust it alone and check that it names 127.0.0.1.

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "server/net/server.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/raw_ws.hpp"
#include "tests/support/tls_client.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

const json alice_hello{{"protocol", 1}, {"name", "alice"}};

struct tls_server_fixture {
  temp_dir certs;
  tls_files files = make_self_signed(certs.path());

  test_server_options options(server::limits limit = test_limits()) const {
    test_server_options o;
    o.limit = limit;
    o.tls_cert = files.cert;
    o.tls_key = files.key;
    return o;
  }
};

TEST(Tls, HttpsAndWssServeTheApiAndTheProtocol) {
  tls_server_fixture tls;
  test_server srv(tls.options());
  auto health = https_get(srv.port(), "/healthz", tls.files.cert);
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.body, "ok\n");

  wss_client alice(srv.port(), tls.files.cert);
  ASSERT_EQ(alice.upgrade_status(), 101);
  auto hello = alice.call("hello", alice_hello);
  ASSERT_TRUE(hello.has_value());
  ASSERT_TRUE(hello->contains("result")) << hello->dump();
  std::string token = (*hello)["result"]["resume_token"];
  EXPECT_FALSE(token.empty());
  std::string player = (*hello)["result"]["player"];

  auto games = json::parse(https_get(srv.port(), "/api/v1/games", tls.files.cert).body);
  EXPECT_FALSE(games["games"].empty());
  auto metrics = https_get(srv.port(), "/metrics", tls.files.cert).body;
  EXPECT_NE(metrics.find("boardroom_connections 1"), std::string::npos) << metrics;

  // The token brings the identity back on another encrypted connection.
  wss_client again(srv.port(), tls.files.cert);
  auto resumed = again.call("hello", {{"protocol", 1}, {"name", "alice"}, {"resume_token", token}});
  ASSERT_TRUE(resumed.has_value());
  EXPECT_EQ((*resumed)["result"]["player"], player) << resumed->dump();
  EXPECT_EQ(alice.wait_closed(), 1008);  // replaced by the newer connection
}

// A TLS record holds at most 16 KiB: frames larger than that are read and written in several
// records, and several reads and writes of the stream beneath.
TEST(Tls, FramesLargerThanATlsRecordCrossBothWays) {
  tls_server_fixture tls;
  test_server srv(tls.options());
  wss_client alice(srv.port(), tls.files.cert);
  ASSERT_TRUE(alice.call("hello", alice_hello).has_value());

  // In: a request of 40 KB, whose unknown field the error names whole (so out again).
  const std::string field(40000, 'p');
  auto padded = alice.call("lobby.list", {{field, 1}});
  ASSERT_TRUE(padded.has_value());
  ASSERT_TRUE(padded->contains("error")) << padded->dump().substr(0, 300);
  EXPECT_NE((*padded)["error"]["message"].get<std::string>().find("'" + field + "'"),
            std::string::npos);

  // Out: the 2176 opening moves of the Amazons, about 30 KB.
  auto created = alice.call("room.create",
                            {{"game", "amazons"}, {"bots", {{{"seat", 1}, {"bot", "random"}}}}});
  ASSERT_TRUE(created.has_value());
  const std::string room = (*created)["result"]["room"];
  auto moves = alice.call("game.legal_moves", {{"room", room}});
  ASSERT_TRUE(moves.has_value());
  ASSERT_TRUE(moves->contains("result")) << moves->dump().substr(0, 300);
  EXPECT_EQ((*moves)["result"]["moves"].size(), 2176u);
  EXPECT_GT(moves->dump().size(), 16u * 1024);
}

TEST(Tls, PlainHttpToTheTlsPortGetsNoAnswerAndOthersAreServed) {
  tls_server_fixture tls;
  test_server srv(tls.options());
  auto started = std::chrono::steady_clock::now();
  auto raw = raw_exchange(srv.port(),
                          "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_FALSE(raw.starts_with("HTTP/")) << raw;
  EXPECT_EQ(raw.find("ok\n"), std::string::npos) << raw;
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);  // closed, not left hanging
  // A plain WebSocket client fails the same way.
  EXPECT_ANY_THROW(ws_client plain(srv.port()));

  EXPECT_EQ(https_get(srv.port(), "/healthz", tls.files.cert).status, 200);
  wss_client alice(srv.port(), tls.files.cert);
  auto hello = alice.call("hello", alice_hello);
  ASSERT_TRUE(hello.has_value());
  EXPECT_TRUE((*hello)["result"].contains("resume_token")) << hello->dump();
}

TEST(Tls, ASilentClientIsCutOffWithinTheHttpTimeout) {
  tls_server_fixture tls;
  auto limit = test_limits();
  limit.http_timeout = 300ms;
  test_server srv(tls.options(limit));
  auto started = std::chrono::steady_clock::now();
  auto raw = raw_exchange(srv.port(), "", 5s);  // connects, never starts the handshake
  EXPECT_TRUE(raw.empty()) << raw;
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
}

TEST(Tls, AdmissionLimitsAndOriginsHoldAsInClear) {
  tls_server_fixture tls;
  auto limit = test_limits();
  limit.max_connections_per_address = 1;
  test_server srv(tls.options(limit));
  {
    wss_client held(srv.port(), tls.files.cert);
    ASSERT_EQ(held.upgrade_status(), 101);
    // The refusal arrives encrypted, as an HTTP answer with its reason.
    auto refused = https_get(srv.port(), "/healthz", tls.files.cert);
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(json::parse(refused.body)["error"]["code"], "too_many_connections");
  }
  std::this_thread::sleep_for(100ms);  // the held place comes free

  {
    wss_client foreign(srv.port(), tls.files.cert, "https://evil.example");
    EXPECT_EQ(foreign.upgrade_status(), 403);
  }
  std::this_thread::sleep_for(100ms);
  wss_client same_host(srv.port(), tls.files.cert,
                       "https://127.0.0.1:" + std::to_string(srv.port()));
  EXPECT_EQ(same_host.upgrade_status(), 101);
}

TEST(Tls, TheHelloDeadlineHolds) {
  tls_server_fixture tls;
  auto limit = test_limits();
  limit.hello_timeout = 300ms;
  test_server srv(tls.options(limit));
  wss_client silent(srv.port(), tls.files.cert);
  ASSERT_EQ(silent.upgrade_status(), 101);
  auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(silent.wait_closed(3s), 1008);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 2s);
}

TEST(Tls, ShutdownClosesEncryptedConnectionsWithGoingAway) {
  tls_server_fixture tls;
  auto srv = std::make_unique<test_server>(tls.options());
  wss_client alice(srv->port(), tls.files.cert);
  ASSERT_TRUE(alice.call("hello", alice_hello).has_value());
  auto started = std::chrono::steady_clock::now();
  std::thread stopping([&] { srv.reset(); });
  EXPECT_EQ(alice.wait_closed(5s), 1001);
  stopping.join();
  // The close handshake completed: the server did not wait for its deadline (3 s).
  EXPECT_LT(std::chrono::steady_clock::now() - started, 2500ms);
}

TEST(Tls, StartRefusesIncompleteOrUnusableFiles) {
  tls_server_fixture tls;
  auto other = make_self_signed(tls.certs.path(), "other");
  temp_dir data;
  auto start_error = [&](const std::string& cert, const std::string& key) {
    server::config cfg;
    cfg.host = "127.0.0.1";
    cfg.port = 0;
    cfg.data_dir = data.path();
    cfg.tls_cert = cert;
    cfg.tls_key = key;
    server::server srv(cfg);
    auto port = srv.start();
    return port ? std::string() : port.error();
  };
  EXPECT_NE(start_error(tls.files.cert, "").find("--tls-cert and --tls-key go together"),
            std::string::npos);
  EXPECT_NE(start_error("", tls.files.key).find("go together"), std::string::npos);
  auto missing = start_error(tls.certs.path() + "/missing.pem", tls.files.key);
  EXPECT_NE(missing.find("cannot read the TLS certificate file"), std::string::npos) << missing;
  EXPECT_NE(missing.find("No such file"), std::string::npos) << missing;
  EXPECT_NE(start_error(tls.files.key, tls.files.key).find("cannot use the TLS certificate file"),
            std::string::npos);
  EXPECT_NE(start_error(tls.files.cert, tls.files.cert).find("cannot use the TLS key file"),
            std::string::npos);
  auto mismatch = start_error(tls.files.cert, other.key);
  EXPECT_NE(mismatch.find("mismatch"), std::string::npos) << mismatch;
  EXPECT_EQ(start_error(tls.files.cert, tls.files.key), "");
}

}  // namespace
}  // namespace boardroom::test
