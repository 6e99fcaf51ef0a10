#pragma once
// The `view` protocol 1.1 adds to game_started, move and seat_retired (those with `to_act`): most
// of such an event's bytes. It is not part of the event the room makes, stores or holds for
// room.sync: the room writes it into the frame only, from the position the event leads to (the
// match after folding it), as JSON text straight from the engine (docs/performance.md). A
// restart writes the same frames again the same way.

#include <string>
#include <string_view>
#include <variant>

#include "engine/core/game.hpp"
#include "protocol/events.hpp"
#include "protocol/rpc.hpp"

namespace boardroom::server {

// Whether the room adds a view to the event's frame: an event of protocol 1.1 that has one, and
// does not carry it already (a row stored before views were left out of the rows).
inline bool adds_view(const protocol::event_body& body) {
  return std::visit(
      [](const auto& b) {
        if constexpr (requires {
                        b.view;
                        b.to_act;
                      }) {
          return b.to_act.has_value() && !b.view.has_value();
        } else {
          return false;
        }
      },
      body);
}

// The body of the event's `room.event` frame: its stored text `row` (protocol::to_json_text, a
// JSON object, without the view) with the view of `after` added before the closing brace when
// the event has one.
inline std::string sent_text(const protocol::event_body& body, std::string_view row,
                             const engine::state* after) {
  if (!after || !adds_view(body)) return std::string(row);
  constexpr std::string_view key = R"(,"view":)";
  const std::string view = after->view_text();
  row.remove_suffix(1);  // the closing brace, written again after the view
  std::string out;
  out.reserve(row.size() + key.size() + view.size() + 1);  // one allocation, for every move
  out.append(row).append(key).append(view) += '}';
  return out;
}

// The event's whole `room.event` notification.
inline std::string event_frame_text(const protocol::event_body& body, std::string_view row,
                                    const engine::state* after) {
  return protocol::write_notification_text("room.event", sent_text(body, row, after));
}

}  // namespace boardroom::server
