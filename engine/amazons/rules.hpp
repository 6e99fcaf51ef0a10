#pragma once
// The rule variants as a plain struct of switches, made from the game's parameters.

#include <array>

#include "engine/amazons/board.hpp"
#include "engine/core/error.hpp"
#include "engine/core/params.hpp"

namespace boardroom::engine::amazons {

inline constexpr int max_komi = 10;

struct rules {
  int size = 10;      // 6, 8 or 10
  bool swap = false;  // pie rule: Black may answer White's first move by taking White's side
  int komi = 0;       // passes Black starts with (see rules.md: komi compensates the second player)

  const amazons::geometry& geometry() const { return geometry_of(size); }
};

// `params` must be resolved against the game's param_specs(). Errors: bad_parameter, for a board
// size the integer range lets through (7, 9).
result<rules> rules_from_params(const param_map& params);

// The four start squares of a colour on the board of `r`, in square order.
std::array<square, 4> start_squares(const rules& r, colour c);

}  // namespace boardroom::engine::amazons
