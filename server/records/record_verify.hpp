#pragma once
// Checks a game record (records.hpp) through the rule engine, trusting nothing in it: the game is
// set up again from its spec and seed, every move is played by the seat the engine says is to
// move, must be legal, in canonical notation and lead to the recorded position, and the recorded
// outcome must be the engine's when the rules ended the game. What `boardroom verify` runs.

#include <string>

#include <nlohmann/json.hpp>

namespace boardroom::server {

struct verify_report {
  bool ok = false;
  int moves_checked = 0;  // moves that passed every check
  std::string message;    // the first problem, naming the move; or a summary when ok
};

verify_report verify_record(const nlohmann::json& record);

}  // namespace boardroom::server
