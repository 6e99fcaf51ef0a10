#pragma once
// A connected client as rooms and the lobby see it: something frames can be sent to.
// WebSocket sessions implement it; rooms never see sockets.

#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/errors.hpp"

namespace boardroom::server {

using frame_ptr = std::shared_ptr<const std::string>;

class peer {
 public:
  virtual ~peer() = default;

  // Thread-safe; frames are delivered in the order they were sent.
  virtual void send(frame_ptr frame) = 0;

  // Thread-safe; closes the connection with a WebSocket close code and reason.
  virtual void close(unsigned short code, std::string reason) = 0;
};

frame_ptr make_frame(std::string text);

// Replies to a request. Errors are also counted in the metrics by whoever owns them.
void reply(peer& to, const nlohmann::json& id, const nlohmann::json& result);
void reply_text(peer& to, const nlohmann::json& id, std::string_view result);  // result as JSON
void reply_error(peer& to, const nlohmann::json& id, const protocol::error& e);

}  // namespace boardroom::server
