// The official long notation (steps, captures, setups, turn tags, old w/b tags), the 64-character
// position format and the board diagram, both directions.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "arimaa_helpers.hpp"
#include "engine/arimaa/notation.hpp"

namespace boardroom::engine::arimaa {
namespace {

using ::testing::HasSubstr;

constexpr std::string_view opening_text =
    "[rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]";

TEST(ArimaaNotation, SquaresPiecesAndDirections) {
  EXPECT_EQ(square_name(0), "a1");
  EXPECT_EQ(square_name(63), "h8");
  EXPECT_EQ(parse_square("c3"), c3);
  EXPECT_EQ(parse_square("i1"), std::nullopt);
  EXPECT_EQ(parse_square("a9"), std::nullopt);
  EXPECT_EQ(piece_letter({colour::gold, kind::camel}), 'M');
  EXPECT_EQ(piece_letter({colour::silver, kind::elephant}), 'e');
  EXPECT_EQ(parse_piece_letter('h'), (piece{colour::silver, kind::horse}));
  EXPECT_EQ(parse_piece_letter('x'), std::nullopt);
  EXPECT_EQ(piece_name({colour::silver, kind::dog}), "silver dog");
  EXPECT_EQ(step_text({colour::gold, kind::elephant}, make_square(3, 1), direction::north), "Ed2n");
  EXPECT_EQ(capture_text({f3, {colour::silver, kind::cat}}), "cf3x");
  EXPECT_EQ(turn_tag(2, colour::gold), "2g");
  EXPECT_EQ(turn_tag(17, colour::silver), "17s");
}

TEST(ArimaaNotation, ReadsSubmissionsTokenByToken) {
  auto sub = parse_submission("  12w Ed2n\tcf3x  Ra1 end ");
  ASSERT_TRUE(sub.has_value()) << sub.error().message;
  EXPECT_EQ(sub->number, 12);
  EXPECT_EQ(sub->side, colour::gold);  // w is read as g
  ASSERT_EQ(sub->tokens.size(), 4u);
  EXPECT_EQ(sub->tokens[0].what, token::type::step);
  EXPECT_EQ(sub->tokens[0].sq, make_square(3, 1));
  EXPECT_EQ(sub->tokens[0].dir, direction::north);
  EXPECT_EQ(sub->tokens[1].what, token::type::capture);
  EXPECT_EQ(sub->tokens[1].p, (piece{colour::silver, kind::cat}));
  EXPECT_EQ(sub->tokens[2].what, token::type::placement);
  EXPECT_EQ(sub->tokens[3].what, token::type::end);
  EXPECT_EQ(parse_submission("3b ra7s")->side, colour::silver);
  EXPECT_EQ(parse_submission("undo")->tokens.front().what, token::type::undo);
  EXPECT_FALSE(parse_submission("Ed2n")->number.has_value());
}

TEST(ArimaaNotation, SaysWhatIsWrongWithAToken) {
  EXPECT_THAT(parse_submission("").error().message, HasSubstr("empty move"));
  EXPECT_THAT(parse_submission("Ed9n").error().message, HasSubstr("'d9' is not a square"));
  EXPECT_THAT(parse_submission("Ed2q").error().message,
              HasSubstr("a step ends with a direction n, e, s or w"));
  EXPECT_THAT(parse_submission("Xd2n").error().message, HasSubstr("expected a step such as Ed2n"));
  EXPECT_THAT(parse_submission("0g Ed2n").error().message, HasSubstr("move numbers start at 1"));
  EXPECT_EQ(parse_submission("Ed2n Ed3n!").error().code.name(), "bad_notation");
}

TEST(ArimaaNotation, TheSixtyFourCharacterPosition) {
  state st = testing::opening();
  EXPECT_EQ(board_text(st.board()), opening_text);
  auto read = parse_board_text(opening_text);
  ASSERT_TRUE(read.has_value());
  EXPECT_TRUE(read->same_board(st.board()));
  // '.' and 'x' are read as empty squares too.
  std::string dotted(opening_text);
  std::replace(dotted.begin() + 17, dotted.begin() + 49, ' ', '.');
  dotted[1 + 5 * 8 + 2] = 'x';
  EXPECT_TRUE(parse_board_text(dotted)->same_board(st.board()));
  EXPECT_THAT(parse_board_text("[rr]").error().message, HasSubstr("64 characters"));
  EXPECT_THAT(parse_board_text("[" + std::string(63, ' ') + "Q]").error().message,
              HasSubstr("'Q' on h1 is not a piece"));
  EXPECT_THAT(parse_board_text("[EE" + std::string(62, ' ') + "]").error().message,
              HasSubstr("gold has at most 1 elephant"));
}

TEST(ArimaaNotation, TheDiagram) {
  state st = testing::opening();
  EXPECT_EQ(diagram(st.board()),
            " +-----------------+\n"
            "8| r r r r r r r r |\n"
            "7| d h c e m c h d |\n"
            "6| . . x . . x . . |\n"
            "5| . . . . . . . . |\n"
            "4| . . . . . . . . |\n"
            "3| . . x . . x . . |\n"
            "2| D H C M E C H D |\n"
            "1| R R R R R R R R |\n"
            " +-----------------+\n"
            "   a b c d e f g h\n");
  auto back = parse_diagram(diagram(st.board()));
  ASSERT_TRUE(back.has_value()) << back.error().message;
  EXPECT_TRUE(back->same_board(st.board()));
  // The official server's style: blanks for empty squares inside the frame.
  auto framed = parse_diagram(
      " +-----------------+\n"
      "8| r r r r   r r r |\n"
      "7|                 |\n6|                 |\n5|                 |\n"
      "4|                 |\n3|                 |\n2|                 |\n"
      "1| R               |\n"
      " +-----------------+\n");
  ASSERT_TRUE(framed.has_value()) << framed.error().message;
  EXPECT_EQ(count(framed->occupied()), 8);
  EXPECT_THAT(parse_diagram("8 ........\n7 ........").error().message,
              HasSubstr("a diagram has 8 rows, not 2"));
  EXPECT_THAT(parse_diagram(". . .").error().message, HasSubstr("a diagram row has 8 squares"));
}

TEST(ArimaaNotation, RecordsAlwaysCarryTheirCaptures) {
  state st = testing::at("5g", R"(
    8 . . . . . . . .
    7 . . . . . . r .
    6 . . x . . x . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . r x . . x . .
    2 . H . . . . . .
    1 R . . . . . . .
  )");
  state with = st;
  auto a = st.play("rb3e Hb2n");
  auto b = with.play("5g rb3e rc3x Hb2n");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, "5g rb3e rc3x Hb2n");
  EXPECT_EQ(*a, *b);
}

}  // namespace
}  // namespace boardroom::engine::arimaa
