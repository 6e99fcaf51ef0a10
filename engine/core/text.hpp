#pragma once
// Text that people type (player names, notes) and that ends up in lines of other formats: which
// code points such text may not hold, and how a writer keeps it from breaking its lines and
// fields.
//
// Refused: C0 controls (NUL, tab, newline, ...), DEL and C1 controls (they start lines and fields
// in text formats), the line and paragraph separators U+2028/U+2029, the bidi controls
// (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C: they reorder what a reader sees around
// them, "alice" can be shown as "ecila" and a record line as something it is not), invisible
// format characters (zero-width space, word joiner, U+FEFF, soft hyphen, ...: two names that look
// the same could differ), noncharacters, and bytes that are not UTF-8. Zero-width joiner and
// non-joiner are refused only next to ASCII or at either end: emoji sequences and scripts such as
// Persian and Devanagari need them between their own letters, where nothing else looks alike.
//
// Writers escape or replace these code points even though names are checked when they arrive:
// a store may hold names from before the check, and not all text comes through the protocol (an
// imported archive, an administrator's note).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace boardroom::engine::text {

// The first code point of `utf8` a name may not hold: where it starts (in bytes) and what it is
// (for a byte that is not UTF-8, that byte). Nothing when the text is acceptable.
struct refused_char {
  std::size_t offset = 0;
  char32_t code_point = 0;
  bool utf8 = true;  // false: `code_point` is a byte that does not decode
};
std::optional<refused_char> find_refused(std::string_view utf8);

// "U+202E (right-to-left override)" or "byte 0xFF (not UTF-8)": for error messages.
std::string describe(const refused_char& c);

// For formats with one item per line and fields between tabs (the text record): a backslash
// becomes "\\", a refused code point "\uXXXX" (or "\UXXXXXXXX" beyond the BMP), a byte that is
// not UTF-8 "\xNN". Reversible, and the result holds no control or invisible character. Joiners
// are left as they are: they break no line and are part of some names.
std::string escape(std::string_view utf8);

// For formats without an escape (the Arimaa archive): every refused code point and every byte
// that is not UTF-8 becomes `replacement`.
std::string replace_refused(std::string_view utf8, std::string_view replacement = "?");

}  // namespace boardroom::engine::text
