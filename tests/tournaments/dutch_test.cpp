// The Dutch pairing against the expected pairings of tests/data/swiss (produced by a FIDE-endorsed
// implementation of the 2025 rules, see the README there), and the exhaustive reference on the
// small ones.

#include <string>

#include <gtest/gtest.h>

#include "server/tournaments/dutch.hpp"
#include "server/tournaments/dutch_reference.hpp"
#include "server/tournaments/trf.hpp"
#include "tests/tournaments/swiss_files.hpp"

namespace boardroom::test {
namespace {

std::string paired(const std::string& name, bool exhaustive = false) {
  const auto t = tournaments::read_trf(swiss_file(name + ".input"));
  EXPECT_TRUE(t);
  if (!t) return "unreadable";
  const auto p = exhaustive ? tournaments::pair_dutch_exhaustive(*t) : tournaments::pair_dutch(*t);
  if (!p) return "error: " + p.error();
  return tournaments::write_pairing(*p);
}

TEST(Dutch, ByeGoesToTheLowestScore) {
  // C5 of the 2025 rules: 1-3 would keep the 2-point bracket together, but then the bye would go
  // to a 1-point player; the 0-point player 6 takes it instead.
  EXPECT_EQ(paired("dutch_2025_C5"), swiss_file("dutch_2025_C5.output.expected"));
  EXPECT_EQ(paired("dutch_2025_C5", true), swiss_file("dutch_2025_C5.output.expected"));
}

TEST(Dutch, ByeGoesToAPlayerWithFewestUnplayedGames) {
  // C9 of the 2025 rules: player 5 missed round 1, so of the 0-point players 4 (who played) gets
  // the bye rather than 5.
  EXPECT_EQ(paired("dutch_2025_C9"), swiss_file("dutch_2025_C9.output.expected"));
  EXPECT_EQ(paired("dutch_2025_C9", true), swiss_file("dutch_2025_C9.output.expected"));
}

TEST(Dutch, SixtyPlayersInTheFifteenthRound) {
  EXPECT_EQ(paired("issue_7"), swiss_file("issue_7.output.expected"));
}

TEST(Dutch, TheReferenceRefusesFieldsTooLargeToSearch) {
  const auto t = tournaments::read_trf(swiss_file("issue_7.input"));
  ASSERT_TRUE(t);
  const auto p = tournaments::pair_dutch_exhaustive(*t);
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().find("60 players"), std::string::npos) << p.error();
}

TEST(Dutch, FirstRoundPairsTopHalfAgainstBottomHalf) {
  // No games yet: 1-5, 6-2, 3-7, 8-4 (odd pairing numbers of the top half take white, the
  // others alternate), and with nine players the last one gets the bye.
  tournaments::trf_tournament t;
  t.total_rounds = 5;
  for (int i = 1; i <= 9; ++i) {
    tournaments::trf_player player;
    player.start_rank = i;
    t.players.push_back(player);
  }
  const auto p = tournaments::pair_dutch(t);
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(tournaments::write_pairing(*p), "5\n1 5\n6 2\n3 7\n8 4\n9 0\n");
}

}  // namespace
}  // namespace boardroom::test
