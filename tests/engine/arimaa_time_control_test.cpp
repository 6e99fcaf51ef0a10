// The official time control format M/R/P/L/G/T: every example of the ruling and of the archive,
// the defaults, the clock arithmetic, and malformed inputs with their reasons.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "arimaa_helpers.hpp"
#include "engine/arimaa/archive.hpp"
#include "engine/arimaa/time_control.hpp"

namespace boardroom::engine::arimaa {
namespace {

using ::testing::HasSubstr;
using namespace std::chrono_literals;

time_control parsed(std::string_view text) {
  auto tc = parse_time_control(text);
  EXPECT_TRUE(tc.has_value()) << text << ": " << tc.error().message;
  return tc ? *tc : time_control{};
}

TEST(ArimaaTimeControl, TheRulingsExamples) {
  time_control blitz = parsed("15s/2m30s/100");
  EXPECT_EQ(blitz.per_turn, 15s);
  EXPECT_EQ(blitz.reserve, 150s);
  EXPECT_EQ(blitz.percent, 100);
  EXPECT_EQ(blitz.reserve_limit, 0s);  // defaults: no limit, no game time, no turn limit
  EXPECT_EQ(blitz.game_time, 0s);
  EXPECT_EQ(blitz.game_turns, 0);
  EXPECT_EQ(blitz.turn_limit, 0s);

  time_control plain = parsed("2/2/100/10/8");  // minutes, and hours for G
  EXPECT_EQ(plain.per_turn, 120s);
  EXPECT_EQ(plain.reserve, 120s);
  EXPECT_EQ(plain.reserve_limit, 600s);
  EXPECT_EQ(plain.game_time, 8h);

  time_control full = parsed("2m/6m/100/0/7h13s/0");
  EXPECT_EQ(full.per_turn, 120s);
  EXPECT_EQ(full.reserve, 360s);
  EXPECT_EQ(full.game_time, 7h + 13s);
  EXPECT_EQ(full.turn_limit, 0s);
}

TEST(ArimaaTimeControl, EveryTimeControlOfTheArchive) {
  auto games = parse_archive(testing::read_file(testing::archive_path()));
  ASSERT_TRUE(games.has_value());
  std::set<std::string> seen;
  for (const auto& g : *games) {
    if (!seen.insert(g.time_control).second) continue;
    auto tc = parse_time_control(g.time_control);
    ASSERT_TRUE(tc.has_value()) << g.time_control << ": " << tc.error().message;
    // The canonical text reads back as the same settings.
    EXPECT_EQ(parsed(time_control_text(*tc)), *tc) << g.time_control;
  }
  EXPECT_GE(seen.size(), 10u);
  EXPECT_EQ(parsed("0:30/3/100/5/8").per_turn, 30s);  // minutes:seconds
  EXPECT_EQ(parsed("8s/0/0").percent, 0);
  EXPECT_EQ(parsed("4m/10m/100/0/16h/10m").turn_limit, 600s);
}

TEST(ArimaaTimeControl, OtherForms) {
  EXPECT_EQ(parsed("1:30/1:02:03").reserve, 1h + 2min + 3s);
  EXPECT_EQ(parsed("1d/0").per_turn, 24h);
  EXPECT_EQ(parsed("30s/5m/100/0/60t").game_turns, 60);
  EXPECT_EQ(parsed("30s/5m/100/0/8:30").game_time, 8h + 30min);  // G: hours:minutes
  EXPECT_EQ(time_control_text(parsed("15s/2m30s/100")), "15s/2m30s/100/0/0/0");
  EXPECT_EQ(time_control_text(parsed("2/2/100/10/8")), "2m/2m/100/10m/8h/0");
  EXPECT_EQ(time_control_text(parsed("0:30/3/50/5/60t/1h")), "30s/3m/50/5m/60t/1h");
}

TEST(ArimaaTimeControl, MalformedInputsSayWhatIsWrong) {
  struct bad_case {
    const char* text;
    const char* field;
    const char* says;
  };
  for (const auto& c : std::vector<bad_case>{
           {"", "", "at least M and R"},
           {"2", "", "at least M and R"},
           {"1/2/3/4/5/6/7", "", "at least M and R"},
           {"/2", "M", "M: is empty"},
           {"2//100", "R", "R: is empty"},
           {"2x/2", "M", "'x' is no unit"},
           {"30s2m/2", "M", "largest to the smallest"},
           {"2m30/2", "M", "every number needs a unit"},
           {"-1/2", "M", "every number needs a unit"},
           {"1:75/2", "M", "at most 59 seconds"},
           {"1:2:3:4/2", "M", "too many colons"},
           {"2/2/101", "P", "from 0 to 100"},
           {"2/2/ten", "P", "not a percentage"},
           {"2/2/100/5q", "L", "'q' is no unit"},
           {"2/2/100/0/xt", "G", "number of turns"},
           {"2/2/100/0/8:30:00", "G", "too many colons"},
           {"2/2/100/0/8/1:2:3:4", "T", "too many colons"},
           {"0/0", "M", "no time for a single turn"},
           {"9999999999/2", "M", "too large"},
       }) {
    auto tc = parse_time_control(c.text);
    ASSERT_FALSE(tc.has_value()) << c.text;
    EXPECT_EQ(tc.error().code.name(), "bad_time_control") << c.text;
    EXPECT_EQ(tc.error().field, c.field) << c.text;
    EXPECT_THAT(tc.error().message, HasSubstr(c.says)) << c.text;
  }
}

TEST(ArimaaTimeControl, ClockArithmetic) {
  time_control tc = parsed("30s/1m/50/2m/0/80s");
  // M + reserve, at most T.
  EXPECT_EQ(turn_allowance(tc, 60s), 80s);
  EXPECT_EQ(turn_allowance(tc, 20s), 50s);
  // Half of the unused 20 s goes to the reserve; time beyond M comes out of it; L caps it.
  EXPECT_EQ(reserve_after_turn(tc, 60s, 10s), 70s);
  EXPECT_EQ(reserve_after_turn(tc, 60s, 45s), 45s);
  EXPECT_EQ(reserve_after_turn(tc, 115s, 0s), 120s);
  time_control no_cap = parsed("15s/2m30s/100");
  EXPECT_EQ(turn_allowance(no_cap, 150s), 165s);
  EXPECT_EQ(reserve_after_turn(no_cap, 150s, 5s), 160s);
}

}  // namespace
}  // namespace boardroom::engine::arimaa
