// The Sisyphos solver: building tables (reduced variants, and the full game once per edition),
// reading values, and a perfect move. The full solve's time and peak memory for the closing note
// come from `/usr/bin/time -v build/release/boardroom solve sisyphos --out FILE` (engine/sisyphos
// README.md, "Solver").
// Run: build/release/bench/sisyphos_solve_bench [--benchmark_filter=full]

#include <random>

#include <benchmark/benchmark.h>

#include "engine/sisyphos/perfect.hpp"
#include "engine/sisyphos/table.hpp"

namespace {

using namespace boardroom::engine::sisyphos;

void solve_bench(benchmark::State& bench, variant v, int threads) {
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    auto t = table::build(v, threads);
    nodes = (*t)->index().size();
    benchmark::DoNotOptimize(t);
  }
  bench.counters["nodes"] = static_cast<double>(nodes);
  bench.counters["nodes_per_second"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

const table& reduced_table() {
  static auto t = *table::build({edition::forum2007, 4, 3}, 2);
  return *t;
}

void lookup_bench(benchmark::State& bench) {
  const table& t = reduced_table();
  std::mt19937_64 rng(1);
  std::vector<node> nodes;
  for (int i = 0; i < 4096; ++i)
    nodes.push_back(t.index().at(rng() % t.index().size()));
  std::size_t i = 0;
  for (auto _ : bench)
    benchmark::DoNotOptimize(t.raw(nodes[i++ & 4095]));
}

void perfect_move_bench(benchmark::State& bench) {
  const table& t = reduced_table();
  std::mt19937_64 rng(2);
  std::vector<node> nodes;
  while (nodes.size() < 4096) {
    node n = t.index().at(rng() % t.index().size());
    if (!is_over(n)) nodes.push_back(n);
  }
  std::size_t i = 0;
  for (auto _ : bench)
    benchmark::DoNotOptimize(perfect_move(t, nodes[i++ & 4095], 60, rng));
}

BENCHMARK_CAPTURE(solve_bench, reduced_3_against_2, variant{edition::forum2007, 3, 2}, 2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solve_bench, reduced_4_against_3, variant{edition::forum2007, 4, 3}, 2)
    ->Unit(benchmark::kSecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK_CAPTURE(solve_bench, full_forum2007, variant::full(edition::forum2007), 2)
    ->Unit(benchmark::kSecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK_CAPTURE(solve_bench, full_perlhuhn2007, variant::full(edition::perlhuhn2007), 2)
    ->Unit(benchmark::kSecond)
    ->Iterations(1)
    ->UseRealTime();
BENCHMARK(lookup_bench);
BENCHMARK(perfect_move_bench);

}  // namespace

BENCHMARK_MAIN();
