// `boardroom analyze sisyphos`: the value of a position and of each legal move from the solved
// table — what game::analyze gives spectators and practice rooms, on the command line.

#include <chrono>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "engine/core/registry.hpp"
#include "engine/sisyphos/state.hpp"
#include "engine/sisyphos/table_registry.hpp"

namespace boardroom::cli {

namespace {

namespace sis = engine::sisyphos;

struct analyze_args {
  std::string spec;
  std::string moves;
  std::string position;
  std::string table;
  int threads = 2;
  bool json = false;
};

// The state after --moves from --position (or the start); the reason on failure.
engine::result<std::unique_ptr<engine::state>> reach(const engine::game_spec& spec,
                                                     const analyze_args& args) {
  auto state = args.position.empty()
                   ? spec.game_ptr->new_state(2, spec.params, 0)
                   : spec.game_ptr->state_from_text(2, spec.params, args.position);
  if (!state) return std::unexpected(state.error());
  int ply = 0;
  for (const auto& m : split_moves(args.moves)) {
    ++ply;
    auto played = (*state)->play(m);
    if (!played) {
      return engine::fail(played.error().code, "move " + std::to_string(ply) + " '" + m +
                                                   "': " + played.error().message);
    }
  }
  return std::move(*state);
}

// The edition's table from --table, else built in memory (and said so: it takes a while).
engine::result<void> provide_table(sis::edition e, const analyze_args& args) {
  if (!args.table.empty()) {
    auto t = sis::table::load(args.table);
    if (!t) return std::unexpected(t.error());
    if ((*t)->variant() != sis::variant::full(e)) {
      return engine::fail("bad_table", args.table + " holds the table of " +
                                           sis::variant_name((*t)->variant()) + ", not of " +
                                           std::string(sis::edition_name(e)));
    }
    return sis::solver_tables().install(*t);
  }
  std::cerr << "no --table given: solving " << sis::edition_name(e) << " in memory... "
            << std::flush;
  auto started = std::chrono::steady_clock::now();
  auto t = sis::table::build(sis::variant::full(e), args.threads);
  if (!t) return std::unexpected(t.error());
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  std::cerr << "done in " << std::fixed << std::setprecision(1) << took.count() << " s\n";
  return sis::solver_tables().install(*t);
}

std::string value_text(const nlohmann::json& value) {
  if (value["sisyphos_turns_to_win"].is_null()) return "spirits hold";
  return std::to_string(value["sisyphos_turns_to_win"].get<int>());
}

void print_analysis(const engine::state& state, const nlohmann::json& a) {
  const auto& p = a["position"];
  std::cout << "position " << state.to_text() << " (" << a["edition"].get<std::string>()
            << ", move limit " << a["move_limit"] << ")\n";
  std::cout << "value " << value_text(p);
  if (!p["wins_with_turn"].is_null()) {
    std::cout << ": Sisyphos wins with his turn " << p["wins_with_turn"];
  } else if (!p["turns_to_win_ignoring_limit"].is_null()) {
    std::cout << ": the move limit saves the spirits (without it Sisyphos would need "
              << p["turns_to_win_ignoring_limit"] << " turns)";
  } else {
    std::cout << ": Sisyphos cannot force a win";
  }
  std::cout << '\n';
  // One line per move, best first: notation, then the value of the position it leads to.
  for (const auto& m : a["moves"])
    std::cout << m["move"].get<std::string>() << ' ' << value_text(m) << '\n';
}

int run_analyze(const analyze_args& args) {
  auto spec = engine::parse_game_spec(args.spec);
  if (!spec) {
    std::cerr << "error: " << spec.error().message << '\n';
    return 2;
  }
  if (spec->game_ptr->key() != "sisyphos") {
    std::cerr << "error: no analysis for " << spec->game_ptr->key() << "; only sisyphos has one\n";
    return 2;
  }
  auto state = reach(*spec, args);
  if (!state) {
    std::cerr << "error: " << state.error().message << '\n';
    return 2;
  }
  auto e = static_cast<const sis::state&>(**state).rules().source;
  auto installed = provide_table(e, args);
  if (!installed) {
    std::cerr << "error: " << installed.error().message << '\n';
    return 1;
  }
  auto analysis = spec->game_ptr->analyze(**state);
  if (!analysis) {
    std::cerr << "error: " << analysis.error().message << '\n';
    return 1;
  }
  if (args.json) {
    std::cout << analysis->dump(2) << '\n';
  } else {
    print_analysis(**state, *analysis);
  }
  return 0;
}

}  // namespace

command add_analyze(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "analyze", "The value of a position and of each legal move, from the solved table");
  auto args = std::make_shared<analyze_args>();
  sub->add_option("spec", args->spec, "sisyphos, or e.g. sisyphos(edition=perlhuhn2007)")
      ->required();
  sub->add_option("--moves", args->moves, "Moves to play first, separated by ';'");
  sub->add_option("--position", args->position, "Start from this position text");
  sub->add_option("--table", args->table,
                  "The table file (boardroom solve sisyphos --out FILE); without it the table is "
                  "built in memory first");
  sub->add_option("--threads", args->threads, "Threads for building the table")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_flag("--json", args->json, "Print the analysis as the server sends it");
  return [args] { return run_analyze(*args); };
}

}  // namespace boardroom::cli
