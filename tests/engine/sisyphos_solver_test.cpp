// The Sisyphos solver on reduced variants (fewer stones on the same board, solved in
// milliseconds): the ranking, the solver's moves against the engine's, hand-checked values, a
// brute force over the turn counter, the minimax equations at every node, the table file, the
// registry, perfect play and the analysis JSON. The full game takes a minute to solve; its
// tables are checked by `boardroom solve sisyphos --verify N` and, when BOARDROOM_SISYPHOS_TABLES
// names a directory holding them, by the last test here.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <unistd.h>

#include "engine/core/bot.hpp"
#include "engine/core/registry.hpp"
#include "engine/sisyphos/notation.hpp"
#include "engine/sisyphos/perfect.hpp"
#include "engine/sisyphos/position.hpp"
#include "engine/sisyphos/sisyphos.hpp"
#include "engine/sisyphos/solver_index.hpp"
#include "engine/sisyphos/state.hpp"
#include "engine/sisyphos/table.hpp"
#include "engine/sisyphos/table_registry.hpp"

namespace boardroom::engine::sisyphos {
namespace {

using ::testing::HasSubstr;

constexpr variant one_against_one{edition::forum2007, 1, 1};
constexpr variant two_against_one{edition::forum2007, 2, 1};
constexpr variant two_against_two{edition::forum2007, 2, 2};
constexpr variant three_against_one{edition::forum2007, 3, 1};

variant in_edition(variant v, edition e) {
  v.source = e;
  return v;
}

// Rank 5 at the top, file a on the left: 'S' Sisyphos, 's' a spirit, '.' empty; blanks ignored.
node picture(std::string_view rows, side to_move) {
  node n;
  n.to_move = to_move;
  int sq = 0;
  for (char c : rows) {
    if (c != 'S' && c != 's' && c != '.') continue;
    square at = make_square(sq % 5, 4 - sq / 5);
    if (c == 'S') n.stones[0] |= bit(at);
    if (c == 's') n.stones[1] |= bit(at);
    ++sq;
  }
  EXPECT_EQ(sq, 25) << rows;
  return n;
}

// Each variant is solved once per test run.
std::shared_ptr<const table> solved(const variant& v) {
  static std::map<std::tuple<int, int, int>, std::shared_ptr<const table>> cache;
  auto key = std::tuple{static_cast<int>(v.source), v.sisyphos_stones, v.spirit_stones};
  auto& t = cache[key];
  if (!t) {
    auto built = table::build(v, 2);
    EXPECT_TRUE(built.has_value());
    t = *built;
  }
  return t;
}

// A node of the full game drawn from a random playout of the engine: the positions play reaches.
std::vector<position> playout_positions(const rules& r, int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<position> out;
  for (int g = 0; g < games; ++g) {
    position p = position::start();
    while (!p.is_over(r)) {
      out.push_back(p);
      move_list moves;
      p.generate_moves(r, moves);
      p.play_unchecked(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Ranking

TEST(sisyphos_solver_index, every_node_of_a_reduced_variant_round_trips) {
  indexer ix(two_against_two);
  std::uint64_t per_half = 0;
  for (int k = 0; k <= 2; ++k) {
    for (int j = 0; j <= 2; ++j)
      per_half += choose(25, k) * choose(25 - k, j);
  }
  ASSERT_EQ(ix.size(), 2 * per_half);
  for (std::uint64_t i = 0; i < ix.size(); ++i) {
    node n = ix.at(i);
    ASSERT_EQ(ix.index(n), i);
    ASSERT_EQ(n.stones[0] & n.stones[1], 0u);
    ASSERT_LE(count(n.stones[0]), 2);
    ASSERT_LE(count(n.stones[1]), 2);
  }
}

TEST(sisyphos_solver_index, the_full_game_has_192678562_nodes) {
  indexer ix(variant::full(edition::forum2007));
  EXPECT_EQ(ix.size(), 192'678'562u);
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    std::uint64_t at = std::uniform_int_distribution<std::uint64_t>(0, ix.size() - 1)(rng);
    ASSERT_EQ(ix.index(ix.at(at)), at);
  }
  for (const position& p : playout_positions(rules::of(edition::forum2007), 50, 1)) {
    node n = node_of(p);
    ASSERT_EQ(ix.at(ix.index(n)), n);
  }
}

// ---------------------------------------------------------------------------------------------
// The solver's moves are the engine's

TEST(sisyphos_solver_moves, match_position_moves_and_unmoves_in_both_editions) {
  for (edition e : {edition::forum2007, edition::perlhuhn2007}) {
    rules r = rules::of(e);
    variant v = variant::full(e);
    indexer ix(v);
    std::vector<position> positions = playout_positions(r, 100, 2);
    std::mt19937_64 rng(3);
    for (int i = 0; i < 5000; ++i) {  // arbitrary nodes too, not only reachable ones
      node n = ix.at(std::uniform_int_distribution<std::uint64_t>(0, ix.size() - 1)(rng));
      if (!is_over(n)) positions.emplace_back(n.stones[0], n.stones[1], n.to_move, 5);
    }
    for (position p : positions) {
      if (p.sisyphos_turns() == 0)
        p = position(p.stones(side::sisyphos), p.stones(side::spirits), p.to_move(),
                     1);  // so unmoves of Sisyphos exist
      node n = node_of(p);
      move_list engine_moves;
      move_list solver_moves;
      p.generate_moves(r, engine_moves);
      generate_moves(n, v, solver_moves);
      ASSERT_EQ(std::vector(engine_moves.begin(), engine_moves.end()),
                std::vector(solver_moves.begin(), solver_moves.end()))
          << position_text(p);
      ASSERT_EQ(count_moves(n, v), engine_moves.size());
      for (move m : engine_moves) {
        position next = p;
        next.play_unchecked(m);
        ASSERT_EQ(after(n, m), node_of(next));
      }

      move_list engine_unmoves;
      p.generate_unmoves(r, engine_unmoves);
      std::set<std::uint16_t> expected;
      for (move m : engine_unmoves)
        expected.insert(m.bits());
      std::set<std::uint16_t> actual;
      for_each_unmove(n, v, [&](move m, const node& before) {
        position back = p;
        back.undo(m);
        EXPECT_EQ(before, node_of(back)) << position_text(p) << " " << move_text(m);
        actual.insert(m.bits());
      });
      ASSERT_EQ(actual, expected) << edition_name(e) << " " << position_text(p);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Values

TEST(sisyphos_solver, hand_checked_values_of_one_stone_against_one) {
  for (edition e : {edition::forum2007, edition::perlhuhn2007}) {
    auto t = solved(in_edition(one_against_one, e));
    // Next to a5: he steps there now, capturing or not.
    EXPECT_EQ(
        t->raw(picture(". . . . .  . S . . .  . . . . .  . . . . .  . . . . .", side::sisyphos)),
        1);
    EXPECT_EQ(
        t->raw(picture("s S . . .  . . . . .  . . . . .  . . . . .  . . . . .", side::sisyphos)),
        1);
    // c3 with the spirit in hand: c3-b4; the spirit's only move is to re-enter on a5, and b4xa5
    // wins with the second turn.
    EXPECT_EQ(
        t->raw(picture(". . . . .  . . . . .  . . S . .  . . . . .  . . . . .", side::sisyphos)),
        2);
    // The spirit on e2 steps onto e1 next, and c3 can neither win at once nor reach it.
    EXPECT_EQ(
        t->raw(picture(". . . . .  . . . . .  . . S . .  . . . . s  . . . . .", side::sisyphos)),
        no_win);
    // The spirits to move, Sisyphos on b4 out of reach of c2: whatever they do, he wins next.
    EXPECT_EQ(
        t->raw(picture(". . . . .  . S . . .  . . . . .  . . s . .  . . . . .", side::spirits)), 1);
    // Terminal nodes: 0 once on a5, no_win once a spirit stands on e1.
    EXPECT_EQ(
        t->raw(picture("S . . . .  . . . . .  . . . . .  . . . . .  . . . . s", side::spirits)), 0);
    EXPECT_EQ(
        t->raw(picture(". . . . .  . . . . .  . . S . .  . . . . .  . . . . s", side::sisyphos)),
        no_win);
  }
}

// The game with the turn counter, by brute force: win[r] says whether Sisyphos wins with at most
// r turns left (the move limit's rule: his r-th turn may still reach a5). It must agree with the
// table's "value <= r" for every node and every r, up to a fixed point.
void expect_brute_force_agrees(const variant& v) {
  auto t = solved(v);
  const indexer& ix = t->index();
  std::uint64_t size = ix.size();
  // Successor lists once; the rounds then only look up bits.
  std::vector<std::uint64_t> first(size + 1);
  std::vector<std::uint64_t> next_nodes;
  std::vector<char> terminal_win(size);
  std::vector<char> terminal(size);
  for (std::uint64_t i = 0; i < size; ++i) {
    first[i] = next_nodes.size();
    node n = ix.at(i);
    terminal[i] = is_over(n);
    terminal_win[i] = is_goal(n);
    move_list moves;
    generate_moves(n, v, moves);
    for (move m : moves)
      next_nodes.push_back(ix.index(after(n, m)));
  }
  first[size] = next_nodes.size();

  std::vector<char> win(size);  // r = 0: only where he has already won
  for (std::uint64_t i = 0; i < size; ++i)
    win[i] = terminal_win[i];
  for (int r = 1;; ++r) {
    std::vector<char> next = win;
    for (int h = 0; h < 2; ++h) {  // Sisyphos nodes read r - 1, then spirit nodes read r
      for (std::uint64_t i = h * ix.half_size(); i < (h + 1) * ix.half_size(); ++i) {
        if (terminal[i]) continue;
        bool sisyphos = h == 0;
        bool result = !sisyphos;
        for (std::uint64_t s = first[i]; s < first[i + 1]; ++s) {
          bool won = sisyphos ? win[next_nodes[s]] : next[next_nodes[s]];
          result = sisyphos ? result || won : result && won;
        }
        next[i] = result;
      }
    }
    for (std::uint64_t i = 0; i < size; ++i) {
      if (terminal[i]) continue;
      ASSERT_EQ(static_cast<bool>(next[i]), t->values()[i] <= r)
          << variant_name(v) << ", " << r << " turns left: " << node_text(ix.at(i), v)
          << " has the value " << int{t->values()[i]};
    }
    if (next == win) break;  // a fixed point: no more turns make a difference
    win = std::move(next);
    ASSERT_LT(r, 100);
  }
}

TEST(sisyphos_solver, agrees_with_brute_force_over_the_turn_counter) {
  expect_brute_force_agrees(two_against_one);
  expect_brute_force_agrees(in_edition(two_against_one, edition::perlhuhn2007));
  expect_brute_force_agrees(two_against_two);
}

TEST(sisyphos_solver, minimax_equations_hold) {
  for (edition e : {edition::forum2007, edition::perlhuhn2007}) {
    // Every node of the default edition; the brute force covers the other's two against one.
    auto t = solved(in_edition(two_against_two, e));
    bool every = e == edition::forum2007;
    auto checked = check_equations(*t, every ? t->index().size() : 50'000, 0);
    ASSERT_TRUE(checked.has_value()) << checked.error().message;
    if (every) {
      EXPECT_GT(*checked, t->index().size() / 2);
    }
    // A third Sisyphos stone, sampled.
    t = solved(in_edition(three_against_one, e));
    checked = check_equations(*t, 20'000, 1);
    ASSERT_TRUE(checked.has_value()) << checked.error().message;
  }
}

TEST(sisyphos_solver, check_equations_finds_a_wrong_value) {
  auto t = solved(two_against_one);
  std::vector<std::uint8_t> values(t->values().begin(), t->values().end());
  node n = picture(". . . . .  . . . . .  . . S . .  . . . . .  . . . . .", side::sisyphos);
  ASSERT_EQ(values[t->index().index(n)], 2);
  values[t->index().index(n)] = 3;
  auto broken = table::from_values(two_against_one, std::move(values));
  auto checked = check_equations(*broken, broken->index().size(), 0);
  ASSERT_FALSE(checked.has_value());
  EXPECT_THAT(checked.error().message, HasSubstr("has the value"));
}

TEST(sisyphos_solver, summary_counts_what_an_enumeration_counts) {
  auto t = solved(two_against_two);
  table_summary expected;
  const indexer& ix = t->index();
  expected.nodes = ix.size();
  for (std::uint64_t i = 0; i < ix.size(); ++i) {
    node n = ix.at(i);
    if (is_over(n)) {
      ++expected.terminal;
      continue;
    }
    std::uint8_t v = t->values()[i];
    ++expected.distribution[index(n.to_move)][v];
    if (n.to_move == side::sisyphos && v != no_win && v > expected.longest_win) {
      expected.longest_win = v;
      expected.longest_example = n;
    }
  }
  auto s = summarize(*t);
  EXPECT_EQ(s.nodes, expected.nodes);
  EXPECT_EQ(s.terminal, expected.terminal);
  EXPECT_EQ(s.distribution, expected.distribution);
  EXPECT_EQ(s.longest_win, expected.longest_win);
  EXPECT_EQ(s.longest_example, expected.longest_example);
  EXPECT_EQ(s.distribution[0][0], 0u);
}

// ---------------------------------------------------------------------------------------------
// The table file and the registry

class sisyphos_table_file : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("sisyphos_solver_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::filesystem::path dir_;
};

TEST_F(sisyphos_table_file, saves_and_maps_the_same_bytes) {
  auto t = solved(in_edition(two_against_two, edition::perlhuhn2007));
  ASSERT_TRUE(t->save(path("t.tbl")).has_value());
  EXPECT_FALSE(std::filesystem::exists(path("t.tbl.partial")));
  auto loaded = table::load(path("t.tbl"));
  ASSERT_TRUE(loaded.has_value()) << loaded.error().message;
  EXPECT_EQ((*loaded)->variant(), t->variant());
  EXPECT_TRUE(std::ranges::equal((*loaded)->values(), t->values()));
  EXPECT_EQ(std::filesystem::file_size(path("t.tbl")), 64 + t->values().size());
}

TEST_F(sisyphos_table_file, refuses_corrupt_truncated_foreign_and_missing_files) {
  auto t = solved(two_against_two);
  ASSERT_TRUE(t->save(path("t.tbl")).has_value());
  auto bytes_of = [&] {
    std::ifstream in(path("t.tbl"), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  auto write = [&](const std::string& name, const std::string& bytes) {
    std::ofstream(path(name), std::ios::binary) << bytes;
  };
  std::string good = bytes_of();

  std::string corrupt = good;
  corrupt[64 + 1000] ^= 1;
  write("corrupt.tbl", corrupt);
  auto loaded = table::load(path("corrupt.tbl"));
  ASSERT_FALSE(loaded.has_value());
  EXPECT_EQ(loaded.error().code.name(), "bad_table");
  EXPECT_THAT(loaded.error().message, HasSubstr("checksum"));

  write("short.tbl", good.substr(0, good.size() - 1));
  loaded = table::load(path("short.tbl"));
  ASSERT_FALSE(loaded.has_value());
  EXPECT_THAT(loaded.error().message, HasSubstr("bytes"));

  write("foreign.tbl", "not a table at all, just some text that is long enough for a header...");
  loaded = table::load(path("foreign.tbl"));
  ASSERT_FALSE(loaded.has_value());
  EXPECT_THAT(loaded.error().message, HasSubstr("header"));

  loaded = table::load(path("missing.tbl"));
  ASSERT_FALSE(loaded.has_value());
  EXPECT_THAT(loaded.error().message, HasSubstr("cannot open"));
}

TEST_F(sisyphos_table_file, the_registry_takes_full_tables_only) {
  EXPECT_FALSE(solver_tables().install(solved(two_against_two)).has_value());
  EXPECT_EQ(solver_tables().find(edition::forum2007), nullptr);

  auto none = install_tables_from(dir_.string());
  ASSERT_TRUE(none.has_value());
  EXPECT_TRUE(none->empty());

  // A reduced table under a full table's name is refused.
  ASSERT_TRUE(solved(two_against_two)->save(path(table_file_name(edition::forum2007))));
  auto refused = install_tables_from(dir_.string());
  ASSERT_FALSE(refused.has_value());
  EXPECT_THAT(refused.error().message, HasSubstr("2 against 2 stones"));
  EXPECT_EQ(solver_tables().find(edition::forum2007), nullptr);
}

// ---------------------------------------------------------------------------------------------
// Perfect play

// Plays from `n` with `remaining` Sisyphos turns left; each side perfect or random. Returns the
// Sisyphos turns he needed to win, or nullopt if he did not win within `remaining`.
std::optional<int> play_out(const table& t, node n, int remaining, bool perfect_sisyphos,
                            bool perfect_spirits, std::mt19937_64& rng) {
  int turns = 0;
  while (!is_over(n) && turns < remaining) {
    bool perfect = n.to_move == side::sisyphos ? perfect_sisyphos : perfect_spirits;
    move m;
    if (perfect) {
      m = *perfect_move(t, n, remaining - turns, rng);
    } else {
      move_list moves;
      generate_moves(n, t.variant(), moves);
      m = moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)];
    }
    turns += n.to_move == side::sisyphos;
    n = after(n, m);
  }
  return is_goal(n) ? std::optional<int>(turns) : std::nullopt;
}

void expect_perfect_play(const variant& v) {
  auto t = solved(v);
  const indexer& ix = t->index();
  std::mt19937_64 rng(11);
  int won = 0;
  int held = 0;
  for (int i = 0; i < 2000; ++i) {
    node n = ix.at(std::uniform_int_distribution<std::uint64_t>(0, ix.half_size() - 1)(rng));
    if (is_over(n)) continue;
    int value = t->raw(n);
    if (value != no_win) {
      ++won;
      // Both perfect: the win comes with exactly the value-th turn.
      ASSERT_EQ(play_out(*t, n, 200, true, true, rng), value) << node_text(n, v);
      // One turn fewer and the perfect spirits hold, whatever Sisyphos tries.
      ASSERT_EQ(play_out(*t, n, value - 1, true, true, rng), std::nullopt);
      ASSERT_EQ(play_out(*t, n, value - 1, false, true, rng), std::nullopt);
      // Against random spirits the perfect Sisyphos needs that many turns at most.
      auto against_random = play_out(*t, n, value, true, false, rng);
      ASSERT_TRUE(against_random.has_value());
      ASSERT_LE(*against_random, value);
    } else {
      ++held;
      ASSERT_EQ(play_out(*t, n, 60, false, true, rng), std::nullopt) << node_text(n, v);
      ASSERT_EQ(play_out(*t, n, 60, true, true, rng), std::nullopt);
    }
  }
  EXPECT_GT(won, 100) << variant_name(v);
  EXPECT_GT(held, 10) << variant_name(v);
}

TEST(sisyphos_perfect, wins_in_exactly_the_tables_turns_and_never_fewer) {
  expect_perfect_play(two_against_two);
  expect_perfect_play(in_edition(three_against_one, edition::perlhuhn2007));
}

TEST(sisyphos_perfect, moves_are_ranked_for_the_side_to_move) {
  auto t = solved(two_against_two);
  node n = picture(". . . . .  . . . . .  . . S . .  . . . . .  . . . . .", side::sisyphos);
  auto moves = evaluate_moves(*t, n, 60);
  ASSERT_FALSE(moves.empty());
  // Best first; the best are exactly those one turn closer than the node.
  int value = t->raw(n);
  for (const auto& e : moves) {
    EXPECT_EQ(e.best, e.after.ignoring_limit == value - 1) << move_text(e.m);
  }
  for (std::size_t i = 1; i < moves.size(); ++i)
    EXPECT_LE(moves[i - 1].after.ignoring_limit.value_or(999),
              moves[i].after.ignoring_limit.value_or(999));
  // The limit decides who wins, not which move is best.
  auto limited = evaluate_moves(*t, n, value - 1);
  EXPECT_EQ(limited.front().m, moves.front().m);
  EXPECT_EQ(limited.front().after.turns_to_win, std::nullopt);
  EXPECT_EQ(evaluate(*t, n, value).turns_to_win, value);
  EXPECT_EQ(evaluate(*t, n, value - 1).turns_to_win, std::nullopt);
  EXPECT_EQ(evaluate(*t, n, value - 1).ignoring_limit, value);
}

// ---------------------------------------------------------------------------------------------
// The engine side: the "perfect" bot and game::analyze

std::unique_ptr<engine::state> game_state(std::string_view spec, std::string_view text = {}) {
  auto g = parse_game_spec(spec);
  EXPECT_TRUE(g.has_value());
  auto s = text.empty() ? g->game_ptr->new_state(2, g->params, 0)
                        : g->game_ptr->state_from_text(2, g->params, text);
  EXPECT_TRUE(s.has_value()) << (s ? "" : s.error().message);
  return std::move(*s);
}

TEST(sisyphos_perfect, bot_and_analysis_need_the_table) {
  const game& g = the_game();
  const bot* perfect = find_bot(g, "perfect");
  ASSERT_NE(perfect, nullptr);
  EXPECT_THAT(std::string(perfect->description()), HasSubstr("perfectly"));
  auto s = game_state("sisyphos(edition=perlhuhn2007)");
  std::mt19937_64 rng(1);
  auto choice = perfect->choose(*s, rng);
  ASSERT_FALSE(choice.has_value());
  EXPECT_EQ(choice.error().code.name(), "no_table");
  EXPECT_THAT(choice.error().message, HasSubstr("perlhuhn2007"));
  EXPECT_THAT(choice.error().message, HasSubstr("boardroom solve sisyphos"));
  auto analysis = g.analyze(*s);
  ASSERT_FALSE(analysis.has_value());
  EXPECT_EQ(analysis.error().code.name(), "no_table");
}

// A stand-in for the full table: every node 20 turns from the win, a few set by hand. Enough to
// see the bot and the analysis read the table through the engine's state and apply the limit.
class sisyphos_fake_full_table : public ::testing::Test {
 protected:
  void SetUp() override {
    variant v = variant::full(edition::forum2007);
    indexer ix(v);
    std::vector<std::uint8_t> values(ix.size(), 20);
    position start = position::start();
    auto set_after = [&](std::string_view text, std::uint8_t value) {
      position p = start;
      p.play_unchecked(*find_move(start, text));
      values[ix.index(node_of(p))] = value;
    };
    values[ix.index(node_of(start))] = 17;
    set_after("e3-d4", 16);
    set_after("c1-b2", no_win);
    ASSERT_TRUE(solver_tables().install(table::from_values(v, std::move(values))).has_value());
  }
  void TearDown() override { solver_tables().remove(edition::forum2007); }

  static std::optional<move> find_move(const position& p, std::string_view text) {
    move_list moves;
    p.generate_moves(rules::of(edition::forum2007), moves);
    for (move m : moves) {
      if (move_text(m) == text) return m;
    }
    ADD_FAILURE() << text;
    return std::nullopt;
  }
};

TEST_F(sisyphos_fake_full_table, the_bot_plays_the_fastest_win) {
  auto s = game_state("sisyphos");
  const bot* perfect = find_bot(the_game(), "perfect");
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    std::mt19937_64 rng(seed);
    auto choice = perfect->choose(*s, rng);
    ASSERT_TRUE(choice.has_value()) << choice.error().message;
    EXPECT_EQ(*choice, "e3-d4");
  }
  // The spirits' turn: in the fake every reply leads to 20, so all are equally good and the seed
  // picks among them.
  ASSERT_TRUE(s->play("e3-d4"));
  std::set<std::string> picks;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    std::mt19937_64 rng(seed);
    picks.insert(*perfect->choose(*s, rng));
  }
  EXPECT_EQ(picks.size(), s->legal_moves().size());
}

TEST_F(sisyphos_fake_full_table, analysis_gives_the_position_and_every_move) {
  auto s = game_state("sisyphos");
  auto a = the_game().analyze(*s);
  ASSERT_TRUE(a.has_value()) << a.error().message;
  EXPECT_EQ((*a)["available"], true);
  EXPECT_EQ((*a)["edition"], "forum2007");
  EXPECT_EQ((*a)["to_move"], "sisyphos");
  EXPECT_EQ((*a)["position"]["sisyphos_turns_to_win"], 17);
  EXPECT_EQ((*a)["position"]["wins_with_turn"], 17);
  EXPECT_EQ((*a)["position"]["winner_with_best_play"], "sisyphos");
  const auto& moves = (*a)["moves"];
  ASSERT_EQ(moves.size(), s->legal_moves().size());
  EXPECT_EQ(moves.front()["move"], "e3-d4");
  EXPECT_EQ(moves.front()["sisyphos_turns_to_win"], 16);
  EXPECT_EQ(moves.front()["wins_with_turn"], 17);
  EXPECT_EQ(moves.front()["best"], true);
  EXPECT_EQ(moves[1]["sisyphos_turns_to_win"], 20);
  EXPECT_EQ(moves[1]["best"], false);
  EXPECT_EQ(moves.back()["move"], "c1-b2");
  EXPECT_EQ(moves.back()["sisyphos_turns_to_win"], nullptr);
  EXPECT_EQ(moves.back()["winner_with_best_play"], "spirits");
}

TEST_F(sisyphos_fake_full_table, the_move_limit_decides_who_wins) {
  // 44 turns made, 16 left of 60: the 20 turns the fake table claims are too many.
  auto s = game_state("sisyphos", "ss3/s4/4S/4S/2SSS S S0s0 44");
  auto a = the_game().analyze(*s);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ((*a)["position"]["sisyphos_turns_to_win"], nullptr);
  EXPECT_EQ((*a)["position"]["winner_with_best_play"], "spirits");
  EXPECT_EQ((*a)["position"]["turns_to_win_ignoring_limit"], 17);
  // After e3-d4 he has 15 turns left and needs 16.
  EXPECT_EQ((*a)["moves"].front()["sisyphos_turns_to_win"], nullptr);
  // 43 made, 17 left: exactly enough.
  s = game_state("sisyphos", "ss3/s4/4S/4S/2SSS S S0s0 43");
  a = the_game().analyze(*s);
  EXPECT_EQ((*a)["position"]["sisyphos_turns_to_win"], 17);
  EXPECT_EQ((*a)["position"]["wins_with_turn"], 60);
  EXPECT_EQ((*a)["moves"].front()["wins_with_turn"], 60);
}

TEST_F(sisyphos_fake_full_table, a_finished_game_has_a_value_and_no_moves) {
  auto s = game_state("sisyphos", "S4/5/5/4s/5 s S4s2 9");
  auto a = the_game().analyze(*s);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ((*a)["to_move"], nullptr);
  EXPECT_EQ((*a)["position"]["sisyphos_turns_to_win"], 0);
  EXPECT_EQ((*a)["position"]["winner_with_best_play"], "sisyphos");
  EXPECT_TRUE((*a)["moves"].empty());
}

// ---------------------------------------------------------------------------------------------
// The full tables, when a directory holding them is named (they take a minute to build)

TEST(sisyphos_full_tables, reproduce_17_and_play_it_out) {
  const char* dir = std::getenv("BOARDROOM_SISYPHOS_TABLES");
  if (!dir) GTEST_SKIP() << "set BOARDROOM_SISYPHOS_TABLES to a directory with the tables";
  auto installed = install_tables_from(dir);
  ASSERT_TRUE(installed.has_value()) << installed.error().message;
  ASSERT_EQ(installed->size(), 2u);
  for (edition e : {edition::forum2007, edition::perlhuhn2007}) {
    auto t = solver_tables().find(e);
    EXPECT_EQ(t->raw(node_of(position::start())), 17);
    auto checked = check_equations(*t, 200'000, 5);
    ASSERT_TRUE(checked.has_value()) << checked.error().message;

    // Perfect against perfect through the engine's checked path: a5 with turn 17 exactly.
    std::string spec = "sisyphos(edition=" + std::string(edition_name(e)) + ")";
    auto s = game_state(spec);
    const bot* perfect = find_bot(the_game(), "perfect");
    std::mt19937_64 rng(17);
    while (!s->is_terminal()) {
      auto m = perfect->choose(*s, rng);
      ASSERT_TRUE(m.has_value()) << m.error().message;
      ASSERT_TRUE(s->play(*m).has_value());
    }
    EXPECT_EQ(s->outcome()->reason, "goal");
    EXPECT_EQ(static_cast<const state&>(*s).position().sisyphos_turns(), 17);
    solver_tables().remove(e);
  }
}

}  // namespace
}  // namespace boardroom::engine::sisyphos
