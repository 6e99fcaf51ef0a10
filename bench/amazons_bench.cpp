// Amazons engine speed: perft with bulk counting at the last ply (10x10 perft(3) is the headline
// figure), move generation, counting and make/unmake on positions from random games, and the
// checked play() the server uses, per move, and the view the server sends with each.
// Run: build/release/bench/amazons_bench
//      build/release/bench/amazons_bench --benchmark_filter=perft/10 --benchmark_repetitions=5

#include <memory>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "engine/amazons/amazons.hpp"
#include "engine/amazons/notation.hpp"
#include "engine/amazons/position.hpp"
#include "engine/amazons/state.hpp"
#include "engine/core/json_writer.hpp"

namespace {

using namespace boardroom::engine;
using namespace boardroom::engine::amazons;

rules rules_of_size(int size) {
  rules r;
  r.size = size;
  return r;
}

// args: board size, depth.
void perft_bench(benchmark::State& bench) {
  rules r = rules_of_size(static_cast<int>(bench.range(0)));
  position start = position::start(r);
  std::uint64_t nodes = 0;
  for (auto _ : bench) {
    nodes = perft(start, r, static_cast<int>(bench.range(1)));
    benchmark::DoNotOptimize(nodes);
  }
  bench.counters["nodes"] = static_cast<double>(nodes);
  bench.counters["nodes_per_second"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(perft_bench)
    ->Name("perft")
    ->ArgNames({"size", "depth"})
    ->Args({10, 1})
    ->Args({10, 2})
    ->Args({10, 3})
    ->Args({8, 2})
    ->Args({8, 3})
    ->Args({6, 3})
    ->Unit(benchmark::kMillisecond);

// Every position of some random 10x10 games: early positions with thousands of moves, late ones
// with a handful.
const std::vector<position>& sample_positions() {
  static const std::vector<position> positions = [] {
    rules r = rules_of_size(10);
    std::mt19937_64 rng(7);
    std::vector<position> out;
    auto moves = std::make_unique<move_list>();
    for (int game = 0; game < 8; ++game) {
      position pos = position::start(r);
      while (!pos.is_over(r)) {
        out.push_back(pos);
        pos.generate_moves(r, *moves);
        pos.play_unchecked((*moves)[static_cast<int>(rng() % moves->size())]);
      }
    }
    return out;
  }();
  return positions;
}

void generate_bench(benchmark::State& bench) {
  rules r = rules_of_size(10);
  const auto& positions = sample_positions();
  auto moves = std::make_unique<move_list>();
  std::int64_t generated = 0;
  for (auto _ : bench) {
    for (const auto& pos : positions) {
      pos.generate_moves(r, *moves);
      generated += moves->size();
      benchmark::DoNotOptimize(moves->begin());
    }
  }
  bench.counters["moves_per_second"] =
      benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}
BENCHMARK(generate_bench)->Name("generate_moves")->Unit(benchmark::kMillisecond);

void count_bench(benchmark::State& bench) {
  rules r = rules_of_size(10);
  const auto& positions = sample_positions();
  std::int64_t counted = 0;
  for (auto _ : bench) {
    for (const auto& pos : positions)
      counted += pos.count_moves(r);
  }
  benchmark::DoNotOptimize(counted);
  bench.counters["moves_per_second"] =
      benchmark::Counter(static_cast<double>(counted), benchmark::Counter::kIsRate);
}
BENCHMARK(count_bench)->Name("count_moves")->Unit(benchmark::kMillisecond);

void make_unmake_bench(benchmark::State& bench) {
  rules r = rules_of_size(10);
  std::vector<std::pair<position, std::vector<move>>> work;
  auto list = std::make_unique<move_list>();
  for (const auto& pos : sample_positions()) {
    pos.generate_moves(r, *list);
    work.emplace_back(pos, std::vector<move>(list->begin(), list->end()));
  }
  std::int64_t made = 0;
  for (auto _ : bench) {
    for (auto& [pos, moves] : work) {
      for (move m : moves) {
        pos.play_unchecked(m);
        pos.undo(m);
      }
      made += static_cast<std::int64_t>(moves.size());
    }
  }
  bench.counters["make_unmake_per_second"] =
      benchmark::Counter(static_cast<double>(made), benchmark::Counter::kIsRate);
}
BENCHMARK(make_unmake_bench)->Name("make_unmake")->Unit(benchmark::kMillisecond);

// The server's path: random 10x10 games replayed move by move through state::play() (parse,
// check, apply).
void checked_play_bench(benchmark::State& bench) {
  const auto& game = the_game();
  auto params = *resolve_params(game.param_specs(), {});
  std::mt19937_64 rng(42);
  std::vector<std::vector<std::string>> games;
  for (int i = 0; i < 20; ++i) {
    auto s = std::move(*game.new_state(2, params, 1));
    std::vector<std::string> moves;
    while (!s->is_terminal()) {
      moves.push_back(s->random_move(rng));
      (void)s->play(moves.back());
    }
    games.push_back(std::move(moves));
  }
  std::int64_t played = 0;
  for (auto _ : bench) {
    for (const auto& moves : games) {
      auto s = std::move(*game.new_state(2, params, 1));
      for (const auto& m : moves)
        benchmark::DoNotOptimize(s->play(m));
      played += static_cast<std::int64_t>(moves.size());
    }
  }
  bench.counters["moves_per_second"] =
      benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
  bench.counters["time_per_move"] = benchmark::Counter(
      static_cast<double>(played), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(checked_play_bench)->Name("checked_play")->Unit(benchmark::kMillisecond);

// The sample positions as the server's states.
std::vector<amazons::state> sample_states() {
  rules r = rules_of_size(10);
  std::vector<amazons::state> states;
  for (const auto& pos : sample_positions())
    states.emplace_back(r, pos);
  return states;
}

// legal_moves(): every move as text, what `boardroom moves` and the contract tests call.
void legal_moves_bench(benchmark::State& bench) {
  const std::vector<amazons::state> states = sample_states();
  std::int64_t listed = 0;
  for (auto _ : bench) {
    for (const auto& s : states)
      listed += static_cast<std::int64_t>(s.legal_moves().size());
  }
  bench.counters["moves_per_second"] =
      benchmark::Counter(static_cast<double>(listed), benchmark::Counter::kIsRate);
}
BENCHMARK(legal_moves_bench)->Name("legal_moves_text")->Unit(benchmark::kMillisecond);

// write_view(): the view the server sends with every move's event, as JSON text.
void view_bench(benchmark::State& bench) {
  const std::vector<amazons::state> states = sample_states();
  std::int64_t bytes = 0;
  for (auto _ : bench) {
    for (const auto& s : states) {
      json_writer w(1024);
      s.write_view(w);
      bytes += static_cast<std::int64_t>(w.text().size());
      benchmark::DoNotOptimize(w.text().data());
    }
  }
  bench.counters["views_per_second"] = benchmark::Counter(
      static_cast<double>(states.size() * bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["bytes_per_view"] =
      static_cast<double>(bytes) / static_cast<double>(states.size() * bench.iterations());
}
BENCHMARK(view_bench)->Name("view")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
