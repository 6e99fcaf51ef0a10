// Every game's perft table (tests/data/perft/<key>.txt), checked against the game's own perft.

#include <gtest/gtest.h>

#include <filesystem>

#include "engine/core/registry.hpp"
#include "perft_table.hpp"

namespace boardroom::engine {
namespace {

TEST(perft_table, every_line_of_every_game_matches) {
  for (const game* g : all_games()) {
    auto path = testing::perft_table_path(g->key());
    if (!std::filesystem::exists(path)) continue;  // a table is optional (but expected)
    for (const auto& line : testing::read_perft_table(path)) {
      SCOPED_TRACE(path + ":" + std::to_string(line.line_number));
      ASSERT_GE(line.depth, 0) << "expected: spec depth count [position]";
      auto spec = parse_game_spec(line.spec);
      ASSERT_TRUE(spec.has_value()) << spec.error().message;
      ASSERT_EQ(spec->game_ptr, g) << "a table holds its own game's lines only";
      int players = g->players().min;
      auto st = line.position.empty() ? g->new_state(players, spec->params, 0)
                                      : g->state_from_text(players, spec->params, line.position);
      ASSERT_TRUE(st.has_value()) << st.error().message;
      EXPECT_EQ((*st)->perft(line.depth), line.count);
    }
  }
}

}  // namespace
}  // namespace boardroom::engine
