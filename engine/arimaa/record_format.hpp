#pragma once
// The official Arimaa game archive (archive.hpp) as a record format the game declares
// (engine/core/record_format.hpp): rooms are served as ROOM.arimaa, and `boardroom import-arimaa`
// and `export-arimaa` read and write the archive.
//
// A written game keeps the archive's id where it came from the archive (its record's `source`),
// its whole turns (steps played one at a time are left out) and the archive's result and
// termination codes for the record's outcome. A read game has the archive's user names (Gold and
// Silver where there are none), its time control as "arimaa:" and the archive's own words, and
// in `source` the archive id and the turns the archive's server refused.

#include "engine/arimaa/archive.hpp"
#include "engine/core/record_format.hpp"

namespace boardroom::engine::arimaa {

const engine::record_format& the_record_format();

// One archive game as the format reads it: replayed through the engine first (the report line of
// replay() when it does not agree).
std::expected<recorded_game, std::string> recorded_game_of(const archive_game& game);

}  // namespace boardroom::engine::arimaa
