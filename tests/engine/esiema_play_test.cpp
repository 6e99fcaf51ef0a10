// Esiema scenarios of the play phase, each drawn as a hexagonal board (esiema_helpers.hpp): every
// rule of the ruling (rules/esiema.md) for 2, 3 and 6 players. The expected boards and numbers
// are worked out by hand from the rules.

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "engine/esiema/sowing.hpp"
#include "tests/engine/esiema_helpers.hpp"

namespace boardroom::engine::esiema {
namespace {

using test::board_field;
using test::board_of;
using test::field;
using test::play;
using test::refused;
using test::scenario;

// Scenarios drawn for two players run with three and six as well: the other players' mothers
// and a small ball each wait in far corners (k6, a6, f1, f11) and change nothing but the seats.
scenario with_players(int players) {
  scenario s;
  s.players = players;
  const char* extra[] = {"k6:yY", "a6:gG", "f1:oO", "f11:pP"};
  for (int i = 0; i + 2 < players; ++i)
    s.extra.push_back(extra[i]);
  return s;
}

class esiema_sowing_any : public ::testing::TestWithParam<int> {};
class esiema_capture_any : public ::testing::TestWithParam<int> {};
class esiema_reproduction_any : public ::testing::TestWithParam<int> {};
INSTANTIATE_TEST_SUITE_P(players, esiema_sowing_any, ::testing::Values(2, 3, 6));
INSTANTIATE_TEST_SUITE_P(players, esiema_capture_any, ::testing::Values(2, 3, 6));
INSTANTIATE_TEST_SUITE_P(players, esiema_reproduction_any, ::testing::Values(2, 3, 6));

// --- sowing and capture ----------------------------------------------------------------------

// Red sows f6 (two red balls) along f7, f8 and captures the two blue balls in f8.
TEST_P(esiema_sowing_any, drops_one_ball_per_pit_and_captures_in_the_last) {
  scenario s = with_players(GetParam());
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
  auto st = s.make();
  EXPECT_FALSE(st->lists_all_moves());
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(board_of(*st), s.expect(R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r   r   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st->to_text(), "captured"), s.captured("0,2"));
  // Blue has no small ball left on the board: it must reproduce, and only that is listed.
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_TRUE(st->lists_all_moves());
  EXPECT_EQ(st->legal_moves().size(), 11u);
  EXPECT_EQ(st->legal_moves().back(), "k11+11");
  refused(*st, "k11-k10B",
          "you have no small ball on the board, so you must reproduce: add balls to your mother "
          "in k11");
  EXPECT_EQ(st->view()["must_reproduce"], true);
}

TEST(esiema_sowing, without_the_duty_to_reproduce_the_mother_may_be_sown) {
  scenario s;
  s.params = {{"must_reproduce_when_empty", false}};
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
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_FALSE(st->lists_all_moves());  // the mother's sowings besides the reproductions
  play(*st, "k11-k10B");
  EXPECT_EQ(board_of(*st), board_field(R"(
               .   .   .   .   B   .
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r   r   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
}

// With three players every other colour in the last pit is captured; one's own stays.
TEST(esiema_sowing, captures_every_other_colour_3p) {
  scenario s;
  s.players = 3;
  s.drawing = R"(
               Y   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   . rby   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   b   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(board_of(*st), board_field(R"(
               Y   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r  rr   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   b   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st->to_text(), "captured"), "0,1,1");
  EXPECT_EQ(st->current_player(), 1);
}

TEST(esiema_sowing, captures_five_colours_6p) {
  scenario s;
  s.players = 6;
  s.drawing = R"(
                     yY     .     .     .     .    bB
                   .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
      oO     .     .     .     .    rr     . bygop     .     .    pP
          .     .     .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
                   .     .     .     .     .     .     .
                      R     .     .     .     .    gG
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(board_of(*st), board_field(R"(
              yY   .   .   .   .  bB
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
    oO   .   .   .   .   .   r   r   .   .  pP
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .  gG
  )"));
  EXPECT_EQ(field(st->to_text(), "captured"), "0,1,1,1,1,1");
}

// The mover orders the balls, foreign ones and mothers included; the start pit empties.
TEST(esiema_sowing, takes_every_ball_of_the_pit_in_the_order_given_3p) {
  scenario s;
  s.players = 3;
  s.drawing = R"(
                      Y     .     .     .     .     B
                   .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
       .     .     .     .     .  rbyR     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
                .     .     b     .     .     .     .     .
                   .     .     .     .     .     .     .
                      .     .     .     .     .     y
  )";
  auto st = s.make();
  play(*st, "f6-e5R-d4y-d3b-c2r");
  EXPECT_EQ(board_of(*st), board_field(R"(
               Y   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   .   .   .   .   .
       .   .   .   .   R   .   .   .   .   .
         .   .   b   y   .   .   .   .   .
           .   r   b   .   .   .   .   .
             .   .   .   .   .   .   .
               .   .   .   .   .   y
  )"));
}

// Exception (a): a mother as the last ball never captures. The same sowing with the small ball
// last does.
TEST_P(esiema_capture_any, not_with_the_mother_as_the_last_ball) {
  scenario s = with_players(GetParam());
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rR   .  bb   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               .   .   .   .   .   .
  )";
  auto st = s.make();
  auto other = st->clone();
  play(*st, "f6-f7r-f8R");
  EXPECT_EQ(board_of(*st), s.expect(R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r bbR   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               .   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st->to_text(), "captured"), s.captured("0,0"));
  play(*other, "f6-f7R-f8r");
  EXPECT_EQ(board_of(*other), s.expect(R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   R   r   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               .   .   .   .   .   .
  )"));
  EXPECT_EQ(field(other->to_text(), "captured"), s.captured("0,2"));
}

// Exception (b): any mother in the last pit protects every ball with it, a foreign mother
TEST(esiema_capture, not_into_a_pit_with_a_foreign_mother_3p) {
  scenario s;
  s.players = 3;
  s.drawing = R"(
               Y   .   .   .   .   .
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   . byB   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   y   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(board_of(*st), board_field(R"(
                      Y     .     .     .     .     .
                   .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
       .     .     .     .     .     .     r  rbyB     .     .     .
          .     .     .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
                .     .     y     .     .     .     .     .
                   .     .     .     .     .     .     .
                      R     .     .     .     .     .
  )"));
  EXPECT_EQ(field(st->to_text(), "captured"), "0,0,0");
}

// ... and one's own mother protects the foreign balls with it too.
TEST_P(esiema_capture_any, not_into_a_pit_with_ones_own_mother) {
  scenario s = with_players(GetParam());
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .  bR   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               b   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(board_of(*st), s.expect(R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r rbR   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               b   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st->to_text(), "captured"), s.captured("0,0"));
}

// Exception (c): a single ball sown does not capture; two balls from the same pit do.
TEST_P(esiema_capture_any, not_from_a_pit_that_held_a_single_ball) {
  scenario s = with_players(GetParam());
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   r  bb   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7r");
  EXPECT_EQ(board_of(*st), s.expect(R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   . rbb   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st->to_text(), "captured"), s.captured("0,0"));

  scenario two = s;
  two.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rb  bb   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st2 = two.make();
  play(*st2, "f6-e6b-f7r");
  EXPECT_EQ(board_of(*st2), two.expect(R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r   .   .   .   .
       .   .   .   .   .   b   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st2->to_text(), "captured"), s.captured("0,2"));
}

TEST(esiema_capture, mothers_are_never_captured_6p) {
  scenario s;
  s.players = 6;
  s.drawing = R"(
                            yY       .       .       .       .       b
                         .       .       .       .       .       .       .
                     .       .       .       .       .       .       .       .
                 .       .       .       .       .       .       .       .       .
             .       .       .       .       .       .       .       .       .       .
        oO       .       .       .       .      rr       .  bygopB       .       .      pP
             .       .       .       .       .       .       .       .       .       .
                 .       .       .       .       .       .       .       .       .
                     .       .       .       .       .       .       .       .
                         .       .       .       .       .       .       .
                             R       .       .       .       .      gG
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(field(st->to_text(), "captured"), "0,0,0,0,0,0");
  EXPECT_EQ(board_of(*st), board_field(R"(
                            yY       .       .       .       .       b
                         .       .       .       .       .       .       .
                     .       .       .       .       .       .       .       .
                 .       .       .       .       .       .       .       .       .
             .       .       .       .       .       .       .       .       .       .
        oO       .       .       .       .       .       r rbygopB       .       .      pP
             .       .       .       .       .       .       .       .       .       .
                 .       .       .       .       .       .       .       .       .
                     .       .       .       .       .       .       .       .
                         .       .       .       .       .       .       .
                             R       .       .       .       .      gG
  )"));
}

// --- what a sowing may not do ----------------------------------------------------------------

TEST_P(esiema_sowing_any, every_broken_constraint_is_named) {
  scenario s = with_players(GetParam());
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   . rrb 12b   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  refused(*st, "f6-f7r-g8r-g9b", "pit f7 already holds 12 balls");
  refused(*st, "f6-f8r-f9r-f10b",
          "pit f8 is not next to f6: each pit of the path must border the one before");
  refused(*st, "f6-g7r-g8r-g7b", "the path passes pit g7 twice");
  refused(*st, "f6-g7r-g6r-f6b", "the path may not return to the start pit f6");
  refused(*st, "f6-g7r-g8r", "pit f6 holds 3 balls, so the path must have 3 pits, not 2");
  refused(*st, "f6-g7r-g8r-h9r", "pit f6 holds 2 small red balls, but the path drops more");
  refused(*st, "f6-g7r-g8b-h9b", "pit f6 holds 1 small blue ball, but the path drops more");
  refused(*st, "f6-g7b-g8r-h9R", "pit f6 does not hold the red mother ball");
  if (s.players == 2) {
    refused(*st, "f6-g7y-g8r-h9r", "there is no yellow player in a 2-player game");
  }
  refused(*st, "f6-g7r-g8r-h9b", "the last ball must be yours (red), not a blue ball");
  refused(*st, "f7-g8b", "pit f7 holds none of your balls");
  refused(*st, "e5-e6r", "pit e5 holds none of your balls: it is empty");
  refused(*st, "@a2", "placements belong to the setup phase, which is over: sow or reproduce");
  refused(*st, "f6+3", "your mother ball is not in f6 but in a1");
  play(*st, "f6-g7b-g8r-h9r");
  EXPECT_EQ(board_of(*st), s.expect(R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   r   .   .
       .   .   .   .   .   b   r   .   .   .
     .   .   .   .   .   . 12b   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
}

// A pit of 12 in the centre has some 24 million paths; a sowing is checked along its own path.
TEST(esiema_sowing, a_full_central_pit_is_checked_without_listing_3p) {
  scenario s;
  s.players = 3;
  s.drawing = R"(
                      Y     .     .     .     .     B
                   .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
       .     .     .     .     .  11rR     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
                   .     .     .     .     .     .     .
                      y     .     .     .     .     b
  )";
  auto st = s.make();
  EXPECT_FALSE(st->lists_all_moves());
  EXPECT_FALSE(st->count_moves().has_value());  // beyond the counting budget
  play(*st, "f6-f7r-f8r-f9r-f10r-f11r-e10r-e9r-e8r-e7r-e6r-e5R-e4r");
  EXPECT_EQ(board_of(*st), board_field(R"(
               Y   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r   r   r   r   r
       .   .   .   r   R   r   r   r   r   r
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               y   .   .   .   .   b
  )"));
}

// Red's only balls, a small one and the mother, in the corner pit a1; Blue's in the far corner.
const char* const corner_pair = R"(
               .   .   .   .   .  bB
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
              rR   .   .   .   .   .
  )";

// --- counting and drawing sowings ------------------------------------------------------------

// Red's only pit is a1 with a red ball and the mother. Paths of two pits: via a2 (then a3, b2,
// b3), via b1 (b2, c1, c2), via b2 (b1, b3, a2, c2, c3): 11, times two orders of r and R.
TEST_P(esiema_sowing_any, counts_paths_times_ball_orders) {
  scenario s = with_players(GetParam());
  s.drawing = corner_pair;
  auto st = s.make();
  EXPECT_EQ(st->count_moves(), 22u);
  EXPECT_EQ(st->perft(1), 22u);
  // A full b2 closes the two paths through it and the five from it: 4 paths left.
  scenario full = s;
  full.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             . 12b   .   .   .   .   .
              rR   .   .   .   .   .
  )";
  EXPECT_EQ(full.make()->count_moves(), 8u);
}

TEST(esiema_sowing, ball_orders_end_with_an_own_ball) {
  pit_contents c;
  c.small = {2, 1, 0, 0, 0, 0};  // r r b
  c.total = 3;
  EXPECT_EQ(count_ball_orders(c, 0), 2u);  // r last: (r b), (b r)
  c.mothers = 1 << 1;                      // r r b B
  c.total = 4;
  EXPECT_EQ(count_ball_orders(c, 0), 6u);  // r last: 3! orders of r b B
  pit_contents d;
  d.small = {2, 2, 0, 0, 0, 0};  // r r b b R
  d.mothers = 1;
  d.total = 5;
  EXPECT_EQ(count_ball_orders(d, 0), 18u);  // r last: 4!/2! = 12; R last: 4!/(2!2!) = 6
  EXPECT_EQ(count_ball_orders(d, 1), 12u);  // b last: 4!/2! = 12
}

TEST(esiema_sowing, random_moves_are_legal_and_reach_every_first_pit_2p) {
  scenario s;
  s.drawing = corner_pair;
  auto st = s.make();
  std::mt19937_64 rng(7);
  std::set<std::string> first_steps;
  for (int i = 0; i < 300; ++i) {
    std::string m = st->random_move(rng);
    auto next = st->clone();
    play(*next, m);
    first_steps.insert(m.substr(3, 2));
  }
  EXPECT_EQ(first_steps, (std::set<std::string>{"a2", "b1", "b2"}));
}

// --- a sowing built part by part (the server's answers to a client building it) ---------------

// Red's a1 holds a red ball and the mother: the first drop may be either, into a2, b1 or b2
// (each has a further neighbour for the second); after a1-b2r only the mother is left, for the
// five open neighbours of b2; with both dropped the sowing may end.
TEST(esiema_sowing, parts_lead_on_from_the_start_pit_2p) {
  scenario s;
  s.drawing = corner_pair;
  auto st = s.make();
  using parts = std::set<std::string>;
  auto next = [&](std::string_view chosen) {
    auto c = st->continuations(chosen);
    EXPECT_TRUE(c.has_value()) << chosen << ": " << (c ? "" : c.error().message);
    return c ? std::pair{parts(c->next.begin(), c->next.end()), c->may_end}
             : std::pair{parts{}, false};
  };
  EXPECT_EQ(next(""), std::pair(parts{"a1"}, false));
  EXPECT_EQ(next("a1"), std::pair(parts{"a2r", "a2R", "b1r", "b1R", "b2r", "b2R"}, false));
  EXPECT_EQ(next("a1-b2r"), std::pair(parts{"a2R", "b1R", "b3R", "c2R", "c3R"}, false));
  EXPECT_EQ(next("a1-b2r-c3R"), std::pair(parts{}, true));

  // The refusals say why, as play() would.
  auto refused = [&](std::string_view chosen) {
    auto c = st->continuations(chosen);
    return c ? std::string("accepted")
             : std::string(c.error().code.name()) + ": " + c.error().message;
  };
  EXPECT_EQ(refused("a1-a3r"),
            "illegal_move: pit a3 is not next to a1: each pit of the path must "
            "border the one before");
  EXPECT_EQ(refused("f6"), "illegal_move: pit f6 holds none of your balls: it is empty");
  EXPECT_EQ(refused("a1-b2r-c3R-c4r"),
            "illegal_move: pit a1 holds 2 balls, so the path must have 2 pits, not 3");
  EXPECT_EQ(refused("a1+3").substr(0, 8), "no_steps");
  EXPECT_EQ(refused("z9").substr(0, 12), "bad_notation");
}

// The last ball must be red's, so with a red and a blue ball in a1 the blue one goes first; and
// a path that cannot be finished is refused at once.
TEST(esiema_sowing, parts_keep_an_own_ball_for_the_end_and_avoid_dead_ends_2p) {
  scenario s;
  s.drawing = R"(
               .   .   .   .   .  bB
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
           12b 12b   .   .   .   .   .
              rb   .   .   .   .   R
  )";
  auto st = s.make();
  auto c = st->continuations("a1");
  ASSERT_TRUE(c.has_value()) << c.error().message;
  EXPECT_EQ(std::set<std::string>(c->next.begin(), c->next.end()), std::set<std::string>{"a2b"});
  auto no_own = st->continuations("a1-a2r");
  ASSERT_FALSE(no_own.has_value());
  EXPECT_EQ(no_own.error().message,
            "no ball of yours is left to drop last: the last ball must be yours (red)");
  // b1 and b2 are full: from a1 only a2 is open, and from a2 on a3 and b3 (b2 is full).
  auto second = st->continuations("a1-a2b");
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(std::set<std::string>(second->next.begin(), second->next.end()),
            (std::set<std::string>{"a3r", "b3r"}));
}

TEST(esiema_sowing, placements_and_the_setup_are_single_moves_2p) {
  scenario s;
  s.stage = "setup";
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  auto c = st->continuations("");
  ASSERT_FALSE(c.has_value());
  EXPECT_EQ(c.error().code.name(), "no_steps");
}

// --- reproduction ----------------------------------------------------------------------------

TEST(esiema_reproduction, adds_1_to_11_from_the_reserve_to_a_lone_mother_3p) {
  scenario s;
  s.players = 3;
  s.reserve = {3, 70, 70};
  s.drawing = R"(
               Y   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   r   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  EXPECT_EQ(st->legal_moves(), (std::vector<std::string>{"a1+1", "a1+2", "a1+3"}));
  refused(*st, "a1+4", "your reserve holds only 3 balls, not 4");
  refused(*st, "a1+0", "a reproduction adds 1 to 11 small balls, not 0");
  play(*st, "a1+3");
  EXPECT_EQ(board_of(*st), board_field(R"(
               Y   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   r   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
             3rR   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st->to_text(), "reserve"), "0,70,70");

  scenario full = s;
  full.reserve = {};
  auto st2 = full.make();
  EXPECT_EQ(st2->legal_moves().size(), 11u);
  refused(*st2, "a1+12", "a reproduction adds 1 to 11 small balls, not 12");
  play(*st2, "a1+11");  // the mother and 11 fill the pit
  EXPECT_EQ(field(st2->to_text(), "board"), "a1:rrrrrrrrrrrR,f6:r,k6:Y,k11:B");
}

TEST_P(esiema_reproduction_any, needs_the_mother_alone) {
  scenario s = with_players(GetParam());
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   r   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
              bR   .   .   .   .   .
  )";
  auto st = s.make();
  EXPECT_TRUE(st->legal_moves().empty());
  refused(*st, "a1+1", "your mother ball in a1 is not alone: the pit holds 2 balls");
}

// --- elimination and the winner -------------------------------------------------------------

// Yellow has no small ball on the board and its mother is not alone: at the start of its turn
// it is out, its mother leaves the board and its reserve the game.
TEST(esiema_elimination, at_the_start_of_the_turn_when_reproduction_is_impossible_3p) {
  scenario s;
  s.players = 3;
  s.order = "ryb";
  s.drawing = R"(
              bY   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   b   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_EQ(board_of(*st), board_field(R"(
               b   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r   r   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   b   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st->to_text(), "out"), "0,0,1");
  EXPECT_EQ(field(st->to_text(), "retired"), "0,0,70");
  EXPECT_EQ(field(st->to_text(), "reserve"), "68,68,0");
  EXPECT_EQ(st->view()["eliminated"], nlohmann::json::array({2}));
  EXPECT_FALSE(st->is_terminal());
  // Clients are told: the rules put yellow out after red's sowing.
  auto forced = st->forced_by_last_play();
  ASSERT_EQ(forced.size(), 1u);
  EXPECT_EQ(forced[0].kind, forced::elimination);
  EXPECT_EQ(forced[0].player, 2);
  EXPECT_EQ(forced[0].description,
            "Yellow is eliminated: no small ball on the board and none to reproduce");
  // The next play forces nothing (red can reproduce), and the report is gone.
  std::mt19937_64 rng(1);
  play(*st, st->random_move(rng));
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_TRUE(st->forced_by_last_play().empty());
}

// Red captures blue's last small ball; blue's mother is not alone: blue is out, red has won.
TEST(esiema_elimination, the_last_player_left_wins_2p) {
  scenario s;
  s.drawing = R"(
               .   .   .   .   .  rB
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .   b   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_TRUE(st->is_terminal());
  EXPECT_EQ(st->current_player(), no_player);
  EXPECT_TRUE(st->legal_moves().empty());
  EXPECT_TRUE(st->lists_all_moves());
  auto o = st->outcome();
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->ranks, (std::vector<int>{1, 2}));
  EXPECT_EQ(o->scores, (std::vector<double>{1.0, 0.0}));
  EXPECT_EQ(o->reason, "last_player");
  EXPECT_EQ(o->description, "Red wins: every other player is out");
  EXPECT_EQ(st->to_text().substr(0, 16), "over:last_player");
  EXPECT_EQ(board_of(*st), board_field(R"(
               .   .   .   .   .   r
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   r   r   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
}

// Without the duty to reproduce, who cannot reproduce is still out (rule 7 of the source).
TEST(esiema_elimination, also_without_the_duty_to_reproduce_2p) {
  scenario s;
  s.params = {{"must_reproduce_when_empty", false}};
  s.drawing = R"(
               .   .   .   .   .  rB
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .   b   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  ASSERT_TRUE(st->is_terminal());
  EXPECT_EQ(st->outcome()->ranks, (std::vector<int>{1, 2}));
}

// An empty reserve makes reproduction impossible as well; the elimination order ranks.
TEST(esiema_elimination, an_empty_reserve_and_the_ranking_3p) {
  scenario s;
  s.players = 3;
  s.out = {0, 0, 1};
  s.reserve = {68, 0, 0};
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .   b   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  auto o = st->outcome();
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->ranks, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(field(st->to_text(), "out"), "0,2,1");
}

TEST(esiema_elimination, one_after_another_in_turn_order_6p) {
  // Blue, yellow and green have nothing on the board but mothers with foreign balls: the three
  // go out in turn order after red's move, and orange plays next.
  scenario s;
  s.players = 6;
  s.drawing = R"(
              oY   .   .   .   .  oB
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
    oO   .   .   .   .  rr   .   .   .   .  pP
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .  pG
  )";
  auto st = s.make();
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(field(st->to_text(), "out"), "0,1,2,3,0,0");
  EXPECT_EQ(st->current_player(), 4);
  EXPECT_EQ(board_of(*st), board_field(R"(
               o   .   .   .   .   o
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
    oO   .   .   .   .   .   r   r   .   .  pP
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   p
  )"));
}

// --- passing ---------------------------------------------------------------------------------

// Blue's only balls lie in a1, walled in by three full pits: blue cannot act and passes.
TEST(esiema_passing, a_player_without_an_action_passes_2p) {
  scenario s;
  s.drawing = R"(
               .   .   .   .   .   R
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
           12r 12r   .   .   .   .   .
              bB 12r   .   .   .   .
  )";
  auto st = s.make();
  EXPECT_TRUE(st->forced_by_last_play().empty());
  play(*st, "k11+1");
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_EQ(field(st->to_text(), "passes"), "1");
  std::vector<forced_step> blue_passes{{forced::pass, 1, "Blue cannot act and passes"}};
  EXPECT_EQ(st->forced_by_last_play(), blue_passes);
  play(*st, "k11-k10r-j10R");  // an action ends the run of passes; blue passes again
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_EQ(field(st->to_text(), "passes"), "1");
  EXPECT_EQ(st->forced_by_last_play(), blue_passes);
}

TEST(esiema_passing, passes_run_through_the_players_3p) {
  scenario s;
  s.players = 3;
  s.drawing = R"(
                      .     .     .     .     .     R
                   .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
       .     .     .     .     .     .     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
                 12r   12r     .     .     .     .     .
                   bByY   12r     .     .     .     .
  )";
  auto st = s.make();
  play(*st, "k11+1");
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_EQ(field(st->to_text(), "passes"), "2");
  // Both passes are reported, in turn order.
  std::vector<forced_step> expected{{forced::pass, 1, "Blue cannot act and passes"},
                                    {forced::pass, 2, "Yellow cannot act and passes"}};
  EXPECT_EQ(st->forced_by_last_play(), expected);
}

// The three lines through f6 are full: six sectors of 10 pits, where no path of 12 fits and no
// mother is alone. Once red has filled its own pit c2, nobody can act: all pass, and it is a draw.
TEST(esiema_passing, when_everyone_passes_in_a_row_the_game_is_drawn_6p) {
  scenario s;
  s.players = 6;
  s.drawing = R"(
                    12g     .     .     .     .   12p
                   .   12g     .     .     .   12p     .
                .     .   12y     .     .   12p     .     .
             .     .     .   12y     .   12p     .     .     .
          .     .     .     .   12y   12o     .     .     .     .
    11bB  11yY  11gG  11oO  11pP   12r   12r   12r   12r  6b6y  6g6o
          .     .     .     .   12o   12y     .     .     .     .
             .     .     .   12o     .   12b     .     .     .
                .     R   12o     .     .   12b     .     .
                   .   12g     .     .     .   12b     .
                    12g     .     .     .     .   12b
  )";
  auto st = s.make();
  EXPECT_FALSE(st->is_terminal());
  play(*st, "c2+11");
  EXPECT_TRUE(st->is_terminal());
  auto o = st->outcome();
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->reason, "no_actions");
  EXPECT_EQ(o->ranks, (std::vector<int>(6, 1)));
  EXPECT_DOUBLE_EQ(o->scores[0], 1.0 / 6);
  EXPECT_EQ(field(st->to_text(), "passes"), "6");
}

TEST(esiema_passing, five_players_pass_in_turn_6p) {
  scenario s;
  s.players = 6;
  s.drawing = R"(
                                           .           .           .           .           .           R
                                     .           .           .           .           .           .           .
                               .           .           .           .           .           .           .           .
                         .           .           .           .           .           .           .           .           .
                   .           .           .           .           .           .           .           .           .           .
             .           .           .           .           .           .           .           .           .           .           .
                   .           .           .           .           .           .           .           .           .           .
                         .           .           .           .           .           .           .           .           .
                               .           .           .           .           .           .           .           .
                                   12r         12r           .           .           .           .           .
                                  bByYgGoOpP         12r           .           .           .           .
  )";
  auto st = s.make();
  play(*st, "k11+1");
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_EQ(field(st->to_text(), "passes"), "5");
}

// --- the draw rule ---------------------------------------------------------------------------

// Red captures one of blue's two balls: each now owns a single small ball, board and reserve
// together, and the window opens: here 2 turns, after which the game is drawn.
TEST(esiema_draw, once_all_own_one_small_ball_the_window_runs_2p) {
  scenario s;
  s.params = {{"draw_window", std::int64_t{2}}};
  s.reserve = {0, 0};
  s.drawing = R"(
               .   .   .   .   .   R
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rb   .   b   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               B   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7b-f8r");
  EXPECT_EQ(field(st->to_text(), "draw"), "2");
  EXPECT_EQ(st->view()["draw_turns_left"], 2);
  play(*st, "f7-g7b");
  EXPECT_EQ(field(st->to_text(), "draw"), "1");
  EXPECT_FALSE(st->is_terminal());
  play(*st, "f8-f9r");
  ASSERT_TRUE(st->is_terminal());
  auto o = st->outcome();
  EXPECT_EQ(o->reason, "draw_window");
  EXPECT_EQ(o->ranks, (std::vector<int>{1, 1}));
  EXPECT_EQ(o->scores, (std::vector<double>{0.5, 0.5}));
}

TEST(esiema_draw, the_default_window_is_15_turns_and_0_draws_at_once_2p) {
  scenario s;
  s.reserve = {0, 0};
  s.drawing = R"(
               .   .   .   .   .   R
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rb   .   b   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               B   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7b-f8r");
  EXPECT_EQ(field(st->to_text(), "draw"), "15");
  scenario now = s;
  now.params = {{"draw_window", std::int64_t{0}}};
  auto st0 = now.make();
  play(*st0, "f6-f7b-f8r");
  EXPECT_TRUE(st0->is_terminal());
  EXPECT_EQ(st0->outcome()->reason, "draw_window");
}

// Three players with one small ball each: the window is open. Red captures blue's only ball,
// blue (its mother not alone) is out at the start of its turn, yellow plays the window's second
// turn: drawn between red and yellow, blue ranked below them.
TEST(esiema_draw, players_out_during_the_window_rank_below_the_draw_3p) {
  scenario s;
  s.players = 3;
  s.params = {{"draw_window", std::int64_t{2}}};
  s.reserve = {0, 0, 0};
  s.draw = "2";
  s.drawing = R"(
               Y   .   .   .   .  yB
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rR   .   b   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               .   .   .   .   .   .
  )";
  auto st = s.make();
  play(*st, "f6-f7R-f8r");
  EXPECT_EQ(field(st->to_text(), "out"), "0,1,0");
  EXPECT_EQ(field(st->to_text(), "draw"), "1");
  EXPECT_EQ(st->current_player(), 2);
  play(*st, "k11-k10y");
  ASSERT_TRUE(st->is_terminal());
  auto o = st->outcome();
  EXPECT_EQ(o->reason, "draw_window");
  EXPECT_EQ(o->ranks, (std::vector<int>{1, 3, 1}));
  EXPECT_EQ(o->scores, (std::vector<double>{0.5, 0.0, 0.5}));
  EXPECT_EQ(o->description,
            "drawn between red and yellow: no one won within 2 turns once every player was down "
            "to one small ball");
}

// --- retirement (a player who resigned or abandoned the game) ------------------------------

// Red, blue and yellow; blue's balls lie in f8 and with yellow's in k6.
scenario retirement_3p() {
  scenario s;
  s.players = 3;
  s.drawing = R"(
              byY   .   .   .   .   B
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
  return s;
}

// Retiring is going out as by elimination: the mother leaves the board and the reserve the game;
// the small balls on the board leave with them (engine decision). Red keeps the turn.
TEST(esiema_retirement, takes_every_ball_out_of_play_and_the_others_go_on_3p) {
  auto st = retirement_3p().make();
  ASSERT_TRUE(st->retire(1).has_value());
  EXPECT_EQ(board_of(*st), board_field(R"(
               yY   .   .   .   .   .
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )"));
  EXPECT_EQ(field(st->to_text(), "out"), "0,1,0");
  EXPECT_EQ(field(st->to_text(), "reserve"), "68,0,69");
  EXPECT_EQ(field(st->to_text(), "retired"), "0,70,0");
  EXPECT_EQ(st->current_player(), 0);
  play(*st, "f6-f7r-f8r");
  EXPECT_EQ(st->current_player(), 2);  // blue is skipped
  EXPECT_FALSE(st->is_terminal());
}

// The player to act retires: the turn passes to the next one still in the game.
TEST(esiema_retirement, of_the_player_to_act_passes_the_turn_on_3p) {
  auto st = retirement_3p().make();
  ASSERT_TRUE(st->retire(0).has_value());
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_EQ(field(st->to_text(), "out"), "1,0,0");
}

// The last player left wins; the order of going out ranks the others, the first out last.
TEST(esiema_retirement, leaves_the_last_player_the_winner_3p) {
  auto st = retirement_3p().make();
  ASSERT_TRUE(st->retire(2).has_value());
  ASSERT_TRUE(st->retire(0).has_value());
  ASSERT_TRUE(st->is_terminal());
  EXPECT_EQ(st->current_player(), no_player);
  auto o = st->outcome();
  EXPECT_EQ(o->reason, "last_player");
  EXPECT_EQ(o->ranks, (std::vector<int>{2, 1, 3}));
  EXPECT_EQ(o->scores, (std::vector<double>{0.0, 1.0, 0.0}));
  EXPECT_EQ(o->description, "Blue wins: every other player is out");
  auto again = the_game().state_from_text(3, retirement_3p().resolved(), st->to_text());
  ASSERT_TRUE(again.has_value()) << again.error().message;
  EXPECT_EQ((*again)->to_text(), st->to_text());
}

TEST(esiema_retirement, is_refused_twice_out_of_range_and_after_the_end_3p) {
  auto st = retirement_3p().make();
  ASSERT_TRUE(st->retire(1).has_value());
  const std::string before = st->to_text();
  auto twice = st->retire(1);
  ASSERT_FALSE(twice.has_value());
  EXPECT_EQ(twice.error().code.name(), "already_retired");
  EXPECT_EQ(twice.error().message, "player 1 is already out of play");
  EXPECT_EQ(st->retire(3).error().code.name(), "bad_player");
  EXPECT_EQ(st->to_text(), before);
  ASSERT_TRUE(st->retire(2).has_value());
  EXPECT_EQ(st->retire(0).error().code.name(), "game_over");
}

// In the setup a retired player places no more balls, and the play phase begins with the next
// player still in the game.
TEST(esiema_retirement, in_the_setup_skips_the_player_from_then_on_3p) {
  auto params = *resolve_params(
      the_game().param_specs(),
      {{"setup_balls", std::int64_t{2}}, {"first_seat", std::int64_t{0}}, {"first_by_lot", false}});
  auto st = std::move(*the_game().new_state(3, params, 1));
  play(*st, "@a1M");  // red begins
  ASSERT_TRUE(st->retire(0).has_value());
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_EQ(field(st->to_text(), "board"), "-");
  play(*st, "@k11M");
  play(*st, "@k6M");
  play(*st, "@k10");  // blue again: red is skipped
  play(*st, "@k7");
  EXPECT_EQ(st->to_text().substr(0, 4), "play");
  EXPECT_EQ(st->current_player(), 1);  // blue begins the play phase in red's place
}

// --- the view --------------------------------------------------------------------------------

TEST(esiema_view, shows_pits_reserves_phase_and_the_player_to_act_3p) {
  scenario s;
  s.players = 3;
  s.out = {0, 0, 1};
  s.drawing = R"(
                      .     .     .     .     .     .
                   .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
       .     .     .     .     .  rrbB     .     .     .     .     .
          .     .     .     .     .     .     .     .     .     .
             .     .     .     .     .     .     .     .     .
                .     .     .     .     .     .     .     .
                   .     .     .     .     .     .     .
                      R     .     .     .     .     .
  )";
  auto st = s.make();
  auto v = st->view();
  EXPECT_EQ(v["phase"], "play");
  EXPECT_EQ(v["to_move"], 0);
  EXPECT_EQ(v["colour_to_move"], "red");
  EXPECT_EQ(v["eliminated"], nlohmann::json::array({2}));
  EXPECT_EQ(v["players"][0]["reserve"], 68);
  EXPECT_EQ(v["players"][1]["reserve"], 69);
  EXPECT_EQ(v["players"][2]["eliminated"], true);
  EXPECT_EQ(v["players"][1]["mother"], "f6");
  ASSERT_EQ(v["pits"].size(), 2u);
  EXPECT_EQ(v["pits"][1]["pit"], "f6");
  EXPECT_EQ(v["pits"][1]["small"], (nlohmann::json{{"red", 2}, {"blue", 1}}));
  EXPECT_EQ(v["pits"][1]["mothers"], nlohmann::json::array({"blue"}));
  EXPECT_EQ(v["pits"][1]["total"], 4);
  EXPECT_EQ(v["rows"].size(), 11u);
  EXPECT_EQ(v["rows"][6]["first"], 2);  // row g begins with g2
}

}  // namespace
}  // namespace boardroom::engine::esiema
