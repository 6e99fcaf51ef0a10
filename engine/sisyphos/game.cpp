#include <memory>

#include "engine/sisyphos/notation.hpp"
#include "engine/sisyphos/offline_tools.hpp"
#include "engine/sisyphos/perfect.hpp"
#include "engine/sisyphos/sisyphos.hpp"
#include "engine/sisyphos/state.hpp"
#include "engine/sisyphos/table_registry.hpp"

namespace boardroom::engine::sisyphos {

namespace {

class game final : public engine::game {
 public:
  std::string_view key() const override { return "sisyphos"; }
  std::string_view display_name() const override { return "Come on, Sisyphos"; }
  player_range players() const override { return {2, 2}; }
  const std::vector<param_spec>& param_specs() const override { return specs_; }
  std::vector<std::string> player_names(int) const override { return {"Sisyphos", "Spirits"}; }

  result<std::unique_ptr<engine::state>> new_state(int players, const param_map& params,
                                                   std::uint64_t) const override {
    auto r = checked_rules(players, params);
    if (!r) return std::unexpected(r.error());
    return std::make_unique<state>(*r, position::start());
  }

  result<std::unique_ptr<engine::state>> state_from_text(int players, const param_map& params,
                                                         std::string_view text) const override {
    auto r = checked_rules(players, params);
    if (!r) return std::unexpected(r.error());
    auto pos = parse_position(text, *r);
    if (!pos) return std::unexpected(pos.error());
    return std::make_unique<state>(*r, *pos);
  }

  // Both need the edition's solved table (table_registry.hpp); without it they say so.
  std::vector<const bot*> own_bots() const override { return {&perfect_bot()}; }
  result<nlohmann::json> analyze(const engine::state& s) const override { return analyze_state(s); }
  const engine::offline_tools* tools() const override { return &the_offline_tools(); }
  result<std::string> load_data(const std::string& dir) const override {
    auto installed = install_tables_from(dir);
    if (!installed) return std::unexpected(installed.error());
    std::string loaded;
    for (edition e : *installed)
      loaded += (loaded.empty() ? "" : ", ") + table_file_name(e);
    return loaded;
  }

 private:
  // Resolving again is idempotent for resolved maps and keeps a caller's slip from reaching
  // get_choice() as an out-of-range access.
  result<rules> checked_rules(int players, const param_map& params) const {
    if (players != 2) {
      return fail("bad_players",
                  "Come on, Sisyphos is for exactly 2 players, not " + std::to_string(players),
                  "players");
    }
    auto resolved = resolve_params(specs_, params);
    if (!resolved) return std::unexpected(resolved.error());
    return rules_from_params(*resolved);
  }

  std::vector<param_spec> specs_{
      param_spec::choice("edition", {"forum2007", "perlhuhn2007"},
                         "forum2007: the author's rules post (re-entry onto the nearest empty "
                         "squares to one's corner, 60 turns); perlhuhn2007: the printed edition "
                         "(re-entry only onto one's start squares, 50 turns)"),
      param_spec::integer("move_limit", 0, 0, 1000,
                          "Sisyphos's turns (re-entries count) before the spirits win; 0 means "
                          "the edition's own limit (60 for forum2007, 50 for perlhuhn2007)"),
  };
};

}  // namespace

const engine::game& the_game() {
  static const game instance;
  return instance;
}

}  // namespace boardroom::engine::sisyphos
