// The one table of error codes (engine/core/error_code.hpp) against the two places a client reads
// them from: the schema's enumeration and the table in docs/protocol.md §3. A code added to one
// and not the others fails here.

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/core/error_code.hpp"

namespace boardroom::test {
namespace {

using engine::error_code;
using engine::error_codes;
using engine::error_scope;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::set<std::string> wire_codes() {
  std::set<std::string> out;
  for (const auto& e : error_codes) {
    if (e.scope == error_scope::wire) out.emplace(e.name);
  }
  return out;
}

// Every string of the enums under the schema's error_code definition.
std::set<std::string> schema_codes() {
  auto schema = nlohmann::json::parse(
      read_file(BOARDROOM_SOURCE_DIR "/protocol/schema/server_message.schema.json"));
  const auto& defs = schema["definitions"];
  std::set<std::string> out;
  for (const auto& part : defs["error_code"]["anyOf"]) {
    const auto& shape =
        part.contains("$ref")
            ? defs[part["$ref"].get<std::string>().substr(std::string("#/definitions/").size())]
            : part;
    for (const auto& code : shape["enum"])
      out.insert(code.get<std::string>());
  }
  return out;
}

std::set<std::string> documented_codes() {
  // Rows of the form | `code` | -32xxx | ... in docs/protocol.md.
  std::string doc = read_file(BOARDROOM_SOURCE_DIR "/docs/protocol.md");
  std::regex row(R"(\n\| `([a-z_]+)` \| -32[0-9]{3} \|)");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), row); it != std::sregex_iterator();
       ++it)
    out.insert((*it)[1]);
  return out;
}

TEST(ErrorCodes, TheSchemaEnumeratesExactlyTheCodesSentToClients) {
  EXPECT_EQ(schema_codes(), wire_codes());
}

TEST(ErrorCodes, TheProtocolDocumentHasARowForEveryCodeSentToClients) {
  EXPECT_EQ(documented_codes(), wire_codes());
}

TEST(ErrorCodes, NamesAreUniqueAndReadBack) {
  std::set<std::string_view> names;
  for (const auto& e : error_codes) {
    EXPECT_TRUE(names.insert(e.name).second) << e.name << " twice";
    auto back = error_code::from_name(e.name);
    ASSERT_TRUE(back) << e.name;
    EXPECT_EQ(back->name(), e.name);
  }
  EXPECT_FALSE(error_code::from_name("no_such_code"));
  // A literal is checked when compiling: error_code("no_such_code") does not compile.
  static_assert(error_code("illegal_move").name() == "illegal_move");
  static_assert(error_code("illegal_move") == engine::errc::illegal_move);
}

}  // namespace
}  // namespace boardroom::test
