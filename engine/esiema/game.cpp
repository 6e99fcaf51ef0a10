#include <memory>

#include "engine/esiema/esiema.hpp"
#include "engine/esiema/notation.hpp"
#include "engine/esiema/state.hpp"

namespace boardroom::engine::esiema {

namespace {

class game final : public engine::game {
 public:
  std::string_view key() const override { return "esiema"; }
  std::string_view display_name() const override { return "Esiema"; }
  player_range players() const override { return {min_players, max_players}; }
  const std::vector<param_spec>& param_specs() const override { return esiema_param_specs(); }
  result<param_map> upgrade_params(param_map given) const override {
    return upgrade_esiema_params(std::move(given));
  }
  std::vector<std::string> player_names(int players) const override {
    std::vector<std::string> out;
    for (int s = 0; s < players; ++s) {
      std::string name = colour_names[s];
      name[0] = static_cast<char>(name[0] - 'a' + 'A');
      out.push_back(name);
    }
    return out;
  }

  result<std::unique_ptr<engine::state>> new_state(int players, const param_map& params,
                                                   std::uint64_t seed) const override {
    auto r = checked_rules(players, params);
    if (!r) return std::unexpected(r.error());
    return std::make_unique<state>(*r, position::start(*r, seed));
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
    auto resolved = resolve_params(esiema_param_specs(), params);
    if (!resolved) return std::unexpected(resolved.error());
    return rules_from_params(players, *resolved);
  }
};

}  // namespace

const engine::game& the_game() {
  static const game instance;
  return instance;
}

}  // namespace boardroom::engine::esiema
