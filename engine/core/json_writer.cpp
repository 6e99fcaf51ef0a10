#include "engine/core/json_writer.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

namespace boardroom::engine {

void json_writer::value(double d) {
  separate();
  if (!std::isfinite(d)) {  // JSON has no infinity or NaN; nlohmann::json writes null too
    out_ += "null";
    return;
  }
  char digits[32];
  auto end = std::to_chars(digits, digits + sizeof digits, d).ptr;
  std::string_view written(digits, static_cast<std::size_t>(end - digits));
  out_ += written;
  // A whole number stays a number with a fraction ("2.0"), so that reading it back gives a
  // floating-point value again.
  if (written.find_first_of(".e") == std::string_view::npos) out_ += ".0";
}

void json_writer::quoted(std::string_view s, char tail) {
  const bool comma = comma_due();
  // Copied as it is scanned; at the first character that needs more, it is written the long
  // way. (Testing eight bytes at a time did not lower the instructions a move takes: the strings
  // are short, and it is the calls that count.)
  if (copy_quoted(s, tail, comma, [](char c) { return goes_in_as_is(c); })) return;
  if (comma) out_ += ',';
  write_string(s);
  if (tail) out_ += tail;
}

void json_writer::write_string(std::string_view s) {
  // Text that is not all ASCII may hold bytes that are not UTF-8 (an old name in a store, a
  // client's text echoed in a message): nlohmann::json writes it, replacing those by U+FFFD, as
  // the protocol's other writers do.
  if (std::ranges::any_of(s, [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
    out_ += nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return;
  }
  // Runs of characters that need no escape are appended whole: most strings are one run.
  out_ += '"';
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20) continue;
    out_.append(s.substr(run, i - run));
    run = i + 1;
    switch (c) {
      case '"':
        out_ += "\\\"";
        break;
      case '\\':
        out_ += "\\\\";
        break;
      case '\b':
        out_ += "\\b";
        break;
      case '\f':
        out_ += "\\f";
        break;
      case '\n':
        out_ += "\\n";
        break;
      case '\r':
        out_ += "\\r";
        break;
      case '\t':
        out_ += "\\t";
        break;
      default: {  // the other control characters
        static constexpr char hex[] = "0123456789abcdef";
        out_ += "\\u00";
        out_ += hex[(c >> 4) & 0xf];
        out_ += hex[c & 0xf];
      }
    }
  }
  out_.append(s.substr(run));
  out_ += '"';
}

}  // namespace boardroom::engine
