#pragma once
// The closed set of room events, as typed structs, with one writer and one reader.
//
// A room's log is a list of these, numbered by `version`: the store keeps them as JSON text, the
// server sends them as `room.event` notifications (docs/protocol.md §8), and everything that
// reads a log back (restart, records, verification) reads it through event_from_json(), never by
// picking keys out of the JSON. The reader accepts every body the server has ever written:
// fields added later are optional, and unknown fields are ignored, so old logs stay readable.
//
// Clock readings stay JSON (`{"running": n, "remaining_ms": [...], ...}`): their shape belongs to
// the game clock (server/rooms/game_clock.hpp), which writes and reads them.

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "protocol/errors.hpp"

namespace boardroom::protocol {

namespace events {

struct player_joined {
  int seat = 0;
  std::string player;
  std::string name;
  std::optional<std::string> bot;  // a built-in player took the seat
  bool operator==(const player_joined&) const = default;
};
struct player_left {  // a seat of a waiting room was freed
  int seat = 0;
  std::string player;
  std::string name;
  std::optional<std::string> reason;  // "timeout" when the server freed it
  bool operator==(const player_left&) const = default;
};
struct player_dropped {
  int seat = 0;
  std::string player;
  std::int64_t grace_ms = 0;
  bool operator==(const player_dropped&) const = default;
};
struct player_returned {
  int seat = 0;
  std::string player;
  bool operator==(const player_returned&) const = default;
};
struct seated {  // one entry of game_started's players, in seat order
  std::string player;
  std::string name;
  bool operator==(const seated&) const = default;
};
struct game_started {
  std::vector<seated> players;
  int to_move = 0;
  std::string position;
  std::optional<std::string> time_control;  // timed rooms (and imported archives)
  std::optional<nlohmann::json> clocks;     // timed rooms
  std::optional<nlohmann::json> source;     // imported games: the archive it came from
  // Protocol 1.1 (absent from older logs): who acts, [{"seat": 0, "decision": "move"}], and the
  // engine's structured view of the position.
  std::optional<std::vector<engine::actor>> to_act;
  std::optional<nlohmann::json> view;
  bool operator==(const game_started&) const = default;
};
struct move {
  int seat = 0;
  std::int64_t ply = 0;
  std::string played;          // "move" in JSON: canonical notation
  std::optional<int> to_move;  // none when the move ended the game
  std::string position;
  std::optional<nlohmann::json> clocks;
  std::optional<std::vector<engine::actor>> to_act;  // protocol 1.1, as in game_started
  std::optional<nlohmann::json> view;
  bool operator==(const move&) const = default;
};
struct seat_taken_over {  // the built-in bot plays the seat on
  int seat = 0;
  std::string player;
  std::string bot;
  std::string reason;  // "abandonment", "timeout", "resignation", "left"
  bool operator==(const seat_taken_over&) const = default;
};
struct seat_retired {  // the seat left play; the engine skips it
  int seat = 0;
  std::string player;
  std::string reason;
  std::optional<int> to_move;
  std::string position;
  std::optional<nlohmann::json> clocks;
  std::optional<std::vector<engine::actor>> to_act;  // protocol 1.1, as in game_started
  std::optional<nlohmann::json> view;
  bool operator==(const seat_retired&) const = default;
};
// Protocol 1.1: what the rules did on their own after the move (or retirement) just before it: a
// player who cannot act passes, or is put out of the game (Esiema, Shiamgon). One event each, in
// order; the position in the event before already shows their effect.
struct forced {
  engine::forced kind = engine::forced::pass;  // "pass" or "elimination" in JSON
  int seat = 0;
  std::string description;
  bool operator==(const forced&) const = default;
};
struct draw_offered {
  int seat = 0;
  bool operator==(const draw_offered&) const = default;
};
struct draw_declined {
  int seat = 0;
  bool operator==(const draw_declined&) const = default;
};
struct time_added {
  int seat = 0;
  std::int64_t added_ms = 0;
  nlohmann::json clocks;
  bool operator==(const time_added&) const = default;
};
// The seat went berserk (rooms that allow it, arena tournaments): half its initial time gone and no
// increment from now on; `clocks` are the readings after it.
struct berserk {
  int seat = 0;
  nlohmann::json clocks;
  bool operator==(const berserk&) const = default;
};
// A line of the room's chat. Seated players speak in "players", everyone else in "spectators";
// each reads only its own (lichess keeps the two apart). Someone who may not read a line (or who
// muted its writer) gets it `hidden`: the version without the words, so that no gap opens.
struct chat {
  std::string channel;  // "players" or "spectators"
  std::string player;   // empty when hidden
  std::string name;
  std::string text;
  bool hidden = false;
  bool operator==(const chat&) const = default;
};
// The administrator removed the chat line written as event `line`.
struct chat_removed {
  std::int64_t line = 0;
  bool operator==(const chat_removed&) const = default;
};
struct game_over {
  std::optional<engine::outcome> outcome;  // none: the game could not be set up (`error` says why)
  std::optional<std::string> error;
  bool operator==(const game_over& o) const;
};
struct room_closed {
  bool operator==(const room_closed&) const = default;
};

}  // namespace events

using event_body =
    std::variant<events::player_joined, events::player_left, events::player_dropped,
                 events::player_returned, events::game_started, events::move,
                 events::seat_taken_over, events::seat_retired, events::forced,
                 events::draw_offered, events::draw_declined, events::time_added, events::berserk,
                 events::chat, events::chat_removed, events::game_over, events::room_closed>;

// One numbered event of a room's log.
struct event {
  std::string room;
  std::int64_t version = 0;
  std::int64_t at = 0;  // milliseconds since the Unix epoch (server clock)
  event_body body;
};

// "player_joined", "move", ...: the `type` field.
std::string_view event_type(const event_body& body);
// Whether the event changes the position (a move made before it is stale): a start, a move, a
// retirement, an end.
bool changes_position(const event_body& body);

// Who acts, [{"decision": "move", "seat": 0}], as a document read from the text the events
// write (for the replies that carry it: snapshots, legal moves, views).
nlohmann::json to_act_json(const std::vector<engine::actor>& acting);

// The event as JSON text, written straight from the struct (it is written for every move: the
// stored row and the frame's params); to_json() reads that text into a document.
std::string to_json_text(const event& e);
nlohmann::json to_json(const event& e);
// The whole event, or `bad_event` naming the type and field that is missing or of the wrong
// shape. Unknown fields are ignored; an unknown type is an error.
std::expected<event, error> event_from_json(const nlohmann::json& j);

// An outcome as events, snapshots and records carry it: ranks, scores, winners, reason,
// description.
nlohmann::json outcome_to_json(const engine::outcome& result);
// Throws nlohmann::json::exception when a field is missing or of the wrong type.
engine::outcome outcome_from_json(const nlohmann::json& j);

}  // namespace boardroom::protocol
