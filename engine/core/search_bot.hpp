#pragma once
// The search bot: Monte-Carlo tree search (UCT) over any engine::state, for every game and any
// number of players.
//
// Moves are drawn, not listed: a node gains a child by drawing a random legal move
// (state::playout_move) while its number of children is below a widening bound that grows with
// the square root of its visits, so that an Arimaa turn (24,902 ways at the start) or an Esiema
// sowing (millions) costs no more to search than a Sisyphos move. Each playout plays such moves
// to the end of the game, or for at most `playout_plies` moves, after which the game's judgement
// of an unfinished position decides (state::estimated_shares(): Arimaa's rule for a halted game,
// Esiema's small balls) or the players share the result; where the game can judge, playouts are
// short and the judgement is the evaluation. A player's reward is their share of the others they
// finished ahead of (ties half), so the same search serves two players and six.
//
// The budget is a number of playouts (reproducible: the same seed gives the same move), or a
// time, whichever ends first.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/bot.hpp"

namespace boardroom::engine {

struct search_options {
  int playouts = 400;
  std::optional<std::chrono::milliseconds> time_limit;
  int playout_plies = 200;
  // In a game that can judge an unfinished position (state::estimated_shares(): Arimaa and
  // Esiema, by material), playouts are this short and the judgement decides: random games of
  // both are very long and say little.
  int judged_playout_plies = 8;
  double exploration = 0.7;  // UCT's constant, for rewards in [0, 1]
  double widening = 2.0;     // children allowed: 1 + widening * sqrt(visits)
};

// The most playouts a bot name may ask for ("mcts:N"), and the longest time ("mcts:Ns",
// "mcts:Nms"): bounds on the work one move may cost. A timed search stops at the playout bound too.
inline constexpr int max_search_playouts = 20'000;
inline constexpr std::chrono::milliseconds max_search_time{30'000};

class search_bot final : public bot {
 public:
  explicit search_bot(search_options options, std::string name);
  std::string_view name() const override { return name_; }
  std::string_view description() const override { return description_; }
  result<std::string> choose(const state& s, std::mt19937_64& rng) const override;
  bool thinks() const override { return true; }

  const search_options& options() const { return options_; }

 private:
  search_options options_;
  std::string name_;
  std::string description_;
};

// "mcts" (the default budget), "mcts:N" (N playouts per move, 1 to max_search_playouts) and
// "mcts:Ns" or "mcts:Nms" (N seconds or milliseconds per move, up to max_search_time): the bot for
// that name, made once and kept; nullptr for any other name.
const bot* search_bot_named(std::string_view name);

}  // namespace boardroom::engine
