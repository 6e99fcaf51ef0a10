#include "engine/core/text.hpp"

#include <cstdio>

namespace boardroom::engine::text {

namespace {

// One code point decoded from the front of `s`, and its length in bytes; length 0 when the first
// byte does not start a well-formed sequence (overlong forms and surrogates are not UTF-8).
struct decoded {
  char32_t code_point = 0;
  std::size_t length = 0;
};

decoded decode(std::string_view s) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char b0 = byte(0);
  if (b0 < 0x80) return {b0, 1};
  std::size_t length = 0;
  char32_t c = 0;
  char32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    length = 2, c = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    length = 3, c = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    length = 4, c = b0 & 0x07, min = 0x10000;
  } else {
    return {};
  }
  if (s.size() < length) return {};
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return {};
    c = (c << 6) | (byte(i) & 0x3F);
  }
  if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return {};
  return {c, length};
}

bool in(char32_t c, char32_t lo, char32_t hi) {
  return c >= lo && c <= hi;
}

// Refused wherever they stand (see text.hpp).
bool always_refused(char32_t c) {
  return c < 0x20 || in(c, 0x7F, 0x9F) ||                        // C0, DEL, C1
         c == 0x00AD ||                                          // soft hyphen
         c == 0x034F ||                                          // combining grapheme joiner
         c == 0x061C ||                                          // Arabic letter mark
         in(c, 0x115F, 0x1160) || c == 0x3164 || c == 0xFFA0 ||  // Hangul fillers: blank names
         in(c, 0x17B4, 0x17B5) ||                                // Khmer invisible vowels
         c == 0x180E ||                                          // Mongolian vowel separator
         c == 0x200B ||                                          // zero-width space
         in(c, 0x200E, 0x200F) ||    // left-to-right, right-to-left mark
         in(c, 0x2028, 0x2029) ||    // line, paragraph separator
         in(c, 0x202A, 0x202E) ||    // bidi embeddings and overrides
         in(c, 0x2060, 0x2064) ||    // word joiner, invisible operators
         in(c, 0x2066, 0x206F) ||    // bidi isolates, deprecated format characters
         c == 0xFEFF ||              // zero-width no-break space (byte order mark)
         in(c, 0xFFF9, 0xFFFB) ||    // interlinear annotation
         in(c, 0x1D173, 0x1D17A) ||  // musical format characters
         c == 0xE0001 ||             // language tag
         in(c, 0xFDD0, 0xFDEF) || (c & 0xFFFE) == 0xFFFE;  // noncharacters
}

bool is_joiner(char32_t c) {
  return c == 0x200C || c == 0x200D;
}

// Calls f(offset, decoded) for each code point; a byte that does not decode comes as length 0.
template <class F>
void each(std::string_view s, F&& f) {
  std::size_t at = 0;
  while (at < s.size()) {
    decoded d = decode(s.substr(at));
    f(at, d);
    at += d.length == 0 ? 1 : d.length;
  }
}

std::string hex(char32_t value, int digits) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%0*X", digits, static_cast<unsigned>(value));
  return buffer;
}

}  // namespace

std::optional<refused_char> find_refused(std::string_view utf8) {
  std::optional<refused_char> found;
  bool previous_ascii = true;          // the start counts as ASCII: no joiner may lead
  std::optional<refused_char> joiner;  // a joiner waiting to see what follows it
  each(utf8, [&](std::size_t at, decoded d) {
    if (found) return;
    if (d.length == 0) {
      found = refused_char{at, static_cast<unsigned char>(utf8[at]), false};
      return;
    }
    const char32_t c = d.code_point;
    if (joiner && c < 0x80) {
      found = joiner;
      return;
    }
    joiner.reset();
    if (always_refused(c) || (is_joiner(c) && previous_ascii)) {
      found = refused_char{at, c};
      return;
    }
    if (is_joiner(c)) joiner = refused_char{at, c};
    previous_ascii = c < 0x80;
  });
  return found ? found : joiner;  // a joiner may not end the text either
}

std::string describe(const refused_char& c) {
  if (!c.utf8) return "byte 0x" + hex(c.code_point, 2) + " (not UTF-8)";
  const char* what = "an invisible or format character";
  if (c.code_point < 0x20 || in(c.code_point, 0x7F, 0x9F)) what = "a control character";
  if (in(c.code_point, 0x2028, 0x2029)) what = "a line break";
  if (in(c.code_point, 0x202A, 0x202E) || in(c.code_point, 0x2066, 0x2069) ||
      in(c.code_point, 0x200E, 0x200F) || c.code_point == 0x061C) {
    what = "a bidirectional control";
  }
  if (is_joiner(c.code_point)) what = "a joiner outside a word of a script that needs it";
  return "U+" + hex(c.code_point, 4) + " (" + what + ")";
}

std::string escape(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  each(utf8, [&](std::size_t at, decoded d) {
    if (d.length == 0) {
      out += "\\x" + hex(static_cast<unsigned char>(utf8[at]), 2);
    } else if (d.code_point == '\\') {
      out += "\\\\";
    } else if (always_refused(d.code_point)) {
      // Every refused code point is in the BMP except the musical format characters and the
      // language tag, which take the longer form.
      out += d.code_point > 0xFFFF ? "\\U" + hex(d.code_point, 8) : "\\u" + hex(d.code_point, 4);
    } else {
      out += utf8.substr(at, d.length);
    }
  });
  return out;
}

std::string replace_refused(std::string_view utf8, std::string_view replacement) {
  std::string out;
  out.reserve(utf8.size());
  each(utf8, [&](std::size_t at, decoded d) {
    if (d.length == 0 || always_refused(d.code_point)) {
      out += replacement;
    } else {
      out += utf8.substr(at, d.length);
    }
  });
  return out;
}

}  // namespace boardroom::engine::text
