// Scenario tests for the Game of the Amazons: one or more tests per rule of the ruling
// (/work/shared/rules/amazons.md, restated in engine/amazons/rules.md), positions drawn as ASCII.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "amazons_reference.hpp"
#include "engine/amazons/amazons.hpp"
#include "engine/amazons/notation.hpp"
#include "engine/amazons/position.hpp"
#include "engine/amazons/state.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::engine::amazons {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;
using ::testing::UnorderedElementsAreArray;

// ---------------------------------------------------------------------------------------------
// Helpers

// The board field of a position text from a picture: one row per rank, the top rank first, file
// a on the left; 'W' and 'B' amazons, 'x' an arrow, '.' an empty square; blanks are ignored.
std::string picture_board(std::string_view picture) {
  std::vector<std::string> rows;
  std::istringstream lines{std::string(picture)};
  for (std::string line; std::getline(lines, line);) {
    std::string row;
    for (char c : line) {
      if (c != ' ') row += c;
    }
    if (!row.empty()) rows.push_back(row);
  }
  std::string board;
  for (const auto& row : rows) {
    EXPECT_EQ(row.size(), rows.size()) << row;
    int empty = 0;
    for (char c : row) {
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) board += std::to_string(empty);
      empty = 0;
      board += c;
    }
    if (empty) board += std::to_string(empty);
    board += '/';
  }
  board.pop_back();
  return board;
}

std::unique_ptr<engine::state> from_text(std::string_view text, std::string_view spec = "amazons") {
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

// `rest`: colour to move, seats and passes, e.g. "w - w0b0".
std::unique_ptr<engine::state> from_picture(std::string_view picture, std::string_view rest,
                                            std::string_view spec) {
  return from_text(picture_board(picture) + " " + std::string(rest), spec);
}

std::unique_ptr<engine::state> start(std::string_view spec = "amazons") {
  auto g = parse_game_spec(spec);
  EXPECT_TRUE(g.has_value());
  return std::move(*g->game_ptr->new_state(2, g->params, 0));
}

// The landing squares of the moves starting with `prefix` ("d4-"), each once.
std::vector<std::string> destinations(const engine::state& st, std::string_view from) {
  std::vector<std::string> out;
  std::string prefix = std::string(from) + "-";
  for (const auto& m : st.legal_moves()) {
    if (!m.starts_with(prefix)) continue;
    std::string to = m.substr(prefix.size(), m.find('/') - prefix.size());
    if (out.empty() || out.back() != to) out.push_back(to);
  }
  return out;
}

// The arrow squares of the moves starting with `from_to` ("d4-d6").
std::vector<std::string> arrows(const engine::state& st, std::string_view from_to) {
  std::vector<std::string> out;
  std::string prefix = std::string(from_to) + "/";
  for (const auto& m : st.legal_moves()) {
    if (m.starts_with(prefix)) out.push_back(m.substr(prefix.size()));
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

void expect_outcome(const engine::state& st, int winner, std::string_view description) {
  ASSERT_TRUE(st.is_terminal());
  EXPECT_EQ(st.current_player(), no_player);
  EXPECT_THAT(st.legal_moves(), IsEmpty());
  auto o = st.outcome();
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->winners(), std::vector<int>{winner});
  EXPECT_EQ(o->ranks[winner], 1);
  EXPECT_EQ(o->ranks[1 - winner], 2);
  EXPECT_EQ(o->scores[winner], 1.0);
  EXPECT_EQ(o->scores[1 - winner], 0.0);
  EXPECT_EQ(o->reason, "no_moves");
  EXPECT_EQ(o->description, description);
}

// ---------------------------------------------------------------------------------------------
// Boards and start

TEST(amazons_start, the_three_boards) {
  EXPECT_EQ(start()->to_text(), "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w - w0b0");
  EXPECT_EQ(start("amazons(board_size=8)")->to_text(), "2B2B2/8/B6B/8/8/W6W/8/2W2W2 w - w0b0");
  EXPECT_EQ(start("amazons(board_size=6)")->to_text(), "1B2B1/B4B/6/6/W4W/1W2W1 w - w0b0");
  auto squares = [](const engine::state& st, std::string_view colour) {
    std::vector<std::string> out;
    auto view = st.view();
    for (const auto& a : view["amazons"]) {
      if (a["colour"] == colour) out.push_back(a["square"]);
    }
    return out;
  };
  // The ruling's squares, listed in square order (rank by rank from a1).
  EXPECT_THAT(squares(*start(), "white"), ElementsAre("d1", "g1", "a4", "j4"));
  EXPECT_THAT(squares(*start(), "black"), ElementsAre("a7", "j7", "d10", "g10"));
  EXPECT_THAT(squares(*start("amazons(board_size=8)"), "white"),
              ElementsAre("c1", "f1", "a3", "h3"));
  EXPECT_THAT(squares(*start("amazons(board_size=8)"), "black"),
              ElementsAre("a6", "h6", "c8", "f8"));
  EXPECT_THAT(squares(*start("amazons(board_size=6)"), "white"),
              ElementsAre("b1", "e1", "a2", "f2"));
  EXPECT_THAT(squares(*start("amazons(board_size=6)"), "black"),
              ElementsAre("a5", "f5", "b6", "e6"));
}

TEST(amazons_start, white_moves_first) {
  auto st = start();
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_FALSE(st->is_terminal());
  EXPECT_FALSE(st->outcome().has_value());
  expect_illegal(*st, "a7-a5/a6", "there is no amazon of yours on a7: the amazon there is Black's");
  EXPECT_EQ(play(*st, "d1-d7/g7"), "d1-d7/g7");
  EXPECT_EQ(st->current_player(), 1);
  expect_illegal(*st, "a4-a5/a6", "there is no amazon of yours on a4: the amazon there is White's");
}

TEST(amazons_start, moves_are_listed_in_square_order) {
  // By origin, landing square and arrow square, each in square order (a1, b1, ..., j1, a2, ...).
  auto moves = start()->legal_moves();
  ASSERT_EQ(moves.size(), 2176u);
  EXPECT_EQ(moves.front(), "d1-a1/b1");
  EXPECT_EQ(moves.back(), "j4-e9/f10");  // e9 is the last square j4 reaches, f10 its last arrow
  EXPECT_EQ(start("amazons(board_size=6)")->legal_moves().front(), "b1-a1/b1");
}

// ---------------------------------------------------------------------------------------------
// The amazon's queen move

// White's d4 in the middle of an 8x8 board, with arrows and amazons in its way.
constexpr std::string_view crossroads = R"(
    B . . . . . . B
    B . . . . x . .
    . x . . . . . .
    . . . . . B . .
    . . . W . . x .
    . . . . . . . .
    . x . . . . . .
    W W . . . . . W)";

TEST(amazons_queen_move, any_distance_in_eight_directions_until_something_is_in_the_way) {
  auto st = from_picture(crossroads, "w - w0b0", "amazons(board_size=8)");
  ASSERT_TRUE(st);
  EXPECT_THAT(destinations(*st, "d4"),
              UnorderedElementsAre("e4", "f4",              // right, up to the arrow on g4
                                   "c4", "b4", "a4",        // left, to the edge
                                   "d5", "d6", "d7", "d8",  // up
                                   "d3", "d2", "d1",        // down
                                   "e5", "f6", "g7",        // up-right, up to the amazon on h8
                                   "c5",                    // up-left, up to the arrow on b6
                                   "e3", "f2", "g1",        // down-right
                                   "c3"));                  // down-left, up to the arrow on b2
}

TEST(amazons_queen_move, no_jumping_no_landing_on_anything_and_only_straight_lines) {
  auto st = from_picture(crossroads, "w - w0b0", "amazons(board_size=8)");
  ASSERT_TRUE(st);
  expect_illegal(*st, "d4-h4/h5", "h4 is not reachable from d4: the arrow on g4 blocks it");
  expect_illegal(*st, "d4-a7/a6", "a7 is not reachable from d4: the arrow on b6 blocks it");
  expect_illegal(*st, "a1-c1/c2", "c1 is not reachable from a1: the amazon on b1 blocks it");
  expect_illegal(*st, "d4-g4/g5", "g4 is not reachable from d4: it holds an arrow");
  expect_illegal(*st, "d4-h8/h7", "h8 is not reachable from d4: it holds an amazon");
  expect_illegal(*st, "b1-h1/h2", "h1 is not reachable from b1: it holds an amazon");
  expect_illegal(*st, "d4-e6/e5", "e6 is not reachable from d4: they are not on a line");
  expect_illegal(*st, "d4-a8/a6", "a8 is not reachable from d4: they are not on a line");
  expect_illegal(*st, "d4-d4/d5", "the amazon on d4 must move to another square");
}

TEST(amazons_queen_move, only_own_amazons_move) {
  auto st = from_picture(crossroads, "w - w0b0", "amazons(board_size=8)");
  ASSERT_TRUE(st);
  expect_illegal(*st, "f5-f6/f7", "there is no amazon of yours on f5: the amazon there is Black's");
  expect_illegal(*st, "c3-c4/c5", "there is no amazon of yours on c3: the square is empty");
  expect_illegal(*st, "b2-b3/b4", "there is no amazon of yours on b2: it holds an arrow");
}

TEST(amazons_queen_move, lines_do_not_wrap_around_the_board_edges) {
  // In square numbers j4 + 1 is a5 and a4 - 1 is j3: neither is a neighbour.
  auto st = start();
  for (auto [from, to] : {std::pair{"j4", "a5"}, {"a4", "j3"}, {"j4", "a6"}, {"a4", "j2"}}) {
    expect_illegal(*st, std::string(from) + "-" + to + "/e5",
                   std::string(to) + " is not reachable from " + from + ": they are not on a line");
  }
  EXPECT_THAT(destinations(*start(), "j4"),
              UnorderedElementsAre("j1", "j2", "j3", "j5", "j6", "i4", "h4", "g4", "f4", "e4", "d4",
                                   "c4", "b4", "i5", "h6", "g7", "f8", "e9", "i3", "h2"));
}

// ---------------------------------------------------------------------------------------------
// The arrow

TEST(amazons_arrow, flies_like_a_queen_from_the_landing_square) {
  auto st = from_picture(crossroads, "w - w0b0", "amazons(board_size=8)");
  ASSERT_TRUE(st);
  // From d7: left up to a7's amazon, right up to the arrow on f7, down through d4 (which the
  // amazon has just left) to d1, up to d8, and the diagonals: down-right up to f5's amazon.
  EXPECT_THAT(arrows(*st, "d4-d7"),
              UnorderedElementsAre("c7", "b7", "e7", "d8", "d6", "d5", "d4", "d3", "d2", "d1", "c8",
                                   "e8", "c6", "b5", "a4", "e6"));
}

TEST(amazons_arrow, may_fly_back_over_or_onto_the_square_just_left) {
  auto st = from_picture(crossroads, "w - w0b0", "amazons(board_size=8)");
  ASSERT_TRUE(st);
  EXPECT_EQ(play(*st->clone(), "d4-d6/d4"), "d4-d6/d4");
  EXPECT_EQ(play(*st->clone(), "d4-d6/d1"), "d4-d6/d1");
  auto after = st->clone();
  play(*after, "d4-f4/a4");
  EXPECT_EQ(after->to_text(), "B6B/B4x2/1x6/5B2/x4Wx1/8/1x6/WW5W b - w0b0");
}

TEST(amazons_arrow, is_blocked_like_an_amazon) {
  auto st = from_picture(crossroads, "w - w0b0", "amazons(board_size=8)");
  ASSERT_TRUE(st);
  expect_illegal(*st, "d4-d7/g7", "g7 is not reachable from d7: the arrow on f7 blocks it");
  expect_illegal(*st, "d4-d5/h5", "h5 is not reachable from d5: the amazon on f5 blocks it");
  expect_illegal(*st, "d4-d7/a7", "a7 is not reachable from d7: it holds an amazon");
  expect_illegal(*st, "d4-e4/g4", "g4 is not reachable from e4: it holds an arrow");
  expect_illegal(*st, "d4-d5/f6", "f6 is not reachable from d5: they are not on a line");
  expect_illegal(*st, "d4-d5/d5",
                 "the arrow cannot land on d5: it is shot from there, where the amazon stands");
}

TEST(amazons_arrow, both_parts_are_compulsory) {
  auto st = start();
  auto e = rejection(*st, "d1-d7");
  EXPECT_EQ(e.code.name(), "bad_notation");
  EXPECT_EQ(e.message,
            "'d1-d7' has no arrow: write the square it is shot to after a '/', as in d1-d7/g7");
}

// A client may offer the two parts one after the other: the queen move, then the arrow.
TEST(amazons_arrow, the_two_parts_listed_one_after_the_other_make_every_move) {
  auto st = start("amazons(board_size=6)");
  auto queens = st->continuations("");
  ASSERT_TRUE(queens.has_value()) << queens.error().message;
  EXPECT_FALSE(queens->may_end);
  std::set<std::string> built;
  for (const auto& q : queens->next) {
    auto arrows = st->continuations(q);
    ASSERT_TRUE(arrows.has_value()) << q;
    EXPECT_FALSE(arrows->may_end) << q << " alone is no move";
    EXPECT_FALSE(arrows->next.empty()) << q;
    for (const auto& a : arrows->next) {
      auto whole = st->continuations(q + "/" + a);
      ASSERT_TRUE(whole.has_value()) << q << "/" << a;
      EXPECT_TRUE(whole->may_end);
      EXPECT_TRUE(whole->next.empty());
      built.insert(q + "/" + a);
    }
  }
  auto listed = st->legal_moves();
  EXPECT_EQ(built, std::set<std::string>(listed.begin(), listed.end()));
  auto wrong = st->continuations("a1-a6");
  ASSERT_FALSE(wrong.has_value());
  EXPECT_EQ(wrong.error().code.name(), "illegal_move");
  EXPECT_NE(wrong.error().message.find("'a1-a6' begins no legal move"), std::string::npos)
      << wrong.error().message;
}

// ---------------------------------------------------------------------------------------------
// The end: a player who cannot move loses

// Black's amazons in the corner, walled in but for b4.
constexpr std::string_view corner = R"(
    B B x . W .
    B B x . . .
    x . x . . .
    . . . . . .
    . . . . . .
    . W . . W W)";

TEST(amazons_end, the_side_to_move_without_a_move_loses) {
  auto st = from_picture(corner, "w - w0b0", "amazons(board_size=6)");
  ASSERT_TRUE(st);
  EXPECT_THAT(destinations(*st, "b1"), UnorderedElementsAre("b2", "b3", "b4", "a1", "c1", "d1",
                                                            "a2", "c2", "d3", "e4", "f5"));
  // The arrow closes b4: none of Black's amazons has an empty square next to it.
  EXPECT_EQ(play(*st, "b1-b2/b4"), "b1-b2/b4");
  expect_outcome(*st, 0, "Black cannot move: White wins");
  EXPECT_EQ(st->view()["to_move"], nullptr);
  EXPECT_EQ(st->view()["colour_to_move"], nullptr);
  expect_illegal(*st, "a5-b4/b3", "the game is over");
  expect_illegal(*st, "pass", "the game is over");
  EXPECT_EQ(st->perft(1), 0u);
}

TEST(amazons_end, a_finished_position_reads_back_as_finished) {
  auto st = from_text("BBx1W1/BBx3/xxx3/6/6/1W2WW b - w0b0", "amazons(board_size=6)");
  ASSERT_TRUE(st);
  expect_outcome(*st, 0, "Black cannot move: White wins");
  // White can be walled in just the same.
  auto white = from_text("WWx1B1/WWx3/xxx3/6/6/1B2BB w - w0b0", "amazons(board_size=6)");
  ASSERT_TRUE(white);
  expect_outcome(*white, 1, "White cannot move: Black wins");
}

// ---------------------------------------------------------------------------------------------
// Notation

TEST(amazons_notation, accepted_spellings) {
  for (auto written : {"d1-d7/g7", "d1d7g7", "d1-d7,g7", "  d1-d7/g7 \t\n", "d1d7/g7", "d1-d7g7"}) {
    EXPECT_EQ(play(*start(), written), "d1-d7/g7") << written;
  }
  // Two-digit ranks, in every spelling.
  auto st = start();
  play(*st, "d1-d7/g7");
  EXPECT_EQ(play(*st->clone(), "d10-d8/d10"), "d10-d8/d10");
  EXPECT_EQ(play(*st->clone(), "d10d8d10"), "d10-d8/d10");
  EXPECT_EQ(play(*st->clone(), "g10-g8,j8"), "g10-g8/j8");
}

TEST(amazons_notation, unreadable_moves_are_bad_notation) {
  const std::string expected = "a move such as d1-d7/g7, or pass, or swap";
  const std::string bounds = "on the 10x10 board files run from a to j and ranks from 1 to 10";
  struct bad {
    const char* text;
    std::string message;
  };
  for (const auto& [text, message] : {
           bad{"", "the move is empty: expected " + expected},
           bad{"  ", "the move is empty: expected " + expected},
           bad{"hello", "expected " + expected + ", not 'hello'"},
           bad{"d1", "expected " + expected + ", not 'd1'"},
           bad{"d1-", "expected " + expected + ", not 'd1-'"},
           bad{"d1--d7/g7", "expected " + expected + ", not 'd1--d7/g7'"},
           bad{"d1 d7 g7", "expected " + expected + ", not 'd1 d7 g7'"},
           bad{"D1-D7/G7", "expected " + expected + ", not 'D1-D7/G7'"},
           bad{"PASS", "expected " + expected + ", not 'PASS'"},
           bad{"d1-d7/g", "expected " + expected + ", not 'd1-d7/g'"},
           bad{"d1-d7/",
               "'d1-d7/' has no arrow: write the square it is shot to after a '/', as "
               "in d1-d7/g7"},
           bad{"d1-d7/g7/h8",
               "unexpected '/h8' after the move in 'd1-d7/g7/h8': expected " + expected},
           bad{"d1-d7/g7x", "unexpected 'x' after the move in 'd1-d7/g7x': expected " + expected},
           bad{"pass please", "expected " + expected + ", not 'pass please'"},
           bad{"k1-k2/k3", "k1 is not a square: " + bounds},
           bad{"d1-d11/d2", "d11 is not a square: " + bounds},
           bad{"a0-a1/a2", "a0 is not a square: " + bounds},
           bad{"a05-a1/a2", "a05 is not a square: " + bounds},
       }) {
    auto e = rejection(*start(), text);
    EXPECT_EQ(e.code.name(), "bad_notation") << text;
    EXPECT_EQ(e.message, message) << text;
  }
  auto small = start("amazons(board_size=6)");
  auto e = rejection(*small, "b1-g1/b2");
  EXPECT_EQ(e.code.name(), "bad_notation");
  EXPECT_EQ(e.message,
            "g1 is not a square: on the 6x6 board files run from a to f and ranks from 1 to 6");
  EXPECT_EQ(rejection(*small, "b1-b7/b2").message,
            "b7 is not a square: on the 6x6 board files run from a to f and ranks from 1 to 6");
}

TEST(amazons_notation, every_listed_move_reads_back_as_itself) {
  for (int size : {6, 8, 10}) {
    rules r;
    r.size = size;
    r.swap = true;
    position pos = position::start(r);
    pos.play_unchecked(move::queen(start_squares(r, colour::white)[0],
                                   start_squares(r, colour::white)[0] + size,
                                   start_squares(r, colour::white)[0]));
    move_list moves;
    pos.generate_moves(r, moves);
    ASSERT_TRUE(moves.contains(move::swap()));
    for (move m : moves) {
      auto w = parse_move(pos.geometry(), move_text(pos.geometry(), m));
      ASSERT_TRUE(w.has_value()) << move_text(pos.geometry(), m);
      EXPECT_EQ(w->kind, m.kind());
      if (m.is_queen()) {
        EXPECT_EQ(w->from, m.from());
        EXPECT_EQ(w->to, m.to());
        EXPECT_EQ(w->arrow, m.arrow());
      }
    }
  }
  EXPECT_EQ(move_text(geometry_of(10), move::pass()), "pass");
  EXPECT_EQ(move_text(geometry_of(10), move::swap()), "swap");
  EXPECT_EQ(move_text(geometry_of(10), move::queen(99, 90, 0)), "j10-a10/a1");
}

// ---------------------------------------------------------------------------------------------
// Swap (pie rule)

TEST(amazons_swap, taken_black_takes_whites_side) {
  auto st = start("amazons(swap=true)");
  play(*st, "d1-d7/g7");
  auto moves = st->legal_moves();
  ASSERT_EQ(moves.back(), "swap");  // after Black's 2,xxx queen moves
  EXPECT_TRUE(st->view()["can_swap"]);
  EXPECT_EQ(play(*st, "swap"), "swap");
  // Player 1 now owns White's amazons and White's first move; player 0 plays Black and is to
  // move. The board has not changed.
  EXPECT_EQ(st->to_text(), "3B2B3/10/10/B2W2x2B/10/10/W8W/10/10/6W3 b swapped w0b0");
  EXPECT_EQ(st->current_player(), 0);
  auto v = st->view();
  EXPECT_EQ(v["colour_to_move"], "black");
  EXPECT_EQ(v["players"][0]["colour"], "black");
  EXPECT_EQ(v["players"][1]["colour"], "white");
  EXPECT_EQ(v["swapped"], true);
  EXPECT_EQ(v["can_swap"], false);
  for (const auto& a : v["amazons"])
    EXPECT_EQ(a["owner"], a["colour"] == "white" ? 1 : 0);
  // Black's replies are the same as without the swap.
  moves.pop_back();
  EXPECT_EQ(st->legal_moves(), moves);
  expect_illegal(*st, "swap", "the colours have already been swapped");
  play(*st, "a7-a5/a6");
  EXPECT_EQ(st->current_player(), 1);  // White, now player 1
  expect_illegal(*st, "a5-a4/a3", "there is no amazon of yours on a5: the amazon there is Black's");
  play(*st, "d7-d8/d9");
  EXPECT_EQ(st->current_player(), 0);
}

TEST(amazons_swap, not_taken_the_chance_is_gone) {
  auto st = start("amazons(swap=true)");
  expect_illegal(*st, "swap", "swap is allowed only as Black's answer to White's first move");
  play(*st, "d1-d7/g7");
  play(*st, "a7-a5/a6");
  EXPECT_EQ(st->to_text(), "3B2B3/10/10/3W2x2B/x9/B9/W8W/10/10/6W3 w - w0b0");
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_EQ(st->view()["players"][0]["colour"], "white");
  expect_illegal(*st, "swap", "swap is allowed only as Black's answer to White's first move");
  play(*st, "d7-d8/d9");
  expect_illegal(*st, "swap", "swap is allowed only as Black's answer to White's first move");
  for (const auto& m : st->legal_moves())
    ASSERT_NE(m, "swap");
}

TEST(amazons_swap, only_with_the_rule) {
  auto st = start();
  play(*st, "d1-d7/g7");
  expect_illegal(*st, "swap", "this game is played without the swap rule");
  EXPECT_EQ(st->legal_moves().size(), st->perft(1));
  EXPECT_EQ(st->view()["can_swap"], false);
}

TEST(amazons_swap, outcome_ranks_follow_the_seats) {
  // After the swap player 0 plays Black; Black is walled in, so player 1 has won.
  auto st =
      from_text("BBx1W1/BBx3/xxx3/6/6/1W2WW b swapped w0b0", "amazons(board_size=6,swap=true)");
  ASSERT_TRUE(st);
  expect_outcome(*st, 1, "Black cannot move: White wins (after the swap player 0 played Black)");
}

// ---------------------------------------------------------------------------------------------
// Komi: passes for a side that cannot move

TEST(amazons_komi, black_starts_with_the_komi_in_passes) {
  auto st = start("amazons(komi=3)");
  EXPECT_EQ(st->to_text(), "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w - w0b3");
  auto v = st->view();
  EXPECT_EQ(v["players"][0]["passes_left"], 0);
  EXPECT_EQ(v["players"][1]["passes_left"], 3);
  EXPECT_EQ(v["komi"], 3);
}

TEST(amazons_komi, no_pass_while_a_move_exists) {
  auto st = start("amazons(komi=3)");
  expect_illegal(*st, "pass", "you may not pass while you have a move");
  play(*st, "d1-d7/g7");
  expect_illegal(*st, "pass", "you may not pass while you have a move");  // Black, with passes
  for (const auto& m : st->legal_moves())
    ASSERT_NE(m, "pass");
  auto plain = start();
  expect_illegal(*plain, "pass", "there is no passing in this game: it is played without komi");
}

TEST(amazons_komi, a_side_without_moves_passes_while_passes_remain) {
  auto st = from_picture(corner, "w - w0b2", "amazons(board_size=6,komi=2)");
  ASSERT_TRUE(st);
  play(*st, "b1-b2/b4");  // Black is walled in, but has two passes
  EXPECT_FALSE(st->is_terminal());
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_THAT(st->legal_moves(), ElementsAre("pass"));
  EXPECT_EQ(st->view()["can_pass"], true);
  expect_illegal(*st, "a5-b4/b3", "b4 is not reachable from a5: it holds an arrow");
  EXPECT_EQ(play(*st, "pass"), "pass");
  EXPECT_EQ(st->to_text(), "BBx1W1/BBx3/xxx3/6/1W4/4WW w - w0b1");
  EXPECT_EQ(st->current_player(), 0);
  play(*st, "e6-e5/e4");
  EXPECT_EQ(play(*st, "pass"), "pass");
  EXPECT_EQ(st->view()["players"][1]["passes_left"], 0);
  play(*st, "e5-d4/e5");
  // No passes left: Black has lost.
  expect_outcome(*st, 0, "Black cannot move and has no passes left: White wins");
  expect_illegal(*st, "pass", "the game is over");
}

TEST(amazons_komi, white_has_no_passes) {
  // The komi compensates the second player: White walled in loses at once.
  auto st = from_text("WWx1B1/WWx3/xxx3/6/6/1B2BB w - w0b2", "amazons(board_size=6,komi=2)");
  ASSERT_TRUE(st);
  expect_outcome(*st, 1, "White cannot move and has no passes left: Black wins");
}

TEST(amazons_komi, passes_in_a_position_text_are_used) {
  // A position text may give White passes too (up to the komi), e.g. for a handicap.
  auto st = from_text("WWx1B1/WWx3/xxx3/6/6/1B2BB w - w1b0", "amazons(board_size=6,komi=1)");
  ASSERT_TRUE(st);
  EXPECT_THAT(st->legal_moves(), ElementsAre("pass"));
  play(*st, "pass");
  EXPECT_EQ(st->to_text(), "WWx1B1/WWx3/xxx3/6/6/1B2BB b - w0b0");
}

// ---------------------------------------------------------------------------------------------
// Position text

TEST(amazons_position_text, round_trips) {
  struct example {
    const char* spec;
    const char* text;
  };
  for (auto [spec, text] : {
           example{"amazons", "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w - w0b0"},
           example{"amazons", "xxxBxxxxxx/10/10/B8B/10/10/W8W/10/xBx7/3W2W3 b - w0b0"},
           example{"amazons(swap=true,komi=5)",
                   "3B2B3/10/10/B2W2x2B/10/10/W8W/10/10/6W3 b swapped w0b5"},
           example{"amazons(board_size=8,komi=10)", "2B2B2/8/B6B/8/8/W6W/8/2W2W2 w - w10b10"},
           example{"amazons(board_size=6)", "BBx1W1/BBx3/xxx3/6/6/1W2WW b - w0b0"},
       }) {
    auto st = from_text(text, spec);
    ASSERT_TRUE(st) << text;
    EXPECT_EQ(st->to_text(), text);
  }
}

TEST(amazons_position_text, canonical_form_ignores_extra_whitespace) {
  auto st = from_text("  1B2B1/B4B/6/6/W4W/1W2W1 \t w  -   w0b0\n", "amazons(board_size=6)");
  ASSERT_TRUE(st);
  EXPECT_EQ(st->to_text(), "1B2B1/B4B/6/6/W4W/1W2W1 w - w0b0");
}

TEST(amazons_position_text, malformed_text_is_rejected) {
  struct bad {
    const char* spec;
    const char* text;
    const char* message;
  };
  const std::string fields =
      "a position has four fields separated by spaces: board, colour to move, seats and passes "
      "left, e.g. '1B2B1/B4B/6/6/W4W/1W2W1 w - w0b0'";
  const char* six = "amazons(board_size=6)";
  for (auto [spec, text, message] : {
           bad{six, "", fields.c_str()},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w -", fields.c_str()},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w - w0b0 0", fields.c_str()},
           bad{six, "2B2B2/8/B6B/8/8/W6W/8/2W2W2 w - w0b0",
               "the board needs 6 ranks separated by '/' (this game is 6x6), found 8 in "
               "'2B2B2/8/B6B/8/8/W6W/8/2W2W2'"},
           bad{six, "1B2B2/B4B/6/6/W4W/1W2W1 w - w0b0", "rank 6 ('1B2B2') covers 7 squares, not 6"},
           bad{six, "1B2B1/B4B/6/5/W4W/1W2W1 w - w0b0", "rank 3 ('5') covers 5 squares, not 6"},
           bad{six, "1B2B1/B4B//6/W4W/1W2W1 w - w0b0", "rank 4 ('') covers 0 squares, not 6"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W10 w - w0b0",
               "rank 1 ('1W2W10') covers 15 squares, not 6"},
           bad{six, "1B2B1/B4B/6/2Q3/W4W/1W2W1 w - w0b0",
               "unexpected 'Q' in rank 3: use W, B, x and numbers of empty squares from 1 to 6"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2w1 w - w0b0",
               "unexpected 'w' in rank 1: use W, B, x and numbers of empty squares from 1 to 6"},
           bad{six, "1B2B1/B4B/6/0x5/W4W/1W2W1 w - w0b0",
               "unexpected '0' in rank 3: use W, B, x and numbers of empty squares from 1 to 6"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2x1 w - w0b0",
               "White needs exactly 4 amazons on the board, not 3"},
           bad{six, "1B2B1/B4B/6/B5/W4W/1W2W1 w - w0b0",
               "Black needs exactly 4 amazons on the board, not 5"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 x - w0b0",
               "the colour to move must be 'w' (White) or 'b' (Black), not 'x'"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 W - w0b0",
               "the colour to move must be 'w' (White) or 'b' (Black), not 'W'"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w s w0b0",
               "the seats must be '-' (player 0 plays White) or 'swapped' (player 0 plays Black), "
               "not 's'"},
           bad{six, "1B2B1/B4B/6/x5/W4W/1W2W1 b swapped w0b0",
               "the seats are swapped, but this game is played without swapping"},
           bad{"amazons(board_size=6,swap=true)", "1B2B1/B4B/6/6/W4W/1W2W1 b swapped w0b0",
               "the seats are swapped, but White has not moved yet"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w - 0",
               "the passes left must read w<n>b<n>, e.g. w0b2, not '0'"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w - b0w0",
               "the passes left must read w<n>b<n>, e.g. w0b2, not 'b0w0'"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w - w-1b0",
               "the passes left must read w<n>b<n>, e.g. w0b2, not 'w-1b0'"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w - wb0",
               "the passes left must read w<n>b<n>, e.g. w0b2, not 'wb0'"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w - w0b99999999999",
               "the passes left must read w<n>b<n>, e.g. w0b2, not 'w0b99999999999'"},
           bad{six, "1B2B1/B4B/6/6/W4W/1W2W1 w - w0b1",
               "passes left cannot exceed the komi: Black has 1, the komi is 0"},
           bad{"amazons(board_size=6,komi=2)", "1B2B1/B4B/6/6/W4W/1W2W1 w - w3b0",
               "passes left cannot exceed the komi: White has 3, the komi is 2"},
       }) {
    auto g = parse_game_spec(spec);
    ASSERT_TRUE(g.has_value());
    auto st = the_game().state_from_text(2, g->params, text);
    ASSERT_FALSE(st.has_value()) << text;
    EXPECT_EQ(st.error().code.name(), "bad_notation") << text;
    EXPECT_EQ(st.error().message, message) << text;
  }
  // The default board is 10x10: a 6x6 text does not fit it.
  auto wrong_size = the_game().state_from_text(2, {}, "1B2B1/B4B/6/6/W4W/1W2W1 w - w0b0");
  ASSERT_FALSE(wrong_size.has_value());
  EXPECT_THAT(wrong_size.error().message, HasSubstr("the board needs 10 ranks"));
}

// ---------------------------------------------------------------------------------------------
// The view

TEST(amazons_view, lists_amazons_arrows_side_to_move_and_seats) {
  auto st = start("amazons(board_size=6,komi=1)");
  play(*st, "b1-b4/d4");
  auto v = st->view();
  EXPECT_EQ(v["board_size"], 6);
  EXPECT_EQ(v["files"], "abcdef");
  EXPECT_EQ(v["ranks"], 6);
  EXPECT_EQ(v["amazons"].size(), 8u);
  EXPECT_EQ(v["amazons"][0], nlohmann::json({{"square", "e1"}, {"colour", "white"}, {"owner", 0}}));
  EXPECT_EQ(v["amazons"][7], nlohmann::json({{"square", "e6"}, {"colour", "black"}, {"owner", 1}}));
  EXPECT_EQ(v["arrows"], nlohmann::json({"d4"}));
  EXPECT_EQ(v["to_move"], 1);
  EXPECT_EQ(v["colour_to_move"], "black");
  EXPECT_EQ(v["players"], nlohmann::json::parse(R"([{"colour": "white", "passes_left": 0},
                                                    {"colour": "black", "passes_left": 1}])"));
  EXPECT_EQ(v["swapped"], false);
  EXPECT_EQ(v["swap_rule"], false);
  EXPECT_EQ(v["komi"], 1);
  EXPECT_EQ(v["can_swap"], false);
  EXPECT_EQ(v["can_pass"], false);
  EXPECT_EQ(v["position"], st->to_text());
}

// ---------------------------------------------------------------------------------------------
// The worked example of engine/amazons/rules.md

TEST(amazons_rules_md, worked_example) {
  auto st = start("amazons(board_size=6)");
  for (auto [move, after] : {
           std::pair{"b1-b4/d4", "1B2B1/B4B/1W1x2/6/W4W/4W1 b - w0b0"},
           {"e6-c4/c5", "1B4/B1x2B/1WBx2/6/W4W/4W1 w - w0b0"},
           {"a2-a4/b3", "1B4/B1x2B/WWBx2/1x4/5W/4W1 b - w0b0"},
       }) {
    EXPECT_EQ(play(*st, move), move);
    EXPECT_EQ(st->to_text(), after);
  }
  expect_illegal(*st, "b4-b5/c6", "there is no amazon of yours on b4: the amazon there is White's");
  play(*st, "a5-a6/a5");
  EXPECT_EQ(st->to_text(), "BB4/x1x2B/WWBx2/1x4/5W/4W1 w - w0b0");
  EXPECT_EQ(st->to_text(), picture_board(R"(
      B B . . . .
      x . x . . B
      W W B x . .
      . x . . . .
      . . . . . W
      . . . . W .)") + " w - w0b0");
  play(*st, "b4-b5/c6");
  EXPECT_EQ(st->to_text(), "BBx3/xWx2B/W1Bx2/1x4/5W/4W1 b - w0b0");
  EXPECT_EQ(st->legal_moves().size(), 167u);
  EXPECT_THAT(destinations(*st, "a6"), IsEmpty());
  EXPECT_THAT(destinations(*st, "b6"), IsEmpty());

  auto swap = start("amazons(board_size=6,swap=true)");
  play(*swap, "b1-b4/d4");
  play(*swap, "swap");
  EXPECT_EQ(swap->to_text(), "1B2B1/B4B/1W1x2/6/W4W/4W1 b swapped w0b0");
  EXPECT_EQ(swap->current_player(), 0);
}

// ---------------------------------------------------------------------------------------------
// Parameters

TEST(amazons_params, defaults_and_canonical_spec) {
  auto spec = parse_game_spec("amazons");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->text(), "amazons(board_size=10,komi=0,swap=false)");
  auto small = parse_game_spec("amazons( board_size = 6 )");
  ASSERT_TRUE(small);
  EXPECT_EQ(small->text(), "amazons(board_size=6,komi=0,swap=false)");
  // Clients send the size as a JSON integer.
  auto json = make_game_spec("amazons", {{"board_size", 8}, {"swap", true}, {"komi", 2}});
  ASSERT_TRUE(json) << json.error().message;
  EXPECT_EQ(json->text(), "amazons(board_size=8,komi=2,swap=true)");
  auto st = the_game().new_state(2, json->params, 0);
  ASSERT_TRUE(st);
  EXPECT_EQ((*st)->to_text(), "2B2B2/8/B6B/8/8/W6W/8/2W2W2 w - w0b2");
  EXPECT_EQ(the_game().player_names(2), (std::vector<std::string>{"White", "Black"}));
  EXPECT_EQ(the_game().display_name(), "Game of the Amazons");
  EXPECT_EQ(find_game("amazons"), &the_game());
}

TEST(amazons_params, bad_parameters_are_rejected) {
  struct bad {
    const char* spec;
    const char* message;
  };
  for (auto [spec, message] : {
           bad{"amazons(board_size=12)", "parameter 'board_size' must be one of 6, 8, 10, not 12"},
           bad{"amazons(board_size=4)", "parameter 'board_size' must be one of 6, 8, 10, not 4"},
           bad{"amazons(board_size=7)", "parameter 'board_size' must be one of 6, 8, 10, not 7"},
           bad{"amazons(board_size=9)", "parameter 'board_size' must be one of 6, 8, 10, not 9"},
           bad{"amazons(board_size=ten)", "parameter 'board_size' must be an integer, not 'ten'"},
           bad{"amazons(komi=11)", "parameter 'komi' must be between 0 and 10, not 11"},
           bad{"amazons(komi=-1)", "parameter 'komi' must be between 0 and 10, not -1"},
           bad{"amazons(swap=maybe)", "parameter 'swap' must be true or false, not 'maybe'"},
           bad{"amazons(pie=true)", "unknown parameter 'pie'; known: board_size, swap, komi"},
       }) {
    auto result = parse_game_spec(spec);
    ASSERT_FALSE(result.has_value()) << spec;
    EXPECT_EQ(result.error().code.name(), "bad_parameter") << spec;
    EXPECT_EQ(result.error().message, message) << spec;
  }
  // A map that did not come through resolve_params() is checked again by the game.
  auto st = the_game().new_state(2, {{"board_size", std::int64_t{7}}}, 0);
  ASSERT_FALSE(st.has_value());
  EXPECT_EQ(st.error().code.name(), "bad_parameter");
  EXPECT_EQ(st.error().field, "board_size");
}

TEST(amazons_params, exactly_two_players) {
  for (int players : {1, 3}) {
    auto st = the_game().new_state(players, {}, 0);
    ASSERT_FALSE(st.has_value());
    EXPECT_EQ(st.error().code.name(), "bad_players");
  }
  auto text = the_game().state_from_text(1, {}, "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w - w0b0");
  ASSERT_FALSE(text.has_value());
  EXPECT_EQ(text.error().code.name(), "bad_players");
}

// ---------------------------------------------------------------------------------------------
// Full games from tests/data/amazons/, replayed through the engine and the slow reference

struct recorded_game {
  std::string spec;
  int winner = -1;
  std::vector<std::string> moves;
};

recorded_game read_game(const std::filesystem::path& path) {
  recorded_game g;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    if (line.starts_with("game ")) {
      g.spec = line.substr(5);
    } else if (line.starts_with("winner ")) {
      g.winner = std::stoi(line.substr(7));
    } else {
      g.moves.push_back(line);
    }
  }
  return g;
}

TEST(amazons_games, full_games_end_with_the_recorded_winner) {
  auto dir = std::filesystem::path(BOARDROOM_TEST_DATA) / "amazons";
  int games = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    SCOPED_TRACE(entry.path().filename().string());
    auto g = read_game(entry.path());
    ASSERT_FALSE(g.moves.empty());
    ASSERT_GE(g.winner, 0);
    auto spec = parse_game_spec(g.spec);
    ASSERT_TRUE(spec.has_value()) << spec.error().message;
    auto st = std::move(*the_game().new_state(2, spec->params, 0));
    amazons_reference::rules rules{static_cast<int>(get_int(spec->params, "board_size")),
                                   get_bool(spec->params, "swap"),
                                   static_cast<int>(get_int(spec->params, "komi"))};
    auto reference = amazons_reference::start(rules);
    for (const auto& m : g.moves) {
      ASSERT_FALSE(st->is_terminal()) << "over before " << m;
      ASSERT_EQ(play(*st, m), m);
      auto listed = amazons_reference::moves(reference, rules);
      ASSERT_NE(std::find(listed.begin(), listed.end(), m), listed.end()) << m;
      reference = amazons_reference::after(reference, m);
    }
    ASSERT_TRUE(st->is_terminal());
    EXPECT_EQ(st->outcome()->winners(), std::vector<int>{g.winner});
    EXPECT_EQ(amazons_reference::winning_seat(reference, rules), g.winner);
    // The final position read back is just as finished.
    auto again = the_game().state_from_text(2, spec->params, st->to_text());
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ((*again)->outcome()->winners(), std::vector<int>{g.winner});
    ++games;
  }
  EXPECT_GE(games, 3);
}

// ---------------------------------------------------------------------------------------------
// The fast position: make/unmake and counting

TEST(amazons_position, make_undo_and_count_agree_along_random_games) {
  std::mt19937_64 rng(5);
  for (auto r : {rules{6, true, 2}, rules{8, false, 1}, rules{10, true, 0}}) {
    for (int game = 0; game < 3; ++game) {
      position pos = position::start(r);
      for (int ply = 0; !pos.is_over(r); ++ply) {
        auto moves = std::make_unique<move_list>();
        pos.generate_moves(r, *moves);
        ASSERT_EQ(pos.count_moves(r), moves->size());
        ASSERT_TRUE(std::is_sorted(moves->begin(), moves->end()));
        // A sample of moves is played and taken back.
        for (int i = 0; i < 8; ++i) {
          move m = (*moves)[static_cast<int>(rng() % moves->size())];
          ASSERT_TRUE(pos.is_legal(m, r));
          position next = pos;
          next.play_unchecked(m);
          ASSERT_TRUE(next.is_consistent());
          next.undo(m);
          ASSERT_TRUE(next.is_consistent());
          ASSERT_EQ(next, pos);
        }
        pos.play_unchecked((*moves)[static_cast<int>(rng() % moves->size())]);
        ASSERT_TRUE(pos.is_consistent());
        auto text = position_text(pos);
        auto read = parse_position(text, r);
        ASSERT_TRUE(read.has_value()) << read.error().message;
        ASSERT_EQ(*read, pos);
      }
    }
  }
}

}  // namespace
}  // namespace boardroom::engine::amazons
