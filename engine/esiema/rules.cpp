#include "engine/esiema/rules.hpp"

#include <algorithm>

namespace boardroom::engine::esiema {

namespace {

std::string small_balls_name(int seat) {
  return "small_balls_seat_" + std::to_string(seat);
}

std::vector<param_spec> make_specs() {
  std::vector<param_spec> specs;
  for (int seat = 0; seat < max_players; ++seat) {
    specs.push_back(param_spec::integer(small_balls_name(seat), max_small_balls, 0, max_small_balls,
                                        "small balls of seat " + std::to_string(seat) + " (" +
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
      "first_seat", 0, 0, max_players - 1,
      "the seat that places first and moves first in the play phase, counted from 0 like every "
      "seat (0 = red); used when first_by_lot is false"));
  specs.push_back(param_spec::boolean(
      "first_by_lot", true,
      "draw the seat that places and moves first by lot (from the game's seed)"));
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

result<param_map> upgrade_esiema_params(param_map given) {
  // Seats were counted from 1 until every seat number a user reads or writes counted from 0, as
  // the protocol does: first_player (1-6, 0 by lot) and small_balls_1..small_balls_6 of stored
  // specs become first_seat / first_by_lot and small_balls_seat_0..small_balls_seat_5.
  auto first = take_old_integer(given, "first_player", 0, max_players);
  if (!first) return std::unexpected(first.error());
  if (*first) {
    auto by_lot = put_renamed(given, "first_player", "first_by_lot", **first == 0);
    if (!by_lot) return std::unexpected(by_lot.error());
    if (**first > 0) {
      auto seat = put_renamed(given, "first_player", "first_seat", **first - 1);
      if (!seat) return std::unexpected(seat.error());
    }
  }
  for (int seat = 0; seat < max_players; ++seat) {
    std::string old_name = "small_balls_" + std::to_string(seat + 1);
    auto n = take_old_integer(given, old_name, 0, max_small_balls);
    if (!n) return std::unexpected(n.error());
    if (!*n) continue;
    auto put = put_renamed(given, old_name, small_balls_name(seat), **n);
    if (!put) return std::unexpected(put.error());
  }
  return given;
}

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
                  "parameter '" + small_balls_name(seat) + "' is for seat " + std::to_string(seat) +
                      ", but the seats of " + std::to_string(players) + " players are 0 to " +
                      std::to_string(players - 1),
                  small_balls_name(seat));
    }
    r.small_balls[seat] = seat < players ? n : 0;
  }
  r.setup_balls = static_cast<int>(get_int(params, "setup_balls"));
  r.turn_order_by_lot = get_choice(params, "turn_order") == "lot";
  int first = static_cast<int>(get_int(params, "first_seat"));
  bool by_lot = get_bool(params, "first_by_lot");
  if (!by_lot && first >= players) {
    return fail("bad_parameter",
                "parameter 'first_seat' is " + std::to_string(first) + ", but the seats of " +
                    std::to_string(players) + " players are 0 to " + std::to_string(players - 1),
                "first_seat");
  }
  r.first_player = by_lot ? -1 : first;
  r.must_reproduce_when_empty = get_bool(params, "must_reproduce_when_empty");
  r.draw_window = static_cast<int>(get_int(params, "draw_window"));
  return r;
}

}  // namespace boardroom::engine::esiema
