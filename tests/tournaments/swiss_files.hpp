#pragma once
// The tournament files of tests/data/swiss (see the README there), read whole.

#include <fstream>
#include <sstream>
#include <string>

namespace boardroom::test {

inline std::string swiss_file(const std::string& name) {
  std::ifstream in(std::string(BOARDROOM_TEST_DATA) + "/swiss/" + name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace boardroom::test
