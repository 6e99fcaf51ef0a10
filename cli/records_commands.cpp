// The records commands:
// - `boardroom verify RECORD.json`: checks a game record through the rule engine. Exits 0 when
//   every move and the outcome check out, 1 naming the first thing that does not, 2 when the file
//   cannot be read as JSON.
// - `boardroom import-arimaa FILE --data-dir DIR`: loads an official Arimaa archive into the store
//   as finished games; each game is replayed through the engine first, and one that does not
//   replay is reported and skipped. Exits 0 when every game was imported or already there, 1 when
//   one was skipped, 2 when the file or the store cannot be used.
// - `boardroom export-arimaa --data-dir DIR [--room ID...]`: the Arimaa games in the store (or
//   the rooms named) in the official archive format, on standard output or --output.
// The import and the export open the data directory themselves, so the server must not be
// running on it (the store's lock says so).

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "engine/arimaa/archive.hpp"
#include "server/records/arimaa_records.hpp"
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

int import_arimaa(const std::string& path, const std::string& data_dir) {
  auto text = read_file(path);
  if (!text) {
    std::cerr << "error: cannot read " << path << '\n';
    return 2;
  }
  auto games = engine::arimaa::parse_archive(*text);
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
    auto game = server::import_archive_game(g);
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

int export_arimaa(const std::string& data_dir, std::vector<std::string> rooms,
                  const std::string& output) {
  auto opened = server::open_sqlite_store(data_dir);
  if (!opened) {
    std::cerr << "error: " << opened.error() << '\n';
    return 2;
  }
  server::store& storage = **opened;
  if (rooms.empty()) {
    server::record_query q;
    q.game = "arimaa";
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
  std::vector<engine::arimaa::archive_game> games;
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
    auto game = record ? server::archive_game_of(*record)
                       : std::expected<engine::arimaa::archive_game, std::string>(
                             std::unexpected(record.error()));
    if (!game) {
      ++failed;
      std::cerr << "room " << id << ": " << game.error() << '\n';
      continue;
    }
    games.push_back(std::move(*game));
  }
  const std::string text = engine::arimaa::write_archive(games);
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

command add_import_arimaa(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "import-arimaa",
      "Load an official Arimaa game archive into the store as finished games (each replayed "
      "through the engine; a game that does not replay is reported and skipped). The server "
      "must not be running on the data directory");
  auto file = std::make_shared<std::string>();
  auto data_dir = std::make_shared<std::string>("data");
  sub->add_option("file", *file, "The archive, tab-separated ('-' reads standard input)")
      ->required();
  sub->add_option("--data-dir", *data_dir, "The server's data directory")->capture_default_str();
  return [file, data_dir] { return import_arimaa(*file, *data_dir); };
}

command add_export_arimaa(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "export-arimaa",
      "Write finished Arimaa games from the store in the official archive format. The server "
      "must not be running on the data directory");
  auto data_dir = std::make_shared<std::string>("data");
  auto rooms = std::make_shared<std::vector<std::string>>();
  auto output = std::make_shared<std::string>();
  sub->add_option("--data-dir", *data_dir, "The server's data directory")->capture_default_str();
  sub->add_option("--room", *rooms, "Only these rooms (repeatable); all Arimaa games otherwise");
  sub->add_option("--output,-o", *output, "Write here instead of standard output");
  return [data_dir, rooms, output] { return export_arimaa(*data_dir, *rooms, *output); };
}

}  // namespace boardroom::cli
