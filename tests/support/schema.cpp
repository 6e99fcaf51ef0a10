#include "tests/support/schema.hpp"

#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>

#ifndef VALIJSON_USE_EXCEPTIONS
#define VALIJSON_USE_EXCEPTIONS 1  // schema errors become exceptions, not abort()
#endif
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/utils/nlohmann_json_utils.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

namespace boardroom::test {

using nlohmann::json;

namespace {

const std::string schema_dir = BOARDROOM_SOURCE_DIR "/protocol/schema/";

// Files and parsed schemas live until the end of the program: references handed out stay valid.
struct cache {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<const json>> documents;            // by file
  std::map<std::string, std::unique_ptr<const json>> wrappers;             // by file#definition
  std::map<std::string, std::shared_ptr<const valijson::Schema>> schemas;  // by file#definition
};

cache& the_cache() {
  static cache c;
  return c;
}

const json& load_locked(cache& c, const std::string& file) {
  if (auto it = c.documents.find(file); it != c.documents.end()) return *it->second;
  std::ifstream in(schema_dir + file);
  if (!in) throw std::runtime_error("cannot read schema file " + schema_dir + file);
  std::stringstream text;
  text << in.rdbuf();
  json doc = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) throw std::runtime_error("schema file " + file + " is not valid JSON");
  return *c.documents.emplace(file, std::make_unique<const json>(std::move(doc))).first->second;
}

// "snapshot", "#/definitions/snapshot", "/definitions/snapshot" -> "snapshot".
std::string definition_name(const std::string& definition) {
  for (const char* prefix : {"#/definitions/", "/definitions/"}) {
    if (definition.starts_with(prefix)) return definition.substr(std::string(prefix).size());
  }
  return definition;
}

// A definition is validated through a small wrapper that keeps the file's definitions, so the
// definition's own "#/definitions/..." references still resolve against the wrapper's root.
json wrapper_for(const json& root, const std::string& file, const std::string& name) {
  auto defs = root.find("definitions");
  if (defs == root.end() || !defs->is_object() || !defs->contains(name)) {
    throw std::runtime_error("schema file " + file + " has no definition '" + name + "'");
  }
  return json{{"$schema", "http://json-schema.org/draft-07/schema#"},
              {"definitions", *defs},
              {"allOf", json::array({{{"$ref", "#/definitions/" + name}}})}};
}

std::shared_ptr<const valijson::Schema> schema_for(const std::string& file,
                                                   const std::string& definition) {
  const std::string name = definition_name(definition);
  const std::string key = file + "#" + name;
  cache& c = the_cache();
  std::lock_guard lock(c.mutex);
  if (auto it = c.schemas.find(key); it != c.schemas.end()) return it->second;
  const json& root = load_locked(c, file);
  const json* doc = &root;
  if (!name.empty()) {
    auto& kept = c.wrappers[key];
    if (!kept) kept = std::make_unique<const json>(wrapper_for(root, file, name));
    doc = kept.get();
  }
  auto parsed = std::make_shared<valijson::Schema>();
  valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
  valijson::adapters::NlohmannJsonAdapter adapter(*doc);
  try {
    parser.populateSchema(adapter, *parsed);
  } catch (const std::exception& e) {
    throw std::runtime_error("schema " + key + " cannot be parsed: " + e.what());
  }
  c.schemas.emplace(key, parsed);
  return parsed;
}

// valijson's context is {"<root>", "[params]", "[0]", ...}; we print "/params/0".
std::string path_of(const std::vector<std::string>& context) {
  std::string out;
  for (const auto& part : context) {
    if (part == "<root>") continue;
    bool bracketed = part.size() >= 2 && part.front() == '[' && part.back() == ']';
    out += "/" + (bracketed ? part.substr(1, part.size() - 2) : part);
  }
  return out.empty() ? "(root)" : out;
}

}  // namespace

const json& schema_document(const std::string& schema_file) {
  cache& c = the_cache();
  std::lock_guard lock(c.mutex);
  return load_locked(c, schema_file);
}

std::string validate(const json& doc, const std::string& schema_file,
                     const std::string& definition) {
  std::shared_ptr<const valijson::Schema> schema;
  try {
    schema = schema_for(schema_file, definition);
  } catch (const std::exception& e) {
    return std::string("schema error: ") + e.what() + "\n";
  }
  valijson::Validator validator(valijson::Validator::kStrongTypes);
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(doc);
  if (validator.validate(*schema, target, &results)) return "";
  std::string out;
  valijson::ValidationResults::Error error;
  while (results.popError(error)) {
    out += path_of(error.context) + ": " + error.description + "\n";
  }
  return out.empty() ? "invalid (no details from the validator)\n" : out;
}

}  // namespace boardroom::test
