// Scenario tests for Come on, Sisyphos: one or more tests per rule of the ruling
// (/work/shared/rules/sisyphos.md, restated in engine/sisyphos/rules.md), positions drawn as ASCII.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "engine/core/registry.hpp"
#include "engine/sisyphos/notation.hpp"
#include "engine/sisyphos/position.hpp"
#include "engine/sisyphos/sisyphos.hpp"
#include "engine/sisyphos/state.hpp"

namespace boardroom::engine::sisyphos {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;
using ::testing::UnorderedElementsAreArray;

// ---------------------------------------------------------------------------------------------
// Helpers

// The position text of a picture: five rows, rank 5 at the top, file a on the left; 'S' a
// Sisyphos stone, 's' a spirit, '.' an empty square; blanks are ignored. Stones that are not
// drawn are in their owner's hand.
std::string picture_text(std::string_view picture, char to_move, int turns) {
  std::vector<std::string> rows;
  std::istringstream lines{std::string(picture)};
  for (std::string line; std::getline(lines, line);) {
    std::string row;
    for (char c : line) {
      if (c != ' ') row += c;
    }
    if (!row.empty()) rows.push_back(row);
  }
  EXPECT_EQ(rows.size(), 5u) << picture;
  std::string board;
  int sisyphos = 0;
  int spirits = 0;
  for (const auto& row : rows) {
    EXPECT_EQ(row.size(), 5u) << row;
    int empty = 0;
    for (char c : row) {
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) board += std::to_string(empty);
      empty = 0;
      board += c;
      (c == 'S' ? sisyphos : spirits) += 1;
    }
    if (empty) board += std::to_string(empty);
    board += '/';
  }
  board.pop_back();
  return board + " " + to_move + " S" + std::to_string(5 - sisyphos) + "s" +
         std::to_string(3 - spirits) + " " + std::to_string(turns);
}

std::unique_ptr<engine::state> from_text(std::string_view text,
                                         std::string_view spec = "sisyphos") {
  auto g = parse_game_spec(spec);
  if (!g) {
    ADD_FAILURE() << g.error().message;
    return nullptr;
  }
  auto st = g->game_ptr->state_from_text(2, g->params, text);
  if (!st) {
    ADD_FAILURE() << st.error().message << " in " << text;
    return nullptr;
  }
  return std::move(*st);
}

std::unique_ptr<engine::state> from_picture(std::string_view picture, char to_move = 'S',
                                            int turns = 0, std::string_view spec = "sisyphos") {
  return from_text(picture_text(picture, to_move, turns), spec);
}

std::unique_ptr<engine::state> start(std::string_view spec = "sisyphos") {
  auto g = parse_game_spec(spec);
  EXPECT_TRUE(g.has_value());
  return std::move(*g->game_ptr->new_state(2, g->params, 0));
}

// Legal moves of the stone on `from` ("c3"), or the re-entries ("@").
std::vector<std::string> moves_from(const engine::state& st, std::string_view from) {
  std::vector<std::string> out;
  for (auto& m : st.legal_moves()) {
    if (m.starts_with(from)) out.push_back(m);
  }
  return out;
}

// Plays a move that must be legal and returns its canonical text.
std::string play(engine::state& st, std::string_view text) {
  auto played = st.play(text);
  EXPECT_TRUE(played.has_value()) << text << ": " << played.error().message;
  return played.value_or("");
}

// Plays a move that must be rejected; checks that nothing changed and returns the error.
rule_error rejection(engine::state& st, std::string_view text) {
  std::string before = st.to_text();
  auto played = st.play(text);
  EXPECT_FALSE(played.has_value()) << text << " was accepted as " << played.value_or("");
  EXPECT_EQ(st.to_text(), before);
  return played ? rule_error{"illegal_move", "accepted", {}} : played.error();
}

void expect_illegal(engine::state& st, std::string_view text, std::string_view message) {
  auto e = rejection(st, text);
  EXPECT_EQ(e.code.name(), "illegal_move") << text;
  EXPECT_EQ(e.message, message) << text;
}

// ---------------------------------------------------------------------------------------------
// Start position

TEST(sisyphos_start, text_and_view) {
  auto st = start();
  EXPECT_EQ(st->to_text(), "ss3/s4/4S/4S/2SSS S S0s0 0");
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_FALSE(st->is_terminal());
  EXPECT_FALSE(st->outcome().has_value());
  auto v = st->view();
  EXPECT_EQ(v["to_move"], 0);
  EXPECT_EQ(v["hands"], nlohmann::json({0, 0}));
  EXPECT_EQ(v["sisyphos_turns"], 0);
  EXPECT_EQ(v["move_limit"], 60);
  EXPECT_EQ(v["edition"], "forum2007");
  EXPECT_EQ(v["board"].size(), 8u);
  EXPECT_EQ(v["board"][0], nlohmann::json({{"square", "c1"}, {"owner", 0}}));
}

TEST(sisyphos_start, sisyphos_has_eleven_moves) {
  // By hand: c1 goes left, up or up-left (b1, c2, b2); d1 is blocked on the left by c1 (d2, c2);
  // e1 is blocked on the left and above (d2); e2 is blocked above by e3 (d2, d3); e3 goes
  // anywhere (d3, e4, d4). Nothing can be captured and no hand is full.
  auto st = start();
  EXPECT_THAT(st->legal_moves(),
              UnorderedElementsAre("c1-b1", "c1-c2", "c1-b2", "d1-d2", "d1-c2", "e1-d2", "e2-d2",
                                   "e2-d3", "e3-d3", "e3-e4", "e3-d4"));
}

TEST(sisyphos_start, spirits_have_seven_replies) {
  // a5 is hemmed in by a4 and b5 (only b4); a4 and b5 each have all three directions.
  auto st = start();
  play(*st, "e3-e4");
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_THAT(st->legal_moves(),
              UnorderedElementsAre("a5-b4", "a4-b4", "a4-a3", "a4-b3", "b5-c5", "b5-b4", "b5-c4"));
}

// ---------------------------------------------------------------------------------------------
// Steps: directions

TEST(sisyphos_steps, sisyphos_moves_left_up_and_up_left_only) {
  auto st = from_picture(R"(
    s s . . .
    s . . . .
    . . S . .
    . . . . .
    . . . . .)");
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "c3"), ElementsAre("c3-b3", "c3-c4", "c3-b4"));
  for (auto m : {"c3-b3", "c3-c4", "c3-b4"})
    EXPECT_EQ(play(*st->clone(), m), m);
  const std::string rule = "Sisyphos stones move left, up or diagonally up-left; ";
  expect_illegal(*st, "c3-d3", rule + "c3 to d3 goes right");
  expect_illegal(*st, "c3-c2", rule + "c3 to c2 goes down");
  expect_illegal(*st, "c3-d4", rule + "c3 to d4 goes diagonally up-right");
  expect_illegal(*st, "c3-b2", rule + "c3 to b2 goes diagonally down-left");
  expect_illegal(*st, "c3-d2", rule + "c3 to d2 goes diagonally down-right");
  expect_illegal(*st, "c3-c5", "a step goes to a neighbouring square; c3 to c5 is further");
  expect_illegal(*st, "c3-a1", "a step goes to a neighbouring square; c3 to a1 is further");
  expect_illegal(*st, "c3-c3", rule + "c3 to c3 goes nowhere");
}

TEST(sisyphos_steps, spirits_move_right_down_and_down_right_only) {
  auto st = from_picture(R"(
    . . . . .
    . . . . .
    . . s . .
    . . . . .
    . . . . S)",
                         's', 1);
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "c3"), ElementsAre("c3-d3", "c3-c2", "c3-d2"));
  for (auto m : {"c3-d3", "c3-c2", "c3-d2"})
    EXPECT_EQ(play(*st->clone(), m), m);
  const std::string rule = "spirits move right, down or diagonally down-right; ";
  expect_illegal(*st, "c3-b3", rule + "c3 to b3 goes left");
  expect_illegal(*st, "c3-c4", rule + "c3 to c4 goes up");
  expect_illegal(*st, "c3-b4", rule + "c3 to b4 goes diagonally up-left");
  expect_illegal(*st, "c3-d4", rule + "c3 to d4 goes diagonally up-right");
  expect_illegal(*st, "c3-b2", rule + "c3 to b2 goes diagonally down-left");
}

TEST(sisyphos_steps, sisyphos_stones_do_not_wrap_around_the_edges) {
  // In square numbers a2 - 1 is e1 and a2 + 4 is e2: the board edge must stop both.
  auto st = from_picture(R"(
    s s . . S
    s . . . .
    . . . . .
    S . . . .
    . . . . .)");
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "a2"), ElementsAre("a2-a3"));
  EXPECT_THAT(moves_from(*st, "e5"), ElementsAre("e5-d5"));
}

TEST(sisyphos_steps, spirits_do_not_wrap_around_the_edges) {
  // e4 + 1 is a5 and e4 - 4 is a4 in square numbers; a1 has no square below it.
  auto st = from_picture(R"(
    . . . . .
    . . . . s
    . . . . .
    . . . . .
    s . . . S)",
                         's', 1);
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "e4"), ElementsAre("e4-e3"));
  EXPECT_THAT(moves_from(*st, "a1"), ElementsAre("a1-b1"));
}

TEST(sisyphos_steps, own_stones_block) {
  auto st = start();
  expect_illegal(*st, "e1-d1", "d1 holds your own stone");
  expect_illegal(*st, "e1-e2", "e2 holds your own stone");
  expect_illegal(*st, "d1-c1", "c1 holds your own stone");
  play(*st, "e3-d4");
  expect_illegal(*st, "a5-a4", "a4 holds your own stone");
  expect_illegal(*st, "a5-b5", "b5 holds your own stone");
}

TEST(sisyphos_steps, only_own_stones_move) {
  auto st = start();
  expect_illegal(*st, "c3-b3", "there is no Sisyphos stone on c3");
  expect_illegal(*st, "a4-a3", "there is no Sisyphos stone on a4");
  play(*st, "e3-d4");
  expect_illegal(*st, "e2-e1", "there is no spirit on e2");
  expect_illegal(*st, "c3-c2", "there is no spirit on c3");
}

// ---------------------------------------------------------------------------------------------
// Captures and hands

TEST(sisyphos_captures, a_step_onto_an_enemy_captures_it_into_its_owners_hand) {
  const char* picture = R"(
    s s . . .
    . . . . .
    . . . s .
    . . . . S
    . . . . .)";
  for (auto written : {"e2xd3", "e2-d3", "e2d3", " e2xd3\n"}) {
    auto st = from_picture(picture);
    ASSERT_TRUE(st);
    EXPECT_EQ(play(*st, written), "e2xd3");
    EXPECT_EQ(st->to_text(), "ss3/5/3S1/5/5 s S4s1 1");
    EXPECT_EQ(st->view()["hands"], nlohmann::json({4, 1}));
  }
}

TEST(sisyphos_captures, spirits_capture_too) {
  auto st = from_picture(R"(
    s s . . .
    . . . . .
    . . . s .
    . . . . S
    . . . . .)",
                         's', 3);
  ASSERT_TRUE(st);
  EXPECT_EQ(play(*st, "d3-e2"), "d3xe2");
  EXPECT_EQ(st->to_text(), "ss3/5/5/4s/5 S S5s0 3");
}

TEST(sisyphos_captures, x_needs_something_to_capture) {
  auto st = start();
  expect_illegal(*st, "e3xd4", "there is no stone to capture on d4");
  expect_illegal(*st, "e1xd2", "there is no stone to capture on d2");
}

TEST(sisyphos_captures, captured_stones_may_stay_in_hand) {
  auto st = from_picture(R"(
    s s . . .
    . . . . .
    . . . . .
    . . . . .
    . . . . S)",
                         's', 5);
  ASSERT_TRUE(st);
  // Spirits: one in hand; both stepping and re-entering are offered.
  EXPECT_THAT(moves_from(*st, "@"), ElementsAre("@a4"));
  EXPECT_THAT(moves_from(*st, "b5"), ElementsAre("b5-c5", "b5-b4", "b5-c4"));
  play(*st, "b5-c5");
  play(*st, "e1-d1");
  EXPECT_THAT(moves_from(*st, "@"), UnorderedElementsAre("@a4", "@b5"));
}

TEST(sisyphos_captures, no_reentry_without_a_stone_in_hand) {
  auto st = start();
  expect_illegal(*st, "@e1", "you have no stone in hand");
  expect_illegal(*st, "*d2", "you have no stone in hand");
}

// ---------------------------------------------------------------------------------------------
// Re-entry, forum2007: the nearest layer to one's corner with an empty square

TEST(sisyphos_reentry, the_corner_first) {
  auto st = from_picture(R"(
    s s . . .
    s . . . .
    . . . . .
    . . . . .
    . . . . .)");
  ASSERT_TRUE(st);
  EXPECT_THAT(st->legal_moves(), ElementsAre("@e1"));
  EXPECT_EQ(play(*st->clone(), "*e1"), "@e1");
  expect_illegal(*st, "@d1", "re-entry must be onto the rearmost free layer: e1 itself is free");
  expect_illegal(*st, "@a1", "re-entry must be onto the rearmost free layer: e1 itself is free");
}

TEST(sisyphos_reentry, free_choice_within_the_layer) {
  auto st = from_picture(R"(
    s s . . .
    s . . . .
    . . . . .
    . . . . .
    . . . . S)");
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), ElementsAre("@d1", "@e2"));
  EXPECT_EQ(play(*st->clone(), "@d1"), "@d1");
  EXPECT_EQ(play(*st->clone(), "@e2"), "@e2");
  expect_illegal(*st, "@c1",
                 "re-entry must be onto the rearmost free layer: d1 and e2 are free and nearer to "
                 "e1 than c1");
  expect_illegal(*st, "@e1", "a re-entry must be onto an empty square; e1 is occupied");
}

TEST(sisyphos_reentry, enemy_stones_fill_a_layer_and_are_never_captured) {
  auto st = from_picture(R"(
    s s . . .
    . . . . .
    . . . . .
    . . . . .
    . . . s S)");
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), ElementsAre("@e2"));
  expect_illegal(*st, "@d1", "a re-entry must be onto an empty square; d1 is occupied");
  expect_illegal(*st, "@c1",
                 "re-entry must be onto the rearmost free layer: e2 is free and nearer to e1 "
                 "than c1");
}

TEST(sisyphos_reentry, deeper_layers_when_the_nearer_ones_are_full) {
  // Layers 0 to 2 (e1; d1, e2; c1, d2, e3) are full, so layer 3 (b1, c2, d3, e4) is next.
  auto st = from_picture(R"(
    s . . . .
    . . . . .
    . . . . s
    . . . s S
    . . S S S)");
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), UnorderedElementsAre("@b1", "@c2", "@d3", "@e4"));
  auto partly = from_picture(R"(
    s s . . .
    s . . . .
    . . . . .
    . . . . S
    . . S S S)");
  ASSERT_TRUE(partly);
  EXPECT_THAT(moves_from(*partly, "@"), UnorderedElementsAre("@d2", "@e3"));
}

TEST(sisyphos_reentry, spirits_reenter_from_a5) {
  auto st = from_picture(R"(
    . . . . .
    . . . . .
    . . . . .
    . . . . S
    . . S S S)",
                         's', 4);
  ASSERT_TRUE(st);
  EXPECT_THAT(st->legal_moves(), ElementsAre("@a5"));
  play(*st, "@a5");
  play(*st, "e2-d2");
  EXPECT_THAT(moves_from(*st, "@"), UnorderedElementsAre("@a4", "@b5"));
  play(*st, "@b5");
  play(*st, "d2-d3");
  EXPECT_THAT(moves_from(*st, "@"), ElementsAre("@a4"));
  expect_illegal(*st, "@c5",
                 "re-entry must be onto the rearmost free layer: a4 is free and nearer to a5 than "
                 "c5");
}

TEST(sisyphos_reentry, spirits_go_deeper_in_forum2007) {
  auto st = from_picture(R"(
    s S . . .
    s . . . .
    . . . . .
    . . . . S
    . . S S .)",
                         's', 4);
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), UnorderedElementsAre("@a3", "@b4", "@c5"));
}

// ---------------------------------------------------------------------------------------------
// Re-entry, perlhuhn2007: start squares only, rearmost free layer first

constexpr std::string_view perlhuhn = "sisyphos(edition=perlhuhn2007)";

TEST(sisyphos_perlhuhn, reentry_only_onto_start_squares) {
  // e1, d1 and e2 are taken; of layer 2 only c1 and e3 are start squares, d2 is not.
  const char* picture = R"(
    s s . . .
    . . . . .
    . . . . .
    . . . . S
    . . . s S)";
  auto forum = from_picture(picture);
  ASSERT_TRUE(forum);
  EXPECT_THAT(moves_from(*forum, "@"), UnorderedElementsAre("@c1", "@d2", "@e3"));
  auto st = from_picture(picture, 'S', 0, perlhuhn);
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), UnorderedElementsAre("@c1", "@e3"));
  expect_illegal(*st, "@d2",
                 "in the perlhuhn2007 edition stones re-enter only on their start squares (e1, "
                 "d1, e2, c1 and e3)");
  expect_illegal(*st, "@a1",
                 "in the perlhuhn2007 edition stones re-enter only on their start squares (e1, "
                 "d1, e2, c1 and e3)");
}

TEST(sisyphos_perlhuhn, rearmost_layer_first_with_a_choice_inside) {
  auto st = from_picture(R"(
    s s . . .
    s . . . .
    . . . . .
    . . . . .
    . . . . S)",
                         'S', 0, perlhuhn);
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), ElementsAre("@d1", "@e2"));
  expect_illegal(*st, "@e3",
                 "re-entry must be onto the rearmost free layer: d1 and e2 are free and nearer to "
                 "e1 than e3");
}

TEST(sisyphos_perlhuhn, no_reentry_when_all_start_squares_are_occupied) {
  const char* picture = R"(
    s . . . .
    . . . . .
    . . . . s
    . . . . S
    . . S S S)";
  auto st = from_picture(picture, 'S', 0, perlhuhn);
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), IsEmpty());
  EXPECT_FALSE(st->legal_moves().empty());
  EXPECT_EQ(st->view()["reentry_squares"], nlohmann::json::array());
  expect_illegal(*st, "@d2",
                 "all your start squares (e1, d1, e2, c1 and e3) are occupied, so no stone can "
                 "re-enter");
  // The forum edition goes on to the next layer.
  auto forum = from_picture(picture);
  ASSERT_TRUE(forum);
  EXPECT_THAT(moves_from(*forum, "@"), ElementsAre("@d2"));
}

TEST(sisyphos_perlhuhn, spirits_with_all_start_squares_occupied) {
  auto st = from_picture(R"(
    s S . . .
    s . . . .
    . . . . .
    . . . . S
    . . S S .)",
                         's', 4, perlhuhn);
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), IsEmpty());
  expect_illegal(*st, "@a3",
                 "all your start squares (a5, a4 and b5) are occupied, so no stone can re-enter");
}

TEST(sisyphos_perlhuhn, spirits_reenter_on_a4_and_b5) {
  auto st = from_picture(R"(
    s . . . .
    . . . . .
    . . . . .
    . . . . S
    . . S S S)",
                         's', 4, perlhuhn);
  ASSERT_TRUE(st);
  EXPECT_THAT(moves_from(*st, "@"), ElementsAre("@a4", "@b5"));
}

// ---------------------------------------------------------------------------------------------
// Winning

void expect_outcome(const engine::state& st, int winner, std::string_view reason,
                    std::string_view description) {
  EXPECT_TRUE(st.is_terminal());
  EXPECT_EQ(st.current_player(), no_player);
  EXPECT_THAT(st.legal_moves(), IsEmpty());
  auto o = st.outcome();
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->winners(), std::vector<int>{winner});
  EXPECT_EQ(o->ranks, winner == 0 ? (std::vector{1, 2}) : (std::vector{2, 1}));
  EXPECT_EQ(o->scores, winner == 0 ? (std::vector{1.0, 0.0}) : (std::vector{0.0, 1.0}));
  EXPECT_EQ(o->reason, reason);
  EXPECT_EQ(o->description, description);
  EXPECT_EQ(st.view()["to_move"], nullptr);
}

TEST(sisyphos_winning, sisyphos_reaches_an_empty_a5) {
  auto st = from_picture(R"(
    . S s . .
    s . . . .
    . . . . .
    . . . . .
    . . . . .)",
                         'S', 20);
  ASSERT_TRUE(st);
  EXPECT_EQ(play(*st, "b5-a5"), "b5-a5");
  expect_outcome(*st, 0, "goal", "Sisyphos reached a5");
  expect_illegal(*st, "c5-c4", "the game is over");
  expect_illegal(*st, "@e1", "the game is over");
}

TEST(sisyphos_winning, sisyphos_captures_the_spirit_on_a5) {
  for (auto [picture, step] :
       {std::pair{"s . . . .\n S . . . .\n . . . . .\n . . . . .\n . . . . .", "a4xa5"},
        std::pair{"s . . . .\n . S . . .\n . . . . .\n . . . . .\n . . . . .", "b4xa5"},
        std::pair{"s S . . .\n . . . . .\n . . . . .\n . . . . .\n . . . . .", "b5xa5"}}) {
    auto st = from_picture(picture, 'S', 7);
    ASSERT_TRUE(st);
    EXPECT_EQ(play(*st, step), step);
    expect_outcome(*st, 0, "goal", "Sisyphos reached a5");
  }
}

TEST(sisyphos_winning, a_spirit_invades_e1) {
  auto empty = from_picture(R"(
    . . . . .
    . . . . .
    . . . . .
    . . . . S
    . . . s .)",
                            's', 9);
  ASSERT_TRUE(empty);
  EXPECT_EQ(play(*empty, "d1-e1"), "d1-e1");
  expect_outcome(*empty, 1, "invasion", "a spirit reached e1");
  auto capture = from_picture(R"(
    . . . . .
    . . . . .
    . . . . .
    . . . s .
    . . . . S)",
                              's', 9);
  ASSERT_TRUE(capture);
  EXPECT_EQ(play(*capture, "d2-e1"), "d2xe1");
  expect_outcome(*capture, 1, "invasion", "a spirit reached e1");
}

TEST(sisyphos_winning, the_last_allowed_turn_may_still_win) {
  const char* picture = R"(
    . S s . .
    s . . . .
    . . . . .
    . . . . .
    . . . . S)";
  auto st = from_picture(picture, 'S', 59);
  ASSERT_TRUE(st);
  play(*st, "b5-a5");
  expect_outcome(*st, 0, "goal", "Sisyphos reached a5");
}

TEST(sisyphos_winning, the_last_allowed_turn_without_a_win_loses) {
  const char* picture = R"(
    . S s . .
    s . . . .
    . . . . .
    . . . . .
    . . . . S)";
  auto st = from_picture(picture, 'S', 59);
  ASSERT_TRUE(st);
  play(*st, "e1-e2");
  EXPECT_EQ(st->view()["sisyphos_turns"], 60);
  expect_outcome(*st, 1, "move_limit", "Sisyphos did not reach a5 within 60 turns");
  // A re-entry is a turn as well.
  auto reentry = from_picture(picture, 'S', 59);
  ASSERT_TRUE(reentry);
  play(*reentry, "@d1");
  expect_outcome(*reentry, 1, "move_limit", "Sisyphos did not reach a5 within 60 turns");
  // One turn earlier the game goes on.
  auto earlier = from_picture(picture, 'S', 58);
  ASSERT_TRUE(earlier);
  play(*earlier, "e1-e2");
  EXPECT_FALSE(earlier->is_terminal());
  EXPECT_EQ(earlier->current_player(), 1);
}

TEST(sisyphos_winning, move_limit_parameter_counts_sisyphos_turns) {
  auto st = start("sisyphos(move_limit=3)");
  for (auto m : {"e3-e4", "b5-c5", "e4-d5", "c5-d4"})
    play(*st, m);
  EXPECT_FALSE(st->is_terminal());
  EXPECT_EQ(play(*st, "e2-e3"), "e2-e3");  // Sisyphos's third turn
  expect_outcome(*st, 1, "move_limit", "Sisyphos did not reach a5 within 3 turns");
}

TEST(sisyphos_winning, editions_have_their_own_limits) {
  EXPECT_EQ(start()->view()["move_limit"], 60);
  EXPECT_EQ(start(perlhuhn)->view()["move_limit"], 50);
  EXPECT_EQ(start(perlhuhn)->view()["edition"], "perlhuhn2007");
  EXPECT_EQ(start("sisyphos(edition=perlhuhn2007,move_limit=70)")->view()["move_limit"], 70);
  EXPECT_EQ(start("sisyphos(move_limit=1)")->view()["move_limit"], 1);
  auto st =
      from_picture(". S s . .\n s . . . .\n . . . . .\n . . . . .\n . . . . S", 'S', 49, perlhuhn);
  ASSERT_TRUE(st);
  play(*st, "e1-d1");
  expect_outcome(*st, 1, "move_limit", "Sisyphos did not reach a5 within 50 turns");
}

// ---------------------------------------------------------------------------------------------
// Parameters

TEST(sisyphos_params, defaults_and_canonical_spec) {
  auto spec = parse_game_spec("sisyphos");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->text(), "sisyphos(edition=forum2007,move_limit=0)");
  auto perl = parse_game_spec("sisyphos( edition = perlhuhn2007 )");
  ASSERT_TRUE(perl);
  EXPECT_EQ(perl->text(), "sisyphos(edition=perlhuhn2007,move_limit=0)");
  EXPECT_EQ(the_game().player_names(2), (std::vector<std::string>{"Sisyphos", "Spirits"}));
  EXPECT_EQ(the_game().display_name(), "Come on, Sisyphos");
}

TEST(sisyphos_params, bad_parameters_are_rejected) {
  struct bad {
    const char* spec;
    const char* message;
  };
  for (auto [spec, message] : {
           bad{"sisyphos(edition=x)",
               "parameter 'edition' must be one of forum2007, perlhuhn2007, not 'x'"},
           bad{"sisyphos(move_limit=1001)",
               "parameter 'move_limit' must be between 0 and 1000, not 1001"},
           bad{"sisyphos(move_limit=-1)",
               "parameter 'move_limit' must be between 0 and 1000, not -1"},
           bad{"sisyphos(move_limit=ten)", "parameter 'move_limit' must be an integer, not 'ten'"},
           bad{"sisyphos(colour=red)", "unknown parameter 'colour'; known: edition, move_limit"},
       }) {
    auto result = parse_game_spec(spec);
    ASSERT_FALSE(result.has_value()) << spec;
    EXPECT_EQ(result.error().code.name(), "bad_parameter") << spec;
    EXPECT_EQ(result.error().message, message) << spec;
  }
  auto wrong_type = resolve_params(the_game().param_specs(), {{"move_limit", true}});
  ASSERT_FALSE(wrong_type.has_value());
  EXPECT_EQ(wrong_type.error().field, "move_limit");
}

TEST(sisyphos_params, exactly_two_players) {
  auto st = the_game().new_state(3, {}, 0);
  ASSERT_FALSE(st.has_value());
  EXPECT_EQ(st.error().code.name(), "bad_players");
  auto text = the_game().state_from_text(1, {}, "ss3/s4/4S/4S/2SSS S S0s0 0");
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().code.name(), "bad_players");
}

TEST(sisyphos_params, unresolved_maps_are_resolved_not_trusted) {
  auto plain = the_game().new_state(2, {}, 0);
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ((*plain)->view()["move_limit"], 60);
  auto bad = the_game().new_state(2, {{"edition", std::string("nope")}}, 0);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code.name(), "bad_parameter");
}

// ---------------------------------------------------------------------------------------------
// Move notation

TEST(sisyphos_notation, every_step_and_reentry_round_trips) {
  for (square from = 0; from < num_squares; ++from) {
    for (square to = 0; to < num_squares; ++to) {
      for (bool capture : {false, true}) {
        move m = move::step(from, to, capture);
        auto w = parse_move(move_text(m));
        ASSERT_TRUE(w.has_value()) << move_text(m);
        EXPECT_EQ(w->from, from);
        EXPECT_EQ(w->to, to);
        EXPECT_EQ(w->capture_marked, capture);
        EXPECT_FALSE(w->reentry);
      }
    }
    auto w = parse_move(move_text(move::reentry(from)));
    ASSERT_TRUE(w.has_value());
    EXPECT_TRUE(w->reentry);
    EXPECT_EQ(w->to, from);
  }
  EXPECT_EQ(move_text(move::step(make_square(4, 2), make_square(3, 3), false)), "e3-d4");
  EXPECT_EQ(move_text(move::step(make_square(4, 2), make_square(3, 3), true)), "e3xd4");
  EXPECT_EQ(move_text(move::reentry(make_square(3, 0))), "@d1");
}

TEST(sisyphos_notation, accepted_spellings) {
  auto st = start();
  EXPECT_EQ(play(*st->clone(), "e3-d4"), "e3-d4");
  EXPECT_EQ(play(*st->clone(), "e3d4"), "e3-d4");
  EXPECT_EQ(play(*st->clone(), "  e3-d4 \t\n"), "e3-d4");
  auto reentry = from_picture("s s . . .\n s . . . .\n . . . . .\n . . . . .\n . . . . .");
  ASSERT_TRUE(reentry);
  EXPECT_EQ(play(*reentry->clone(), "@e1"), "@e1");
  EXPECT_EQ(play(*reentry->clone(), "*e1"), "@e1");
  EXPECT_EQ(play(*reentry->clone(), " @e1 "), "@e1");
}

TEST(sisyphos_notation, unreadable_moves_are_bad_notation) {
  const std::string expected = "a step such as e3-d4 or a re-entry such as @d1";
  struct bad {
    const char* text;
    std::string message;
  };
  for (const auto& [text, message] : {
           bad{"", "the move is empty: expected " + expected},
           bad{"   ", "the move is empty: expected " + expected},
           bad{"hello", "expected " + expected + ", not 'hello'"},
           bad{"e3", "expected " + expected + ", not 'e3'"},
           bad{"e3-", "expected " + expected + ", not 'e3-'"},
           bad{"e3--d4", "expected " + expected + ", not 'e3--d4'"},
           bad{"e3 d4", "expected " + expected + ", not 'e3 d4'"},
           bad{"E3-D4", "expected " + expected + ", not 'E3-D4'"},
           bad{"e3-d4x", "unexpected 'x' after the move in 'e3-d4x': expected " + expected},
           bad{"e3-d4-c5", "unexpected '-c5' after the move in 'e3-d4-c5': expected " + expected},
           bad{"f3-e3", "f3 is not a square: files run from a to e, ranks from 1 to 5"},
           bad{"e3-e6", "e6 is not a square: files run from a to e, ranks from 1 to 5"},
           bad{"a0-a1", "a0 is not a square: files run from a to e, ranks from 1 to 5"},
           bad{"@", "expected " + expected + ", not '@'"},
           bad{"@@e1", "expected " + expected + ", not '@@e1'"},
           bad{"@z9", "z9 is not a square: files run from a to e, ranks from 1 to 5"},
       }) {
    auto st = start();
    auto e = rejection(*st, text);
    EXPECT_EQ(e.code.name(), "bad_notation") << text;
    EXPECT_EQ(e.message, message) << text;
  }
}

// ---------------------------------------------------------------------------------------------
// Position text

TEST(sisyphos_position_text, round_trips) {
  for (auto text : {"ss3/s4/4S/4S/2SSS S S0s0 0", "ss3/5/3S1/5/5 s S4s1 1", "5/5/5/5/5 S S5s3 0",
                    "SSSSS/5/5/5/sss2 s S0s0 60", "1S3/s4/2s2/3S1/4s S S3s0 12",
                    "S4/5/5/5/5 s S4s3 33", "5/5/5/5/4s S S5s2 2"}) {
    auto st = from_text(text);
    ASSERT_TRUE(st);
    EXPECT_EQ(st->to_text(), text);
  }
}

TEST(sisyphos_position_text, canonical_form_ignores_extra_whitespace) {
  auto st = from_text("  ss3/s4/4S/4S/2SSS \t S   S0s0 0\n");
  ASSERT_TRUE(st);
  EXPECT_EQ(st->to_text(), "ss3/s4/4S/4S/2SSS S S0s0 0");
  auto runs = from_text("ss21/s1111/4S/4S/2SSS S S0s0 0");  // digits may be split
  ASSERT_TRUE(runs);
  EXPECT_EQ(runs->to_text(), "ss3/s4/4S/4S/2SSS S S0s0 0");
}

TEST(sisyphos_position_text, malformed_text_is_rejected) {
  struct bad {
    const char* text;
    const char* message;
  };
  const std::string fields =
      "a position has four fields separated by spaces: board, side to move, hands and "
      "Sisyphos's turns, e.g. 'ss3/s4/4S/4S/2SSS S S0s0 0'";
  for (auto [text, message] : {
           bad{"", fields.c_str()},
           bad{"ss3/s4/4S/4S/2SSS S S0s0", fields.c_str()},
           bad{"ss3/s4/4S/4S/2SSS S S0s0 0 0", fields.c_str()},
           bad{"ss3/s4/4S/4S S S0s0 0",
               "the board needs 5 ranks separated by '/', found 4 in 'ss3/s4/4S/4S'"},
           bad{"ss3/s4/4S/4S/2SSS/5 S S0s0 0",
               "the board needs 5 ranks separated by '/', found 6 in 'ss3/s4/4S/4S/2SSS/5'"},
           bad{"ss4/s4/4S/4S/2SSS S S0s0 0", "rank 5 ('ss4') covers 6 squares, not 5"},
           bad{"ss3/s4/4S/4S/2SS S S1s0 0", "rank 1 ('2SS') covers 4 squares, not 5"},
           bad{"ss3/s4//4S/2SSS S S0s0 0", "rank 3 ('') covers 0 squares, not 5"},
           bad{"ss3/s4/4S/4X/2SSS S S0s0 0",
               "unexpected 'X' in rank 2: use S, s and the digits 1 to 5"},
           bad{"ss3/s0s3/4S/4S/2SSS S S0s0 0",
               "unexpected '0' in rank 4: use S, s and the digits 1 to 5"},
           bad{"ss3/s4/4S/4S/2SSS x S0s0 0",
               "the side to move must be 'S' (Sisyphos) or 's' (the spirits), not 'x'"},
           bad{"ss3/s4/4S/4S/2SSS S 0 0", "the hands must read S<n>s<n>, e.g. S0s1, not '0'"},
           bad{"ss3/s4/4S/4S/2SSS S s0S0 0", "the hands must read S<n>s<n>, e.g. S0s1, not 's0S0'"},
           bad{"ss3/s4/4S/4S/2SSS S S-1s0 0",
               "the hands must read S<n>s<n>, e.g. S0s1, not 'S-1s0'"},
           bad{"ss3/s4/4S/4S/2SSS S Ss0 0", "the hands must read S<n>s<n>, e.g. S0s1, not 'Ss0'"},
           bad{"ss3/s4/4S/4S/2SSS S S1s0 0",
               "Sisyphos has 5 on the board and 1 in hand; he must have exactly 5 stones"},
           bad{"ss3/s4/4S/4S/3SS S S0s0 0",
               "Sisyphos has 4 on the board and 0 in hand; he must have exactly 5 stones"},
           bad{"ss3/s4/4S/4S/2SSS S S0s1 0",
               "the spirits have 3 on the board and 1 in hand; they must have exactly 3 stones"},
           bad{"SSSSS/SSSSS/SSSSS/SSSSS/SSSSS S S-20s3 0",
               "the hands must read S<n>s<n>, e.g. S0s1, not 'S-20s3'"},
           bad{"ss3/s4/4S/4S/2SSS S S0s0 x",
               "Sisyphos's turns must be a number from 0 to the move limit 60, not 'x'"},
           bad{"ss3/s4/4S/4S/2SSS S S0s0 -1",
               "Sisyphos's turns must be a number from 0 to the move limit 60, not '-1'"},
           bad{"ss3/s4/4S/4S/2SSS S S0s0 61",
               "Sisyphos's turns must be a number from 0 to the move limit 60, not '61'"},
           bad{"ss3/s4/4S/4S/2SSS S S0s0 99999999999999999999",
               "Sisyphos's turns must be a number from 0 to the move limit 60, not "
               "'99999999999999999999'"},
           bad{"S4/5/5/5/4s s S4s2 5",
               "a Sisyphos stone on a5 and a spirit on e1: a game cannot be won by both sides"},
       }) {
    auto st = the_game().state_from_text(2, {}, text);
    ASSERT_FALSE(st.has_value()) << text;
    EXPECT_EQ(st.error().code.name(), "bad_notation") << text;
    EXPECT_EQ(st.error().message, message) << text;
  }
}

TEST(sisyphos_position_text, turn_count_is_checked_against_the_limit_in_force) {
  EXPECT_FALSE(the_game().state_from_text(2, {}, "ss3/s4/4S/4S/2SSS s S0s0 61").has_value());
  auto g = parse_game_spec("sisyphos(move_limit=100)");
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->game_ptr->state_from_text(2, g->params, "ss3/s4/4S/4S/2SSS s S0s0 61"));
  auto p = parse_game_spec(std::string(perlhuhn));
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->game_ptr->state_from_text(2, p->params, "ss3/s4/4S/4S/2SSS s S0s0 51"));
}

TEST(sisyphos_position_text, a_finished_position_reads_back_as_finished) {
  auto st = from_text("S4/5/5/5/5 s S4s3 33");
  ASSERT_TRUE(st);
  expect_outcome(*st, 0, "goal", "Sisyphos reached a5");
  auto limit = from_text("5/5/5/5/5 s S5s3 60");
  ASSERT_TRUE(limit);
  expect_outcome(*limit, 1, "move_limit", "Sisyphos did not reach a5 within 60 turns");
}

// ---------------------------------------------------------------------------------------------
// The fast position: unmoves are exactly the inverse of moves (what a retrograde solver needs)

TEST(sisyphos_position, unmoves_invert_moves_along_random_games) {
  // A short limit as well, so that games end by it and unmoves meet the limit.
  for (auto r : {rules::of(edition::forum2007, 0), rules::of(edition::perlhuhn2007, 0),
                 rules::of(edition::forum2007, 6)}) {
    std::mt19937_64 rng(7);
    for (int game = 0; game < 30; ++game) {
      position pos = position::start();
      while (!pos.is_over(r)) {
        move_list moves;
        pos.generate_moves(r, moves);
        ASSERT_EQ(pos.count_moves(r), moves.size());
        for (move m : moves) {
          position next = pos;
          next.play_unchecked(m);
          move_list unmoves;
          next.generate_unmoves(r, unmoves);
          EXPECT_TRUE(unmoves.contains(m)) << position_text(pos) << " " << move_text(m);
          for (move u : unmoves) {
            position before = next;
            before.undo(u);
            ASSERT_TRUE(before.is_legal(u, r));
            before.play_unchecked(u);
            EXPECT_EQ(before, next);
          }
          next.undo(m);
          EXPECT_EQ(next, pos);
        }
        pos.play_unchecked(moves[static_cast<int>(rng() % moves.size())]);
      }
    }
  }
}

TEST(sisyphos_position, unmoves_of_the_start_position) {
  // Stepping into a4 or b5 would need a spirit on a5 to come from; but each of the three could
  // have re-entered last: a5 onto an empty corner, a4 and b5 with a5 taken. The turn count does
  // not rule these out, since it counts Sisyphos's turns only.
  auto r = rules::of(edition::forum2007, 0);
  move_list unmoves;
  position::start().generate_unmoves(r, unmoves);
  std::vector<std::string> texts;
  for (move u : unmoves)
    texts.push_back(move_text(u));
  EXPECT_THAT(texts, UnorderedElementsAre("@a4", "@a5", "@b5"));
  // With the spirits to move and no Sisyphos turn made, Sisyphos cannot have moved last.
  auto spirits = parse_position("ss3/s4/4S/4S/2SSS s S0s0 0", r);
  ASSERT_TRUE(spirits);
  spirits->generate_unmoves(r, unmoves);
  EXPECT_TRUE(unmoves.empty());
}

}  // namespace
}  // namespace boardroom::engine::sisyphos
