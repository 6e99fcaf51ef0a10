#include "engine/core/bot.hpp"

#include "engine/core/search_bot.hpp"

namespace boardroom::engine {

namespace {

class random_player final : public bot {
 public:
  std::string_view name() const override { return "random"; }
  std::string_view description() const override { return "plays a uniformly random legal move"; }
  result<std::string> choose(const state& s, std::mt19937_64& rng) const override {
    if (s.is_terminal()) return fail("game_over", "the game is over");
    return s.random_move(rng);
  }
};

}  // namespace

const bot& random_bot() {
  static const random_player instance;
  return instance;
}

std::vector<const bot*> bots_for(const game& g) {
  std::vector<const bot*> out{&random_bot(), search_bot_named("mcts")};
  for (const bot* b : g.own_bots())
    out.push_back(b);
  return out;
}

const bot* find_bot(const game& g, std::string_view name) {
  for (const bot* b : bots_for(g)) {
    if (b->name() == name) return b;
  }
  return search_bot_named(name);  // a budget of its own: "mcts:N"
}

}  // namespace boardroom::engine
