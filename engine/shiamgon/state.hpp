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
  result<std::string> play(std::string_view text) override;
  std::vector<std::string> legal_moves() const override;
  bool is_terminal() const override { return position_.over(); }
  std::optional<engine::outcome> outcome() const override;
  std::string to_text() const override;
  nlohmann::json view() const override;
  std::unique_ptr<engine::state> clone() const override;

  const shiamgon::position& position() const { return position_; }

 private:
  shiamgon::position position_;
};

// The board's cells with their geometry, for clients that draw it: discs give ring, index and
// the start and end angle in degrees (clockwise from north); triangles the row, position,
// direction and corners (x to the right, y downwards, unit side).
nlohmann::json geometry_json(const geometry& g);

}  // namespace boardroom::engine::shiamgon
