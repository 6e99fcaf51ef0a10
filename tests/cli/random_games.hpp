#pragma once
// Two-player games played with random legal moves by real clients, each remembering what the
// server acknowledged: for the tests that kill servers mid-play (durability_test.cpp,
// cluster_test.cpp).

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
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

// Threads playing `games` at once (game i on thread i % threads), a move in each game in turn,
// until every game is over, a move fails (which ends its thread), or stop() is called.
class random_players {
 public:
  random_players(std::vector<played_game>& games, int threads, std::uint64_t seed) {
    for (int t = 0; t < threads; ++t) {
      pool_.emplace_back([this, &games, threads, t, seed] {
        std::mt19937_64 rng(seed + static_cast<std::uint64_t>(t));
        bool going = true;
        while (going && !stopped_) {
          going = false;
          for (std::size_t i = t; i < games.size(); i += threads) {
            if (games[i].over) continue;
            std::string failure;
            if (step(games[i], rng, failure)) {
              ++acked_;
              going = true;
            } else if (!failure.empty()) {
              std::lock_guard lock(mutex_);
              if (!stopped_) failures_.push_back(games[i].room + ": " + failure);
              return;
            }
          }
        }
      });
    }
  }
  ~random_players() {
    stop();
    join();
  }
  int acked() const { return acked_; }
  // Failures from then on are not counted: the server is about to be killed under them.
  void stop() { stopped_ = true; }
  // Waits for the threads; returns the moves that failed (before stop()).
  std::vector<std::string> join() {
    for (auto& t : pool_) {
      if (t.joinable()) t.join();
    }
    std::lock_guard lock(mutex_);
    return failures_;
  }

 private:
  std::atomic<bool> stopped_{false};
  std::atomic<int> acked_{0};
  std::mutex mutex_;
  std::vector<std::string> failures_;
  std::vector<std::thread> pool_;
};

}  // namespace boardroom::test
