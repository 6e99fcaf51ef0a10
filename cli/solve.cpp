// `boardroom solve GAME`: a game's solver (engine/core/offline_tools.hpp), such as the retrograde
// analysis of Come on, Sisyphos: its summary, and the table file the server and `boardroom
// analyze --table` load.

#include <iostream>

#include "cli/commands.hpp"
#include "cli/offline_games.hpp"

namespace boardroom::cli {

namespace {

struct solve_args {
  std::string game;
  std::string edition;
  std::string out;
  int threads = 2;
  std::uint64_t verify = 1'000'000;
  int sisyphos_stones = 5;
  int spirit_stones = 3;
  bool progress = false;
};

int run_solve(const solve_args& args) {
  auto spec = engine::parse_game_spec(args.game);
  if (!spec) {
    std::cerr << "error: " << spec.error().message << '\n';
    return 2;
  }
  const engine::offline_tools* tools = spec->game_ptr->tools();
  if (!tools) {
    std::cerr << "error: there is no solver for " << spec->game_ptr->key() << "; only "
              << games_with_tools() << " can be solved\n";
    return 2;
  }
  engine::solve_request request{.spec = *spec,
                                .options = {},
                                .out = args.out,
                                .threads = args.threads,
                                .verify = args.verify,
                                .progress = args.progress};
  if (!args.edition.empty()) request.options["edition"] = args.edition;
  request.options["sisyphos_stones"] = std::int64_t{args.sisyphos_stones};
  request.options["spirit_stones"] = std::int64_t{args.spirit_stones};
  return tools->solve(request, std::cout, std::cerr);
}

}  // namespace

command add_solve(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "solve", "Solve a game by retrograde analysis (sisyphos), print the summary, save the table");
  auto args = std::make_shared<solve_args>();
  sub->add_option("game", args->game, "sisyphos, or a spec such as sisyphos(edition=perlhuhn2007)")
      ->required();
  sub->add_option("--edition", args->edition, "forum2007 or perlhuhn2007 (default: the spec's)")
      ->check(CLI::IsMember({"forum2007", "perlhuhn2007"}));
  sub->add_option("--out", args->out,
                  "Write the table to FILE; a server loads sisyphos-<edition>.tbl from its data "
                  "directory");
  sub->add_option("--threads", args->threads, "Threads sharing the work")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_option("--verify", args->verify,
                  "Check the minimax equations at N random nodes (0: skip)")
      ->capture_default_str();
  sub->add_option("--sisyphos-stones", args->sisyphos_stones, "A reduced variant: 1 to 5")
      ->check(CLI::Range(1, 5))
      ->capture_default_str();
  sub->add_option("--spirit-stones", args->spirit_stones, "A reduced variant: 1 to 3")
      ->check(CLI::Range(1, 3))
      ->capture_default_str();
  sub->add_flag("--progress", args->progress, "Report each level of the analysis on stderr");
  return [args] { return run_solve(*args); };
}

}  // namespace boardroom::cli
