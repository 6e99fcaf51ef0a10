#pragma once
// Records in the formats games declare (engine/core/record_format.hpp), such as Arimaa's official
// game archive: a finished room's record (records.hpp) as a game of the format (export), and a
// game read from a file as a finished room for the store (import, so that players can bring
// their history). Nothing here knows a format or a game by name.
//
// An imported game is a room like any other: the same events a live game writes (a player_joined
// per seat, game_started, one move per move of the file, game_over), every position computed by
// the engine. Its room id is the format's name, "-" and the game's id in the file, so a second
// import of the same file finds the games already there; its players are the format's name, ":"
// and the name in the file; its game_started event carries what the format keeps of its own in
// `source`, and the time control as the format read it (for instance "arimaa:15s/2m30s/100").

#include <expected>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/record_format.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

// The identity that creates imported rooms. Its token hash is not hexadecimal, so no resume
// token can ever match it.
inline constexpr const char* archive_importer = "archive-import";
identity_record archive_importer_identity(std::int64_t now_ms);

// The formats `game_key`'s game declares (none for an unknown key).
std::vector<engine::declared_record_format> formats_of(std::string_view game_key);

// The game of a record as the format writes it, or why it cannot be written: the record is of
// another game, or has what the format cannot say (an ending it has no code for).
std::expected<engine::recorded_game, std::string> recorded_game_of(
    const nlohmann::json& record, const engine::declared_record_format& format);

// The text of a file in `format` holding `games` (each from recorded_game_of).
std::expected<std::string, std::string> write_games(
    const engine::declared_record_format& format, const std::vector<engine::recorded_game>& games);

struct imported_game {
  room_record room;
  std::vector<stored_event> events;
};

// The room a game read in `format` becomes. Plays every move through the engine: a move the
// engine refuses, or a game its moves do not end without an ending of the format's, is an error.
std::expected<imported_game, std::string> import_game(const engine::recorded_game& game,
                                                      const engine::declared_record_format& format);

}  // namespace boardroom::server
