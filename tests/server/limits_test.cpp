// Bad input gets a precise error or close code, and never affects anyone else.

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

TEST(Limits, MalformedJsonGetsParseError) {
  test_server srv;
  ws_client c(srv.port());
  c.send_text("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ");
  auto reply = c.wait_notification([](const json&) { return false; }, 0ms);
  auto frames = c.drain();
  for (int i = 0; frames.empty() && i < 50; ++i) {
    std::this_thread::sleep_for(20ms);
    frames = c.drain();
  }
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["error"]["code"], -32700);
  EXPECT_TRUE(frames[0]["id"].is_null());
  EXPECT_EQ(frames[0]["error"]["data"]["code"], "parse_error");
  EXPECT_TRUE(c.connected());  // a bad message does not cost the connection
}

TEST(Limits, EnvelopeAndParamsErrorsNameTheField) {
  test_server srv;
  ws_client c(srv.port());
  auto raw = [&](const std::string& text) {
    c.send_text(text);
    for (int i = 0; i < 100; ++i) {
      auto frames = c.drain();
      if (!frames.empty()) return frames.front();
      std::this_thread::sleep_for(10ms);
    }
    return json();
  };
  auto not_object = raw("[1,2]");
  EXPECT_EQ(not_object["error"]["code"], -32600);
  auto bad_version = raw(R"({"jsonrpc":"1.0","id":5,"method":"hello"})");
  EXPECT_EQ(bad_version["error"]["code"], -32600);
  EXPECT_EQ(bad_version["id"], 5);
  EXPECT_EQ(bad_version["error"]["data"]["field"], "jsonrpc");
  auto no_id = raw(R"({"jsonrpc":"2.0","method":"hello","params":{"protocol":1,"name":"x"}})");
  EXPECT_EQ(no_id["error"]["code"], -32600);
  EXPECT_EQ(no_id["error"]["data"]["field"], "id");

  auto unknown = c.call("room.teleport", {{"room", "x"}});
  EXPECT_EQ(unknown["error"]["code"], -32601);
  EXPECT_EQ(error_code(unknown), "method_not_found");

  auto missing = c.call("hello", {{"protocol", 1}});
  EXPECT_EQ(missing["error"]["code"], -32602);
  EXPECT_EQ(error_code(missing), "missing_field");
  EXPECT_EQ(missing["error"]["data"]["field"], "name");

  auto typed = c.call("hello", {{"protocol", "one"}, {"name", "x"}});
  EXPECT_EQ(error_code(typed), "wrong_type");
  EXPECT_EQ(typed["error"]["data"]["field"], "protocol");

  auto extra = c.call("hello", {{"protocol", 1}, {"name", "x"}, {"colour", "red"}});
  EXPECT_EQ(error_code(extra), "unknown_field");
  EXPECT_EQ(extra["error"]["data"]["field"], "colour");

  EXPECT_EQ(error_code(c.call("lobby.list")), "hello_required");
  EXPECT_EQ(error_code(c.call("hello", {{"protocol", 2}, {"name", "x"}})), "unsupported_version");
  ASSERT_EQ(error_code(c.call("hello", {{"protocol", 1}, {"name", "x"}})), "");
  EXPECT_EQ(error_code(c.call("hello", {{"protocol", 1}, {"name", "x"}})), "already_hello");
  EXPECT_EQ(error_code(c.call("room.join", {{"room", "nope"}})), "unknown_room");
  EXPECT_EQ(error_code(c.call("room.sync", {{"room", "nope"}, {"since", -1}})), "out_of_range");
}

TEST(Limits, OversizedFrameClosesWith1009AndOthersPlayOn) {
  auto limit = test_limits();
  limit.max_frame_bytes = 4096;
  test_server srv(limit);
  ws_client a(srv.port()), b(srv.port()), big(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  big.send_text(std::string(5000, ' '));
  EXPECT_EQ(big.wait_closed(), 1009);
  std::string move = legal_moves(a, room)["moves"][0];
  EXPECT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", move}})), "");
  EXPECT_NE(http_get(srv.port(), "/metrics")
                .body.find("boardroom_refusals_total{reason=\"message_too_big\"} 1"),
            std::string::npos);
}

TEST(Limits, BinaryFramesAreRefusedWith1003) {
  test_server srv;
  ws_client c(srv.port());
  c.send_binary("\x01\x02\x03");
  EXPECT_EQ(c.wait_closed(), 1003);
}

TEST(Limits, FloodGetsRateLimitedThenClosedWith1008) {
  auto limit = test_limits();
  limit.requests_per_second = 20;
  limit.request_burst = 20;
  limit.flood_close_after = 50;
  test_server srv(limit);
  ws_client c(srv.port());
  for (int i = 0; i < 200; ++i)
    c.send_request("lobby.games");
  EXPECT_EQ(c.wait_closed(), 1008);
  int ok = 0, limited = 0;
  for (const auto& f : c.drain()) {
    if (f.contains("result")) ++ok;
    if (error_code(f) == "rate_limited") ++limited;
  }
  // The burst passes (as hello_required errors count as answered requests), the rest is refused.
  EXPECT_GE(limited, 50);
  EXPECT_LE(ok, 20);
  EXPECT_NE(http_get(srv.port(), "/metrics").body.find("reason=\"request_flood\""),
            std::string::npos);
}

}  // namespace
}  // namespace boardroom::test
