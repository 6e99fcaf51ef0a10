#pragma once
// An Arimaa engine that speaks AEI (the Arimaa Engine Interface, protocol version 1):
//   start      aei -> protocol-version 1, id lines, aeiok; then isready -> readyok
//   new game   newgame
//   a turn     makemove for every move the engine has not been told of (its own included), the
//              clocks as setoption lines (bots/aei_translation.hpp), go -> bestmove
//   game over while it thinks: stop -> bestmove (dropped)
//   the end    quit
// `log` and `info` lines are allowed at any time: log lines are shown on stderr.

#include "bots/engine_adapter.hpp"

namespace boardroom::bots {

// The one game AEI engines play: the game key `boardroom aei` seeks and accepts.
inline constexpr std::string_view aei_game = "arimaa";

class aei_adapter final : public engine_adapter {
 public:
  using engine_adapter::engine_adapter;

  void start(steady_clock::time_point deadline) override;
  void new_game(const room_game& g) override;
  std::optional<engine_choice> choose(const turn_request& t) override;

 private:
  std::size_t moves_told_ = 0;  // moves of the current game sent with makemove
};

}  // namespace boardroom::bots
