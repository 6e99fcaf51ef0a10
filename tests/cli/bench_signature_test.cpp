// `boardroom bench` against the committed signature: any change to what an engine generates,
// names, writes or decides shows up here. When such a change is intended, regenerate the file
// with `build/release/boardroom bench 2>/dev/null > tests/data/bench_signature.txt` and let the
// review see the new line.

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "tests/cli/cli_helpers.hpp"

namespace boardroom::test {
namespace {

std::string committed_signature() {
  std::ifstream in(std::string(BOARDROOM_TEST_DATA) + "/bench_signature.txt");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(BenchSignature, MatchesTheCommittedOneAndReportsSpeedApart) {
#ifdef BOARDROOM_SANITIZED_ADDRESS
  GTEST_SKIP() << "a signature of behaviour: the release run checks it, faster by 20 times";
#endif
  std::string timing = ::testing::TempDir() + "bench_timing.txt";
  // The group keeps the timing apart from what run_command captures.
  auto result = run_command("{ " + std::string(BOARDROOM_BINARY) + " bench 2>" + timing + "; }");
  ASSERT_EQ(result.status, 0);
  auto expected = committed_signature();
  ASSERT_FALSE(expected.empty()) << "tests/data/bench_signature.txt is missing";
  EXPECT_EQ(result.out, expected);
  EXPECT_EQ(lines(result.out).size(), 6u);  // five games and the signature

  std::ifstream in(timing);
  std::stringstream speed;
  speed << in.rdbuf();
  for (const char* game : {"amazons", "arimaa", "esiema", "shiamgon", "sisyphos"})
    EXPECT_NE(speed.str().find(std::string(game) + ": "), std::string::npos) << game;
}

}  // namespace
}  // namespace boardroom::test
