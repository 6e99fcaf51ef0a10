// Random Shiamgon games on every board with every offered player count: they all end, and the
// bookkeeping holds on every ply (stones on the board = start stones + placements - stones lost;
// prisoners won = prisoners lost; no placement next to two stones of one opponent; a waiting
// displacement always offers a real choice).

#include <gtest/gtest.h>

#include <random>

#include "engine/core/registry.hpp"
#include "engine/shiamgon/shiamgon.hpp"
#include "engine/shiamgon/state.hpp"

namespace boardroom::engine::shiamgon {
namespace {

constexpr int max_plies = 20000;  // random games end after a few hundred
// Games per variant. Under AddressSanitizer every step costs about twenty times as much: that run
// is there to check memory, and the release run covers the seeds (as in contract_test.cpp).
#ifdef BOARDROOM_SANITIZED_ADDRESS
constexpr std::uint64_t num_seeds = 2;
#else
constexpr std::uint64_t num_seeds = 12;
#endif

struct variant {
  std::string board;
  int players;
  std::string extra;  // more parameters
};

void playout(const variant& v, std::uint64_t seed) {
  std::string spec = "shiamgon(board=" + v.board + v.extra + ")";
  auto parsed = parse_game_spec(spec);
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  auto made = the_game().new_state(v.players, parsed->params, seed);
  ASSERT_TRUE(made.has_value()) << made.error().message;
  auto& st = static_cast<state&>(**made);
  const geometry& g = st.position().geometry();
  std::vector<int> start(v.players, 0);
  for (int c = 0; c < g.num_cells(); ++c) {
    if (st.position().owner(c) != no_owner) ++start[st.position().owner(c)];
  }
  std::mt19937_64 rng(seed);
  int plies = 0;
  for (; plies < max_plies && !st.is_terminal(); ++plies) {
    const position& pos = st.position();
    auto moves = st.legal_moves();
    ASSERT_FALSE(moves.empty());
    if (pos.pending()) {
      EXPECT_GE(moves.size(), 2u) << "a single choice is applied automatically";
    } else {
      // The two-stone rule for every listed placement.
      int seat = pos.to_move();
      for (const auto& m : moves) {
        int t = *g.find(m);
        std::vector<int> next_to(v.players, 0);
        for (const auto& n : g.neighbours(t)) {
          if (pos.owner(n.cell) != no_owner) ++next_to[pos.owner(n.cell)];
        }
        for (int q = 0; q < v.players; ++q) {
          if (q != seat) {
            ASSERT_LE(next_to[q], 1) << m << " next to two stones of " << q;
          }
        }
        ASSERT_EQ(pos.owner(t), no_owner);
      }
    }
    auto played = st.play(moves[rng() % moves.size()]);
    ASSERT_TRUE(played.has_value()) << played.error().message;
    const position& after = st.position();
    int won = 0, lost = 0;
    for (int s = 0; s < v.players; ++s) {
      int on_board = static_cast<int>(after.stones(s).count());
      ASSERT_EQ(on_board, start[s] + after.placements(s) - after.stones_lost(s)) << "seat " << s;
      won += after.prisoners_won(s);
      lost += after.stones_lost(s);
    }
    ASSERT_EQ(won, lost);
  }
  ASSERT_TRUE(st.is_terminal()) << spec << " did not end";
  auto o = st.outcome();
  ASSERT_TRUE(o.has_value());
  for (int s = 0; s < v.players; ++s)
    EXPECT_EQ(o->scores[s], st.position().score(s));
}

TEST(shiamgon_playouts, every_board_and_player_count_ends) {
  std::vector<variant> variants{
      {"disc-large", 3, ""},
      {"disc-large", 4, ""},
      {"disc-large", 5, ""},
      {"disc-small", 3, ""},
      {"disc-small", 5, ""},
      {"triangle-64", 3, ""},
      {"triangle-256", 3, ""},
      {"disc-large", 4, ",encircle=no-empty-neighbour,direction=counterclockwise"},
      {"disc-small", 5, ",repetition=turn-cap,turn_cap=150"},
      {"disc-large", 3,
       ",handicap_seat_1=3,handicap_seat_2=1,first_by_lot=true,score_base=stones-on-board"},
  };
  for (const auto& v : variants) {
    for (std::uint64_t seed = 1; seed <= num_seeds; ++seed) {
      SCOPED_TRACE(v.board + v.extra + " with " + std::to_string(v.players) + " players, seed " +
                   std::to_string(seed));
      playout(v, seed);
      if (HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace boardroom::engine::shiamgon
