// Scenario tests for Arimaa: one or more tests per rule of the ruling
// (/work/shared/rules/arimaa.md, restated in engine/arimaa/rules.md), positions drawn as diagrams
// (rank 8 on top; '.' and 'x' are empty squares, 'x' marking the traps c3 f3 c6 f6).
//
// A state "at 5g" is Gold to move in turn 5. Whole turns are submitted with their tag ("5g Ed2n");
// an untagged single step would be held as a pending step (see the step-by-step tests).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "arimaa_helpers.hpp"
#include "engine/arimaa/search.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::engine::arimaa {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using namespace testing;

// ---------------------------------------------------------------------------------------------
// Setup

TEST(ArimaaSetup, GoldThenSilverPlaceAllSixteenPieces) {
  auto g = parse_game_spec("arimaa");
  ASSERT_TRUE(g.has_value());
  auto made = g->game_ptr->new_state(2, g->params, 7);
  ASSERT_TRUE(made.has_value());
  engine::state& st = **made;
  EXPECT_EQ(st.current_player(), 0);
  EXPECT_EQ(st.to_text(), "1g [" + std::string(64, ' ') + "]");
  // Placements in any order; the record is canonical: rank 1 then rank 2 for Gold.
  auto gold = st.play("Ee2 Md2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Cf2 Hg2 Dh2");
  ASSERT_TRUE(gold.has_value()) << gold.error().message;
  EXPECT_EQ(*gold, "1g " + std::string(gold_setup));
  EXPECT_EQ(st.current_player(), 1);
  // The pre-2008 tag 1b is read as 1s; Silver's record is rank 8 then rank 7.
  auto silver = st.play("1b ed7 me7 da7 hb7 cc7 cf7 hg7 dh7 ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8");
  ASSERT_TRUE(silver.has_value()) << silver.error().message;
  EXPECT_EQ(*silver, "1s " + std::string(silver_setup));
  EXPECT_EQ(st.current_player(), 0);
  EXPECT_EQ(st.to_text(), "2g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]");
}

// Clients are told that a setup is asked for, not a move.
TEST(ArimaaSetup, EachSideIsAskedForASetupThenForMoves) {
  state st;
  EXPECT_EQ(st.to_act(), (std::vector<actor>{{0, decision::setup}}));
  ASSERT_TRUE(st.play(gold_setup).has_value());
  EXPECT_EQ(st.to_act(), (std::vector<actor>{{1, decision::setup}}));
  ASSERT_TRUE(st.play(silver_setup).has_value());
  EXPECT_EQ(st.to_act(), (std::vector<actor>{{0, decision::move}}));
}

TEST(ArimaaSetup, ListsTheStandardOpeningOnly) {
  state st;
  EXPECT_THAT(st.legal_moves(), ElementsAre("1g " + std::string(gold_setup)));
  ASSERT_TRUE(st.play(gold_setup).has_value());
  EXPECT_THAT(st.legal_moves(), ElementsAre("1s " + std::string(silver_setup)));
}

TEST(ArimaaSetup, TheListIsMarkedIncompleteAndUncounted) {
  // One listed setup of 64,864,800: clients must not take it for every legal move.
  state st;
  EXPECT_FALSE(st.lists_all_moves());
  EXPECT_FALSE(st.count_moves().has_value());
  ASSERT_TRUE(st.play("Ee2 Md2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Cf2 Dg2 Hh2"));
  EXPECT_FALSE(st.lists_all_moves());
  EXPECT_FALSE(st.count_moves().has_value());
  ASSERT_TRUE(st.play(silver_setup).has_value());
  EXPECT_TRUE(st.lists_all_moves());
  EXPECT_EQ(st.count_moves(), st.legal_moves().size());
}

TEST(ArimaaSetup, RefusesWhatBreaksTheSetupRules) {
  state st;
  EXPECT_THAT(refusal(st, "Ra1 Rb1 Rc1"), HasSubstr("places all 16 pieces"));
  EXPECT_THAT(refusal(st, "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh3"),
              HasSubstr("Dh3: Gold sets up on ranks 1 and 2"));
  EXPECT_THAT(refusal(st, "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 dh2"),
              HasSubstr("written in upper case"));
  EXPECT_THAT(refusal(st, "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Da2"),
              HasSubstr("a2 already holds the gold dog"));
  EXPECT_THAT(refusal(st, "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ra2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2"),
              HasSubstr("Ra2: Gold has 8 rabbits, not more"));
  EXPECT_THAT(refusal(st, "Ed2n"), HasSubstr("is no setup placement"));
  EXPECT_THAT(refusal(st, "1s " + std::string(silver_setup)), HasSubstr("this is turn 1g, not 1s"));
  EXPECT_EQ(st.to_text(), state{}.to_text());
  ASSERT_TRUE(st.play(gold_setup).has_value());
  EXPECT_THAT(refusal(st, "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 da7 hb7 cc7 ed7 me7 cf7 hg7 dh6"),
              HasSubstr("Silver sets up on ranks 7 and 8"));
}

// ---------------------------------------------------------------------------------------------
// Steps

constexpr std::string_view steps_board = R"(
  8 . . . . . . . .
  7 . . . . . r . .
  6 . . x . . x . .
  5 . . . . . . . .
  4 . . . c . . . .
  3 . . x . . x . .
  2 . R . E . . . .
  1 . . . . . . . .
    a b c d e f g h
)";

TEST(ArimaaSteps, OnePieceOneSquareOntoAnEmptySquare) {
  state st = at("5g", steps_board);
  EXPECT_EQ(refusal(st, "5g Ed2e Ee2n"), "accepted: 5g Ed2e Ee2n");
  st = at("5g", steps_board);
  EXPECT_EQ(refusal(st, "5g Ed2n Ed3n"), "Ed3n: d4 is occupied by the silver cat");
  EXPECT_EQ(refusal(st, "5g Ed1n"), "Ed1n: there is no piece on d1");
  EXPECT_EQ(refusal(st, "5g Eb2n"), "Eb2n: b2 holds the gold rabbit, not the gold elephant");
  EXPECT_THAT(refusal(st, "5g Ed2s Ed1s"), HasSubstr("cannot step south, off the board"));
}

TEST(ArimaaSteps, OneToFourStepsAndEveryPieceMayShareThem) {
  state st = at("5g", steps_board);
  EXPECT_EQ(refusal(st, "5g Ed2e Ee2e Ef2e Eg2e Eh2n"),
            "a turn has at most 4 steps; Eh2n would be a fifth");
  EXPECT_EQ(refusal(st, "5g Ed2e Rb2n Rb3n Ee2e"), "accepted: 5g Ed2e Rb2n Rb3n Ee2e");
  EXPECT_EQ(st.current_player(), 1);
}

TEST(ArimaaSteps, RabbitsNeverStepBackwards) {
  state st = at("5g", steps_board);
  EXPECT_EQ(refusal(st, "5g Rb2s"),
            "Rb2s: rabbits never step backwards on their own; the gold rabbit on b2 cannot step "
            "south");
  EXPECT_EQ(refusal(st, "5g Rb2w Ra2n"), "accepted: 5g Rb2w Ra2n");  // sideways and forwards
  EXPECT_THAT(refusal(st, "5s rf7n"), HasSubstr("cannot step north"));
  EXPECT_EQ(refusal(st, "5s rf7s rf6x"), "accepted: 5s rf7s rf6x");
}

TEST(ArimaaSteps, ATurnMustChangeThePosition) {
  state st = at("5g", steps_board);
  EXPECT_EQ(refusal(st, "5g Ed2n Ed3s"),
            "the turn does not change the position, and a turn must change it");
  EXPECT_EQ(refusal(st, "5g Ed2e Ee2n Ee3w Ed3s"),
            "the turn does not change the position, and a turn must change it");
  // Coming back is fine when something else moved.
  EXPECT_EQ(refusal(st, "5g Ed2n Ed3s Rb2n"), "accepted: 5g Ed2n Ed3s Rb2n");
}

// ---------------------------------------------------------------------------------------------
// Push and pull

constexpr std::string_view push_board = R"(
  8 . . . . . . . .
  7 . . . . . . . r
  6 . . x . . x . .
  5 . . . . . . . .
  4 . . . r . . . .
  3 . . x E h . . .
  2 . . . . . . . .
  1 R . . . . C c .
    a b c d e f g h
)";

TEST(ArimaaPush, AStrongerPieceMovesAWeakerNeighbourThenFollows) {
  state st = at("5g", push_board);
  EXPECT_EQ(refusal(st, "5g rd4n Ed3n"), "accepted: 5g rd4n Ed3n");
  st = at("5g", push_board);
  // Pushed onto the unguarded trap f3: captured before the push is completed.
  EXPECT_EQ(refusal(st, "5g he3e Ed3e Ra1n"), "accepted: 5g he3e hf3x Ed3e Ra1n");
  // Rabbits can be pushed backwards: north is backwards for Silver.
  st = at("5g", push_board);
  ASSERT_EQ(refusal(st, "5g rd4n Ed3n"), "accepted: 5g rd4n Ed3n");
  EXPECT_THAT(picture_of(st), HasSubstr("5| . . . r . . . . |\n4| . . . E . . . . |"));
}

TEST(ArimaaPush, MustBeCompletedByTheVeryNextStep) {
  state st = at("5g", push_board);
  EXPECT_THAT(refusal(st, "5g rd4n"),
              HasSubstr("push not completed: the silver rabbit was pushed from d4"));
  EXPECT_EQ(refusal(st, "5g rd4n Ra1n Ed3n"),
            "push not completed: the silver rabbit was pushed from d4, so a stronger gold piece "
            "next to it must step into d4 with the very next step (Ed3n), not Ra1n");
  EXPECT_THAT(refusal(st, "5g rd4n he3e"), HasSubstr("push not completed"));
}

TEST(ArimaaPush, CannotStartWithTheLastStep) {
  state st = at("5g", push_board);
  EXPECT_EQ(refusal(st, "5g Ra1n Ra2n Ra3n rd4n"),
            "rd4n would start a push of the silver rabbit on d4 with the last step, and a push "
            "cannot be started with the last step");
  EXPECT_EQ(refusal(st, "5g Ra1n Ra2n rd4n Ed3n"), "accepted: 5g Ra1n Ra2n rd4n Ed3n");
}

TEST(ArimaaPush, OnlyStrictlyWeakerPieces) {
  // The gold cat on f1 next to the silver cat on g1: equals cannot push or pull each other.
  state st = at("5g", push_board);
  EXPECT_THAT(refusal(st, "5g cg1n Cf1e"), HasSubstr("the silver cat on g1 is not yours"));
  EXPECT_THAT(refusal(st, "5g Cf1n cg1w"), HasSubstr("the silver cat on g1 is not yours"));
}

TEST(ArimaaPull, TheWeakerNeighbourFollowsIntoTheSquareLeft) {
  state st = at("5g", push_board);
  EXPECT_EQ(refusal(st, "5g Ed3s rd4s"), "accepted: 5g Ed3s rd4s");
  st = at("5g", push_board);
  // The puller may die on a trap (c3 is unguarded) and still pull.
  EXPECT_EQ(refusal(st, "5g Ed3w he3w"), "accepted: 5g Ed3w Ec3x he3w");
  // Only into the square just left, and only right after the puller's step.
  st = at("5g", push_board);
  EXPECT_THAT(refusal(st, "5g Ed3s Ed2s rd4s"), HasSubstr("the silver rabbit on d4 is not yours"));
}

TEST(ArimaaPull, OneStepCannotCompleteAPushAndPull) {
  // The elephant's step into d4 completes the push of the rabbit; it cannot also pull the horse
  // into d3, which it left.
  state st = at("5g", push_board);
  EXPECT_THAT(refusal(st, "5g rd4n Ed3n he3w"), HasSubstr("the silver horse on e3 is not yours"));
  // A plain step away from d3 can.
  EXPECT_EQ(refusal(st, "5g Ed3s he3w"), "accepted: 5g Ed3s he3w");
}

// ---------------------------------------------------------------------------------------------
// Frozen pieces

constexpr std::string_view frozen_board = R"(
  8 . . . . . . . .
  7 . . . . . . . r
  6 . . x . . x . .
  5 . . h . . . . .
  4 . c D . C . . .
  3 . . x . . x . .
  2 . . . . . . . .
  1 R . . . . . . .
    a b c d e f g h
)";

TEST(ArimaaFrozen, APieceNextToAStrongerEnemyAndNoFriendCannotMove) {
  state st = at("5g", frozen_board);
  EXPECT_EQ(refusal(st, "5g Dc4s"), "the dog on c4 is frozen by the silver horse on c5");
  // Frozen pieces cannot push or pull either.
  EXPECT_EQ(refusal(st, "5g cb4w Dc4w"),
            "cb4w: the silver cat on b4 could only be pushed by the dog on c4, but the dog on c4 "
            "is frozen by the silver horse on c5");
  EXPECT_EQ(refusal(st, "5g Dc4s cb4e"), "the dog on c4 is frozen by the silver horse on c5");
}

TEST(ArimaaFrozen, AFriendNextToItUnfreezesItMidTurn) {
  state st = at("5g", frozen_board);
  // ... and then it may push, too.
  EXPECT_EQ(refusal(st, "5g Ce4w cb4w Dc4w"), "accepted: 5g Ce4w cb4w Dc4w");
}

TEST(ArimaaFrozen, FrozenPiecesCanBePushedAndPulled) {
  state st = at("5s", frozen_board);
  EXPECT_EQ(refusal(st, "5s hc5e Dc4n"), "accepted: 5s hc5e Dc4n");
  st = at("5s", frozen_board);
  EXPECT_EQ(refusal(st, "5s Dc4s hc5s"), "accepted: 5s Dc4s Dc3x hc5s");
}

TEST(ArimaaFrozen, TheFrozenSquaresAreInTheView) {
  state st = at("5g", frozen_board);
  EXPECT_EQ(st.view()["frozen"], nlohmann::json::array({"c4"}));
}

// ---------------------------------------------------------------------------------------------
// Traps: captures after every single step

TEST(ArimaaTraps, AnUnmovedPieceIsCapturedWhenItsGuardLeaves) {
  state st = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . C D . x . .
    2 . E . . . . . .
    1 R . . . . . . .
  )");
  state copy = st;
  // Capture tokens may be omitted: the record has them.
  EXPECT_EQ(refusal(copy, "5g Dd3e Eb2n"), "accepted: 5g Dd3e Cc3x Eb2n");
  EXPECT_THAT(picture_of(copy), HasSubstr("3| . E x . D x . . |"));
  copy = st;
  EXPECT_EQ(refusal(copy, "5g Dd3e Cc3x Eb2n"), "accepted: 5g Dd3e Cc3x Eb2n");
  // Stepping onto the unguarded trap f3 after that: both captures, each after its step.
  copy = st;
  EXPECT_EQ(refusal(copy, "5g Dd3e De3e"), "accepted: 5g Dd3e Cc3x De3e Df3x");
  // A guard that stays keeps the cat: the elephant moving next to c3 first.
  copy = st;
  EXPECT_EQ(refusal(copy, "5g Eb2n Dd3e"), "accepted: 5g Eb2n Dd3e");
}

TEST(ArimaaTraps, WrongCaptureTokensAreRefused) {
  state st = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . C D . x . .
    2 . E . . . . . .
    1 R . . . . . . .
  )");
  EXPECT_EQ(refusal(st, "5g Dd3e Dc3x"),
            "Dc3x: Dd3e captures the gold cat on c3 (Cc3x) and nothing else");
  EXPECT_EQ(refusal(st, "5g Eb2e Ec2x"), "Ec2x: Eb2e captures nothing");
  EXPECT_EQ(refusal(st, "5g Cc3x Dd3e"),
            "Cc3x: a capture is written right after the step that caused it");
}

TEST(ArimaaTraps, APullerSteppingIntoATrapIsCapturedAndStillPulls) {
  state st = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . . . r . .
    4 . . . . . E . .
    3 . . x . . x . .
    2 . . . . . . . .
    1 R . . . . . . .
  )");
  EXPECT_EQ(refusal(st, "5g Ef4s rf5s"), "accepted: 5g Ef4s Ef3x rf5s");
  EXPECT_THAT(picture_of(st), HasSubstr("4| . . . . . r . . |\n3| . . x . . x . . |"));
}

TEST(ArimaaTraps, APushedPieceIsCapturedBeforeThePushIsCompleted) {
  state st = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . r x . . x . .
    2 . H . . . . . .
    1 R . . . . . . .
  )");
  // The ruling's own example: the capture comes before the completing step.
  EXPECT_EQ(refusal(st, "5g rb3e Hb2n"), "accepted: 5g rb3e rc3x Hb2n");
}

TEST(ArimaaTraps, APieceOnAnUnguardedTrapCannotBeInAPosition) {
  auto st = state::from_text("5g [" + std::string(42, ' ') + "E" + std::string(21, ' ') + "]");
  ASSERT_FALSE(st.has_value());
  EXPECT_THAT(st.error().message, HasSubstr("on the trap c3 has no friendly neighbour"));
}

// ---------------------------------------------------------------------------------------------
// Repetition

TEST(ArimaaRepetition, AThirdOccurrenceOfAPositionIsIllegal) {
  state st = opening();
  for (const char* turn :
       {"2g Ee2n", "2s ed7s", "3g Ee3s", "3s ed6n", "4g Ee2n", "4s ed7s", "5g Ee3s"}) {
    ASSERT_TRUE(st.play(turn).has_value()) << turn;
  }
  // The opening position with Gold to move: after the setups and after 3s.
  state copy = st;
  EXPECT_EQ(refusal(copy, "5s ed6n"),
            "this turn repeats a position for the third time, which is not allowed");
  EXPECT_EQ(copy.to_text(), st.to_text());
  // The same position by another route is just as illegal; everything else is listed.
  EXPECT_EQ(refusal(copy, "5s ed6w ec6e ed6n"),
            "this turn repeats a position for the third time, which is not allowed");
  EXPECT_EQ(refusal(copy, "5s ed6w"), "accepted: 5s ed6w");
  std::uint64_t without_history = count_turns(st.board(), {});
  EXPECT_EQ(st.perft(1), without_history - 1);
  EXPECT_EQ(st.legal_moves().size(), without_history - 1);
  // The seen positions are part of the text and survive a round trip.
  EXPECT_THAT(st.to_text(),
              HasSubstr(" g[rrrrrrrrdhcemchd" + std::string(32, ' ') + "DHCMECHDRRRRRRRR]x2"));
  auto read = state::from_text(st.to_text());
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(read->to_text(), st.to_text());
  EXPECT_EQ(read->perft(1), st.perft(1));
}

// ---------------------------------------------------------------------------------------------
// End of turn: the six checks in order

TEST(ArimaaEnd, AGoalWinsAtTheEndOfTheTurn) {
  state st = at("9g", R"(
    8 . . . . . . . .
    7 R . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . x . . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )");
  ASSERT_EQ(refusal(st, "9g Ra7n Ra8e"), "accepted: 9g Ra7n Ra8e");
  EXPECT_TRUE(st.is_terminal());
  EXPECT_EQ(st.current_player(), no_player);
  EXPECT_EQ(st.outcome()->reason, "goal");
  EXPECT_EQ(st.outcome()->description, "a gold rabbit reached rank 8");
  EXPECT_EQ(st.ending().check, 1);
  EXPECT_THAT(st.outcome()->winners(), ElementsAre(0));
  EXPECT_TRUE(st.legal_moves().empty());
  EXPECT_THAT(refusal(st, "9s rg7s"), HasSubstr("the game is over"));
}

constexpr std::string_view touch_board = R"(
  8 . . . . . . . .
  7 . . . . . . . .
  6 . . x . . x . .
  5 . . . . . . . .
  4 . . . . . . . .
  3 . . x . . x . .
  2 . r . . . . r .
  1 H E . . . . . R
)";

TEST(ArimaaEnd, TouchingTheGoalRankMidTurnDoesNotCount) {
  // The silver rabbit is pulled onto its goal rank and pushed off it again in Gold's turn.
  state st = at("9g", touch_board);
  ASSERT_EQ(refusal(st, "9g Eb1e rb2s rb1n Ha1e"), "accepted: 9g Eb1e rb2s rb1n Ha1e");
  EXPECT_FALSE(st.is_terminal());
}

TEST(ArimaaEnd, TheOpponentsRabbitLeftOnItsGoalWinsForTheOpponent) {
  state st = at("9g", touch_board);
  ASSERT_EQ(refusal(st, "9g Eb1e rb2s Ec1n"), "accepted: 9g Eb1e rb2s Ec1n");
  EXPECT_EQ(st.outcome()->reason, "goal");
  EXPECT_EQ(st.ending().check, 2);
  EXPECT_THAT(st.outcome()->winners(), ElementsAre(1));
}

TEST(ArimaaEnd, BothGoalsInOneTurnWinForTheMover) {
  state st = at("9g", R"(
    8 . . . . . . . .
    7 . . . . . . R .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . x . . x . .
    2 . r . . . . . .
    1 H E . . . . . .
  )");
  ASSERT_EQ(refusal(st, "9g Eb1e rb2s Rg7n"), "accepted: 9g Eb1e rb2s Rg7n");
  EXPECT_EQ(st.ending().check, 1);
  EXPECT_THAT(st.outcome()->winners(), ElementsAre(0));
}

TEST(ArimaaEnd, BothSidesLosingTheirLastRabbitsWinsForTheMover) {
  state st = at("9g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . . . E . .
    4 . . . . . r . .
    3 . . R D . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )");
  ASSERT_EQ(refusal(st, "9g rf4s Ef5s Dd3e"), "accepted: 9g rf4s rf3x Ef5s Dd3e Rc3x");
  EXPECT_EQ(st.outcome()->reason, "elimination");
  EXPECT_EQ(st.outcome()->description, "Silver has no rabbits left");
  EXPECT_EQ(st.ending().check, 3);
  EXPECT_THAT(st.outcome()->winners(), ElementsAre(0));
}

TEST(ArimaaEnd, LosingOnesOwnLastRabbitLoses) {
  state st = at("9g", R"(
    8 . . . . . . . .
    7 . . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . R D . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )");
  ASSERT_EQ(refusal(st, "9g Dd3e"), "accepted: 9g Dd3e Rc3x");
  EXPECT_EQ(st.ending().check, 4);
  EXPECT_EQ(st.outcome()->reason, "elimination");
  EXPECT_THAT(st.outcome()->winners(), ElementsAre(1));
}

TEST(ArimaaEnd, ASideWithoutALegalTurnLoses) {
  state st = at("9g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . r . . . .
    4 . . . . . . . .
    3 . . x E . x . .
    2 . . . . . . . .
    1 R . . . . . . .
  )");
  // The elephant freezes Silver's only piece.
  ASSERT_EQ(refusal(st, "9g Ed3n"), "accepted: 9g Ed3n");
  EXPECT_EQ(st.outcome()->reason, "immobilization");
  EXPECT_EQ(st.outcome()->description, "Silver has no legal turn");
  EXPECT_EQ(st.ending().check, 5);
  EXPECT_THAT(st.outcome()->winners(), ElementsAre(0));
  EXPECT_FALSE(has_turn(st.board(), {}));
}

TEST(ArimaaEnd, EliminationIsCheckedBeforeImmobilization) {
  // The same blockade, but Gold's last rabbit falls into c3 on the way: check 4 comes first.
  state st = at("9g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . r . . . .
    4 . . . . . . . .
    3 . . R E . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )");
  ASSERT_EQ(refusal(st, "9g Ed3n"), "accepted: 9g Ed3n Rc3x");
  EXPECT_EQ(st.ending().check, 4);
  EXPECT_THAT(st.outcome()->winners(), ElementsAre(1));
}

// Silver's only piece that can move is the rabbit on a5, down the a-file: its turns lead to a4,
// a3 and a2. The gold rabbits on the b-file do not freeze it (equal strength).
constexpr std::string_view corridor = R"(
  8 . . . . . . . .
  7 . . . . . . . .
  6 . . x . . x . .
  5 r R . . . . . .
  4 . R . . . . . .
  3 . R x . . x . .
  2 . R . . . . . .
  1 R . . . . . . .
)";

std::string corridor_with_rabbit_on(char rank) {
  std::string picture(corridor);
  picture[picture.find("5 r") + 2] = '.';
  picture[picture.find(std::string(1, rank) + " .") + 2] = 'r';
  return picture;
}

TEST(ArimaaEnd, OnlyRepeatingTurnsLeftLoses) {
  std::string seen = "seen";
  for (char rank : {'4', '3', '2'})
    seen += " " + seen_entry('g', corridor_with_rabbit_on(rank), 2);
  state st = at("9s", corridor, seen);
  EXPECT_TRUE(st.is_terminal());
  EXPECT_EQ(st.ending().check, 6);
  EXPECT_EQ(st.outcome()->reason, "immobilization");
  EXPECT_EQ(st.outcome()->description,
            "Silver's only legal turns would repeat a position for the third time");
  EXPECT_TRUE(st.legal_moves().empty());
  // With one of them seen only once, Silver has exactly that turn.
  std::string once = seen.substr(0, seen.rfind("x2")) + "x1";
  state open = at("9s", corridor, once);
  EXPECT_FALSE(open.is_terminal());
  EXPECT_THAT(open.legal_moves(), ElementsAre("9s ra5s ra4s ra3s"));
}

TEST(ArimaaEnd, AGoalIsCheckedBeforeAnyImmobilization) {
  // Gold scores with the same turn that leaves Silver without a move.
  state st = at("9g", R"(
    8 . . . . . . . .
    7 . . . . . . R .
    6 . . x . . x . .
    5 . . . r . . . .
    4 . . . . . . . .
    3 . . x E . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )");
  ASSERT_EQ(refusal(st, "9g Ed3n Rg7n"), "accepted: 9g Ed3n Rg7n");
  EXPECT_EQ(st.ending().check, 1);
}

TEST(ArimaaEnd, SetupsAreNeverCheckedForElimination) {
  // After Gold's setup Silver has no rabbits yet; at 2g a position without rabbits is not over.
  state st;
  ASSERT_TRUE(st.play(gold_setup).has_value());
  EXPECT_FALSE(st.is_terminal());
  state bare = at("2g", R"(
    8 . . . . . . . .
    7 . . . e . . . .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . x . . x . .
    2 . . . . E . . .
    1 . . . . . . . .
  )");
  EXPECT_FALSE(bare.is_terminal());
}

// ---------------------------------------------------------------------------------------------
// Distinct turns: hand-checked counts

std::uint64_t turns_at(std::string_view tag, std::string_view picture) {
  state st = at(tag, picture);
  EXPECT_EQ(st.perft(1), st.legal_moves().size());
  return st.perft(1);
}

TEST(ArimaaTurns, TheStandardOpeningHas3353) {
  state st = opening();
  EXPECT_EQ(st.perft(1), 3353u);
  auto moves = st.legal_moves();
  EXPECT_EQ(moves.size(), 3353u);
  EXPECT_THAT(moves, Contains("2g Ee2n"));
  EXPECT_THAT(moves, Contains("2g Ee2n Ee3n Ee4n Ee5n"));
  // A shortest sequence for each position: a single step is never written as three.
  EXPECT_THAT(moves, Not(Contains("2g Ee2n Ee3n Ee4s")));
}

TEST(ArimaaTurns, ALoneElephantReachesEverySquareWithinFourSteps) {
  // Corner: squares at distance 1-4 from a1: 2 + 3 + 4 + 5.
  EXPECT_EQ(turns_at("2g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . x . . x . .
    2 . . . . . . . .
    1 E . . . . . . .
  )"),
            14u);
  // d4: the diamond of radius 4 has 41 squares; a0 and d0 are off the board; d4 itself is no
  // turn. The traps c3 f3 c6 f6 capture it, which is one more position: the empty board.
  EXPECT_EQ(turns_at("2g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . E . . . .
    3 . . x . . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )"),
            41u - 2 - 1 - 4 + 1);
}

TEST(ArimaaTurns, AFrozenPieceAddsNothing) {
  // The dog on d4 is frozen and the elephant cannot reach it within four steps.
  EXPECT_EQ(turns_at("2g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . h . . . .
    4 . . . D . . . .
    3 . . x . . x . .
    2 . . . . . . . .
    1 E . . . . . . .
  )"),
            14u);
}

TEST(ArimaaTurns, ARabbitGoesOnPastTheGoalRankMidTurn) {
  // From a6: b6; c6 is a trap (the rabbit dies there: the empty board), which also blocks d6 and
  // e6; rank 7 a-d; rank 8 a-c, the rabbit going on along its goal rank.
  EXPECT_EQ(turns_at("2g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 R . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . x . . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )"),
            1u + 1 + 4 + 3);
}

TEST(ArimaaTurns, PushesAndPullsIntoTraps) {
  // Elephant b3, silver cat b4, nothing else: 1 + 38 - ... too many to list by hand, so the
  // distinct positions are compared with the step-by-step reference, and a few are named.
  state st = at("2g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . c . . . . . .
    3 . E x . . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )");
  auto moves = st.legal_moves();
  EXPECT_EQ(listed_boards(st), reference_turns(st).boards());
  EXPECT_EQ(moves.size(), reference_turns(st).boards().size());
  EXPECT_THAT(moves, Contains("2g Eb3e Ec3x"));                 // into the trap alone
  EXPECT_THAT(moves, Contains("2g Eb3e Ec3x cb4s"));            // pulled as the puller dies
  EXPECT_THAT(moves, Contains("2g cb4e Eb3n cc4s cc3x Eb4e"));  // pushed twice, into c3
}

TEST(ArimaaTurns, TheFastGeneratorAgreesWithTheStepByStepReference) {
  for (std::string_view picture : {push_board, frozen_board, steps_board, touch_board}) {
    for (const char* tag : {"5g", "5s"}) {
      SCOPED_TRACE(std::string(tag) + std::string(picture));
      state st = at(tag, picture);
      EXPECT_EQ(listed_boards(st), reference_turns(st).boards());
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Turns submitted step by step (clients that drag pieces)

TEST(ArimaaStepByStep, StepsArePendingUntilEnd) {
  state st = opening();
  std::string before = st.to_text();
  ASSERT_EQ(refusal(st, "Ee2n"), "accepted: Ee2n");
  EXPECT_EQ(st.current_player(), 0);
  EXPECT_EQ(board_text(st.board()), board_text(opening().board()));  // nothing committed
  EXPECT_EQ(st.to_text(), before + " pending Ee2n");
  EXPECT_EQ(st.view()["pending"], nlohmann::json::array({"Ee2n"}));
  EXPECT_EQ(st.view()["steps_left"], 3);
  EXPECT_THAT(st.legal_moves(), Contains("end"));
  EXPECT_THAT(st.legal_moves(), Contains("Ee3n"));
  ASSERT_EQ(refusal(st, "Ee3n"), "accepted: Ee3n");
  ASSERT_EQ(refusal(st, "end"), "accepted: 2g Ee2n Ee3n");
  EXPECT_EQ(st.current_player(), 1);
  EXPECT_THAT(st.to_text(), Not(HasSubstr("pending")));
}

TEST(ArimaaStepByStep, AnUnfinishedTurnNeverLeaksIntoTheGame) {
  state st = opening();
  ASSERT_TRUE(st.play("Ee2n").has_value());
  state pending = st;
  // A refused step changes nothing; neither does a whole turn while steps are pending.
  EXPECT_THAT(refusal(st, "Ra1n"), HasSubstr("a2 is occupied by the gold dog"));
  EXPECT_THAT(refusal(st, "2g Md2n"), HasSubstr("of this turn are pending (Ee2n)"));
  EXPECT_EQ(st.to_text(), pending.to_text());
  // Undo takes steps back one at a time.
  ASSERT_EQ(refusal(st, "undo"), "accepted: undo");
  EXPECT_EQ(st.to_text(), opening().to_text());
  EXPECT_EQ(refusal(st, "undo"), "there is no pending step to take back");
}

TEST(ArimaaStepByStep, EndChecksTheWholeTurn) {
  state st = opening();
  ASSERT_TRUE(st.play("Ee2n").has_value());
  ASSERT_TRUE(st.play("Ee3s").has_value());  // back where it was: more steps may follow
  EXPECT_EQ(refusal(st, "end"), "the turn does not change the position, and a turn must change it");
  EXPECT_THAT(st.legal_moves(), Not(Contains("end")));
  EXPECT_EQ(refusal(st, "Md2n end"), "accepted: 2g Ee2n Ee3s Md2n");
}

TEST(ArimaaStepByStep, AStepAfterWhichNoTurnCanEndIsRefused) {
  state st = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . . r
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . x . . x . .
    2 . . . . . . . .
    1 E . . . . . . R
  )");
  for (const char* s : {"Ea1n", "Ea2s", "Ea1n"})
    ASSERT_TRUE(st.play(s).has_value()) << s;
  EXPECT_THAT(refusal(st, "Ea2s"), HasSubstr("this turn could no longer end legally"));
  EXPECT_EQ(refusal(st, "Ea2n"), "accepted: Ea2n");
}

TEST(ArimaaStepByStep, PushesArriveAsTwoStepsAndCapturesAreReported) {
  state st = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . r x . . x . .
    2 . H . . . . . .
    1 R . . . . . . .
  )");
  ASSERT_EQ(refusal(st, "rb3e"), "accepted: rb3e rc3x");
  EXPECT_THAT(st.legal_moves(), ElementsAre("Hb2n"));  // only the completion
  auto read = state::from_text(st.to_text());
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(read->to_text(), st.to_text());
  EXPECT_EQ(refusal(st, "Hb2n end"), "accepted: 5g rb3e rc3x Hb2n");
}

TEST(ArimaaStepByStep, AOneStepTurnNeedsItsTagOrEnd) {
  state st = opening();
  EXPECT_EQ(refusal(st, "Ee2n end"), "accepted: 2g Ee2n");
  EXPECT_EQ(refusal(st, "2s ed7s"), "accepted: 2s ed7s");
  EXPECT_EQ(refusal(st, "3w Ee3n Ee4n"), "accepted: 3g Ee3n Ee4n");  // archive tags are read
}

// ---------------------------------------------------------------------------------------------
// Listing a turn step by step (continuations): what a client offers while a turn is built

// Every turn reached by following continuations() from `st` to where the turn may end, as the
// boards they leave. The walk plays the chosen steps as pending steps on a copy, to know the
// board; a (board, steps, last step) seen before has the same continuations and is not walked
// again.
class continuation_walk {
 public:
  explicit continuation_walk(const state& st) : start_(st) { walk(st, ""); }
  const std::set<std::string>& boards() const { return boards_; }
  std::size_t calls() const { return calls_; }

 private:
  void walk(const state& built, const std::string& chosen) {
    auto c = start_.continuations(chosen);
    ++calls_;
    ASSERT_TRUE(c.has_value()) << chosen << ": " << c.error().message;
    if (c->may_end) {
      state ended = built;
      auto done = ended.play("end");
      ASSERT_TRUE(done.has_value()) << chosen << ": " << done.error().message;
      boards_.insert(board_text(ended.board()));
    } else if (!chosen.empty()) {
      EXPECT_FALSE(c->next.empty()) << chosen << ": neither an end nor a next step";
    }
    for (const std::string& step : c->next) {
      state next = built;
      auto played = next.play(step);
      ASSERT_TRUE(played.has_value()) << chosen << " " << step << ": " << played.error().message;
      EXPECT_EQ(*played, step);
      std::string key = board_text(next.pending()->board()) + " " +
                        std::to_string(next.pending()->steps()) + " " + step;
      if (!visited_.insert(key).second) continue;
      walk(next, chosen.empty() ? step : chosen + " " + step);
    }
  }

  const state& start_;
  std::set<std::string> boards_;
  std::set<std::string> visited_;
  std::size_t calls_ = 0;
};

TEST(ArimaaContinuations, FollowedToTheEndTheyReachExactlyTheListedTurns) {
  state opened = opening();
  std::vector<std::pair<std::string, state>> cases{{"the opening", opened}};
  for (std::string_view picture : {push_board, frozen_board, steps_board, touch_board}) {
    cases.emplace_back(std::string(picture), at("5g", picture));
    cases.emplace_back(std::string(picture), at("5s", picture));
  }
  cases.emplace_back("pushes and pulls into traps", at("2g", R"(
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . c . . . . . .
    3 . E x . . x . .
    2 . . . . . . . .
    1 . . . . . . . .
  )"));
  for (const auto& [name, st] : cases) {
    SCOPED_TRACE(name);
    continuation_walk walk(st);
    EXPECT_EQ(walk.boards(), listed_boards(st));
  }
}

TEST(ArimaaContinuations, FirstStepsOfTheOpeningAndWhereATurnMayEnd) {
  state st = opening();
  auto first = st.continuations("");
  ASSERT_TRUE(first.has_value());
  EXPECT_FALSE(first->may_end);  // no step yet: the position is unchanged
  EXPECT_THAT(first->next, Contains("Ee2n"));
  EXPECT_THAT(first->next, Not(Contains("Ra1n")));  // a2 holds the dog
  EXPECT_THAT(first->next, Not(Contains("Ra2s")));  // nothing stands on a2 but the dog
  auto after = st.continuations("Ee2n");
  ASSERT_TRUE(after.has_value());
  EXPECT_TRUE(after->may_end);
  EXPECT_THAT(after->next, Contains("Ee3n"));
  EXPECT_THAT(after->next, Contains("Ee3s"));    // back is allowed: another step may follow
  auto back = st.continuations("2g Ee2n Ee3s");  // the tag is allowed
  ASSERT_TRUE(back.has_value());
  EXPECT_FALSE(back->may_end);  // the same position as before the turn
  auto four = st.continuations("Ee2n Ee3n Ee4n Ee5n");
  ASSERT_TRUE(four.has_value());
  EXPECT_TRUE(four->next.empty());
  EXPECT_TRUE(four->may_end);
  // Nothing changes the state.
  EXPECT_EQ(st.to_text(), opening().to_text());
}

TEST(ArimaaContinuations, APushMustBeCompletedAndCapturesAreNamed) {
  state st = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . r x . . x . .
    2 . H . . . . . .
    1 R . . . . . . .
  )");
  auto start = st.continuations("");
  ASSERT_TRUE(start.has_value());
  EXPECT_THAT(start->next, Contains("rb3e rc3x"));  // the push begins into the trap
  auto pushed = st.continuations("rb3e");
  ASSERT_TRUE(pushed.has_value());
  EXPECT_THAT(pushed->next, ElementsAre("Hb2n"));  // only the completion
  EXPECT_FALSE(pushed->may_end);
  auto pulled = st.continuations("Hb2e rb3s");  // the horse pulls the rabbit into b2
  ASSERT_TRUE(pulled.has_value()) << pulled.error().message;
  EXPECT_TRUE(pulled->may_end);
}

TEST(ArimaaContinuations, AnIllegalPartIsRefusedWithTheReason) {
  state st = opening();
  auto occupied = st.continuations("Ra1n");
  ASSERT_FALSE(occupied.has_value());
  EXPECT_EQ(occupied.error().code.name(), "illegal_move");
  EXPECT_THAT(occupied.error().message, HasSubstr("a2 is occupied by the gold dog"));
  auto wrong_turn = st.continuations("2s ed7s");
  ASSERT_FALSE(wrong_turn.has_value());
  EXPECT_THAT(wrong_turn.error().message, HasSubstr("this is turn 2g"));
  auto garbage = st.continuations("Ee2n zz");
  ASSERT_FALSE(garbage.has_value());
  EXPECT_EQ(garbage.error().code.name(), "bad_notation");
  auto ended = st.continuations("Ee2n end");
  ASSERT_FALSE(ended.has_value());
  EXPECT_EQ(ended.error().code.name(), "bad_notation");
  // A part after which no turn can end: the elephant's way back would repeat the start.
  state lone = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . . r
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . x . . x . .
    2 . . . . . . . .
    1 E . . . . . . R
  )");
  auto dead = lone.continuations("Ea1n Ea2s Ea1n Ea2s");
  ASSERT_FALSE(dead.has_value());
  EXPECT_EQ(dead.error().code.name(), "illegal_move");
  EXPECT_THAT(dead.error().message, HasSubstr("this turn could no longer end legally"));
  EXPECT_THAT(lone.continuations("Ea1n Ea2s Ea1n")->next, Not(Contains("Ea2s")));
}

TEST(ArimaaContinuations, SetupsAreNotSplit) {
  state st;
  auto refused = st.continuations("");
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().code.name(), "no_steps");
}

// ---------------------------------------------------------------------------------------------
// The state as text, the view, the registry

TEST(ArimaaState, TextRoundTripsAndRefusesNonsense) {
  state st = opening();
  ASSERT_TRUE(st.play("2g Ee2n Ee3n").has_value());
  auto read = state::from_text(st.to_text());
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->to_text(), st.to_text());
  for (const char* bad : {"", "2g", "2g [rr]",
                          "0g ["
                          "                                        "
                          "                        ]",
                          "1g [R                                                               ]",
                          "2g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR] "
                          "pending Ee2s"}) {
    auto wrong = state::from_text(bad);
    EXPECT_FALSE(wrong.has_value()) << bad;
  }
}

TEST(ArimaaState, PerftCountsWholeTurns) {
  state st = opening();
  EXPECT_EQ(st.perft(1), 3353u);
  state start;
  EXPECT_EQ(start.perft(3), 3353u);  // one listed setup each, then Gold's turns
}

// ---------------------------------------------------------------------------------------------
// The game-time limit of the official time control (G): material decides

TEST(ArimaaGameTimeLimit, MaterialNowOrMostRecentlyDecidesAndSilverWinsWhenAlwaysEven) {
  state st = at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . r x . . x . .
    2 . H . . . . . .
    1 R . . . . . . .
  )");
  auto even = st.outcome_when_halted();
  ASSERT_TRUE(even.has_value());
  EXPECT_EQ(even->reason, "game_time_limit");
  EXPECT_EQ(even->ranks, (std::vector<int>{2, 1}));
  EXPECT_EQ(even->description, "the pieces were always even, so Silver wins (2 to 2)");

  ASSERT_TRUE(st.play("5g rb3e Hb2n").has_value());  // the rabbit dies on c3
  auto ahead = st.outcome_when_halted();
  EXPECT_EQ(ahead->ranks, (std::vector<int>{1, 2}));
  EXPECT_EQ(ahead->description, "Gold has more pieces (2 to 1)");

  ASSERT_TRUE(st.play("5s rg7w").has_value());
  ASSERT_TRUE(st.play("6g Hb3e").has_value());  // the horse steps onto the unguarded trap
  auto recently = st.outcome_when_halted();
  EXPECT_EQ(recently->ranks, (std::vector<int>{1, 2}));
  EXPECT_EQ(recently->description, "Gold had more pieces most recently (1 to 1)");
  EXPECT_FALSE(st.is_terminal());
}

}  // namespace
}  // namespace boardroom::engine::arimaa
