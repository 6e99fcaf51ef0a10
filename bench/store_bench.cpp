// What durability costs per move: the append of move events to the SQLite store (WAL) in groups,
// as the journal commits them, with synchronous=FULL (the default: survives power loss and a
// failing volume) and NORMAL (a crash of the process only), and the copy of the engine state the
// room plays a move on before the write succeeds.
// Run: build/release/bench/store_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only
// The database goes to $TMPDIR (or /tmp); point TMPDIR at the disk the server would use.

#include <stdlib.h>

#include <filesystem>
#include <random>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include "engine/core/registry.hpp"
#include "server/storage/sqlite_store.hpp"

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

// range(0): events per transaction; range(1): rooms they are spread over. (64, 1) is one room's
// long batch; (64, 64) is what the journal commits under load: one move from each of many rooms,
// each on its own page of the log (the events table is clustered by room and version).
void append_bench(benchmark::State& bench, server::sync_mode sync) {
  std::string dir = (std::filesystem::temp_directory_path() / "boardroom-bench-XXXXXX").string();
  if (!mkdtemp(dir.data())) return bench.SkipWithError("no temporary directory");
  {
    auto opened = server::open_sqlite_store(dir, sync);
    if (!opened) return bench.SkipWithError(opened.error().c_str());
    auto& store = **opened;
    (void)store.save_identity({"p1", "bench", std::string(64, 'a'), 0});
    const auto per_commit = static_cast<std::size_t>(bench.range(0));
    const auto rooms = static_cast<std::size_t>(bench.range(1));
    std::vector<std::string> ids;
    for (std::size_t r = 0; r < rooms; ++r) {
      ids.push_back("r" + std::to_string(1000000000 + r));
      server::room_record room{.id = ids.back(),
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
    }
    const std::string body = move_event_body(1);
    bench.counters["event_bytes"] = static_cast<double>(body.size());
    // Room r's events of this commit; every room's versions continue its own log.
    std::vector<std::vector<server::stored_event>> rows(rooms);
    std::vector<std::int64_t> version(rooms, 0);
    std::vector<server::event_append> group;
    for (auto _ : bench) {
      group.clear();
      for (std::size_t r = 0; r < rooms; ++r) {
        rows[r].clear();
        for (std::size_t i = r; i < per_commit; i += rooms)
          rows[r].push_back({++version[r], body});
        group.push_back({ids[r], rows[r], std::nullopt});
      }
      for (const auto& ok : store.append_group(group))
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
    ->Args({1, 1})
    ->Args({8, 1})
    ->Args({64, 1})
    ->Args({64, 64})
    ->UseRealTime();
BENCHMARK_CAPTURE(append_bench, full, server::sync_mode::full)
    ->Args({1, 1})
    ->Args({64, 64})
    ->UseRealTime();
BENCHMARK(clone_and_play_bench);

}  // namespace

BENCHMARK_MAIN();
