// `boardroom replay`: plays archived games through a rule engine and compares the endings, one
// line per game and a summary line. Exits 0 when every game agrees with its record, 1 when one
// does not, 2 when the file cannot be read.

#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "engine/arimaa/archive.hpp"

namespace boardroom::cli {

namespace {

struct replay_args {
  std::string format = "arimaa-archive";
  std::string file;
};

int replay_arimaa_archive(const std::string& text) {
  namespace arimaa = engine::arimaa;
  auto games = arimaa::parse_archive(text);
  if (!games) {
    std::cerr << "error: " << games.error().message << '\n';
    return 2;
  }
  std::vector<arimaa::replay_report> reports;
  for (const auto& g : *games) {
    reports.push_back(arimaa::replay(g));
    std::cout << arimaa::report_line(reports.back()) << '\n';
  }
  std::cout << arimaa::summary_line(reports) << '\n';
  bool all_agree =
      std::all_of(reports.begin(), reports.end(), [](const auto& r) { return r.agrees; });
  return all_agree ? 0 : 1;
}

}  // namespace

command add_replay(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "replay",
      "Replay archived games through the rule engine: one line per game (legal or the "
      "first illegal turn, the engine's ending against the recorded one), then a summary");
  auto args = std::make_shared<replay_args>();
  sub->add_option("--format", args->format, "Archive format")
      ->check(CLI::IsMember({"arimaa-archive"}))
      ->capture_default_str();
  sub->add_option("file", args->file, "The archive ('-' reads standard input)")->required();
  return [args] {
    std::stringstream text;
    if (args->file == "-") {
      text << std::cin.rdbuf();
    } else {
      std::ifstream in(args->file, std::ios::binary);
      if (!in) {
        std::cerr << "error: cannot read " << args->file << '\n';
        return 2;
      }
      text << in.rdbuf();
    }
    return replay_arimaa_archive(text.str());
  };
}

}  // namespace boardroom::cli
