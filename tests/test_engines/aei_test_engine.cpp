// An Arimaa engine that speaks AEI faithfully, for the bridge's tests (`boardroom aei`): it keeps
// its position from newgame, makemove and setposition with the project's Arimaa library, answers
// go with a random legal move in AEI step notation (a random setup during the setups), and
// writes every line it receives to --log so a test can check what the bridge told it (the
// setoption values of the clocks above all). Misbehaviour on demand, at the Nth go:
//   --illegal-at N   answers an illegal move
//   --garbage-at N   answers a line that is not a bestmove
//   --die-at N       exits with status 3 without answering
//   --hang-at N      never answers (and exits when its input ends)
// A protocol error of the bridge (a makemove that is not legal here, an unknown command) is
// written as "log Error: ..." and ends the engine with status 2.

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <string>

#include "engine/arimaa/state.hpp"

namespace {

using boardroom::engine::arimaa::state;

[[noreturn]] void protocol_error(const std::string& what) {
  std::cout << "log Error: " << what << std::endl;
  std::exit(2);
}

// 16 pieces on the side's two home ranks in a random order, as placements.
std::string random_setup(bool gold, std::mt19937_64& rng) {
  std::string pieces = gold ? "RRRRRRRRCCDDHHME" : "rrrrrrrrccddhhme";
  std::shuffle(pieces.begin(), pieces.end(), rng);
  std::string out;
  for (int i = 0; i < 16; ++i) {
    const char file = static_cast<char>('a' + i % 8);
    const char rank = gold ? static_cast<char>('1' + i / 8) : static_cast<char>('7' + i / 8);
    if (!out.empty()) out += ' ';
    out += std::string{pieces[i], file, rank};
  }
  return out;
}

// The move without its tag: AEI's step notation (captures kept, as AEI allows).
std::string without_tag(const std::string& move) {
  const auto blank = move.find(' ');
  return blank == std::string::npos ? move : move.substr(blank + 1);
}

}  // namespace

int main(int argc, char** argv) {
  std::string log_path;
  int illegal_at = 0, garbage_at = 0, die_at = 0, hang_at = 0;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--log") log_path = value;
    if (flag == "--illegal-at") illegal_at = std::stoi(value);
    if (flag == "--garbage-at") garbage_at = std::stoi(value);
    if (flag == "--die-at") die_at = std::stoi(value);
    if (flag == "--hang-at") hang_at = std::stoi(value);
    if (flag == "--seed") seed = std::stoull(value);
  }
  std::ofstream log;
  if (!log_path.empty()) log.open(log_path, std::ios::app);
  std::mt19937_64 rng(seed);
  state position;
  bool pondering = false;
  int goes = 0;
  const auto best = [&] {
    std::string move = position.in_setup() ? random_setup(position.current_player() == 0, rng)
                                           : without_tag(position.random_move(rng));
    std::cout << "info score 0" << std::endl;
    std::cout << "bestmove " << move << std::endl;
  };
  for (std::string line; std::getline(std::cin, line);) {
    if (log.is_open()) log << line << std::endl;
    const std::string command = line.substr(0, line.find(' '));
    const std::string rest = line.size() > command.size() ? line.substr(command.size() + 1) : "";
    if (command == "aei") {
      std::cout << "protocol-version 1\nid name boardroom-aei-test\nid author boardroom tests\n"
                   "id version 1\naeiok"
                << std::endl;
    } else if (command == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (command == "newgame") {
      position = state();
    } else if (command == "setposition") {
      // "setposition g [64 squares]": a turn of the game, not a setup
      auto read = state::from_text("2" + rest);
      if (!read) protocol_error("setposition: " + read.error().message);
      position = *read;
    } else if (command == "setoption") {
      // recorded in the log; nothing to do
    } else if (command == "makemove") {
      auto played = position.play(position.tag() + " " + rest);
      if (!played) protocol_error("makemove " + rest + ": " + played.error().message);
    } else if (command == "go") {
      ++goes;
      if (rest == "ponder") {
        pondering = true;
        continue;
      }
      if (goes == die_at) return 3;
      if (goes == hang_at) {  // deaf to everything, stop and quit included, until its input ends
        for (std::string ignored; std::getline(std::cin, ignored);) {
        }
        return 0;
      }
      if (goes == garbage_at) {
        std::cout << "the answer is 42" << std::endl;
        continue;
      }
      if (goes == illegal_at) {
        std::cout << "bestmove Ea1n Ea2n Ea3n Ea4n Ea5n" << std::endl;
        continue;
      }
      best();
    } else if (command == "stop") {
      if (pondering) best();
      pondering = false;
    } else if (command == "quit") {
      return 0;
    } else {
      protocol_error("unknown command '" + line + "'");
    }
  }
  return 0;
}
