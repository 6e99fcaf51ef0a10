#pragma once
// JSON written straight to text, without building a document first. A move's view is written for
// every move the server relays; as an nlohmann document it was built, serialised and destroyed
// each time (the largest single share of a move's CPU, docs/performance.md). Engines write views
// with this; `state::view()` reads the text back into a document for the few callers that want one.
//
//   json_writer w;
//   w.object([&] {
//     w.field("size", 10);
//     w.key("arrows");
//     w.array([&] { w.value("d4"); });
//   });
//   w.text();  // {"size":10,"arrows":["d4"]}
//
// Commas are the writer's business; nesting through object()/array() keeps brackets balanced.

#include <bit>
#include <charconv>
#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace boardroom::engine {

// Whether `c` goes into a JSON string as it is: ASCII that needs no escape (the writer takes the
// long way for the rest, which replaces bytes that are not UTF-8).
constexpr bool goes_in_as_is(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x20 && u < 0x80 && c != '"' && c != '\\';
}

// A key spelled in the program: a string literal, checked when it is compiled to need no escape.
// A char array that is not a constant does not compile.
struct literal_key {
  template <std::size_t N>
  consteval literal_key(const char (&k)[N]) : text(k, N - 1) {  // converts: w.key("name")
    if (k[N - 1] != '\0') throw "a key is a string literal";
    for (std::size_t i = 0; i + 1 < N; ++i) {
      if (!goes_in_as_is(k[i])) throw "a key spelled in the program needs no escape";
    }
  }
  std::string_view text;
};

// Text for a key that is not a literal_key: a string, a view of one (not an array of char).
template <class K>
concept dynamic_text = std::convertible_to<const K&, std::string_view> && !std::is_array_v<K>;

class json_writer {
 public:
  // Room for what a move's event takes (or `capacity`, for a view), allocated once instead of
  // doubling up to it from nothing.
  explicit json_writer(std::size_t capacity = 256) { out_.reserve(capacity); }
  // A writer that goes on after `text` (a frame's opening, say: its capacity is kept), as if
  // nothing were written yet.
  explicit json_writer(std::string text) : out_(std::move(text)) {}

  void value(std::string_view s) { quoted(s, '\0'); }
  void value(const char* s) { value(std::string_view(s)); }
  void value(const std::string& s) { value(std::string_view(s)); }
  void value(bool b) {
    separate();
    out_ += b ? "true" : "false";
  }
  template <std::integral T>
  requires(!std::same_as<T, bool>) void value(T n) {
    separate();
    char digits[24];
    auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out_.append(digits, end);
  }
  void value(double d);  // as nlohmann::json writes it (shortest round trip)
  void null() {
    separate();
    out_ += "null";
  }
  void value(std::nullptr_t) { null(); }
  // JSON text written before (a part that never changes, kept as text).
  void raw(std::string_view json) {
    separate();
    out_ += json;
  }
  template <class T>
  void value(const std::optional<T>& v) {
    if (v) {
      value(*v);
    } else {
      null();
    }
  }

  // A key made at run time (a colour's name, a parameter's): written as any string is.
  template <dynamic_text K>
  void key(const K& k) {
    quoted(std::string_view(k), ':');
    after_key_ = true;
  }
  template <dynamic_text K, class T>
  void field(const K& k, const T& v) {
    key(k);
    value(v);
  }
  // A key spelled in the program (literal_key, below): copied without looking for characters to
  // escape. A view's keys are about half of the strings it writes.
  void key(literal_key k) {
    copy_quoted(k.text, ':', comma_due(), [](char) { return true; });
    after_key_ = true;
  }
  template <class T>
  void field(literal_key k, const T& v) {
    key(k);
    value(v);
  }

  template <std::invocable F>
  void object(F&& body) {
    open('{');
    std::forward<F>(body)();
    close('}');
  }
  template <std::invocable F>
  void array(F&& body) {
    open('[');
    std::forward<F>(body)();
    close(']');
  }
  // An array of the values of a range.
  template <class Range>
  void array_of(const Range& values) {
    array([&] {
      for (const auto& v : values)
        value(v);
    });
  }

  // An array of `name_of(i)` for each bit i set in `bits`, lowest first: the squares of a
  // bitboard.
  template <std::unsigned_integral Bits, class Name>
  void array_of_bits(Bits bits, Name&& name_of) {
    array([&] {
      for (; bits; bits &= bits - 1)
        value(name_of(std::countr_zero(bits)));
    });
  }

  const std::string& text() const& { return out_; }
  std::string text() && { return std::move(out_); }

 private:
  // Before a value or a key: a comma unless it is the first in its object or array, or the value
  // of the key just written.
  void separate() {
    if (comma_due()) out_ += ',';
  }
  // Whether a comma goes before the next value or key (the bookkeeping of separate()).
  bool comma_due() {
    const bool due = !after_key_ && !first_;
    after_key_ = false;
    first_ = false;
    return due;
  }
  void open(char bracket) {
    separate();
    out_ += bracket;
    first_ = true;
  }
  void close(char bracket) {
    out_ += bracket;
    first_ = false;  // the closed one is a value of its parent
  }
  // A separator when one is due (separate()), `s` as a JSON string, then `tail` unless it is
  // '\0'. A string that needs no escape (a key, a square, a name: nearly all of them) is copied
  // in one pass: a move's frames write about 120 strings, most of them its view's.
  void quoted(std::string_view s, char tail);
  // The one pass: a comma when `comma`, then `s` in quotes and `tail` (unless '\0'), copied as
  // it is while `as_is(c)` holds for each character. At the first that does not, nothing is
  // written and the answer is false.
  template <class AsIs>
  bool copy_quoted(std::string_view s, char tail, bool comma, AsIs as_is) {
    const std::size_t at = out_.size();
    bool whole = true;
    out_.resize_and_overwrite(at + s.size() + 4, [&](char* text, std::size_t) {
      char* to = text + at;
      if (comma) *to++ = ',';
      *to++ = '"';
      for (const char c : s) {  // short strings: a loop, where memcpy would be a call
        if (!as_is(c)) {
          whole = false;
          return at;
        }
        *to++ = c;
      }
      *to++ = '"';
      if (tail) *to++ = tail;
      return static_cast<std::size_t>(to - text);
    });
    return whole;
  }
  void write_string(std::string_view s);

  std::string out_;
  bool first_ = true;  // nothing written yet in the innermost object or array (or at all)
  bool after_key_ = false;
};

}  // namespace boardroom::engine
