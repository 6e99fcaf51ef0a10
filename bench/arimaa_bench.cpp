// Arimaa's distinct-turn generation: from the standard opening (3,353 turns) and over every
// position of the 74 archived games, counting, listing (keys and step sequences) and the
// immobilization check (is there any legal turn). Counters: turns/s and positions/s.
// Run: build/release/bench/arimaa_bench --benchmark_repetitions=5
// --benchmark_report_aggregates_only

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/arimaa/archive.hpp"
#include "engine/arimaa/search.hpp"
#include "engine/arimaa/state.hpp"

namespace {

using namespace boardroom::engine::arimaa;

state opening() {
  state st;
  (void)st.play("Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2");
  (void)st.play("ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 da7 hb7 cc7 ed7 me7 cf7 hg7 dh7");
  return st;
}

// A position to move from, with the keys its turns must not produce (repetition).
struct sample {
  position pos;
  std::vector<std::uint64_t> forbidden;
};

// Every position of the archive in which a side had to make a turn (setups excluded).
const std::vector<sample>& archive_positions() {
  static const std::vector<sample> out = [] {
    std::vector<sample> samples;
    auto path = std::filesystem::path(__FILE__).parent_path() / "../tests/data/arimaa" /
                "games-2026-02.tsv";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    auto games = parse_archive(text.str());
    if (!games) return samples;
    for (const auto& g : *games) {
      state st;
      for (const auto& turn : g.turns) {
        if (!st.in_setup() && !st.is_terminal()) {
          samples.push_back({st.board(), st.seen().twice_seen(opponent(st.board().to_move()))});
        }
        if (!st.play(turn)) break;
      }
    }
    return samples;
  }();
  return out;
}

void opening_count(benchmark::State& bench) {
  position pos = opening().board();
  std::uint64_t turns = 0;
  for (auto _ : bench) {
    turns += count_turns(pos, {});
  }
  bench.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
}

void opening_generate(benchmark::State& bench) {
  position pos = opening().board();
  std::vector<found_turn> out;
  std::uint64_t turns = 0;
  for (auto _ : bench) {
    generate_turns(pos, {}, out);
    turns += out.size();
  }
  bench.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
}

void opening_legal_moves(benchmark::State& bench) {
  state st = opening();
  std::uint64_t turns = 0;
  for (auto _ : bench) {
    auto moves = st.legal_moves();
    turns += moves.size();
    benchmark::DoNotOptimize(moves.data());
  }
  bench.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
}

void archive_count(benchmark::State& bench) {
  const auto& samples = archive_positions();
  std::uint64_t turns = 0;
  std::uint64_t positions = 0;
  for (auto _ : bench) {
    for (const auto& s : samples)
      turns += count_turns(s.pos, s.forbidden);
    positions += samples.size();
  }
  bench.counters["positions"] = static_cast<double>(samples.size());
  bench.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
  bench.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
}

void archive_generate(benchmark::State& bench) {
  const auto& samples = archive_positions();
  std::vector<found_turn> out;
  std::uint64_t turns = 0;
  std::uint64_t positions = 0;
  for (auto _ : bench) {
    for (const auto& s : samples) {
      generate_turns(s.pos, s.forbidden, out);
      turns += out.size();
    }
    positions += samples.size();
  }
  bench.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
  bench.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
}

void archive_immobilization_check(benchmark::State& bench) {
  const auto& samples = archive_positions();
  std::uint64_t positions = 0;
  for (auto _ : bench) {
    for (const auto& s : samples)
      benchmark::DoNotOptimize(has_turn(s.pos, s.forbidden));
    positions += samples.size();
  }
  bench.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
}

void opening_perft2(benchmark::State& bench) {
  state st = opening();
  for (auto _ : bench)
    bench.counters["nodes"] = static_cast<double>(st.perft(2));  // 11,214,629
}

}  // namespace

BENCHMARK(opening_count)->Unit(benchmark::kMicrosecond);
BENCHMARK(opening_generate)->Unit(benchmark::kMicrosecond);
BENCHMARK(opening_legal_moves)->Unit(benchmark::kMicrosecond);
BENCHMARK(archive_count)->Unit(benchmark::kMillisecond);
BENCHMARK(archive_generate)->Unit(benchmark::kMillisecond);
BENCHMARK(archive_immobilization_check)->Unit(benchmark::kMillisecond);
BENCHMARK(opening_perft2)->Unit(benchmark::kSecond)->Iterations(1);

BENCHMARK_MAIN();
