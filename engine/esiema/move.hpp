#pragma once
// The three kinds of action and the balls they move.

#include <array>
#include <cstdint>

#include "engine/esiema/board.hpp"

namespace boardroom::engine::esiema {

// A ball as the notation and the moves name it: the owner's seat, plus mother_flag for a mother.
using ball = std::uint8_t;
inline constexpr ball mother_flag = 8;

constexpr ball small_ball(int seat) {
  return static_cast<ball>(seat);
}
constexpr ball mother_ball(int seat) {
  return static_cast<ball>(seat | mother_flag);
}
constexpr int owner(ball b) {
  return b & (mother_flag - 1);
}
constexpr bool is_mother(ball b) {
  return (b & mother_flag) != 0;
}

inline constexpr int max_reproduction = pit_capacity - 1;  // the mother plus 11 fill a pit

struct move {
  enum class kind : std::uint8_t { place, reproduce, sow };

  kind type = kind::place;
  pit at = no_pit;      // the placement's pit, the reproducing mother's pit, or the sowing's start
  bool mother = false;  // place: the mother ball (each player's first placement)
  int count = 0;        // reproduce: balls added; sow: the path's length (the balls taken out)
  std::array<pit, pit_capacity> path{};    // sow: the pits in order
  std::array<ball, pit_capacity> balls{};  // sow: the ball dropped into each path pit

  static move place(pit p, bool mother) {
    move m;
    m.type = kind::place;
    m.at = p;
    m.mother = mother;
    return m;
  }
  static move reproduce(pit p, int n) {
    move m;
    m.type = kind::reproduce;
    m.at = p;
    m.count = n;
    return m;
  }
};

}  // namespace boardroom::engine::esiema
