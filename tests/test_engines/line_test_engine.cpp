// An engine of any game that speaks boardroom's line protocol (docs/bots.md, "Engines from
// outside"), for the bridge's tests (`boardroom engine`): it replays the played lines from the
// game's start with the project's rule engines, checks that every position line agrees with
// them, and answers go with a random legal move. Every line received goes to --log.
// Misbehaviour on demand, at the Nth go: --illegal-at N (a move that is not legal), --die-at N
// (exits with status 3). A protocol error of the bridge ends it with status 2 and a log line.

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>

#include "engine/core/registry.hpp"

namespace {

[[noreturn]] void protocol_error(const std::string& what) {
  std::cout << "log Error: " << what << std::endl;
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace boardroom::engine;
  std::string log_path;
  int illegal_at = 0, die_at = 0;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--log") log_path = value;
    if (flag == "--illegal-at") illegal_at = std::stoi(value);
    if (flag == "--die-at") die_at = std::stoi(value);
    if (flag == "--seed") seed = std::stoull(value);
  }
  std::ofstream log;
  if (!log_path.empty()) log.open(log_path, std::ios::app);
  std::mt19937_64 rng(seed);
  std::unique_ptr<state> replayed;  // from the start, through every played line
  std::optional<game_spec> spec;
  int players = 0, goes = 0;
  for (std::string line; std::getline(std::cin, line);) {
    if (log.is_open()) log << line << std::endl;
    const std::string command = line.substr(0, line.find(' '));
    const std::string rest = line.size() > command.size() ? line.substr(command.size() + 1) : "";
    if (command == "boardroom") {
      if (rest != "1") protocol_error("this engine speaks version 1, not " + rest);
      std::cout << "ready line-test-engine" << std::endl;
    } else if (command == "newgame") {
      std::istringstream words(rest);
      std::string text, time_control;
      int seat = -1;
      words >> text >> seat >> players >> time_control;
      auto parsed = parse_game_spec(text);
      if (!parsed) protocol_error("newgame: " + parsed.error().message);
      if (seat < 0 || seat >= players || time_control.empty()) {
        protocol_error("newgame needs <spec> <seat> <players> <time control>: " + rest);
      }
      spec = *parsed;
      auto start = spec->game_ptr->new_state(players, spec->params, 0);
      if (!start) protocol_error("newgame: " + start.error().message);
      replayed = std::move(*start);
    } else if (command == "played") {
      if (!replayed) protocol_error("played before newgame");
      if (auto r = replayed->play(rest); !r) {
        protocol_error("played " + rest + ": " + r.error().message);
      }
    } else if (command == "position") {
      if (!replayed) protocol_error("position before newgame");
      if (rest != replayed->position_text()) {
        protocol_error("position '" + rest + "' is not the one the played moves make: '" +
                       replayed->position_text() + "'");
      }
      // The position text alone makes the same state.
      auto read = spec->game_ptr->state_from_text(players, spec->params, rest);
      if (!read) protocol_error("position: " + read.error().message);
    } else if (command == "go") {
      ++goes;
      if (!replayed) protocol_error("go before newgame");
      if (goes == die_at) return 3;
      if (goes == illegal_at) {
        std::cout << "move a1-a1/a1" << std::endl;
        continue;
      }
      std::cout << "move " << replayed->random_move(rng) << std::endl;
    } else if (command == "stop") {
      // answers come at once here: nothing to stop
    } else if (command == "quit") {
      return 0;
    } else {
      protocol_error("unknown command '" + line + "'");
    }
  }
  return 0;
}
