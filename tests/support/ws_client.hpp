#pragma once
// A real WebSocket client for integration tests: its own io_context on its own thread, an inbox of
// received frames, and helpers for JSON-RPC calls and waiting on notifications. Every frame it
// receives is validated against protocol/schema/server_message.schema.json; a frame that does not
// match fails the test when the client is destroyed.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace boardroom::test {

using namespace std::chrono_literals;
using nlohmann::json;

class ws_client {
 public:
  explicit ws_client(std::uint16_t port, const std::string& path = "/ws");
  ~ws_client();
  ws_client(const ws_client&) = delete;
  ws_client& operator=(const ws_client&) = delete;

  bool connected() const;

  // Raw frames, for malformed input.
  void send_text(std::string text);
  void send_binary(std::string bytes);

  // A JSON-RPC request; returns the whole response object (with "result" or "error").
  json call(const std::string& method, json params = json::object(),
            std::chrono::milliseconds timeout = 5s);
  // Sends a request without waiting; returns its id.
  std::int64_t send_request(const std::string& method, json params = json::object());
  std::optional<json> wait_response(std::int64_t id, std::chrono::milliseconds timeout = 5s);

  // Says hello and returns the result (player, resume_token, ...).
  json hello(const std::string& name, std::optional<std::string> resume_token = std::nullopt);

  // The first received notification matching `pred`, removed from the inbox.
  std::optional<json> wait_notification(const std::function<bool(const json&)>& pred,
                                        std::chrono::milliseconds timeout = 5s);
  // The first room.event of `type` (in `room`, if given).
  std::optional<json> wait_event(const std::string& type, const std::string& room = "",
                                 std::chrono::milliseconds timeout = 5s);

  // Every frame received so far and not consumed, oldest first.
  std::deque<json> drain();

  // Waits for the server to close the connection; returns the close code (1006 when the TCP
  // connection ended without a close frame).
  std::optional<unsigned short> wait_closed(std::chrono::milliseconds timeout = 5s);

  // Ends the TCP connection without a close handshake (a dropped client).
  void drop();
  // A normal close handshake.
  void close();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

// Plain HTTP GET against the server; returns status and body.
struct http_reply {
  int status = 0;
  std::string content_type;
  std::string body;
  std::string content_security_policy;
};
http_reply http_get(std::uint16_t port, const std::string& target);

// The value of an unlabelled counter or gauge in the server's /metrics; -1 (and a test failure)
// when it is not there.
long long metric_value(std::uint16_t port, const std::string& name);

}  // namespace boardroom::test
