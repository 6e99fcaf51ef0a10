#pragma once
// Running the real `boardroom` binary from the CLI tests.

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/process.hpp"

namespace boardroom::test {

// Runs the binary with `args` through the shell, capturing stdout and stderr together.
inline run_result run(const std::string& args) {
  return run_command(std::string(BOARDROOM_BINARY) + " " + args);
}

// A whole file as bytes ("" when it cannot be read), and a file written from bytes.
inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

}  // namespace boardroom::test
