#pragma once
// Records of finished games, built from a room's stored events: the JSON record (what the HTTP API
// serves and `boardroom verify` checks), its plain-text form in the game's own notation, and the
// lines of a list of records.
//
// The record is derived, never stored: the event log is the truth, so a record always says what
// the players were told. Fields that only some rooms have (a time control, clock readings, the
// archive a game was imported from) are passed through when the events carry them.

#include <expected>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

// The format tag and version every record carries, so readers can tell it from other JSON.
inline constexpr const char* record_format = "boardroom-record";
inline constexpr int record_format_version = 1;

// The record of a room whose game is over, or why there is none, in words.
std::expected<nlohmann::json, std::string> record_json(const stored_room& room);

// One move per line, "ply<TAB>seat<TAB>move", between comment lines ("# ...") with the game,
// players, times and result. Every value from the record is escaped (engine/core/text.hpp:
// a backslash as "\\", a control or invisible character as "\uXXXX"), so none can start a line or
// a field.
std::string record_text(const nlohmann::json& record);

// One entry of GET /api/v1/records.
nlohmann::json record_summary_json(const record_summary& summary);

// "2026-02-01T10:17:32.123Z".
std::string utc_text(std::int64_t unix_ms);

}  // namespace boardroom::server
