// What the search bot (engine/core/search_bot.hpp) needs from Esiema: a judgement of unfinished
// positions by the small balls each player still owns (engine/esiema/evaluation.hpp), since
// random Esiema games run to thousands of moves and playouts seldom reach an end. The numbers
// are worked out by hand from the rules.

#include <gtest/gtest.h>

#include "tests/engine/esiema_helpers.hpp"

namespace boardroom::engine::esiema {
namespace {

using test::field;
using test::scenario;

// Red owns 60 small balls (two in f6, 58 in reserve), Blue 20 (two in f8, 18 in reserve).
scenario sixty_to_twenty() {
  scenario s;
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .  bb   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  s.reserve = {58, 18};
  return s;
}

// Of two players, each is taken to finish ahead with the cube of their small balls over the sum of
// both cubes: Red's 60 to Blue's 20 are 3 to 1, so 27 to 1.
TEST(esiema_evaluation, the_player_with_more_small_balls_is_ahead) {
  auto st = sixty_to_twenty().make();
  auto judged = st->estimated_shares();
  ASSERT_TRUE(judged.has_value());
  EXPECT_DOUBLE_EQ((*judged)[0], 27.0 / 28);
  EXPECT_DOUBLE_EQ((*judged)[1], 1.0 / 28);

  // Even material is even, whoever is to move.
  scenario even = sixty_to_twenty();
  even.reserve = {18, 18};
  even.to = 'b';
  auto judged_even = even.make()->estimated_shares();
  ASSERT_TRUE(judged_even.has_value());
  EXPECT_DOUBLE_EQ((*judged_even)[0], 0.5);
  EXPECT_DOUBLE_EQ((*judged_even)[1], 0.5);
}

// A capture raises the capturer's judgement: Red sows f6 along f7 into f8 and takes Blue's two
// balls, 60 to 18 afterwards; a sowing that captures nothing leaves 60 to 20.
TEST(esiema_evaluation, a_capture_is_judged_better_than_a_quiet_sowing) {
  auto captured = sixty_to_twenty().make();
  test::play(*captured, "f6-f7r-f8r");
  EXPECT_EQ(field(captured->to_text(), "captured"), "10,52");
  auto quiet = sixty_to_twenty().make();
  test::play(*quiet, "f6-f5r-f4r");
  const double after_capture = (*captured->estimated_shares())[0];
  EXPECT_DOUBLE_EQ(after_capture, 60.0 * 60 * 60 / (60.0 * 60 * 60 + 18.0 * 18 * 18));
  EXPECT_DOUBLE_EQ((*quiet->estimated_shares())[0], 27.0 / 28);
  EXPECT_GT(after_capture, 27.0 / 28);
}

// Four players, Green out first and Yellow second; Red owns 30 small balls, Blue 10 (3 to 1, so
// 27 to 1 between them). Red: ahead of both players out, (27/28 + 1 + 1) / 3. Blue:
// (1/28 + 1 + 1) / 3. Yellow went out after Green: (0 + 0 + 1) / 3. Green: 0. They add up to two,
// half the players.
TEST(esiema_evaluation, players_out_rank_below_and_in_the_order_they_went_out) {
  scenario s;
  s.players = 4;
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .  bb   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  s.reserve = {28, 8, 0, 0};
  s.out = {0, 0, 2, 1};
  auto judged = s.make()->estimated_shares();
  ASSERT_TRUE(judged.has_value());
  EXPECT_DOUBLE_EQ((*judged)[0], (27.0 / 28 + 2) / 3);
  EXPECT_DOUBLE_EQ((*judged)[1], (1.0 / 28 + 2) / 3);
  EXPECT_DOUBLE_EQ((*judged)[2], 1.0 / 3);
  EXPECT_DOUBLE_EQ((*judged)[3], 0.0);
}

// The judgement is only the search's: the rules never decide an unfinished game, so a game
// halted by a limit (`boardroom match --max-moves`, a time control) is still drawn.
TEST(esiema_evaluation, is_no_rule_for_halted_games) {
  auto st = sixty_to_twenty().make();
  EXPECT_FALSE(st->outcome_when_halted().has_value());
}

}  // namespace
}  // namespace boardroom::engine::esiema
