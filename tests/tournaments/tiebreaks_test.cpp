// Tie-breaks on a small Swiss worked out by hand, and on a real tournament file.

#include <array>
#include <string>

#include <gtest/gtest.h>

#include "server/tournaments/tiebreaks.hpp"
#include "server/tournaments/trf.hpp"
#include "tests/tournaments/swiss_files.hpp"

namespace boardroom::test {
namespace {

using tournaments::round_kind;
using tournaments::round_record;
using tournaments::tiebreak_rules;
using tournaments::tournament_results;

enum : int { A, B, C, D, E, F };

round_record game(int opponent, double points) {
  return {round_kind::played, opponent, points};
}
round_record bye(round_kind kind, double points) {
  return {kind, -1, points};
}

// Six players, four rounds, every kind of unplayed round (W = first named has white):
//   R1: A-B 1-0, C-D 1/2, E-F forfeit (F did not come)
//   R2: C-A 1/2, D-E 0-1, B pairing-allocated bye, F zero-point bye (requested)
//   R3: A-E 1/2, B-C 1-0, D-F 1-0
//   R4: B-D 1-0, C-E 0-1, A half-point bye (requested, last round), F zero-point bye (last round)
// Scores: A 2.5, B 3, C 1, D 1.5, E 3.5, F 0.
// Adjusted scores (16.3), what opponents see: A's and F's last-round requests are "followed only
// by VURs", so they count as draws: A 2.5 (unchanged), F 0.5; the others keep their scores. F's
// round-2 request is followed by a game, so it keeps its 0.
tournament_results hand_made() {
  tournament_results t(6);
  t[A] = {game(B, 1), game(C, 0.5), game(E, 0.5), bye(round_kind::half_point_bye, 0.5)};
  t[B] = {game(A, 0), bye(round_kind::pairing_allocated_bye, 1), game(C, 1), game(D, 1)};
  t[C] = {game(D, 0.5), game(A, 0.5), game(B, 0), game(E, 0)};
  t[D] = {game(C, 0.5), game(E, 0), game(F, 1), game(B, 0)};
  t[E] = {{round_kind::forfeit_win, F, 1}, game(D, 1), game(A, 0.5), game(C, 1)};
  t[F] = {{round_kind::forfeit_loss, E, 0},
          bye(round_kind::zero_point_bye, 0),
          game(D, 0),
          bye(round_kind::zero_point_bye, 0)};
  return t;
}

TEST(Tiebreaks, HandMadeExampleIsWellFormed) {
  const auto t = hand_made();
  ASSERT_TRUE(tournaments::check_results(t));
  const std::array<double, 6> scores{2.5, 3, 1, 1.5, 3.5, 0};
  const std::array<double, 6> adjusted{2.5, 3, 1, 1.5, 3.5, 0.5};
  for (int p = A; p <= F; ++p) {
    EXPECT_EQ(tournaments::score(t, p), scores[p]) << p;
    EXPECT_EQ(tournaments::adjusted_score(t, p), adjusted[p]) << p;
  }
}

TEST(Tiebreaks, Buchholz) {
  // Opponents' adjusted scores; an unplayed round counts the player's own score (the dummy):
  //   A: B 3 + C 1 + E 3.5 + dummy (R4 bye) 2.5 = 10
  //   B: A 2.5 + dummy (R2 bye) 3 + C 1 + D 1.5 = 8
  //   C: D 1.5 + A 2.5 + B 3 + E 3.5 = 10.5
  //   D: C 1 + E 3.5 + F 0.5 + B 3 = 8
  //   E: dummy (R1 forfeit win) 3.5 + D 1.5 + A 2.5 + C 1 = 8.5
  //   F: dummy 0 + dummy 0 + D 1.5 + dummy 0 = 1.5
  const auto t = hand_made();
  const std::array<double, 6> expected{10, 8, 10.5, 8, 8.5, 1.5};
  for (int p = A; p <= F; ++p)
    EXPECT_EQ(tournaments::buchholz(t, p), expected[p]) << p;
}

TEST(Tiebreaks, BuchholzWithTheCappedDummy) {
  // The 2026 caps: byes at 0.5 x 4 rounds = 2, forfeits at the scheduled opponent's adjusted
  // score. A: 3 + 1 + 3.5 + min(2.5, 2) = 9.5; B: 2.5 + min(3, 2) + 1 + 1.5 = 7;
  // E: min(3.5, F's 0.5) + 1.5 + 2.5 + 1 = 5.5; F: min(0, E's 3.5) + 0 + 1.5 + 0 = 1.5.
  const auto t = hand_made();
  const tiebreak_rules capped{.cap_dummy_score = true};
  EXPECT_EQ(tournaments::buchholz(t, A, capped), 9.5);
  EXPECT_EQ(tournaments::buchholz(t, B, capped), 7);
  EXPECT_EQ(tournaments::buchholz(t, C, capped), 10.5);
  EXPECT_EQ(tournaments::buchholz(t, E, capped), 5.5);
  EXPECT_EQ(tournaments::buchholz(t, F, capped), 1.5);
}

TEST(Tiebreaks, BuchholzCut1CutsAVoluntaryUnplayedRoundFirst) {
  // A has a VUR (the requested R4 bye, 2.5): it is cut, not the lower 1 of C: 10 - 2.5 = 7.5.
  // B's pairing-allocated bye and E's forfeit win are not voluntary: the lowest goes.
  //   B: 8 - 1 = 7; C: 10.5 - 1.5 = 9; D: 8 - 0.5 = 7.5; E: 8.5 - 1 = 7.5; F: 1.5 - 0 = 1.5.
  const auto t = hand_made();
  const std::array<double, 6> expected{7.5, 7, 9, 7.5, 7.5, 1.5};
  for (int p = A; p <= F; ++p)
    EXPECT_EQ(tournaments::buchholz_cut1(t, p), expected[p]) << p;
}

TEST(Tiebreaks, SonnebornBerger) {
  // Points scored times the opponent's adjusted score (the dummy's for unplayed rounds):
  //   A: 1 x 3 + 0.5 x 1 + 0.5 x 3.5 + 0.5 x 2.5 = 6.5
  //   B: 0 + 1 x 3 + 1 x 1 + 1 x 1.5 = 5.5
  //   C: 0.5 x 1.5 + 0.5 x 2.5 = 2
  //   D: 0.5 x 1 + 1 x 0.5 = 1
  //   E: 1 x 3.5 + 1 x 1.5 + 0.5 x 2.5 + 1 x 1 = 7.25
  //   F: 0
  const auto t = hand_made();
  const std::array<double, 6> expected{6.5, 5.5, 2, 1, 7.25, 0};
  for (int p = A; p <= F; ++p)
    EXPECT_EQ(tournaments::sonneborn_berger(t, p), expected[p]) << p;
}

TEST(Tiebreaks, WinsCountUnplayedWinsAndWonDoesNot) {
  const auto t = hand_made();
  const std::array<int, 6> win{1, 3, 0, 1, 3, 0};  // B: bye, R3, R4; E: forfeit, R2, R4
  const std::array<int, 6> won{1, 2, 0, 1, 2, 0};
  for (int p = A; p <= F; ++p) {
    EXPECT_EQ(tournaments::wins(t, p), win[p]) << p;
    EXPECT_EQ(tournaments::games_won(t, p), won[p]) << p;
  }
}

TEST(Tiebreaks, DirectEncounter) {
  const auto t = hand_made();
  const std::array<int, 3> ace{A, C, E};  // A-C 1/2, A-E 1/2, E beat C
  EXPECT_EQ(tournaments::direct_encounter(t, ace), (std::vector<double>{1, 0.5, 1.5}));
  const std::array<int, 2> ab{A, B};
  EXPECT_EQ(tournaments::direct_encounter(t, ab), (std::vector<double>{1, 0}));
  const std::array<int, 2> ef{E, F};  // a forfeit decides an encounter too
  EXPECT_EQ(tournaments::direct_encounter(t, ef), (std::vector<double>{1, 0}));
  const std::array<int, 2> bf{B, F};  // never met
  EXPECT_EQ(tournaments::direct_encounter(t, bf), std::nullopt);
}

TEST(Tiebreaks, RoundRobinForfeitsAreRegularGames) {
  // Article 15.2: E's forfeit win counts F's real score 0, not a dummy: 0 + 1.5 + 2.5 + 1 = 5.
  const auto t = hand_made();
  const tiebreak_rules rr{.round_robin = true};
  EXPECT_EQ(tournaments::buchholz(t, E, rr), 5);
  EXPECT_EQ(tournaments::sonneborn_berger(t, E, rr), 1.5 + 1.25 + 1);
}

TEST(Tiebreaks, CheckResultsFindsInconsistencies) {
  auto t = hand_made();
  t[C][0].points = 1;  // C and D would both have won
  EXPECT_FALSE(tournaments::check_results(t));
  t = hand_made();
  t[D][2].opponent = E;  // E played A that round
  EXPECT_FALSE(tournaments::check_results(t));
  t = hand_made();
  t[B][1].points = 0.5;  // a pairing-allocated bye is worth a win
  EXPECT_FALSE(tournaments::check_results(t));
  t = hand_made();
  t[F].pop_back();
  EXPECT_FALSE(tournaments::check_results(t));
  t = hand_made();
  t[A][0].opponent = 17;
  EXPECT_FALSE(tournaments::check_results(t));
}

TEST(Tiebreaks, RealFileScoresMatchItsPointsColumn) {
  // issue_7: 60 players, 14 rounds played, forfeits both ways; the file states every total.
  const auto trf = tournaments::read_trf(swiss_file("issue_7.input"));
  ASSERT_TRUE(trf);
  const auto results = tournaments::results_from_trf(*trf, 14);
  ASSERT_TRUE(results) << results.error();
  double total = 0;
  for (std::size_t p = 0; p < trf->players.size(); ++p) {
    const int i = static_cast<int>(p);
    EXPECT_EQ(tournaments::score(*results, i) * 10, trf->players[p].points_tenths) << p + 1;
    EXPECT_GE(tournaments::buchholz(*results, i), tournaments::buchholz_cut1(*results, i));
    total += tournaments::score(*results, i);
  }
  EXPECT_EQ(total, 30 * 14);  // every round, 30 boards of one point each
  // The C5 case: round 3 is still to be paired, player 4 has announced a zero-point bye.
  const auto c5 = tournaments::read_trf(swiss_file("dutch_2025_C5.input"));
  ASSERT_TRUE(c5);
  const auto two = tournaments::results_from_trf(*c5, 2);
  ASSERT_TRUE(two) << two.error();
  EXPECT_EQ((*two)[3].size(), 2u);
  const auto three = tournaments::results_from_trf(*c5, 3);
  ASSERT_TRUE(three) << three.error();
  EXPECT_EQ((*three)[3][2].kind, round_kind::zero_point_bye);
}

}  // namespace
}  // namespace boardroom::test
