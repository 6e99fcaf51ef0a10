#pragma once
// A game's outcome in the shape events, snapshots and records carry it: ranks, scores, winners,
// reason, description. One writer and one reader, so rooms and records cannot drift apart.

#include <optional>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"

namespace boardroom::server {

nlohmann::json outcome_to_json(const engine::outcome& result);
// null for none (a game not over, or one that could not be set up).
nlohmann::json outcome_to_json(const std::optional<engine::outcome>& result);
// Throws nlohmann::json::exception when a field is missing or of the wrong type.
engine::outcome outcome_from_json(const nlohmann::json& j);

}  // namespace boardroom::server
