// The search bot (engine/core/search_bot.hpp) on every game: legal moves for every player count,
// the same move from the same seed, and budgets by name. Its strength is measured by
// `boardroom match` (tests/cli/match_cli_test.cpp, docs/bots.md); in Esiema, where it needs the
// game's judgement of unfinished positions and drawn captures, also by esiema_search_test.cpp.

#include <chrono>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "engine/core/bot.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/search_bot.hpp"

namespace boardroom::engine {
namespace {

// What the search maximises and `boardroom match` reports: the share of the others one finished
// ahead of, a tie half.
TEST(SearchBot, RewardsAreSharesOfTheOthersFinishedAhead) {
  EXPECT_EQ((outcome{{1, 2}, {}, "", ""}.shares()), (std::vector<double>{1.0, 0.0}));
  EXPECT_EQ((outcome{{1, 1}, {}, "", ""}.shares()), (std::vector<double>{0.5, 0.5}));
  // Four places, two tied second: 3/3, (1 + 0.5)/3 each, 0/3.
  EXPECT_EQ((outcome{{1, 2, 2, 4}, {}, "", ""}.shares()),
            (std::vector<double>{1.0, 0.5, 0.5, 0.0}));
  EXPECT_EQ((outcome{{3, 1, 2}, {}, "", ""}.shares()), (std::vector<double>{0.0, 1.0, 0.5}));
}

TEST(SearchBot, BudgetsByName) {
  const bot* plain = search_bot_named("mcts");
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->name(), "mcts");
  const bot* small = search_bot_named("mcts:50");
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(small->name(), "mcts:50");
  EXPECT_EQ(dynamic_cast<const search_bot*>(small)->options().playouts, 50);
  EXPECT_EQ(search_bot_named("mcts:50"), small);  // made once
  EXPECT_EQ(search_bot_named("mcts:20000")->name(), "mcts:20000");
  EXPECT_EQ(search_bot_named("mcts:400"), plain) << "the default budget by its number";
  // A time a move: the search stops at the time or at the most playouts, whichever comes first.
  const bot* timed = search_bot_named("mcts:250ms");
  ASSERT_NE(timed, nullptr);
  EXPECT_EQ(timed->name(), "mcts:250ms");
  const auto& timed_options = dynamic_cast<const search_bot*>(timed)->options();
  EXPECT_EQ(timed_options.time_limit, std::chrono::milliseconds(250));
  EXPECT_EQ(timed_options.playouts, max_search_playouts);
  EXPECT_EQ(dynamic_cast<const search_bot*>(search_bot_named("mcts:2s"))->options().time_limit,
            std::chrono::milliseconds(2000));
  EXPECT_NE(search_bot_named("mcts:30s"), nullptr);
  EXPECT_NE(search_bot_named("mcts:30000ms"), nullptr);
  for (const char* bad : {"mcts:0",
                          "mcts:20001",
                          "mcts:-1",
                          "mcts:",
                          "mcts:05",
                          "mcts:1e3",
                          "mctsx",
                          "mcts:50 ",
                          "MCTS",
                          "random",
                          "mcts:31s",
                          "mcts:30001ms",
                          "mcts:0s",
                          "mcts:0ms",
                          "mcts:2m",
                          "mcts:1.5s",
                          "mcts:s",
                          "mcts:ms",
                          "mcts:2S",
                          "mcts:99999999999999999999s",
                          "mcts:9223372036854775807s"}) {
    EXPECT_EQ(search_bot_named(bad), nullptr) << bad;
  }
  // Every game offers it, after random.
  for (const game* g : all_games()) {
    auto bots = bots_for(*g);
    ASSERT_GE(bots.size(), 2u);
    EXPECT_EQ(bots[1]->name(), "mcts") << g->key();
    EXPECT_EQ(find_bot(*g, "mcts:7")->name(), "mcts:7");
  }
}

// A timed search keeps to its time: an Arimaa turn, for which the most playouts would take many
// seconds, is chosen in about a tenth of a second (the bound is loose for slow builds).
TEST(SearchBot, ATimedSearchStopsAtItsTime) {
  const game* arimaa = find_game("arimaa");
  ASSERT_NE(arimaa, nullptr);
  auto params = resolve_params(arimaa->param_specs(), {});
  ASSERT_TRUE(params.has_value());
  auto s = arimaa->new_state(2, *params, 3);
  ASSERT_TRUE(s.has_value());
  std::mt19937_64 rng(3);
  // Past both setups, into play.
  for (int i = 0; i < 2; ++i) {
    const std::string setup = (*s)->random_move(rng);
    ASSERT_TRUE((*s)->play(setup).has_value()) << setup;
  }
  const auto start = std::chrono::steady_clock::now();
  auto chosen = search_bot_named("mcts:100ms")->choose(**s, rng);
  const auto took = std::chrono::steady_clock::now() - start;
  ASSERT_TRUE(chosen.has_value());
  EXPECT_TRUE((*s)->clone()->play(*chosen).has_value()) << *chosen;
  EXPECT_LT(took, std::chrono::seconds(5));
}

// A few moves of every game for every player count, chosen by a small search: each is legal,
// and the same seed chooses the same move.
TEST(SearchBot, PlaysLegalMovesInEveryGameAndRepeatsItselfFromASeed) {
  const bot* b = search_bot_named("mcts:8");
  for (const game* g : all_games()) {
    for (int players = g->players().min; players <= g->players().max; ++players) {
      SCOPED_TRACE(std::string(g->key()) + ", " + std::to_string(players) + " players");
      auto params = resolve_params(g->param_specs(), {});
      ASSERT_TRUE(params.has_value());
      auto made = g->new_state(players, *params, 5);
      if (!made) continue;  // a count the default parameters do not offer
      auto& s = **made;
      std::mt19937_64 rng(1);
      for (int ply = 0; ply < 4 && !s.is_terminal(); ++ply) {
        std::mt19937_64 a(ply), again(ply);
        auto chosen = b->choose(s, a);
        ASSERT_TRUE(chosen.has_value()) << chosen.error().message;
        auto repeated = b->choose(s, again);
        ASSERT_TRUE(repeated.has_value());
        EXPECT_EQ(*repeated, *chosen);
        ASSERT_TRUE(s.play(*chosen).has_value()) << *chosen;
      }
    }
  }
}

}  // namespace
}  // namespace boardroom::engine
