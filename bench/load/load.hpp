#pragma once
// The load generator: real WebSocket clients speaking the public protocol against a running
// boardroom server (or the bare echo server, for a baseline), bounded in time and count.

#include <cstdint>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace boardroom::load {

enum class mode {
  play,  // R rooms of P players and S spectators playing random legal moves in a closed loop
  idle,  // N connections that say hello and sit in the lobby
  echo,  // R connections sending frames to an echo server in a closed loop (the baseline)
};

struct options {
  load::mode mode = mode::play;
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string game = "amazons";  // a game spec, e.g. "amazons(board_size=8)"
  int rooms = 10;
  int players = 0;  // 0: the game's minimum
  int spectators = 0;
  int connections = 1000;  // idle mode
  double seconds = 10;     // how long the closed loop runs (play, echo); idle: how long to hold
  bool think = false;      // players wait 0.5-1.5 s before each move
  int server_pid = 0;      // read CPU seconds and RSS of this process from /proc
  int threads = 1;
  std::uint64_t seed = 1;
};

struct report {
  std::uint64_t moves = 0;  // confirmed moves (echo: round trips)
  double seconds = 0;
  double p50_ms = 0, p95_ms = 0, p99_ms = 0, max_ms = 0;
  std::uint64_t spectator_events = 0;
  std::uint64_t games_finished = 0;
  std::map<std::string, std::uint64_t> errors;
  int connections = 0;
  double server_cpu_seconds = -1;    // during the measured interval; -1 without --server-pid
  double server_rss_mib = -1;        // at the end
  double server_rss_delta_mib = -1;  // end minus start (idle mode: per-connection memory)

  nlohmann::json to_json(const options& o) const;
  std::string to_table(const options& o) const;
};

report run(const options& o);

}  // namespace boardroom::load
