#pragma once
// Perfect play and analysis from a solved table, under the move limit.
//
// A table value counts Sisyphos turns without a limit (solver.hpp). With `remaining` turns left
// (rules::move_limit minus the turns he has made) Sisyphos wins exactly when the value is at most
// `remaining`; so the best move ignoring the limit is also the best move under it, and only the
// verdict ("who wins") depends on the counter.

#include <optional>
#include <random>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/bot.hpp"
#include "engine/sisyphos/table.hpp"

namespace boardroom::engine::sisyphos {

struct evaluation {
  // Sisyphos turns still needed (his next turn counts as 1) when he wins with best play within
  // the limit; nullopt when the spirits win.
  std::optional<int> turns_to_win;
  // The table's value: the same without a limit; nullopt when he cannot force a win at all.
  std::optional<int> ignoring_limit;
};

evaluation evaluate(const table& t, const node& n, int remaining);

struct move_evaluation {
  move m;
  evaluation after;   // the node after the move, with the turns then remaining
  bool best = false;  // one of the moves perfect play chooses among
};

// Every legal move, best first for the side to move, ties in generation order. Sisyphos: fewest
// turns to the win; among moves that do not win, those after which no spirit can step onto e1.
// The spirits: the longest defence; a step onto e1 first, then the moves that hold forever.
std::vector<move_evaluation> evaluate_moves(const table& t, const node& n, int remaining);

// One of the best moves, chosen by `rng` among equals; nullopt once the game is over.
std::optional<move> perfect_move(const table& t, const node& n, int remaining,
                                 std::mt19937_64& rng);

// The engine side: the "perfect" bot and game::analyze of a Sisyphos state, using the tables
// installed in solver_tables(); without one they fail with no_table_error().
const engine::bot& perfect_bot();
result<nlohmann::json> analyze_state(const engine::state& s);

}  // namespace boardroom::engine::sisyphos
