#pragma once
// Arimaa's official time control as a clock kind the game declares (engine/core/clock_rules.hpp):
// rooms write it "arimaa:M/R/P/L/G/T"; the bank of a seat is its reserve.

#include "engine/core/clock_rules.hpp"

namespace boardroom::engine::arimaa {

const engine::clock_kind& the_clock_kind();

}  // namespace boardroom::engine::arimaa
