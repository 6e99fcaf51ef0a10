#pragma once
// The engine::state of an Arimaa game: the committed position, the turn number, the positions seen
// (for repetition), a turn being submitted step by step, and the ending if the game is over.
//
// Moves in the engine interface (see rules.md, "In boardroom"):
//   - a setup, "1g Ra1 Rb1 ... Dh2" (tag optional when submitted);
//   - a whole turn, "2g Ed2n Ed3n" or "Ed2n Ed3n", with or without capture tokens; a one-step
//     turn needs its tag ("2g Ed2n") or "end" ("Ed2n end");
//   - one step, "Ed2n" without tag: it is held as pending and current_player() stays; more steps
//     follow the same way, "end" finishes the turn, "undo" takes back the last pending step.
// play() returns the record: a setup or turn in canonical long notation with its tag and all
// captures; for a pending step the step with its capture.
// legal_moves(): one whole turn per distinct resulting position (a shortest step sequence, with
// tag and captures); during the setups a fixed short list of setups (rules.md says why), marked
// incomplete (lists_all_moves()); with steps pending, the next steps that can still end in a
// legal turn, and "end" when ending is legal.

#include <memory>
#include <optional>

#include "engine/arimaa/ending.hpp"
#include "engine/arimaa/history.hpp"
#include "engine/arimaa/legality.hpp"
#include "engine/arimaa/position.hpp"
#include "engine/core/game.hpp"

namespace boardroom::engine::arimaa {

class state final : public engine::state {
 public:
  state() = default;  // Gold to set up

  // Reads to_text(); errors: bad_notation, illegal_move (for pending steps).
  static result<state> from_text(std::string_view text);

  int num_players() const override { return num_colours; }
  int current_player() const override;
  // During the setups the side to move places its pieces: a setup, not a move.
  std::vector<actor> to_act() const override;
  result<std::string> play(std::string_view text) override;
  // The next steps after `chosen` (steps and optional capture tokens, optionally with the turn's
  // tag; after any pending steps), each written with the capture it causes: every step the rules
  // allow there, pushes and pulls included, after which the turn can still end legally (change
  // the position, not repeat one a third time). may_end: ending after `chosen` is legal.
  // Errors: no_steps (during the setups), bad_notation, illegal_move (with the reason).
  result<continuation> continuations(std::string_view chosen) const override;
  std::vector<std::string> legal_moves() const override;
  // During the setups the list is one setup of a side's 64,864,800: not complete, and not
  // counted (perft() and random_move() go through the listed setup, as they always have).
  bool lists_all_moves() const override { return !in_setup(); }
  std::optional<std::uint64_t> count_moves() const override;
  std::string random_move(std::mt19937_64& rng) const override;
  // Steps drawn one at a time among those after which the turn can still end legally, ending at
  // a random point once it may: a hundred times quicker than random_move(), not uniform.
  std::string playout_move(std::mt19937_64& rng) const override;
  bool is_terminal() const override { return ending_.over(); }
  std::optional<engine::outcome> outcome() const override;
  // The game-time limit (G) of the official time control: the side that has, or most recently
  // had, more pieces after a completed turn wins; Silver when they never differed.
  std::optional<engine::outcome> outcome_when_halted() const override;
  std::string to_text() const override;
  void write_view(json_writer& w) const override;
  std::unique_ptr<engine::state> clone() const override;
  std::uint64_t perft(int depth) const override;

  const position& board() const { return pos_; }  // committed: without pending steps
  int turn_number() const { return turn_; }
  bool in_setup() const { return turn_ == 1; }
  std::string tag() const { return turn_tag(turn_, pos_.to_move()); }
  const arimaa::ending& ending() const { return ending_; }
  const history& seen() const { return seen_; }
  const std::optional<turn_builder>& pending() const { return pending_; }

  // The representative setups legal_moves() lists for `side` (canonical text, no tag).
  static const std::vector<std::string>& listed_setups(colour side);

 private:
  result<std::string> play_setup(const submission& sub);
  result<std::string> play_steps(const submission& sub);
  result<std::string> undo();
  result<std::string> commit(const turn_builder& turn);
  static std::string turn_text(const step_path& steps, std::string_view tag);
  void note_material();  // after a completed turn

  position pos_;
  int turn_ = 1;
  history seen_;
  std::optional<turn_builder> pending_;
  arimaa::ending ending_;
  std::optional<colour> material_leader_;  // who last had more pieces after a turn
};

}  // namespace boardroom::engine::arimaa
