// `boardroom moves arimaa` and `boardroom replay --format arimaa-archive` as users run them.

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/cli/cli_helpers.hpp"

namespace boardroom::test {
namespace {

const std::string gold = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2";
const std::string silver = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 da7 hb7 cc7 ed7 me7 cf7 hg7 dh7";
const std::string archive = std::string(BOARDROOM_TEST_DATA) + "/arimaa/games-2026-02.tsv";

TEST(ArimaaCli, TheStandardOpeningHas3353DistinctTurns) {
  auto count = run("moves arimaa --moves '" + gold + ";" + silver + "' --count");
  ASSERT_EQ(count.status, 0) << count.out;
  EXPECT_EQ(count.out, "3353\n");
  EXPECT_EQ(run("perft arimaa 3").out, "3353\n");
  auto listed = run("moves arimaa --moves '" + gold + ";" + silver + "'");
  ASSERT_EQ(listed.status, 0);
  auto all = lines(listed.out);
  ASSERT_EQ(all.size(), 3353u);
  EXPECT_EQ(all.front().substr(0, 3), "2g ");
}

// A client building a turn step by step asks for the next steps instead of 3,353 whole turns.
TEST(ArimaaCli, StepsListsTheNextStepsOfATurn) {
  const std::string opened = "moves arimaa --moves '" + gold + ";" + silver + "' --steps ";
  auto first = run(opened + "''");
  ASSERT_EQ(first.status, 0) << first.out;
  auto steps = lines(first.out);
  EXPECT_NE(std::find(steps.begin(), steps.end(), "Ee2n"), steps.end()) << first.out;
  EXPECT_EQ(std::find(steps.begin(), steps.end(), "end"), steps.end()) << "nothing moved yet";
  EXPECT_LT(steps.size(), 40u);
  auto after = run(opened + "'Ee2n Ee3n'");
  ASSERT_EQ(after.status, 0) << after.out;
  auto next = lines(after.out);
  EXPECT_NE(std::find(next.begin(), next.end(), "Ee4n"), next.end()) << after.out;
  EXPECT_EQ(next.back(), "end");
  auto refused = run(opened + "'Ra1n'");
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.out.find("a2 is occupied by the gold dog"), std::string::npos) << refused.out;
  auto setup = run("moves arimaa --steps ''");
  EXPECT_EQ(setup.status, 2);
  EXPECT_NE(setup.out.find("a setup is placed whole"), std::string::npos) << setup.out;
}

TEST(ArimaaCli, MovesTakesArchiveTurnsWithOrWithoutTags) {
  // The first turns of archive game 669122, old w/b tags and all.
  std::string turns =
      "1w Da1 Eb1 Cc1 Rd1 Re1 Rf1 Cg1 Hh1 Ra2 Mb2 Rc2 Dd2 Re2 Rf2 Rg2 Hh2;"
      "1b eb7 mg7 ha7 hh7 dd7 de7 cb8 cg8 rc7 rf7 ra8 rc8 rd8 re8 rf8 rh8;"
      "2w Mb2n Eb1n Mb3e Eb2n;2b eb7s eb6s eb5s hh7s";
  auto tagged = run("moves arimaa --moves '" + turns + "' --count");
  ASSERT_EQ(tagged.status, 0) << tagged.out;
  std::string untagged_turns = turns;
  for (const char* tag : {"1w ", "1b ", "2w ", "2b "})
    untagged_turns.erase(untagged_turns.find(tag), 3);
  auto untagged = run("moves arimaa --moves '" + untagged_turns + "' --count");
  EXPECT_EQ(untagged.out, tagged.out);
  EXPECT_GT(std::stoi(tagged.out), 1000);
  auto wrong = run("moves arimaa --moves '" + gold + ";" + silver + ";2g Ee2n Ee3s'");
  EXPECT_EQ(wrong.status, 2);
  EXPECT_NE(wrong.out.find("move 3 '2g Ee2n Ee3s': the turn does not change"), std::string::npos)
      << wrong.out;
}

TEST(ArimaaCli, ReplayChecksEveryArchivedGame) {
  auto replay = run("replay --format arimaa-archive " + archive);
  ASSERT_EQ(replay.status, 0) << replay.out.substr(0, 2000);
  auto all = lines(replay.out);
  ASSERT_EQ(all.size(), 75u);
  EXPECT_EQ(all.back(),
            "74 games: 74 legal, 74 agree with the recorded ending, 4 of 4 server refusals "
            "refused by the engine too");
  EXPECT_EQ(all.front(),
            "669122\tlegal (73 turns)\trecorded: Gold wins by resignation (r)\tengine: game goes "
            "on\tagrees");
  bool seen_repetition = false;
  for (const auto& line : all) {
    if (line.starts_with("669192\t")) {
      seen_repetition = true;
      EXPECT_NE(line.find("refused by the server: 1, by the engine too: 1"), std::string::npos);
      EXPECT_NE(line.find("illegal move (i)"), std::string::npos);
    }
  }
  EXPECT_TRUE(seen_repetition);
}

TEST(ArimaaCli, ReplayNamesTheFirstIllegalTurn) {
  std::ifstream in(archive);
  std::string header;
  std::string first;
  std::getline(in, header);
  std::getline(in, first);
  // Game 669122 with its turn 2w spoilt: the elephant cannot go through the camel.
  auto at = first.find("2w Mb2n Eb1n Mb3e Eb2n");
  ASSERT_NE(at, std::string::npos);
  first.replace(at, 22, "2w Eb1n Mb2n Mb3e Eb2n");
  std::string path = ::testing::TempDir() + "/arimaa_spoilt.tsv";
  std::ofstream(path) << header << '\n' << first << '\n';
  auto replay = run("replay --format arimaa-archive " + path);
  EXPECT_EQ(replay.status, 1);
  auto all = lines(replay.out);
  ASSERT_EQ(all.size(), 2u) << replay.out;
  EXPECT_EQ(all[0],
            "669122\tillegal at 2w Eb1n Mb2n Mb3e Eb2n: Eb1n: b2 is occupied by the gold "
            "camel\trecorded: Gold wins by resignation (r)\tengine: game goes on\tDIFFERS");
  EXPECT_EQ(all[1],
            "1 game: 0 legal, 0 agree with the recorded ending, 0 of 0 server refusals refused "
            "by the engine too");
}

TEST(ArimaaCli, ReplayRefusesWhatItCannotRead) {
  auto missing = run("replay --format arimaa-archive /nonexistent/games.tsv");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.out.find("cannot read"), std::string::npos);
  auto format = run("replay --format pgn " + archive);
  EXPECT_NE(format.status, 0);
  auto help = run("replay --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("arimaa-archive"), std::string::npos);
}

}  // namespace
}  // namespace boardroom::test
