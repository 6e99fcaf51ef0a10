#pragma once
// The engine::state of an Esiema game: a position under a set of rules.
//
// Sowings are never listed: legal_moves() lists the placements of the setup and the
// reproductions, and lists_all_moves() says whether sowings are left out. random_move() draws
// from every legal action, count_moves() counts them exactly (within a work budget), and play()
// checks a submitted sowing along its path.

#include <memory>

#include "engine/core/game.hpp"
#include "engine/esiema/position.hpp"
#include "engine/esiema/rules.hpp"

namespace boardroom::engine::esiema {

// Search nodes count_moves() may visit (a millisecond or two of work); perft has no limit.
inline constexpr std::uint64_t count_budget = 50'000;

class state final : public engine::state {
 public:
  state(const esiema::rules& r, const esiema::position& pos) : rules_(r), position_(pos) {}

  int num_players() const override { return rules_.players; }
  int current_player() const override { return is_terminal() ? no_player : position_.to_move; }
  // In the setup phase the balls placed before play are a setup, as Arimaa's.
  std::vector<actor> to_act() const override;
  result<std::string> play(std::string_view text) override;
  // Passes of players without an action and eliminations of players without small balls or
  // reserve to reproduce with, as the last play() or retire() ran into them.
  std::vector<forced_step> forced_by_last_play() const override;
  std::vector<std::string> legal_moves() const override;
  // A sowing one part at a time, each checked by the server: with nothing chosen, the pits the
  // player may sow from ("f6"); after "f6" or "f6-f7b", the drops that can still end in a legal
  // sowing ("g7r": the next pit and the ball dropped there; the move is the parts joined by "-"),
  // and may_end once every ball is dropped. Placements and reproductions are single moves
  // (no_steps during the setup; legal_moves lists them).
  result<continuation> continuations(std::string_view chosen) const override;
  bool lists_all_moves() const override;
  std::optional<std::uint64_t> count_moves() const override;
  // Uniform over the pits the player can act from (reproduction counts as acting from the
  // mother's pit), then a random legal path and ball order, or a uniform reproduction count.
  std::string random_move(std::mt19937_64& rng) const override;
  // For the search bot: a capture (random_capture) half the time where one is found, else
  // random_move().
  std::string playout_move(std::mt19937_64& rng) const override;
  // As an elimination (position::retire): the order of going out ranks the players.
  result<void> retire(int player) override;
  bool is_terminal() const override { return position_.is_over(); }
  std::optional<engine::outcome> outcome() const override;
  // The search bot's judgement of an unfinished position (evaluation.hpp); no rule.
  std::optional<std::vector<double>> estimated_shares() const override;
  std::string to_text() const override;
  void write_view(json_writer& w) const override;
  std::unique_ptr<engine::state> clone() const override;
  // Depth 1 counts sowings without walking them; deeper levels walk every sowing.
  std::uint64_t perft(int depth) const override;

  const esiema::rules& rules() const { return rules_; }
  const esiema::position& position() const { return position_; }

 private:
  esiema::rules rules_;
  esiema::position position_;
  forced_log forced_;  // of the last play() or retire()
};

}  // namespace boardroom::engine::esiema
