#pragma once
// Reading and writing moves and positions as text.
//
// Cells: see geometry.hpp ("o", "a1".."j60" on the large disc; "a1".."p31" on the big triangle).
//
// Moves:
//   placement  "g17"       a new stone on g17 (the player whose turn it is)
//   shift      "h5-h6"     the displaced player moves their stone from h5 to h6
// There is no pass move: a player without a legal placement passes automatically.
// Whitespace around a move is ignored; letters may be upper or lower case.
//
// Seats are colours: Red, Blue, Green, Yellow, Violet (letters R B G Y V), in seating order.
//
// Positions (canonical text), nine fields separated by single spaces, and a tenth once a player
// has retired:
//   board       the centre and the rings from the inside out (triangles: the rows from the apex)
//               separated by '/', each listing its cells from index 1: a colour letter for a
//               stone, a number for a run of empty cells
//   to move     the colour letter of the player whose turn it is
//   pending     '-', or a placement still being resolved: "<cell>:<letters>", the new stone's
//               cell and the displaced players still to decide, the first deciding now
//   placements  per seat, separated by ','
//   prisoners   per holder, separated by '/': per owner, separated by ',', how many stones of
//               that owner the holder took
//   passes      passes in a row
//   turns       turns completed (placements and passes)
//   end         '-', "passed", "repetition", "turn-cap" or "last-player"
//   seen        '-', or the keys of the positions seen at the start of a turn (repetition rule),
//               16 hex digits each, ascending, separated by ','
//   retired     per seat, separated by ',': 0 while playing, k for the k-th player to retire;
//               left out while nobody has retired (so games without retirements read as before)

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/error.hpp"
#include "engine/shiamgon/position.hpp"

namespace boardroom::engine::shiamgon {

char colour_letter(int seat);
std::string colour_name(int seat);  // "Red"
std::string colour_key(int seat);   // "red"

struct written_move {
  int from = -1;  // shifts only
  int to = 0;
};

// Errors: bad_notation (names the unknown cell).
result<written_move> parse_move(const geometry& g, std::string_view text);
std::string placement_text(const geometry& g, int cell);
std::string shift_text(const geometry& g, int from, int to);

std::string ending_key(ending e);
// Without `with_seen`, the seen field is '-' whatever was seen: the position alone, for clients
// (state::position_text()), of a size that does not grow with the game.
std::string position_text(const position& pos, bool with_seen = true);
// Errors: bad_notation, with what is wrong.
result<position> parse_position(std::string_view text, const rules& r);

}  // namespace boardroom::engine::shiamgon
