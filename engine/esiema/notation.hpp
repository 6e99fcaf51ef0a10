#pragma once
// Reading and writing pits, moves and positions as text.
//
// Pits: row letter a-k and number, as drawn in board.hpp: "a1", "f6", "k11".
//
// Balls: the owner's colour letter, lower case for a small ball, capital for the mother:
//   r red, b blue, y yellow, g green, o orange, p purple (seats 0 to 5); "R" is red's mother.
//
// Moves:
//   placement     "@f6"              a small ball into f6 (setup phase)
//                 "@f6M"             the mother ball into f6: every player's first placement
//   reproduction  "f6+5"             five small balls from the reserve to the mother alone in f6
//   sowing        "f6-f7b-g8r-g9R"   empty f6 and drop its balls along f7, g8, g9: a blue ball
//                                    into f7, a red one into g8, red's mother into g9. Every pit
//                                    of the path is followed by the ball dropped there.
// Whitespace around a move is ignored.
//
// Positions (canonical text), fields separated by single spaces:
//   stage     "setup", "play", or "over:<ending>" with ending last_player, draw_window or
//             no_actions
//   to=       the colour letter of the player to act (of the last to act once over)
//   order=    the colour letters in turn order, the first player first
//   board=    the non-empty pits in pit order as pit:balls, small balls by seat then mothers,
//             separated by commas ("a1:rrB,f6:R"), or "-" for an empty board
//   reserve=, captured=, retired=   per seat, comma-separated: small balls in hand, lost to
//             captures, taken out of the game at elimination
//   out=      per seat, 0 while playing, else the order of elimination (1 = first out)
//   passes=   passes in a row since the last action or elimination
//   draw=     turns left in the draw window, or "-" before it has begun
// The start of a two-player game with red first:
//   "setup to=r order=rb board=- reserve=70,70 captured=0,0 retired=0,0 out=0,0 passes=0 draw=-"

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/error.hpp"
#include "engine/esiema/move.hpp"
#include "engine/esiema/position.hpp"
#include "engine/esiema/rules.hpp"

namespace boardroom::engine::esiema {

std::string pit_name(pit p);
std::optional<pit> parse_pit(std::string_view text);
char ball_letter(ball b);
std::string colour_name(int seat);  // "red"

// A move as written, before anyone has looked at the position: the fields of `move` that the
// text gives (a sowing's count is its path's length). Errors: bad_notation.
result<move> parse_move(std::string_view text);
std::string move_text(const move& m);  // canonical

std::string position_text(const position& pos);
// Checks the syntax and the bookkeeping against the rules: every player's small balls add up to
// their number, no pit over 12, mothers where the stage needs them. Errors: bad_notation.
result<position> parse_position(std::string_view text, const rules& r);

}  // namespace boardroom::engine::esiema
