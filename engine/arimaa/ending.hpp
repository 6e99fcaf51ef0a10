#pragma once
// The end-of-turn checks of the ruling, in its order. A (the side that just moved) and B (the
// side to move) are read off the position: B = pos.to_move().
//   1. a rabbit of A on its goal rank: A wins (goal)
//   2. a rabbit of B on its goal rank: B wins (goal)
//   3. B has no rabbits: A wins (elimination)
//   4. A has no rabbits: B wins (elimination)
//   5. B has no legal turn: A wins (immobilization)
//   6. B's only legal turns repeat a position for the third time: A wins (immobilization)
// Goals count only here, at the end of a turn; setups are never checked for elimination.

#include <cstdint>

#include "engine/arimaa/history.hpp"
#include "engine/arimaa/position.hpp"

namespace boardroom::engine::arimaa {

enum class end_reason : std::uint8_t { none, goal, elimination, immobilization };

struct ending {
  end_reason reason = end_reason::none;
  colour winner = colour::gold;
  int check = 0;  // which of the six checks decided it, 1-6; 0 while the game goes on

  bool over() const { return reason != end_reason::none; }
  friend bool operator==(const ending&, const ending&) = default;
};

// `after_setup`: the turn just completed was Silver's setup.
ending check_end_of_turn(const position& pos, const history& seen, bool after_setup);

}  // namespace boardroom::engine::arimaa
