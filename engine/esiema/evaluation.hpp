#pragma once
// A judgement of an unfinished Esiema position, for the search bot's short playouts
// (engine::state::estimated_shares()). It is no rule: Esiema's rules never judge a game before
// its end, so a game halted by a limit on moves or time is still drawn.

#include <vector>

#include "engine/esiema/position.hpp"

namespace boardroom::engine::esiema {

// Each player's expected share of the others they will finish ahead of (engine::outcome::
// shares()). A player still in the game finishes ahead of one already out, and of two players out
// the later one is ahead, as the outcome ranks them. Of two players still in, the one who owns
// more small balls (on the board and in reserve) is the one closer to winning: the last player
// with small balls wins, and balls are lost only to captures. Each is taken to finish ahead with
// the chance a^3 / (a^3 + b^3), for a and b the small balls the two own: a lead tends to grow
// (more balls make more captures and leave the other fewer), and in matches of the search against
// itself the cube played better than the plain share a / (a + b) and its square, the fourth
// power level with it within the noise, the eighth worse (docs/bots.md has the figures).
std::vector<double> estimated_shares(const position& pos);

}  // namespace boardroom::engine::esiema
