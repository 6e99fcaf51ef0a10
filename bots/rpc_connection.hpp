#pragma once
// The bridge's connection to a boardroom server: one WebSocket (ws://), JSON-RPC 2.0 requests
// and the server's notifications. The socket is served by a thread of its own (so the server's
// pings are answered while the engine thinks); the bridge's one thread of control asks for the
// next frame, or calls a method and waits for its answer, keeping the notifications that arrive
// meanwhile in order for later.

#include <chrono>
#include <cstdint>
#include <deque>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace boardroom::bots {

using json = nlohmann::json;
using steady_clock = std::chrono::steady_clock;

struct server_url {
  std::string host;
  std::string port = "8080";
  std::string path = "/ws";
};
// "ws://host[:port][/path]"; the path defaults to /ws. nullopt for anything else (wss:// too).
std::optional<server_url> parse_server_url(std::string_view text);

// A JSON-RPC error as the server sent it.
struct rpc_error {
  std::string code;   // error.data.code, the stable code ("illegal_move")
  std::string field;  // error.data.field, the parameter refused, when the error names one
  std::string message;
};

class rpc_connection {
 public:
  // Connects and completes the WebSocket handshake within `timeout`; throws server_failure.
  rpc_connection(const server_url& url, std::chrono::milliseconds timeout);
  ~rpc_connection();
  rpc_connection(const rpc_connection&) = delete;
  rpc_connection& operator=(const rpc_connection&) = delete;

  // Sends a request; returns its id.
  std::int64_t send(const std::string& method, json params);
  // Sends a request and waits for its answer: the result, or the server's error. Notifications
  // that arrive first are kept for next_notification(). Throws server_failure when the
  // connection ends or nothing answers within `timeout`, stop_requested on a signal.
  std::expected<json, rpc_error> call(const std::string& method, json params,
                                      std::chrono::milliseconds timeout = std::chrono::seconds(30));
  // The next notification, waiting until `deadline`; nullopt when none came. Answers to requests
  // sent with send() are dropped. Throws server_failure when the connection has ended and
  // nothing is left to read, stop_requested on a signal.
  std::optional<json> next_notification(steady_clock::time_point deadline);
  // Whether next_notification() would return at once.
  bool has_pending();
  // Readable while frames wait to be read (or the connection has ended): for waits that also
  // watch something else. has_pending() first: frames already taken in are not counted.
  int ready_fd() const;

  // A normal close handshake, waiting a moment for it.
  void close();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
  std::deque<json> notifications_;
  std::int64_t next_id_ = 1;

  // The next frame from the socket's thread, until `deadline`; nullopt on timeout.
  std::optional<json> next_frame(steady_clock::time_point deadline);
};

}  // namespace boardroom::bots
