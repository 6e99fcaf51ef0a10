#pragma once
// What game.legal_moves and game.view answer about a position: pure functions of the engine
// state and the request, so they are tested without a room or a socket.

#include <expected>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "protocol/errors.hpp"
#include "protocol/messages.hpp"

namespace boardroom::server {

// Who may act now, as clients read it: [{"seat": 0, "decision": "move"}].
nlohmann::json to_act_json(const engine::state& s);

// The legal moves of a game in progress as `request` asks for them: the whole list, a page of it,
// a random sample of every legal move, or the parts of a turn legal after those already chosen.
// The fields besides the moves themselves ("room", "version") are the caller's.
std::expected<nlohmann::json, protocol::error> list_moves(
    const engine::state& s, const protocol::game_legal_moves& request);

// The position for drawing it: who may act, its text and the structured view.
nlohmann::json view_json(const engine::state& s);

}  // namespace boardroom::server
