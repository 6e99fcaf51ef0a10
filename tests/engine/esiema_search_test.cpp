// What the search bot (engine/core/search_bot.hpp) needs from Esiema: a judgement of unfinished
// positions by the small balls each player still owns (engine/esiema/evaluation.hpp), and
// playouts that capture (random_capture in sowing.hpp). Random Esiema games run to thousands of
// moves, so without them the search's playouts seldom reached an end, every move looked like a
// draw, and it played no better than random. The numbers are worked out by hand from the rules.

#include <gtest/gtest.h>

#include <random>

#include "engine/core/bot.hpp"
#include "engine/core/search_bot.hpp"
#include "engine/esiema/sowing.hpp"
#include "tests/engine/esiema_helpers.hpp"

namespace boardroom::engine::esiema {
namespace {

using test::field;
using test::scenario;

// Red owns 60 small balls (two in f6, 58 in reserve), Blue 20 (two in f8, 18 in reserve).
scenario sixty_to_twenty() {
  scenario s;
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .  bb   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  s.reserve = {58, 18};
  return s;
}

// Of two players, each is taken to finish ahead with the cube of their small balls over the sum of
// both cubes: Red's 60 to Blue's 20 are 3 to 1, so 27 to 1.
TEST(esiema_evaluation, the_player_with_more_small_balls_is_ahead) {
  auto st = sixty_to_twenty().make();
  auto judged = st->estimated_shares();
  ASSERT_TRUE(judged.has_value());
  EXPECT_DOUBLE_EQ((*judged)[0], 27.0 / 28);
  EXPECT_DOUBLE_EQ((*judged)[1], 1.0 / 28);

  // Even material is even, whoever is to move.
  scenario even = sixty_to_twenty();
  even.reserve = {18, 18};
  even.to = 'b';
  auto judged_even = even.make()->estimated_shares();
  ASSERT_TRUE(judged_even.has_value());
  EXPECT_DOUBLE_EQ((*judged_even)[0], 0.5);
  EXPECT_DOUBLE_EQ((*judged_even)[1], 0.5);
}

// A capture raises the capturer's judgement: Red sows f6 along f7 into f8 and takes Blue's two
// balls, 60 to 18 afterwards; a sowing that captures nothing leaves 60 to 20.
TEST(esiema_evaluation, a_capture_is_judged_better_than_a_quiet_sowing) {
  auto captured = sixty_to_twenty().make();
  test::play(*captured, "f6-f7r-f8r");
  EXPECT_EQ(field(captured->to_text(), "captured"), "10,52");
  auto quiet = sixty_to_twenty().make();
  test::play(*quiet, "f6-f5r-f4r");
  const double after_capture = (*captured->estimated_shares())[0];
  EXPECT_DOUBLE_EQ(after_capture, 60.0 * 60 * 60 / (60.0 * 60 * 60 + 18.0 * 18 * 18));
  EXPECT_DOUBLE_EQ((*quiet->estimated_shares())[0], 27.0 / 28);
  EXPECT_GT(after_capture, 27.0 / 28);
}

// Four players, Green out first and Yellow second; Red owns 30 small balls, Blue 10 (3 to 1, so
// 27 to 1 between them). Red: ahead of both players out, (27/28 + 1 + 1) / 3. Blue:
// (1/28 + 1 + 1) / 3. Yellow went out after Green: (0 + 0 + 1) / 3. Green: 0. They add up to two,
// half the players.
TEST(esiema_evaluation, players_out_rank_below_and_in_the_order_they_went_out) {
  scenario s;
  s.players = 4;
  s.drawing = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   .  rr   .  bb   .   .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";
  s.reserve = {28, 8, 0, 0};
  s.out = {0, 0, 2, 1};
  auto judged = s.make()->estimated_shares();
  ASSERT_TRUE(judged.has_value());
  EXPECT_DOUBLE_EQ((*judged)[0], (27.0 / 28 + 2) / 3);
  EXPECT_DOUBLE_EQ((*judged)[1], (1.0 / 28 + 2) / 3);
  EXPECT_DOUBLE_EQ((*judged)[2], 1.0 / 3);
  EXPECT_DOUBLE_EQ((*judged)[3], 0.0);
}

// The judgement is only the search's: the rules never decide an unfinished game, so a game
// halted by a limit (`boardroom match --max-moves`, a time control) is still drawn.
TEST(esiema_evaluation, is_no_rule_for_halted_games) {
  auto st = sixty_to_twenty().make();
  EXPECT_FALSE(st->outcome_when_halted().has_value());
}

// Red's three balls in f6 reach Blue's eleven in f9 along row f: the only capture. Red's mother in
// a1 can only reproduce or step away.
const char* const eleven_in_reach = R"(
               .   .   .   .   .   B
             .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
       .   .   .   .   .   .   .   .   .   .
     .   .   .   .   . 3r   .   . 11b  .   .
       .   .   .   .   .   .   .   .   .   .
         .   .   .   .   .   .   .   .   .
           .   .   .   .   .   .   .   .
             .   .   .   .   .   .   .
               R   .   .   .   .   .
  )";

TEST(esiema_capture_draw, finds_the_capture_and_plays_it_legally) {
  scenario s;
  s.drawing = eleven_in_reach;
  auto st = s.make();
  const auto& es = dynamic_cast<const state&>(*st);
  std::mt19937_64 rng(1);
  for (int i = 0; i < 50; ++i) {
    auto m = random_capture(es.position(), 0, rng);
    ASSERT_TRUE(m.has_value());
    const std::string text = move_text(*m);
    // Three pits from f6 to f9, three steps away: straight along row f.
    EXPECT_EQ(text, "f6-f7r-f8r-f9r");
    auto next = st->clone();
    test::play(*next, text);
    EXPECT_EQ(field(next->to_text(), "captured"), "0,11");
  }
}

TEST(esiema_capture_draw, finds_none_where_the_rules_allow_none) {
  std::mt19937_64 rng(1);
  auto none = [&](const std::string& drawing) {
    scenario s;
    s.drawing = drawing;
    auto st = s.make();
    return !random_capture(dynamic_cast<const state&>(*st).position(), 0, rng).has_value();
  };
  // A mother protects the balls with her.
  std::string protected_by_mother = eleven_in_reach;
  protected_by_mother.replace(protected_by_mother.find("11b "), 4, "bbB ");
  protected_by_mother.replace(protected_by_mother.find("  B\n"), 4, "  .\n");
  EXPECT_TRUE(none(protected_by_mother));
  // Three balls cannot reach a pit four steps away.
  std::string too_far = eleven_in_reach;
  too_far.replace(too_far.find(". 11b  ."), 8, ". .  11b");
  EXPECT_TRUE(none(too_far));
  // A single ball sown captures nothing.
  std::string single = eleven_in_reach;
  single.replace(single.find(" 3r "), 4, " r  ");
  EXPECT_TRUE(none(single));
  EXPECT_FALSE(none(eleven_in_reach));
}

// Drawn for playouts, half the moves are captures where one is found: enough for the search to
// see them, not so many that it sees nothing else.
TEST(esiema_capture_draw, playout_moves_capture_about_half_the_time) {
  scenario s;
  s.drawing = eleven_in_reach;
  auto st = s.make();
  std::mt19937_64 rng(2);
  int captures = 0;
  for (int i = 0; i < 400; ++i) {
    std::string m = st->playout_move(rng);
    auto next = st->clone();
    test::play(*next, m);
    captures += field(next->to_text(), "captured") == "0,11";
  }
  EXPECT_GT(captures, 150);
  EXPECT_LT(captures, 300);
}

// Every capture drawn in the positions of random games of three is legal and captures.
TEST(esiema_capture_draw, drawn_captures_are_legal_in_random_games) {
  auto params = *resolve_params(the_game().param_specs(), {{"setup_balls", std::int64_t{12}}});
  auto made = the_game().new_state(3, params, 4);
  ASSERT_TRUE(made.has_value());
  auto& st = dynamic_cast<state&>(**made);
  std::mt19937_64 rng(4);
  int found = 0;
  for (int ply = 0; ply < 600 && !st.is_terminal(); ++ply) {
    const position& pos = st.position();
    if (pos.stage == phase::play && !pos.must_reproduce(pos.to_move, st.rules())) {
      if (auto m = random_capture(pos, pos.to_move, rng)) {
        ++found;
        int before = 0;
        for (int s = 0; s < pos.players; ++s)
          before += pos.captured[s];
        auto next = st.clone();
        test::play(*next, move_text(*m));
        const auto& after = dynamic_cast<const state&>(*next).position();
        int now = 0;
        for (int s = 0; s < after.players; ++s)
          now += after.captured[s];
        EXPECT_GT(now, before) << move_text(*m) << "\n" << st.to_text();
      }
    }
    ASSERT_TRUE(st.play(st.random_move(rng)).has_value());
  }
  EXPECT_GT(found, 50);
}

// With a capture of eleven balls on offer, a small search takes it, whatever its seed.
TEST(esiema_search, takes_a_big_capture) {
  scenario s;
  s.drawing = eleven_in_reach;
  auto st = s.make();
  const bot* b = search_bot_named("mcts:100");
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::mt19937_64 rng(seed);
    auto chosen = b->choose(*st, rng);
    ASSERT_TRUE(chosen.has_value());
    auto next = st->clone();
    test::play(*next, *chosen);
    EXPECT_EQ(field(next->to_text(), "captured"), "0,11") << "seed " << seed << ": " << *chosen;
  }
}

// A small search beats random in every one of a few games, in either seat. Before Esiema judged
// unfinished positions and drew captures for playouts, such games ran to thousands of moves and
// the search won no more often than random.
TEST(esiema_search, a_small_search_beats_random) {
  const game& g = the_game();
  auto params = *resolve_params(g.param_specs(), {});
  const bot* search = search_bot_named("mcts:16");
  const bot* random = find_bot(g, "random");
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    auto made = g.new_state(2, params, seed);
    ASSERT_TRUE(made.has_value());
    auto& st = **made;
    const int searcher = static_cast<int>(seed % 2);
    std::mt19937_64 rng(seed);
    int plies = 0;
    for (; !st.is_terminal() && plies < 2000; ++plies) {
      const int p = st.current_player();
      auto chosen = (p == searcher ? search : random)->choose(st, rng);
      ASSERT_TRUE(chosen.has_value());
      ASSERT_TRUE(st.play(*chosen).has_value()) << *chosen;
    }
    ASSERT_TRUE(st.is_terminal()) << "no end after " << plies << " moves";
    EXPECT_EQ(st.outcome()->winners(), std::vector<int>{searcher}) << st.outcome()->description;
  }
}

}  // namespace
}  // namespace boardroom::engine::esiema
