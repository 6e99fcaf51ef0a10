// `boardroom pair --dutch FILE.trf [-o OUT]` as arbiters and other programs run it: the output
// compared line for line with the published pairings of tests/data/swiss, and the exit codes
// (0 paired, 1 no pairing, 2 usage or file errors) that scripts rely on.

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "server/tournaments/dutch.hpp"
#include "tests/cli/cli_helpers.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

const std::string swiss_dir = std::string(BOARDROOM_TEST_DATA) + "/swiss/";

// A tournament before its first round with `players` players, as TRF: 001 lines with only a
// starting rank, and the number of rounds.
std::string first_round_trf(int players) {
  std::string out = "012 First round\n";
  for (int i = 1; i <= players; ++i) {
    std::string rank = std::to_string(i);
    out += "001 " + std::string(4 - rank.size(), ' ') + rank + "\n";
  }
  return out + "XXR 9\n";
}

TEST(PairCli, PairsTheC5CaseAsPublished) {
  // Compared with the file's text: the pairing is a byte-exact contract, not just the same pairs.
  auto r = run("pair --dutch " + swiss_dir + "dutch_2025_C5.input 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, read_text(swiss_dir + "dutch_2025_C5.output.expected"));
}

TEST(PairCli, PairsTheC9CaseAsPublished) {
  auto r = run("pair --dutch " + swiss_dir + "dutch_2025_C9.input 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, read_text(swiss_dir + "dutch_2025_C9.output.expected"));
}

TEST(PairCli, OutputOptionWritesTheFileAndNothingElse) {
  temp_dir dir;
  const std::string out = dir.path() + "/round.txt";
  auto r = run("pair --dutch " + swiss_dir + "dutch_2025_C5.input -o " + out + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_text(out), read_text(swiss_dir + "dutch_2025_C5.output.expected"));
}

TEST(PairCli, GarbageFileIsAUsageErrorWithItsLine) {
  temp_dir dir;
  const std::string file = dir.path() + "/garbage.trf";
  write_text(file, "012 A tournament\nthis is not a TRF record\n");
  auto r = run("pair --dutch " + file + " 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find(":2:"), std::string::npos) << r.out;
}

TEST(PairCli, MissingFileIsAUsageError) {
  temp_dir dir;
  auto r = run("pair --dutch " + dir.path() + "/no-such.trf 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("cannot read"), std::string::npos) << r.out;
}

TEST(PairCli, MissingSystemIsAUsageError) {
  auto r = run("pair 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--dutch"), std::string::npos) << r.out;
  r = run("pair " + swiss_dir + "dutch_2025_C5.input 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
}

TEST(PairCli, PairsTheSixtyPlayerCaseAsPublished) {
  auto r = run("pair --dutch " + swiss_dir + "issue_7.input 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, read_text(swiss_dir + "issue_7.output.expected"));
}

TEST(PairCli, NoPairingExitsWithOne) {
  // Two players who have met: the only game left would be a rematch.
  temp_dir dir;
  const std::string file = dir.path() + "/met.trf";
  write_text(file,
             "012 Met\n"
             "001    1      Test0001 Player0001               2720        "
             "                     1.0    1     2 w 1\n"
             "001    2      Test0002 Player0002               2701        "
             "                     0.0    2     1 b 0\n"
             "XXR 3\n");
  auto r = run("pair --dutch " + file + " 2>&1");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("no pairing"), std::string::npos) << r.out;
}

TEST(PairCli, FirstRoundOfALargeField) {
  temp_dir dir;
  const std::string file = dir.path() + "/large.trf";
  write_text(file, first_round_trf(200));
  auto r = run("pair --dutch " + file + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  // Top half against bottom half: 1-101, 102-2, 3-103, ...
  EXPECT_EQ(r.out.substr(0, 20), "100\n1 101\n102 2\n3 10") << r.out;
}

TEST(PairCli, FirstRoundOfASmallField) {
  temp_dir dir;
  const std::string file = dir.path() + "/small.trf";
  write_text(file, first_round_trf(5));
  auto r = run("pair --dutch " + file + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "3\n1 3\n4 2\n5 0\n");
}

TEST(PairCli, BakuAccelerationPairsGroupAWithinItself) {
  // 16 players: GA (1-8) has a virtual point in round 1, so it is paired within itself, as is
  // GB. The flag goes anywhere: before the file, after it, or before --dutch.
  temp_dir dir;
  const std::string file = dir.path() + "/sixteen.trf";
  write_text(file, first_round_trf(16));
  const std::string accelerated = "8\n1 5\n6 2\n3 7\n8 4\n9 13\n14 10\n11 15\n16 12\n";
  for (const std::string& args :
       {"--dutch --baku " + file, "--dutch " + file + " --baku", "--baku --dutch " + file}) {
    auto r = run("pair " + args + " 2>&1");
    EXPECT_EQ(r.status, 0) << args << ": " << r.out;
    EXPECT_EQ(r.out, accelerated) << args;
  }
  auto r = run("pair --dutch " + file + " 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.substr(0, 11), "8\n1 9\n10 2\n") << r.out;
}

TEST(PairCli, BakuNeedsTheNumberOfRounds) {
  temp_dir dir;
  const std::string file = dir.path() + "/no-xxr.trf";
  std::string text = first_round_trf(8);
  text = text.substr(0, text.find("XXR"));
  write_text(file, text);
  auto r = run("pair --dutch --baku " + file + " 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("XXR"), std::string::npos) << r.out;
  EXPECT_EQ(run("pair --dutch " + file + " 2>&1").status, 0);
}

TEST(PairCli, TwoFilesAreAUsageError) {
  auto r = run("pair --dutch " + swiss_dir + "dutch_2025_C5.input " + swiss_dir +
               "dutch_2025_C9.input 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
  r = run("pair --dutch --baku 2>&1");
  EXPECT_EQ(r.status, 2) << r.out;
}

}  // namespace
}  // namespace boardroom::test
