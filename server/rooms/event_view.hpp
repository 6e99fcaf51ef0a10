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
#include "engine/core/json_writer.hpp"
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

// The room a frame is opened with for a view when no view was written before it: Amazons' fit
// (up to about 1.1 KB with ninety arrows); Arimaa's, Esiema's and Shiamgon's take up to 2.6, 5.8
// and 7.4 KB.
inline constexpr std::size_t view_room = 1024;
// Beyond the last view's size: what a move may add to a view without the frame growing.
inline constexpr std::size_t view_slack = 64;

// The event's whole `room.event` notification: its stored text `row` (protocol::to_json_text, a
// JSON object, without the view) as the params, with the view of `after` written into them
// before their closing brace when the event has one. The view is written in place, into the
// frame's one allocation: the view, the event with it and the notification around that were
// three allocations of a kilobyte or more, and two copies, for every move sent. `view_size`: the
// room for the view, and then the size of the view written: a room's views change little from
// one move to the next (an Amazons view grows by an arrow, six bytes), so the last one's size
// and `view_slack` are the next one's room. (Frames are kept for room.sync, with what is left of
// their room.)
inline std::string event_frame_text(const protocol::event_body& body, std::string_view row,
                                    const engine::state* after, std::size_t& view_size) {
  if (!after || !adds_view(body)) return protocol::write_notification_text("room.event", row);
  constexpr std::string_view key = R"(,"view":)";
  row.remove_suffix(1);  // the closing brace, written again after the view
  std::string text = protocol::notification_opening(
      "room.event", row.size() + key.size() + view_size + view_slack + 2);
  text.append(row).append(key);
  const std::size_t start = text.size();
  engine::json_writer view(std::move(text));
  after->write_view(view);
  text = std::move(view).text();
  view_size = text.size() - start;
  text += "}}";  // the params' and the notification's
  // A view that outgrew its room by more than a move adds (a room's first of a kilobyte or more)
  // doubled the frame: kept for room.sync, it keeps no more than its size.
  if (text.capacity() - text.size() > view_slack) text.shrink_to_fit();
  return text;
}

}  // namespace boardroom::server
