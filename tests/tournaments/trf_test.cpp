// TRF-2016 reader and writer: the real tournament files of tests/data/swiss (pairing test cases
// of a Dutch-system implementation, see the README there) and hand-written lines at the edges.

#include <string>

#include <gtest/gtest.h>

#include "server/tournaments/trf.hpp"
#include "tests/tournaments/swiss_files.hpp"

namespace boardroom::test {
namespace {

using tournaments::read_trf;
using tournaments::trf_colour;
using tournaments::trf_result;
using tournaments::trf_round;
using tournaments::trf_tournament;
using tournaments::write_trf;

// The file as this writer would end its lines: "\n" everywhere, trailing blanks trimmed.
std::string normalized(const std::string& text) {
  std::string out;
  std::string line;
  const auto flush = [&] {
    line.erase(line.find_last_not_of(' ') + 1);
    if (!line.empty()) out += line + "\n";
    line.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' || text[i] == '\n') {
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      flush();
    } else {
      line += text[i];
    }
  }
  flush();
  return out;
}

// A 001 line built column by column, so that the test states the layout independently.
std::string player_line(int rank, const std::string& rounds) {
  std::string line(91, ' ');
  line.replace(0, 3, "001");
  const auto r = std::to_string(rank);
  line.replace(8 - r.size(), r.size(), r);
  line.replace(14, 4, "Name");
  line.replace(80, 4, " 1.0");
  return line + rounds;
}

TEST(Trf, ReadsEveryFieldOfARealFile) {
  const auto t = read_trf(swiss_file("dutch_2025_C5.input"));
  ASSERT_TRUE(t) << t.error().line << ": " << t.error().message;
  EXPECT_EQ(t->name, "Dutch 2025 C5 test");
  EXPECT_EQ(t->total_rounds, 3);
  ASSERT_EQ(t->players.size(), 6u);
  const auto& p4 = t->players[3];
  EXPECT_EQ(p4.start_rank, 4);
  EXPECT_EQ(p4.name, "Test0004 Player0004");
  EXPECT_EQ(p4.rating, 2689);
  EXPECT_EQ(p4.fide_id, 0);
  EXPECT_EQ(p4.points_tenths, 0);
  EXPECT_EQ(p4.rank, 5);
  ASSERT_EQ(p4.rounds.size(), 3u);
  EXPECT_EQ(p4.rounds[0], (trf_round{1, trf_colour::black, trf_result::loss}));
  EXPECT_EQ(p4.rounds[1], (trf_round{3, trf_colour::white, trf_result::loss}));
  // Round 3 is the one to pair: player 4 announced an absence (a zero-point bye).
  EXPECT_EQ(p4.rounds[2], (trf_round{0, trf_colour::none, trf_result::zero_point_bye}));
  EXPECT_EQ(t->players[0].points_tenths, 20);
  EXPECT_EQ(t->players[0].rounds[1], (trf_round{2, trf_colour::black, trf_result::win}));
  ASSERT_NE(t->find(6), nullptr);
  EXPECT_EQ(t->find(6)->rating, 2664);
  EXPECT_EQ(t->find(7), nullptr);
}

TEST(Trf, ReadsFilesWithCarriageReturnLineEnds) {
  // issue_7 ends its lines with a lone "\r", as older pairing programs do.
  const auto t = read_trf(swiss_file("issue_7.input"));
  ASSERT_TRUE(t) << t.error().line << ": " << t.error().message;
  EXPECT_EQ(t->total_rounds, 15);
  ASSERT_EQ(t->players.size(), 60u);
  const auto& p1 = t->players[0];
  EXPECT_EQ(p1.points_tenths, 105);
  ASSERT_EQ(p1.rounds.size(), 14u);
  EXPECT_EQ(p1.rounds[0], (trf_round{31, trf_colour::black, trf_result::win}));
  EXPECT_EQ(p1.rounds[12], (trf_round{17, trf_colour::white, trf_result::draw}));
  const auto& p4 = t->players[3];
  EXPECT_EQ(p4.rounds[0], (trf_round{34, trf_colour::white, trf_result::forfeit_win}));
  EXPECT_EQ(p4.rounds[7], (trf_round{8, trf_colour::black, trf_result::forfeit_loss}));
}

TEST(Trf, RoundTripsEveryRealFileExactly) {
  for (const auto* name :
       {"dutch_2025_C5.input", "dutch_2025_C9.input", "issue_7.input", "issue_15.input"}) {
    SCOPED_TRACE(name);
    const auto text = swiss_file(name);
    const auto t = read_trf(text);
    ASSERT_TRUE(t) << t.error().line << ": " << t.error().message;
    const auto written = write_trf(*t);
    EXPECT_EQ(written, normalized(text));
    const auto again = read_trf(written);
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, *t);
  }
}

TEST(Trf, KeepsOtherRecordsAndAllPlayerFields) {
  trf_tournament t;
  t.name = "Club Open";
  t.total_rounds = 9;
  t.other_lines = {"022 Somewhere", "042 2026/01/02"};
  tournaments::trf_player p;
  p.start_rank = 12;
  p.sex = 'w';
  p.title = "WGM";
  p.name = "Surname, Given";
  p.rating = 2301;
  p.federation = "NED";
  p.fide_id = 12345678901;
  p.birth_date = "1990/01/31";
  p.points_tenths = 65;
  p.rank = 3;
  p.rounds = {{0, trf_colour::none, trf_result::pairing_allocated_bye},
              {0, trf_colour::none, trf_result::half_point_bye},
              {0, trf_colour::none, trf_result::not_paired}};
  tournaments::trf_player q;
  q.start_rank = 1;
  q.name = "Other";
  q.rounds = {{0, trf_colour::none, trf_result::full_point_bye}};
  t.players = {p, q};
  const auto text = write_trf(t);
  EXPECT_EQ(tournaments::write_trf_player(p),
            "001   12 wWGM Surname, Given                    2301 NED 12345678901 1990/01/31"
            "  6.5    3  0000 - U  0000 - H  0000 -");
  const auto back = read_trf(text);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, t);
}

TEST(Trf, ReadsRoundColumnsFromColumn92) {
  const auto t = read_trf(player_line(1, "   2 w 1     2 b =  0000 - F") + "\n" +
                          player_line(2, "   1 b 0     1 w =") + "\n");
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->players[0].rounds,
            (std::vector<trf_round>{{2, trf_colour::white, trf_result::win},
                                    {2, trf_colour::black, trf_result::draw},
                                    {0, trf_colour::none, trf_result::full_point_bye}}));
  EXPECT_EQ(t->players[1].points_tenths, 10);
  EXPECT_TRUE(t->players[1].title.empty());
}

TEST(Trf, AcceptsEveryResultCode) {
  for (const char code : std::string("10=+-WDLHFUZ")) {
    const auto t = read_trf(player_line(1, "   2 w " + std::string(1, code)) + "\n" +
                            player_line(2, "   1 b 1") + "\n");
    ASSERT_TRUE(t) << code;
    EXPECT_EQ(static_cast<char>(t->players[0].rounds[0].result), code);
  }
}

struct bad_case {
  std::string text;
  int line;
  std::string message_part;
};

TEST(Trf, RejectsBadInputWithItsLineNumber) {
  const std::string good = player_line(1, "   2 w 1") + "\n" + player_line(2, "   1 b 0") + "\n";
  const std::vector<bad_case> cases = {
      {"012 Name\n0\n", 2, "too short"},
      {"012 Name\n001  \n", 2, "too short"},
      {"hello world\n", 1, "not a TRF record"},
      {"0012 shifted\n", 1, "not a TRF record"},
      {"012 A\n012 B\n", 2, "second 012"},
      {"XXR\n", 1, "XXR"},
      {"XXR 0\n", 1, "XXR"},
      {"XXR 99999999999999999999999\n", 1, "XXR"},
      {"XXR -3\n", 1, "XXR"},
      {"001 abcd\n", 1, "starting rank"},
      {"001    0\n", 1, "starting rank"},
      {good + "001    1\n", 3, "already on line 1"},
      {std::string("001    1").append(40, ' ') + "99999", 1, "column 53"},
      {std::string("001    1").append(40, ' ') + "-100", 1, "rating"},
      {std::string("001    1").append(49, ' ') + "123456789012345678", 1, "column 69"},
      {std::string("001    1").append(49, ' ') + "1234567890x", 1, "FIDE id"},
      {std::string("001    1").append(72, ' ') + "1.55", 1, "points"},
      {std::string("001    1").append(72, ' ') + "x", 1, "points"},
      {std::string("001    1").append(77, ' ') + "rank", 1, "rank"},
      {good + player_line(3, "   1 x 1") + "\n", 3, "round 1: bad colour"},
      {good + player_line(3, "   1 w 1     2 w ?") + "\n", 3, "round 2: bad result"},
      {good + player_line(3, "   1  w 1") + "\n", 3, "out of their columns"},
      {good + player_line(3, "   1 w 1x") + "\n", 3, "out of their columns"},
      {good + player_line(3, "  -1 w 1") + "\n", 3, "round 1: bad opponent"},
      {good + player_line(3, "99999999999999999999 w 1") + "\n", 3, "round 1"},
      {good + player_line(3, "   9 w 1") + "\n", 3, "no opponent 9"},
      {good + player_line(3, "   3 w 1") + "\n", 3, "no opponent 3"},
      {good + "001\t   3\n", 3, "control character"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    const auto t = read_trf(c.text);
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error().line, c.line);
    EXPECT_NE(t.error().message.find(c.message_part), std::string::npos) << t.error().message;
  }
}

TEST(Trf, ToleratesBlankLinesAndUnknownRecords) {
  const auto t = read_trf("\n\n012 x\r\n\r\n102 Arbiter   \nXXC white1\n");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->name, "x");
  EXPECT_EQ(t->other_lines, (std::vector<std::string>{"102 Arbiter", "XXC white1"}));
  EXPECT_TRUE(read_trf(""));
}

TEST(Trf, SurvivesArbitraryBytes) {
  // Nothing here may crash or throw; the results themselves do not matter.
  std::string noise;
  unsigned state = 12345;
  for (int i = 0; i < 20000; ++i) {
    state = state * 1103515245u + 12345u;
    noise += static_cast<char>((state >> 16) & 0xff);
    if (i % 97 == 0) noise += "\n001    1";
  }
  (void)read_trf(noise);
  std::string long_line = player_line(1, "");
  for (int i = 0; i < 5000; ++i)
    long_line += "   1 w 1  ";
  const auto t = read_trf(long_line);
  ASSERT_FALSE(t);
  EXPECT_NE(t.error().message.find("no opponent 1"), std::string::npos);
}

}  // namespace
}  // namespace boardroom::test
