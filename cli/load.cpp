// `boardroom load`: the load generator (bench/load), for users measuring their own deployment.

#include <iostream>

#include "bench/load/load.hpp"
#include "cli/commands.hpp"

namespace boardroom::cli {

command add_load(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "load",
      "Drive a running server with real WebSocket clients and report throughput, latency, "
      "and the server's CPU and memory");
  auto o = std::make_shared<load::options>();
  auto mode = std::make_shared<std::string>("play");
  sub->add_option("--mode", *mode,
                  "play: rooms playing random moves; idle: connections in the "
                  "lobby (all of them opened first, then idle for --seconds); echo: round trips "
                  "against bench/echo_server; soak: rooms playing "
                  "with think time while players drop and resume, every event checked and the "
                  "server's RSS watched (exit 1 when the verdict fails)")
      ->check(CLI::IsMember({"play", "idle", "echo", "soak"}))
      ->capture_default_str();
  sub->add_option("--host", o->host, "Server address (loopback by default)")->capture_default_str();
  sub->add_option("--port", o->port, "Server port")->capture_default_str();
  sub->add_option("--game", o->game, "Game spec to play")->capture_default_str();
  sub->add_option("--rooms", o->rooms, "Rooms (echo: connections)")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub->add_option("--players", o->players, "Players per room (0: the game's minimum)")
      ->capture_default_str();
  sub->add_option("--spectators", o->spectators, "Spectators per room")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  sub->add_option("--connections", o->connections, "Idle mode: connections to hold")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub->add_option("--seconds", o->seconds, "How long to run (bounded to one hour)")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  sub->add_option("--warmup", o->warmup,
                  "Seconds before --seconds starts: connections, rooms and first moves happen "
                  "here and are not counted (play and echo)")
      ->check(CLI::Range(0.0, 600.0))
      ->capture_default_str();
  sub->add_flag("--think", o->think,
                "Players wait a random 0.5-1.5 s before each move (echo: before each frame)");
  sub->add_flag("!--new-rooms", o->rematch,
                "Play: after each game the first player opens a new room and the others join it, "
                "instead of everyone asking for a rematch (room.rematch)");
  sub->add_flag("!--move-events-notified", o->move_event_in_result,
                "Play and soak: players receive their own moves' events as notifications, instead "
                "of in the answers to their moves (hello's move_event_in_result)");
  sub->add_option("--drop-rate", o->drop_rate,
                  "Soak: connection drops per player per minute, at random moments")
      ->check(CLI::Range(0.0, 600.0))
      ->capture_default_str();
  sub->add_option("--server-pid", o->server_pid, "Read this process's CPU time and RSS from /proc");
  sub->add_option("--threads", o->threads, "Client threads")->capture_default_str();
  sub->add_option("--seed", o->seed, "Random seed for the moves")->capture_default_str();
  auto json_only = std::make_shared<bool>(false);
  sub->add_flag("--json", *json_only, "Print only the JSON line");

  return [o, mode, json_only] {
    o->mode = *mode == "idle"   ? load::mode::idle
              : *mode == "echo" ? load::mode::echo
              : *mode == "soak" ? load::mode::soak
                                : load::mode::play;
    load::report r;
    try {
      r = load::run(*o);
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << '\n';
      return 2;
    }
    if (!*json_only) std::cout << r.to_table(*o);
    std::cout << r.to_json(*o).dump() << std::endl;
    return r.passed(*o) ? 0 : 1;
  };
}

}  // namespace boardroom::cli
