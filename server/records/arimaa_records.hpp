#pragma once
// The Arimaa-only import of earlier versions, kept for the callers that still use it: an archive
// game as a finished room, through the generic import of game_formats.hpp. New code reads files
// with the format the game declares (engine::find_record_format) and imports with import_game().

#include "engine/arimaa/arimaa.hpp"
#include "engine/arimaa/record_format.hpp"
#include "server/records/game_formats.hpp"

namespace boardroom::server {

inline std::expected<imported_game, std::string> import_archive_game(
    const engine::arimaa::archive_game& game) {
  auto recorded = engine::arimaa::recorded_game_of(game);
  if (!recorded) return std::unexpected(recorded.error());
  return import_game(*recorded,
                     {&engine::arimaa::the_game(), &engine::arimaa::the_record_format()});
}

}  // namespace boardroom::server
