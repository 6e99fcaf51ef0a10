// The Baku Acceleration Method (Handbook C.04.5.1) on hand-worked examples: who is in GA, how many
// virtual points each round brings, and the pairings they make.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "server/tournaments/dutch.hpp"
#include "server/tournaments/dutch_players.hpp"
#include "server/tournaments/trf.hpp"

namespace boardroom::test {
namespace {

using tournaments::trf_colour;
using tournaments::trf_result;
using tournaments::dutch_detail::baku_virtual_points;

const tournaments::dutch_options baku{.baku_acceleration = true};

tournaments::trf_tournament baku_field(int players, int rounds) {
  tournaments::trf_tournament t;
  t.total_rounds = rounds;
  for (int i = 1; i <= players; ++i) {
    tournaments::trf_player p;
    p.start_rank = i;
    t.players.push_back(p);
  }
  return t;
}

// Plays a pairing: the white player wins every game.
void white_wins(tournaments::trf_tournament& t, const tournaments::pairing& p) {
  for (const auto& b : p.boards) {
    t.players[static_cast<std::size_t>(b.white - 1)].rounds.push_back(
        {b.black, trf_colour::white, trf_result::win});
    t.players[static_cast<std::size_t>(b.black - 1)].rounds.push_back(
        {b.white, trf_colour::black, trf_result::loss});
  }
  if (p.bye != 0) {
    t.players[static_cast<std::size_t>(p.bye - 1)].rounds.push_back(
        {0, trf_colour::none, trf_result::pairing_allocated_bye});
  }
}

TEST(DutchBaku, GroupAIsHalfTheFieldRoundedUpToEven) {
  // 2 * ceil(N / 4): 16 players -> 8, 161 -> 82 (the Handbook's example), 9 -> 6, 10 -> 6.
  EXPECT_EQ(baku_virtual_points(7, 16, 1, 9), 2);
  EXPECT_EQ(baku_virtual_points(8, 16, 1, 9), 0);
  EXPECT_EQ(baku_virtual_points(81, 161, 1, 9), 2);
  EXPECT_EQ(baku_virtual_points(82, 161, 1, 9), 0);
  EXPECT_EQ(baku_virtual_points(5, 9, 1, 9), 2);
  EXPECT_EQ(baku_virtual_points(6, 9, 1, 9), 0);
  EXPECT_EQ(baku_virtual_points(5, 10, 1, 9), 2);
  EXPECT_EQ(baku_virtual_points(6, 10, 1, 9), 0);
}

TEST(DutchBaku, VirtualPointsByRound) {
  // Nine rounds: five accelerated, one point (2 halves) in rounds 1-3, half a point in 4-5.
  const int nine[] = {2, 2, 2, 1, 1, 0, 0, 0, 0};
  for (int r = 1; r <= 9; ++r)
    EXPECT_EQ(baku_virtual_points(0, 16, r, 9), nine[r - 1]) << "round " << r;
  // Seven rounds: four accelerated, 1 point in rounds 1-2, 0.5 in 3-4. Eleven: six, 1-3 and 4-6.
  const int seven[] = {2, 2, 1, 1, 0, 0, 0};
  for (int r = 1; r <= 7; ++r)
    EXPECT_EQ(baku_virtual_points(0, 16, r, 7), seven[r - 1]) << "round " << r;
  EXPECT_EQ(baku_virtual_points(0, 16, 3, 11), 2);
  EXPECT_EQ(baku_virtual_points(0, 16, 4, 11), 1);
  EXPECT_EQ(baku_virtual_points(0, 16, 6, 11), 1);
  EXPECT_EQ(baku_virtual_points(0, 16, 7, 11), 0);
}

TEST(DutchBaku, FirstRoundPairsEachGroupWithinItself) {
  // 16 players: GA = 1-8 with a virtual point, GB = 9-16 with none: two score groups, each paired
  // top half against bottom half (colours by pairing number: 1, 3 white; 6-2, 8-4; in GB 9 and
  // 11 take white as the next odd pairing numbers of the list). Unaccelerated: 1-9, 10-2, ...
  auto t = baku_field(16, 9);
  const auto p = tournaments::pair_dutch(t, baku);
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(tournaments::write_pairing(*p), "8\n1 5\n6 2\n3 7\n8 4\n9 13\n14 10\n11 15\n16 12\n");
  const auto plain = tournaments::pair_dutch(t);
  ASSERT_TRUE(plain) << plain.error();
  EXPECT_EQ(tournaments::write_pairing(*plain),
            "8\n1 9\n10 2\n3 11\n12 4\n5 13\n14 6\n7 15\n16 8\n");
}

TEST(DutchBaku, SecondRoundMeetsGroupALosersWithGroupBWinners) {
  // After round 1 (white wins everywhere: 1, 6, 3, 8 and 9, 14, 11, 16 have a point), pairing
  // scores with the virtual point: 1, 3, 6, 8 have 2; 2, 4, 5, 7 (GA losers) and 9, 11, 14, 16
  // (GB winners) have 1; 10, 12, 13, 15 have 0.
  //   2 points: S1 = 1, 3, S2 = 6, 8. 1 and 3 had white, 6 and 8 too: every game breaks a
  //     preference (C12), so the first transposition stands: 6-1, 8-3 by the higher-ranked
  //     player's preference (1 and 3 want black).
  //   1 point: S1 = 2, 4, 5, 7, S2 = 9, 11, 14, 16. The GA losers all had black (want white),
  //     9 and 11 white, 14 and 16 black: 2-9, 4-11 meet both preferences; 5-14, 7-16 cannot
  //     (both want white), and no exchange does better, so 5 and 7, the higher-ranked, get
  //     white.
  //   0 points: 10, 12, 13, 15, all black in round 1 (want white): 10-13, 12-15 by rank.
  // Unaccelerated, GA and GB would mix in the 1-point group instead (1-2 is impossible in GA).
  auto t = baku_field(16, 9);
  const auto r1 = tournaments::pair_dutch(t, baku);
  ASSERT_TRUE(r1) << r1.error();
  white_wins(t, *r1);
  const auto p = tournaments::pair_dutch(t, baku);
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(tournaments::write_pairing(*p), "8\n6 1\n8 3\n2 9\n4 11\n5 14\n7 16\n10 13\n12 15\n");
}

TEST(DutchBaku, PairingScoresAreTheRealScoresPlusTheVirtualPoints) {
  // Six rounds of a nine-round tournament (white wins every game): the accelerated pairing
  // scores of GA exceed the real ones by 1, 1, 1, 0.5, 0.5, then 0; GB's never do.
  auto t = baku_field(16, 9);
  const int expected[] = {2, 2, 2, 1, 1, 0};
  for (int round = 1; round <= 6; ++round) {
    tournaments::dutch_detail::field accelerated, plain;
    ASSERT_EQ(tournaments::dutch_detail::read_field(t, accelerated, true), "");
    ASSERT_EQ(tournaments::dutch_detail::read_field(t, plain, false), "");
    std::vector<int> extra(17);
    for (const auto& pl : accelerated.players)
      extra[static_cast<std::size_t>(pl.id)] += pl.score;
    for (const auto& pl : plain.players)
      extra[static_cast<std::size_t>(pl.id)] -= pl.score;
    for (int id = 1; id <= 16; ++id) {
      EXPECT_EQ(extra[static_cast<std::size_t>(id)], id <= 8 ? expected[round - 1] : 0)
          << "round " << round << ", player " << id;
    }
    const auto p = tournaments::pair_dutch(t, baku);
    ASSERT_TRUE(p) << "round " << round << ": " << p.error();
    white_wins(t, *p);
  }
}

TEST(DutchBaku, NeedsTheNumberOfRounds) {
  auto t = baku_field(8, 0);
  const auto p = tournaments::pair_dutch(t, baku);
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().find("XXR"), std::string::npos) << p.error();
  EXPECT_TRUE(tournaments::pair_dutch(t));  // unaccelerated, the number of rounds is optional
}

}  // namespace
}  // namespace boardroom::test
