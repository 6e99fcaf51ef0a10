#pragma once
// The `boardroom` subcommands. Each registers itself on the app and returns the code to exit with.

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace boardroom::cli {

using command = std::function<int()>;

// "e3-d4; d4-c5" -> {"e3-d4", "d4-c5"}: the --moves lists of the engine commands.
std::vector<std::string> split_moves(const std::string& text);

// Each adds a subcommand and returns what runs when it is chosen.
command add_serve(CLI::App& app);
command add_games(CLI::App& app);
command add_perft(CLI::App& app);
command add_moves(CLI::App& app);
command add_show(CLI::App& app);
command add_load(CLI::App& app);
command add_solve(CLI::App& app);
command add_analyze(CLI::App& app);
command add_replay(CLI::App& app);
command add_verify(CLI::App& app);
// import-<format> and export-<format> for every record format a game declares, each with what
// runs when it is chosen.
std::vector<std::pair<CLI::App*, command>> add_record_format_commands(CLI::App& app);
// `ratings`: the ratings a file of finished games gives its players, rated offline.
command add_ratings(CLI::App& app);
command add_bench(CLI::App& app);
// `pair --dutch [--baku] FILE.trf [-o OUT]`: the next round of a Swiss tournament from a TRF file
// (--baku: with the Baku Acceleration Method).
command add_pair(CLI::App& app);
// `match --game SPEC --bots A,B[,C...] --games N`: built-in bots against each other, in process.
command add_match(CLI::App& app);
// `aei` and `engine`: an outside engine (AEI for Arimaa, or boardroom's line protocol for any
// game) played as a bot on a server (bots/bridge.hpp).
command add_aei(CLI::App& app);
// `migrate --from sqlite:DIR --to postgresql://…`: an installation moved to PostgreSQL.
command add_migrate(CLI::App& app);
command add_engine(CLI::App& app);

}  // namespace boardroom::cli
