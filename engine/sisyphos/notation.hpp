#pragma once
// Reading and writing moves and positions as text.
//
// Squares: file a-e (left to right) then rank 1-5 (bottom to top): "a5", "e1".
//
// Moves:
//   step      "e3-d4"   from-to; canonical when nothing is captured
//             "e3xd4"   canonical when the step captures the enemy stone on d4
//             "e3d4"    also read; so is "e3-d4" for a capture (the capture is implied)
//   re-entry  "@d1"     a stone from the hand onto d1; canonical
//             "*d1"     also read
// Whitespace around a move is ignored. Writing 'x' where nothing is captured is an error.
//
// Positions (canonical text, FEN-like), four fields separated by single spaces:
//   board     ranks 5 down to 1 separated by '/', each rank from file a to e: 'S' a Sisyphos
//             stone, 's' a spirit, a digit 1-5 a run of that many empty squares
//   to move   'S' (Sisyphos) or 's' (the spirits)
//   hands     "S<n>s<n>": stones in Sisyphos's hand, then in the spirits'
//   turns     how many turns Sisyphos has made (re-entries count)
// The start: "ss3/s4/4S/4S/2SSS S S0s0 0".

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/error.hpp"
#include "engine/sisyphos/move.hpp"
#include "engine/sisyphos/position.hpp"
#include "engine/sisyphos/rules.hpp"

namespace boardroom::engine::sisyphos {

std::string square_name(square s);
std::optional<square> parse_square(std::string_view text);

// A move as written, before anyone has looked at the position.
struct written_move {
  bool reentry = false;
  square from = 0;  // steps only
  square to = 0;
  bool capture_marked = false;  // "x" was written
};

result<written_move> parse_move(std::string_view text);  // errors: bad_notation
std::string move_text(move m);                           // canonical

std::string position_text(const position& pos);
// Checks the syntax, the stone counts, the turn count against r.move_limit, and that at most one
// side has won. Errors: bad_notation.
result<position> parse_position(std::string_view text, const rules& r);

}  // namespace boardroom::engine::sisyphos
