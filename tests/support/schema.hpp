#pragma once
// Validation of JSON documents against the protocol's JSON Schema files (protocol/schema/).
//
// Schemas are read from BOARDROOM_SOURCE_DIR "/protocol/schema/" on first use and parsed once;
// the cache is shared by every thread, so tests may validate concurrently.

#include <string>

#include <nlohmann/json.hpp>

namespace boardroom::test {

// Validates `doc` against the schema file `schema_file` (e.g. "request.schema.json"), or, when
// `definition` is given, against one of that file's definitions: "snapshot",
// "#/definitions/snapshot" and "/definitions/snapshot" all name the same one.
//
// Returns "" when `doc` is valid; otherwise one line per failure ("/params/name: ..."). A schema
// that cannot be read or parsed, or a definition that does not exist, is reported the same way,
// so a broken schema fails the test instead of passing it.
std::string validate(const nlohmann::json& doc, const std::string& schema_file,
                     const std::string& definition = "");

// The parsed JSON of a schema file (cached), for tests that read the schema itself: e.g. its list
// of error codes. Throws std::runtime_error when the file cannot be read or parsed.
const nlohmann::json& schema_document(const std::string& schema_file);

}  // namespace boardroom::test
