#pragma once
// A room's time control, chosen at creation, as text clients can write and read:
//
//   none                      no clocks (the default)
//   sudden_death:5m           each player has 5 minutes for the whole game
//   fischer:5m+3s             5 minutes, and 3 seconds added after each of the player's moves
//   per_move:30s              30 seconds for every move; unused time is not kept
//   correspondence:3d         3 days for every move (slow games)
//   <kind>:<text>             a kind a game declares for its own games (engine/core/
//                             clock_rules.hpp), such as Arimaa's official M/R/P/L/G/T
//
// Durations are whole numbers with units, largest first, each unit at most once: "1h30m", "45s",
// "3d". The canonical text (what the server reports) writes each duration with the fewest units.

#include <array>
#include <chrono>
#include <expected>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/clock_rules.hpp"
#include "engine/core/game.hpp"

namespace boardroom::server {

enum class clock_kind { none, sudden_death, fischer, per_move, correspondence, declared };

struct time_control {
  clock_kind kind = clock_kind::none;
  std::chrono::milliseconds initial{0};    // sudden_death, fischer: each player's time
  std::chrono::milliseconds increment{0};  // fischer: added after each own move
  std::chrono::milliseconds per_move{0};   // per_move, correspondence: the time for one move
  engine::declared_clock_kind declared;    // declared: the kind and the game that declares it
  std::shared_ptr<const engine::clock_rules> rules;  // declared: the parsed control

  bool timed() const { return kind != clock_kind::none; }
  friend bool operator==(const time_control& a, const time_control& b);
};

// Errors are sentences for the client ("fischer needs an increment: fischer:5m+3s").
std::expected<time_control, std::string> parse_time_control(std::string_view text);
std::string time_control_text(const time_control& tc);

// Why `tc` cannot time a game of `g` (a declared kind times only the game that declares it);
// nullopt when it can.
std::optional<std::string> time_control_misfit(const time_control& tc, const engine::game& g);

// The speed class that ratings are kept by, from the time a game of 40 moves a player is
// expected to take, as lichess reckons it: initial time + 40 x increment (a per-move limit counts
// as 40 moves of it; a declared kind by its first bank and 40 turns of the allowance an empty
// bank leaves). Below 30 s "ultrabullet", 3 min "bullet", 8 min "blitz", 25 min "rapid", else
// "classical"; "correspondence" and, without clocks, "untimed".
std::string speed_class(const time_control& tc);
// Every speed class speed_class() gives, fastest first, then the two without a race against time.
inline constexpr std::array<std::string_view, 7> speed_classes{
    "ultrabullet", "bullet", "blitz", "rapid", "classical", "untimed", "correspondence"};

// Berserk (arena tournaments, lichess's rule): a player may give up half the initial time before
// their first move, and their moves earn no increment from then on. Only for a bank of time that
// starts above zero (sudden death, Fischer). As lichess, no time is taken where the increment
// outweighs the initial time (initial < 40 x increment, such as 1m+2s): that berserk only loses
// the increment.
bool berserkable(const time_control& tc);
std::chrono::milliseconds berserk_penalty(const time_control& tc);

// "1h30m" from 5,400,000 ms; "0s" for zero. Milliseconds below a second are dropped.
std::string duration_text(std::chrono::milliseconds d);

}  // namespace boardroom::server
