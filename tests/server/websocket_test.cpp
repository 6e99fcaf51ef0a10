// The WebSocket layer, frame by frame: Beast implements RFC 6455, these tests check that the
// server configures it as docs/protocol.md promises (fragments, control frames, close codes,
// limits) and that broken or vanishing peers cost the other rooms nothing.

#include <unistd.h>

#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/server/helpers.hpp"
#include "tests/support/raw_ws.hpp"

namespace boardroom::test {
namespace {

const std::string hello_params = R"({"protocol":1,"name":"raw"})";

// The reply to a request sent on `c`, parsed; null when none came.
json read_reply(raw_ws& c) {
  auto f = c.read_data();
  if (!f || f->opcode != ws_opcode::text || !f->fin) return nullptr;
  return json::parse(f->payload, nullptr, false);
}

// The seat to move plays one legal move; both seats must see it confirmed.
void play_a_move(ws_client& a, ws_client& b, const std::string& room) {
  auto moves = legal_moves(a, room);
  ASSERT_FALSE(moves["moves"].empty()) << moves.dump();
  ws_client* seat[2] = {&a, &b};
  ws_client& mover = *seat[moves["to_move"].get<int>()];
  std::string move = moves["moves"][0];
  auto reply = mover.call("game.move", {{"room", room}, {"move", move}});
  ASSERT_EQ(error_code(reply), "") << reply.dump();
  for (ws_client* c : seat) {
    auto e = c->wait_event("move", room);
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ((*e)["move"], reply["result"]["move"]);
  }
}

TEST(WebSocket, FragmentedRequestIsAnsweredAsOne) {
  test_server srv;
  raw_ws c(srv.port());
  std::string request =
      R"({"jsonrpc":"2.0","id":7,"method":"hello","params":)" + hello_params + "}";
  c.send_frame(ws_opcode::text, request.substr(0, 10), /*fin=*/false);
  c.send_frame(ws_opcode::continuation, request.substr(10, 20), /*fin=*/false);
  // A control frame may come between fragments (RFC 6455 5.4) and is answered at once.
  c.send_frame(ws_opcode::ping, "between");
  auto pong = c.read_frame();
  ASSERT_TRUE(pong.has_value());
  EXPECT_EQ(pong->opcode, ws_opcode::pong);
  EXPECT_EQ(pong->payload, "between");
  c.send_frame(ws_opcode::continuation, request.substr(30), /*fin=*/true);
  auto reply = read_reply(c);
  ASSERT_TRUE(reply.is_object()) << reply.dump();
  EXPECT_EQ(reply["id"], 7);
  EXPECT_EQ(reply["result"]["name"], "raw") << reply.dump();
}

TEST(WebSocket, PingIsAnsweredWithItsPayload) {
  test_server srv;
  raw_ws c(srv.port());
  c.send_frame(ws_opcode::ping, "are you there?");
  auto pong = c.read_frame();
  ASSERT_TRUE(pong.has_value());
  EXPECT_EQ(pong->opcode, ws_opcode::pong);
  EXPECT_EQ(pong->payload, "are you there?");
  // An unsolicited pong is allowed (a heartbeat) and changes nothing.
  c.send_frame(ws_opcode::pong, "heartbeat");
  c.send_request(1, "hello", hello_params);
  EXPECT_TRUE(read_reply(c).contains("result"));
}

TEST(WebSocket, ClientCloseIsEchoedAndTheConnectionEnds) {
  test_server srv;
  raw_ws c(srv.port());
  c.send_request(1, "hello", hello_params);
  ASSERT_TRUE(read_reply(c).contains("result"));
  c.send_frame(ws_opcode::close, close_payload(1000, "bye"));
  auto echo = c.read_frame();
  ASSERT_TRUE(echo.has_value());
  EXPECT_EQ(echo->opcode, ws_opcode::close);
  EXPECT_EQ(echo->close_code(), 1000);
  // The server, having echoed the close, ends the TCP connection itself (RFC 6455 7.1.1).
  EXPECT_TRUE(c.wait_eof());
}

TEST(WebSocket, InvalidUtf8ClosesWith1007) {
  test_server srv;
  {
    raw_ws c(srv.port());
    c.send_frame(ws_opcode::text, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"h\xC3\x28\"}");
    EXPECT_EQ(c.read_close(), 1007);
    EXPECT_TRUE(c.wait_eof());
  }
  {
    // Split inside a multi-byte sequence that then goes wrong: checked across fragments.
    raw_ws c(srv.port());
    c.send_frame(ws_opcode::text, "\"\xE2\x82", /*fin=*/false);
    c.send_frame(ws_opcode::continuation, "\x41\"", /*fin=*/true);
    EXPECT_EQ(c.read_close(), 1007);
  }
  {
    // Valid UTF-8 split inside a character is fine.
    raw_ws c(srv.port());
    std::string request =
        R"({"jsonrpc":"2.0","id":2,"method":"hello","params":{"protocol":1,"name":"Zoë €"}})";
    auto cut = request.find("\xE2\x82\xAC") + 1;
    c.send_frame(ws_opcode::text, request.substr(0, cut), /*fin=*/false);
    c.send_frame(ws_opcode::continuation, request.substr(cut), /*fin=*/true);
    auto reply = read_reply(c);
    EXPECT_EQ(reply["result"]["name"], "Zoë €") << reply.dump();
  }
}

TEST(WebSocket, BinaryFrameClosesWith1003AndSaysWhy) {
  test_server srv;
  raw_ws c(srv.port());
  c.send_frame(ws_opcode::binary, R"({"jsonrpc":"2.0","id":1,"method":"hello"})");
  auto close = c.read_data();
  ASSERT_TRUE(close.has_value());
  ASSERT_EQ(close->opcode, ws_opcode::close);
  EXPECT_EQ(close->close_code(), 1003);
  EXPECT_EQ(close->close_reason(), "binary frames are not supported; send JSON text");
  // The server started the closing handshake: once the client answers, it ends the connection.
  c.send_frame(ws_opcode::close, close_payload(1003));
  EXPECT_TRUE(c.wait_eof());
}

TEST(WebSocket, OversizedFrameOrMessageClosesWith1009) {
  auto limit = test_limits();
  limit.max_frame_bytes = 4096;
  test_server srv(limit);
  {
    // The header alone announces too much: refused before the payload is read.
    raw_ws c(srv.port());
    std::string frame = encode_ws_frame(ws_opcode::text, std::string(5000, ' '));
    c.send_bytes(frame.substr(0, 100));
    EXPECT_EQ(c.read_close(), 1009);
  }
  {
    // Fragments each within the limit count together: the limit is on the message.
    raw_ws c(srv.port());
    c.send_frame(ws_opcode::text, std::string(3000, ' '), /*fin=*/false);
    c.send_frame(ws_opcode::continuation, std::string(3000, ' '), /*fin=*/true);
    EXPECT_EQ(c.read_close(), 1009);
  }
  {
    // Exactly the limit is still accepted (it is a parse error, not a close).
    raw_ws c(srv.port());
    c.send_frame(ws_opcode::text, std::string(4096, ' '));
    auto reply = read_reply(c);
    EXPECT_EQ(error_code(reply), "parse_error") << reply.dump();
  }
}

TEST(WebSocket, FramingViolationsCloseWith1002) {
  test_server srv;
  auto expect_1002 = [&](const std::string& bytes, const char* what) {
    raw_ws c(srv.port());
    c.send_bytes(bytes);
    EXPECT_EQ(c.read_close(), 1002) << what;
  };
  expect_1002(encode_ws_frame(ws_opcode::text, "{}", true, /*masked=*/false), "unmasked frame");
  expect_1002(encode_ws_frame(0x3, "{}"), "reserved opcode");
  expect_1002(encode_ws_frame(ws_opcode::continuation, "{}"), "continuation without a start");
  expect_1002(encode_ws_frame(ws_opcode::text, "{", false) + encode_ws_frame(ws_opcode::text, "}"),
              "new message inside a fragmented one");
  expect_1002(encode_ws_frame(ws_opcode::ping, "x", /*fin=*/false), "fragmented control frame");
  expect_1002(encode_ws_frame(ws_opcode::ping, std::string(126, 'x')), "control frame over 125");
  expect_1002(encode_ws_frame(ws_opcode::close, close_payload(1005)), "reserved close code");
  expect_1002(
      std::string(1, static_cast<char>(0xC1)) + encode_ws_frame(ws_opcode::text, "{}").substr(1),
      "RSV1 without an extension");
}

TEST(WebSocket, ResetInTheMiddleOfAFrameLeavesOtherRoomsPlaying) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  play_a_move(a, b, room);

  for (int i = 0; i < 20; ++i) {
    // A client with a room of its own, so the reset has bookkeeping to undo.
    raw_ws c(srv.port());
    c.send_request(1, "hello", hello_params);
    ASSERT_TRUE(read_reply(c).contains("result"));
    c.send_request(2, "room.create", R"({"game":"sisyphos"})");
    ASSERT_TRUE(read_reply(c).contains("result"));
    // Half a frame: the header and some of the payload, the rest never comes.
    std::string frame = encode_ws_frame(ws_opcode::text, std::string(i % 2 ? 2000 : 60, ' '));
    c.send_bytes(frame.substr(0, frame.size() / 2));
    c.reset();
  }
  play_a_move(a, b, room);
  play_a_move(a, b, room);
}

// The server's resident memory; the server runs in this process.
std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t total = 0, resident = 0;
  statm >> total >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

#if defined(BOARDROOM_SANITIZED_ADDRESS) || defined(BOARDROOM_SANITIZED_THREAD)
// The sanitizers keep freed memory in quarantine and shadow it: RSS says nothing there (and the
// leak checker covers what this test is after).
constexpr bool rss_is_meaningful = false;
#else
constexpr bool rss_is_meaningful = true;
#endif

TEST(WebSocket, ThousandsOfShortConnectionsNeitherLeakNorDisturbOthers) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);

  // Connect, hello, go: by close handshake, by FIN without one, or by reset.
  auto cycle = [&](int i) {
    raw_ws c(srv.port());
    c.send_request(1, "hello", R"({"protocol":1,"name":"c)" + std::to_string(i) + "\"}");
    auto reply = read_reply(c);
    if (!reply.contains("result")) return false;
    switch (i % 3) {
      case 0:
        c.send_frame(ws_opcode::close, close_payload(1000));
        return c.read_close() == 1000 && c.wait_eof();
      case 1:
        c.shut();
        return true;
      default:
        c.reset();
        return true;
    }
  };
  // Warm-up: allocator arenas, SQLite's page cache and the hub's maps reach their working size.
  constexpr int warm_up = 300, cycles = 2100;
  for (int i = 0; i < warm_up; ++i)
    ASSERT_TRUE(cycle(i)) << "cycle " << i;
  std::size_t before = resident_bytes();
  for (int i = warm_up; i < warm_up + cycles; ++i) {
    ASSERT_TRUE(cycle(i)) << "cycle " << i;
    if (i % 700 == 0) play_a_move(a, b, room);
  }
  play_a_move(a, b, room);

  // Every session is gone: only alice and bob are connected.
  std::string metrics;
  for (int tries = 0; tries < 100; ++tries) {
    metrics = http_get(srv.port(), "/metrics").body;
    if (metrics.find("\nboardroom_connections 2\n") != std::string::npos) break;
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_NE(metrics.find("\nboardroom_connections 2\n"), std::string::npos) << metrics;
  EXPECT_NE(
      metrics.find("\nboardroom_connections_total " + std::to_string(warm_up + cycles + 2) + "\n"),
      std::string::npos)
      << metrics;

  std::size_t after = resident_bytes();
  double growth_mib = (static_cast<double>(after) - static_cast<double>(before)) / (1 << 20);
  RecordProperty("rss_growth_kib", static_cast<int>(growth_mib * 1024));
  if (!rss_is_meaningful) GTEST_SKIP() << "RSS is not measured under a sanitizer";
  // A session kept alive after its connection (its buffers, its Beast stream) is several KiB:
  // 2100 of them cannot hide under this bound.
  EXPECT_LT(growth_mib, 8.0) << "RSS grew from " << before / 1024 << " KiB to " << after / 1024
                             << " KiB over " << cycles << " connections";
}

}  // namespace
}  // namespace boardroom::test
