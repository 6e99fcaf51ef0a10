// `boardroom pair --dutch [--baku] FILE.trf [-o OUT]`: the next round of a Swiss tournament under
// the FIDE (Dutch) System, with the Baku Acceleration Method if asked (Handbook C.04.5.1; the XXR
// line gives the rounds), read from a TRF-2016 file and written the way pairing programs write it:
// the number of pairs, then "WHITE BLACK" per board by starting rank, "N 0" for a pairing-allocated
// bye. Arbiters and other programs compare these outputs line for line, so the format is a
// contract, as are the exit codes: 0 when paired, 1 when no pairing exists or the field is
// beyond what the implementation pairs, 2 for a usage error or a file that cannot be read or is
// not TRF (with the line at fault), or has no XXR line when --baku needs one.

#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "cli/commands.hpp"
#include "server/tournaments/dutch.hpp"
#include "server/tournaments/trf.hpp"

namespace boardroom::cli {

// Named, not only anonymous: the commands are compiled in one unit, whose anonymous namespaces
// would otherwise share these helpers' names.
namespace pair_file {
namespace {

struct pair_args {
  std::string dutch;          // the TRF file
  std::string output;         // empty: standard output
  std::string file;           // the TRF file when --dutch is followed by a flag
  bool system_named = false;  // --dutch given
  bool baku = false;          // the Baku Acceleration Method
};

std::optional<std::string> read_whole(const std::string& path) {
  // A directory opens as a stream and reads as empty, which would pass for a file of no players.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

int run(const pair_args& args, const std::vector<std::string>& extras) {
  if (!extras.empty()) {
    std::cerr << "error: unexpected argument \"" << extras.front()
              << "\"; usage: boardroom pair --dutch [--baku] FILE.trf [-o OUT]\n";
    return 2;
  }
  if (!args.system_named) {
    // The system is named on the command line so that others can be added without changing
    // what an existing invocation means.
    std::cerr << "error: --dutch FILE.trf is required; usage: boardroom pair --dutch [--baku] "
                 "FILE.trf [-o OUT]\n";
    return 2;
  }
  if (!args.dutch.empty() && !args.file.empty()) {
    std::cerr << "error: unexpected argument \"" << args.file
              << "\"; usage: boardroom pair --dutch [--baku] FILE.trf [-o OUT]\n";
    return 2;
  }
  const std::string& path = args.dutch.empty() ? args.file : args.dutch;
  if (path.empty()) {
    std::cerr << "error: no TRF file; usage: boardroom pair --dutch [--baku] FILE.trf [-o OUT]\n";
    return 2;
  }
  const auto text = read_whole(path);
  if (!text) {
    std::cerr << "error: cannot read " << path << '\n';
    return 2;
  }
  const auto tournament = tournaments::read_trf(*text);
  if (!tournament) {
    std::cerr << "error: " << path << ":" << tournament.error().line << ": "
              << tournament.error().message << '\n';
    return 2;
  }
  if (tournament->players.empty()) {
    std::cerr << "error: " << path << ": no players (no 001 line)\n";
    return 2;
  }
  if (args.baku && tournament->total_rounds <= 0) {
    std::cerr << "error: " << path << ": --baku needs the number of rounds (an XXR line)\n";
    return 2;
  }
  tournaments::dutch_options options;
  options.baku_acceleration = args.baku;
  const auto paired = tournaments::pair_dutch(*tournament, options);
  if (!paired) {
    std::cerr << "error: " << path << ": no pairing: " << paired.error() << '\n';
    return 1;
  }
  const std::string out = tournaments::write_pairing(*paired);
  if (args.output.empty()) {
    std::cout << out << std::flush;
    return std::cout ? 0 : 2;
  }
  std::ofstream file(args.output, std::ios::binary);
  file << out;
  file.close();
  if (!file) {
    std::cerr << "error: cannot write " << args.output << '\n';
    return 2;
  }
  return 0;
}

}  // namespace
}  // namespace pair_file

command add_pair(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "pair",
      "Pair the next round of a Swiss tournament from a TRF-2016 file (the XXR line gives the "
      "number of rounds) and print the pairing as pairing programs do: the number of pairs, "
      "then WHITE BLACK per board by starting rank, N 0 for the bye");
  auto args = std::make_shared<pair_file::pair_args>();
  // Checked when the command runs rather than by the parser, so that a missing file or a stray
  // argument is a usage error with exit code 2, as the contract says.
  // --dutch takes the file, or names the system alone when a flag follows it (--dutch --baku
  // FILE.trf): the file is then the positional argument.
  auto* dutch =
      sub->add_option("--dutch", args->dutch, "The tournament, paired by the FIDE (Dutch) System");
  dutch->expected(0, 1);
  sub->add_option("file", args->file, "The TRF file, when --dutch does not take it");
  sub->add_flag("--baku", args->baku,
                "Accelerated pairings: the Baku Acceleration Method (FIDE Handbook C.04.5.1); "
                "the XXR line must give the number of rounds");
  sub->add_option("-o,--output", args->output, "Write the pairing here instead of stdout");
  sub->allow_extras();
  return [args, sub, dutch] {
    try {
      args->system_named = dutch->count() > 0;
      return pair_file::run(*args, sub->remaining());
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << '\n';
      return 2;
    }
  };
}

}  // namespace boardroom::cli
