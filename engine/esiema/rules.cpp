#include "engine/esiema/rules.hpp"

#include <algorithm>

namespace boardroom::engine::esiema {

namespace {

std::string small_balls_name(int seat) {
  return "small_balls_" + std::to_string(seat + 1);
}

std::vector<param_spec> make_specs() {
  std::vector<param_spec> specs;
  for (int seat = 0; seat < max_players; ++seat) {
    specs.push_back(param_spec::integer(small_balls_name(seat), max_small_balls, 0, max_small_balls,
                                        "small balls of player " + std::to_string(seat + 1) + " (" +
                                            colour_names[seat] +
                                            "); fewer than 70 is a handicap (only for a player "
                                            "in the game)"));
  }
  specs.push_back(param_spec::integer(
      "setup_balls", default_setup_balls, 1, max_small_balls + 1,
      "balls each player places in the setup phase, the mother ball first; the rest is reserve"));
  specs.push_back(param_spec::choice(
      "turn_order", {"seating", "lot"},
      "seating: players move in seat order; lot: the order is drawn by lot from the game's seed"));
  specs.push_back(param_spec::integer(
      "first_player", 0, 0, max_players,
      "the player who places first and moves first in the play phase (at most the number of "
      "players); 0: drawn by lot"));
  specs.push_back(param_spec::boolean(
      "must_reproduce_when_empty", true,
      "a player without small balls on the board must reproduce (else may also sow the mother); "
      "who cannot reproduce then is eliminated either way"));
  specs.push_back(param_spec::integer(
      "draw_window", default_draw_window, 0, max_draw_window,
      "once every remaining player owns just one small ball, the game is drawn if no one has won "
      "within this many further turns"));
  return specs;
}

}  // namespace

int rules::setup_quota(int seat) const {
  return std::min(setup_balls, 1 + small_balls[seat]);
}

const std::vector<param_spec>& esiema_param_specs() {
  static const std::vector<param_spec> specs = make_specs();
  return specs;
}

result<rules> rules_from_params(int players, const param_map& params) {
  if (players < min_players || players > max_players) {
    return fail("bad_players", "Esiema is for 2 to 6 players, not " + std::to_string(players),
                "players");
  }
  rules r;
  r.players = players;
  for (int seat = 0; seat < max_players; ++seat) {
    int n = static_cast<int>(get_int(params, small_balls_name(seat)));
    if (seat >= players && n != max_small_balls) {
      return fail("bad_parameter",
                  "parameter '" + small_balls_name(seat) + "' is for player " +
                      std::to_string(seat + 1) + ", but the game has " + std::to_string(players) +
                      " players",
                  small_balls_name(seat));
    }
    r.small_balls[seat] = seat < players ? n : 0;
  }
  r.setup_balls = static_cast<int>(get_int(params, "setup_balls"));
  r.turn_order_by_lot = get_choice(params, "turn_order") == "lot";
  int first = static_cast<int>(get_int(params, "first_player"));
  if (first > players) {
    return fail("bad_parameter",
                "parameter 'first_player' is " + std::to_string(first) + ", but the game has " +
                    std::to_string(players) + " players",
                "first_player");
  }
  r.first_player = first - 1;
  r.must_reproduce_when_empty = get_bool(params, "must_reproduce_when_empty");
  r.draw_window = static_cast<int>(get_int(params, "draw_window"));
  return r;
}

}  // namespace boardroom::engine::esiema
