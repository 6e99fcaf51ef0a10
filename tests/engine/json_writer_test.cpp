// The JSON writer the engines write views with: what it writes reads back as the document it
// describes, with nlohmann::json as the reader.

#include "engine/core/json_writer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

// A namespace of its own: the unity build compiles the engine tests together.
namespace boardroom::engine::json_writer_test {

using nlohmann::json;

TEST(JsonWriter, NestsObjectsAndArraysWithCommasInTheirPlaces) {
  json_writer w;
  w.object([&] {
    w.field("size", 10);
    w.key("empty_object");
    w.object([] {});
    w.key("empty_array");
    w.array([] {});
    w.key("arrows");
    w.array([&] {
      w.value("d4");
      w.array([&] { w.value(1); });
      w.object([&] { w.field("a", true); });
      w.null();
    });
    w.field("last", false);
  });
  EXPECT_EQ(w.text(),
            R"({"size":10,"empty_object":{},"empty_array":[],"arrows":["d4",[1],{"a":true},null],)"
            R"("last":false})");
  EXPECT_EQ(json::parse(w.text()), (json{{"size", 10},
                                         {"empty_object", json::object()},
                                         {"empty_array", json::array()},
                                         {"arrows", {"d4", {1}, {{"a", true}}, nullptr}},
                                         {"last", false}}));
}

TEST(JsonWriter, NumbersKeepTheirTypeAndValue) {
  json_writer w;
  w.array([&] {
    w.value(std::numeric_limits<std::int64_t>::min());
    w.value(std::numeric_limits<std::uint64_t>::max());
    w.value(std::uint8_t{200});  // a number, not a character
    w.value(0.1);
    w.value(-2.0);  // stays a floating-point number
    w.value(1e300);
    w.value(std::numeric_limits<double>::infinity());  // JSON has none: null, as nlohmann writes
  });
  const json read = json::parse(w.text());
  EXPECT_EQ(read[0].get<std::int64_t>(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(read[1].get<std::uint64_t>(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(read[2], 200);
  EXPECT_EQ(read[3].get<double>(), 0.1);
  EXPECT_TRUE(read[4].is_number_float());
  EXPECT_EQ(read[4].get<double>(), -2.0);
  EXPECT_EQ(read[5].get<double>(), 1e300);
  EXPECT_TRUE(read[6].is_null());
}

TEST(JsonWriter, StringsAreEscapedAsNlohmannEscapesThem) {
  std::string every_byte_below_space;
  for (char c = 1; c < 0x20; ++c)
    every_byte_below_space += c;
  const std::vector<std::string> texts{"plain",
                                       "quote \" and \\ backslash",
                                       "\t\n\r\b\f",
                                       every_byte_below_space,
                                       "Gr\u00fcn \U0001F418",
                                       std::string("nul\0inside", 10),
                                       "\"starts and ends\n",
                                       ""};
  for (const auto& text : texts) {
    json_writer w;
    w.object([&] { w.field(text, text); });
    EXPECT_EQ(w.text(), (json{{text, text}}.dump())) << text;
    EXPECT_EQ(json::parse(w.text())[text], text);
  }
}

// Strings that need no escape are copied in one piece, the others written character by
// character: short and long ones (around the 256 characters a writer starts with room for, so
// that the text outgrows its room in the middle of a copy), ones whose last character needs an
// escape, with and without commas before them, keys and values read back as they were.
TEST(JsonWriter, ShortAndLongStringsAreWrittenAlike) {
  std::vector<std::string> texts;
  for (std::size_t n : {0, 1, 250, 252, 253, 254, 255, 256, 1000}) {
    texts.push_back(std::string(n, 'x'));
    if (n > 0) texts.push_back(std::string(n - 1, 'y') + '"');
  }
  json_writer w;
  json expected = json::object();
  w.object([&] {
    for (std::size_t i = 0; i < texts.size(); ++i) {
      const std::string key = texts[i] + std::to_string(i);
      w.key(key);
      w.array([&] {
        w.value(texts[i]);
        w.value(texts[texts.size() - 1 - i]);
      });
      expected[key] = {texts[i], texts[texts.size() - 1 - i]};
    }
  });
  EXPECT_EQ(json::parse(w.text()), expected);  // nlohmann sorts the keys it writes
}

// Keys spelled in the program (string literals: copied without a scan) come out as the same keys
// given as text, in every place a comma may or may not be due, and while the text outgrows its
// room in the middle of one.
TEST(JsonWriter, KeysSpelledInTheProgramAreWrittenAsKeysGivenAsText) {
  auto write = [](json_writer& w, bool literal) {
    auto key = [&](const std::string& k) {
      if (!literal) return w.key(k);
      if (k == "a") return w.key("a");
      if (k == "colour_to_move") return w.key("colour_to_move");
      return w.key("a key of some length, longer than the room a writer is given");
    };
    w.object([&] {
      for (int i = 0; i < 40; ++i) {
        key("a");
        w.object([&] {
          key("colour_to_move");
          w.value(i);
          key("a key of some length, longer than the room a writer is given");
          w.array([&] {
            w.object([&] {
              key("a");
              w.null();
            });
          });
        });
      }
      key("colour_to_move");
      w.value("last");
    });
  };
  json_writer literal(1), text(1);
  write(literal, true);
  write(text, false);
  EXPECT_EQ(literal.text(), text.text());
  EXPECT_TRUE(json::accept(literal.text())) << literal.text();
}

// A writer that goes on after text it is given (a frame's opening) writes its first value there
// without a comma, and keeps the text in front.
TEST(JsonWriter, AWriterGoesOnAfterTheTextItIsGiven) {
  std::string opening = R"({"params":)";
  opening.reserve(64);
  json_writer w(std::move(opening));
  w.object([&] {
    w.field("a", 1);
    w.field("b", "c");
  });
  std::string text = std::move(w).text();
  text += '}';
  EXPECT_EQ(text, R"({"params":{"a":1,"b":"c"}})");
}

// Whatever needs an escape, or is not ASCII, is found wherever it stands in a string, the first
// character and the last included.
TEST(JsonWriter, EveryCharacterThatNeedsAnEscapeIsFoundWhereverItIs) {
  for (const std::string odd : {"\"", "\\", "\x01", "\x1f", "\n", "\x7f", "\xc3\xa9", "\xff"}) {
    for (std::size_t at = 0; at <= 20; ++at) {
      std::string text(20, 'a');
      text.replace(at, std::min<std::size_t>(odd.size(), 20 - at), odd);
      json_writer w;
      w.object([&] { w.field(text, text); });
      EXPECT_EQ(w.text(), (json{{text, text}}.dump(-1, ' ', false, json::error_handler_t::replace)))
          << at;
    }
  }
}

// Bytes that are not UTF-8 become U+FFFD, as the protocol's nlohmann writers replace them: the
// text written is still JSON.
TEST(JsonWriter, BytesThatAreNotUtf8AreReplaced) {
  const std::string text = "bad \xff\xfe end";
  json_writer w;
  w.array([&] { w.value(text); });
  EXPECT_EQ(json::parse(w.text())[0], "bad \uFFFD\uFFFD end");
}

TEST(JsonWriter, OptionalsAreTheirValueOrNullAndRawTextGoesInAsItIs) {
  json_writer w;
  w.object([&] {
    w.field("none", std::optional<int>{});
    w.field("some", std::optional<int>{3});
    w.field("name", std::optional<std::string>{"red"});
    w.key("geometry");
    w.raw(R"({"cells":[1,2]})");
    w.key("range");
    w.array_of(std::vector<int>{-1, 0, 5});
  });
  EXPECT_EQ(json::parse(w.text()), (json{{"none", nullptr},
                                         {"some", 3},
                                         {"name", "red"},
                                         {"geometry", {{"cells", {1, 2}}}},
                                         {"range", {-1, 0, 5}}}));
}

TEST(JsonWriter, TheSetBitsOfABitboardAreNamedLowestFirst) {
  const auto name = [](int i) { return "s" + std::to_string(i); };
  json_writer w;
  w.array([&] {
    w.array_of_bits(std::uint64_t{0b1010'0001} | std::uint64_t{1} << 63, name);
    w.array_of_bits(std::uint32_t{0}, name);
  });
  EXPECT_EQ(w.text(), R"([["s0","s5","s7","s63"],[]])");
}

}  // namespace boardroom::engine::json_writer_test
