// `boardroom solve` and `boardroom analyze` run what a game declares (engine/core/
// offline_tools.hpp), through the real binary: Sisyphos's solver on a reduced variant, and a
// clear error for a game without tools.

#include <filesystem>

#include <gtest/gtest.h>

#include "tests/cli/cli_helpers.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

TEST(OfflineToolsCli, AGameWithoutToolsIsToldWhichGamesHaveThem) {
  auto solve = run("solve amazons");
  EXPECT_EQ(solve.status, 2) << solve.out;
  EXPECT_EQ(solve.out, "error: there is no solver for amazons; only sisyphos can be solved\n");
  auto analyze = run("analyze 'arimaa'");
  EXPECT_EQ(analyze.status, 2) << analyze.out;
  EXPECT_EQ(analyze.out, "error: no analysis for arimaa; only sisyphos has one\n");
  auto unknown = run("solve chess");
  EXPECT_EQ(unknown.status, 2) << unknown.out;
  EXPECT_NE(unknown.out.find("unknown game 'chess'"), std::string::npos) << unknown.out;
}

TEST(OfflineToolsCli, SolveRunsTheDeclaredSolverAndWritesItsTable) {
  temp_dir dir;
  const std::string table = dir.path() + "/small.tbl";
  auto solved =
      run("solve 'sisyphos(edition=perlhuhn2007)' --sisyphos-stones 1 --spirit-stones 1 "
          "--verify 500 --threads 1 --out " +
          table);
  ASSERT_EQ(solved.status, 0) << solved.out;
  const auto out = lines(solved.out);
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(out[0].starts_with("Come on, Sisyphos, ")) << solved.out;
  EXPECT_NE(out[0].find("solved by retrograde analysis"), std::string::npos) << solved.out;
  EXPECT_NE(solved.out.find("verification: the minimax equations hold at"), std::string::npos)
      << solved.out;
  EXPECT_NE(solved.out.find("table written to " + table), std::string::npos) << solved.out;
  EXPECT_TRUE(std::filesystem::exists(table));

  // The reduced table cannot serve an analysis of the full game: the tools say so.
  auto analyzed = run("analyze sisyphos --table " + table);
  EXPECT_EQ(analyzed.status, 1) << analyzed.out;
  EXPECT_NE(analyzed.out.find("holds the table of"), std::string::npos) << analyzed.out;
}

}  // namespace
}  // namespace boardroom::test
