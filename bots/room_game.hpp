#pragma once
// One room's game as the bridge follows it: the room's snapshot, brought forward event by event
// in version order (a gap is the caller's cue for room.sync). No sockets, no engine.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bots/rpc_connection.hpp"

namespace boardroom::bots {

struct room_game {
  std::string room;
  int seat = -1;                      // the bridge's seat
  std::string spec;                   // canonical, "amazons(board_size=10,...)"
  std::string time_control = "none";  // canonical, "arimaa:30s/1m/100/0/20t/0"
  int players = 0;
  std::string status = "waiting";  // waiting, playing, finished
  std::int64_t version = 0;
  std::vector<std::string> moves;  // every move so far, canonical
  std::string position;            // the position text, once started
  std::optional<int> to_move;
  std::vector<int> to_act;  // the seats asked for a decision (protocol 1.1); empty: see to_move
  bool has_to_act = false;
  json clocks;                           // the last reading; null when untimed
  steady_clock::time_point clocks_read;  // when that reading arrived here
  json outcome;                          // once over

  // Replaces everything the snapshot says (room.join, room.spectate, room.sync).
  void apply_snapshot(const json& snapshot);

  enum class fold { applied, old, gap };
  // An event of this room: applied when it is the next version, `old` when already seen, `gap`
  // when versions are missing (nothing is changed then).
  fold apply_event(const json& event);

  bool playing() const { return status == "playing"; }
  bool over() const { return status == "finished" || status == "closed"; }
  // Whether the bridge's seat is asked for a decision now.
  bool my_turn() const;
  // "won", "lost", "drew", "ranked 2 of 3", or the reason when the game ended without ranks.
  std::string result_for_seat() const;
};

}  // namespace boardroom::bots
