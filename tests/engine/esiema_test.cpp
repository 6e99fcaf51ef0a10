// Esiema: the board, the notation, the parameters and the setup phase. Scenarios of the play
// phase are in esiema_play_test.cpp, random games in esiema_playout_test.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/esiema/notation.hpp"
#include "tests/engine/esiema_helpers.hpp"

namespace boardroom::engine::esiema {
namespace {

using test::play;
using test::refused;
using test::scenario;

std::set<std::string> neighbour_names(const std::string& name) {
  pit p = *parse_pit(name);
  std::set<std::string> out;
  for (int i = 0; i < board.degree[p]; ++i)
    out.insert(pit_name(board.neighbours[p][i]));
  return out;
}

std::unique_ptr<engine::state> fresh(int players, param_map given, std::uint64_t seed = 1) {
  auto params = resolve_params(the_game().param_specs(), given);
  EXPECT_TRUE(params.has_value()) << params.error().message;
  auto st = the_game().new_state(players, *params, seed);
  EXPECT_TRUE(st.has_value()) << st.error().message;
  return std::move(*st);
}

// --- board -----------------------------------------------------------------------------------

TEST(esiema_board, has_91_pits_six_corners_and_24_other_edge_pits) {
  std::map<int, int> by_degree;
  for (pit p = 0; p < num_pits; ++p)
    ++by_degree[board.degree[p]];
  EXPECT_EQ(by_degree, (std::map<int, int>{{3, 6}, {4, 24}, {6, 61}}));
}

TEST(esiema_board, neighbours_read_off_the_drawing) {
  EXPECT_EQ(neighbour_names("f6"), (std::set<std::string>{"e5", "e6", "f5", "f7", "g6", "g7"}));
  EXPECT_EQ(neighbour_names("a1"), (std::set<std::string>{"a2", "b1", "b2"}));
  EXPECT_EQ(neighbour_names("f1"), (std::set<std::string>{"e1", "f2", "g2"}));
  EXPECT_EQ(neighbour_names("k11"), (std::set<std::string>{"k10", "j10", "j11"}));
  EXPECT_EQ(neighbour_names("g2"), (std::set<std::string>{"f1", "f2", "g3", "h3"}));
  EXPECT_EQ(neighbour_names("c5"), (std::set<std::string>{"c4", "c6", "b4", "b5", "d5", "d6"}));
  for (pit p = 0; p < num_pits; ++p) {
    for (int i = 0; i < board.degree[p]; ++i)
      EXPECT_TRUE(adjacent(board.neighbours[p][i], p)) << pit_name(p);
  }
}

TEST(esiema_board, pit_names_round_trip_and_nonsense_is_no_pit) {
  for (pit p = 0; p < num_pits; ++p)
    EXPECT_EQ(parse_pit(pit_name(p)), p);
  EXPECT_EQ(pit_name(0), "a1");
  EXPECT_EQ(pit_name(45), "f6");
  EXPECT_EQ(pit_name(90), "k11");
  for (const char* bad : {"a7", "a0", "g1", "k5", "l1", "f12", "f06", "F6", "f", "6", ""})
    EXPECT_FALSE(parse_pit(bad).has_value()) << bad;
}

// --- notation --------------------------------------------------------------------------------

TEST(esiema_notation, moves_read_and_print_the_same) {
  for (const char* text : {"@f6", "@f6M", "f6+5", "f6-f7b-g8r-g9R", "k11-k10r"}) {
    auto m = parse_move(text);
    ASSERT_TRUE(m.has_value()) << text << ": " << m.error().message;
    EXPECT_EQ(move_text(*m), text);
  }
  auto spaced = parse_move("  f6+5 ");
  ASSERT_TRUE(spaced.has_value());
  EXPECT_EQ(move_text(*spaced), "f6+5");
}

TEST(esiema_notation, bad_texts_say_what_is_wrong) {
  auto message = [](const char* text) {
    auto m = parse_move(text);
    EXPECT_FALSE(m.has_value()) << text;
    if (m) return std::string();
    EXPECT_EQ(m.error().code.name(), "bad_notation");
    return m.error().message;
  };
  EXPECT_EQ(message("g1-g2r"), "g1 is not a pit: row g runs from g2 to g11");
  EXPECT_EQ(message("@m3"), "m3 is not a pit: the rows run from a to k");
  EXPECT_EQ(message("f6-f7"),
            "each pit of the path is followed by the ball dropped there (f7r for a small red "
            "ball, f7R for red's mother), but f7 has none in 'f6-f7'");
  EXPECT_EQ(message("f6-f7x"),
            "'x' is no ball: the colours are r, b, y, g, o and p, capitals for the mothers");
  EXPECT_EQ(message("f6+x"),
            "a reproduction is the mother's pit, '+' and a number of balls, as in f6+5, not "
            "'f6+x'");
  EXPECT_EQ(message("@f6Q"),
            "a placement is '@' and a pit, with M after it for the mother ball: 'Q' is left over "
            "in '@f6Q'");
  EXPECT_EQ(message("f6-f7r-f8r-f9r-f10r-f11r-e10r-e9r-e8r-e7r-e6r-e5r-e4r-e3r"),
            "a path has at most 12 pits: a pit never holds more than 12 balls");
}

TEST(esiema_notation, positions_that_do_not_add_up_are_refused) {
  auto params = *resolve_params(the_game().param_specs(), {});
  auto message = [&](const std::string& text) {
    auto st = the_game().state_from_text(2, params, text);
    EXPECT_FALSE(st.has_value()) << text;
    if (st) return std::string();
    EXPECT_EQ(st.error().code.name(), "bad_notation");
    return st.error().message;
  };
  const std::string tail = " captured=0,0 retired=0,0 out=0,0 passes=0 draw=-";
  EXPECT_EQ(message("play to=r order=rb board=a1:rR,k11:bB reserve=68,69" + tail),
            "the red player has 69 small balls on the board, in reserve, captured and retired, "
            "not the 70 of the game");
  EXPECT_EQ(message("play to=r order=rb board=a1:rrrrrrrrrrrrrR,k11:bB reserve=57,69" + tail),
            "pit a1 must list 1 to 12 balls, not 'rrrrrrrrrrrrrR'");
  EXPECT_EQ(message("play to=r order=rb board=a1:bR,k11:bB reserve=70,68" + tail),
            "the red player has no small ball on the board and cannot reproduce: they would be "
            "out, not to act");
  EXPECT_EQ(message("play to=r order=rb board=a1:rR,k11:b reserve=69,69" + tail),
            "the blue player is still playing, so their mother ball must be on the board");
  EXPECT_EQ(message("setup to=r order=rb board=a1:r,k11:B reserve=69,70" + tail),
            "the red player cannot have placed these balls in the setup: the mother comes first, "
            "and 30 balls at most");
  auto good = the_game().state_from_text(
      2, params, "play to=r order=rb board=a1:rR,k11:bB reserve=69,69" + tail);
  ASSERT_TRUE(good.has_value()) << good.error().message;
}

// --- parameters ------------------------------------------------------------------------------

TEST(esiema_params, handicaps_and_the_first_player_must_fit_the_table) {
  auto params = [](param_map given) { return *resolve_params(the_game().param_specs(), given); };
  auto three = the_game().new_state(2, params({{"small_balls_seat_2", std::int64_t{50}}}), 1);
  ASSERT_FALSE(three.has_value());
  EXPECT_EQ(three.error().code.name(), "bad_parameter");
  EXPECT_EQ(three.error().field, "small_balls_seat_2");
  auto first = the_game().new_state(
      2, params({{"first_seat", std::int64_t{2}}, {"first_by_lot", false}}), 1);
  ASSERT_FALSE(first.has_value());
  EXPECT_EQ(first.error().field, "first_seat");
  EXPECT_FALSE(
      resolve_params(the_game().param_specs(), {{"small_balls_seat_0", std::int64_t{71}}}));
  EXPECT_FALSE(the_game().new_state(7, params({}), 1).has_value());
  EXPECT_FALSE(the_game().new_state(1, params({}), 1).has_value());
  EXPECT_EQ(the_game().player_names(3), (std::vector<std::string>{"Red", "Blue", "Yellow"}));
}

TEST(esiema_params, the_first_player_is_fixed_or_drawn_and_seating_is_kept) {
  auto st = fresh(2, {{"first_seat", std::int64_t{0}}, {"first_by_lot", false}});
  EXPECT_EQ(st->to_text(),
            "setup to=r order=rb board=- reserve=70,70 captured=0,0 retired=0,0 out=0,0 passes=0 "
            "draw=-");
  EXPECT_EQ(
      test::field(fresh(3, {{"first_seat", std::int64_t{1}}, {"first_by_lot", false}})->to_text(),
                  "order"),
      "byr");
  EXPECT_EQ(fresh(3, {{"first_seat", std::int64_t{1}}, {"first_by_lot", false}})->current_player(),
            1);
  // By lot, over many seeds every seat begins some game, and the seating order stays.
  std::set<std::string> orders;
  for (std::uint64_t seed = 0; seed < 60; ++seed)
    orders.insert(test::field(fresh(3, {}, seed)->to_text(), "order"));
  EXPECT_EQ(orders, (std::set<std::string>{"rby", "byr", "yrb"}));
  // turn_order=lot also shuffles the seats: all six orders of three players turn up.
  std::set<std::string> shuffled;
  for (std::uint64_t seed = 0; seed < 200; ++seed)
    shuffled.insert(
        test::field(fresh(3, {{"turn_order", std::string("lot")}}, seed)->to_text(), "order"));
  EXPECT_EQ(shuffled.size(), 6u);
  // A fixed first player leads the drawn order.
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    auto order = test::field(fresh(6,
                                   {{"turn_order", std::string("lot")},
                                    {"first_seat", std::int64_t{3}},
                                    {"first_by_lot", false}},
                                   seed)
                                 ->to_text(),
                             "order");
    EXPECT_EQ(order[0], 'g');
  }
}

// --- setup -----------------------------------------------------------------------------------

TEST(esiema_setup, the_mother_comes_first_then_small_balls_in_turn) {
  auto st = fresh(2, {{"first_seat", std::int64_t{0}}, {"first_by_lot", false}});
  auto moves = st->legal_moves();
  EXPECT_EQ(moves.size(), 91u);
  EXPECT_EQ(moves.front(), "@a1M");
  EXPECT_TRUE(st->lists_all_moves());
  refused(*st, "@f6", "your first placement is your mother ball: write @f6M");
  refused(*st, "f6-f7r", "sowing begins after the setup phase: place a ball, such as @f6");
  refused(*st, "f6+1", "there is no reproduction in the setup phase");
  play(*st, "@f6M");
  EXPECT_EQ(st->current_player(), 1);
  play(*st, "@f6M");  // mothers may share a pit
  refused(*st, "@f5M", "your mother ball is already on the board, in f6");
  play(*st, "@f6");
  EXPECT_EQ(test::board_of(*st), "f6:rRB");  // small balls, then the mothers by seat
  EXPECT_EQ(test::field(st->to_text(), "reserve"), "69,70");
  EXPECT_EQ(st->legal_moves().front(), "@a1");
}

TEST(esiema_setup, no_pit_takes_a_13th_ball_in_the_setup) {
  scenario s;
  s.stage = "setup";
  s.drawing = R"(
                   .   .   .   .   .   .
                 .   .   .   .   .   .   .
               .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   6r5bB   .   .   .   .   .
           .   .   .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .   .   .
               .   .   .   .   .   .   .   .
                 .   .   .   .   .   .   .
                   R   .   .   .   .   .
  )";
  auto st = s.make();
  refused(*st, "@f6", "pit f6 already holds 12 balls");
  auto moves = st->legal_moves();
  EXPECT_EQ(moves.size(), 90u);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "@f6"), 0);
}

TEST(esiema_setup, play_begins_with_the_first_player_once_all_have_placed) {
  auto st = fresh(
      2,
      {{"first_seat", std::int64_t{1}}, {"first_by_lot", false}, {"setup_balls", std::int64_t{3}}});
  for (const char* m : {"@k11M", "@a1M", "@k10", "@a2", "@k9"})
    play(*st, m);
  EXPECT_EQ(test::field(st->to_text(), "to"), "r");
  EXPECT_EQ(st->to_act(), (std::vector<actor>{{0, decision::setup}}));  // placing before play
  play(*st, "@a3");
  EXPECT_EQ(st->to_text(),
            "play to=b order=br board=a1:R,a2:r,a3:r,k9:b,k10:b,k11:B reserve=68,68 "
            "captured=0,0 retired=0,0 out=0,0 passes=0 draw=-");
  EXPECT_EQ(st->to_act(), (std::vector<actor>{{1, decision::move}}));
  EXPECT_FALSE(st->lists_all_moves());  // sowings now
  refused(*st, "@a4", "placements belong to the setup phase, which is over: sow or reproduce");
}

TEST(esiema_setup, a_handicapped_player_stops_placing_when_out_of_balls) {
  // Blue has one small ball: the mother and that ball, then red places alone.
  auto st = fresh(3, {{"first_seat", std::int64_t{0}},
                      {"first_by_lot", false},
                      {"setup_balls", std::int64_t{3}},
                      {"small_balls_seat_1", std::int64_t{1}}});
  for (const char* m : {"@a1M", "@k11M", "@f1M", "@a2", "@k10", "@f2", "@a3"})
    play(*st, m);
  EXPECT_EQ(test::field(st->to_text(), "to"), "y");
  play(*st, "@f3");
  EXPECT_EQ(st->to_text(),
            "play to=r order=rby board=a1:R,a2:r,a3:r,f1:Y,f2:y,f3:y,k10:b,k11:B "
            "reserve=68,0,68 captured=0,0,0 retired=0,0,0 out=0,0,0 passes=0 draw=-");
}

// Blue has no small balls at all: after the mothers, red must reproduce, and blue, with neither
// small balls on the board nor a reserve, is out at the start of its first turn.
TEST(esiema_setup, a_player_without_small_balls_is_out_at_its_first_turn) {
  auto st = fresh(2, {{"first_seat", std::int64_t{0}},
                      {"first_by_lot", false},
                      {"setup_balls", std::int64_t{1}},
                      {"small_balls_seat_1", std::int64_t{0}}});
  play(*st, "@a1M");
  play(*st, "@k11M");
  EXPECT_EQ(st->legal_moves().size(), 11u);
  EXPECT_TRUE(st->lists_all_moves());  // red must reproduce: nothing else
  play(*st, "a1+5");
  ASSERT_TRUE(st->is_terminal());
  EXPECT_EQ(st->outcome()->ranks, (std::vector<int>{1, 2}));
  EXPECT_EQ(test::board_of(*st), "a1:rrrrrR");
}

TEST(esiema_setup, six_players_place_in_seat_order) {
  auto st = fresh(
      6,
      {{"first_seat", std::int64_t{0}}, {"first_by_lot", false}, {"setup_balls", std::int64_t{1}}});
  for (const char* m : {"@a1M", "@a6M", "@f1M", "@f11M", "@k6M"}) {
    play(*st, m);
  }
  EXPECT_EQ(st->current_player(), 5);
  play(*st, "@k11M");
  // Only mothers were placed: everyone must reproduce, and red can (alone, with reserve).
  EXPECT_EQ(test::field(st->to_text(), "board"), "a1:R,a6:B,f1:Y,f11:G,k6:O,k11:P");
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_TRUE(st->lists_all_moves());
  EXPECT_EQ(st->legal_moves().size(), 11u);
  EXPECT_EQ(st->legal_moves().front(), "a1+1");
}

}  // namespace
}  // namespace boardroom::engine::esiema
