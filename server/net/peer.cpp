#include "server/net/peer.hpp"

#include "protocol/rpc.hpp"

namespace boardroom::server {

frame_ptr make_frame(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

void reply(peer& to, const nlohmann::json& id, const nlohmann::json& result) {
  if (id.is_null()) return;  // a notification gets no reply
  to.send(make_frame(protocol::write_result(id, result)));
}

void reply_error(peer& to, const nlohmann::json& id, const protocol::error& e) {
  to.send(make_frame(protocol::write_error(id, e)));
}

}  // namespace boardroom::server
