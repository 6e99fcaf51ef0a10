// Contract tests over every registered game: whatever a game's rules, its state must keep the
// promises of engine/core/game.hpp. A new game in the registry is checked here without a line of
// test code; its choice and boolean parameters are each tried as well.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <optional>
#include <random>
#include <set>

#include "engine/core/registry.hpp"

namespace boardroom::engine {
namespace {

// One game under one set of parameters.
struct variant {
  const game* g = nullptr;
  param_map params;
  std::string name;  // a test-name suffix: letters, digits and '_'
};

// gtest prints this in failure messages instead of the struct's bytes.
void PrintTo(const variant& v, std::ostream* out) {
  *out << v.name;
}

std::string identifier(std::string s) {
  for (char& c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return s;
}

// The defaults, then each non-default choice and boolean on its own.
std::vector<variant> all_variants() {
  std::vector<variant> out;
  for (const game* g : all_games()) {
    std::string key(g->key());
    auto defaults = resolve_params(g->param_specs(), {});
    if (!defaults) {  // reported by catalogue_is_sane; nothing to play
      continue;
    }
    out.push_back({g, *defaults, identifier(key)});
    for (const auto& spec : g->param_specs()) {
      std::vector<param_value> others;
      if (spec.type == param_spec::kind::choice) {
        for (const auto& c : spec.choices) {
          if (param_value(c) != spec.default_value) others.emplace_back(c);
        }
      } else if (spec.type == param_spec::kind::boolean) {
        others.emplace_back(!std::get<bool>(spec.default_value));
      }
      for (const auto& value : others) {
        param_map params = *defaults;
        params[spec.name] = value;
        out.push_back({g, params, identifier(key + "_" + spec.name + "_" + param_text(value))});
      }
    }
  }
  return out;
}

constexpr int max_plies = 5000;  // a random game that runs longer is a bug
// Playouts per variant, spread over its player counts (a two-player game plays them all with two;
// Esiema's five player counts get four each), but at least min_seeds per player count. Under
// AddressSanitizer every step costs about ten times as much: that run is there to check memory,
// and the release run covers the seeds.
#ifdef BOARDROOM_SANITIZED_ADDRESS
constexpr std::uint64_t num_seeds = 4;
constexpr std::uint64_t min_seeds = 1;
constexpr int views_read_every = 8;  // plies (check_view)
#else
constexpr std::uint64_t num_seeds = 16;
constexpr std::uint64_t min_seeds = 4;
constexpr int views_read_every = 1;
#endif
constexpr std::size_t max_checked = 64;     // legal moves replayed per ply (sampled beyond)
constexpr std::uint64_t max_perft3 = 1500;  // generic depth-3 perft only below this many nodes
// The generic perft lists every reply as text: 4.3 million strings from the 10x10 Amazons start,
// seconds in a sanitizer build. Above this many nodes (moves squared) the games' own perft tests,
// which check the fast perft against independent references, have to do.
constexpr std::uint64_t max_perft2 = 40000;
// Games with long move lists (an Arimaa position lists thousands of whole turns) would need
// minutes per playout: a playout stops early once it has listed this many moves, with every
// promise checked on every ply it reached.
constexpr std::size_t max_listed = 6000;
// Moves drawn with random_move() and replayed per ply where the list leaves moves out.
constexpr std::size_t max_drawn = 8;

// Texts no game should take for a move.
const std::vector<std::string>& garbage() {
  static const std::vector<std::string> texts{"",
                                              " ",
                                              "???",
                                              "\x01\x02",
                                              "\xff\xfe",
                                              "0",
                                              "-1",
                                              "null",
                                              "{}",
                                              "resign now please",
                                              std::string(1000, 'z')};
  return texts;
}

bool listed(const std::vector<std::string>& moves, const std::string& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Perft through the checked path only: what every fast perft must agree with. Defined only where
// every position of the tree lists all its moves.
std::optional<std::uint64_t> generic_perft(const state& st, int depth) {
  if (depth == 0) return 1;
  if (!st.lists_all_moves()) return std::nullopt;
  auto moves = st.legal_moves();
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const auto& m : moves) {
    auto next = st.clone();
    auto played = next->play(m);
    EXPECT_TRUE(played.has_value()) << m;
    if (!played) continue;
    auto below = generic_perft(*next, depth - 1);
    if (!below) return std::nullopt;
    total += *below;
  }
  return total;
}

// A move that is not legal must be refused with a reason and change nothing.
void expect_rejected(state& st, const std::string& move) {
  std::string before = st.to_text();
  auto played = st.play(move);
  ASSERT_FALSE(played.has_value()) << "'" << move << "' was accepted as '" << *played << "'";
  EXPECT_FALSE(played.error().code.name().empty()) << move;
  EXPECT_FALSE(played.error().message.empty()) << move;
  EXPECT_EQ(st.to_text(), before) << move;
}

void check_status(const state& st, int players, const std::vector<std::string>& moves) {
  EXPECT_EQ(st.num_players(), players);
  if (st.lists_all_moves()) {
    EXPECT_EQ(st.is_terminal(), moves.empty());
  } else {
    EXPECT_FALSE(st.is_terminal()) << "a finished game left moves out of its list";
  }
  EXPECT_EQ(st.current_player() == no_player, st.is_terminal());
  if (!st.is_terminal()) {
    EXPECT_GE(st.current_player(), 0);
    EXPECT_LT(st.current_player(), players);
  }
  auto o = st.outcome();
  EXPECT_EQ(o.has_value(), st.is_terminal());
  if (o) {
    EXPECT_EQ(o->ranks.size(), static_cast<std::size_t>(players));
    EXPECT_EQ(o->scores.size(), static_cast<std::size_t>(players));
    for (int rank : o->ranks) {
      EXPECT_GE(rank, 1);
      EXPECT_LE(rank, players);
    }
    EXPECT_FALSE(o->winners().empty());
    EXPECT_FALSE(o->reason.empty());
    EXPECT_FALSE(o->description.empty());
  }
  // A search's judgement, where the game has one: each player's share of the others they will
  // finish ahead of, the final shares once the game is over. The chances of each pair add up to
  // one, so the shares add up to half the players, as an outcome's do.
  if (auto judged = st.estimated_shares()) {
    ASSERT_EQ(judged->size(), static_cast<std::size_t>(players));
    double sum = 0;
    for (double share : *judged) {
      EXPECT_GE(share, 0.0);
      EXPECT_LE(share, 1.0);
      sum += share;
    }
    EXPECT_NEAR(sum, players / 2.0, 1e-9);
    if (o) {
      EXPECT_EQ(*judged, o->shares());
    }
  }
  // Who acts: nobody once the game is over, else at least the player current_player() names.
  auto acting = st.to_act();
  EXPECT_EQ(acting.empty(), st.is_terminal());
  if (!st.is_terminal()) {
    EXPECT_TRUE(std::any_of(acting.begin(), acting.end(),
                            [&](const actor& a) { return a.player == st.current_player(); }))
        << "to_act() leaves out current_player() " << st.current_player();
  }
  for (const actor& a : acting) {
    EXPECT_GE(a.player, 0);
    EXPECT_LT(a.player, players);
  }
  for (const forced_step& f : st.forced_by_last_play()) {
    EXPECT_GE(f.player, 0);
    EXPECT_LT(f.player, players);
    EXPECT_FALSE(f.description.empty());
  }
  EXPECT_FALSE(st.position_text().empty());
  // Turns listed part by part, where the game has parts: a refusal says why.
  auto parts = st.continuations("");
  if (parts) {
    EXPECT_FALSE(st.is_terminal());
    EXPECT_TRUE(parts->may_end || !parts->next.empty()) << "a turn that can neither begin nor end";
  } else {
    EXPECT_FALSE(parts.error().code.name().empty());
    EXPECT_FALSE(parts.error().message.empty());
    if (st.is_terminal()) {
      EXPECT_EQ(parts.error().code.name(), "game_over");
    }
  }
}

// The view is one JSON object (written as text, read back here, as state::view() reads it)
// showing the position. Under AddressSanitizer, reading it back was half of a Shiamgon playout (a
// view lists every cell): the engine writes it on every ply there too, and it is read back on
// every eighth ply and the last.
void check_view(const state& st, int ply) {
  const std::string text = st.view_text();
  EXPECT_FALSE(text.empty());
  if (ply % views_read_every != 0 && !st.is_terminal()) return;
  auto view = nlohmann::json::parse(text);
  ASSERT_TRUE(view.is_object());
  EXPECT_EQ(view["position"], st.position_text());
}

void check_text_round_trip(const variant& v, int players, const state& st,
                           const std::vector<std::string>& moves) {
  auto text = st.to_text();
  EXPECT_FALSE(text.empty());
  auto read = v.g->state_from_text(players, v.params, text);
  ASSERT_TRUE(read.has_value()) << read.error().message << " reading " << text;
  EXPECT_EQ((*read)->to_text(), text);
  EXPECT_EQ((*read)->legal_moves(), moves);
  EXPECT_EQ((*read)->lists_all_moves(), st.lists_all_moves());
  EXPECT_EQ((*read)->is_terminal(), st.is_terminal());
  EXPECT_EQ((*read)->current_player(), st.current_player());
}

// Every listed move (a sample of them, for games with many) is accepted and is its own
// canonical text.
void check_moves_play(const state& st, const std::vector<std::string>& moves,
                      std::mt19937_64& rng) {
  std::vector<std::string> sample = moves;
  if (sample.size() > max_checked) {
    std::shuffle(sample.begin(), sample.end(), rng);
    sample.resize(max_checked);
  }
  for (const auto& m : sample) {
    auto next = st.clone();
    auto played = next->play(m);
    ASSERT_TRUE(played.has_value())
        << "listed move '" << m << "' refused: " << played.error().message;
    EXPECT_EQ(*played, m);
  }
}

// Moves drawn by random_move() are accepted and are their own canonical text: where the list
// leaves moves out, the only way to see those.
void check_drawn_moves_play(const state& st, std::mt19937_64& rng) {
  for (std::size_t i = 0; i < max_drawn; ++i) {
    std::string m = st.random_move(rng);
    auto next = st.clone();
    auto played = next->play(m);
    ASSERT_TRUE(played.has_value())
        << "drawn move '" << m << "' refused: " << played.error().message;
    EXPECT_EQ(*played, m);
  }
}

// The moves a search draws for its playouts (state::playout_move) are legal too. They come from
// a generator of their own, so the games played here stay those of random_move.
void check_playout_move(const state& st, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::string m = st.playout_move(rng);
  auto next = st.clone();
  auto played = next->play(m);
  ASSERT_TRUE(played.has_value()) << "playout move '" << m
                                  << "' refused: " << played.error().message;
  EXPECT_EQ(*played, m);
}

void check_perft(const state& st) {
  auto two = generic_perft(st, 2);
  if (!two) return;  // the tree reaches positions that leave moves out
  EXPECT_EQ(st.perft(2), *two);
  if (*two <= max_perft3) {
    auto three = generic_perft(st, 3);
    if (three) {
      EXPECT_EQ(st.perft(3), *three);
    }
  }
}

// A game that supports retire() keeps its promises: the retired player never decides again, a
// second retirement is refused, and the outcome ranks retired players below the winners, a later
// retirement above an earlier one.
struct retirements {
  std::vector<int> order;  // the players retired so far, first first

  bool contains(int p) const { return std::find(order.begin(), order.end(), p) != order.end(); }

  // One retirement of a random player, now and then.
  void maybe_retire(state& st, state& twin, int players, std::mt19937_64& rng) {
    if (st.is_terminal() || rng() % 16 != 0) return;
    const int p = static_cast<int>(rng() % players);
    auto done = st.retire(p);
    auto done_too = twin.retire(p);
    ASSERT_EQ(done.has_value(), done_too.has_value());
    if (!done) {
      // Retired before, or (Esiema) eliminated by the rules: out either way.
      EXPECT_EQ(done.error().code.name(), "already_retired") << done.error().message;
      EXPECT_FALSE(done.error().message.empty());
      return;
    }
    EXPECT_FALSE(contains(p)) << "player " << p << " retired twice";
    order.push_back(p);
    if (!st.is_terminal()) {
      EXPECT_FALSE(contains(st.current_player())) << "a retired player is to decide";
    }
    auto again = st.clone()->retire(p);
    ASSERT_FALSE(again.has_value());
    EXPECT_EQ(again.error().code.name(), st.is_terminal() ? "game_over" : "already_retired");
  }

  void check_outcome(const state& st) const {
    auto o = st.outcome();
    ASSERT_TRUE(o.has_value());
    for (std::size_t i = 0; i < order.size(); ++i) {
      for (int w : o->winners())
        EXPECT_GT(o->ranks[order[i]], o->ranks[w]) << "retired player " << order[i];
      if (i > 0) {
        EXPECT_LT(o->ranks[order[i]], o->ranks[order[i - 1]]) << "a later retirement ranks lower";
      }
    }
  }
};

bool retires(const variant& v, int players) {
  auto st = v.g->new_state(players, v.params, 1);
  if (!st) return false;
  auto done = (*st)->retire(0);
  if (!done) {
    EXPECT_EQ(done.error().code.name(), "cannot_retire") << done.error().message;
  }
  return done.has_value();
}

void playout(const variant& v, int players, std::uint64_t seed, bool retiring = false) {
  auto made = v.g->new_state(players, v.params, seed);
  ASSERT_TRUE(made.has_value()) << made.error().message;
  auto st = std::move(*made);
  auto twin = st->clone();  // plays the same moves and must stay equal
  std::mt19937_64 rng(seed);
  std::vector<std::string> before;  // the previous position's moves: mostly illegal now
  std::size_t listed_so_far = 0;
  retirements retired;
  for (int ply = 0;; ++ply) {
    ASSERT_LT(ply, max_plies) << "the game did not end";
    SCOPED_TRACE("ply " + std::to_string(ply) + ": " + st->to_text());
    auto moves = st->legal_moves();
    const bool all = st->lists_all_moves();  // else moves left out of the list may be legal
    check_status(*st, players, moves);
    check_view(*st, ply);
    check_text_round_trip(v, players, *st, moves);
    EXPECT_EQ(st->clone()->to_text(), st->to_text());
    EXPECT_EQ(twin->to_text(), st->to_text());
    for (const auto& g : garbage()) {
      if (!listed(moves, g)) expect_rejected(*st, g);
    }
    for (const auto& m : before) {
      if (all && !listed(moves, m)) expect_rejected(*st, m);
    }
    if (st->is_terminal() && retiring) retired.check_outcome(*st);
    if (::testing::Test::HasFatalFailure() || st->is_terminal()) return;

    if (all) {
      EXPECT_EQ(st->perft(1), moves.size());
      EXPECT_EQ(st->count_moves(), moves.size());
    } else if (auto count = st->count_moves()) {
      EXPECT_EQ(st->perft(1), *count);
      EXPECT_GT(*count, moves.size());
    }
    check_moves_play(*st, moves, rng);
    if (!all) check_drawn_moves_play(*st, rng);
    check_playout_move(*st, seed * 100'003 + ply);
    if (all && ply % 8 == 0 && moves.size() * moves.size() <= max_perft2) check_perft(*st);
    if (::testing::Test::HasFatalFailure()) return;
    listed_so_far += moves.size();

    // Alternate the game's own random_move with a uniform pick from the list (where complete).
    std::string m = ply % 2 || !all ? st->random_move(rng) : moves[rng() % moves.size()];
    if (all) {
      EXPECT_TRUE(listed(moves, m)) << "random_move gave '" << m << "'";
    }
    auto played = st->play(m);
    ASSERT_TRUE(played.has_value()) << played.error().message;
    EXPECT_EQ(*played, m);
    ASSERT_TRUE(twin->play(m).has_value());
    if (moves.size() > 16) std::shuffle(moves.begin(), moves.end(), rng);
    moves.resize(std::min<std::size_t>(moves.size(), 16));
    before = std::move(moves);
    if (retiring) retired.maybe_retire(*st, *twin, players, rng);
    if (listed_so_far > max_listed) return;
  }
}

// ---------------------------------------------------------------------------------------------

class contract : public ::testing::TestWithParam<variant> {};

// A game may offer some parameter values only for some of its player counts (a board made for
// three players): it refuses the others with "bad_players", and at least one count must remain.
bool offered(const variant& v, int players) {
  auto st = v.g->new_state(players, v.params, 1);
  if (st) return true;
  EXPECT_EQ(st.error().code.name(), "bad_players") << st.error().message;
  EXPECT_FALSE(st.error().message.empty());
  return false;
}

TEST_P(contract, random_playouts_keep_every_promise) {
  const variant& v = GetParam();
  std::vector<int> counts;
  for (int players = v.g->players().min; players <= v.g->players().max; ++players) {
    if (offered(v, players)) counts.push_back(players);
  }
  ASSERT_FALSE(counts.empty()) << "no player count is offered";
  const std::uint64_t seeds = std::max(min_seeds, num_seeds / counts.size());
  for (int players : counts) {
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      SCOPED_TRACE(std::string(v.g->key()) + " with " + std::to_string(players) +
                   " players, seed " + std::to_string(seed));
      playout(v, players, seed);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(contract, random_playouts_with_retirements_keep_every_promise) {
  const variant& v = GetParam();
  for (int players = std::max(3, v.g->players().min); players <= v.g->players().max; ++players) {
    if (!offered(v, players) || !retires(v, players)) continue;
    for (std::uint64_t seed = 1; seed <= min_seeds; ++seed) {
      SCOPED_TRACE(std::string(v.g->key()) + " with " + std::to_string(players) +
                   " players and retirements, seed " + std::to_string(seed));
      playout(v, players, seed, true);
      if (HasFatalFailure()) return;
    }
  }
}

TEST_P(contract, the_same_seed_gives_the_same_state) {
  const variant& v = GetParam();
  for (int players = v.g->players().min; players <= v.g->players().max; ++players) {
    if (!offered(v, players)) continue;
    for (std::uint64_t seed : {0ull, 1ull, 12345ull}) {
      auto a = v.g->new_state(players, v.params, seed);
      auto b = v.g->new_state(players, v.params, seed);
      ASSERT_TRUE(a.has_value() && b.has_value());
      EXPECT_EQ((*a)->to_text(), (*b)->to_text());
    }
  }
}

TEST_P(contract, bad_setups_are_refused_with_a_reason) {
  const variant& v = GetParam();
  for (int players : {v.g->players().min - 1, v.g->players().max + 1}) {
    auto st = v.g->new_state(players, v.params, 1);
    ASSERT_FALSE(st.has_value()) << players << " players";
    EXPECT_FALSE(st.error().code.name().empty());
    EXPECT_FALSE(st.error().message.empty());
  }
  int players = v.g->players().min;
  while (players < v.g->players().max && !v.g->new_state(players, v.params, 1))
    ++players;
  for (const auto& text : garbage()) {
    auto st = v.g->state_from_text(players, v.params, text);
    ASSERT_FALSE(st.has_value()) << "read '" << text << "' as " << (*st)->to_text();
    EXPECT_FALSE(st.error().code.name().empty());
    EXPECT_FALSE(st.error().message.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(all_games, contract, ::testing::ValuesIn(all_variants()),
                         [](const auto& each) { return each.param.name; });

// ---------------------------------------------------------------------------------------------

TEST(catalogue, is_sane) {
  std::set<std::string> keys;
  ASSERT_FALSE(all_games().empty());
  for (const game* g : all_games()) {
    std::string key(g->key());
    SCOPED_TRACE(key);
    EXPECT_TRUE(keys.insert(key).second) << "duplicate key";
    EXPECT_FALSE(key.empty());
    EXPECT_TRUE(std::all_of(key.begin(), key.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }));
    EXPECT_EQ(find_game(key), g);
    EXPECT_FALSE(g->display_name().empty());
    EXPECT_GE(g->players().min, 1);
    EXPECT_LE(g->players().min, g->players().max);
    for (int n = g->players().min; n <= g->players().max; ++n) {
      EXPECT_EQ(g->player_names(n).size(), static_cast<std::size_t>(n));
    }

    std::set<std::string> names;
    for (const auto& spec : g->param_specs()) {
      SCOPED_TRACE(spec.name);
      EXPECT_TRUE(names.insert(spec.name).second) << "duplicate parameter";
      EXPECT_FALSE(spec.description.empty());
      auto alone = resolve_params(g->param_specs(), {{spec.name, spec.default_value}});
      EXPECT_TRUE(alone.has_value()) << alone.error().message;
    }
    auto defaults = resolve_params(g->param_specs(), {});
    ASSERT_TRUE(defaults.has_value()) << defaults.error().message;
    EXPECT_EQ(defaults->size(), g->param_specs().size());

    auto spec = parse_game_spec(key);
    ASSERT_TRUE(spec.has_value()) << spec.error().message;
    auto again = parse_game_spec(spec->text());
    ASSERT_TRUE(again.has_value()) << again.error().message;
    EXPECT_EQ(again->text(), spec->text());
    EXPECT_EQ(catalogue_json(*g)["key"], key);
  }
}

}  // namespace
}  // namespace boardroom::engine
