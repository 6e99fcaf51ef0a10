#pragma once
// Built-in players: something that picks a move for the player to move. The server seats them
// when a room asks for one; tests and the load generator use them as opponents.

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/game.hpp"

namespace boardroom::engine {

class bot {
 public:
  virtual ~bot() = default;
  virtual std::string_view name() const = 0;         // "random", "perfect"
  virtual std::string_view description() const = 0;  // for the catalogue
  // A legal move for s.current_player() in canonical notation, or why none can be chosen (the
  // game is over, a table the bot needs is missing). Must not modify `s`.
  virtual result<std::string> choose(const state& s, std::mt19937_64& rng) const = 0;
  // Whether choose() searches (takes long): a server then runs it on a thread of its own, on a
  // copy of the position, instead of the thread the room's connections are served from.
  virtual bool thinks() const { return false; }
};

// Plays a uniformly random legal move (state::random_move); available for every game.
const bot& random_bot();

// The bots a game offers: "random", "mcts" (search_bot.hpp), then the game's own; also "mcts:N".
std::vector<const bot*> bots_for(const game& g);
const bot* find_bot(const game& g, std::string_view name);

}  // namespace boardroom::engine
