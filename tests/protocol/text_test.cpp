// engine/core/text.hpp (the rules behind bad_name): what names may not hold, and how writers keep
// such text on its line.

#include <gtest/gtest.h>

#include "engine/core/text.hpp"

namespace boardroom::engine::text {
namespace {

TEST(Text, FindsTheFirstRefusedCodePointAndWhereItStarts) {
  EXPECT_FALSE(find_refused("alice"));
  EXPECT_FALSE(find_refused(""));
  auto bidi = find_refused("ab\u202Ecd\n");
  ASSERT_TRUE(bidi);
  EXPECT_EQ(bidi->offset, 2u);
  EXPECT_EQ(bidi->code_point, 0x202Eu);
  EXPECT_EQ(describe(*bidi), "U+202E (a bidirectional control)");
  auto nul = find_refused(std::string_view("a\0b", 3));
  ASSERT_TRUE(nul);
  EXPECT_EQ(nul->code_point, 0u);
  EXPECT_EQ(describe(*nul), "U+0000 (a control character)");
}

TEST(Text, RefusesBytesThatAreNotUtf8) {
  for (std::string_view bad :
       {"a\xFF", "\xC0\xAF", "\xED\xA0\x80", "\xE2\x80", "\xF4\x90\x80\x80"}) {
    auto found = find_refused(bad);
    ASSERT_TRUE(found) << bad;
    EXPECT_FALSE(found->utf8) << bad;
  }
  EXPECT_EQ(describe(*find_refused("a\xFF")), "byte 0xFF (not UTF-8)");
}

TEST(Text, EscapeKeepsEverythingOnItsLineAndCanBeReadBack) {
  EXPECT_EQ(escape("alice"), "alice");
  EXPECT_EQ(escape("Jürgen 王"), "Jürgen 王");
  EXPECT_EQ(escape("a\nb\tc\rd"), "a\\u000Ab\\u0009c\\u000Dd");
  EXPECT_EQ(escape("back\\slash"), "back\\\\slash");  // so that "\u000A" typed is not a newline
  EXPECT_EQ(escape("x\u202Ey\u2028z\u0085"), "x\\u202Ey\\u2028z\\u0085");
  EXPECT_EQ(escape("\xFFok"), "\\xFFok");
  EXPECT_EQ(escape("\U000E0001"), "\\U000E0001");
  EXPECT_EQ(escape("\u0645\u200C\u0646"), "\u0645\u200C\u0646");  // joiners break no line
}

TEST(Text, ReplaceRefusedLeavesNoSeparatorBehind) {
  EXPECT_EQ(replace_refused("gold\tplayer\nline"), "gold?player?line");
  EXPECT_EQ(replace_refused("a\u202Eb\xFF", "_"), "a_b_");
  EXPECT_EQ(replace_refused("Müller"), "Müller");
}

}  // namespace
}  // namespace boardroom::engine::text
