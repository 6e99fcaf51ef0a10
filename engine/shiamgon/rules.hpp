#pragma once
// The options of a game as a struct of switches, made from the game's parameters, and the start
// position they call for.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/core/params.hpp"
#include "engine/shiamgon/geometry.hpp"

namespace boardroom::engine::shiamgon {

inline constexpr int max_players = 5;
inline constexpr int max_handicap = 6;
inline constexpr int no_owner = -1;

enum class encircle_rule { opponents_all_around, no_empty_neighbour };
enum class score_rule { placements, stones_on_board };

struct rules {
  board_kind board = board_kind::disc_large;
  int players = 3;
  bool counterclockwise = false;  // turn order against the seating order
  int first_player = 0;           // seat (parameter first_seat), unless drawn by lot
  bool first_by_lot = false;
  encircle_rule encircle = encircle_rule::opponents_all_around;
  score_rule score = score_rule::placements;
  bool turn_cap_mode = false;  // repetition=turn-cap: a repeated position does not end the game
  int turn_cap = 0;            // turns (placements and passes) after which the game ends
  std::array<int, max_players> handicap{};  // extra start stones per seat

  const shiamgon::geometry& geometry() const { return geometry_of(board); }
  // The seat after `seat` in turn order.
  int next(int seat) const {
    return counterclockwise ? (seat + players - 1) % players : (seat + 1) % players;
  }
};

// The player counts a board is offered for: 3-5 on the large disc, 3 or 5 on the small one (no
// symmetric layout exists for 4), 3 on the triangles.
bool board_allows(board_kind board, int players);

// `params` must be resolved against the game's param_specs(). Errors: bad_players (a count the
// board is not offered for), bad_parameter (a first player beyond the count).
result<rules> rules_from_params(int players, const param_map& params);

// The name of the parameter with the handicap stones of `seat` (from 0): "handicap_seat_0".
std::string handicap_param(int seat);

// The sector of a seat on a disc: [start, end) in turns, end may exceed 1.
struct sector {
  fraction start, end;
};
sector sector_of(const rules& r, int seat);

// Who stands where before the first move (no_owner for an empty cell): the start stones and the
// handicap stones. Errors: bad_parameter when a seat's handicap does not fit its sector.
result<std::vector<int>> start_board(const rules& r);

}  // namespace boardroom::engine::shiamgon
