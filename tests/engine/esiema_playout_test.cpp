// Esiema random games to the end for every player count, with the bookkeeping checked on every
// ply: each player's small balls on the board, in reserve, captured and retired add up to their
// number; no pit ever holds more than 12 balls; mothers are never captured (every player still in
// the game has exactly one on the board once the setup is over, players out have none).

#include <gtest/gtest.h>

#include <bit>
#include <memory>
#include <set>

#include "engine/esiema/notation.hpp"
#include "engine/esiema/sowing.hpp"
#include "tests/engine/esiema_helpers.hpp"

namespace boardroom::engine::esiema {
namespace {

void check_invariants(const state& st) {
  const rules& r = st.rules();
  const position& pos = st.position();
  int mothers_on_board = 0;
  for (pit p = 0; p < num_pits; ++p) {
    const pit_contents& c = pos.pits[p];
    int sum = std::popcount(c.mothers);
    for (int s = 0; s < max_players; ++s)
      sum += c.small[s];
    ASSERT_EQ(c.total, sum) << pit_name(p);
    ASSERT_LE(c.total, pit_capacity) << pit_name(p);
    mothers_on_board += std::popcount(c.mothers);
  }
  int in_game = 0;
  for (int s = 0; s < r.players; ++s) {
    ASSERT_EQ(pos.small_on_board(s) + pos.reserve[s] + pos.captured[s] + pos.retired[s],
              r.small_balls[s])
        << colour_name(s);
    ASSERT_GE(pos.reserve[s], 0);
    bool mother = pos.mother_pit[s] != no_pit;
    if (mother) {
      ASSERT_TRUE(pos.pits[pos.mother_pit[s]].has_mother(s));
    }
    if (pos.in_game(s)) {
      ++in_game;
      if (pos.stage != phase::setup) {
        ASSERT_TRUE(mother) << colour_name(s);
      }
    } else {
      ASSERT_FALSE(mother);
      ASSERT_EQ(pos.reserve[s], 0);
      ASSERT_EQ(pos.small_on_board(s), 0);
    }
    if (pos.stage == phase::setup) {
      ASSERT_EQ(pos.captured[s], 0);
      ASSERT_LE(pos.placed(s), r.setup_quota(s));
    }
  }
  if (pos.stage != phase::setup) {
    ASSERT_EQ(mothers_on_board, in_game);
  }
  if (!pos.is_over()) {
    ASSERT_TRUE(pos.in_game(pos.to_move));
    ASSERT_GE(in_game, 2);
  }
}

struct game_summary {
  int plies = 0;
  std::string reason;
};

game_summary random_game(int players, param_map given, std::uint64_t seed) {
  auto params = *resolve_params(the_game().param_specs(), given);
  auto made = the_game().new_state(players, params, seed);
  EXPECT_TRUE(made.has_value());
  auto& st = dynamic_cast<state&>(**made);
  std::mt19937_64 rng(seed);
  game_summary out;
  for (; !st.is_terminal(); ++out.plies) {
    check_invariants(st);
    if (::testing::Test::HasFatalFailure()) return out;
    if (out.plies % 64 == 0) {
      auto again = the_game().state_from_text(players, params, st.to_text());
      EXPECT_TRUE(again.has_value()) << st.to_text();
      if (again) {
        EXPECT_EQ((*again)->to_text(), st.to_text());
      }
    }
    std::string m = st.random_move(rng);
    auto played = st.play(m);
    EXPECT_TRUE(played.has_value()) << m << ": " << played.error().message << "\n" << st.to_text();
    if (!played) return out;
    EXPECT_LT(out.plies, 40000) << "the game did not end";
    if (out.plies >= 40000) return out;
  }
  check_invariants(st);
  auto o = st.outcome();
  EXPECT_TRUE(o.has_value());
  out.reason = o->reason;
  // Ranks: the players left share 1; the k-th out has the k-th place from the bottom.
  for (int s = 0; s < players; ++s) {
    if (st.position().in_game(s)) {
      EXPECT_EQ(o->ranks[s], 1);
    } else {
      EXPECT_EQ(o->ranks[s], players - st.position().out[s] + 1);
    }
  }
  return out;
}

TEST(esiema_playout, random_games_end_and_keep_the_books_for_every_player_count) {
  for (int players = 2; players <= 6; ++players) {
    SCOPED_TRACE(std::to_string(players) + " players");
    auto g = random_game(players, {}, 100 + players);
    if (HasFatalFailure()) return;
    EXPECT_FALSE(g.reason.empty());
  }
}

TEST(esiema_playout, with_the_options_changed) {
  auto a = random_game(3,
                       {{"must_reproduce_when_empty", false},
                        {"setup_balls", std::int64_t{12}},
                        {"small_balls_seat_0", std::int64_t{30}},
                        {"small_balls_seat_1", std::int64_t{30}},
                        {"small_balls_seat_2", std::int64_t{30}}},
                       7);
  if (HasFatalFailure()) return;
  auto b = random_game(4,
                       {{"small_balls_seat_0", std::int64_t{10}},
                        {"small_balls_seat_2", std::int64_t{0}},
                        {"setup_balls", std::int64_t{20}},
                        {"turn_order", std::string("lot")},
                        {"draw_window", std::int64_t{3}}},
                       8);
  if (HasFatalFailure()) return;
  auto c = random_game(
      2, {{"small_balls_seat_1", std::int64_t{5}}, {"setup_balls", std::int64_t{5}}}, 9);
  EXPECT_FALSE(a.reason.empty());
  EXPECT_FALSE(b.reason.empty());
  EXPECT_FALSE(c.reason.empty());
}

// A game of three with a short setup (four balls each), so that play begins at once.
std::unique_ptr<state> quick_three(std::uint64_t seed) {
  auto params = *resolve_params(the_game().param_specs(), {{"setup_balls", std::int64_t{4}}});
  auto made = the_game().new_state(3, params, seed);
  return std::unique_ptr<state>(dynamic_cast<state*>(made->release()));
}

// The sampler and the checker agree: every drawn sowing is accepted, and the existence check
// agrees with the sampler on whether there is anything to draw.
TEST(esiema_playout, drawn_moves_are_accepted_and_counts_match_the_walk) {
  auto made = quick_three(3);
  auto& st = *made;
  std::mt19937_64 rng(3);
  int compared = 0;
  for (int ply = 0; ply < 400 && !st.is_terminal(); ++ply) {
    if (st.position().stage == phase::play && ply % 5 == 0) {
      // Where few enough, walking every sowing gives the count.
      auto counted = st.count_moves();
      if (counted && *counted < 20000) {
        std::uint64_t walked = st.legal_moves().size();
        if (!st.position().must_reproduce(st.position().to_move, st.rules())) {
          for_each_sowing(st.position(), st.position().to_move, [&](const move& m) {
            ++walked;
            if (walked % 97 == 0) {  // a sample replayed through the checked path
              auto copy = st.clone();
              EXPECT_TRUE(copy->play(move_text(m)).has_value()) << move_text(m);
            }
          });
        }
        EXPECT_EQ(walked, *counted);
        ++compared;
      }
    }
    for (int i = 0; i < 4; ++i) {
      auto copy = st.clone();
      std::string m = st.random_move(rng);
      EXPECT_TRUE(copy->play(m).has_value()) << m;
    }
    ASSERT_TRUE(st.play(st.random_move(rng)).has_value());
  }
  EXPECT_GT(compared, 10);
}

// Every sowing, built one part at a time from the continuations (each part checked by the
// engine), in order to compare with the walk that perft counts.
std::set<std::string> sowings_by_parts(const state& st, const std::string& chosen, int& dead_ends) {
  auto next = st.continuations(chosen);
  EXPECT_TRUE(next.has_value()) << chosen;
  if (!next) return {};
  std::set<std::string> out;
  if (next->may_end) out.insert(chosen);
  for (const auto& part : next->next) {
    auto more = sowings_by_parts(st, chosen.empty() ? part : chosen + "-" + part, dead_ends);
    dead_ends += more.empty();
    out.merge(more);
  }
  return out;
}

// The parts lead to exactly the legal sowings: none is missing, and no part offered leads to a
// dead end (a path too short, or no ball of one's own left to drop last).
TEST(esiema_playout, sowings_built_part_by_part_are_exactly_the_legal_ones) {
  auto made = quick_three(5);
  auto& st = *made;
  std::mt19937_64 rng(5);
  int compared = 0;
  for (int ply = 0; ply < 300 && !st.is_terminal(); ++ply) {
    auto counted = st.count_moves();
    if (st.position().stage == phase::play && ply % 3 == 0 && counted && *counted < 3000) {
      std::set<std::string> walked;
      if (!st.position().must_reproduce(st.position().to_move, st.rules())) {
        for_each_sowing(st.position(), st.position().to_move,
                        [&](const move& m) { walked.insert(move_text(m)); });
      }
      int dead_ends = 0;
      EXPECT_EQ(sowings_by_parts(st, "", dead_ends), walked) << st.to_text();
      EXPECT_EQ(dead_ends, 0) << st.to_text();
      ++compared;
    }
    ASSERT_TRUE(st.play(st.random_move(rng)).has_value());
  }
  EXPECT_GT(compared, 10);
}

}  // namespace
}  // namespace boardroom::engine::esiema
