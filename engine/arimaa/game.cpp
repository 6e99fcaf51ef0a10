#include <memory>

#include "engine/arimaa/arimaa.hpp"
#include "engine/arimaa/clock_kind.hpp"
#include "engine/arimaa/record_format.hpp"
#include "engine/arimaa/state.hpp"

namespace boardroom::engine::arimaa {

namespace {

class game final : public engine::game {
 public:
  std::string_view key() const override { return "arimaa"; }
  std::string_view display_name() const override { return "Arimaa"; }
  player_range players() const override { return {2, 2}; }
  const std::vector<param_spec>& param_specs() const override { return specs_; }
  std::vector<std::string> player_names(int) const override { return {"Gold", "Silver"}; }
  bool draws_by_agreement() const override { return false; }  // the rules allow no draw offers
  std::vector<const engine::clock_kind*> clock_kinds() const override {
    return {&the_clock_kind()};
  }
  std::vector<const engine::record_format*> record_formats() const override {
    return {&the_record_format()};
  }

  // The seed is not used: both sides choose their setups, nothing is drawn.
  result<std::unique_ptr<engine::state>> new_state(int players, const param_map& params,
                                                   std::uint64_t) const override {
    auto ok = check(players, params);
    if (!ok) return std::unexpected(ok.error());
    return std::make_unique<state>();
  }

  result<std::unique_ptr<engine::state>> state_from_text(int players, const param_map& params,
                                                         std::string_view text) const override {
    auto ok = check(players, params);
    if (!ok) return std::unexpected(ok.error());
    auto st = state::from_text(text);
    if (!st) return std::unexpected(st.error());
    return std::make_unique<state>(std::move(*st));
  }

 private:
  result<void> check(int players, const param_map& params) const {
    if (players != 2) {
      return fail("bad_players", "Arimaa is for exactly 2 players, not " + std::to_string(players),
                  "players");
    }
    auto resolved = resolve_params(specs_, params);
    if (!resolved) return std::unexpected(resolved.error());
    return {};
  }

  std::vector<param_spec> specs_;
};

}  // namespace

const engine::game& the_game() {
  static const game instance;
  return instance;
}

}  // namespace boardroom::engine::arimaa
