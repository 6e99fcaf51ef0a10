// Hostile clients from outside: requests that once took the server down, and the admission limits
// (per address, server-wide, per identity) that keep one client from crowding out the rest. Each
// test talks to the real server over real sockets, most of them with hand-made bytes.

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "server/accounts/secrets.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/raw_ws.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

const std::string hello_params = R"({"protocol":1,"name":"raw"})";

// The status code of the first HTTP answer in `raw` (0 when there is none).
int status_of(const std::string& raw) {
  if (!raw.starts_with("HTTP/1.1 ")) return 0;
  return std::stoi(raw.substr(9, 3));
}

// The body of the first answer in `raw` (a single answer read to the end of the connection).
std::string body_of(const std::string& raw) {
  auto end = raw.find("\r\n\r\n");
  return end == std::string::npos ? "" : raw.substr(end + 4);
}

bool has_header(const std::string& raw, const std::string& line) {
  return raw.substr(0, raw.find("\r\n\r\n") + 2).find("\r\n" + line + "\r\n") != std::string::npos;
}

std::string get(const std::string& target, const std::string& headers = "") {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers +
         "Connection: close\r\n\r\n";
}

// The whole answer to a WebSocket upgrade request carrying `headers` (each ending in "\r\n").
std::string upgrade(std::uint16_t port, const std::string& headers = "") {
  return raw_exchange(port, ws_upgrade_request(port, "/ws", headers), 500ms);
}

// The answer's status, for an upgrade from the page at `origin`.
int upgrade_from(std::uint16_t port, const std::string& origin) {
  return status_of(upgrade(port, "Origin: " + origin + "\r\n"));
}

// A client that says hello on a raw connection and reads the answer.
json raw_hello(raw_ws& c, const std::string& params = hello_params) {
  c.send_request(1, "hello", params);
  auto f = c.read_data();
  return f ? json::parse(f->payload, nullptr, false) : json();
}

std::string metrics_text(std::uint16_t port) {
  return http_get(port, "/metrics").body;
}

TEST(Hardening, RawNonUtf8BytesInTheRequestTargetGetAnAnswer) {
  test_server srv;
  // Once, the 404 text echoed the path through a strict JSON writer that threw, and nothing
  // caught it: the process aborted.
  for (std::string target : {"/\xff", "/api/v1/records/\xff\xfe", "/api/v1/rooms\xff",
                             "/api/v1/records?player=\xff&game=\xc3", "/api/v1/rooms?game=%ff"}) {
    auto raw = raw_exchange(srv.port(), get(target));
    int status = status_of(raw);
    EXPECT_TRUE(status == 200 || status == 400 || status == 404) << raw;
    auto body = json::parse(body_of(raw), nullptr, false);
    EXPECT_FALSE(body.is_discarded()) << raw;
  }
  auto raw = raw_exchange(srv.port(), get("/\xff"));
  EXPECT_EQ(json::parse(body_of(raw))["error"]["code"], "not_found");
  EXPECT_EQ(http_get(srv.port(), "/healthz").status, 200);
}

TEST(Hardening, HeadAnswersCarryNoBodyAndKeepTheConnectionUsable) {
  test_server srv;
  auto raw = raw_exchange(
      srv.port(), "HEAD /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + get("/healthz"));
  ASSERT_EQ(status_of(raw), 200) << raw;
  auto head_end = raw.find("\r\n\r\n");
  ASSERT_NE(head_end, std::string::npos);
  // The length of the GET's body is announced, and no body follows: the next bytes are the
  // answer to the second request on the same connection.
  auto length_at = raw.find("Content-Length: ");
  ASSERT_LT(length_at, head_end);
  EXPECT_GT(std::stoi(raw.substr(length_at + 16)), 100);
  std::string second = raw.substr(head_end + 4);
  EXPECT_EQ(status_of(second), 200) << raw;
  EXPECT_EQ(body_of(second), "ok\n");
}

TEST(Hardening, AnswersSayWhatTheyAreAndMayBeReadByAnyPage) {
  test_server srv;
  for (std::string target :
       {"/healthz", "/metrics", "/api/v1/games", "/api/v1/rooms", "/nope", "/api/v1/records"}) {
    auto raw = raw_exchange(srv.port(), get(target));
    EXPECT_TRUE(has_header(raw, "X-Content-Type-Options: nosniff")) << target << raw;
    EXPECT_TRUE(has_header(raw, "Access-Control-Allow-Origin: *")) << target << raw;
    EXPECT_NE(raw.find("Content-Type: "), std::string::npos) << target;
  }
  EXPECT_TRUE(
      has_header(raw_exchange(srv.port(), get("/api/v1/games")), "Content-Type: application/json"));
  auto preflight =
      raw_exchange(srv.port(),
                   "OPTIONS /api/v1/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://a.example"
                   "\r\nAccess-Control-Request-Method: GET\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_of(preflight), 204) << preflight;
  EXPECT_TRUE(has_header(preflight, "Access-Control-Allow-Methods: GET, HEAD, OPTIONS"));
  auto post = raw_exchange(srv.port(),
                           "POST /api/v1/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           "Content-Length: 0\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_of(post), 405);
  EXPECT_TRUE(has_header(post, "Allow: GET, HEAD, OPTIONS")) << post;
}

TEST(Hardening, WebSocketsFromOtherPagesAreRefused) {
  test_server srv;
  const std::string same_host = "http://127.0.0.1:" + std::to_string(srv.port());
  EXPECT_EQ(upgrade_from(srv.port(), "https://evil.example"), 403);
  EXPECT_EQ(upgrade_from(srv.port(), "http://127.0.0.1:" + std::to_string(srv.port() + 1)), 403);
  EXPECT_EQ(upgrade_from(srv.port(), same_host), 101);
  EXPECT_EQ(status_of(upgrade(srv.port())), 101);  // no Origin: not a browser
  auto refused = upgrade(srv.port(), "Origin: https://evil.example\r\n");
  EXPECT_EQ(json::parse(body_of(refused))["error"]["code"], "origin_not_allowed");
  EXPECT_NE(metrics_text(srv.port()).find("boardroom_refusals_total{reason=\"origin\"} 3"),
            std::string::npos);

  test_server_options listed;
  listed.allowed_origins = {"https://play.example"};
  test_server one(listed);
  EXPECT_EQ(upgrade_from(one.port(), "https://play.example"), 101);
  EXPECT_EQ(upgrade_from(one.port(), "http://127.0.0.1:" + std::to_string(one.port())), 403);

  test_server_options any;
  any.allowed_origins = {"*"};
  test_server open(any);
  EXPECT_EQ(upgrade_from(open.port(), "https://evil.example"), 101);
}

TEST(Hardening, AConnectionThatNeverSaysHelloIsClosed) {
  auto limit = test_limits();
  limit.hello_timeout = 300ms;
  test_server srv(limit);
  raw_ws silent(srv.port());
  raw_ws polite(srv.port());
  EXPECT_EQ(raw_hello(polite)["result"]["name"], "raw");
  auto started = std::chrono::steady_clock::now();
  auto code = silent.read_close(3s);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 1008);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 2s);
  // The one that said hello stays.
  polite.send_request(2, "lobby.list", "{}");
  auto reply = polite.read_data(3s);
  ASSERT_TRUE(reply.has_value());
  EXPECT_NE(reply->payload.find("\"rooms\""), std::string::npos);
  EXPECT_NE(metrics_text(srv.port()).find("boardroom_refusals_total{reason=\"hello_timeout\"} 1"),
            std::string::npos);
}

TEST(Hardening, OpenConnectionsPerAddressAreLimited) {
  auto limit = test_limits();
  limit.max_connections_per_address = 3;
  test_server srv(limit);
  std::vector<std::unique_ptr<raw_ws>> held;
  for (int i = 0; i < 3; ++i)
    held.push_back(std::make_unique<raw_ws>(srv.port()));
  auto refused = upgrade(srv.port());
  EXPECT_EQ(status_of(refused), 429) << refused;
  EXPECT_EQ(json::parse(body_of(refused))["error"]["code"], "too_many_connections");
  held.pop_back();  // a place comes free
  std::this_thread::sleep_for(100ms);
  EXPECT_NO_THROW(raw_ws again(srv.port()));
}

TEST(Hardening, NewConnectionsPerAddressAreRateLimited) {
  auto limit = test_limits();
  limit.connections_per_second_per_address = 1;  // bursts of 5
  test_server srv(limit);
  int answered = 0;
  int refused = 0;
  for (int i = 0; i < 8; ++i) {
    int status = status_of(raw_exchange(srv.port(), get("/healthz")));
    (status == 200 ? answered : refused) += status == 200 || status == 429;
  }
  // The burst of five, and a sixth if the eight took over a second (a slow sanitizer build).
  EXPECT_GE(answered, 5);
  EXPECT_LE(answered, 6);
  EXPECT_EQ(answered + refused, 8);
  EXPECT_NE(metrics_text(srv.port()).find("connection_rate"), std::string::npos);
}

TEST(Hardening, BehindATrustedProxyTheForwardedClientIsCharged) {
  auto limit = test_limits();
  limit.max_connections_per_address = 2;
  test_server_options proxied;
  proxied.limit = limit;
  proxied.trusted_proxies = {"127.0.0.0/8"};
  test_server srv(proxied);
  auto via = [&](const std::string& header) {
    return std::make_unique<raw_ws>(srv.port(), "/ws", header);
  };
  std::vector<std::unique_ptr<raw_ws>> held;
  held.push_back(via("X-Forwarded-For: 203.0.113.5\r\n"));
  held.push_back(via("X-Forwarded-For: 198.51.100.1, 203.0.113.5\r\n"));  // spoofed left part
  auto third = upgrade(srv.port(), "X-Forwarded-For: 203.0.113.5\r\n");
  EXPECT_EQ(status_of(third), 429) << third;
  // Another client behind the same proxy has places of its own; Forwarded wins over
  // X-Forwarded-For.
  EXPECT_NO_THROW(held.push_back(via("X-Forwarded-For: 203.0.113.6\r\n")));
  EXPECT_NO_THROW(
      held.push_back(via("Forwarded: for=\"[2001:db8::7]:4711\";proto=https\r\n"
                         "X-Forwarded-For: 203.0.113.5\r\n")));

  // Without a trusted proxy the header is anybody's word, and is ignored: every connection is
  // charged to 127.0.0.1.
  test_server plain(limit);
  std::vector<std::unique_ptr<raw_ws>> direct;
  direct.push_back(
      std::make_unique<raw_ws>(plain.port(), "/ws", "X-Forwarded-For: 203.0.113.1\r\n"));
  direct.push_back(
      std::make_unique<raw_ws>(plain.port(), "/ws", "X-Forwarded-For: 203.0.113.2\r\n"));
  EXPECT_EQ(status_of(upgrade(plain.port(), "X-Forwarded-For: 203.0.113.3\r\n")), 429);
}

TEST(Hardening, RoomsAndIdentitiesCreatedPerAddressAreLimited) {
  auto limit = test_limits();
  limit.identities_per_minute_per_address = 3;
  limit.rooms_per_minute_per_address = 2;
  test_server srv(limit);
  std::vector<std::unique_ptr<ws_client>> clients;
  std::string token;
  for (int i = 0; i < 3; ++i) {
    clients.push_back(std::make_unique<ws_client>(srv.port()));
    auto hello =
        clients.back()->call("hello", {{"protocol", 1}, {"name", "p" + std::to_string(i)}});
    ASSERT_EQ(error_code(hello), "") << hello.dump();
    token = hello["result"]["resume_token"];
  }
  ws_client fourth(srv.port());
  EXPECT_EQ(error_code(fourth.call("hello", {{"protocol", 1}, {"name", "p4"}})), "identity_rate");
  // Coming back with a token is not a new identity.
  ws_client returning(srv.port());
  EXPECT_EQ(error_code(returning.call("hello",
                                      {{"protocol", 1}, {"name", "p2"}, {"resume_token", token}})),
            "");

  auto create = [&](ws_client& c) {
    return error_code(c.call("room.create", {{"game", "sisyphos"}}));
  };
  EXPECT_EQ(create(*clients[0]), "");
  EXPECT_EQ(create(*clients[1]), "");
  EXPECT_EQ(create(*clients[0]), "room_rate");
  auto metrics = metrics_text(srv.port());
  EXPECT_NE(metrics.find("boardroom_refusals_total{reason=\"room_rate\"} 1"), std::string::npos);
  EXPECT_NE(metrics.find("boardroom_refusals_total{reason=\"identity_rate\"} 1"),
            std::string::npos);
}

TEST(Hardening, ConnectionsNotYetUpgradedCountAgainstTheConnectionLimit) {
  auto limit = test_limits();
  limit.max_connections = 3;
  test_server srv(limit);
  // Three sockets that never send a byte fill the server.
  boost::asio::io_context io;
  std::vector<boost::asio::ip::tcp::socket> idle;
  for (int i = 0; i < 3; ++i) {
    idle.emplace_back(io).connect({boost::asio::ip::make_address("127.0.0.1"), srv.port()});
  }
  std::this_thread::sleep_for(100ms);
  // A WebSocket client is told, with the documented close code; health checks are still
  // answered from the places kept for refusals.
  raw_ws late(srv.port());
  auto code = late.read_close(2s);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 1013);
  auto health = raw_exchange(srv.port(), get("/healthz"));
  EXPECT_EQ(status_of(health), 200) << health;
  EXPECT_NE(metrics_text(srv.port()).find("boardroom_refusals_total{reason=\"server_full\"}"),
            std::string::npos);
  idle.clear();
  std::this_thread::sleep_for(100ms);
  raw_ws now_fits(srv.port());
  EXPECT_EQ(raw_hello(now_fits)["result"]["name"], "raw");
}

TEST(Hardening, SlowReadersAreCutOffWhenTheServerWideQueueBudgetRunsOut) {
  auto limit = test_limits();
  limit.requests_per_second = 1e6;
  limit.request_burst = 1e6;
  limit.flood_close_after = 1'000'000;
  limit.max_queued_bytes_total = 256 * 1024;  // below one connection's own limit (8 MiB)
  test_server srv(limit);
  ws_client bystander(srv.port());
  bystander.hello("bystander");
  raw_ws hog(srv.port());
  ASSERT_EQ(raw_hello(hog)["result"]["name"], "raw");
  // The catalogue is a few kilobytes; asked for many times and never read, the answers fill the
  // socket buffers and then the server's queue.
  std::string burst;
  for (int i = 0; i < 200; ++i)
    burst += encode_ws_request(10 + i, "lobby.games", "{}");
  bool cut = false;
  auto until = std::chrono::steady_clock::now() + 10s;
  while (!cut && std::chrono::steady_clock::now() < until) {
    try {
      hog.send_bytes(burst);
    } catch (const std::exception&) {
      // The server closed the connection.
    }
    std::this_thread::sleep_for(20ms);
    cut = metrics_text(srv.port()).find("reason=\"queue_budget\"") != std::string::npos;
  }
  EXPECT_TRUE(cut) << metrics_text(srv.port());
  EXPECT_TRUE(hog.wait_eof(5s));
  // Everyone else is served as before.
  auto reply = bystander.call("lobby.list", json::object());
  EXPECT_EQ(error_code(reply), "") << reply.dump();
}

TEST(Hardening, StoppingWhileAClientIgnoresTheCloseHandshakeIsClean) {
  temp_dir dir;
  std::optional<test_server> srv(std::in_place, on_dir(dir.path()));
  ws_client a(srv->port()), b(srv->port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  // A client that never reads, so never answers the server's close frame.
  raw_ws deaf(srv->port());
  ASSERT_EQ(raw_hello(deaf)["result"]["name"], "raw");
  deaf.send_request(2, "room.spectate", json{{"room", room}}.dump());
  std::this_thread::sleep_for(100ms);
  auto started = std::chrono::steady_clock::now();
  // Stopping cuts the deaf client off after the close handshakes' deadline; the sessions the io
  // loop still holds must end before the hub they deregister from (once a use after free).
  srv.reset();
  EXPECT_LT(std::chrono::steady_clock::now() - started, 8s);
  srv.emplace(on_dir(dir.path()));  // the same data, started again
  ws_client c(srv->port());
  c.hello("carol");
  auto spectated = c.call("room.spectate", {{"room", room}});
  EXPECT_EQ(error_code(spectated), "") << spectated.dump();
}

TEST(Hardening, ARoomOfBotsOnlyIsPacedAndCapped) {
  auto limit = test_limits();
  limit.bot_moves_per_second = 40;
  limit.bot_only_max_moves = 12;
  test_server srv(limit);
  ws_client organiser(srv.port());
  organiser.hello("organiser");
  auto started = std::chrono::steady_clock::now();
  auto created =
      organiser.call("room.create", {{"game", "amazons"},
                                     {"bots", json::array({{{"seat", 0}, {"bot", "random"}},
                                                           {{"seat", 1}, {"bot", "random"}}})}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  auto over = organiser.wait_event("game_over", room, 10s);
  ASSERT_TRUE(over);
  // Twelve moves at most 40 a second: eleven gaps of 25 ms at the least.
  EXPECT_GE(std::chrono::steady_clock::now() - started, 11 * 25ms);
  EXPECT_EQ((*over)["outcome"]["reason"], "bot_move_cap");
  auto log = organiser.call("room.sync", {{"room", room}, {"since", 0}});
  int moves = 0;
  for (const auto& e : log["result"]["events"])
    moves += e["type"] == "move";
  EXPECT_EQ(moves, 12);
}

TEST(Hardening, GuestsWhoNeverPlayedAreForgotten) {
  temp_dir dir;
  {
    auto s = open_store(dir.path());
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->save_identity({"pold", "old", server::sha256_hex("old-token"), 0}));
    auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
                   .count();
    ASSERT_TRUE(s->save_identity({"precent", "recent", server::sha256_hex("recent-token"), now}));
  }
  test_server srv(on_dir(dir.path()));  // expired at start (and hourly)
  ws_client a(srv.port()), b(srv.port());
  auto old = a.call("hello", {{"protocol", 1}, {"name", "old"}, {"resume_token", "old-token"}});
  EXPECT_EQ(old["result"]["resumed"], false) << old.dump();
  auto recent =
      b.call("hello", {{"protocol", 1}, {"name", "recent"}, {"resume_token", "recent-token"}});
  EXPECT_EQ(recent["result"]["resumed"], true) << recent.dump();
  EXPECT_EQ(recent["result"]["player"], "precent");
}

TEST(Hardening, ALargeReplyIsOneUnfragmentedFrame) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_game(a, b, "amazons");
  raw_ws watcher(srv.port());
  ASSERT_EQ(raw_hello(watcher)["result"]["name"], "raw");
  watcher.send_request(2, "room.spectate", json{{"room", room}}.dump());
  ASSERT_TRUE(watcher.read_data().has_value());
  // 2,176 opening moves on the 10x10 board: tens of kilobytes in one answer.
  watcher.send_request(3, "game.legal_moves", json{{"room", room}}.dump());
  auto f = watcher.read_frame();
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->opcode, ws_opcode::text);
  EXPECT_TRUE(f->fin);
  EXPECT_GT(f->payload.size(), 16'000u);
  auto reply = json::parse(f->payload);
  EXPECT_EQ(reply["result"]["moves"].size(), 2176u) << reply.dump().substr(0, 300);
}

}  // namespace
}  // namespace boardroom::test
