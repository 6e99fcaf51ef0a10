// Berger tables against the published ones, and the properties every round-robin schedule needs.

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "server/tournaments/round_robin.hpp"

namespace boardroom::test {
namespace {

using tournaments::round_robin_max_players;
using tournaments::round_robin_round;
using tournaments::round_robin_schedule;

// A schedule in the tables' notation: one line a round, "white-black" by board, a bye as "bye N".
std::vector<std::string> as_text(const std::vector<round_robin_round>& schedule) {
  std::vector<std::string> lines;
  for (const auto& round : schedule) {
    std::ostringstream line;
    for (std::size_t i = 0; i < round.games.size(); ++i) {
      line << (i == 0 ? "" : ", ") << round.games[i].white << "-" << round.games[i].black;
    }
    if (round.bye != 0) line << (round.games.empty() ? "" : ", ") << "bye " << round.bye;
    lines.push_back(line.str());
  }
  return lines;
}

// The Berger tables of the FIDE Handbook, C.05 Annex 1, as published (one line a round, boards in
// the published order); transcribed from the tables reproduced at
// http://c.w.fox.tripod.com/chess/berger.html ("Berger Tables", 3 or 4 ... 9 or 10 players).
TEST(RoundRobin, MatchesThePublishedTableFor4) {
  EXPECT_EQ(as_text(round_robin_schedule(4)), (std::vector<std::string>{
                                                  "1-4, 2-3",
                                                  "4-3, 1-2",
                                                  "2-4, 3-1",
                                              }));
}

TEST(RoundRobin, MatchesThePublishedTableFor6) {
  EXPECT_EQ(as_text(round_robin_schedule(6)), (std::vector<std::string>{
                                                  "1-6, 2-5, 3-4",
                                                  "6-4, 5-3, 1-2",
                                                  "2-6, 3-1, 4-5",
                                                  "6-5, 1-4, 2-3",
                                                  "3-6, 4-2, 5-1",
                                              }));
}

TEST(RoundRobin, MatchesThePublishedTableFor8) {
  EXPECT_EQ(as_text(round_robin_schedule(8)), (std::vector<std::string>{
                                                  "1-8, 2-7, 3-6, 4-5",
                                                  "8-5, 6-4, 7-3, 1-2",
                                                  "2-8, 3-1, 4-7, 5-6",
                                                  "8-6, 7-5, 1-4, 2-3",
                                                  "3-8, 4-2, 5-1, 6-7",
                                                  "8-7, 1-6, 2-5, 3-4",
                                                  "4-8, 5-3, 6-2, 7-1",
                                              }));
}

TEST(RoundRobin, MatchesThePublishedTableFor10) {
  EXPECT_EQ(as_text(round_robin_schedule(10)), (std::vector<std::string>{
                                                   "1-10, 2-9, 3-8, 4-7, 5-6",
                                                   "10-6, 7-5, 8-4, 9-3, 1-2",
                                                   "2-10, 3-1, 4-9, 5-8, 6-7",
                                                   "10-7, 8-6, 9-5, 1-4, 2-3",
                                                   "3-10, 4-2, 5-1, 6-9, 7-8",
                                                   "10-8, 9-7, 1-6, 2-5, 3-4",
                                                   "4-10, 5-3, 6-2, 7-1, 8-9",
                                                   "10-9, 1-8, 2-7, 3-6, 4-5",
                                                   "5-10, 6-4, 7-3, 8-2, 9-1",
                                               }));
}

TEST(RoundRobin, OddNumbersGiveTheByeToWhoeverMeetsTheMissingNumber) {
  // The table for 6 with number 6 absent ("5 or 6 players").
  EXPECT_EQ(as_text(round_robin_schedule(5)), (std::vector<std::string>{
                                                  "2-5, 3-4, bye 1",
                                                  "5-3, 1-2, bye 4",
                                                  "3-1, 4-5, bye 2",
                                                  "1-4, 2-3, bye 5",
                                                  "4-2, 5-1, bye 3",
                                              }));
  EXPECT_EQ(as_text(round_robin_schedule(3)),
            (std::vector<std::string>{"2-3, bye 1", "1-2, bye 3", "3-1, bye 2"}));
}

TEST(RoundRobin, DoubleRepeatsWithColoursReversed) {
  const auto single = round_robin_schedule(6);
  const auto twice = round_robin_schedule(6, 2);
  ASSERT_EQ(twice.size(), 10u);
  EXPECT_EQ(as_text(twice)[5], "6-1, 5-2, 4-3");
  for (std::size_t r = 0; r < single.size(); ++r) {
    EXPECT_EQ(twice[r], single[r]);
    ASSERT_EQ(twice[r + 5].games.size(), single[r].games.size());
    for (std::size_t b = 0; b < single[r].games.size(); ++b) {
      EXPECT_EQ(twice[r + 5].games[b].white, single[r].games[b].black);
      EXPECT_EQ(twice[r + 5].games[b].black, single[r].games[b].white);
    }
  }
}

TEST(RoundRobin, RejectsSizesOutOfRange) {
  EXPECT_TRUE(round_robin_schedule(1).empty());
  EXPECT_TRUE(round_robin_schedule(0).empty());
  EXPECT_TRUE(round_robin_schedule(-4).empty());
  EXPECT_TRUE(round_robin_schedule(round_robin_max_players + 1).empty());
  EXPECT_TRUE(round_robin_schedule(4, 0).empty());
  EXPECT_TRUE(round_robin_schedule(4, 3).empty());
  EXPECT_EQ(round_robin_schedule(2), (std::vector<round_robin_round>{{{{1, 2}}, 0}}));
}

// Everyone meets everyone once a cycle, plays at most once a round, and the colours balance.
TEST(RoundRobin, EveryScheduleUpTo20IsSound) {
  for (int cycles = 1; cycles <= 2; ++cycles) {
    for (int n = 2; n <= 20; ++n) {
      SCOPED_TRACE("players " + std::to_string(n) + ", cycles " + std::to_string(cycles));
      const auto schedule = round_robin_schedule(n, cycles);
      const int even = n + n % 2;
      ASSERT_EQ(schedule.size(), static_cast<std::size_t>((even - 1) * cycles));
      std::map<std::pair<int, int>, int> meetings;     // (lower, higher) -> games
      std::map<std::pair<int, int>, int> white_games;  // (white, black) -> games
      std::vector<int> whites(n + 1), blacks(n + 1), byes(n + 1);
      for (const auto& round : schedule) {
        std::set<int> seen;
        for (const auto& g : round.games) {
          ASSERT_GE(std::min(g.white, g.black), 1);
          ASSERT_LE(std::max(g.white, g.black), n);
          ASSERT_NE(g.white, g.black);
          EXPECT_TRUE(seen.insert(g.white).second);
          EXPECT_TRUE(seen.insert(g.black).second);
          ++meetings[{std::min(g.white, g.black), std::max(g.white, g.black)}];
          ++white_games[{g.white, g.black}];
          ++whites[g.white];
          ++blacks[g.black];
        }
        if (n % 2 == 1) {
          ASSERT_GE(round.bye, 1);
          ASSERT_LE(round.bye, n);
          EXPECT_TRUE(seen.insert(round.bye).second);
          ++byes[round.bye];
        } else {
          EXPECT_EQ(round.bye, 0);
        }
        EXPECT_EQ(seen.size(), static_cast<std::size_t>(n));  // everyone has a game or the bye
      }
      EXPECT_EQ(meetings.size(), static_cast<std::size_t>(n * (n - 1) / 2));
      for (const auto& [pair, count] : meetings)
        EXPECT_EQ(count, cycles);
      for (int p = 1; p <= n; ++p) {
        if (cycles == 1) {
          EXPECT_LE(std::abs(whites[p] - blacks[p]), 1) << "player " << p;
        } else {
          EXPECT_EQ(whites[p], blacks[p]) << "player " << p;
        }
        EXPECT_EQ(byes[p], n % 2 == 1 ? cycles : 0);
      }
      if (cycles == 2) {
        // Each pair once with each colour.
        for (const auto& [pair, count] : white_games)
          EXPECT_EQ(count, 1);
      }
    }
  }
}

}  // namespace
}  // namespace boardroom::test
