// `boardroom match` as a bot author runs it: built-in bots against each other through the match
// core, the score with its interval, reproducible from the seed whatever the number of threads,
// and usage errors that exit with 2 and say why.

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/cli/cli_helpers.hpp"

namespace boardroom::test {
namespace {

using nlohmann::json;

json report(const std::string& args) {
  auto r = run("match " + args + " --json 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  return r.status == 0 ? json::parse(r.out, nullptr, false) : json();
}

// The search bot against random at Amazons 6x6: ten games, each bot five times on each side.
TEST(MatchCli, TheSearchBotBeatsRandomAndTheScoreAddsUp) {
  json r = report("--game 'amazons(board_size=6)' --bots mcts:60,random --games 10 --seed 3");
  ASSERT_TRUE(r.is_object());
  ASSERT_EQ(r["bots"].size(), 2u);
  const json& search = r["bots"][0];
  const json& random = r["bots"][1];
  EXPECT_EQ(search["bot"], "mcts:60");
  EXPECT_EQ(random["bot"], "random");
  // Amazons has no draws: the scores of a game add up to 1, wins to losses.
  EXPECT_NEAR(search["score"].get<double>() + random["score"].get<double>(), 1.0, 1e-9);
  EXPECT_EQ(search["wins"], random["losses"]);
  EXPECT_EQ(search["wins"].get<int>() + search["losses"].get<int>(), 10);
  EXPECT_GE(search["score"].get<double>(), 0.9) << r.dump();
  EXPECT_LE(search["low"].get<double>(), search["score"].get<double>());
  EXPECT_GE(search["high"].get<double>(), search["score"].get<double>());
  EXPECT_EQ(r["games"], 10);
}

// Esiema, whose random games run to thousands of moves: a small search wins every game, each
// ended by the rules (the last player left) long before the match's cap would halt it as a draw.
TEST(MatchCli, TheSearchBotFinishesEsiemaGamesAgainstRandom) {
  json r = report("--game esiema --bots mcts:16,random --games 4 --seed 1 --max-moves 1000");
  ASSERT_TRUE(r.is_object());
  EXPECT_EQ(r["bots"][0]["wins"], 4) << r.dump();
  EXPECT_EQ(r["reasons"], json({{"last_player", 4}})) << r.dump();
}

// Each game has its own seed: one thread or four, the same games and the same score.
TEST(MatchCli, TheSeedReproducesTheRunWhateverTheThreads) {
  const std::string args = "--game sisyphos --bots mcts:20,random --games 6 --seed 11";
  json one = report(args + " --jobs 1");
  json four = report(args + " --jobs 4");
  ASSERT_TRUE(one.is_object());
  EXPECT_EQ(one, four);
}

// Three seats rotate among three bots; a game of three is scored by places.
TEST(MatchCli, ThreeBotsShareEachGameOfThree) {
  json r = report("--game shiamgon --bots random,random,random --games 3");
  ASSERT_TRUE(r.is_object());
  double total = 0;
  for (const auto& b : r["bots"])
    total += b["score"].get<double>();
  EXPECT_NEAR(total, 1.5, 1e-9);  // each pair shares a point, divided among two rivals each
  int ended = 0;
  for (const auto& [reason, n] : r["reasons"].items())
    ended += n.get<int>();
  EXPECT_EQ(ended, 3) << r.dump();
}

TEST(MatchCli, UsageErrorsExitWithTwoAndSayWhy) {
  auto unknown = run("match --game sisyphos --bots random,alphazero --games 1 2>&1");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.out.find("has no bot 'alphazero'"), std::string::npos) << unknown.out;
  auto too_many = run("match --game sisyphos --bots random,random,random --games 1 2>&1");
  EXPECT_EQ(too_many.status, 2);
  EXPECT_NE(too_many.out.find("is for 2 to 2 players, not 3"), std::string::npos) << too_many.out;
  auto not_a_game = run("match --game chess --bots random,random --games 1 2>&1");
  EXPECT_EQ(not_a_game.status, 2) << not_a_game.out;
  for (const std::string budget : {"mcts:0", "mcts:20001", "mcts:-5", "mcts:", "mcts:1e3"}) {
    auto r = run("match --game sisyphos --bots " + budget + ",random --games 1 2>&1");
    EXPECT_EQ(r.status, 2) << budget << ": " << r.out;
  }
  EXPECT_EQ(run("match --game sisyphos --bots random,random --games 0 2>&1").status, 2);
}

}  // namespace
}  // namespace boardroom::test
