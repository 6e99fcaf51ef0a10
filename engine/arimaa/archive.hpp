#pragma once
// The official server's game archive: one game per line, tab-separated, a header line naming the
// columns. In `movelist` the turns are separated by the two characters backslash and n; `result`
// is w or b; `termination` is g goal, m immobilization, e elimination, t timeout, r resignation,
// i illegal move, a abandoned, f forfeit, s game-time limit. `events` logs what the server saw,
// including turns it rejected ("gameserver rejected move [...]; push not completed").
//
// replay() plays a game through the checked path and compares the engine's ending with the
// recorded one: what `boardroom replay --format arimaa-archive` prints, and what the archive test
// asserts.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.hpp"

namespace boardroom::engine::arimaa {

// A turn the server refused, from the events column.
struct refused_turn {
  std::string tag;     // "12b": the turn it was submitted for
  std::string steps;   // "ra6s ha4e Rb3e"
  std::string reason;  // the server's words: "push not completed"
};

struct archive_game {
  int line = 0;  // in the file, 1 being the header
  std::string id;
  std::string gold;  // user names
  std::string silver;
  char result = '?';  // 'w' (Gold won) or 'b' (Silver won)
  char termination = '?';
  std::string time_control;
  std::int64_t start_ts = 0;  // unix seconds; 0 when unknown
  std::int64_t end_ts = 0;
  std::vector<std::string> turns;  // "2w Ed2n Ed3n"; turns without steps are left out
  std::vector<refused_turn> refused;
  // Turn tag ("12b") -> when the server last received a turn for it (unix seconds), from events.
  std::map<std::string, std::int64_t> received;
};

// Errors: bad_archive (a missing column, a line with too few fields).
result<std::vector<archive_game>> parse_archive(std::string_view text);

// The archive's text for `games`: the official header and one line per game, the columns this
// struct knows filled in and the others empty. Turn tags are written the archive's way (w and b;
// the engine's g and s are converted) and the movelist ends with the tag of the turn not played,
// as the official server writes it. The events column holds what the struct knows of the
// server's log: when each turn was received and the refused turns. parse_archive() reads it
// back to the same games.
std::string write_archive(const std::vector<archive_game>& games);

struct replay_report {
  std::string id;
  int turns_played = 0;
  int turns_recorded = 0;
  std::string first_illegal;  // "12b ra6s ha4e Rb3e: <reason>"; empty if every turn was legal
  int refusals = 0;           // turns the server refused
  int refusals_shared = 0;    // ... that the engine refuses too
  std::string refusal_disagreement;  // the first refused turn the engine accepts
  std::string recorded;              // "Gold wins by goal (g)"
  std::string engine;                // "Gold wins by goal", "game goes on"
  bool agrees = false;               // legal, refusals shared, and the endings match
};

replay_report replay(const archive_game& game);
std::string report_line(const replay_report& report);
std::string summary_line(const std::vector<replay_report>& reports);

}  // namespace boardroom::engine::arimaa
