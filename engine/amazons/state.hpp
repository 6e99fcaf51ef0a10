#pragma once
// The engine::state of an Amazons game: a position under a set of rules.

#include <memory>

#include "engine/amazons/position.hpp"
#include "engine/amazons/rules.hpp"
#include "engine/core/game.hpp"

namespace boardroom::engine::amazons {

class state final : public engine::state {
 public:
  state(const amazons::rules& r, const amazons::position& pos) : rules_(r), position_(pos) {}

  int num_players() const override { return num_colours; }
  // The seat of the colour to move (see position.hpp for seats after a swap).
  int current_player() const override;
  result<std::string> play(std::string_view text) override;
  std::vector<std::string> legal_moves() const override;
  // A move in two parts: the queen move "d1-d7", then the arrow "g7" (the move is "d1-d7/g7");
  // "pass" and "swap" are whole moves of one part. Errors: illegal_move, with the part refused.
  result<continuation> continuations(std::string_view chosen) const override;
  // Draws from the compact move list and prints only the move drawn.
  std::string random_move(std::mt19937_64& rng) const override;
  bool is_terminal() const override { return position_.is_over(rules_); }
  std::optional<engine::outcome> outcome() const override;
  std::string to_text() const override;
  void write_view(json_writer& w) const override;
  std::unique_ptr<engine::state> clone() const override;
  std::uint64_t perft(int depth) const override;

  const amazons::rules& rules() const { return rules_; }
  const amazons::position& position() const { return position_; }

 private:
  amazons::rules rules_;
  amazons::position position_;
};

}  // namespace boardroom::engine::amazons
