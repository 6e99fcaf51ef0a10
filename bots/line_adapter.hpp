#pragma once
// An engine of any game that speaks boardroom's line protocol (docs/bots.md, "Engines from
// outside"), one command or answer a line:
//   bridge -> engine                          engine -> bridge
//   boardroom 1                               ready [name]
//   newgame <spec> <seat> <players> <time control>
//   played <move>        (each move of the game, in order, the engine's own included)
//   position <text>      (before each go: the server's position text)
//   go [<own ms> <ms of each other seat>]     move <move> | resign
//   stop                 (the game ended while the engine thinks: answer now)
//   quit
// `info <text>` and `log <text>` may come at any time (log lines are shown on stderr).

#include "bots/engine_adapter.hpp"

namespace boardroom::bots {

class line_adapter final : public engine_adapter {
 public:
  using engine_adapter::engine_adapter;

  void start(steady_clock::time_point deadline) override;
  void new_game(const room_game& g) override;
  std::optional<engine_choice> choose(const turn_request& t) override;

 private:
  std::size_t moves_told_ = 0;
};

// The `go` line for `g`: "go" in an untimed room, else the bridge's time left (counted down by
// `since_reading`) and then every other seat's, in seat order, in milliseconds.
std::string go_line(const room_game& g, std::chrono::milliseconds since_reading);

}  // namespace boardroom::bots
