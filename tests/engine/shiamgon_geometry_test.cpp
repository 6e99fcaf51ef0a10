// The four Shiamgon boards against every number and diagram of the rules text
// (/work/shared/rules/shiamgon.md, the German source, and engine/shiamgon/rules.md).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/shiamgon/geometry.hpp"
#include "engine/shiamgon/notation.hpp"
#include "engine/shiamgon/position.hpp"
#include "engine/shiamgon/rules.hpp"
#include "shiamgon_helpers.hpp"

namespace boardroom::engine::shiamgon {
namespace {

using testing::cell_at_angle;
using testing::cluster_picture;
using testing::clusters_among;
using testing::diagram_cells;
using testing::large;
using testing::wall_picture;

const geometry& small() {
  return geometry_of(board_kind::disc_small);
}

// Half degrees, to write angles like 7.5 exactly.
constexpr int deg(int d) {
  return 2 * d;
}

TEST(shiamgon_geometry, cell_counts) {
  EXPECT_EQ(large().num_cells(), 229);
  EXPECT_EQ(small().num_cells(), 115);
  for (auto [kind, cells, up] : {std::tuple{board_kind::triangle_64, 64, 36},
                                 std::tuple{board_kind::triangle_256, 256, 136}}) {
    const geometry& g = geometry_of(kind);
    EXPECT_EQ(g.num_cells(), cells);
    int ups = 0;
    for (int c = 0; c < g.num_cells(); ++c)
      ups += g.info(c).up;
    EXPECT_EQ(ups, up);
    EXPECT_EQ(g.num_cells() - ups, cells - up);
  }
  std::vector<int> rings;
  for (int r = 1; r <= large().rings(); ++r)
    rings.push_back(large().ring_size(r));
  EXPECT_THAT(rings, ::testing::ElementsAre(3, 3, 6, 6, 15, 15, 30, 30, 60, 60));
}

TEST(shiamgon_geometry, names_round_trip) {
  for (auto kind : {board_kind::disc_large, board_kind::disc_small, board_kind::triangle_64,
                    board_kind::triangle_256}) {
    const geometry& g = geometry_of(kind);
    for (int c = 0; c < g.num_cells(); ++c)
      EXPECT_EQ(g.find(g.name(c)), c);
  }
  EXPECT_EQ(large().name(0), "o");
  EXPECT_EQ(large().name(large().cell_at(10, 59)), "j60");
  EXPECT_EQ(geometry_of(board_kind::triangle_256).name(255), "p31");
}

TEST(shiamgon_geometry, adjacency_is_symmetric_and_walls_too) {
  for (auto kind : {board_kind::disc_large, board_kind::disc_small, board_kind::triangle_64,
                    board_kind::triangle_256}) {
    const geometry& g = geometry_of(kind);
    for (int a = 0; a < g.num_cells(); ++a) {
      for (const auto& n : g.neighbours(a)) {
        EXPECT_TRUE(g.adjacent(n.cell, a));
        EXPECT_EQ(g.wall_link(n.cell, a), n.wall);
      }
    }
  }
}

// "equal rings 50/50 (wall); doubling, centred cell 50/100 (wall), side cells 25/50 (no wall);
// 6|15: 40/100 (wall, A-B), 30/75 (no wall, C-D), 10/25 (no wall, C-B)".
TEST(shiamgon_geometry, contact_fractions_of_the_text) {
  const geometry& g = large();
  auto expect = [&](int inner, int outer, fraction in, fraction out, bool wall) {
    SCOPED_TRACE(g.name(inner) + " | " + g.name(outer));
    auto c = g.contact_between(inner, outer);
    EXPECT_EQ(c.first, in);
    EXPECT_EQ(c.second, out);
    EXPECT_EQ(g.wall_link(inner, outer), wall);
    EXPECT_TRUE(g.adjacent(inner, outer));
  };
  // Rings 9 and 10 (60 cells each): ring 9 starts at 0 degrees, ring 10 at 3.
  expect(cell_at_angle(g, 9, deg(7)), cell_at_angle(g, 10, deg(10)), {1, 2}, {1, 2}, true);
  // Ring 8 (30 cells from 3 degrees) under ring 9: [3,15) over [6,12) is centred.
  expect(cell_at_angle(g, 8, deg(4)), cell_at_angle(g, 9, deg(7)), {1, 2}, 1, true);
  expect(cell_at_angle(g, 8, deg(4)), cell_at_angle(g, 9, deg(4)), {1, 4}, {1, 2}, false);
  // 6|15: ring 4 [9,69), ring 5 from 15 degrees in 24-degree cells.
  int b = cell_at_angle(g, 4, deg(30));
  int a = cell_at_angle(g, 5, deg(30));
  expect(b, a, {2, 5}, 1, true);                             // A-B
  expect(b, cell_at_angle(g, 5, deg(50)), {2, 5}, 1, true);  // the other full cell
  int d = cell_at_angle(g, 4, deg(100));
  int c = cell_at_angle(g, 5, deg(70));  // [63, 87) across 69
  expect(d, c, {3, 10}, {3, 4}, false);  // C-D
  expect(b, c, {1, 10}, {1, 4}, false);  // C-B
  // The same boundary on the small disc (rings 2 and 3).
  const geometry& s = small();
  auto sc = s.contact_between(cell_at_angle(s, 2, deg(30)), cell_at_angle(s, 3, deg(30)));
  EXPECT_EQ(sc.first, fraction(2, 5));
  EXPECT_EQ(sc.second, fraction(1));
  // Same ring: full side, always a wall. The centre: a third of its circumference, never.
  EXPECT_TRUE(g.wall_link(g.cell_at(10, 0), g.cell_at(10, 1)));
  EXPECT_EQ(g.contact_between(g.cell_at(10, 0), g.cell_at(10, 1)).first, fraction(1));
  for (int k = 0; k < 3; ++k) {
    EXPECT_TRUE(g.adjacent(0, g.cell_at(1, k)));
    EXPECT_FALSE(g.wall_link(0, g.cell_at(1, k)));
    EXPECT_EQ(g.contact_between(0, g.cell_at(1, k)).first, fraction(1, 3));
  }
  EXPECT_EQ(g.neighbours(0).size(), 3u);
}

// Ruling (rules.md, Discs): the offsets follow three rules. Equal rings half a cell apart here;
// the centred fine cell where the count doubles and the quarter cell between the 6- and the
// 15-ring are the contact fractions above.
TEST(shiamgon_geometry, equal_rings_are_offset_by_half_a_cell) {
  const geometry& g = large();
  for (int r = 1; r < g.rings(); ++r) {
    if (g.ring_size(r) != g.ring_size(r + 1)) continue;
    fraction half(1, 2 * g.ring_size(r));
    fraction d = g.offset(r + 1) - g.offset(r);
    EXPECT_TRUE(d == half || d == fraction(0) - half) << "rings " << r << " and " << r + 1;
  }
}

// Ruling (rules.md, Neighbours and walls): cells of consecutive rings are adjacent exactly when
// their spans overlap by a positive angle; cells meeting at a single point are not. With the
// offsets of the two discs no boundary of a ring meets one of the next ring, so no such point
// contact exists at all.
TEST(shiamgon_geometry, ruling_only_a_positive_overlap_makes_rings_adjacent) {
  for (auto kind : {board_kind::disc_large, board_kind::disc_small}) {
    const geometry& g = geometry_of(kind);
    SCOPED_TRACE(std::string(board_key(kind)));
    int point_contacts = 0;
    for (int a = 1; a < g.num_cells(); ++a) {
      for (int b = 1; b < g.num_cells(); ++b) {
        const cell_info& x = g.info(a);
        const cell_info& y = g.info(b);
        if (y.ring != x.ring + 1) continue;
        bool overlap = false, touch = false;
        for (int turn = -1; turn <= 1; ++turn) {
          fraction lo = std::max(x.start, y.start + turn);
          fraction hi = std::min(x.end, y.end + turn);
          overlap = overlap || lo < hi;
          touch = touch || lo == hi;
        }
        EXPECT_EQ(g.adjacent(a, b), overlap) << g.name(a) << " " << g.name(b);
        point_contacts += touch && !overlap;
      }
    }
    EXPECT_EQ(point_contacts, 0);
  }
}

TEST(shiamgon_geometry, triangles_touch_by_edges_and_corners) {
  const geometry& g = geometry_of(board_kind::triangle_64);
  // An inner up cell: three edge neighbours (walls) and nine corner neighbours.
  int c = *g.find("d3");
  EXPECT_TRUE(g.info(c).up);
  int walls = 0;
  for (const auto& n : g.neighbours(c))
    walls += n.wall;
  EXPECT_EQ(g.neighbours(c).size(), 12u);
  EXPECT_EQ(walls, 3);
  EXPECT_TRUE(g.wall_link(c, *g.find("d2")));
  EXPECT_TRUE(g.wall_link(c, *g.find("d4")));
  EXPECT_TRUE(g.wall_link(c, *g.find("e4")));
  EXPECT_FALSE(g.wall_link(c, *g.find("d1")));
  EXPECT_TRUE(g.adjacent(c, *g.find("d1")));
  EXPECT_TRUE(g.adjacent(c, *g.find("c1")));
  EXPECT_EQ(g.neighbours(*g.find("a1")).size(), 3u);  // the apex: b1, b2, b3
}

std::vector<int> by_column(const std::string& picture, const geometry& g, int lo, int hi) {
  std::vector<int> out;
  std::istringstream lines(picture);
  int ring = 10;
  for (std::string line; std::getline(lines, line);) {
    if (line.find('|') == std::string::npos) continue;
    for (int c = lo; c < std::min<int>(hi, line.size()); ++c) {
      if (line[c] == '#') out.push_back(cell_at_angle(g, ring, 6 * c + 3));
    }
    --ring;
  }
  return out;
}

TEST(shiamgon_geometry, the_three_wall_chains) {
  const geometry& g = large();
  auto left = by_column(wall_picture, g, 0, 10);
  auto middle = by_column(wall_picture, g, 10, 23);
  auto right = by_column(wall_picture, g, 23, 60);
  EXPECT_EQ(left.size(), 5u);
  EXPECT_EQ(middle.size(), 5u);
  EXPECT_EQ(right.size(), 10u);
  EXPECT_EQ(clusters_among(g, left).size(), 1u);
  EXPECT_EQ(clusters_among(g, right).size(), 1u);
  // Middle: rings 10-9 linked, 9|8 broken (30 under 60), 8-7 linked, 7|6 broken (15 under 30).
  auto parts = clusters_among(g, middle);
  ASSERT_EQ(parts.size(), 3u);
  std::multiset<std::size_t> sizes;
  for (const auto& p : parts)
    sizes.insert(p.size());
  EXPECT_EQ(sizes, (std::multiset<std::size_t>{1, 2, 2}));
  // Each break is a quarter of the coarse cell's side.
  int nine = middle[1], eight = middle[2], seven = middle[3], six = middle[4];
  EXPECT_EQ(g.info(nine).ring, 9);
  EXPECT_EQ(g.contact_between(eight, nine).first, fraction(1, 4));
  EXPECT_EQ(g.contact_between(six, seven).first, fraction(1, 4));
  EXPECT_TRUE(g.adjacent(eight, nine));
  EXPECT_TRUE(g.adjacent(six, seven));
}

TEST(shiamgon_geometry, x_and_y_of_the_wall_picture) {
  const geometry& g = large();
  auto marks = diagram_cells(g, 10, wall_picture, "#xy");
  int x = marks['x'].at(0), y = marks['y'].at(0);
  EXPECT_EQ(g.info(x).ring, 8);
  EXPECT_EQ(g.info(y).ring, 9);
  EXPECT_EQ(g.distance(x, y), 2);
  // x touches two # stones (so nobody may place there next to #), y only one.
  int near_x = 0, near_y = 0;
  for (int c : marks['#']) {
    near_x += g.adjacent(x, c);
    near_y += g.adjacent(y, c);
  }
  EXPECT_EQ(near_x, 2);
  EXPECT_EQ(near_y, 1);
}

TEST(shiamgon_geometry, the_cluster_picture) {
  const geometry& g = large();
  auto marks = diagram_cells(g, 10, cluster_picture, "XYZ");
  auto left = by_column(cluster_picture, g, 0, 12);
  auto right = by_column(cluster_picture, g, 20, 40);
  EXPECT_EQ(left.size(), 8u);
  EXPECT_EQ(right.size(), 5u);
  EXPECT_EQ(clusters_among(g, left).size(), 1u);
  EXPECT_EQ(clusters_among(g, right).size(), 1u);
  EXPECT_EQ(clusters_among(g, marks['X']).size(), 1u);
  EXPECT_EQ(clusters_among(g, marks['Y']).size(), 1u);
  std::vector<int> xy = marks['X'];
  xy.insert(xy.end(), marks['Y'].begin(), marks['Y'].end());
  EXPECT_EQ(clusters_among(g, xy).size(), 2u);
  bool touching = false;
  for (int x : marks['X']) {
    for (int y : marks['Y'])
      touching = touching || g.adjacent(x, y);
  }
  EXPECT_TRUE(touching) << "X and Y are adjacent";
  int z = marks['Z'].at(0);
  std::vector<int> all = xy;
  all.insert(all.end(), left.begin(), left.end());
  all.insert(all.end(), right.begin(), right.end());
  for (int c : all)
    EXPECT_FALSE(g.wall_link(z, c)) << g.name(c);
}

// Small disc: every second 60-cell lies exactly over a boundary of the 30-ring, the others are
// centred over a 30-cell.
TEST(shiamgon_geometry, small_disc_sixty_over_thirty) {
  const geometry& g = small();
  ASSERT_EQ(g.ring_size(5), 60);
  ASSERT_EQ(g.ring_size(4), 30);
  int over_boundary = 0, centred = 0;
  for (int k = 0; k < 60; ++k) {
    int c = g.cell_at(5, k);
    std::vector<int> below;
    for (const auto& n : g.neighbours(c)) {
      if (g.info(n.cell).ring == 4) below.push_back(n.cell);
    }
    if (below.size() == 2) {
      ++over_boundary;
      EXPECT_EQ(g.contact_between(c, below[0]).first, fraction(1, 2));
      EXPECT_EQ(g.contact_between(c, below[1]).first, fraction(1, 2));
    } else {
      ASSERT_EQ(below.size(), 1u);
      ++centred;
      EXPECT_EQ(g.contact_between(c, below[0]).first, fraction(1));
      EXPECT_EQ(g.contact_between(c, below[0]).second, fraction(1, 2));
    }
    // Alternating.
    EXPECT_EQ(below.size(), k % 2 == 0 ? 2u : 1u) << k;
  }
  EXPECT_EQ(over_boundary, 30);
  EXPECT_EQ(centred, 30);
}

// ---------------------------------------------------------------------------------------------
// Start positions

std::vector<int> count_stones(const std::vector<int>& board, int players) {
  std::vector<int> out(players, 0);
  for (int o : board) {
    if (o != no_owner) ++out[o];
  }
  return out;
}

// Ruling (rules.md, The boards): 4 players on the small disc are not offered.
TEST(shiamgon_start, stone_counts) {
  struct expectation {
    board_kind board;
    int players;
    int each;
  };
  for (auto e : {expectation{board_kind::disc_large, 3, 13},
                 {board_kind::disc_large, 4, 10},
                 {board_kind::disc_large, 5, 8},
                 {board_kind::disc_small, 3, 10},
                 {board_kind::disc_small, 5, 6},
                 {board_kind::triangle_64, 3, 6},
                 {board_kind::triangle_256, 3, 15}}) {
    SCOPED_TRACE(std::string(board_key(e.board)) + " " + std::to_string(e.players));
    auto board = start_board(testing::make_rules(e.board, e.players));
    ASSERT_TRUE(board.has_value());
    EXPECT_EQ(count_stones(*board, e.players), std::vector<int>(e.players, e.each));
  }
  EXPECT_FALSE(board_allows(board_kind::disc_small, 4));
  EXPECT_FALSE(board_allows(board_kind::triangle_64, 4));
}

TEST(shiamgon_start, disc_stones_are_two_fields_apart) {
  for (auto [kind, players] : {std::pair{board_kind::disc_large, 3},
                               {board_kind::disc_large, 4},
                               {board_kind::disc_large, 5},
                               {board_kind::disc_small, 3},
                               {board_kind::disc_small, 5}}) {
    SCOPED_TRACE(std::string(board_key(kind)) + " " + std::to_string(players));
    const geometry& g = geometry_of(kind);
    auto board = *start_board(testing::make_rules(kind, players));
    std::vector<int> stones;
    for (int c = 0; c < g.num_cells(); ++c) {
      if (board[c] != no_owner) {
        stones.push_back(c);
        EXPECT_GE(g.info(c).ring, g.rings() - 1) << "only the outer two rings";
      }
    }
    for (int a : stones) {
      int nearest = 99;
      for (int b : stones) {
        if (a != b) nearest = std::min(nearest, g.distance(a, b));
      }
      EXPECT_EQ(nearest, 2) << g.name(a);
    }
  }
}

// The text's start picture of the large disc: stones on every third cell of the second-outermost
// ring, the outer stones over the boundary between the two free cells.
TEST(shiamgon_start, large_disc_pattern) {
  const geometry& g = large();
  auto board = *start_board(testing::make_rules(board_kind::disc_large, 3));
  // The text's picture " | |#| | |#| |" / "|#| | |#| | |#|" continued to 99 degrees.
  const std::string picture =
      "\n | |#| | |#| | |#| | |#| | |#| | \n|#| | |#| | |#| | |#| | |#| | |#|\n";
  auto marks = diagram_cells(g, 10, picture, "#");
  for (int c : marks['#'])
    EXPECT_EQ(board[c], 0) << g.name(c);
  EXPECT_EQ(marks['#'].size(), 11u);
  int marked = 0;
  for (int c = 0; c < g.num_cells(); ++c) {
    if (g.info(c).ring >= 9 && g.info(c).end <= fraction(99, 360)) marked += board[c] == 0;
  }
  EXPECT_EQ(marked, static_cast<int>(marks['#'].size()));
}

TEST(shiamgon_start, small_disc_pattern) {
  const geometry& g = small();
  auto board = *start_board(testing::make_rules(board_kind::disc_small, 3));
  // The text's picture, starting at the 30-ring's first boundary (3 degrees).
  const std::string picture = R"(
| | | |#| | | |#| | | |
 | # |   | # |   | # |
)";
  auto marks = diagram_cells(g, 5, picture, "#", 0);
  for (int c : marks['#'])
    EXPECT_EQ(board[c], 0) << g.name(c);
  EXPECT_EQ(marks['#'].size(), 5u);
}

TEST(shiamgon_start, triangle_corners) {
  const geometry& g = geometry_of(board_kind::triangle_64);
  auto board = *start_board(testing::make_rules(board_kind::triangle_64, 3));
  for (auto name : {"a1", "b1", "b3", "c1", "c3", "c5"})
    EXPECT_EQ(board[*g.find(name)], 0) << name;
  for (auto name : {"h15", "h13", "h11", "g13", "g11", "f11"})
    EXPECT_EQ(board[*g.find(name)], 1) << name;
  for (auto name : {"h1", "h3", "h5", "g1", "g3", "f1"})
    EXPECT_EQ(board[*g.find(name)], 2) << name;
  // All of a corner's stones touch (at corners): the text's remark on the triangles.
  for (int a = 0; a < g.num_cells(); ++a) {
    for (int b = 0; b < g.num_cells(); ++b) {
      if (a != b && board[a] == 0 && board[b] == 0 && g.distance(a, b) == 1) {
        EXPECT_FALSE(g.wall_link(a, b));
      }
    }
  }
}

// Ruling (rules.md, Start): handicap stones on the third ring from outside, in the seat's own
// sector, not adjacent to another player's stone; a seat asking for more is refused.
TEST(shiamgon_start, handicap_stones) {
  auto r = testing::make_rules(board_kind::disc_large, 3);
  r.handicap = {2, 0, 3, 0, 0};
  auto board = start_board(r);
  ASSERT_TRUE(board.has_value());
  const geometry& g = large();
  std::vector<int> on_thirty(3, 0);
  for (int c = 0; c < g.num_cells(); ++c) {
    if (board->at(c) == no_owner || g.info(c).ring != 8) continue;
    ++on_thirty[board->at(c)];
    for (const auto& n : g.neighbours(c)) {
      int o = board->at(n.cell);
      EXPECT_TRUE(o == no_owner || o == board->at(c)) << g.name(c);
    }
  }
  EXPECT_EQ(on_thirty, (std::vector<int>{2, 0, 3}));
  // Engine decision (rules.md, Start): spread evenly over the cells that qualify, each in the
  // middle of an equal share, so the first and the last stay free while twice as many qualify.
  std::vector<int> open;  // Red's qualifying cells on ring h, clockwise through its sector
  auto empty = start_board(testing::make_rules(board_kind::disc_large, 3));
  for (int k = 0; k < g.ring_size(8); ++k) {
    int c = g.cell_at(8, k);
    sector s = sector_of(r, 0);
    if (g.info(c).start < s.start || g.info(c).end > s.end || empty->at(c) != no_owner) continue;
    bool alone = true;
    for (const auto& n : g.neighbours(c))
      alone = alone && empty->at(n.cell) != 1 && empty->at(n.cell) != 2;
    if (alone) open.push_back(c);
  }
  ASSERT_GE(open.size(), 6u);
  for (int want = 1; want <= 6; ++want) {
    SCOPED_TRACE(want);
    r.handicap = {want, 0, 0, 0, 0};
    auto with = *start_board(r);
    std::vector<int> at;  // positions in `open`
    for (int i = 0; i < static_cast<int>(open.size()); ++i) {
      if (with[open[i]] == 0) at.push_back(i);
    }
    ASSERT_EQ(static_cast<int>(at.size()), want);
    if (2 * want <= static_cast<int>(open.size())) {
      EXPECT_GT(at.front(), 0);
      EXPECT_LT(at.back(), static_cast<int>(open.size()) - 1);
    }
    for (std::size_t i = 2; i < at.size(); ++i)
      EXPECT_LE(std::abs((at[i] - at[i - 1]) - (at[i - 1] - at[i - 2])), 1);
  }
  r.handicap = {6, 0, 0, 0, 0};
  EXPECT_TRUE(start_board(r).has_value());
  auto s = testing::make_rules(board_kind::disc_small, 5);
  s.handicap = {0, 0, 0, 0, 6};
  auto too_many = start_board(s);
  ASSERT_FALSE(too_many.has_value());
  EXPECT_EQ(too_many.error().field, "handicap_seat_4");
}

// ---------------------------------------------------------------------------------------------
// The pictures of rules.md are the engine's

std::string rules_md() {
  std::ifstream file(BOARDROOM_SOURCE_DIR "/engine/shiamgon/rules.md");
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// The lines of `text` from the one containing `marker`, `count` of them.
std::vector<std::string> lines_from(const std::string& text, const std::string& marker, int count) {
  auto at = text.find(marker);
  EXPECT_NE(at, std::string::npos) << marker;
  if (at == std::string::npos) return {};
  std::istringstream in(text.substr(text.rfind('\n', at) + 1));
  std::vector<std::string> out;
  for (std::string line; static_cast<int>(out.size()) < count && std::getline(in, line);)
    out.push_back(line);
  return out;
}

TEST(shiamgon_doc, the_wall_and_cluster_pictures_are_the_tested_ones) {
  std::string doc = rules_md();
  EXPECT_NE(doc.find("```" + wall_picture + "```"), std::string::npos);
  EXPECT_NE(doc.find("```" + cluster_picture + "```"), std::string::npos);
}

// The five outer rings of the large disc from 0 to 150 degrees: a '|' where a cell begins.
TEST(shiamgon_doc, the_ring_picture_shows_the_engines_offsets) {
  const geometry& g = large();
  auto rows = lines_from(rules_md(), "ring 10 (j)", 5);
  ASSERT_EQ(rows.size(), 5u);
  for (int i = 0; i < 5; ++i) {
    int ring = 10 - i;
    std::string drawn = rows[i].substr(0, rows[i].find("ring"));
    drawn.erase(drawn.find_last_not_of(' ') + 1);
    std::string expected;
    for (int c = 0; c <= 50; ++c) {
      bool begins = false;
      for (int k = 0; k < g.ring_size(ring); ++k)
        begins = begins || g.info(g.cell_at(ring, k)).start == fraction(3 * c, 360);
      expected += begins ? '|' : ' ';
    }
    expected.erase(expected.find_last_not_of(' ') + 1);
    EXPECT_EQ(drawn, expected) << "ring " << ring;
  }
}

// The triangle start picture: the cells of each row from the left, ^ and v for empty cells
// pointing up and down, R B G for the start stones.
TEST(shiamgon_doc, the_triangle_picture_is_the_start) {
  const geometry& g = geometry_of(board_kind::triangle_64);
  auto board = *start_board(testing::make_rules(board_kind::triangle_64, 3));
  auto rows = lines_from(rules_md(), "a  R", 8);
  ASSERT_EQ(rows.size(), 8u);
  for (int row = 1; row <= 8; ++row) {
    std::istringstream cells(rows[row - 1]);
    std::string letter;
    cells >> letter;
    EXPECT_EQ(letter, std::string(1, static_cast<char>('a' + row - 1)));
    for (int k = 1; k <= 2 * row - 1; ++k) {
      std::string shown;
      cells >> shown;
      int c = *g.find(letter + std::to_string(k));
      std::string expected = board[c] == no_owner ? (g.info(c).up ? "^" : "v")
                                                  : std::string(1, colour_letter(board[c]));
      EXPECT_EQ(shown, expected) << g.name(c);
    }
  }
}

// The displacement picture: ring j on top, then i, then h, 1.5 degrees per character from 42
// degrees; Red's new stone + on i9 next to Blue's i10, whose choices are i11 and j10.
TEST(shiamgon_doc, the_displacement_picture_matches_the_play) {
  const geometry& g = large();
  auto rows = lines_from(rules_md(), "j8  j9  j10 j11", 3);
  ASSERT_EQ(rows.size(), 3u);
  std::vector<std::pair<int, int>> stones;
  int plus = -1;
  for (int i = 0; i < 3; ++i) {
    for (int c = 0; c < 20 && c < static_cast<int>(rows[i].size()); ++c) {
      char ch = rows[i][c];
      if (ch != 'R' && ch != 'B' && ch != '+') continue;
      int cell = cell_at_angle(g, 10 - i, 84 + 3 * c + 1);  // half degrees
      if (ch == '+') {
        plus = cell;
      } else {
        stones.push_back({cell, ch == 'R' ? 0 : 1});
      }
    }
  }
  EXPECT_EQ(g.name(plus), "i9");
  stones.push_back({*g.find("i7"), 0});  // Red's reach
  stones.push_back({*g.find("a1"), 2});
  position pos = testing::make_position(testing::make_rules(board_kind::disc_large, 3), stones, 0);
  pos.place(plus);
  ASSERT_TRUE(pos.pending().has_value());
  EXPECT_EQ(g.name(pos.displaced_stone()), "i10");
  std::vector<std::string> choices;
  cell_set to = pos.shift_targets();
  for (int c = 0; c < g.num_cells(); ++c) {
    if (to[c]) choices.push_back(g.name(c));
  }
  EXPECT_EQ(choices, (std::vector<std::string>{"i11", "j10"}));
}

}  // namespace
}  // namespace boardroom::engine::shiamgon
