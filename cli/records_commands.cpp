// The records commands:
// - `boardroom verify RECORD.json`: checks a game record through the rule engine. Exits 0 when
//   every move and the outcome check out, 1 naming the first thing that does not, 2 when the file
//   cannot be read as JSON.
// - `boardroom import-<format> FILE --data-dir DIR`, for every record format a game declares
//   (engine/core/record_format.hpp; `import-arimaa` reads the official Arimaa archive): loads the
//   file into the store as finished games; each game is replayed through the engine first, and
//   one that does not replay is reported and skipped. Exits 0 when every game was imported or
//   already there, 1 when one was skipped, 2 when the file or the store cannot be used.
// - `boardroom export-<format> --data-dir DIR [--room ID...]`: the format's games in the store (or
//   the rooms named) in the format, on standard output or --output.
// The import and the export open the data directory themselves, so the server must not be
// running on it (the store's lock says so).

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "engine/core/record_format.hpp"
#include "server/records/game_formats.hpp"
#include "server/records/record_verify.hpp"
#include "server/records/records.hpp"
#include "server/storage/sqlite_store.hpp"

namespace boardroom::cli {

namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  text << in.rdbuf();
  return text.str();
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int verify(const std::string& path) {
  auto text = read_file(path);
  if (!text) {
    std::cerr << "error: cannot read " << path << '\n';
    return 2;
  }
  auto record = nlohmann::json::parse(*text, nullptr, false);
  if (record.is_discarded()) {
    std::cerr << "error: " << path << " is not JSON\n";
    return 2;
  }
  auto report = server::verify_record(record);
  if (!report.ok) {
    std::cerr << path << ": INVALID: " << report.message << '\n';
    return 1;
  }
  std::cout << path << ": valid: " << report.message << '\n';
  return 0;
}

int import_games(const engine::declared_record_format& format, const std::string& path,
                 const std::string& data_dir) {
  auto text = read_file(path);
  if (!text) {
    std::cerr << "error: cannot read " << path << '\n';
    return 2;
  }
  auto games = format.format->read(*text);
  if (!games) {
    std::cerr << "error: " << path << ": " << games.error().message << '\n';
    return 2;
  }
  // No fsync per game: an import cut short is finished by importing again (the games already
  // there are skipped), and closing the database at the end checkpoints and syncs it all.
  auto opened = server::open_sqlite_store(data_dir, server::sync_mode::normal);
  if (!opened) {
    std::cerr << "error: " << opened.error() << '\n';
    return 2;
  }
  server::store& storage = **opened;
  if (auto ok = storage.save_identity(server::archive_importer_identity(now_ms())); !ok) {
    std::cerr << "error: " << ok.error() << '\n';
    return 2;
  }
  int imported = 0, present = 0, skipped = 0;
  for (const auto& g : *games) {
    auto game =
        g.game ? server::import_game(*g.game, format)
               : std::expected<server::imported_game, std::string>(std::unexpected(g.game.error()));
    if (!game) {
      ++skipped;
      std::cout << "skipped line " << g.line << " (game " << g.id << "): " << game.error() << '\n';
      continue;
    }
    auto existing = storage.load_room(game->room.id);
    if (!existing) {
      std::cerr << "error: " << existing.error() << '\n';
      return 2;
    }
    if (*existing) {
      ++present;
      continue;
    }
    if (auto ok = storage.create_room(game->room, game->events); !ok) {
      std::cerr << "error: " << ok.error() << '\n';
      return 2;
    }
    ++imported;
  }
  std::cout << games->size() << " games: " << imported << " imported, " << present
            << " already in the store, " << skipped << " skipped\n";
  return skipped == 0 ? 0 : 1;
}

int export_games(const engine::declared_record_format& format, const std::string& data_dir,
                 std::vector<std::string> rooms, const std::string& output) {
  auto opened = server::open_sqlite_store(data_dir);
  if (!opened) {
    std::cerr << "error: " << opened.error() << '\n';
    return 2;
  }
  server::store& storage = **opened;
  if (rooms.empty()) {
    server::record_query q;
    q.game = std::string(format.game->key());
    q.public_only = false;
    q.limit = 500;
    for (;; q.offset += q.limit) {
      auto page = storage.find_records(q);
      if (!page) {
        std::cerr << "error: " << page.error() << '\n';
        return 2;
      }
      for (const auto& r : page->records)
        rooms.push_back(r.room);
      if (static_cast<int>(page->records.size()) < q.limit) break;
    }
    std::reverse(rooms.begin(), rooms.end());  // oldest first, as the archive is
  }
  std::vector<engine::recorded_game> games;
  int failed = 0;
  for (const auto& id : rooms) {
    auto loaded = storage.load_room(id);
    if (!loaded) {
      std::cerr << "error: " << loaded.error() << '\n';
      return 2;
    }
    auto record =
        *loaded
            ? server::record_json(**loaded)
            : std::expected<nlohmann::json, std::string>(std::unexpected("there is no room " + id));
    auto game =
        record ? server::recorded_game_of(*record, format)
               : std::expected<engine::recorded_game, std::string>(std::unexpected(record.error()));
    if (!game) {
      ++failed;
      std::cerr << "room " << id << ": " << game.error() << '\n';
      continue;
    }
    games.push_back(std::move(*game));
  }
  auto written = server::write_games(format, games);
  if (!written) {
    std::cerr << "error: " << written.error() << '\n';
    return 2;
  }
  const std::string& text = *written;
  if (output.empty() || output == "-") {
    std::cout << text;
  } else {
    std::ofstream out(output, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "error: cannot write " << output << '\n';
      return 2;
    }
  }
  std::cerr << games.size() << " games exported" << (failed ? ", " : "")
            << (failed ? std::to_string(failed) + " could not be" : "") << '\n';
  return failed == 0 ? 0 : 1;
}

}  // namespace

command add_verify(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "verify",
      "Check a game record (the JSON of GET /api/v1/records/ROOM) through the rule engine: "
      "every move legal, by the right seat, to the recorded position, and the outcome");
  auto file = std::make_shared<std::string>();
  sub->add_option("record", *file, "The record ('-' reads standard input)")->required();
  return [file] { return verify(*file); };
}

std::vector<std::pair<CLI::App*, command>> add_record_format_commands(CLI::App& app) {
  std::vector<std::pair<CLI::App*, command>> out;
  for (const auto& format : engine::declared_record_formats()) {
    const std::string name(format.format->name());
    const std::string title(format.format->title());
    const std::string game(format.game->display_name());
    auto* in = app.add_subcommand(
        "import-" + name,
        "Load a file in " + title +
            " into the store as finished games (each replayed "
            "through the engine; a game that does not replay is reported and skipped). The server "
            "must not be running on the data directory");
    auto file = std::make_shared<std::string>();
    auto in_dir = std::make_shared<std::string>("data");
    in->add_option("file", *file, "The file ('-' reads standard input)")->required();
    in->add_option("--data-dir", *in_dir, "The server's data directory")->capture_default_str();
    out.emplace_back(in, [format, file, in_dir] { return import_games(format, *file, *in_dir); });

    auto* ex = app.add_subcommand("export-" + name,
                                  "Write finished " + game + " games from the store in " + title +
                                      ". The server must not be running on the data directory");
    auto ex_dir = std::make_shared<std::string>("data");
    auto rooms = std::make_shared<std::vector<std::string>>();
    auto output = std::make_shared<std::string>();
    ex->add_option("--data-dir", *ex_dir, "The server's data directory")->capture_default_str();
    ex->add_option("--room", *rooms,
                   "Only these rooms (repeatable); all " + game + " games otherwise");
    ex->add_option("--output,-o", *output, "Write here instead of standard output");
    out.emplace_back(ex, [format, ex_dir, rooms, output] {
      return export_games(format, *ex_dir, *rooms, *output);
    });
  }
  return out;
}

}  // namespace boardroom::cli
