// `boardroom ratings --model glicko2|weng-lin-MODEL [--format FORMAT] [--json] FILE`: rates the
// finished games of a file in the order they finished, without a server or a store, and prints
// each game's and speed class's table, best first.
//
// The file is either records, one a line, each the JSON that GET /api/v1/records/ROOM returns
// (--format json, the default), or a file in a record format a game declares (--format arimaa:
// the official Arimaa game archive), whose games are replayed into events as `import-<format>`
// does. The ratings are the server's own (server/ratings/rate_game.hpp), with the system the
// command line names for every game: offline, one may want to see an archive under either.
// Players are told apart by name, since a file has no identities.
//
// A game that cannot be rated (unreadable, aborted, ranks that do not fit its players, a game or
// time control this build does not know) is skipped and counted, never fatal. Exits 0 when done,
// 2 on a usage error or a file that cannot be read or is not of the format.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "engine/core/record_format.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/text.hpp"
#include "protocol/events.hpp"
#include "server/ratings/rate_game.hpp"
#include "server/ratings/weng_lin.hpp"
#include "server/records/game_formats.hpp"
#include "server/rooms/time_control.hpp"
#include "server/storage/sqlite_store.hpp"

namespace boardroom::cli {

// Named, not only anonymous: the command is compiled in one unit with the other commands, whose
// anonymous namespaces would otherwise share these helpers' names.
namespace rating_file {
namespace {

using nlohmann::json;

constexpr std::string_view records_format = "json";

struct ratings_args {
  std::string model;
  std::string format{records_format};
  bool json = false;
  std::string file;
  std::string seed;  // a server's data directory whose accounts get the ratings as a start
};

// The rating system and, for Weng-Lin, the model's name, as rated_game carries them.
struct model_choice {
  std::string system;
  std::string model;
};

std::string weng_lin_prefix() {
  return std::string(server::weng_lin_system) + "-";
}

std::optional<model_choice> parse_model(std::string_view text) {
  if (text == server::glicko2_system) return model_choice{std::string(text), ""};
  for (const auto m : ratings::weng_lin_models) {
    const std::string name = ratings::weng_lin_model_name(m);
    if (text == weng_lin_prefix() + name) {
      return model_choice{std::string(server::weng_lin_system), name};
    }
  }
  return std::nullopt;
}

std::string valid_models() {
  std::string out(server::glicko2_system);
  for (const auto m : ratings::weng_lin_models)
    out += ", " + weng_lin_prefix() + ratings::weng_lin_model_name(m);
  return out;
}

// "arimaa": the formats games declare, besides json.
std::string declared_formats() {
  std::string out;
  for (const auto& f : engine::declared_record_formats())
    out += (out.empty() ? "" : ", ") + std::string(f.format->name());
  return out;
}

std::string valid_formats() {
  const std::string declared = declared_formats();
  return std::string(records_format) + (declared.empty() ? "" : ", " + declared);
}

std::optional<std::string> read_whole(const std::string& path) {
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  // A directory opens as a stream and reads as empty: it would pass for a file without games.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  text << in.rdbuf();
  return text.str();
}

// One game as the ratings need it, checked.
struct finished_game {
  std::string game;
  std::string speed;
  std::vector<std::string> players;  // names, in seat order
  std::vector<int> ranks;
  std::int64_t at_ms = 0;
};

// The game if it can be rated; otherwise why not, in words. Everything a file can get wrong is
// checked here, before the rating math sees it: the player count is bounded by the game's (so a
// record claiming a million players costs nothing), names are one player each, and every rank is
// a place among the players.
std::expected<finished_game, std::string> rateable(const std::string& game_key,
                                                   std::vector<std::string> names,
                                                   std::string_view time_control,
                                                   std::string_view reason, std::vector<int> ranks,
                                                   std::int64_t at_ms) {
  if (reason == "aborted") return std::unexpected("aborted");
  const engine::game* g = engine::find_game(game_key);
  if (!g) return std::unexpected("no game is called \"" + engine::text::escape(game_key) + "\"");
  const auto n = names.size();
  const auto range = g->players();
  if (n < 2 || n < static_cast<std::size_t>(range.min) || n > static_cast<std::size_t>(range.max)) {
    return std::unexpected(std::to_string(n) + " players, which " + std::string(g->key()) +
                           " is not played by");
  }
  std::set<std::string> distinct;
  for (const auto& name : names) {
    if (name.empty()) return std::unexpected("a player without a name");
    // Names are the players here: one name twice would be one player rated against themselves.
    if (!distinct.insert(name).second) {
      return std::unexpected("\"" + engine::text::escape(name) + "\" plays two seats");
    }
  }
  if (ranks.size() != n) {
    return std::unexpected(std::to_string(ranks.size()) + " ranks for " + std::to_string(n) +
                           " players");
  }
  for (const int r : ranks) {
    if (r < 1 || r > static_cast<int>(n)) {
      return std::unexpected("rank " + std::to_string(r) + " among " + std::to_string(n) +
                             " players");
    }
  }
  auto tc = server::parse_time_control(time_control);
  if (!tc) {
    return std::unexpected("time control \"" + engine::text::escape(time_control) +
                           "\": " + tc.error());
  }
  return finished_game{std::string(g->key()), server::speed_class(*tc), std::move(names),
                       std::move(ranks), at_ms};
}

// A JSON integer that fits `T`, or nothing (a float, a string, too large).
template <class T>
std::optional<T> integer_of(const json& j) {
  if (j.is_number_unsigned()) {
    const auto v = j.get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return std::nullopt;
    return static_cast<T>(v);
  }
  if (!j.is_number_integer()) return std::nullopt;
  const auto v = j.get<std::int64_t>();
  if (v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max()) return std::nullopt;
  return static_cast<T>(v);
}

const json* member(const json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

constexpr std::size_t most_seats_read = 1000;

// One line of a records file: the record as GET /api/v1/records/ROOM writes it. Read field by
// field rather than through the server's readers, which throw on what is missing.
std::expected<finished_game, std::string> game_of_record(const json& record) {
  if (!record.is_object()) return std::unexpected("not a JSON object");
  const json* game = member(record, "game");
  if (!game || !game->is_string()) return std::unexpected("no \"game\"");
  const json* players = member(record, "players");
  if (!players || !players->is_array()) return std::unexpected("no \"players\"");
  std::vector<std::string> names;
  for (const json& p : *players) {
    const json* name = member(p, "name");
    if (!name || !name->is_string()) return std::unexpected("a player without a \"name\"");
    names.push_back(name->get<std::string>());
    // Far more seats than any game has: refused without reading the rest.
    if (names.size() > most_seats_read) return std::unexpected("too many players");
  }
  const json* outcome = member(record, "outcome");
  if (!outcome || !outcome->is_object()) return std::unexpected("no \"outcome\"");
  const json* reason = member(*outcome, "reason");
  const json* ranks = member(*outcome, "ranks");
  if (!ranks || !ranks->is_array()) return std::unexpected("an outcome without \"ranks\"");
  std::vector<int> places;
  for (const json& r : *ranks) {
    auto place = integer_of<int>(r);
    if (!place) return std::unexpected("a rank that is not a whole number");
    places.push_back(*place);
    if (places.size() > names.size()) break;  // rateable() says what is wrong with them
  }
  const json* finished = member(record, "finished_at");
  auto at_ms = finished ? integer_of<std::int64_t>(*finished) : std::nullopt;
  if (!at_ms) return std::unexpected("no \"finished_at\"");
  // The speed class comes from it, and a record always has one ("none" without clocks).
  const json* tc = member(record, "time_control");
  if (!tc || !tc->is_string()) return std::unexpected("no \"time_control\"");
  return rateable(game->get<std::string>(), std::move(names), tc->get_ref<const std::string&>(),
                  reason && reason->is_string() ? reason->get_ref<const std::string&>() : "",
                  std::move(places), *at_ms);
}

// A game of a declared format, turned into the events a live game writes (as `import-<format>`
// does, every move replayed by the engine): the players from game_started, the ranks and the
// finish from game_over.
std::expected<finished_game, std::string> game_of_format(
    const engine::declared_record_format& format, const engine::recorded_game& recorded) {
  auto imported = server::import_game(recorded, format);
  if (!imported) return std::unexpected(imported.error());
  // Only the start (after the seats are taken) and the end (the last events) matter: they are
  // looked for from either end, not read from every move between.
  const auto read = [](const server::stored_event& stored) {
    return protocol::event_from_json(json::parse(stored.body, nullptr, false));
  };
  std::optional<protocol::events::game_started> started;
  for (auto it = imported->events.begin(); it != imported->events.end() && !started; ++it) {
    auto e = read(*it);
    if (!e) return std::unexpected(e.error().message);
    if (const auto* s = std::get_if<protocol::events::game_started>(&e->body)) started = *s;
  }
  std::optional<protocol::events::game_over> over;
  std::int64_t at_ms = 0;
  for (auto it = imported->events.rbegin(); it != imported->events.rend() && !over; ++it) {
    auto e = read(*it);
    if (!e) return std::unexpected(e.error().message);
    if (const auto* o = std::get_if<protocol::events::game_over>(&e->body)) {
      over = *o;
      at_ms = e->at;
    }
  }
  if (!started) return std::unexpected("the game never started");
  if (!over || !over->outcome) return std::unexpected("the game has no outcome");
  std::vector<std::string> names;
  for (const auto& p : started->players)
    names.push_back(p.name);
  return rateable(std::string(format.game->key()), std::move(names),
                  started->time_control.value_or("none"), over->outcome->reason,
                  over->outcome->ranks, at_ms);
}

struct file_games {
  std::vector<finished_game> games;
  int skipped = 0;
};

void skip(file_games& out, const std::string& where, const std::string& why) {
  ++out.skipped;
  std::cerr << "skipped " << where << ": " << why << '\n';
}

// The games of a records file, or why it is not one. A file none of whose lines is JSON is not
// a records file at all (an archive given without --format, most likely): that is an error, not
// a file of skipped games.
std::expected<file_games, std::string> read_records(const std::string& text) {
  file_games out;
  bool any_json = false, any_line = false;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    any_line = true;
    const std::string where = "line " + std::to_string(number);
    auto record = json::parse(line, nullptr, false);
    if (record.is_discarded()) {
      skip(out, where, "not JSON");
      continue;
    }
    any_json = true;
    auto game = game_of_record(record);
    if (!game) {
      skip(out, where, game.error());
      continue;
    }
    out.games.push_back(std::move(*game));
  }
  if (any_line && !any_json) {
    return std::unexpected("not a file of records (one JSON object a line, as GET " +
                           std::string("/api/v1/records/ROOM") +
                           " returns); --format names another format");
  }
  return out;
}

std::expected<file_games, std::string> read_format(const engine::declared_record_format& format,
                                                   const std::string& text) {
  auto read = format.format->read(text);
  if (!read) return std::unexpected(read.error().message);
  file_games out;
  for (const auto& g : *read) {
    const std::string where =
        "line " + std::to_string(g.line) + (g.id.empty() ? "" : " (game " + g.id + ")");
    auto game = g.game ? game_of_format(format, *g.game)
                       : std::expected<finished_game, std::string>(std::unexpected(g.game.error()));
    if (!game) {
      skip(out, where, game.error());
      continue;
    }
    out.games.push_back(std::move(*game));
  }
  return out;
}

// Everyone's rating after the games, one per (game, speed class, name).
struct rated_file {
  std::map<std::tuple<std::string, std::string, std::string>, server::rating_record> ratings;
  int rated = 0;
  int skipped = 0;
  std::int64_t last_ms = 0;  // when the last rated game finished
};

rated_file rate_all(std::vector<finished_game> games, const model_choice& model) {
  // In the order the games finished; a stable sort keeps the file's order for equal times.
  std::stable_sort(games.begin(), games.end(),
                   [](const auto& a, const auto& b) { return a.at_ms < b.at_ms; });
  rated_file out;
  for (const auto& g : games) {
    server::rated_game rg{.game = g.game,
                          .speed = g.speed,
                          .system = model.system,
                          .model = model.model,
                          .players = g.players,
                          .ranks = g.ranks,
                          .at_ms = g.at_ms};
    std::vector<std::optional<server::rating_record>> before;
    for (const auto& name : g.players) {
      auto it = out.ratings.find({g.game, g.speed, name});
      before.push_back(it == out.ratings.end() ? std::nullopt : std::optional(it->second));
    }
    auto after = server::rate_game(rg, before);
    if (after.size() != g.players.size()) {  // rateable() already ruled this out
      ++out.skipped;
      continue;
    }
    for (std::size_t i = 0; i < after.size(); ++i)
      out.ratings[{g.game, g.speed, g.players[i]}] = std::move(after[i]);
    ++out.rated;
    out.last_ms = g.at_ms;
  }
  return out;
}

struct table_row {
  const server::rating_record* record = nullptr;
  server::shown_rating shown;
};

// Each (game, speed class)'s ratings as of `now_ms`, best first (by name among equals).
std::map<std::pair<std::string, std::string>, std::vector<table_row>> tables(const rated_file& f) {
  std::map<std::pair<std::string, std::string>, std::vector<table_row>> out;
  for (const auto& [key, record] : f.ratings) {
    const auto& [game, speed, name] = key;
    out[{game, speed}].push_back({&record, server::show_rating(record, f.last_ms)});
  }
  for (auto& [key, rows] : out) {
    std::stable_sort(rows.begin(), rows.end(), [](const table_row& a, const table_row& b) {
      return a.shown.rating > b.shown.rating;
    });
  }
  return out;
}

// `x` with `decimals` decimals; never "-0" (an ordinal just below zero).
std::string fixed(double x, int decimals) {
  const double scale = std::pow(10.0, decimals);
  std::ostringstream out;
  out << std::fixed << std::setprecision(decimals) << std::round(x * scale) / scale + 0.0;
  return out.str();
}

void print_tables(const rated_file& f, const model_choice& model) {
  const int decimals = model.system == server::glicko2_system ? 0 : 2;
  bool first = true;
  for (const auto& [key, rows] : tables(f)) {
    std::vector<std::vector<std::string>> cells{{"rank", "name", "rating", "deviation", "games"}};
    std::vector<bool> provisional{false};
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& r = rows[i];
      cells.push_back({std::to_string(i + 1), engine::text::escape(r.record->player),
                       fixed(r.shown.rating, decimals), fixed(r.shown.deviation, decimals),
                       std::to_string(r.record->games)});
      provisional.push_back(r.shown.provisional);
    }
    std::vector<std::size_t> width(cells[0].size(), 0);
    for (const auto& row : cells) {
      for (std::size_t c = 0; c < row.size(); ++c)
        width[c] = std::max(width[c], row[c].size());
    }
    if (!first) std::cout << '\n';
    first = false;
    std::cout << key.first << ", " << key.second << ": " << rows.size() << " players\n";
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto& row = cells[i];
      std::cout << std::right << std::setw(width[0]) << row[0] << "  " << std::left
                << std::setw(width[1]) << row[1] << "  " << std::right << std::setw(width[2])
                << row[2]
                // The mark stands beyond the digits, so that the numbers stay aligned.
                << (provisional[i] ? "?" : " ") << " " << std::setw(width[3]) << row[3] << "  "
                << std::setw(width[4]) << row[4] << '\n';
    }
  }
}

json ratings_json(const rated_file& f, const model_choice& model, const std::string& model_text) {
  const bool glicko2 = model.system == server::glicko2_system;
  json list = json::array();
  for (const auto& [key, rows] : tables(f)) {
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& r = rows[i];
      json entry{{"game", key.first},
                 {"speed", key.second},
                 {"rank", i + 1},
                 {"name", r.record->player},
                 {"rating", r.shown.rating},
                 {"deviation", r.shown.deviation},
                 {"provisional", r.shown.provisional},
                 {"games", r.record->games}};
      if (glicko2) {
        entry["volatility"] = r.record->volatility;
      } else {
        entry["mu"] = r.record->value;
        entry["sigma"] = r.record->deviation;
      }
      list.push_back(std::move(entry));
    }
  }
  return {{"model", model_text},
          {"games_rated", f.rated},
          {"games_skipped", f.skipped},
          {"ratings", std::move(list)}};
}

// History as a start: every account of the server whose name (ASCII case ignored) is a player of
// the file gets the file's rating in a game and speed class where it has none yet. Only ratings
// of the system the server itself uses for the game are seeded, so that its next rated game
// continues them.
int seed(const rated_file& f, const std::string& data_dir) {
  auto opened = server::open_sqlite_store(data_dir);
  if (!opened) {
    std::cerr << "error: " << opened.error() << '\n';
    return 2;
  }
  server::store& storage = **opened;
  int seeded = 0, kept = 0, strangers = 0, other_system = 0;
  for (const auto& [key, rating] : f.ratings) {
    const auto& [game_key, speed, name] = key;
    const engine::game* g = engine::find_game(game_key);
    if (!g || server::system_for(*g) != rating.system) {
      ++other_system;
      continue;
    }
    auto account = storage.find_account(name);
    if (!account) {
      std::cerr << "error: " << account.error() << '\n';
      return 2;
    }
    if (!*account) {
      ++strangers;
      continue;
    }
    server::rating_record start = rating;
    start.player = (*account)->player;
    auto added = storage.seed_rating(start);
    if (!added) {
      std::cerr << "error: " << added.error() << '\n';
      return 2;
    }
    ++(*added ? seeded : kept);
  }
  std::cerr << "seeded " << seeded << " ratings of accounts in " << data_dir << "; " << kept
            << " were there already, " << strangers << " players have no account there"
            << (other_system ? ", " + std::to_string(other_system) +
                                   " ratings are of another system than the server's"
                             : std::string())
            << '\n';
  return 0;
}

int run(const ratings_args& args) {
  if (args.model.empty()) {
    std::cerr << "error: --model is required: " << valid_models() << '\n';
    return 2;
  }
  auto model = parse_model(args.model);
  if (!model) {
    std::cerr << "error: unknown rating model \"" << engine::text::escape(args.model)
              << "\": the models are " << valid_models() << '\n';
    return 2;
  }
  engine::declared_record_format format{};
  if (args.format != records_format) {
    format = engine::find_record_format(args.format);
    if (!format.format) {
      std::cerr << "error: unknown format \"" << engine::text::escape(args.format)
                << "\": the formats are " << valid_formats() << '\n';
      return 2;
    }
  }
  if (args.file.empty()) {
    std::cerr << "error: a file of finished games is required ('-' reads standard input)\n";
    return 2;
  }
  auto text = read_whole(args.file);
  if (!text) {
    std::cerr << "error: cannot read " << args.file << '\n';
    return 2;
  }
  auto read = format.format ? read_format(format, *text) : read_records(*text);
  if (!read) {
    std::cerr << "error: " << args.file << ": " << read.error() << '\n';
    return 2;
  }
  auto rated = rate_all(std::move(read->games), *model);
  rated.skipped += read->skipped;
  if (args.json) {
    // Names from an archive are not always UTF-8; JSON must be.
    std::cout << ratings_json(rated, *model, args.model)
                     .dump(2, ' ', false, json::error_handler_t::replace)
              << '\n';
  } else {
    print_tables(rated, *model);
  }
  std::cerr << rated.rated << (rated.rated == 1 ? " game" : " games") << " rated, " << rated.skipped
            << " skipped\n";
  return args.seed.empty() ? 0 : seed(rated, args.seed);
}

}  // namespace
}  // namespace rating_file

command add_ratings(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "ratings",
      "Rate the finished games of a file offline, in the order they finished, and print each "
      "game's and speed class's ratings, best first. Players are told apart by name; a game "
      "that cannot be rated is skipped and counted");
  auto args = std::make_shared<rating_file::ratings_args>();
  // Checked when the command runs rather than by the parser, so that a missing or unknown model
  // is a usage error (exit 2) with the list of the valid ones.
  sub->add_option("--model", args->model,
                  "The rating system, for every game (required): " + rating_file::valid_models());
  sub->add_option("--format", args->format,
                  "json: one record a line, as GET /api/v1/records/ROOM returns it; or a record "
                  "format a game declares: " +
                      rating_file::declared_formats())
      ->capture_default_str();
  sub->add_flag("--json", args->json, "Print the ratings as one JSON object");
  sub->add_option("file", args->file, "The file ('-' reads standard input)");
  sub->add_option("--seed", args->seed,
                  "A server's data directory (the server stopped): its accounts named like the "
                  "file's players start from these ratings where they have none yet");
  return [args] {
    // Whatever a file holds, the command reports it and exits; nothing escapes as a crash.
    try {
      return rating_file::run(*args);
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << '\n';
      return 2;
    }
  };
}

}  // namespace boardroom::cli
