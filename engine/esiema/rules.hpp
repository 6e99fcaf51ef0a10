#pragma once
// The options of a game as a plain struct, made from the game's parameters and the player count.

#include <array>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/params.hpp"
#include "engine/esiema/board.hpp"

namespace boardroom::engine::esiema {

inline constexpr int max_small_balls = 70;
inline constexpr int default_setup_balls = 30;
inline constexpr int default_draw_window = 15;
inline constexpr int max_draw_window = 1000;

// The seats' colours, in seat order, with the letter each has in the notation; mothers are
// written with the capital letter.
inline constexpr std::array<char, max_players> colour_letters{'r', 'b', 'y', 'g', 'o', 'p'};
inline constexpr std::array<const char*, max_players> colour_names{"red",   "blue",   "yellow",
                                                                   "green", "orange", "purple"};

struct rules {
  int players = 2;
  std::array<int, max_players> small_balls{70, 70, 70, 70, 70, 70};  // per seat: the handicap
  int setup_balls = default_setup_balls;  // balls each player places in the setup, mother included
  bool must_reproduce_when_empty = true;
  int draw_window = default_draw_window;  // turns the game may go on once all are down to one ball
  bool turn_order_by_lot = false;         // false: seating order
  int first_player = -1;                  // a seat, or -1: drawn by lot

  // The balls a seat places in the setup: the mother plus setup_balls - 1 small balls, or fewer
  // when its handicap leaves it fewer small balls.
  int setup_quota(int seat) const;
};

// `params` must be resolved against the game's param_specs(). Errors: bad_players, bad_parameter
// (a handicap or first player given for a seat the game does not have).
result<rules> rules_from_params(int players, const param_map& params);

const std::vector<param_spec>& esiema_param_specs();
// game::upgrade_params(): the names of stored specs, which counted seats from 1 (rules.cpp).
result<param_map> upgrade_esiema_params(param_map given);

}  // namespace boardroom::engine::esiema
