#pragma once
// Record formats a game declares: the files its community keeps games in (Arimaa's official game
// archive). The server serves finished rooms in them (GET /api/v1/records/ROOM.<name>) and the
// command line imports and exports them (`boardroom import-<name>`, `export-<name>`); both go
// through this interface and know no format by name.
//
// A format reads and writes `recorded_game`s: what a finished game's record says (the JSON of
// GET /api/v1/records/ROOM) without the server's bookkeeping.

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/error.hpp"
#include "engine/core/game.hpp"

namespace boardroom::engine {

struct recorded_move {
  std::string move;  // the engine's notation
  std::int64_t at_ms = 0;
};

struct recorded_game {
  // Written: the room's id. Read: the format's own id of the game (the room is then
  // "<format>-<id>", so a second import of the same file finds the game there).
  std::string id;
  std::vector<std::string> players;   // names, by seat
  std::string time_control = "none";  // the server's text: "none", "arimaa:15s/2m30s/100"
  std::int64_t started_ms = 0;
  std::int64_t finished_ms = 0;
  std::vector<recorded_move> moves;
  // Written: the outcome of the record. Read: how the game ended where its moves do not end it
  // (a resignation, a flag fall); nullopt where they must.
  std::optional<engine::outcome> ending;
  // What the format keeps beyond the moves (the archive's id, turns its server refused); a
  // read game's goes into the record's `source`, and writing gets it back.
  nlohmann::json source = nlohmann::json::object();
};

// One game of a file, or why it cannot be imported ("12b ...: illegal ..." after replaying it).
struct read_game {
  int line = 0;    // where the game starts in the file, for messages
  std::string id;  // the format's id of the game, "" when it has none
  std::expected<recorded_game, std::string> game;
};

class record_format {
 public:
  virtual ~record_format() = default;

  virtual std::string_view name() const = 0;        // "arimaa": ROOM.arimaa, import-arimaa
  virtual std::string_view media_type() const = 0;  // "text/tab-separated-values; charset=utf-8"
  virtual std::string_view title() const = 0;       // "the official Arimaa game archive"

  // The text of one file holding `games`, or why one of them has no place in the format.
  virtual std::expected<std::string, std::string> write(
      const std::vector<recorded_game>& games) const = 0;
  // Whether `game` can be written (a format may not know every ending); why not, in words.
  virtual std::expected<void, std::string> writable(const recorded_game& game) const = 0;

  // Every game of a file; the file as a whole fails only when it is not of the format at all.
  // A game is checked by replaying it through the engine before it is returned.
  virtual result<std::vector<read_game>> read(std::string_view text) const = 0;
};

struct declared_record_format {
  const engine::game* game = nullptr;
  const engine::record_format* format = nullptr;
};

// Every declared format of every registered game, in registry order.
std::vector<declared_record_format> declared_record_formats();
// The format named `name` (both pointers null for none).
declared_record_format find_record_format(std::string_view name);

}  // namespace boardroom::engine
