#pragma once
// What the game loop needs from an outside engine, whatever protocol it speaks: a handshake, a
// new game, a decision when the bridge's seat must act, and an end. Two adapters implement it:
// AEI for Arimaa engines (aei_adapter.hpp) and boardroom's own line protocol for engines of any
// game (line_adapter.hpp). The base class keeps the engine process and the reading of its lines
// that both share: chatter shown, deadlines, and a decision abandoned when the game ends.

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "bots/engine_process.hpp"
#include "bots/room_game.hpp"

namespace boardroom::bots {

// How long an engine has to answer `stop`, and to exit after `quit`.
inline constexpr std::chrono::milliseconds engine_grace{5000};

// A decision asked of the engine.
struct turn_request {
  const room_game& game;
  steady_clock::time_point deadline;  // the engine has failed if it has not answered by then
  int watch_fd = -1;                  // readable when the server has sent something
  // Reads what the server sent; false once the decision is no longer wanted (the game ended).
  std::function<bool()> still_wanted;
};

struct engine_choice {
  bool resign = false;
  std::string move;  // in the server's notation
};

class engine_adapter {
 public:
  explicit engine_adapter(std::unique_ptr<engine_process> process) : process_(std::move(process)) {}
  virtual ~engine_adapter() = default;

  // The handshake, answered by `deadline`. Throws engine_failure.
  virtual void start(steady_clock::time_point deadline) = 0;
  // A new game is starting (or going on: the moves played so far are in `g`).
  virtual void new_game(const room_game& g) = 0;
  // The engine's decision for `t.game`, in the server's notation; nullopt when the game ended
  // while it thought. Throws engine_failure.
  virtual std::optional<engine_choice> choose(const turn_request& t) = 0;
  // Says goodbye (`quit`, in both protocols) and ends the process, allowing it `grace` to exit by
  // itself; returns how it ended.
  std::string quit(std::chrono::milliseconds grace = engine_grace);

  // What the engine called itself ("" when it did not say).
  const std::string& engine_name() const { return name_; }
  engine_process& process() { return *process_; }

 protected:
  // A line both protocols let the engine write at any time: `log <text>` (shown on stderr) or
  // `info <text>` (dropped). True when `line` was one.
  bool chatter(const std::string& line);

  // The engine's next line that is not chatter, by `deadline`; `what` names what is awaited, for
  // the error. With a turn: when the server sends something and the decision is no longer
  // wanted, `stop` is sent (both protocols: answer now), `abandoned` is set, and the answer is
  // awaited a few seconds more.
  std::string next_line(std::string_view what, steady_clock::time_point deadline,
                        const turn_request* turn = nullptr, bool* abandoned = nullptr);

  std::unique_ptr<engine_process> process_;
  std::string name_;
};

// Whether `line` is `word` or starts with `word` and a blank.
bool starts_with_word(std::string_view line, std::string_view word);

}  // namespace boardroom::bots
