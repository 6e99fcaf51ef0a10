#pragma once
// Perft tables: tests/data/perft/<game key>.txt. One check per line:
//   <game spec> <depth> <count> [<position text>]
// e.g. "sisyphos(edition=perlhuhn2007) 5 75633". Without a position text the count is from the
// game's start (minimum players, seed 0). '#' starts a comment; blank lines are skipped.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace boardroom::engine::testing {

struct perft_line {
  std::string spec;
  int depth = 0;
  std::uint64_t count = 0;
  std::string position;  // empty: the start
  int line_number = 0;
};

inline std::string perft_table_path(std::string_view game_key) {
  return std::string(BOARDROOM_TEST_DATA) + "/perft/" + std::string(game_key) + ".txt";
}

// Lines that cannot be read come back with depth -1, for the caller to report.
inline std::vector<perft_line> read_perft_table(const std::string& path) {
  std::vector<perft_line> out;
  std::ifstream in(path);
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    text = text.substr(0, text.find('#'));
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    perft_line line;
    line.line_number = number;
    std::istringstream fields(text);
    if (!(fields >> line.spec >> line.depth >> line.count)) line.depth = -1;
    std::getline(fields, line.position);
    auto first = line.position.find_first_not_of(" \t");
    auto last = line.position.find_last_not_of(" \t\r");
    line.position = first == std::string::npos ? "" : line.position.substr(first, last - first + 1);
    out.push_back(line);
  }
  return out;
}

}  // namespace boardroom::engine::testing
