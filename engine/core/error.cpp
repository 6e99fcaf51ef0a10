#include "engine/core/error.hpp"

namespace boardroom::engine {

std::string quote(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += '\'';
  out += text;
  out += '\'';
  return out;
}

}  // namespace boardroom::engine
