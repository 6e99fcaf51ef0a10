// Engine speed for every registered game: shallow perft from the start (the engine's fast path;
// each game's own bench goes deeper), the checked play() the server uses, per move, and the
// position text read back and written again.
// Run: build/release/bench/engine_bench

#include <random>

#include <benchmark/benchmark.h>

#include "engine/core/registry.hpp"

namespace {

using namespace boardroom::engine;

std::unique_ptr<state> start_of(const game& g) {
  auto params = resolve_params(g.param_specs(), {});
  return std::move(*g.new_state(g.players().min, *params, 1));
}

void perft_bench(benchmark::State& bench, const game* g, int depth) {
  auto s = start_of(*g);
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    nodes = s->perft(depth);
    benchmark::DoNotOptimize(nodes);
  }
  bench.counters["nodes"] = static_cast<double>(nodes);
  bench.counters["nodes_per_second"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// Random games replayed through the checked path; time per accepted move.
void checked_play_bench(benchmark::State& bench, const game* g) {
  std::mt19937_64 rng(42);
  std::vector<std::vector<std::string>> games;
  for (int i = 0; i < 20; ++i) {
    auto s = start_of(*g);
    std::vector<std::string> moves;
    while (!s->is_terminal() && moves.size() < 500) {
      moves.push_back(s->random_move(rng));
      (void)s->play(moves.back());
    }
    games.push_back(std::move(moves));
  }
  std::int64_t played = 0;
  for (auto _ : bench) {
    for (const auto& moves : games) {
      auto s = start_of(*g);
      for (const auto& m : moves)
        benchmark::DoNotOptimize(s->play(m));
      played += static_cast<std::int64_t>(moves.size());
    }
  }
  bench.counters["moves_per_second"] =
      benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
  bench.SetItemsProcessed(played);
}

// Position texts of random games read back and written again: what restoring or analysing a
// position costs. Time per text.
void text_round_trip_bench(benchmark::State& bench, const game* g) {
  std::mt19937_64 rng(7);
  auto params = resolve_params(g->param_specs(), {});
  const int players = g->players().min;
  std::vector<std::string> texts;
  for (int i = 0; i < 10; ++i) {
    auto s = start_of(*g);
    for (int ply = 0; ply < 60 && !s->is_terminal(); ++ply) {
      (void)s->play(s->random_move(rng));
      if (ply % 6 == 0) texts.push_back(s->to_text());
    }
  }
  std::int64_t done = 0;
  for (auto _ : bench) {
    for (const auto& text : texts) {
      auto read = g->state_from_text(players, *params, text);
      benchmark::DoNotOptimize((*read)->to_text());
      ++done;
    }
  }
  bench.SetItemsProcessed(done);
}

}  // namespace

int main(int argc, char** argv) {
  for (const game* g : all_games()) {
    std::string key(g->key());
    for (int depth : {1, 2}) {
      benchmark::RegisterBenchmark(("perft/" + key + "/" + std::to_string(depth)).c_str(),
                                   perft_bench, g, depth)
          ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark(("checked_play/" + key).c_str(), checked_play_bench, g)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("text_round_trip/" + key).c_str(), text_round_trip_bench, g)
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
