#pragma once
// The official Arimaa time control "M/R/P/L/G/T", parsed into clock settings, and the clock
// arithmetic of the official rules. The clocks themselves belong to the server.
//
//   M  time per turn                         minutes unless suffixed: "2", "15s", "2m30s", "0:30"
//   R  starting reserve                      as M
//   P  percent of unused turn time added to the reserve; optional, default 100
//   L  reserve limit, 0 = none               as M; optional, default 0
//   G  game time after which play is halted  hours unless suffixed ("7h13s", "8:30" = 8 h 30 min),
//      0 = none; or a number of turns: "60t"; optional, default 0
//   T  maximum time for one turn, 0 = none   as M; optional, default 0
// Suffixes are d, h, m and s, largest first, each at most once. A colon form is minutes:seconds
// (or hours:minutes:seconds) for M, R, L and T, and hours:minutes for G.

#include <chrono>
#include <string>
#include <string_view>

#include "engine/core/error.hpp"

namespace boardroom::engine::arimaa {

struct time_control {
  std::chrono::seconds per_turn{0};       // M
  std::chrono::seconds reserve{0};        // R
  int percent = 100;                      // P
  std::chrono::seconds reserve_limit{0};  // L, 0 = none
  std::chrono::seconds game_time{0};      // G as a duration, 0 = none
  int game_turns = 0;                     // G as turns ("60t"), 0 = none
  std::chrono::seconds turn_limit{0};     // T, 0 = none

  friend bool operator==(const time_control&, const time_control&) = default;
};

// Errors: bad_time_control, naming the field ("R: '2x' is not a time ...").
result<time_control> parse_time_control(std::string_view text);

// Canonical text, all six fields: "15s/2m30s/100/0/0/0".
std::string time_control_text(const time_control& tc);

// The most a turn may take with `reserve` left: M + reserve, and at most T. Using more is a
// timeout.
std::chrono::milliseconds turn_allowance(const time_control& tc, std::chrono::milliseconds reserve);

// The reserve after a turn that took `used` (within the allowance): P% of the unused part of M is
// added, time beyond M is taken from it, and the result is capped at L.
std::chrono::milliseconds reserve_after_turn(const time_control& tc,
                                             std::chrono::milliseconds reserve,
                                             std::chrono::milliseconds used);

}  // namespace boardroom::engine::arimaa
