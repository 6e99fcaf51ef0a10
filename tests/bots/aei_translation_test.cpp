// What the AEI bridge translates, on its own: moves between the server's record and AEI's step
// notation, and a room's clocks as the tc* options and reserves.

#include "bots/aei_translation.hpp"

#include <map>

#include <gtest/gtest.h>

namespace boardroom::bots::aei {
namespace {

using nlohmann::json;
using std::chrono::milliseconds;

std::map<std::string, long long> as_map(const std::vector<std::pair<std::string, long long>>& v) {
  return {v.begin(), v.end()};
}

TEST(AeiMoves, TheServersRecordLosesItsTagAndCaptures) {
  EXPECT_EQ(to_aei_move("3s Ed7s Ed6s cf6x"), "Ed7s Ed6s");
  EXPECT_EQ(to_aei_move("5g rb3e rc3x Hb2n Hb3e Hc3n"), "rb3e Hb2n Hb3e Hc3n");
  EXPECT_EQ(to_aei_move("1g Ra1 Rb1 Rc1"), "Ra1 Rb1 Rc1");
  EXPECT_EQ(to_aei_move("Ed2n Ed3n"), "Ed2n Ed3n");
}

TEST(AeiMoves, TheEnginesBestmoveGetsTheTurnsTag) {
  EXPECT_EQ(next_turn_tag(0), "1g");
  EXPECT_EQ(next_turn_tag(1), "1s");
  EXPECT_EQ(next_turn_tag(2), "2g");
  EXPECT_EQ(next_turn_tag(7), "4s");
  // A single step is the whole turn, not the first step of a turn left open.
  EXPECT_EQ(from_aei_move("Ed2n", 2), "2g Ed2n");
  EXPECT_EQ(from_aei_move("  Ed7s   Ed6s cf6x ", 5), "3s Ed7s Ed6s cf6x");
  EXPECT_EQ(from_aei_move("Ra1 Rb1", 0), "1g Ra1 Rb1");
  EXPECT_EQ(from_aei_move("4s ed7s", 7), "4s ed7s");  // the engine's tag is kept
}

TEST(AeiMoves, WhatIsNotATurnIsSaidSo) {
  EXPECT_FALSE(from_aei_move("", 2));
  EXPECT_FALSE(from_aei_move("hello", 2));
  EXPECT_FALSE(from_aei_move("Ed2n end", 2));
  EXPECT_FALSE(from_aei_move("undo", 2));
  EXPECT_FALSE(from_aei_move("cf3x", 2));  // a capture alone moves nothing
  auto bad = from_aei_move("Ez9n", 2);
  ASSERT_FALSE(bad);
  EXPECT_FALSE(bad.error().empty());
}

TEST(AeiClocks, TheOfficialControlMapsFieldByField) {
  json clocks{{"running", 0},
              {"remaining_ms", {89'500, 90'000}},
              {"reserve_ms", {60'999, 45'000}},
              {"game_ms", 12'000}};
  auto o = as_map(time_options("arimaa:30s/1m/90/5m/2h/2m", clocks, milliseconds(0)));
  EXPECT_EQ(o["tcmove"], 30);
  EXPECT_EQ(o["tcreserve"], 60);
  EXPECT_EQ(o["tcpercent"], 90);
  EXPECT_EQ(o["tcmax"], 300);
  EXPECT_EQ(o["tctotal"], 7200);
  EXPECT_EQ(o["tcturns"], 0);
  EXPECT_EQ(o["tcturntime"], 120);
  EXPECT_EQ(o["greserve"], 60);  // rounded down
  EXPECT_EQ(o["sreserve"], 45);
  auto turns = as_map(time_options("arimaa:15s/2m30s/100/0/60t/0", clocks, milliseconds(0)));
  EXPECT_EQ(turns["tctotal"], 0);
  EXPECT_EQ(turns["tcturns"], 60);
}

TEST(AeiClocks, OtherControlsAsTheSameArithmetic) {
  json fischer{{"running", 1}, {"remaining_ms", {200'000, 100'000}}};
  // Fischer X+I is M = I, R = X at 100 %: the allowance (M + reserve) is the time left.
  auto f = as_map(time_options("fischer:5m+3s", fischer, milliseconds(10'000)));
  EXPECT_EQ(f["tcmove"], 3);
  EXPECT_EQ(f["tcreserve"], 300);
  EXPECT_EQ(f["tcpercent"], 100);
  EXPECT_EQ(f["greserve"], 197);
  EXPECT_EQ(f["sreserve"], 87);  // 100 s less the 10 s since the reading, less the increment
  // Less than the increment left: this turn's tcmove is what is left.
  json short_time{{"running", 0}, {"remaining_ms", {2'000, 100'000}}};
  auto s = as_map(time_options("fischer:5m+3s", short_time, milliseconds(0)));
  EXPECT_EQ(s["tcmove"], 2);
  EXPECT_EQ(s["greserve"], 0);

  json sudden{{"running", 0}, {"remaining_ms", {61'500, 240'000}}};
  auto d = as_map(time_options("sudden_death:5m", sudden, milliseconds(500)));
  EXPECT_EQ(d["tcmove"], 0);
  EXPECT_EQ(d["tcreserve"], 300);
  EXPECT_EQ(d["greserve"], 61);
  EXPECT_EQ(d["sreserve"], 240);

  json per_move{{"running", 0}, {"remaining_ms", {25'000, 30'000}}};
  auto p = as_map(time_options("per_move:30s", per_move, milliseconds(0)));
  EXPECT_EQ(p["tcmove"], 30);
  EXPECT_EQ(p["tcreserve"], 0);
  EXPECT_EQ(p["tcpercent"], 0);
  EXPECT_EQ(p["greserve"], 0);

  EXPECT_TRUE(time_options("none", json(), milliseconds(0)).empty());
}

}  // namespace
}  // namespace boardroom::bots::aei
