#pragma once
// The browser client (web/) and the JavaScript client library it imports (clients/js, under
// /sdk/), compiled into the server (cmake/embed_web.cmake), so that `boardroom serve` serves
// them at / with nothing beside the binary.

#include <span>
#include <string_view>

namespace boardroom::server {

struct web_asset {
  std::string_view path;          // "/index.html", "/sdk/src/client.js"
  std::string_view content_type;  // "text/javascript; charset=utf-8"
  std::string_view body;
};

// The asset served at `path`; nullptr when there is none.
const web_asset* find_web_asset(std::string_view path);
std::span<const web_asset> web_assets();

}  // namespace boardroom::server
