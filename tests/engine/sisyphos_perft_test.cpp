// The Sisyphos perft table, cross-checked against a slow reference written here from the rules
// alone: a 5x5 array of characters, plain loops, copies instead of undo; no bitboards and no
// engine code apart from reading the game spec.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <sstream>

#include "engine/core/registry.hpp"
#include "perft_table.hpp"

namespace boardroom::engine {
namespace {

struct sisyphos_reference_rules {
  bool start_squares_only = false;  // perlhuhn2007
  int move_limit = 60;
};

struct reference_position {
  std::array<std::array<char, 5>, 5> cell{};  // [file][rank], 0-based: '.', 'S' or 's'
  std::array<int, 2> hand{};
  int mover = 0;  // 0 Sisyphos, 1 the spirits
  int turns = 0;  // Sisyphos's
};

sisyphos_reference_rules sisyphos_reference_rules_of(const param_map& params) {
  sisyphos_reference_rules r;
  r.start_squares_only = get_choice(params, "edition") == "perlhuhn2007";
  auto limit = static_cast<int>(get_int(params, "move_limit"));
  r.move_limit = limit != 0 ? limit : r.start_squares_only ? 50 : 60;
  return r;
}

reference_position reference_start() {
  reference_position p;
  for (auto& file : p.cell)
    file.fill('.');
  for (auto [f, r] : {std::pair{4, 0}, {3, 0}, {4, 1}, {2, 0}, {4, 2}})
    p.cell[f][r] = 'S';
  for (auto [f, r] : {std::pair{0, 4}, {0, 3}, {1, 4}})
    p.cell[f][r] = 's';
  return p;
}

// Reads well-formed position text only: the table is ours.
reference_position reference_read(const std::string& text) {
  std::istringstream in(text);
  std::string board, mover, hands;
  reference_position p;
  in >> board >> mover >> hands >> p.turns;
  int f = 0;
  int r = 4;
  for (char c : board) {
    if (c == '/') {
      f = 0;
      --r;
    } else if (c >= '1' && c <= '5') {
      for (int i = 0; i < c - '0'; ++i)
        p.cell[f++][r] = '.';
    } else {
      p.cell[f++][r] = c;
    }
  }
  p.mover = mover == "S" ? 0 : 1;
  std::sscanf(hands.c_str(), "S%ds%d", &p.hand[0], &p.hand[1]);
  return p;
}

bool finished(const reference_position& p, const sisyphos_reference_rules& rules) {
  return p.cell[0][4] == 'S' || p.cell[4][0] == 's' || p.turns >= rules.move_limit;
}

void pass_turn(reference_position& p) {
  if (p.mover == 0) ++p.turns;
  p.mover = 1 - p.mover;
}

std::vector<reference_position> successors(const reference_position& p,
                                           const sisyphos_reference_rules& rules) {
  std::vector<reference_position> out;
  if (finished(p, rules)) return out;
  const char own = p.mover == 0 ? 'S' : 's';
  const char other = p.mover == 0 ? 's' : 'S';
  // Sisyphos: left, up, up-left. Spirits: right, down, down-right.
  static constexpr int steps[2][3][2] = {{{-1, 0}, {0, 1}, {-1, 1}}, {{1, 0}, {0, -1}, {1, -1}}};
  for (int f = 0; f < 5; ++f) {
    for (int r = 0; r < 5; ++r) {
      if (p.cell[f][r] != own) continue;
      for (const auto& step : steps[p.mover]) {
        int tf = f + step[0];
        int tr = r + step[1];
        if (tf < 0 || tf > 4 || tr < 0 || tr > 4 || p.cell[tf][tr] == own) continue;
        reference_position q = p;
        if (q.cell[tf][tr] == other) ++q.hand[1 - p.mover];
        q.cell[tf][tr] = own;
        q.cell[f][r] = '.';
        pass_turn(q);
        out.push_back(q);
      }
    }
  }
  if (p.hand[p.mover] == 0) return out;
  // Re-entry: the empty candidate squares nearest to the own corner.
  std::vector<std::pair<int, int>> candidates;
  if (rules.start_squares_only) {
    if (p.mover == 0) {
      candidates = {{4, 0}, {3, 0}, {4, 1}, {2, 0}, {4, 2}};
    } else {
      candidates = {{0, 4}, {0, 3}, {1, 4}};
    }
  } else {
    for (int f = 0; f < 5; ++f) {
      for (int r = 0; r < 5; ++r)
        candidates.emplace_back(f, r);
    }
  }
  auto distance = [&](std::pair<int, int> sq) {
    return p.mover == 0 ? std::abs(sq.first - 4) + std::abs(sq.second - 0)
                        : std::abs(sq.first - 0) + std::abs(sq.second - 4);
  };
  int nearest = 99;
  for (auto sq : candidates) {
    if (p.cell[sq.first][sq.second] == '.') nearest = std::min(nearest, distance(sq));
  }
  for (auto sq : candidates) {
    if (p.cell[sq.first][sq.second] != '.' || distance(sq) != nearest) continue;
    reference_position q = p;
    q.cell[sq.first][sq.second] = own;
    --q.hand[p.mover];
    pass_turn(q);
    out.push_back(q);
  }
  return out;
}

std::uint64_t reference_perft(const reference_position& p, const sisyphos_reference_rules& rules,
                              int depth) {
  if (depth == 0) return 1;
  auto next = successors(p, rules);
  if (depth == 1) return next.size();
  std::uint64_t total = 0;
  for (const auto& q : next)
    total += reference_perft(q, rules, depth - 1);
  return total;
}

std::vector<testing::perft_line> sisyphos_table() {
  return testing::read_perft_table(testing::perft_table_path("sisyphos"));
}

TEST(sisyphos_perft, table_covers_both_editions_and_the_move_limit) {
  auto table = sisyphos_table();
  ASSERT_GE(table.size(), 20u);
  auto has = [&](std::string_view needle) {
    return std::any_of(table.begin(), table.end(), [&](const auto& line) {
      return line.spec.find(needle) != std::string::npos;
    });
  };
  EXPECT_TRUE(has("perlhuhn2007"));
  EXPECT_TRUE(has("move_limit"));
}

TEST(sisyphos_perft, hand_counted_start) {
  // See sisyphos_test.cpp: 11 moves for Sisyphos, and 7 replies to each (no first move reaches
  // a square the spirits could step to).
  auto st = std::move(*find_game("sisyphos")->new_state(2, {}, 0));
  EXPECT_EQ(st->perft(1), 11u);
  EXPECT_EQ(st->perft(2), 77u);
}

TEST(sisyphos_perft, table_agrees_with_the_reference_and_the_engine) {
  for (const auto& line : sisyphos_table()) {
    SCOPED_TRACE("sisyphos.txt:" + std::to_string(line.line_number) + " " + line.spec + " " +
                 std::to_string(line.depth) + " " + line.position);
    ASSERT_GE(line.depth, 0);
    auto spec = parse_game_spec(line.spec);
    ASSERT_TRUE(spec.has_value()) << spec.error().message;
    auto rules = sisyphos_reference_rules_of(spec->params);
    auto start = line.position.empty() ? reference_start() : reference_read(line.position);
    EXPECT_EQ(reference_perft(start, rules, line.depth), line.count);
    auto st = line.position.empty()
                  ? spec->game_ptr->new_state(2, spec->params, 0)
                  : spec->game_ptr->state_from_text(2, spec->params, line.position);
    ASSERT_TRUE(st.has_value()) << st.error().message;
    EXPECT_EQ((*st)->perft(line.depth), line.count);
  }
}

}  // namespace
}  // namespace boardroom::engine
