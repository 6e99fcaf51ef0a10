// Glicko-2 against the numbers others published: Glickman's worked example and lichess's
// calculator tests (scalachess, test-kit/src/test/scala/rating/glicko/).

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "server/ratings/glicko2.hpp"

namespace boardroom::test {
namespace {

using ratings::glicko2_aged;
using ratings::glicko2_game;
using ratings::glicko2_provisional;
using ratings::glicko2_rating;
using ratings::glicko2_settings;
using ratings::glicko2_update;

// One game, each player its own rating period, both rated against the other's rating from
// before the game (as lichess does).
struct glicko2_pair {
  glicko2_rating first;
  glicko2_rating second;
};

glicko2_pair one_game(const glicko2_rating& a, const glicko2_rating& b, double score_of_a,
                      const glicko2_settings& s = {}) {
  const std::vector<glicko2_game> for_a{{b, score_of_a}};
  const std::vector<glicko2_game> for_b{{a, 1.0 - score_of_a}};
  return {glicko2_update(a, for_a, s), glicko2_update(b, for_b, s)};
}

// lichess shows ratings and RDs as whole numbers by truncation (Glicko.intRating: toInt).
int shown(double x) {
  return static_cast<int>(x);
}

TEST(Glicko2, ThePapersWorkedExample) {
  // Glickman, "Example of the Glicko-2 system": 1500 / 200 / 0.06 with tau 0.5 beats 1400 / 30,
  // loses to 1550 / 100 and to 1700 / 300 in one period. The paper rounds as it goes, hence the
  // tolerances. The opponent's RD 30 is below min_rd: only results are clamped, inputs are not.
  glicko2_settings s;
  s.tau = 0.5;
  const std::vector<glicko2_game> games{
      {{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
  const auto r = glicko2_update({1500, 200, 0.06}, games, s);
  EXPECT_NEAR(r.rating, 1464.06, 0.01);
  EXPECT_NEAR(r.rd, 151.52, 0.01);
  EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, LichessDefaultsOneDecisiveGame) {
  // scalachess RatingCalculatorTest "default deviation: white wins": two new players (1500 / 500 /
  // 0.09), the winner 1741, the loser 1258, both RD 396, each within 1; volatility 0.0899983.
  // lichess adds no period inside a game; one period here moves the rating by 0.15 and the RD by
  // 0.12, still within those bounds and shown as the same whole numbers.
  const glicko2_rating fresh;
  const auto [winner, loser] = one_game(fresh, fresh, 1);
  EXPECT_EQ(shown(winner.rating), 1741);
  EXPECT_EQ(shown(loser.rating), 1258);
  EXPECT_EQ(shown(winner.rd), 396);
  EXPECT_EQ(shown(loser.rd), 396);
  EXPECT_NEAR(winner.rating, 1741, 1);
  EXPECT_NEAR(loser.rating, 1258, 1);
  EXPECT_NEAR(winner.rd, 396, 1);
  EXPECT_NEAR(loser.rd, 396, 1);
  EXPECT_NEAR(winner.volatility, 0.0899983, 0.0000001);
  EXPECT_NEAR(loser.volatility, 0.0899983, 0.0000001);
  // Both were rated against the other's rating from before the game: symmetric results.
  EXPECT_DOUBLE_EQ(winner.rating - 1500, 1500 - loser.rating);
  EXPECT_DOUBLE_EQ(winner.rd, loser.rd);
}

TEST(Glicko2, LichessDefaultsDraw) {
  // scalachess RatingCalculatorTest "default deviation: draw".
  const auto [a, b] = one_game({}, {}, 0.5);
  EXPECT_NEAR(a.rating, 1500, 1e-9);
  EXPECT_NEAR(b.rating, 1500, 1e-9);
  EXPECT_EQ(shown(a.rd), 396);
  EXPECT_NEAR(a.volatility, 0.0899954, 0.0000001);
}

TEST(Glicko2, LichessGamesWithoutAPeriodInsideMatchItsCalculator) {
  // scalachess GlickoCalculatorTest: lichess's own per-game update (no RD growth inside a game,
  // tau 0.75), with its tolerances.
  glicko2_settings s;
  s.update_periods = 0;
  {
    const glicko2_rating p{1500, 350, 0.06};
    const auto [w, b] = one_game(p, p, 1, s);
    EXPECT_NEAR(w.rating, 1662.21, 0.005);
    EXPECT_NEAR(b.rating, 1337.79, 0.005);
    EXPECT_NEAR(w.rd, 290.2305, 0.00005);
    EXPECT_NEAR(b.rd, 290.2305, 0.00005);
    EXPECT_NEAR(w.volatility, 0.0599993, 0.0000001);
    const auto [dw, db] = one_game(p, p, 0.5, s);
    EXPECT_NEAR(dw.rating, 1500, 0.005);
    EXPECT_NEAR(dw.volatility, 0.0599977, 0.0000001);
  }
  {
    const glicko2_rating white{1400, 79, 0.06};
    const glicko2_rating black{1550, 110, 0.065};
    const auto [w, b] = one_game(white, black, 1, s);
    EXPECT_NEAR(w.rating, 1422.63, 0.005);
    EXPECT_NEAR(b.rating, 1506.32, 0.005);
    EXPECT_NEAR(w.rd, 77.4956, 0.00005);
    EXPECT_NEAR(b.rd, 105.8706, 0.00005);
    EXPECT_NEAR(w.volatility, 0.06, 0.00001);
    EXPECT_NEAR(b.volatility, 0.065, 0.00001);
    const auto [dw, db] = one_game(white, black, 0.5, s);
    EXPECT_NEAR(dw.rating, 1406.31, 0.005);
    EXPECT_NEAR(db.rating, 1537.61, 0.005);
  }
  {
    const glicko2_rating white{1200, 60, 0.053};
    const glicko2_rating black{1850, 200, 0.062};
    const auto [w, b] = one_game(white, black, 1, s);
    EXPECT_NEAR(w.rating, 1216.73, 0.005);
    EXPECT_NEAR(b.rating, 1635.99, 0.005);
    EXPECT_NEAR(w.rd, 59.9006, 0.00005);
    EXPECT_NEAR(b.rd, 196.9873, 0.00005);
    EXPECT_NEAR(w.volatility, 0.053013, 0.000001);
    EXPECT_NEAR(b.volatility, 0.062028, 0.000001);
  }
}

TEST(Glicko2, RdNeverFallsBelowTheFloor) {
  // Many games against well-known opponents would take the RD below 45.
  const glicko2_rating known{1500, 45, 0.06};
  const std::vector<glicko2_game> games(10, glicko2_game{known, 0.5});
  glicko2_settings unbounded;
  unbounded.min_rd = 0;
  EXPECT_LT(glicko2_update(known, games, unbounded).rd, 45);
  EXPECT_EQ(glicko2_update(known, games).rd, 45);
}

TEST(Glicko2, RdNeverExceedsTheCeiling) {
  const glicko2_rating lost{1500, 500, 0.1};
  glicko2_settings unbounded;
  unbounded.max_rd = 1000;
  EXPECT_GT(glicko2_update(lost, {}, unbounded).rd, 500);
  EXPECT_EQ(glicko2_update(lost, {}).rd, 500);
  // A game against an unknown opponent teaches little; the result stays within bounds too.
  const std::vector<glicko2_game> games{{glicko2_rating{}, 1}};
  EXPECT_LE(glicko2_update(lost, games).rd, 500);
}

TEST(Glicko2, VolatilityIsCapped) {
  // An established player losing to far weaker opponents is a surprise that raises volatility.
  const glicko2_rating steady{1800, 50, 0.099};
  const std::vector<glicko2_game> shocks(8, glicko2_game{{1200, 50, 0.06}, 0});
  glicko2_settings unbounded;
  unbounded.max_volatility = 1;
  EXPECT_GT(glicko2_update(steady, shocks, unbounded).volatility, 0.1);
  EXPECT_EQ(glicko2_update(steady, shocks).volatility, 0.1);
}

TEST(Glicko2, NoGamesOnlyGrowTheRdByOnePeriod) {
  const glicko2_rating r{1620, 80, 0.06};
  const auto idle = glicko2_update(r, {});
  EXPECT_EQ(idle.rating, 1620);
  EXPECT_EQ(idle.volatility, 0.06);
  // Step 6: phi* = sqrt(phi^2 + sigma^2) on the Glicko-2 scale.
  const double phi = 80 / 173.7178;
  EXPECT_NEAR(idle.rd, std::sqrt(phi * phi + 0.06 * 0.06) * 173.7178, 1e-9);
  glicko2_settings per_game;
  per_game.update_periods = 0;
  EXPECT_EQ(glicko2_update(r, {}, per_game).rd, 80);
  per_game.update_periods = -1;  // time does not run backwards
  EXPECT_EQ(glicko2_update(r, {}, per_game).rd, 80);
}

TEST(Glicko2, AgingGrowsTheRdWithIdleDays) {
  const glicko2_rating r{1700, 60, 0.06};
  EXPECT_EQ(glicko2_aged(r, 0).rd, 60);
  double last = 60;
  for (double days : {1.0, 7.0, 30.0, 365.0}) {
    const auto aged = glicko2_aged(r, days);
    EXPECT_GT(aged.rd, last) << days;
    EXPECT_EQ(aged.rating, 1700);
    EXPECT_EQ(aged.volatility, 0.06);
    last = aged.rd;
  }
  // Days that went backwards, or are not a number, change nothing.
  EXPECT_EQ(glicko2_aged(r, -3).rd, 60);
  EXPECT_EQ(glicko2_aged(r, std::nan("")).rd, 60);
}

TEST(Glicko2, AgingTakesATypicalRdFrom60To110InAYear) {
  // lila's Glicko.scala chose 0.21436 periods a day "so a typical player's RD goes from 60 -> 110
  // in 1 year"; typical here is the paper's volatility 0.06.
  EXPECT_NEAR(glicko2_aged({1500, 60, 0.06}, 365).rd, 110, 0.5);
}

TEST(Glicko2, AgingIsCappedAt500) {
  EXPECT_EQ(glicko2_aged({1500, 300, 0.09}, 10 * 365).rd, 500);
  EXPECT_EQ(glicko2_aged({1500, 500, 0.09}, 1).rd, 500);
}

TEST(Glicko2, ProvisionalWhileRdIs110OrMore) {
  EXPECT_TRUE(glicko2_provisional(glicko2_rating{}));
  EXPECT_TRUE(glicko2_provisional({1500, 110, 0.09}));
  EXPECT_FALSE(glicko2_provisional({1500, 109.9, 0.09}));
  // A new player leaves the provisional range only after games, and goes back when idle.
  glicko2_rating r;
  const std::vector<glicko2_game> game{{{1500, 60, 0.06}, 0.5}};
  for (int i = 0; i < 30 && glicko2_provisional(r); ++i)
    r = glicko2_update(r, game);
  EXPECT_FALSE(glicko2_provisional(r));
  EXPECT_TRUE(glicko2_provisional(glicko2_aged(r, 3 * 365)));
}

}  // namespace
}  // namespace boardroom::test
