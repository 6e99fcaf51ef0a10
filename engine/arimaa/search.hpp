#pragma once
// Distinct-turn generation: every position the side to move can produce with one legal turn,
// each once, with a shortest step sequence that produces it. Counting and "is there any legal
// turn" (the immobilization checks) use the same search and stop early where they can.
//
// The search walks steps with make/unmake. Pushes and pulls are made as two steps in a row, so
// every node between them is a plain position whose continuations depend only on its board and
// the steps left: a table of Zobrist keys prunes nodes already searched with as many steps left,
// a second table keeps one entry per resulting board. A turn is legal when it changes the board
// and its position is not `forbidden` (already seen twice with the opponent to move).

#include <cstdint>
#include <span>
#include <vector>

#include "engine/arimaa/position.hpp"
#include "engine/arimaa/step.hpp"

namespace boardroom::engine::arimaa {

// Position keys (position::key(), with the side to move) a turn must not produce.
using forbidden_keys = std::span<const std::uint64_t>;

struct found_turn {
  std::uint64_t board_key = 0;  // of the position the turn produces
  step_path steps;              // a shortest sequence producing it, as made
};

// In discovery order, which is deterministic; replaces the contents of `out`.
void generate_turns(const position& pos, forbidden_keys forbidden, std::vector<found_turn>& out);
std::uint64_t count_turns(const position& pos, forbidden_keys forbidden);
bool has_turn(const position& pos, forbidden_keys forbidden);

// The position after `steps` (captures included), with the side to move unchanged.
position after_steps(const position& pos, const step_path& steps);

}  // namespace boardroom::engine::arimaa
