// The Amazons perft table, cross-checked against the slow reference in amazons_reference.hpp
// (a 2D array of characters, plain loops): the engine's line tables and bulk counting must agree
// with it on every line, at every board size, with swap and komi.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "amazons_reference.hpp"
#include "engine/core/registry.hpp"
#include "perft_table.hpp"

namespace boardroom::engine {
namespace {

namespace ref = amazons_reference;

ref::rules reference_rules_of(const param_map& params) {
  return {static_cast<int>(get_int(params, "board_size")), get_bool(params, "swap"),
          static_cast<int>(get_int(params, "komi"))};
}

std::vector<testing::perft_line> amazons_table() {
  return testing::read_perft_table(testing::perft_table_path("amazons"));
}

std::unique_ptr<state> start(std::string_view spec_text) {
  auto spec = parse_game_spec(spec_text);
  EXPECT_TRUE(spec.has_value()) << spec.error().message;
  return std::move(*spec->game_ptr->new_state(2, spec->params, 0));
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(amazons_perft, table_covers_every_size_swap_and_komi) {
  auto table = amazons_table();
  ASSERT_GE(table.size(), 30u);
  auto has = [&](std::string_view needle) {
    return std::any_of(table.begin(), table.end(), [&](const auto& line) {
      return line.spec.find(needle) != std::string::npos;
    });
  };
  EXPECT_TRUE(has("board_size=8"));
  EXPECT_TRUE(has("board_size=6"));
  EXPECT_TRUE(has("swap=true"));
  EXPECT_TRUE(has("komi"));
}

TEST(amazons_perft, published_figures) {
  // rules/amazons.md: 2,176 and 4,307,152 from the 10x10 start.
  auto st = start("amazons");
  EXPECT_EQ(st->perft(1), 2176u);
  EXPECT_EQ(st->perft(2), 4307152u);
}

TEST(amazons_perft, small_sanity_checks) {
  // From the start the amazon on d1 has 20 destinations: a1-c1 and e1-f1 along the first rank
  // (g1 holds an amazon), d2-d9 up the file (d10 holds one), c2 and b3 up-left (then a4), e2 to
  // i6 up-right (then j7).
  auto st = start("amazons");
  std::vector<std::string> destinations;
  for (const auto& m : st->legal_moves()) {
    if (!m.starts_with("d1-")) continue;
    std::string to = m.substr(3, m.find('/') - 3);
    if (destinations.empty() || destinations.back() != to) destinations.push_back(to);
  }
  EXPECT_EQ(destinations.size(), 20u);
  // After d1-f1 the amazon on f1 has 23 arrow squares: a1-e1 (d1, which it has just left, among
  // them), f2-f10, e2 to a6 and g2 to j5.
  std::vector<std::string> arrows;
  for (const auto& m : st->legal_moves()) {
    if (m.starts_with("d1-f1/")) arrows.push_back(m.substr(6));
  }
  EXPECT_EQ(arrows.size(), 23u);
  EXPECT_NE(std::find(arrows.begin(), arrows.end(), "d1"), arrows.end());
  EXPECT_EQ(std::find(arrows.begin(), arrows.end(), "g1"), arrows.end());  // White's amazon
}

// Depth 1 move by move; the table test below compares both at depth 2 from every start.
TEST(amazons_perft, engine_and_reference_list_the_same_first_moves) {
  for (auto [spec, size] :
       {std::pair{"amazons(board_size=6)", 6}, {"amazons(board_size=8)", 8}, {"amazons", 10}}) {
    SCOPED_TRACE(spec);
    auto st = start(spec);
    ref::rules rules{size, false, 0};
    auto moves = st->legal_moves();
    EXPECT_EQ(sorted(moves), sorted(ref::moves(ref::start(rules), rules)));
    EXPECT_EQ(st->perft(1), moves.size());
  }
}

TEST(amazons_perft, table_agrees_with_the_reference_and_the_engine) {
  for (const auto& line : amazons_table()) {
    SCOPED_TRACE("amazons.txt:" + std::to_string(line.line_number) + " " + line.spec + " " +
                 std::to_string(line.depth) + " " + line.position);
    ASSERT_GE(line.depth, 0);
    auto spec = parse_game_spec(line.spec);
    ASSERT_TRUE(spec.has_value()) << spec.error().message;
    auto rules = reference_rules_of(spec->params);
    auto reference =
        line.position.empty() ? ref::start(rules) : ref::read(line.position, rules.size);
    EXPECT_EQ(ref::perft(reference, rules, line.depth), line.count);
    auto st = line.position.empty()
                  ? spec->game_ptr->new_state(2, spec->params, 0)
                  : spec->game_ptr->state_from_text(2, spec->params, line.position);
    ASSERT_TRUE(st.has_value()) << st.error().message;
    EXPECT_EQ((*st)->perft(line.depth), line.count);
  }
}

// The "# release:" comment lines of the table: deep counts for an optimised build only.
TEST(amazons_perft, release_lines_in_an_optimised_build) {
#ifndef NDEBUG
  GTEST_SKIP() << "deep perft lines run only in an optimised (NDEBUG) build";
#else
  std::ifstream in(testing::perft_table_path("amazons"));
  const std::string marker = "# release: ";
  int checked = 0;
  for (std::string text; std::getline(in, text);) {
    if (!text.starts_with(marker)) continue;
    std::istringstream fields(text.substr(marker.size()));
    std::string spec_text;
    int depth = 0;
    std::uint64_t count = 0;
    ASSERT_TRUE(fields >> spec_text >> depth >> count) << text;
    SCOPED_TRACE(text);
    EXPECT_EQ(start(spec_text)->perft(depth), count);
    ++checked;
  }
  EXPECT_GE(checked, 4);
#endif
}

// Along random games on the small boards: the same move lists as the reference at every ply, the
// same perft(2) at some, and the same end.
TEST(amazons_perft, random_games_agree_with_the_reference) {
  std::mt19937_64 rng(11);
  for (auto [spec, rules] :
       {std::pair{"amazons(board_size=6,komi=2,swap=true)", ref::rules{6, true, 2}},
        {"amazons(board_size=8,komi=1)", ref::rules{8, false, 1}}}) {
    for (int game = 0; game < 2; ++game) {
      SCOPED_TRACE(std::string(spec) + " game " + std::to_string(game));
      auto st = start(spec);
      auto reference = ref::start(rules);
      for (int ply = 0;; ++ply) {
        auto moves = st->legal_moves();
        ASSERT_EQ(sorted(moves), sorted(ref::moves(reference, rules))) << st->to_text();
        EXPECT_EQ(ref::read(st->to_text(), rules.size).cell, reference.cell);
        if (ply % 6 == 0 && moves.size() < 400) {
          EXPECT_EQ(st->perft(2), ref::perft(reference, rules, 2)) << st->to_text();
        }
        if (moves.empty()) break;
        const auto& m = moves[rng() % moves.size()];
        ASSERT_TRUE(st->play(m).has_value()) << m;
        reference = ref::after(reference, m);
      }
      ASSERT_TRUE(st->outcome().has_value());
      EXPECT_EQ(st->outcome()->winners(), std::vector<int>{ref::winning_seat(reference, rules)});
    }
  }
}

}  // namespace
}  // namespace boardroom::engine
