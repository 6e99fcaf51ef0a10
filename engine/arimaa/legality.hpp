#pragma once
// The checked path: written setups and steps become legal ones, or a reason a player
// understands ("the dog on c4 is frozen by the silver horse on c5").
//
// A turn is checked step by step, exactly as the ruling states the constraints: each step is a
// free step of one's own piece, the completion of a push started by the previous step, the
// second half of a pull, or the start of a push. An enemy step that can be the second half of a
// pull is taken as one: it leaves no obligation, so it allows everything the push reading would.

#include <optional>
#include <string>
#include <vector>

#include "engine/arimaa/history.hpp"
#include "engine/arimaa/notation.hpp"
#include "engine/arimaa/position.hpp"
#include "engine/arimaa/step.hpp"
#include "engine/core/error.hpp"

namespace boardroom::engine::arimaa {

// A setup for `pos.to_move()` (the other side's setup, if any, already on the board): all 16
// pieces, exact counts, every square of the side's two home ranks. Returns the position with the
// pieces placed (side to move unchanged). Errors: illegal_move.
result<position> check_setup(const position& pos, const std::vector<token>& placements);

// Canonical setup text, without tag: Gold rank 1 then rank 2, Silver rank 8 then rank 7, each from
// file a to h.
std::string setup_text(const position& pos, colour side);

// One turn of the side to move of `start`, built step by step.
class turn_builder {
 public:
  explicit turn_builder(const position& start) : start_(start), pos_(start) {}

  // Checks the step of the piece written as `p` and applies it. Errors: illegal_move.
  result<made_step> add(piece p, square from, direction d);
  // Whether the turn may end now: a push is not half done, the board changed, and the position is
  // not one `seen` twice already. Errors: illegal_move.
  result<void> can_end(const history& seen) const;
  // Whether some continuation (possibly none) can end the turn legally.
  bool can_complete(const history& seen) const;
  // Every step add() accepts now, after which the turn can still be completed.
  std::vector<made_step> completable_steps(const history& seen) const;

  const position& start() const { return start_; }
  const position& board() const { return pos_; }  // after the steps so far
  int steps() const { return static_cast<int>(made_.size()); }
  const std::vector<made_step>& made() const { return made_; }
  // The steps with their captures: "rb3e rc3x Hb2n".
  std::string text() const;

 private:
  bool can_complete(const history& seen, std::vector<std::uint64_t>& dead_ends) const;
  result<made_step> check_own(piece p, square from, square to);
  result<made_step> check_enemy(piece p, square from, square to);
  std::string push_obligation() const;

  position start_;
  position pos_;
  std::vector<made_step> made_;
  // A push under way: the pushed piece left `push_square_`; one of `pushers_` must step into it.
  square push_square_ = no_square;
  bitboard pushers_ = 0;
  piece pushed_;
  // Right after a free step of our own: `pull_square_` was left by a piece of kind `puller_`.
  square pull_square_ = no_square;
  kind puller_ = kind::rabbit;
};

}  // namespace boardroom::engine::arimaa
