// `boardroom show`, `moves` and `perft` for Shiamgon as users run them.

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "tests/cli/cli_helpers.hpp"

namespace boardroom::test {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

// The start of the large disc for three players (rules.md): on ring j Red holds j2, j5, ..., j17
// (over the boundaries between free ring-i cells), on ring i every third cell from i1.
TEST(ShiamgonCli, ShowsTheLargeDiscStart) {
  auto r = run("show shiamgon");
  ASSERT_EQ(r.status, 0) << r.out;
  auto l = lines(r.out);
  ASSERT_GE(l.size(), 11u);
  auto sector = [](char c, std::string pattern) {
    for (char& ch : pattern)
      if (ch == 'X') ch = c;
    return pattern;
  };
  std::string j = ".X..X..X..X..X..X...";
  std::string i = "X..X..X..X..X..X..X.";
  EXPECT_EQ(l[0], "j  " + sector('R', j) + sector('B', j) + sector('G', j));
  EXPECT_EQ(l[1], "i  " + sector('R', i) + sector('B', i) + sector('G', i));
  EXPECT_EQ(l[2], "h  " + std::string(30, '.'));
  EXPECT_EQ(l[10], "o  .");
  EXPECT_NE(r.out.find("deciding: seat 0 (move)\n"), std::string::npos) << r.out;
}

TEST(ShiamgonCli, ShowsATriangleAndADisplacement) {
  auto r = run("show \"shiamgon(board=triangle-64)\"");
  ASSERT_EQ(r.status, 0) << r.out;
  auto l = lines(r.out);
  ASSERT_GE(l.size(), 8u);
  EXPECT_EQ(l[0], "              a  R");
  EXPECT_EQ(l[7], "h  G v G v G v ^ v ^ v B v B v B");

  // Red places i3 (next to its own i4), touching no other player's stone.
  auto m = run("show shiamgon --moves \"i3\"");
  ASSERT_EQ(m.status, 0) << m.out;
  EXPECT_EQ(lines(m.out)[1].substr(3, 4), "R.RR");
  EXPECT_NE(m.out.find("deciding: seat 1 (move)\n"), std::string::npos) << m.out;
  // i22 lies between Blue's i21 and j22, three fields from Red's i19.
  auto bad = run("show shiamgon --moves \"i22\"");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("i22 is more than two fields"), std::string::npos) << bad.out;
}

// A room whose first player was drawn by lot records its seed; `--seed` replays its start.
TEST(ShiamgonCli, TheSeedReproducesARoomsDrawnFirstPlayer) {
  const std::string spec = "shiamgon(first_by_lot=true)";
  auto parsed = engine::parse_game_spec(spec);
  ASSERT_TRUE(parsed.has_value());
  std::set<int> drawn;
  for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u}) {
    int first = (*parsed->game_ptr->new_state(3, parsed->params, seed))->current_player();
    drawn.insert(first);
    auto shown = run("show '" + spec + "' --players 3 --seed " + std::to_string(seed));
    ASSERT_EQ(shown.status, 0) << shown.out;
    EXPECT_NE(shown.out.find("deciding: seat " + std::to_string(first) + " (move)\n"),
              std::string::npos)
        << "seed " << seed << ": " << shown.out;
    // The moves of that first player are listed, not those of whoever would start by default.
    auto listed = run("moves '" + spec + "' --players 3 --seed " + std::to_string(seed));
    ASSERT_EQ(listed.status, 0) << listed.out;
    auto expected = (*parsed->game_ptr->new_state(3, parsed->params, seed))->legal_moves();
    EXPECT_EQ(lines(listed.out), expected) << "seed " << seed;
  }
  EXPECT_GT(drawn.size(), 1u) << "the seeds tried all drew the same seat: the test proves nothing";
  // Old specs count seats from 1 and still mean what they meant: Blue (seat 1) first.
  auto old_spec = run("show 'shiamgon(first_player=2)'");
  ASSERT_EQ(old_spec.status, 0) << old_spec.out;
  EXPECT_NE(old_spec.out.find("deciding: seat 1 (move)\n"), std::string::npos) << old_spec.out;
}

TEST(ShiamgonCli, DrawsAnSvgPicture) {
  std::string file = ::testing::TempDir() + "shiamgon_show.svg";
  auto r = run("show shiamgon --names --svg " + file);
  ASSERT_EQ(r.status, 0) << r.out;
  std::ifstream in(file);
  std::stringstream svg;
  svg << in.rdbuf();
  std::string text = svg.str();
  EXPECT_EQ(text.rfind("<svg", 0), 0u);
  EXPECT_EQ(count(text, "<path"), 228u);        // every cell but the centre
  EXPECT_EQ(count(text, "<circle"), 1u + 39u);  // the centre and 3 x 13 stones
  EXPECT_EQ(count(text, "<text"), 229u);        // --names
  EXPECT_EQ(count(text, "#d62728"), 13u);       // Red's stones
  std::string tri = ::testing::TempDir() + "shiamgon_tri.svg";
  ASSERT_EQ(run("show \"shiamgon(board=triangle-256)\" --svg " + tri).status, 0);
  std::ifstream tin(tri);
  std::stringstream tsvg;
  tsvg << tin.rdbuf();
  EXPECT_EQ(count(tsvg.str(), "<polygon"), 256u);
  EXPECT_EQ(count(tsvg.str(), "<circle"), 45u);
}

TEST(ShiamgonCli, PerftAndMovesAgree) {
  auto moves = run("moves shiamgon --count");
  ASSERT_EQ(moves.status, 0) << moves.out;
  auto perft = run("perft shiamgon 1");
  ASSERT_EQ(perft.status, 0) << perft.out;
  EXPECT_EQ(lines(perft.out).back(), lines(moves.out).back());
  EXPECT_EQ(run("perft shiamgon 2").status, 0);
}

}  // namespace
}  // namespace boardroom::test
