// boardroom: one executable, one subcommand per capability.

#include <iostream>
#include <map>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"boardroom: an authoritative multiplayer board-game server"};
  app.set_version_flag("--version", std::string("boardroom ") + BOARDROOM_VERSION);
  app.require_subcommand(1);

  std::map<CLI::App*, boardroom::cli::command> commands;
  auto add = [&](boardroom::cli::command (*adder)(CLI::App&)) {
    auto run = adder(app);
    commands[app.get_subcommands({}).back()] = std::move(run);
  };
  add(boardroom::cli::add_serve);
  add(boardroom::cli::add_games);
  add(boardroom::cli::add_perft);
  add(boardroom::cli::add_moves);
  add(boardroom::cli::add_show);
  add(boardroom::cli::add_load);
  add(boardroom::cli::add_solve);
  add(boardroom::cli::add_analyze);
  add(boardroom::cli::add_replay);
  add(boardroom::cli::add_verify);
  for (auto& [sub, run] : boardroom::cli::add_record_format_commands(app))
    commands[sub] = std::move(run);
  add(boardroom::cli::add_ratings);
  add(boardroom::cli::add_bench);
  add(boardroom::cli::add_pair);
  add(boardroom::cli::add_match);
  add(boardroom::cli::add_migrate);
  add(boardroom::cli::add_aei);
  add(boardroom::cli::add_engine);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Prints the help or says what is wrong. A usage error exits with 2, as the commands' own
    // usage errors do (CLI11's own codes are 100 and up).
    return app.exit(e) == 0 ? 0 : 2;
  }
  for (auto* sub : app.get_subcommands())
    return commands.at(sub)();
  return 1;
}
