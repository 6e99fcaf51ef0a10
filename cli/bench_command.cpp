// `boardroom bench`: a deterministic signature of every engine's behaviour, and how fast it was.
//
// For every game and every player count it offers (default parameters), seeded random playouts
// count the legal moves at every eighth position they pass (counting Arimaa's distinct turns is
// the slow part) and hash the moves, the counts and the final position texts. The signature
// (stdout) changes exactly when move generation, notation, the position text or the game's end
// changes; tests/data/bench_signature.txt holds the committed one, so such a change shows up in
// review as a one-line diff. Timing goes to stderr.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>

#include "cli/commands.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::cli {

namespace {

constexpr int playouts_per_count = 4;
constexpr int max_plies = 60;  // random Arimaa turns are costly to draw later in a game
constexpr int count_every = 8;

// FNV-1a, 64 bits: stable across platforms and runs, unlike std::hash.
struct fnv1a {
  std::uint64_t value = 0xcbf29ce484222325ull;
  void add(std::string_view text) {
    for (unsigned char c : text)
      value = (value ^ c) * 0x100000001b3ull;
    value = (value ^ 0xff) * 0x100000001b3ull;  // a separator, so "ab"+"c" differs from "a"+"bc"
  }
};

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

struct tally {
  std::uint64_t playouts = 0, plies = 0, counted = 0;
  fnv1a hash;
};

void play_out(const engine::game& g, int players, std::uint64_t seed, tally& t) {
  auto params = engine::resolve_params(g.param_specs(), {});
  auto state = g.new_state(players, *params, seed);
  if (!state) return;  // a count the game does not offer
  auto& s = **state;
  std::mt19937_64 rng(seed);
  ++t.playouts;
  for (int ply = 0; ply < max_plies && !s.is_terminal(); ++ply) {
    if (ply % count_every == 0) {
      auto count = s.count_moves();  // Esiema counts within a budget: "unknown" past it
      t.counted += count.value_or(0);
      t.hash.add(count ? std::to_string(*count) : "unknown");
    }
    auto move = s.random_move(rng);
    t.hash.add(move);
    if (!s.play(move)) {
      t.hash.add("refused");  // a drawn move the engine refuses: a bug the signature must show
      break;
    }
    ++t.plies;
  }
  t.hash.add(s.to_text());
  auto outcome = s.outcome();
  t.hash.add(outcome ? outcome->reason : "unfinished");
}

}  // namespace

command add_bench(CLI::App& app) {
  app.add_subcommand("bench",
                     "Print a deterministic signature of every engine (stdout) and its speed "
                     "(stderr)");
  return [] {
    fnv1a all;
    for (const engine::game* g : engine::all_games()) {
      tally t;
      auto started = std::chrono::steady_clock::now();
      for (int players = g->players().min; players <= g->players().max; ++players) {
        for (int i = 0; i < playouts_per_count; ++i)
          play_out(*g, players, static_cast<std::uint64_t>(1000 * players + i), t);
      }
      double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      const std::string game_hash = hex(t.hash.value);
      std::cout << g->key() << " playouts " << t.playouts << " plies " << t.plies << " counted "
                << t.counted << " hash " << game_hash << '\n';
      std::cerr << g->key() << ": " << t.plies << " plies in " << seconds * 1000 << " ms\n";
      all.add(game_hash);
    }
    std::cout << "signature " << hex(all.value) << '\n';
    return 0;
  };
}

}  // namespace boardroom::cli
