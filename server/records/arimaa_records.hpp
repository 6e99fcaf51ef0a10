#pragma once
// Arimaa records and the official game archive (engine/arimaa/archive.hpp): a finished room's
// record as an archive game (export), and an archive game as a finished room for the store
// (import, so that players can bring their history).
//
// An imported game is a room like any other: the same events a live game writes (two
// player_joined, game_started, one move per turn, game_over), every position computed by the
// engine. Its room id is "arimaa-" and the archive id, so a second import of the same file finds
// the games already there; its players are "arimaa:" and the archive user name; its
// game_started event names the archive game in `source`, and its time control is "arimaa:" and
// the archive's own (for instance "arimaa:15s/2m30s/100").

#include <expected>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/arimaa/archive.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

// The identity that creates imported rooms. Its token hash is not hexadecimal, so no resume
// token can ever match it.
inline constexpr const char* archive_importer = "archive-import";
identity_record archive_importer_identity(std::int64_t now_ms);

// The archive game of an Arimaa record (records.hpp): the user names, result and termination,
// time control, start and end, and every whole turn.
std::expected<engine::arimaa::archive_game, std::string> archive_game_of(
    const nlohmann::json& record);

struct imported_game {
  room_record room;
  std::vector<stored_event> events;
};

std::string imported_room_id(const engine::arimaa::archive_game& game);

// Replays `game` through the engine first: an illegal turn, a refusal the engine does not share
// or an ending the engine disagrees with is an error (the line the `replay` command prints).
std::expected<imported_game, std::string> import_archive_game(
    const engine::arimaa::archive_game& game);

}  // namespace boardroom::server
