#pragma once
// The records part of the HTTP API, apart from the transport so it reads as a table of routes:
//   GET /api/v1/records?game=&player=&from=&to=&limit=&offset=   finished games, newest first
//   GET /api/v1/records/{room}          the record as JSON (records.hpp)
//   GET /api/v1/records/{room}.txt      the record in the game's notation, one move per line
//   GET /api/v1/records/{room}.{format} the record in a format its game declares
//                                       (engine/core/record_format.hpp), e.g. .arimaa

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/storage/store.hpp"

namespace boardroom::server {

struct api_reply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

// An error answer of the HTTP API: {"error": {"code", "message"}} with `status`.
api_reply api_error(int status, const std::string& code, const std::string& message);

// The decoded value of a query parameter, or nullopt when absent.
using query_lookup = std::function<std::optional<std::string>(std::string_view name)>;

inline constexpr std::string_view records_path = "/api/v1/records";

inline bool is_records_route(std::string_view path) {
  return path == records_path ||
         (path.starts_with(records_path) && path.substr(records_path.size()).starts_with("/"));
}

// `path` is records_path or below it.
api_reply serve_records(store& storage, std::string_view path, const query_lookup& query);

}  // namespace boardroom::server
