// Scenario tests for the rules of Shiamgon (/work/shared/rules/shiamgon.md, restated in
// engine/shiamgon/rules.md): one or more small drawn positions per rule. Cells are named as in
// notation.hpp; on the large disc ring i (60 cells) starts at 0 degrees, ring j (60) at 3, ring h
// (30) at 3, so i10 spans [54, 60), j10 [57, 63), h5 [51, 63) degrees.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "engine/core/registry.hpp"
#include "engine/shiamgon/legality.hpp"
#include "engine/shiamgon/notation.hpp"
#include "engine/shiamgon/shiamgon.hpp"
#include "engine/shiamgon/state.hpp"
#include "shiamgon_helpers.hpp"

namespace boardroom::engine::shiamgon {
namespace {

using testing::cell_at_angle;
using testing::diagram_cells;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::large;
using testing::make_position;
using testing::make_rules;
using testing::wall_picture;

constexpr int red = 0, blue = 1, green = 2;

int cell(const geometry& g, std::string_view name) {
  auto c = g.find(name);
  EXPECT_TRUE(c.has_value()) << name;
  return c.value_or(0);
}

std::vector<std::pair<int, int>> stones(const geometry& g,
                                        std::initializer_list<std::pair<const char*, int>> list) {
  std::vector<std::pair<int, int>> out;
  for (auto [name, seat] : list)
    out.push_back({cell(g, name), seat});
  return out;
}

result<std::string> play(position& pos, std::string_view text) {
  state st(pos);
  auto r = st.play(text);
  pos = st.position();
  return r;
}

// ---------------------------------------------------------------------------------------------
// Reach and walls

std::vector<std::pair<int, int>> wall_stones(int seat) {
  std::vector<std::pair<int, int>> out;
  auto marks = diagram_cells(large(), 10, wall_picture, "#");
  for (int c : marks['#'])
    out.push_back({c, seat});
  return out;
}

// "if the x field holds an own stone, a new stone may be placed on y (the other way round it
// does not work, because x is adjacent to two # stones)".
TEST(shiamgon_reach, x_reaches_y_across_the_broken_wall) {
  const geometry& g = large();
  auto marks = diagram_cells(g, 10, wall_picture, "xy");
  int x = marks['x'][0], y = marks['y'][0];
  auto board = wall_stones(blue);
  board.push_back({x, red});
  board.push_back({cell(g, "a1"), green});
  position pos = make_position(make_rules(board_kind::disc_large, 3), board, red);
  EXPECT_TRUE(pos.placements_for(red)[y]);
  auto played = play(pos, g.name(y));
  ASSERT_TRUE(played.has_value()) << played.error().message;

  // The other way round: x is adjacent to two of Blue's stones.
  board = wall_stones(blue);
  board.push_back({y, red});
  board.push_back({cell(g, "a1"), green});
  position back = make_position(make_rules(board_kind::disc_large, 3), board, red);
  EXPECT_FALSE(back.placements_for(red)[x]);
  auto refused = play(back, g.name(x));
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().code.name(), "illegal_move");
  EXPECT_EQ(refused.error().message, g.name(x) + " is adjacent to two stones of Blue");
}

// Ruling (rules.md, A turn): a route is blocked when the wall stone has wall partners on both arcs
// between start and target.
TEST(shiamgon_reach, a_continuous_wall_cannot_be_passed) {
  const geometry& g = large();
  auto board = wall_stones(blue);
  // Red beside the left wall, on ring h at [15, 27); beyond the wall stone h1 [3, 15) lies h30.
  int s = cell_at_angle(g, 8, 2 * 21);
  int beyond = cell_at_angle(g, 8, 2 * 357);
  ASSERT_EQ(g.distance(s, beyond), 2);
  board.push_back({s, red});
  board.push_back({cell(g, "a1"), green});
  position pos = make_position(make_rules(board_kind::disc_large, 3), board, red);
  EXPECT_FALSE(pos.reach(red)[beyond]);
  auto refused = play(pos, g.name(beyond));
  ASSERT_FALSE(refused.has_value());
  EXPECT_THAT(refused.error().message, HasSubstr("continuous wall"));
  EXPECT_THAT(play(pos, "a3").error().message, HasSubstr("more than two fields"));
}

TEST(shiamgon_reach, a_single_stone_and_a_wall_end_can_be_passed) {
  const geometry& g = large();
  // Ring d (6 cells, [9, 69), [69, 129), ...) between rings c and e.
  // Blue: a wall of two on d1, d2. Red on e2, next to d1 only; across d1 lies c1.
  auto rules = make_rules(board_kind::disc_large, 3);
  int e = cell_at_angle(g, 5, 2 * 30);  // [15, 39), over d1
  int inner = cell_at_angle(g, 3, 2 * 20);
  position pos =
      make_position(rules, {{cell(g, "d1"), blue}, {cell(g, "d2"), blue}, {e, red}}, red);
  ASSERT_FALSE(g.adjacent(e, inner));
  ASSERT_TRUE(g.adjacent(cell(g, "d1"), inner));
  EXPECT_TRUE(pos.reach(red)[inner]) << g.name(inner);
  // A whole ring walled by Blue cannot be crossed.
  std::vector<std::pair<int, int>> ring;
  for (int k = 0; k < 6; ++k)
    ring.push_back({g.cell_at(4, k), blue});
  ring.push_back({e, red});
  position walled = make_position(rules, ring, red);
  cell_set reach = walled.reach(red);
  for (int k = 0; k < 6; ++k)
    EXPECT_FALSE(reach[g.cell_at(3, k)]) << g.name(g.cell_at(3, k));
}

TEST(shiamgon_reach, own_and_empty_fields_are_passed) {
  const geometry& g = large();
  position pos = make_position(make_rules(board_kind::disc_large, 3),
                               stones(g, {{"i10", red}, {"i11", red}}), red);
  cell_set reach = pos.reach(red);
  EXPECT_TRUE(reach[cell(g, "i8")]);   // over the empty i9
  EXPECT_TRUE(reach[cell(g, "i13")]);  // over the own i11... and the empty i12
  EXPECT_FALSE(reach[cell(g, "i7")]);  // three fields
}

// ---------------------------------------------------------------------------------------------
// Displacement

// Red places i9 next to Blue's i10. i10 touches j9, j10, i11, i9 and h5; j9 and h5 touch i9
// as well, so Blue chooses between i11 and j10.
position displacement_start(std::vector<std::pair<int, int>> extra = {}) {
  const geometry& g = large();
  auto board = stones(g, {{"i8", red}, {"i10", blue}, {"a1", green}});
  board.insert(board.end(), extra.begin(), extra.end());
  return make_position(make_rules(board_kind::disc_large, 3), board, red);
}

TEST(shiamgon_displacement, the_displaced_player_decides_out_of_turn) {
  position pos = displacement_start();
  ASSERT_TRUE(play(pos, "i9").has_value());
  state st(pos);
  EXPECT_EQ(st.current_player(), blue);
  EXPECT_EQ(pos.to_move(), red);
  EXPECT_THAT(st.legal_moves(), ElementsAre("i10-i11", "i10-j10"));
  EXPECT_EQ(st.view()["displacement"]["stone"], "i10");
  auto wrong = play(pos, "i10-j9");
  ASSERT_FALSE(wrong.has_value());
  EXPECT_THAT(wrong.error().message, HasSubstr("still adjacent to the new stone on i9"));
  EXPECT_FALSE(play(pos, "a3").has_value());
  ASSERT_TRUE(play(pos, "i10-j10").has_value());
  EXPECT_EQ(pos.owner(cell(large(), "j10")), blue);
  EXPECT_EQ(pos.owner(cell(large(), "i10")), no_owner);
  EXPECT_EQ(state(pos).current_player(), blue);  // Blue's own turn comes next
  EXPECT_FALSE(pos.pending().has_value());
}

TEST(shiamgon_displacement, a_forced_shift_is_applied_automatically) {
  position pos = displacement_start(stones(large(), {{"i11", green}}));
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_FALSE(pos.pending().has_value());
  EXPECT_EQ(pos.owner(cell(large(), "j10")), blue);
  EXPECT_EQ(pos.to_move(), blue);
}

TEST(shiamgon_displacement, a_stone_that_cannot_move_is_taken_prisoner) {
  position pos = displacement_start(stones(large(), {{"i11", green}, {"j10", green}}));
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_EQ(pos.owner(cell(large(), "i10")), no_owner);
  EXPECT_EQ(pos.held()[red][blue], 1);
  EXPECT_EQ(pos.stones_lost(blue), 1);
  EXPECT_EQ(pos.score(red), 1 + 1);  // one placement, one prisoner
  EXPECT_EQ(pos.score(blue), -1);
}

TEST(shiamgon_displacement, opponents_are_asked_in_turn_order) {
  // Blue on i10 and Green on h4 ([39, 51)) both touch Red's new stone on i9.
  auto extra = stones(large(), {{"h4", green}});
  position pos = displacement_start(extra);
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_EQ(state(pos).current_player(), blue);
  ASSERT_TRUE(play(pos, "i10-i11").has_value());
  ASSERT_TRUE(pos.pending().has_value());
  EXPECT_EQ(state(pos).current_player(), green);

  auto rules = make_rules(board_kind::disc_large, 3);
  rules.counterclockwise = true;
  std::vector<int> board = displacement_start(extra).board();
  position reverse(rules, board, red, std::nullopt, {}, {}, 0, 0, ending::none, {});
  ASSERT_TRUE(play(reverse, "i9").has_value());
  EXPECT_EQ(state(reverse).current_player(), green);
}

TEST(shiamgon_displacement, the_two_stone_rule_guards_placements_not_shifts) {
  // A placement: i11 touches Blue's i10 and i12, so Red may not place there from h6.
  position pos = displacement_start(stones(large(), {{"i12", blue}, {"h6", red}}));
  auto refused = play(pos, "i11");
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().message, "i11 is adjacent to two stones of Blue");
  // A shift: i11 touches Green's j11 and i12, where Blue could not place, but Blue's displaced
  // i10 may go there.
  position shifting = displacement_start(stones(large(), {{"j11", green}, {"i12", green}}));
  EXPECT_FALSE(shifting.placements_for(blue)[cell(large(), "i11")]);
  ASSERT_TRUE(play(shifting, "i9").has_value());
  EXPECT_THAT(state(shifting).legal_moves(), ElementsAre("i10-i11", "i10-j10"));
  ASSERT_TRUE(play(shifting, "i10-i11").has_value());
  EXPECT_EQ(shifting.owner(cell(large(), "i11")), blue);
}

TEST(shiamgon_displacement, a_shift_never_triggers_further_displacements) {
  // Blue's i10 goes to i11, next to Green's i12 and Red's h6: both stay where they are.
  position pos = displacement_start(stones(large(), {{"i12", green}, {"h6", red}}));
  ASSERT_TRUE(play(pos, "i9").has_value());
  ASSERT_TRUE(play(pos, "i10-i11").has_value());
  EXPECT_FALSE(pos.pending().has_value());
  EXPECT_EQ(pos.owner(cell(large(), "i12")), green);
  EXPECT_EQ(pos.owner(cell(large(), "h6")), red);
  EXPECT_EQ(pos.to_move(), blue);
}

TEST(shiamgon_displacement, a_shift_completes_an_encirclement_for_the_shifter) {
  // Green's j11 touches j10, j12, i11, i12. Red holds the last three; Blue's i10 can only go to
  // j10 (i11 is Red's, j9 and h5 touch Red's new i9), which closes j11: Blue completed it.
  position pos = displacement_start(
      stones(large(), {{"j11", green}, {"j12", red}, {"i11", red}, {"i12", red}}));
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_EQ(pos.owner(cell(large(), "j10")), blue);
  EXPECT_EQ(pos.owner(cell(large(), "j11")), no_owner);
  ASSERT_EQ(pos.last_captures().size(), 1u);
  EXPECT_EQ(pos.last_captures()[0].completed_by, blue);
  // n = 1 < S = 4: the completer's one.
  EXPECT_EQ(pos.held()[blue][green], 1);
  EXPECT_EQ(pos.held()[red][green], 0);
}

// ---------------------------------------------------------------------------------------------
// Encirclement and prisoners

// The placement is judged before the displacements: Blue's i10 next to the new stone is captured
// by encirclement, not shifted.
TEST(shiamgon_encirclement, a_single_stone_with_no_free_neighbour_is_captured) {
  // Blue's i10 touches j9, j10, i11, i9 and h5. Red fills the last one, i9.
  position pos = displacement_start(
      stones(large(), {{"j9", green}, {"j10", green}, {"i11", green}, {"h5", red}}));
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_EQ(pos.owner(cell(large(), "i10")), no_owner);
  // One stone, five encircling stones: the completer gets it.
  EXPECT_EQ(pos.held()[red][blue], 1);
  EXPECT_EQ(pos.held()[green][blue], 0);
  ASSERT_EQ(pos.last_captures().size(), 1u);
  EXPECT_EQ(pos.last_captures()[0].owner, blue);
  EXPECT_EQ(pos.last_captures()[0].completed_by, red);
  EXPECT_EQ(pos.stones(blue).count(), 0u);
}

TEST(shiamgon_encirclement, an_own_stone_outside_the_cluster_keeps_it_alive) {
  // Blue's h1 [3, 15) and i1 [0, 6) touch on a quarter of h1's side: two clusters, adjacent.
  // Everything else around them is taken; Red places g1 [9, 21), h1's last free neighbour.
  const geometry& g = large();
  ASSERT_TRUE(g.adjacent(cell(g, "h1"), cell(g, "i1")));
  ASSERT_FALSE(g.wall_link(cell(g, "h1"), cell(g, "i1")));
  auto board = stones(g, {{"h1", blue},
                          {"i1", blue},
                          {"i2", red},
                          {"i3", red},
                          {"h2", red},
                          {"g30", green},
                          {"h30", green},
                          {"j60", green},
                          {"j1", green},
                          {"i60", green},
                          {"a1", blue}});
  auto rules = make_rules(board_kind::disc_large, 3);
  position pos = make_position(rules, board, red);
  ASSERT_TRUE(play(pos, "g1").has_value());
  // Opponents all around: i1 is Blue's own, so neither cluster is encircled; h1 cannot be
  // displaced and is taken prisoner, i1 stays.
  EXPECT_EQ(pos.owner(cell(g, "h1")), no_owner);
  EXPECT_EQ(pos.owner(cell(g, "i1")), blue);
  EXPECT_TRUE(pos.last_captures().empty());
  EXPECT_EQ(pos.held()[red][blue], 1);
  // No empty neighbour: both clusters are closed and captured together.
  rules.encircle = encircle_rule::no_empty_neighbour;
  position lax = make_position(rules, board, red);
  ASSERT_TRUE(play(lax, "g1").has_value());
  EXPECT_EQ(lax.owner(cell(g, "h1")), no_owner);
  EXPECT_EQ(lax.owner(cell(g, "i1")), no_owner);
  EXPECT_EQ(lax.last_captures().size(), 2u);
  EXPECT_EQ(lax.stones_lost(blue), 2);
}

// Triangle-64: Blue holds rows a-c (9 cells, one cluster: the rows share edges); row d (7 cells)
// surrounds it.
position triangle_cluster(const std::vector<std::pair<const char*, int>>& ring, int to_move) {
  const geometry& g = geometry_of(board_kind::triangle_64);
  std::vector<std::pair<int, int>> board;
  for (auto name : {"a1", "b1", "b2", "b3", "c1", "c2", "c3", "c4", "c5"})
    board.push_back({cell(g, name), blue});
  for (auto [name, seat] : ring)
    board.push_back({cell(g, name), seat});
  return make_position(make_rules(board_kind::triangle_64, 3), board, to_move);
}

TEST(shiamgon_prisoners, more_stones_than_encirclers) {
  // n = 9, Red 5 and Green 2 encircling stones: each gets theirs, the completer (Red) the
  // remaining 2. (The last stone is put down unchecked: d7 touches several Blue stones.)
  position pos = triangle_cluster(
      {{"d1", red}, {"d2", red}, {"d3", red}, {"d4", red}, {"d5", green}, {"d6", green}}, red);
  pos.place(cell(geometry_of(board_kind::triangle_64), "d7"));
  EXPECT_EQ(pos.held()[red][blue], 5 + 2);
  EXPECT_EQ(pos.held()[green][blue], 2);
  EXPECT_EQ(pos.stones(blue).count(), 0u);
}

TEST(shiamgon_prisoners, fewer_stones_than_encirclers) {
  // Blue's apex cluster a1, b1, b2, b3 (n = 4) inside row c: Red c1, c2; Green c3, c4, c5.
  // Red completes: Red gets one, then rounds by encircling stones: Green (3), Red (2), Green.
  const geometry& g = geometry_of(board_kind::triangle_64);
  std::vector<std::pair<int, int>> board;
  for (auto name : {"a1", "b1", "b2", "b3"})
    board.push_back({cell(g, name), blue});
  for (auto [name, seat] : std::initializer_list<std::pair<const char*, int>>{
           {"c1", red}, {"c3", green}, {"c4", green}, {"c5", green}})
    board.push_back({cell(g, name), seat});
  board.push_back({cell(g, "h8"), blue});  // Blue keeps a stone elsewhere
  position pos = make_position(make_rules(board_kind::triangle_64, 3), board, red);
  pos.place(cell(g, "c2"));
  EXPECT_EQ(pos.held()[red][blue], 2);
  EXPECT_EQ(pos.held()[green][blue], 2);
}

TEST(shiamgon_prisoners, ties_go_in_turn_order_from_the_player_to_move) {
  // Large disc, four players: Blue's cluster i10, i11, i12 inside Red's i9, i13, j12, Green's
  // j9, j10, j11 and Yellow's h5, h6, completed by Yellow.
  const geometry& g = large();
  auto rules = make_rules(board_kind::disc_large, 4);
  // Cluster {i10, i11, i12} (same ring, walls). Neighbours: i9, i13, j9..j12, h5, h6.
  auto board = stones(g, {{"i10", blue},
                          {"i11", blue},
                          {"i12", blue},
                          {"i9", red},
                          {"i13", red},
                          {"j9", green},
                          {"j10", green},
                          {"j11", green},
                          {"j12", red},
                          {"h5", 3},
                          {"a1", blue}});
  position pos = make_position(rules, board, 3);
  // Yellow completes with h6 (unchecked): S = Red 3, Green 3, Yellow 2 = 8 > n = 3.
  pos.place(cell(g, "h6"));
  ASSERT_EQ(pos.last_captures().size(), 1u);
  EXPECT_EQ(pos.last_captures()[0].cells.size(), 3u);
  // Yellow 1 first; then Red (3) and Green (3) tie: turn order from Yellow is Red first.
  EXPECT_EQ(pos.held()[3][blue], 1);
  EXPECT_EQ(pos.held()[red][blue], 1);
  EXPECT_EQ(pos.held()[green][blue], 1);
}

TEST(shiamgon_encirclement, clusters_are_decided_on_one_snapshot) {
  // Two of Blue's single stones lose their last free cell to the same new stone.
  const geometry& g = geometry_of(board_kind::triangle_64);
  // a1 (apex) touches b1, b2, b3. Blue a1 and... keep it simple: Blue on a1 and on c1.
  // b1 touches a1, b2, b3 (corner), c1, c2, c3: Red fills b1 last.
  auto board = stones(g, {{"a1", blue},
                          {"b2", green},
                          {"b3", green},
                          {"c1", blue},
                          {"c2", green},
                          {"c3", green},
                          {"d1", green},
                          {"d2", green},
                          {"d3", green},
                          {"d4", green},
                          {"h8", blue}});
  position pos = make_position(make_rules(board_kind::triangle_64, 3), board, red);
  pos.place(cell(g, "b1"));
  EXPECT_EQ(pos.owner(cell(g, "a1")), no_owner);
  EXPECT_EQ(pos.owner(cell(g, "c1")), no_owner);
  EXPECT_EQ(pos.last_captures().size(), 2u);
  EXPECT_EQ(pos.stones_lost(blue), 2);
}

// Blue's j10 and Green's j11 close each other in: j10 touches j9, j11, i10, i11; j11 touches j10,
// j12, i11, i12. Red holds j9, i10, j12, i12 and places i11. Judged one after the other, the
// second cluster would breathe again through the cell the first one left.
TEST(shiamgon_encirclement, mutual_encirclement_is_judged_on_one_snapshot) {
  const geometry& g = large();
  position pos = make_position(
      make_rules(board_kind::disc_large, 3),
      stones(
          g,
          {{"j10", blue}, {"j11", green}, {"j9", red}, {"i10", red}, {"j12", red}, {"i12", red}}),
      red);
  ASSERT_TRUE(play(pos, "i11").has_value());
  EXPECT_EQ(pos.owner(cell(g, "j10")), no_owner);
  EXPECT_EQ(pos.owner(cell(g, "j11")), no_owner);
  EXPECT_EQ(pos.last_captures().size(), 2u);
  // Each: n = 1 < S = 4 (three of Red's, one of the other's), so the completer's one.
  EXPECT_EQ(pos.held()[red][blue], 1);
  EXPECT_EQ(pos.held()[red][green], 1);
}

// Five players: Red's new j10 has Blue, Green, Yellow and Violet on all four sides. Red's own
// step spares it; the displacements then open it again (Blue's j9 is forced to i9), so the new
// stone can never be lost while its own displacements are resolved.
TEST(shiamgon_encirclement, a_step_never_captures_its_own_actors_stones) {
  const geometry& g = large();
  constexpr int yellow = 3, violet = 4;
  position pos = make_position(
      make_rules(board_kind::disc_large, 5),
      stones(g, {{"j8", red}, {"j9", blue}, {"j11", green}, {"i10", yellow}, {"i11", violet}}),
      red);
  ASSERT_TRUE(play(pos, "j10").has_value());
  EXPECT_EQ(pos.owner(cell(g, "j10")), red);
  EXPECT_TRUE(pos.last_captures().empty());
  EXPECT_EQ(pos.stones_lost(red), 0);
  EXPECT_EQ(pos.owner(cell(g, "i9")), blue);  // the displacements went ahead
  EXPECT_EQ(state(pos).current_player(), green);
}

// Engine decision (rules.md, Encirclement): a cluster closed by its own owner's step stays until
// the next step of another player, which captures it. Under no-empty-neighbour Blue's h6 is
// closed by Blue's own shift i10-i11 (h6 touches h5, h7, i11, i12, i13, g5, g6); Green's shift
// that follows, far away, takes it.
TEST(shiamgon_encirclement, engine_decision_a_cluster_its_owner_closed_falls_to_the_next_step) {
  const geometry& g = large();
  auto rules = make_rules(board_kind::disc_large, 3);
  rules.encircle = encircle_rule::no_empty_neighbour;
  auto board = stones(g, {{"i8", red},
                          {"i10", blue},
                          {"h6", blue},
                          {"h5", red},
                          {"h7", red},
                          {"i12", red},
                          {"i13", red},
                          {"g5", red},
                          {"g6", green},
                          {"h4", green}});
  position pos = make_position(rules, board, red);
  ASSERT_TRUE(play(pos, "i9").has_value());
  ASSERT_EQ(state(pos).current_player(), blue);
  ASSERT_TRUE(play(pos, "i10-i11").has_value());
  EXPECT_EQ(pos.owner(cell(g, "h6")), blue);  // Blue's own step
  EXPECT_TRUE(pos.last_captures().empty());
  ASSERT_EQ(state(pos).current_player(), green);
  ASSERT_TRUE(play(pos, "h4-g3").has_value());
  EXPECT_EQ(pos.owner(cell(g, "h6")), no_owner);
  ASSERT_EQ(pos.last_captures().size(), 1u);
  EXPECT_EQ(pos.last_captures()[0].completed_by, green);
  EXPECT_EQ(pos.held()[green][blue], 1);  // n = 1 < S = 6: the completer's one
  // Opponents all around: Blue's i11 keeps h6 alive, whoever steps.
  rules.encircle = encircle_rule::opponents_all_around;
  position strict = make_position(rules, board, red);
  ASSERT_TRUE(play(strict, "i9").has_value());
  ASSERT_TRUE(play(strict, "i10-i11").has_value());
  ASSERT_TRUE(play(strict, "h4-g3").has_value());
  EXPECT_EQ(strict.owner(cell(g, "h6")), blue);
}

// Engine decision (rules.md, Encirclement): under no-empty-neighbour at least one encircling
// stone must be an opponent's. Blue's centre stone touches only a1, a2, a3 (never by a wall).
TEST(shiamgon_encirclement, engine_decision_no_empty_neighbour_needs_an_opponent) {
  const geometry& g = large();
  auto rules = make_rules(board_kind::disc_large, 3);
  rules.encircle = encircle_rule::no_empty_neighbour;
  position own = make_position(
      rules, stones(g, {{"o", blue}, {"a1", blue}, {"a2", blue}, {"a3", blue}, {"i8", red}}), red);
  ASSERT_TRUE(play(own, "i9").has_value());
  EXPECT_EQ(own.owner(0), blue);
  // One of the three Red's: closed.
  position mixed = make_position(
      rules, stones(g, {{"o", blue}, {"a1", red}, {"a2", blue}, {"a3", blue}, {"i8", red}}), red);
  ASSERT_TRUE(play(mixed, "i9").has_value());
  EXPECT_EQ(mixed.owner(0), no_owner);
  EXPECT_EQ(mixed.held()[red][blue], 1);
  // Opponents all around: a2 and a3 are Blue's, so not closed.
  rules.encircle = encircle_rule::opponents_all_around;
  position strict = make_position(
      rules, stones(g, {{"o", blue}, {"a1", red}, {"a2", blue}, {"a3", blue}, {"i8", red}}), red);
  ASSERT_TRUE(play(strict, "i9").has_value());
  EXPECT_EQ(strict.owner(0), blue);
}

// n < S with a tie: Blue's cluster j10, j11 (n = 2) touches j9, j12, i10, i11, i12. Red holds
// i10, i11, Green j12, i12 (two each); Yellow completes with j9. Yellow gets one; the second goes
// to whichever of Red and Green comes first in turn order from Yellow.
TEST(shiamgon_prisoners, a_tie_follows_the_turn_direction) {
  const geometry& g = large();
  constexpr int yellow = 3;
  auto board = stones(g, {{"j10", blue},
                          {"j11", blue},
                          {"i10", red},
                          {"i11", red},
                          {"j12", green},
                          {"i12", green},
                          {"j7", yellow}});
  auto rules = make_rules(board_kind::disc_large, 4);
  position clockwise = make_position(rules, board, yellow);
  ASSERT_TRUE(play(clockwise, "j9").has_value());
  EXPECT_EQ(clockwise.stones_lost(blue), 2);
  EXPECT_EQ(clockwise.held()[yellow][blue], 1);
  EXPECT_EQ(clockwise.held()[red][blue], 1);  // Yellow, Red, Blue, Green
  EXPECT_EQ(clockwise.held()[green][blue], 0);
  rules.counterclockwise = true;
  position counter = make_position(rules, board, yellow);
  ASSERT_TRUE(play(counter, "j9").has_value());
  EXPECT_EQ(counter.held()[yellow][blue], 1);
  EXPECT_EQ(counter.held()[green][blue], 1);  // Yellow, Green, Blue, Red
  EXPECT_EQ(counter.held()[red][blue], 0);
}

// Engine decision (rules.md, Prisoners): during the displacements "the player whose turn it is"
// is still the placer, not the shifter who completed. Green's j11, j12 (n = 2) touch j10, j13,
// i11, i12, i13; Red holds i11, i12, Yellow j13, i13; Blue's i10, displaced by Red's i9, is
// forced to j10 and completes. Blue gets one; the tie Red-Yellow goes to Red (turn order from
// Red), where the order from Blue would give it to Yellow.
TEST(shiamgon_prisoners, engine_decision_a_tie_during_displacements_starts_from_the_placer) {
  const geometry& g = large();
  constexpr int yellow = 3;
  position pos = make_position(make_rules(board_kind::disc_large, 4),
                               stones(g, {{"i8", red},
                                          {"i10", blue},
                                          {"j11", green},
                                          {"j12", green},
                                          {"i11", red},
                                          {"i12", red},
                                          {"j13", yellow},
                                          {"i13", yellow}}),
                               red);
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_EQ(pos.owner(cell(g, "j10")), blue);
  ASSERT_EQ(pos.last_captures().size(), 1u);
  EXPECT_EQ(pos.last_captures()[0].completed_by, blue);
  EXPECT_EQ(pos.held()[blue][green], 1);
  EXPECT_EQ(pos.held()[red][green], 1);
  EXPECT_EQ(pos.held()[yellow][green], 0);
}

// ---------------------------------------------------------------------------------------------
// Passing, the end and the score

TEST(shiamgon_end, a_player_without_a_placement_passes) {
  const geometry& g = large();
  // Blue has no stones: after Red's placement Green is to move.
  position pos = make_position(make_rules(board_kind::disc_large, 3),
                               stones(g, {{"i8", red}, {"a1", green}}), red);
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_EQ(pos.to_move(), green);
  EXPECT_EQ(pos.passes_in_row(), 1);
  EXPECT_EQ(pos.turns(), 2);
}

TEST(shiamgon_end, everybody_passing_is_triampsalm) {
  auto rules = make_rules(board_kind::triangle_64, 3);
  position pos = position::start(rules, std::vector<int>(64, no_owner), red);
  EXPECT_TRUE(pos.over());
  EXPECT_EQ(pos.end(), ending::all_passed);
  auto o = state(pos).outcome();
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->reason, "all_passed");
  EXPECT_EQ(o->ranks, (std::vector<int>{1, 1, 1}));
}

// Ruling (rules.md, Passing and the end): a repeated position is a Triampsalm; positions are
// compared at the start of each turn.
TEST(shiamgon_end, a_repeated_position_ends_the_game) {
  const geometry& g = large();
  auto rules = make_rules(board_kind::disc_large, 3);
  auto board = stones(g, {{"i8", red}, {"a1", green}, {"e1", blue}});
  // The position after Red's i9, seen before.
  position ahead = make_position(rules, board, red);
  ahead.place(cell(g, "i9"));
  ASSERT_FALSE(ahead.over());
  std::vector<int> b = make_position(rules, board, red).board();
  position pos(rules, b, red, std::nullopt, {}, {}, 0, 0, ending::none, {ahead.key()});
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_EQ(pos.end(), ending::repetition);
  // A position waiting for a displacement is not a turn's start and is not recorded.
  position waiting = displacement_start();
  ASSERT_TRUE(play(waiting, "i9").has_value());
  EXPECT_TRUE(waiting.seen().empty());
  ASSERT_TRUE(play(waiting, "i10-j10").has_value());
  EXPECT_EQ(waiting.seen().size(), 1u);
  EXPECT_EQ(state(pos).outcome()->reason, "repetition");
  EXPECT_EQ(state(pos).current_player(), no_player);
  // Under turn-cap repetitions do not matter; the cap does.
  rules.turn_cap_mode = true;
  rules.turn_cap = 2;
  position capped(rules, b, red, std::nullopt, {}, {}, 0, 0, ending::none, {ahead.key()});
  ASSERT_TRUE(play(capped, "i9").has_value());
  EXPECT_FALSE(capped.over());
  ASSERT_TRUE(play(capped, state(capped).legal_moves().front()).has_value());
  EXPECT_EQ(capped.end(), ending::turn_cap);
}

TEST(shiamgon_end, scores_and_ranks) {
  auto rules = make_rules(board_kind::disc_large, 3);
  std::vector<int> board(large().num_cells(), no_owner);
  board[cell(large(), "a1")] = red;
  board[cell(large(), "a2")] = blue;
  board[cell(large(), "a3")] = blue;
  position::prisoner_table held{};
  held[red][blue] = 3;
  held[green][red] = 1;
  position pos(rules, board, red, std::nullopt, {4, 6, 2}, held, 3, 12, ending::all_passed, {});
  // Red 4 + 3 - 1 = 6, Blue 6 - 3 = 3, Green 2 + 1 = 3.
  auto o = state(pos).outcome();
  EXPECT_EQ(o->scores, (std::vector<double>{6, 3, 3}));
  EXPECT_EQ(o->ranks, (std::vector<int>{1, 2, 2}));
  rules.score = score_rule::stones_on_board;
  position on_board(rules, board, red, std::nullopt, {4, 6, 2}, held, 3, 12, ending::all_passed,
                    {});
  // Red 1 + 3 - 1 = 3, Blue 2 - 3 = -1, Green 0 + 1 = 1.
  EXPECT_EQ(state(on_board).outcome()->scores, (std::vector<double>{3, -1, 1}));
}

TEST(shiamgon_end, a_pass_counts_as_a_turn_under_the_cap) {
  auto rules = make_rules(board_kind::disc_large, 3);
  rules.turn_cap_mode = true;
  rules.turn_cap = 2;
  // Blue has no stones: Red's placement is turn 1, Blue's pass turn 2, the last one.
  position pos = make_position(rules, stones(large(), {{"i8", red}, {"a1", green}}), red);
  ASSERT_TRUE(play(pos, "i9").has_value());
  EXPECT_EQ(pos.turns(), 2);
  EXPECT_EQ(pos.end(), ending::turn_cap);
}

// Handicap stones are start stones: they count on the board, never as placements.
TEST(shiamgon_end, handicap_stones_do_not_score_as_placements) {
  for (auto [base, expected] : {std::pair{"placements", 0}, {"stones-on-board", 13 + 2}}) {
    SCOPED_TRACE(base);
    auto spec = parse_game_spec(std::string("shiamgon(handicap_seat_0=2,score_base=") + base + ")");
    ASSERT_TRUE(spec.has_value()) << spec.error().message;
    auto st = the_game().new_state(3, spec->params, 1);
    ASSERT_TRUE(st.has_value());
    const position& pos = static_cast<const state&>(**st).position();
    EXPECT_EQ(pos.placements(red), 0);
    EXPECT_EQ(pos.score(red), expected);
  }
}

// ---------------------------------------------------------------------------------------------
// Retirement (a player who resigned or abandoned the game; engine decisions, see rules.md)

position retired(position pos, int seat) {
  state st(pos);
  auto done = st.retire(seat);
  EXPECT_TRUE(done.has_value()) << done.error().message;
  return st.position();
}

TEST(shiamgon_retirement, the_stones_stay_and_the_player_passes_from_then_on) {
  position pos = retired(displacement_start(), blue);
  EXPECT_EQ(pos.owner(cell(large(), "i10")), blue);
  EXPECT_EQ(pos.retired(blue), 1);
  EXPECT_TRUE(pos.placements_for(blue).none());
  ASSERT_TRUE(play(pos, "i7").has_value());       // next to nobody's stone
  EXPECT_EQ(state(pos).current_player(), green);  // Blue passed
  EXPECT_EQ(pos.passes_in_row(), 1);
  EXPECT_EQ(pos.turns(), 2);
}

TEST(shiamgon_retirement, of_the_player_to_move_passes_the_turn) {
  position pos = retired(displacement_start(), red);
  EXPECT_EQ(state(pos).current_player(), blue);
  EXPECT_EQ(pos.turns(), 1);
}

// Blue must shift i10 to i11 or j10; retired, the first qualifying cell in the board's order (the
// order of the position text: the centre, then ring by ring) is taken for it.
TEST(shiamgon_retirement, a_pending_decision_is_made_for_the_player) {
  position pos = displacement_start();
  ASSERT_TRUE(play(pos, "i9").has_value());
  ASSERT_EQ(state(pos).current_player(), blue);
  pos = retired(pos, blue);
  EXPECT_FALSE(pos.pending().has_value());
  EXPECT_EQ(pos.owner(cell(large(), "i11")), blue);
  EXPECT_EQ(pos.owner(cell(large(), "i10")), no_owner);
  EXPECT_EQ(state(pos).current_player(), green);  // Blue's own turn passed
}

TEST(shiamgon_retirement, a_later_decision_in_the_same_placement_is_made_for_the_player) {
  position pos = displacement_start(stones(large(), {{"h4", green}}));
  ASSERT_TRUE(play(pos, "i9").has_value());
  pos = retired(pos, green);
  EXPECT_EQ(state(pos).current_player(), blue);  // Blue still chooses
  ASSERT_TRUE(play(pos, "i10-i11").has_value());
  EXPECT_FALSE(pos.pending().has_value());
  EXPECT_EQ(pos.owner(cell(large(), "h4")), no_owner);
  EXPECT_EQ(pos.stones(green).count(), 2u);  // a1 and h4's stone, moved
  EXPECT_EQ(state(pos).current_player(), blue);
}

TEST(shiamgon_retirement, ranks_below_the_others_later_retirements_higher) {
  position pos = retired(retired(displacement_start(), blue), green);
  ASSERT_TRUE(pos.over());
  EXPECT_EQ(pos.end(), ending::last_player);
  auto o = state(pos).outcome();
  EXPECT_EQ(o->reason, "last_player");
  EXPECT_EQ(o->description, "Red wins: every other player retired");
  EXPECT_EQ(o->ranks, (std::vector<int>{1, 3, 2}));
  EXPECT_EQ(state(pos).current_player(), no_player);

  // A retired player with the best score still ranks below everyone in the game.
  auto rules = make_rules(board_kind::disc_large, 3);
  position ended(rules, displacement_start().board(), red, std::nullopt, {1, 9, 2}, {}, 3, 12,
                 ending::all_passed, {}, {0, 1, 0});
  EXPECT_EQ(state(ended).outcome()->ranks, (std::vector<int>{2, 3, 1}));
}

TEST(shiamgon_retirement, is_written_in_the_position_text_and_refused_twice) {
  position pos = displacement_start();
  ASSERT_TRUE(play(pos, "i9").has_value());
  const std::string before = position_text(pos);
  EXPECT_EQ(std::count(before.begin(), before.end(), ' '), 8);  // no tenth field yet
  pos = retired(pos, green);
  std::string text = position_text(pos);
  EXPECT_THAT(text, ::testing::EndsWith(" 0,0,1"));
  auto back = parse_position(text, pos.rules());
  ASSERT_TRUE(back.has_value()) << back.error().message;
  EXPECT_EQ(position_text(*back), text);
  EXPECT_FALSE(parse_position(before + " 0,0,2", pos.rules()).has_value());
  EXPECT_FALSE(parse_position(before + " 0,1,1", pos.rules()).has_value());

  state st(pos);
  auto again = st.retire(green);
  ASSERT_FALSE(again.has_value());
  EXPECT_EQ(again.error().code.name(), "already_retired");
  ASSERT_TRUE(st.retire(blue).has_value());
  EXPECT_EQ(st.retire(red).error().code.name(), "game_over");
}

// ---------------------------------------------------------------------------------------------
// Notation, setup, text

TEST(shiamgon_notation, errors_name_the_problem) {
  position pos = displacement_start();
  auto unknown = play(pos, "k1");
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(unknown.error().code.name(), "bad_notation");
  EXPECT_THAT(play(pos, "i10").error().message, HasSubstr("already holds a stone of Blue"));
  EXPECT_THAT(play(pos, "i8").error().message, HasSubstr("your own stone"));
  EXPECT_THAT(play(pos, "i8-i9").error().message, HasSubstr("nothing to shift"));
  ASSERT_TRUE(play(pos, " I9 ").has_value());  // case and blanks are forgiven
  EXPECT_THAT(play(pos, "j10").error().message, HasSubstr("write the shift as i10-"));
  EXPECT_THAT(play(pos, "i8-j10").error().message, HasSubstr("not the one on i8"));
}

TEST(shiamgon_notation, position_text_round_trips_with_a_pending_displacement) {
  position pos = displacement_start();
  ASSERT_TRUE(play(pos, "i9").has_value());
  std::string text = position_text(pos);
  EXPECT_THAT(text, HasSubstr(" R i9:BG "));
  auto back = parse_position(text, pos.rules());
  ASSERT_TRUE(back.has_value()) << back.error().message;
  EXPECT_EQ(position_text(*back), text);
  EXPECT_EQ(state(*back).current_player(), blue);
}

TEST(shiamgon_game, parameters_and_start) {
  const game& g = the_game();
  auto spec = parse_game_spec("shiamgon(handicap_seat_0=2,first_seat=1)");
  ASSERT_TRUE(spec.has_value()) << spec.error().message;
  auto st = g.new_state(3, spec->params, 7);
  ASSERT_TRUE(st.has_value());
  EXPECT_EQ((*st)->current_player(), blue);
  auto& s = static_cast<const state&>(**st);
  EXPECT_EQ(s.position().stones(red).count(), 13u + 2u);
  auto small4 = g.new_state(4, parse_game_spec("shiamgon(board=disc-small)")->params, 1);
  ASSERT_FALSE(small4.has_value());
  EXPECT_EQ(small4.error().code.name(), "bad_players");
  auto tri =
      g.new_state(3, parse_game_spec("shiamgon(board=triangle-64,handicap_seat_1=1)")->params, 1);
  ASSERT_FALSE(tri.has_value());
  EXPECT_EQ(tri.error().field, "handicap_seat_1");
  auto seat5 = g.new_state(3, parse_game_spec("shiamgon(first_seat=4)")->params, 1);
  ASSERT_FALSE(seat5.has_value());
  EXPECT_EQ(seat5.error().field, "first_seat");
  EXPECT_THAT(g.player_names(5), ElementsAre("Red", "Blue", "Green", "Yellow", "Violet"));
}

TEST(shiamgon_game, turn_direction_and_first_player) {
  // Blue places first; h15 ([171, 183) degrees, under Blue's own stones) touches nobody else's.
  for (auto [direction, next] : {std::pair{"clockwise", green}, {"counterclockwise", red}}) {
    SCOPED_TRACE(direction);
    auto spec = parse_game_spec(std::string("shiamgon(first_seat=1,direction=") + direction + ")");
    ASSERT_TRUE(spec.has_value()) << spec.error().message;
    auto st = the_game().new_state(3, spec->params, 1);
    ASSERT_TRUE(st.has_value());
    EXPECT_EQ((*st)->current_player(), blue);
    ASSERT_TRUE((*st)->play("h15").has_value());
    EXPECT_EQ((*st)->current_player(), next);
  }
  // 0 draws the first player by lot: the seed decides, every seat can be drawn.
  auto lot = parse_game_spec("shiamgon(first_by_lot=true)");
  std::set<int> drawn;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    int first = (*the_game().new_state(3, lot->params, seed))->current_player();
    EXPECT_EQ((*the_game().new_state(3, lot->params, seed))->current_player(), first);
    drawn.insert(first);
  }
  EXPECT_EQ(drawn, (std::set<int>{red, blue, green}));
}

TEST(shiamgon_game, the_view_carries_the_geometry) {
  auto st = the_game().new_state(3, *resolve_params(the_game().param_specs(), {}), 1);
  auto v = (*st)->view();
  EXPECT_EQ(v["geometry"]["names"].size(), 229u);
  EXPECT_EQ(v["geometry"]["start_degrees"][1], 9.0);  // a1 starts at 9 degrees
  EXPECT_EQ(v["geometry"]["end_degrees"][1], 129.0);
  EXPECT_EQ(v["owners"].size(), 229u);
  EXPECT_EQ(v["players"][0]["stones"], 13);
  EXPECT_TRUE(v["displacement"].is_null());
  auto tri = the_game().new_state(3, parse_game_spec("shiamgon(board=triangle-64)")->params, 1);
  auto t = (*tri)->view();
  EXPECT_EQ(t["geometry"]["corners"].size(), 64u * 6u);
}

// ---------------------------------------------------------------------------------------------
// What clients are told: who acts and decides what, and what the rules did on their own

TEST(shiamgon_protocol, a_displacement_is_decided_out_of_turn) {
  state st(displacement_start());
  EXPECT_EQ(st.to_act(), (std::vector<actor>{{red, decision::move}}));
  ASSERT_TRUE(st.play("i9").has_value());
  // Red's turn is not over, but Blue decides where i10 goes.
  EXPECT_EQ(st.to_act(), (std::vector<actor>{{blue, decision::displacement}}));
  EXPECT_TRUE(st.forced_by_last_play().empty());
  ASSERT_TRUE(st.play("i10-j10").has_value());
  EXPECT_EQ(st.to_act(), (std::vector<actor>{{blue, decision::move}}));
}

// Red takes Blue's only stone prisoner: Blue can never place again, and passes at once.
TEST(shiamgon_protocol, the_last_stone_lost_and_the_pass_are_reported_then_cleared) {
  state st(displacement_start(stones(large(), {{"i11", green}, {"j10", green}})));
  ASSERT_TRUE(st.play("i9").has_value());
  std::vector<forced_step> expected{
      {forced::elimination, blue, "Blue has no stone left on the board and can never place again"},
      {forced::pass, blue, "Blue has no stone and passes"}};
  EXPECT_EQ(st.forced_by_last_play(), expected);
  EXPECT_EQ(st.current_player(), green);
  ASSERT_TRUE(st.play(st.legal_moves().front()).has_value());  // Green places
  EXPECT_EQ(st.current_player(), red);
  EXPECT_TRUE(st.forced_by_last_play().empty());
  ASSERT_TRUE(st.play(st.legal_moves().front()).has_value());
  EXPECT_EQ(st.forced_by_last_play(),
            (std::vector<forced_step>{{forced::pass, blue, "Blue has no stone and passes"}}));
}

std::vector<std::string> fields_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string f; in >> f;)
    out.push_back(f);
  return out;
}

// The text of each event carries the position alone: the keys of the positions seen (17
// characters a turn) stay in to_text(), which must still read back to the whole state.
TEST(shiamgon_protocol, the_position_text_leaves_the_positions_seen_out) {
  auto made = the_game().new_state(3, *resolve_params(the_game().param_specs(), {}), 1);
  ASSERT_TRUE(made.has_value());
  engine::state& st = **made;
  std::size_t first_size = st.position_text().size();
  for (int i = 0; i < 12; ++i)
    ASSERT_TRUE(st.play(st.legal_moves().front()).has_value());
  auto full = fields_of(st.to_text());
  auto alone = fields_of(st.position_text());
  ASSERT_EQ(full.size(), 9u);
  ASSERT_EQ(alone.size(), 9u);
  EXPECT_GT(full[8].size(), 4u * 17);  // a key per turn begun (a shift begins none)
  EXPECT_EQ(alone[8], "-");
  for (int f = 0; f < 8; ++f)
    EXPECT_EQ(alone[f], full[f]) << "field " << f;
  EXPECT_LE(st.position_text().size(), first_size + 16);  // a few more digits at most
  EXPECT_EQ(st.view()["position"], st.position_text());
  auto read =
      the_game().state_from_text(3, *resolve_params(the_game().param_specs(), {}), st.to_text());
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ((*read)->to_text(), st.to_text());
}

TEST(shiamgon_protocol, a_retired_players_turn_passes_and_is_reported) {
  state st(displacement_start());
  ASSERT_TRUE(st.retire(red).has_value());
  EXPECT_EQ(st.forced_by_last_play(),
            (std::vector<forced_step>{{forced::pass, red, "Red is out of play and passes"}}));
  EXPECT_EQ(st.to_act(), (std::vector<actor>{{blue, decision::move}}));
}

}  // namespace
}  // namespace boardroom::engine::shiamgon
