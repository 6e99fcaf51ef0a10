// Ties in the Weng-Lin models: OpenSkill's published tie vectors, and what a tie does to the tied.

#include <vector>

#include <gtest/gtest.h>

#include "server/ratings/weng_lin.hpp"
#include "tests/ratings/weng_lin_helpers.hpp"

namespace boardroom::test {
namespace {

using ratings::weng_lin_model;
using ratings::weng_lin_rating;

const weng_lin_rating newcomer;

TEST(WengLinTies, PlackettLuceTiesFromOpenSkill) {
  // openskill.js src/__tests__/rate.test.ts (Plackett-Luce, default tau 25/300).
  // "allows ties":
  expect_ratings(rated(weng_lin_model::plackett_luce, {{10, 8}, {5, 10}, {0, 12}}, {1, 2, 2}),
                 {{11.942996666741225, 7.926888197620324},
                  {2.9381178546315034, 9.653804487570165},
                  {-1.4024317012198733, 11.323641575516767}});
  // "fixes orders of ties":
  const double s = 25.0 / 3;
  expect_ratings(
      rated(weng_lin_model::plackett_luce, {{15, s}, {20, s}, {25, s}, {30, s}}, {2, 4, 2, 1}),
      {{15.340043358359136, 8.213141619804967},
       {18.007678675484204, 8.189033933813437},
       {24.25801928251219, 8.166918055585525},
       {32.39425868364447, 8.247687230833794}});
  // "four-way-tie with newbies" and "accepts a score instead of rank" (three equal scores):
  expect_ratings(rated(weng_lin_model::plackett_luce, std::vector(4, newcomer), {1, 1, 1, 1}),
                 std::vector(4, weng_lin_rating{25, 8.263571791259416}));
  expect_ratings(rated(weng_lin_model::plackett_luce, std::vector(3, newcomer), {1, 1, 1}),
                 std::vector(3, weng_lin_rating{25, 8.205243377397993}));
}

TEST(WengLinTies, ThurstoneMostellerFullTiesFromOpenSkill) {
  // thurstone-mosteller-full.test.ts "works with ties in ranks" (no tau), and the same game with
  // tau in src/__tests__/parity-thurstone-mosteller-full.test.ts "ties in ranks".
  const auto m = weng_lin_model::thurstone_mosteller_full;
  const std::vector<weng_lin_rating> five(5, newcomer);
  expect_ratings(rated(m, five, {1, 2, 2, 4, 5}, without_tau()),
                 {{41.92287483597286, 4.958964145006544},
                  {29.230718708993216, 4.270448833386869},
                  {29.230718708993216, 4.270448833386869},
                  {16.53856258201357, 4.958964145006544},
                  {8.077125164027137, 4.958964145006544}});
  expect_ratings(rated(m, five, {1, 2, 2, 4, 5}), {{41.92388609645312, 4.9590768827966},
                                                   {29.23097152411328, 4.270482887179981},
                                                   {29.23097152411328, 4.270482887179981},
                                                   {16.53805695177344, 4.9590768827966},
                                                   {8.076113903546883, 4.9590768827966}});
  // rate.test.ts "runs a model with ties for first": scores 100, 84, 100, 72.
  expect_ratings(rated(m, std::vector(4, newcomer), {1, 3, 1, 4}),
                 {{33.46194304822656, 5.426947616252378},
                  {20.76902847588672, 5.9839100819896975},
                  {33.46194304822656, 5.426947616252378},
                  {12.307085427660162, 5.9839100819896975}});
}

TEST(WengLinTies, AnEvenTieMovesNoMu) {
  // Two equal players who tie learn nothing about who is better (openskill.js's regression test
  // for Plackett-Luce ties, pull request 964); only sigma shrinks.
  for (auto m : ratings::weng_lin_models) {
    SCOPED_TRACE(ratings::weng_lin_model_name(m));
    const auto r = rated(m, {newcomer, newcomer}, {1, 1});
    for (const auto& p : r) {
      EXPECT_DOUBLE_EQ(p.mu, 25);
      EXPECT_LT(p.sigma, newcomer.sigma);
    }
  }
}

TEST(WengLinTies, ATieMovesTwoPlayersTowardEachOther) {
  const weng_lin_rating stronger{30, 25.0 / 3};
  const weng_lin_rating weaker{20, 25.0 / 3};
  for (auto m : ratings::weng_lin_models) {
    SCOPED_TRACE(ratings::weng_lin_model_name(m));
    const auto r = rated(m, {stronger, weaker}, {1, 1});
    EXPECT_LT(r[0].mu, stronger.mu);
    EXPECT_GT(r[1].mu, weaker.mu);
    EXPECT_GT(r[0].mu, r[1].mu);  // closer, not crossed
    // In a bigger game, the tied pair is pulled together too.
    const auto in_four = rated(m, {stronger, newcomer, weaker, newcomer}, {2, 1, 2, 4});
    const auto apart = rated(m, {stronger, newcomer, weaker, newcomer}, {2, 1, 3, 4});
    EXPECT_LT(in_four[0].mu - in_four[2].mu, apart[0].mu - apart[2].mu);
  }
}

TEST(WengLinTies, PlackettLuceCoWinnerOfAnEqualFieldIsNoHigherThanASecond) {
  // Plackett-Luce splits the tied group's terms (A_q), so in an equal field of three or more a
  // player tied for first ends no higher than one finishing strictly second: equal with three,
  // lower with four or more (openskill.py issue 155, openskill.js issue 377).
  for (int n = 3; n <= 8; ++n) {
    SCOPED_TRACE(n);
    std::vector<int> strict(n);
    for (int i = 0; i < n; ++i)
      strict[i] = i + 1;
    std::vector<int> shared = strict;
    shared[1] = 1;
    const std::vector<weng_lin_rating> field(n, newcomer);
    const double co_winner = rated(weng_lin_model::plackett_luce, field, shared)[0].mu;
    const double second = rated(weng_lin_model::plackett_luce, field, strict)[1].mu;
    if (n == 3) {
      EXPECT_NEAR(co_winner, second, 1e-12);
    } else {
      EXPECT_LT(co_winner, second);
    }
  }
  // With two players the claim fails: a shared win beats a loss.
  const auto tie = rated(weng_lin_model::plackett_luce, {newcomer, newcomer}, {1, 1});
  const auto loss = rated(weng_lin_model::plackett_luce, {newcomer, newcomer}, {1, 2});
  EXPECT_GT(tie[1].mu, loss[1].mu);
}

TEST(WengLinTies, PairwiseCoWinnersEndAboveASecond) {
  // The pairwise models score the tied pair as a draw, so co-winners of an equal field end above
  // a strict second and below a strict winner.
  for (auto m : {weng_lin_model::thurstone_mosteller_full, weng_lin_model::bradley_terry_full}) {
    SCOPED_TRACE(ratings::weng_lin_model_name(m));
    const std::vector<weng_lin_rating> field(4, newcomer);
    const double co_winner = rated(m, field, {1, 1, 3, 4})[0].mu;
    const auto strict = rated(m, field, {1, 2, 3, 4});
    EXPECT_GT(co_winner, strict[1].mu);
    EXPECT_LT(co_winner, strict[0].mu);
  }
}

}  // namespace
}  // namespace boardroom::test
