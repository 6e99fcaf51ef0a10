// The real archive (tests/data/arimaa/games-2026-02.tsv, 74 games from the official server):
// every turn is legal, every rules-decided ending (goal, immobilization, elimination) is the
// engine's too, and every turn the server refused the engine refuses, for the same reason.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "arimaa_helpers.hpp"
#include "engine/arimaa/archive.hpp"
#include "engine/arimaa/search.hpp"

namespace boardroom::engine::arimaa {
namespace {

using ::testing::HasSubstr;
using namespace testing;

const std::vector<archive_game>& archive() {
  static const std::vector<archive_game> games = [] {
    auto parsed = parse_archive(read_file(archive_path()));
    EXPECT_TRUE(parsed.has_value()) << parsed.error().message;
    return parsed ? *parsed : std::vector<archive_game>{};
  }();
  return games;
}

TEST(ArimaaArchive, ReadsEveryGame) {
  const auto& games = archive();
  ASSERT_EQ(games.size(), 74u);
  const archive_game& first = games.front();
  EXPECT_EQ(first.id, "669122");
  EXPECT_EQ(first.gold, "bot_dolores_v1");
  EXPECT_EQ(first.silver, "browni3141");
  EXPECT_EQ(first.result, 'w');
  EXPECT_EQ(first.termination, 'r');
  EXPECT_EQ(first.time_control, "15s/2m30s/100");
  ASSERT_EQ(first.turns.size(), 73u);  // 37b, the turn never played, is left out
  EXPECT_EQ(first.turns[2], "2w Mb2n Eb1n Mb3e Eb2n");
  std::map<char, int> endings;
  std::size_t refused = 0;
  for (const auto& g : games) {
    ++endings[g.termination];
    refused += g.refused.size();
  }
  EXPECT_EQ(endings['g'], 42);
  EXPECT_EQ(endings['m'], 6);
  EXPECT_EQ(endings['e'], 2);
  EXPECT_EQ(endings['i'], 1);
  EXPECT_EQ(refused, 4u);
}

TEST(ArimaaArchive, RefusesWhatIsNotAnArchive) {
  EXPECT_EQ(parse_archive("").error().code.name(), "bad_archive");
  EXPECT_THAT(parse_archive("id\tresult\n1\tw\n").error().message,
              HasSubstr("no 'termination' column"));
  auto games = parse_archive("id\tresult\ttermination\tmovelist\n7\tw\tg\t1w Ra1\\n1b\n");
  ASSERT_TRUE(games.has_value());
  EXPECT_EQ(games->front().turns, std::vector<std::string>{"1w Ra1"});
}

TEST(ArimaaArchive, EveryGameReplaysAndEndsAsRecorded) {
  std::vector<replay_report> reports;
  for (const auto& g : archive()) {
    reports.push_back(replay(g));
    const auto& r = reports.back();
    SCOPED_TRACE(report_line(r));
    EXPECT_EQ(r.first_illegal, "");
    EXPECT_EQ(r.turns_played, r.turns_recorded);
    EXPECT_EQ(r.refusals_shared, r.refusals);
    EXPECT_TRUE(r.agrees);
  }
  EXPECT_EQ(summary_line(reports),
            "74 games: 74 legal, 74 agree with the recorded ending, 4 of 4 server refusals "
            "refused by the engine too");
}

TEST(ArimaaArchive, EndingsAreTheRulesOwnForGoalImmobilizationAndElimination) {
  int checked = 0;
  for (const auto& g : archive()) {
    if (g.termination != 'g' && g.termination != 'm' && g.termination != 'e') continue;
    SCOPED_TRACE(g.id);
    state st;
    for (const auto& turn : g.turns) {
      ASSERT_FALSE(st.is_terminal()) << "over before " << turn;
      ASSERT_TRUE(st.play(turn).has_value()) << turn;
    }
    ASSERT_TRUE(st.is_terminal());
    std::string expected = g.termination == 'g'   ? "goal"
                           : g.termination == 'm' ? "immobilization"
                                                  : "elimination";
    EXPECT_EQ(st.outcome()->reason, expected);
    EXPECT_EQ(st.current_player(), no_player);
    EXPECT_EQ(st.ending().winner, g.result == 'w' ? colour::gold : colour::silver);
    ++checked;
  }
  EXPECT_EQ(checked, 50);
}

TEST(ArimaaArchive, RefusedTurnsAreRefusedForTheServersReason) {
  // The server's words, and the engine's for the same turn.
  std::map<std::string, std::string> expected{
      {"position repeats for the 3rd time", "repeats a position for the third time"},
      {"push not completed", "push not completed"},
      {"bad step Hd5n Ef5w mg5w Rh4n", "Hd5n: there is no piece on d5"},
  };
  int checked = 0;
  for (const auto& g : archive()) {
    for (const auto& f : g.refused) {
      SCOPED_TRACE(g.id + " " + f.tag + " " + f.steps);
      state st;
      for (const auto& turn : g.turns) {
        if (turn.substr(0, turn.find(' ')) == f.tag) break;
        ASSERT_TRUE(st.play(turn).has_value());
      }
      std::string before = st.to_text();
      auto played = st.play(f.tag + " " + f.steps);
      ASSERT_FALSE(played.has_value());
      ASSERT_TRUE(expected.contains(f.reason)) << f.reason;
      EXPECT_THAT(played.error().message, HasSubstr(expected[f.reason]));
      EXPECT_EQ(st.to_text(), before);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4);
}

TEST(ArimaaArchive, TheIllegalMoveEndingIsAThirdRepetition) {
  for (const auto& g : archive()) {
    if (g.termination != 'i') continue;
    state st;
    for (const auto& turn : g.turns)
      ASSERT_TRUE(st.play(turn).has_value()) << turn;
    ASSERT_EQ(g.refused.size(), 1u);
    // 31b repeats the position after 29b and after 30b.
    EXPECT_EQ(refusal(st, "31b cb3n rc3w rb3s cb4s"),
              "this turn repeats a position for the third time, which is not allowed");
    EXPECT_FALSE(st.is_terminal());  // Silver had other turns: the server ended the game
    return;
  }
  FAIL() << "no game ends with i";
}

TEST(ArimaaArchive, EveryRecordedTurnIsAmongTheGeneratedTurns) {
  // Sampled (the bench walks every position): the position the recorded turn produced is one of
  // the generated turns' positions.
  int checked = 0;
  for (std::size_t n = 0; n < archive().size(); n += 25) {
    const auto& g = archive()[n];
    state st;
    for (std::size_t i = 0; i < g.turns.size(); ++i) {
      if (!st.in_setup() && i % 31 == 0) {
        auto forbidden = st.seen().twice_seen(opponent(st.board().to_move()));
        std::vector<found_turn> turns;
        generate_turns(st.board(), forbidden, turns);
        EXPECT_EQ(turns.size(), count_turns(st.board(), forbidden));
        state next = st;
        ASSERT_TRUE(next.play(g.turns[i]).has_value());
        std::uint64_t key = next.board().board_key();
        EXPECT_TRUE(std::any_of(turns.begin(), turns.end(),
                                [&](const found_turn& t) { return t.board_key == key; }))
            << g.id << " " << g.turns[i];
        ++checked;
      }
      ASSERT_TRUE(st.play(g.turns[i]).has_value());
    }
  }
  EXPECT_GE(checked, 6);
}

}  // namespace
}  // namespace boardroom::engine::arimaa
