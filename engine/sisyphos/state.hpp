#pragma once
// The engine::state of a Sisyphos game: a position under a set of rules.

#include <memory>

#include "engine/core/game.hpp"
#include "engine/sisyphos/position.hpp"
#include "engine/sisyphos/rules.hpp"

namespace boardroom::engine::sisyphos {

class state final : public engine::state {
 public:
  state(const sisyphos::rules& r, const sisyphos::position& pos) : rules_(r), position_(pos) {}

  int num_players() const override { return num_sides; }
  int current_player() const override;
  result<std::string> play(std::string_view text) override;
  std::vector<std::string> legal_moves() const override;
  bool is_terminal() const override { return position_.is_over(rules_); }
  std::optional<engine::outcome> outcome() const override;
  std::string to_text() const override;
  void write_view(json_writer& w) const override;
  std::unique_ptr<engine::state> clone() const override;
  std::uint64_t perft(int depth) const override;

  const sisyphos::rules& rules() const { return rules_; }
  const sisyphos::position& position() const { return position_; }

 private:
  sisyphos::rules rules_;
  sisyphos::position position_;
};

}  // namespace boardroom::engine::sisyphos
