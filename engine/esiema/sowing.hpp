#pragma once
// Sowings without lists. A pit of 12 balls in the centre has over 24 million paths, times the
// orders of its colours, so nothing here builds a list of sowings: paths are searched (does one
// exist?), counted (exactly, with a work budget), drawn at random, or walked one by one with a
// callback (perft only).
//
// A path from `start` of `length` pits: each pit next to the one before (the first next to
// start), no pit twice, never `start`, no pit that already holds 12 balls.

#include <cstdint>
#include <functional>
#include <optional>
#include <random>

#include "engine/esiema/board.hpp"
#include "engine/esiema/move.hpp"
#include "engine/esiema/position.hpp"

namespace boardroom::engine::esiema {

bool path_exists(const position& pos, pit start, int length);
// The same with the set of pits holding 12 balls already made (full_pits), for many starts.
pit_set full_pits(const position& pos);
bool path_exists(const pit_set& full, pit start, int length);

// Whether `seat` has any legal sowing (the must-reproduce rule aside): the fast existence check
// that decides passes.
bool has_sowing(const position& pos, int seat);

// The number of paths, or nothing if counting them would visit more than `budget` search nodes
// (a budget is taken from, so several counts can share one).
std::optional<std::uint64_t> count_paths(const position& pos, pit start, int length,
                                         std::uint64_t& budget);

// The distinct orders in which `seat` can drop the balls of `start`, the last being its own.
std::uint64_t count_ball_orders(const pit_contents& start, int seat);

// The exact number of legal sowings of `seat`, or nothing beyond the budget.
std::optional<std::uint64_t> count_sowings(const position& pos, int seat, std::uint64_t budget);

// Pits from which `seat` has a legal sowing, in pit order.
std::vector<pit> sowing_starts(const position& pos, int seat);

// A random legal sowing of `seat` from `start` (which must have a path): a path found by a
// depth-first search in random neighbour order, a random own ball last, the others shuffled.
move random_sowing(const position& pos, int seat, pit start, std::mt19937_64& rng);

// A legal sowing of `seat` that captures (from a pit of two or more balls, its last ball, a small
// one of `seat`'s, lands among other players' small balls with no mother), drawn at random but not
// uniformly: a start pit and a target in reach of it, then a path between them; nothing where the
// search, within a small budget, finds none. For the search bot's playouts (state::playout_move).
std::optional<move> random_capture(const position& pos, int seat, std::mt19937_64& rng);

// Every legal sowing of `seat`, each path with each distinct ball order.
void for_each_sowing(const position& pos, int seat, const std::function<void(const move&)>& f);

}  // namespace boardroom::engine::esiema
