#pragma once
// Time controls a game declares for itself (Arimaa's M/R/P/L/G/T), beside the server's own kinds
// (sudden death, Fischer, ...). The server writes such a control "<kind>:<text>", parses the text
// here and runs the clock with the arithmetic below; it knows no game's control by name.
//
// The clock model of a declared kind: every seat has a bank of time; a turn may take what
// turn_allowance() gives for the seat's bank (more is a timeout); after the turn the bank is what
// bank_after_turn() says. A control may also halt play after a total game time or a number of
// turns (the game then decides by state::outcome_when_halted()).

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.hpp"

namespace boardroom::engine {

class game;

// One parsed control: a value that never changes once parsed, shared by every copy.
class clock_rules {
 public:
  using milliseconds = std::chrono::milliseconds;

  virtual ~clock_rules() = default;

  // Canonical text without the kind ("15s/2m30s/100/0/0/0"); equal controls print equal text.
  virtual std::string text() const = 0;

  virtual milliseconds initial_bank() const = 0;
  virtual milliseconds turn_allowance(milliseconds bank) const = 0;
  // `used` is within the allowance.
  virtual milliseconds bank_after_turn(milliseconds bank, milliseconds used) const = 0;

  // Play is halted once the game has used this much time (0: no such limit) ...
  virtual milliseconds game_time() const { return milliseconds(0); }
  // ... or once every seat has played this many turns (0: no such limit).
  virtual int game_turns() const { return 0; }
};

// A kind of time control a game declares.
class clock_kind {
 public:
  virtual ~clock_kind() = default;

  virtual std::string_view name() const = 0;     // "arimaa": written "arimaa:<text>"
  virtual std::string_view example() const = 0;  // "30s/5m/100/0/0/0", for error messages

  // Errors are for people and name what is wrong ("R: '2x' is not a time ...").
  virtual result<std::shared_ptr<const clock_rules>> parse(std::string_view text) const = 0;
};

struct declared_clock_kind {
  const engine::game* game = nullptr;  // the game that declares it, the only one it may time
  const engine::clock_kind* kind = nullptr;
};

// Every declared kind of every registered game, in registry order.
std::vector<declared_clock_kind> declared_clock_kinds();
// The kind named `name`; both pointers null when no game declares it.
declared_clock_kind find_clock_kind(std::string_view name);

}  // namespace boardroom::engine
