#pragma once
// What every way of opening a room checks alike (room.create, a seek, a challenge): the game and
// its parameters, the number of seats, the time control; the game is set up once the way the room
// will start it, so that parameters that do not fit each other or the seat count are refused
// before anyone waits for the room.

#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "engine/core/registry.hpp"
#include "protocol/errors.hpp"
#include "server/rooms/time_control.hpp"

namespace boardroom::server {

struct room_terms {
  engine::game_spec spec;
  int seats = 2;
  time_control timing;
  std::uint64_t seed = 0;                 // the engine's setup and the bots' draws
  std::unique_ptr<engine::state> set_up;  // the game as the room will start it
};

// `seats` absent: the game's smallest number of players. Errors: the engine's for the game and
// its parameters, `bad_seats`, `bad_parameter`, `bad_time_control`.
std::expected<room_terms, protocol::error> check_terms(
    const std::string& game, const nlohmann::json& params, std::optional<int> seats,
    const std::optional<std::string>& time_control);

}  // namespace boardroom::server
