// What durability costs per move: the append of a move event to the SQLite store (WAL), with
// synchronous=NORMAL (the default: survives a crash of the process) and FULL (also power loss),
// and the copy of the engine state the room plays a move on before the write succeeds.
// Run: build/release/bench/store_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only
// The database goes to $TMPDIR (or /tmp); point TMPDIR at the disk the server would use.

#include <stdlib.h>

#include <filesystem>
#include <random>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include "engine/core/registry.hpp"
#include "server/sqlite_store.hpp"

namespace {

using namespace boardroom;

// A move event as a room stores it, from a real position.
std::string move_event_body(std::int64_t version) {
  const auto* g = engine::find_game("sisyphos");
  auto params = engine::resolve_params(g->param_specs(), {});
  auto s = std::move(*g->new_state(2, *params, 1));
  std::mt19937_64 rng(1);
  std::string move;
  for (int i = 0; i < 6; ++i) {
    move = s->random_move(rng);
    (void)s->play(move);
  }
  nlohmann::json body{{"type", "move"},
                      {"room", "r23456789ab"},
                      {"version", version},
                      {"at", 1'700'000'000'000},
                      {"seat", 0},
                      {"move", move},
                      {"ply", 7},
                      {"to_move", 1},
                      {"position", s->to_text()}};
  return body.dump();
}

void append_bench(benchmark::State& bench, server::sync_mode sync) {
  std::string dir = (std::filesystem::temp_directory_path() / "boardroom-bench-XXXXXX").string();
  if (!mkdtemp(dir.data())) return bench.SkipWithError("no temporary directory");
  {
    auto opened = server::open_sqlite_store(dir, sync);
    if (!opened) return bench.SkipWithError(opened.error().c_str());
    auto& store = **opened;
    (void)store.save_identity({"p1", "bench", std::string(64, 'a'), 0});
    server::room_record room{.id = "r23456789ab",
                             .game = "sisyphos",
                             .spec = "sisyphos",
                             .params = "{}",
                             .seats = 2,
                             .is_public = true,
                             .invite_code = "",
                             .creator = "p1",
                             .seed = 1,
                             .bots = {},
                             .practice = false,
                             .auto_start = true,
                             .status = server::room_status::playing,
                             .created_ms = 0};
    (void)store.create_room(room, {});
    const std::string body = move_event_body(1);
    bench.counters["event_bytes"] = static_cast<double>(body.size());
    // range(0) events per transaction: 1 is a move on its own, more is a group commit.
    const auto per_commit = static_cast<std::size_t>(bench.range(0));
    std::vector<server::stored_event> rows(per_commit, {0, body});
    std::int64_t version = 0;
    for (auto _ : bench) {
      for (auto& e : rows)
        e.version = ++version;
      auto ok = store.append_events(room.id, rows, std::nullopt);
      if (!ok) return bench.SkipWithError(ok.error().c_str());
    }
    bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(per_commit));
  }
  std::filesystem::remove_all(dir);
}

// The room plays a move on a copy of its state, so a failed write leaves the state untouched.
void clone_and_play_bench(benchmark::State& bench) {
  const auto* g = engine::find_game("sisyphos");
  auto params = engine::resolve_params(g->param_specs(), {});
  auto s = std::move(*g->new_state(2, *params, 1));
  std::mt19937_64 rng(1);
  for (int i = 0; i < 6; ++i)
    (void)s->play(s->random_move(rng));
  const std::string move = s->random_move(rng);
  for (auto _ : bench) {
    auto next = s->clone();
    benchmark::DoNotOptimize(next->play(move));
  }
}

BENCHMARK_CAPTURE(append_bench, normal, server::sync_mode::normal)
    ->Arg(1)
    ->Arg(8)
    ->Arg(64)
    ->UseRealTime();
BENCHMARK_CAPTURE(append_bench, full, server::sync_mode::full)->Arg(1)->Arg(64)->UseRealTime();
BENCHMARK(clone_and_play_bench);

}  // namespace

BENCHMARK_MAIN();
