// server/ and cli/ know no game by name: what is particular to a game (its clocks, record formats
// and offline tools) is declared in its own folder (engine/core/game.hpp), so adding a game
// touches its folder and the registry only. This test reads every source file there and fails on
// a string literal that is a registered game's key.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/registry.hpp"

namespace boardroom::engine {
namespace {

struct literal {
  int line = 0;
  std::string text;  // as written between the quotes
};

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The string literals of C++ source `code`, comments and character literals left out.
std::vector<literal> string_literals(const std::string& code) {
  std::vector<literal> out;
  int line = 1;
  std::size_t i = 0;
  const std::size_t n = code.size();
  auto advance_to = [&](std::size_t end) {
    for (; i < end && i < n; ++i)
      if (code[i] == '\n') ++line;
  };
  while (i < n) {
    const char c = code[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (code.compare(i, 2, "//") == 0) {
      advance_to(code.find('\n', i));
    } else if (code.compare(i, 2, "/*") == 0) {
      const std::size_t end = code.find("*/", i + 2);
      advance_to(end == std::string::npos ? n : end + 2);
    } else if (c == 'R' && i + 1 < n && code[i + 1] == '"' &&
               (i == 0 || !identifier_char(code[i - 1]) || code.compare(i - 2, 2, "u8") == 0 ||
                code[i - 1] == 'L' || code[i - 1] == 'u' || code[i - 1] == 'U')) {
      const std::size_t open = code.find('(', i + 2);
      if (open == std::string::npos) break;
      const std::string close = ")" + code.substr(i + 2, open - i - 2) + "\"";
      const std::size_t end = code.find(close, open + 1);
      const std::size_t stop = end == std::string::npos ? n : end;
      out.push_back({line, code.substr(open + 1, stop - open - 1)});
      advance_to(end == std::string::npos ? n : end + close.size());
    } else if (c == '"') {
      const int start_line = line;
      std::string text;
      for (++i; i < n && code[i] != '"'; ++i) {
        if (code[i] == '\\' && i + 1 < n) text += code[i++];
        if (code[i] == '\n') ++line;
        text += code[i];
      }
      ++i;
      out.push_back({start_line, text});
    } else if (c == '\'') {
      // A digit separator (1'000'000) when the token before it is a number; else a character.
      std::size_t start = i;
      while (start > 0 && (identifier_char(code[start - 1]) || code[start - 1] == '\'' ||
                           code[start - 1] == '.'))
        --start;
      if (start < i && std::isdigit(static_cast<unsigned char>(code[start]))) {
        ++i;
        continue;
      }
      for (++i; i < n && code[i] != '\'' && code[i] != '\n'; ++i) {
        if (code[i] == '\\') ++i;
      }
      ++i;
    } else {
      ++i;
    }
  }
  return out;
}

TEST(GameKeyLiterals, TheScannerFindsLiteralsAndSkipsCommentsAndCharacters) {
  const std::string code =
      "// \"in a comment\"\n"
      "int x = 1'000'000; char q = '\"';\n"
      "/* \"also\n a comment\" */ auto s = \"first\";\n"
      "auto r = R\"x(raw \"text\")x\"; auto e = \"esc\\\"aped\";\n";
  auto found = string_literals(code);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].line, 4);
  EXPECT_EQ(found[0].text, "first");
  EXPECT_EQ(found[1].line, 5);
  EXPECT_EQ(found[1].text, "raw \"text\"");
  EXPECT_EQ(found[2].text, "esc\\\"aped");
}

TEST(GameKeyLiterals, ServerAndCliNameNoGame) {
  const std::filesystem::path root(BOARDROOM_SOURCE_DIR);
  int files = 0;
  std::vector<std::string> found;
  for (const char* dir : {"server", "cli"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
      const auto ext = entry.path().extension();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h")) continue;
      ++files;
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream code;
      code << in.rdbuf();
      for (const literal& l : string_literals(code.str())) {
        for (const game* g : all_games()) {
          if (l.text == g->key()) {
            found.push_back(std::filesystem::relative(entry.path(), root).string() + ":" +
                            std::to_string(l.line) + ": \"" + l.text + "\"");
          }
        }
      }
    }
  }
  EXPECT_GT(files, 20);  // the folders were found and read
  std::string list;
  for (const auto& f : found)
    list += "\n  " + f;
  EXPECT_TRUE(found.empty()) << "game keys in server/ or cli/ (declare what a game needs in its "
                                "own folder, engine/core/game.hpp):"
                             << list;
}

}  // namespace
}  // namespace boardroom::engine
