#include "server/rooms/outcome_json.hpp"

#include "protocol/events.hpp"

namespace boardroom::server {

// The protocol's events own the shape (protocol/events.hpp); these name it for the server.
nlohmann::json outcome_to_json(const engine::outcome& result) {
  return protocol::outcome_to_json(result);
}

nlohmann::json outcome_to_json(const std::optional<engine::outcome>& result) {
  return result ? protocol::outcome_to_json(*result) : nlohmann::json(nullptr);
}

engine::outcome outcome_from_json(const nlohmann::json& j) {
  return protocol::outcome_from_json(j);
}

}  // namespace boardroom::server
