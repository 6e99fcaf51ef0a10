// A reply written in place (server/net/peer.hpp, reply_written) is, byte for byte, what a
// document of the same reply dumps (object keys sorted, as every reply is written), for any id; a
// request without an id gets nothing. The same for a notification's opening.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "protocol/rpc.hpp"
#include "server/net/peer.hpp"

namespace boardroom::test::reply_written_test {

using nlohmann::json;

// A peer that keeps what it is sent.
struct kept_frames : server::peer {
  std::vector<std::string> frames;
  void send(server::frame_ptr frame) override { frames.push_back(*frame); }
  void close(unsigned short, std::string) override {}
};

TEST(ReplyWritten, IsTheResultPutIntoItsFrameForEveryId) {
  const std::string event(1500, 'e');  // as large as a move's event, so that the room is needed
  for (const json& id : {json(7), json("a\"b"), json(-1.5), json("")}) {
    kept_frames to;
    server::reply_written(to, id, 16, [&](engine::json_writer& w) {
      w.object([&] {
        w.field("event", event);
        w.field("version", 3);
      });
    });
    engine::json_writer result;
    result.object([&] {
      result.field("event", event);
      result.field("version", 3);
    });
    ASSERT_EQ(to.frames.size(), 1u) << id;
    EXPECT_EQ(to.frames[0],
              protocol::to_json_text(
                  json{{"jsonrpc", "2.0"}, {"id", id}, {"result", json::parse(result.text())}}));
    EXPECT_EQ(to.frames[0], protocol::write_result_text(id, result.text())) << id;
  }
  kept_frames none;
  bool written = false;
  server::reply_written(none, nullptr, 16, [&](engine::json_writer& w) {
    written = true;
    w.null();
  });
  EXPECT_TRUE(none.frames.empty()) << "a request without an id (a notification) got a reply";
  EXPECT_FALSE(written);
}

// A notification's opening, with its params and a closing brace after it, is the notification.
TEST(ReplyWritten, ANotificationsOpeningIsTheNotificationUpToItsParams) {
  const std::string params = R"({"room":"r1","type":"move"})";  // keys sorted, as dumped
  for (const char* method : {"room.event", "lobby.update", "odd \"name\""}) {
    std::string text = protocol::notification_opening(method, params.size() + 1);
    text.append(params) += '}';
    EXPECT_EQ(text, protocol::to_json_text(json{
                        {"jsonrpc", "2.0"}, {"method", method}, {"params", json::parse(params)}}));
  }
}

}  // namespace boardroom::test::reply_written_test
