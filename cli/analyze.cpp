// `boardroom analyze GAME`: the value of a position and of each legal move from a game's solved
// table (engine/core/offline_tools.hpp) — what game::analyze gives spectators and practice rooms,
// on the command line.

#include <iostream>

#include "cli/commands.hpp"
#include "cli/offline_games.hpp"

namespace boardroom::cli {

namespace {

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
  const int players = spec.game_ptr->players().min;
  auto state = args.position.empty()
                   ? spec.game_ptr->new_state(players, spec.params, 0)
                   : spec.game_ptr->state_from_text(players, spec.params, args.position);
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

int run_analyze(const analyze_args& args) {
  auto spec = engine::parse_game_spec(args.spec);
  if (!spec) {
    std::cerr << "error: " << spec.error().message << '\n';
    return 2;
  }
  const engine::offline_tools* tools = spec->game_ptr->tools();
  if (!tools) {
    std::cerr << "error: no analysis for " << spec->game_ptr->key() << "; only "
              << games_with_tools()
              << (games_with_tools().find(" and ") == std::string::npos ? " has one\n"
                                                                        : " have one\n");
    return 2;
  }
  auto state = reach(*spec, args);
  if (!state) {
    std::cerr << "error: " << state.error().message << '\n';
    return 2;
  }
  const engine::analyze_request request{
      .table = args.table, .threads = args.threads, .json = args.json};
  return tools->analyze(*spec, **state, request, std::cout, std::cerr);
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
