#pragma once
// Reading and writing moves and positions as text.
//
// Squares: file a-j (left to right, a-h on 8x8, a-f on 6x6) then rank 1-10 (bottom to top):
// "a1", "d10".
//
// Moves:
//   queen move   "d1-d7/g7"   origin, '-', landing square, '/', arrow square; canonical
//                "d1d7g7"     also read, as is "d1-d7,g7" (and any mix of these separators)
//   pass         "pass"       only with komi, by a side that cannot move
//   swap         "swap"       only with the swap rule, as Black's answer to White's first move
// Whitespace around a move is ignored; letters are lower case.
//
// Positions (canonical text, FEN-like), four fields separated by single spaces:
//   board    ranks from the top (rank `size`) down to 1 separated by '/', each rank from file a:
//            'W' a White amazon, 'B' a Black amazon, 'x' an arrow, a number 1-10 a run of that
//            many empty squares
//   to move  'w' (White) or 'b' (Black)
//   seats    '-': player 0 plays White (as dealt); "swapped": player 0 plays Black
//   passes   "w<n>b<n>": passes White has left, then Black
// The 10x10 start: "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w - w0b0".

#include <optional>
#include <string>
#include <string_view>

#include "engine/amazons/move.hpp"
#include "engine/amazons/position.hpp"
#include "engine/amazons/rules.hpp"
#include "engine/core/error.hpp"

namespace boardroom::engine::amazons {

std::string square_name(const geometry& g, square s);
std::optional<square> parse_square(const geometry& g, std::string_view text);

// A move as written, before anyone has looked at the position.
struct written_move {
  enum move::kind kind = move::kind::queen;
  square from = 0;  // queen moves only
  square to = 0;
  square arrow = 0;
};

result<written_move> parse_move(const geometry& g, std::string_view text);  // errors: bad_notation
std::string move_text(const geometry& g, move m);                           // canonical
// The same into a buffer of max_move_text bytes, without a string; returns the length. For the
// thousands of moves legal_moves() prints.
inline constexpr std::size_t max_move_text = 11;  // "d10-d10/d10"
std::size_t write_move_text(char* out, const geometry& g, move m);

std::string position_text(const position& pos);
// Checks the syntax, the board's size against r.size, four amazons a side, passes within the
// komi, and that a swap can have happened. Errors: bad_notation.
result<position> parse_position(std::string_view text, const rules& r);

}  // namespace boardroom::engine::amazons
