#pragma once
// Reading and writing the official long notation, the 64-character position format and board
// diagrams.
//
// Squares: file a-h (left to right), rank 1-8 (bottom to top, Gold's side first): "a1", "h8".
// Pieces: E M H D C R (elephant, camel, horse, dog, cat, rabbit); Gold upper case, Silver lower.
//
//   step       "Ed2n"   piece, square, direction n e s w (towards rank 8 is north)
//   capture    "cf3x"   the piece removed from a trap, right after the step that caused it
//   placement  "Ra1"    a setup places a piece on a square
//   turn tag   "2g"     move number and side; "2w"/"2b" (before 2008) are read as "2g"/"2s"
//   end        "end"    finishes a turn submitted step by step
//   undo       "undo"   takes back the last step of a turn submitted step by step
//
// Positions: 64 characters from a8 to h1 (rank 8 first, each rank from file a) between brackets,
// a space for an empty square: "[rrrrrrrrdhcemchd" + 32 spaces + "DHCMECHDRRRRRRRR]".

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/arimaa/board.hpp"
#include "engine/arimaa/position.hpp"
#include "engine/core/error.hpp"

namespace boardroom::engine::arimaa {

std::string square_name(square s);
std::optional<square> parse_square(std::string_view text);

char piece_letter(piece p);
std::optional<piece> parse_piece_letter(char c);
std::string_view kind_name(kind k);      // "elephant"
std::string_view colour_name(colour c);  // "gold"
std::string_view side_name(colour c);    // "Gold"
std::string piece_name(piece p);         // "gold elephant"
char direction_letter(direction d);      // 'n'

std::string step_text(piece p, square from, direction d);  // "Ed2n"
std::string capture_text(const capture& c);                // "cf3x"
std::string placement_text(piece p, square s);             // "Ra1"
std::string turn_tag(int number, colour side);             // "2g"
// Appends " Ed2n" (with the blank) without temporaries: listing thousands of turns is hot.
void append_step(std::string& out, piece p, square from, direction d);
void append_capture(std::string& out, const capture& c);

// One token of a submission, as written.
struct token {
  enum class type { step, capture, placement, end, undo };

  type what = type::step;
  piece p;                // step, capture, placement
  square sq = no_square;  // origin of a step; square of a capture or placement
  direction dir = direction::north;
  std::string text;  // as written, for messages
};

// A submission before anyone has looked at the position: an optional turn tag, then tokens
// separated by white space. Errors: bad_notation.
struct submission {
  std::optional<int> number;  // from the tag
  std::optional<colour> side;
  std::vector<token> tokens;
};
result<submission> parse_submission(std::string_view text);

// The 64-character format with its brackets; reading also takes '.' and 'x' for empty squares.
// Reading checks the characters and that no colour has more pieces of a kind than a full set
// (errors: bad_notation); the side to move of the result is Gold.
std::string board_text(const position& pos);
result<position> parse_board_text(std::string_view text);

// A board drawn for people and tests, rank 8 at the top, '.' an empty square, 'x' an empty trap:
//    +-----------------+
//   8| r r r r r r r r |
//    ...
//   1| R R R R R R R R |
//    +-----------------+
//      a b c d e f g h
// Reading takes this, or eight rows of eight cells with or without the frame, rank labels, file
// line and blanks between cells ("8 rrrrrrrr" or "r r r r r r r r").
std::string diagram(const position& pos);
result<position> parse_diagram(std::string_view text);

}  // namespace boardroom::engine::arimaa
