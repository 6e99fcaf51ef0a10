#pragma once
// The `view` protocol 1.1 adds to game_started, move and seat_retired (those with `to_act`): most
// of such an event's bytes. The room sends it, but keeps it out of the stored rows and out of the
// events it holds for room.sync (which serves their frames); a restart writes it again from the
// position the event leads to.

#include <optional>
#include <utility>
#include <variant>

#include <nlohmann/json.hpp>

#include "protocol/events.hpp"

namespace boardroom::server {

// The event's view, filled or not, when it is an event of protocol 1.1 that has one; else null.
inline std::optional<nlohmann::json>* view_of(protocol::event_body& body) {
  return std::visit(
      [](auto& b) -> std::optional<nlohmann::json>* {
        if constexpr (requires {
                        b.view;
                        b.to_act;
                      }) {
          if (b.to_act) return &b.view;
        }
        return nullptr;
      },
      body);
}

// Takes the view out of the event: what it was (nullopt when it had none).
inline std::optional<nlohmann::json> take_view(protocol::event_body& body) {
  auto* slot = view_of(body);
  return slot ? std::exchange(*slot, std::nullopt) : std::nullopt;
}

}  // namespace boardroom::server
