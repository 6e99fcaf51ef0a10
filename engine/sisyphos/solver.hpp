#pragma once
// Retrograde analysis of a whole variant: the number of Sisyphos turns to a forced win for every
// node, with Sisyphos minimizing and the spirits maximizing (README.md, "Solver").
//
// One byte per node, in indexer order:
//   Sisyphos to move   the Sisyphos turns he needs, this one included (1 = he steps onto a5 now)
//   spirits to move    the Sisyphos turns he needs after their move (his next turn counts as 1)
//   0                  Sisyphos is on a5: he has won (either side to move)
//   no_win (255)       Sisyphos cannot force a win: a spirit is on e1, or it reaches e1, or the
//                      spirits keep him from a5 forever
// The turn counter is not part of a node: with `remaining` turns left Sisyphos wins exactly when
// the value is at most `remaining` (the levels of the analysis are "can force a win within d
// turns", which is what the move limit asks).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/sisyphos/solver_node.hpp"

namespace boardroom::engine::sisyphos {

inline constexpr std::uint8_t no_win = 255;
// Larger values are the solver's move counters while it runs; none of the variants comes close.
inline constexpr int max_turns_to_win = 239;

using progress_fn = std::function<void(const std::string&)>;

// The values of every node of `v` in indexer order. `threads` (at least 1) share each level's
// work; engine code is otherwise single-threaded, this batch job is the exception. Fails only if
// a value would exceed max_turns_to_win.
result<std::vector<std::uint8_t>> solve(const variant& v, int threads,
                                        const progress_fn& progress = {});

}  // namespace boardroom::engine::sisyphos
