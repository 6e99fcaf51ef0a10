#include <memory>

#include "engine/amazons/amazons.hpp"
#include "engine/amazons/notation.hpp"
#include "engine/amazons/state.hpp"

namespace boardroom::engine::amazons {

namespace {

class game final : public engine::game {
 public:
  std::string_view key() const override { return "amazons"; }
  std::string_view display_name() const override { return "Game of the Amazons"; }
  player_range players() const override { return {2, 2}; }
  const std::vector<param_spec>& param_specs() const override { return specs_; }
  // The seats' colours at the start; after a swap they are exchanged (position.hpp).
  std::vector<std::string> player_names(int) const override { return {"White", "Black"}; }

  result<std::unique_ptr<engine::state>> new_state(int players, const param_map& params,
                                                   std::uint64_t) const override {
    auto r = checked_rules(players, params);
    if (!r) return std::unexpected(r.error());
    return std::make_unique<state>(*r, position::start(*r));
  }

  result<std::unique_ptr<engine::state>> state_from_text(int players, const param_map& params,
                                                         std::string_view text) const override {
    auto r = checked_rules(players, params);
    if (!r) return std::unexpected(r.error());
    auto pos = parse_position(text, *r);
    if (!pos) return std::unexpected(pos.error());
    return std::make_unique<state>(*r, *pos);
  }

 private:
  // Resolving again is idempotent for resolved maps and keeps a caller's slip from reaching
  // get_int() as an out-of-range access.
  result<rules> checked_rules(int players, const param_map& params) const {
    if (players != 2) {
      return fail(
          "bad_players",
          "the Game of the Amazons is for exactly 2 players, not " + std::to_string(players),
          "players");
    }
    auto resolved = resolve_params(specs_, params);
    if (!resolved) return std::unexpected(resolved.error());
    return rules_from_params(*resolved);
  }

  std::vector<param_spec> specs_{
      param_spec::integer_of("board_size", 10, {6, 8, 10},
                             "10 (the standard 10x10 board), or 8 or 6 for the small boards"),
      param_spec::boolean("swap", false,
                          "pie rule: Black may answer White's first move with 'swap' and take "
                          "over White's side, leaving Black's to the other player"),
      param_spec::integer("komi", 0, 0, max_komi,
                          "passes for Black, the second player: a side that cannot move may pass "
                          "while it has passes left instead of losing"),
  };
};

}  // namespace

const engine::game& the_game() {
  static const game instance;
  return instance;
}

}  // namespace boardroom::engine::amazons
