#pragma once
// `boardroom aei` and `boardroom engine`: an outside engine played as a bot on a boardroom
// server. The engine is started and greeted, the bridge connects and says hello (logging in to an
// account, or claiming one, with a password), finds its games (a room to join, challenges to
// accept, or seeks, and rematches their opponents ask for), and plays each through the one game
// loop (bots/game_loop.hpp) with the engine's protocol adapter. docs/bots.md, "Engines from
// outside", is the user's guide.

#include <chrono>
#include <optional>
#include <string>

namespace boardroom::bots {

enum class engine_protocol { aei, line };
enum class game_source { room, accept, seek };

struct bridge_options {
  engine_protocol protocol = engine_protocol::line;
  std::string url = "ws://127.0.0.1:8080/ws";
  std::string name;
  std::optional<std::string> password;
  std::string engine_command;
  std::string game;  // what the engine plays: a game key, or a spec whose parameters must match

  game_source source = game_source::room;
  std::string room;  // --room
  std::optional<int> seat;
  std::optional<std::string> invite_code;
  int games = 1;                            // --accept, --seek: games to play, 0 for no end
  std::optional<std::string> time_control;  // --seek
  bool rated = false;                       // --seek
  bool rematch = false;  // --accept, --seek: agree when the opponents of a game ask for another

  std::chrono::milliseconds move_timeout{0};  // see loop_settings
  std::chrono::milliseconds start_timeout{std::chrono::seconds(10)};
  bool verbose = false;
};

// Runs the bridge; returns the exit code: 0 when every game it set out to play was played to
// its end (whatever the result), 1 when the engine or the server failed (said on stderr), 128 +
// the signal after SIGINT or SIGTERM, 2 for a `--game` or `--url` it cannot read (the caller
// checks every other usage error).
int run_bridge(const bridge_options& options);

}  // namespace boardroom::bots
