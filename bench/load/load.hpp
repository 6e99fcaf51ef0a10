#pragma once
// The load generator: real WebSocket clients speaking the public protocol against a running
// boardroom server (or the bare echo server, for a baseline), bounded in time and count.

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace boardroom::load {

enum class mode {
  play,  // R rooms of P players and S spectators playing random legal moves in a closed loop
  idle,  // N connections that say hello and sit in the lobby
  echo,  // R connections sending frames to an echo server in a closed loop (the baseline)
  soak,  // play with think time, players dropping and resuming; events checked, RSS watched
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
  // Play and echo: seconds of running before the measured `seconds` begin. Connecting, creating
  // rooms and the first moves are not steady state: with 1000 rooms their handshakes would be
  // charged to the moves and queue the first ones.
  double warmup = 2;
  bool think = false;  // players wait 0.5-1.5 s before each move
  // Play: after a game its players ask for a rematch (room.rematch) and play it in the room it
  // opens, as players do; without, the first player opens a new room and the others join it.
  bool rematch = true;
  // Play and soak: hello's move_event_in_result, a player's own move event in its answer (one
  // frame fewer per move); without, it comes as a notification like everyone else's.
  bool move_event_in_result = true;
  int server_pid = 0;    // read CPU seconds and RSS of this process from /proc
  double drop_rate = 1;  // soak: connection drops per player per minute, at random moments
  int threads = 1;
  std::uint64_t seed = 1;
};

// What the soak mode's players counted, summed over all of them (bench/load/soak.cpp).
struct soak_counts {
  std::uint64_t drops = 0;              // connections closed abruptly by the client
  std::uint64_t resumes = 0;            // hello with the resume token that resumed the identity
  std::uint64_t failed_reconnects = 0;  // connect or handshake failed on the way back
  std::uint64_t events = 0;             // room events applied, each version once
  std::uint64_t redelivered = 0;        // a version already applied, again after a sync: ignored
  std::uint64_t duplicated = 0;         // a version delivered twice where once was promised
  std::uint64_t lost = 0;               // versions no sync filled, or only the final audit found
  std::uint64_t snapshot_syncs = 0;     // room.sync answered with a snapshot: nothing to check
  std::uint64_t live_gaps = 0;          // a gap on a live connection, filled by room.sync
  std::uint64_t rooms_complete = 0;     // rooms left after game_over with every version seen
  std::uint64_t rooms_audited = 0;      // rooms checked by the final room.sync
  std::uint64_t rooms_gone = 0;         // closed while its players were away (allowed)

  soak_counts& operator+=(const soak_counts& o);
};

struct report {
  std::uint64_t moves = 0;  // confirmed moves (echo: round trips), after the warm-up
  double seconds = 0;       // measured, after the warm-up
  double p50_ms = 0, p95_ms = 0, p99_ms = 0, max_ms = 0;
  std::uint64_t spectator_events = 0;
  std::uint64_t games_finished = 0;
  std::map<std::string, std::uint64_t> errors;
  int connections = 0;
  double server_cpu_seconds = -1;     // during the measured interval; -1 without --server-pid
  double server_kernel_seconds = -1;  // the kernel's part of it
  double server_rss_mib = -1;         // at the end
  double server_rss_delta_mib = -1;   // end minus start (idle mode: per-connection memory)
  soak_counts soak;
  double warm_seconds = 0;   // soak: when the reference RSS is read (2 min, or 1/5 of the run)
  double rss_warm_mib = -1;  // soak: the server's RSS then
  std::vector<std::pair<double, double>> rss_samples;  // soak: (seconds, MiB), every 30 s

  // The soak verdict: no event lost or duplicated, and (with --server-pid) the RSS at the end
  // within 10 % of the RSS after the warm-up. Other modes: some client connected.
  bool passed(const options& o) const;

  nlohmann::json to_json(const options& o) const;
  // `cpu_seconds` of server CPU per confirmed move (per round trip in echo mode), in µs; 0 without
  // moves.
  double us_per_move(double cpu_seconds) const;
  std::string to_table(const options& o) const;
};

report run(const options& o);

}  // namespace boardroom::load
