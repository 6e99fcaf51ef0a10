#pragma once
// The engine::state of a Shiamgon game. current_player() is the displaced player while a
// displacement waits for their decision, otherwise the player whose turn it is.

#include <memory>

#include "engine/core/game.hpp"
#include "engine/shiamgon/position.hpp"

namespace boardroom::engine::shiamgon {

class state final : public engine::state {
 public:
  explicit state(const shiamgon::position& pos) : position_(pos) {}

  int num_players() const override { return position_.rules().players; }
  int current_player() const override;
  // While a displacement waits, the displaced player decides it, out of turn.
  std::vector<actor> to_act() const override;
  // Players whose last stone the last play() or retire() took off the board (they can never
  // place again: an elimination), then the automatic passes that followed, in order.
  std::vector<forced_step> forced_by_last_play() const override;
  result<std::string> play(std::string_view text) override;
  std::vector<std::string> legal_moves() const override;
  // See position::retire(): the stones stay, the player passes from then on.
  result<void> retire(int player) override;
  bool is_terminal() const override { return position_.over(); }
  std::optional<engine::outcome> outcome() const override;
  std::string to_text() const override;
  // to_text() with the seen field '-': the positions seen, which only the repetition rule needs,
  // grow by 17 characters a turn.
  std::string position_text() const override;
  void write_view(json_writer& w) const override;
  std::unique_ptr<engine::state> clone() const override;
  // On copies of the position, without move texts.
  std::uint64_t perft(int depth) const override;

  const shiamgon::position& position() const { return position_; }

 private:
  void note_forced(const std::array<int, max_players>& stones_before);

  shiamgon::position position_;
  std::vector<forced_step> forced_;  // of the last play() or retire()
};

// The board's cells with their geometry, for clients that draw it, as parallel arrays indexed by
// cell: "names", "ring" (discs; 0 the centre) or "row" (triangles; 1 the apex), "index" in the
// ring or row; discs add "start_degrees" and "end_degrees" (clockwise from north; the end may
// exceed 360) and "ring_sizes"; triangles add "up" and "corners" (six numbers per cell: three x, y
// pairs, x to the right and y downwards, unit side, apex at 0, 0).
nlohmann::json geometry_json(const geometry& g);

}  // namespace boardroom::engine::shiamgon
