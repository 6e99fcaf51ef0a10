#include <memory>
#include <random>

#include "engine/shiamgon/notation.hpp"
#include "engine/shiamgon/rules.hpp"
#include "engine/shiamgon/shiamgon.hpp"
#include "engine/shiamgon/state.hpp"

namespace boardroom::engine::shiamgon {

namespace {

class game final : public engine::game {
 public:
  std::string_view key() const override { return "shiamgon"; }
  std::string_view display_name() const override { return "Shiamgon"; }
  player_range players() const override { return {3, max_players}; }
  const std::vector<param_spec>& param_specs() const override { return specs_; }
  std::vector<std::string> player_names(int players) const override {
    std::vector<std::string> out;
    for (int s = 0; s < players; ++s)
      out.push_back(colour_name(s));
    return out;
  }

  // Seats were counted from 1 until every seat number a user reads or writes counted from 0, as
  // the protocol does: first_player (1-5, 0 by lot) and handicap_1..handicap_5 of stored specs
  // become first_seat / first_by_lot and handicap_seat_0..handicap_seat_4.
  result<param_map> upgrade_params(param_map given) const override {
    auto first = take_old_integer(given, "first_player", 0, max_players);
    if (!first) return std::unexpected(first.error());
    if (*first) {
      if (given.contains("first_by_lot")) {
        return fail("bad_parameter",
                    "parameters 'first_player' and 'first_by_lot' are given together: "
                    "'first_player' is the old name of first_seat (+1) and first_by_lot (0)",
                    "first_player");
      }
      auto put = **first == 0 ? put_renamed(given, "first_player", "first_by_lot", true)
                              : put_renamed(given, "first_player", "first_seat", **first - 1);
      if (!put) return std::unexpected(put.error());
    }
    for (int s = 0; s < max_players; ++s) {
      std::string old_name = "handicap_" + std::to_string(s + 1);
      auto h = take_old_integer(given, old_name, 0, max_handicap);
      if (!h) return std::unexpected(h.error());
      if (!*h) continue;
      auto put = put_renamed(given, old_name, handicap_param(s), **h);
      if (!put) return std::unexpected(put.error());
    }
    return given;
  }

  result<std::unique_ptr<engine::state>> new_state(int players, const param_map& params,
                                                   std::uint64_t seed) const override {
    auto r = checked_rules(players, params);
    if (!r) return std::unexpected(r.error());
    auto board = start_board(*r);
    if (!board) return std::unexpected(board.error());
    int first = r->first_player;
    if (r->first_by_lot) {
      std::mt19937_64 rng(seed);
      first = static_cast<int>(rng() % static_cast<std::uint64_t>(players));
    }
    return std::make_unique<state>(position::start(*r, std::move(*board), first));
  }

  result<std::unique_ptr<engine::state>> state_from_text(int players, const param_map& params,
                                                         std::string_view text) const override {
    auto r = checked_rules(players, params);
    if (!r) return std::unexpected(r.error());
    auto pos = parse_position(text, *r);
    if (!pos) return std::unexpected(pos.error());
    return std::make_unique<state>(*pos);
  }

 private:
  result<rules> checked_rules(int players, const param_map& params) const {
    if (players < 3 || players > max_players) {
      return fail("bad_players", "Shiamgon is for 3 to 5 players, not " + std::to_string(players),
                  "players");
    }
    auto resolved = resolve_params(specs_, params);
    if (!resolved) return std::unexpected(resolved.error());
    return rules_from_params(players, *resolved);
  }

  static std::vector<param_spec> make_specs() {
    std::vector<param_spec> specs{
        param_spec::choice("board", {"disc-large", "disc-small", "triangle-64", "triangle-256"},
                           "disc-large: centre and 10 rings (229 cells, 3-5 players); disc-small: "
                           "centre and 5 rings (115 cells, 3 or 5 players); triangle-64 and "
                           "triangle-256: the original triangles (3 players)"),
        param_spec::choice("direction", {"clockwise", "counterclockwise"},
                           "turn order: clockwise follows the seats Red, Blue, Green, ...; "
                           "counterclockwise goes the other way round"),
        param_spec::integer("first_seat", 0, 0, max_players - 1,
                            "the seat that places first, counted from 0 like every seat "
                            "(0 = Red, 1 = Blue, ...)"),
        param_spec::boolean("first_by_lot", false,
                            "draw the seat that places first by lot (from the room's seed); "
                            "first_seat is then not used"),
        param_spec::choice("encircle", {"opponents-all-around", "no-empty-neighbour"},
                           "when a cluster is captured: every adjacent cell holds another "
                           "player's stone, or merely no adjacent cell is empty (own stones "
                           "outside the cluster count as closing it)"),
        param_spec::choice("score_base", {"placements", "stones-on-board"},
                           "what a score starts from: the stones a player placed during play, or "
                           "the player's stones on the board at the end; prisoners won are added "
                           "and stones lost subtracted either way"),
        param_spec::choice("repetition", {"ends-game", "turn-cap"},
                           "ends-game: a repeated position (same board, same player to move) is "
                           "a Triampsalm and ends the game; turn-cap: repetitions are allowed and "
                           "the game ends after turn_cap turns"),
        param_spec::integer("turn_cap", 600, 1, 100000,
                            "with repetition=turn-cap: the number of turns (placements and "
                            "passes) after which the game ends"),
    };
    // Which seat counts each board offers, from the rule that checks them.
    for (const auto& key : specs.front().choices) {
      auto& counts = specs.front().players_by_choice[key];
      for (int n = 3; n <= max_players; ++n) {
        if (board_allows(*board_from_key(key), n)) counts.push_back(n);
      }
    }
    for (int s = 0; s < max_players; ++s) {
      specs.push_back(param_spec::integer(
          handicap_param(s), 0, 0, max_handicap,
          "handicap stones for seat " + std::to_string(s) + " (" + colour_name(s) + ")" +
              ", placed before play on the third ring from outside in the seat's sector (discs "
              "only, and no more than the sector has room for)"));
    }
    return specs;
  }

  std::vector<param_spec> specs_ = make_specs();
};

}  // namespace

const engine::game& the_game() {
  static const game instance;
  return instance;
}

}  // namespace boardroom::engine::shiamgon
