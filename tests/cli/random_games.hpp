#pragma once
// Two-player games played with random legal moves by real clients, each remembering what the
// server acknowledged: for the tests that kill servers mid-play (durability_test.cpp,
// cluster_test.cpp).

#include <array>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tests/server/helpers.hpp"
#include "tests/support/ws_client.hpp"

namespace boardroom::test {

struct played_game {
  std::string room;
  std::array<std::string, 2> tokens;
  std::array<std::unique_ptr<ws_client>, 2> seat;
  std::vector<std::pair<std::int64_t, std::string>> acked;  // version, move: what clients were told
  bool over = false;
  json outcome;
};

// One move in `g`; false when the game is over or the server is gone.
inline bool step(played_game& g, std::mt19937_64& rng, std::string& failure) {
  auto moves = g.seat[0]->call("game.legal_moves", {{"room", g.room}});
  if (error_code(moves) == "game_over") {
    g.over = true;
    return false;
  }
  if (!error_code(moves).empty()) {
    failure = moves.dump();
    return false;
  }
  const json& list = moves["result"]["moves"];
  int p = moves["result"]["to_move"];
  std::string move = list[rng() % list.size()];
  auto reply = g.seat[p]->call("game.move", {{"room", g.room}, {"move", move}});
  if (!error_code(reply).empty()) {
    failure = reply.dump();
    return false;
  }
  g.acked.emplace_back(reply["result"]["version"].get<std::int64_t>(), move);
  return true;
}

}  // namespace boardroom::test
