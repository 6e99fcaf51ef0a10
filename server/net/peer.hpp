#pragma once
// A connected client as rooms and the lobby see it: something frames can be sent to.
// WebSocket sessions implement it; rooms never see sockets.

#include <concepts>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "engine/core/json_writer.hpp"
#include "protocol/errors.hpp"
#include "protocol/rpc.hpp"

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
// The result written in place by `write` (into a writer that holds the frame's opening), taking
// about `size` bytes: the whole reply is one allocation, where a result written first and then
// put into its frame is two and a copy (a move's answer, with its event, is a kilobyte or more).
template <std::invocable<engine::json_writer&> Write>
void reply_written(peer& to, const nlohmann::json& id, std::size_t size, Write&& write) {
  if (id.is_null()) return;
  engine::json_writer w(protocol::result_opening(id, size + 1));
  std::forward<Write>(write)(w);
  std::string text = std::move(w).text();
  text += '}';
  to.send(make_frame(std::move(text)));
}
void reply_error(peer& to, const nlohmann::json& id, const protocol::error& e);

}  // namespace boardroom::server
