#include "bench/load/load.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

#include "bench/load/client.hpp"

namespace boardroom::load {

namespace net = boost::asio;
using json = nlohmann::json;
using clock = std::chrono::steady_clock;
using detail::client;
using detail::make_soak_player;
using detail::proc_sample;
using detail::sample;
using detail::table;
using detail::tally;

namespace {

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

}  // namespace

soak_counts& soak_counts::operator+=(const soak_counts& o) {
  drops += o.drops;
  resumes += o.resumes;
  failed_reconnects += o.failed_reconnects;
  events += o.events;
  redelivered += o.redelivered;
  duplicated += o.duplicated;
  lost += o.lost;
  snapshot_syncs += o.snapshot_syncs;
  live_gaps += o.live_gaps;
  rooms_complete += o.rooms_complete;
  rooms_audited += o.rooms_audited;
  rooms_gone += o.rooms_gone;
  return *this;
}

bool report::passed(const options& o) const {
  if (o.mode != mode::soak) return connections > 0;
  bool rss_ok = rss_warm_mib < 0 || std::abs(server_rss_mib - rss_warm_mib) <= 0.1 * rss_warm_mib;
  return connections > 0 && soak.lost == 0 && soak.duplicated == 0 && rss_ok;
}

report run(const options& o) {
  const bool plays = o.mode == mode::play || o.mode == mode::soak;
  // Only playing needs a game; idle and echo connections never create rooms.
  auto spec = engine::parse_game_spec(plays ? o.game : "sisyphos");
  if (!spec) throw std::runtime_error(spec.error().message);
  int players = o.players > 0 ? o.players : spec->game_ptr->players().min;

  int threads = std::max(1, o.threads);
  std::vector<std::unique_ptr<net::io_context>> ios;
  std::vector<tally> tallies(threads);
  for (int i = 0; i < threads; ++i)
    ios.push_back(std::make_unique<net::io_context>());

  std::vector<std::shared_ptr<client>> clients;
  proc_sample before = sample(o.server_pid);
  auto started = clock::now();
  auto after_seconds = [&](double s) {
    return started + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(s));
  };
  // Idle mode measures memory from before the first connection; soak watches the whole run.
  const double warmup = o.mode == mode::play || o.mode == mode::echo ? o.warmup : 0;
  const auto measure_from = after_seconds(warmup);
  for (auto& t : tallies)
    t.measure_from = measure_from;
  if (plays) {
    for (int r = 0; r < o.rooms; ++r) {
      int t = r % threads;
      auto group = std::make_shared<table>(*spec, players, r);
      for (int s = 0; s < players + o.spectators; ++s) {
        if (s < players && o.mode == mode::soak) {
          clients.push_back(make_soak_player(*ios[t], o, tallies[t], group, s));
        } else {
          auto role = s < players ? client::role::player : client::role::spectator;
          clients.push_back(std::make_shared<client>(*ios[t], o, tallies[t], role, group, s));
        }
        group->members.push_back(clients.back());
      }
      // Seat 0 creates the room once connected; the others connect now and join when told.
      for (auto& c : group->members)
        c.lock()->start();
    }
  } else {
    int n = o.mode == mode::idle ? o.connections : o.rooms;
    auto role = o.mode == mode::idle ? client::role::idle : client::role::echo;
    for (int i = 0; i < n; ++i) {
      int t = i % threads;
      clients.push_back(std::make_shared<client>(*ios[t], o, tallies[t], role, nullptr, i));
      clients.back()->start();
    }
  }

  std::vector<std::thread> pool;
  for (auto& io : ios)
    pool.emplace_back([&io] { io->run_for(std::chrono::hours(24)); });
  report out;
  if (warmup > 0) {
    std::this_thread::sleep_until(measure_from);
    before = sample(o.server_pid);
  }
  if (o.mode == mode::soak) {
    // The server's RSS every 30 s, and once after the warm-up: the reference the end is held to.
    out.warm_seconds = std::min(120.0, o.seconds / 5);
    std::vector<double> at{out.warm_seconds};
    for (double t = 30; t < o.seconds; t += 30)
      at.push_back(t);
    std::sort(at.begin(), at.end());
    at.erase(std::unique(at.begin(), at.end()), at.end());
    for (double t : at) {
      std::this_thread::sleep_until(after_seconds(t));
      double rss = sample(o.server_pid).rss_mib;
      if (t == out.warm_seconds) out.rss_warm_mib = rss;
      if (rss >= 0) out.rss_samples.emplace_back(t, rss);
    }
  }
  if (o.mode == mode::idle) {
    // Every connection open first (on a loaded machine that can take longer than the run), then
    // the run's seconds of them idle: the memory read at the end is all of theirs.
    const auto deadline = clock::now() + std::chrono::seconds(30);
    auto opened = [&] {
      int n = 0;
      for (const auto& t : tallies)
        n += t.connected.load();
      return n;
    };
    while (opened() < o.connections && clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::this_thread::sleep_for(std::chrono::duration<double>(o.seconds));
  } else {
    std::this_thread::sleep_until(after_seconds(warmup + o.seconds));
  }
  proc_sample after = sample(o.server_pid);
  double elapsed = std::chrono::duration<double>(clock::now() - measure_from).count();
  if (after.rss_mib >= 0 && o.mode == mode::soak)
    out.rss_samples.emplace_back(elapsed, after.rss_mib);
  for (auto& c : clients)
    c->wind_down();
  // Soak: time for clients that are away to come back (their pause is at most a second) and
  // for every final room.sync to be answered.
  if (o.mode == mode::soak) std::this_thread::sleep_for(std::chrono::seconds(2));
  for (auto& c : clients)
    c->close();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  for (auto& io : ios)
    io->stop();
  for (auto& t : pool)
    t.join();

  out.seconds = elapsed;
  std::vector<double> all;
  for (auto& t : tallies) {
    all.insert(all.end(), t.rtt_ms.begin(), t.rtt_ms.end());
    out.spectator_events += t.spectator_events;
    out.games_finished += t.games_finished;
    out.connections += t.connected;
    for (const auto& [code, n] : t.errors)
      out.errors[code] += n;
    out.soak += t.soak;
  }
  out.moves = all.size();
  out.p50_ms = percentile(all, 0.50);
  out.p95_ms = percentile(all, 0.95);
  out.p99_ms = percentile(all, 0.99);
  out.max_ms = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
  if (o.server_pid > 0) {
    out.server_cpu_seconds = after.cpu_seconds - before.cpu_seconds;
    out.server_kernel_seconds = after.cpu_kernel_seconds - before.cpu_kernel_seconds;
    out.server_rss_mib = after.rss_mib;
    out.server_rss_delta_mib = after.rss_mib - before.rss_mib;
  }
  return out;
}

double report::us_per_move(double cpu_seconds) const {
  return moves ? cpu_seconds * 1e6 / static_cast<double>(moves) : 0;
}

json report::to_json(const options& o) const {
  const char* mode_name = o.mode == mode::play   ? "play"
                          : o.mode == mode::idle ? "idle"
                          : o.mode == mode::soak ? "soak"
                                                 : "echo";
  json j{{"mode", mode_name},
         {"game", o.game},
         {"rooms", o.rooms},
         {"spectators_per_room", o.spectators},
         {"think", o.think},
         {"rematch", o.rematch},
         {"warmup_seconds", o.mode == mode::play || o.mode == mode::echo ? o.warmup : 0},
         {"connections", connections},
         {"seconds", seconds},
         {"moves", moves},
         {"moves_per_second", seconds > 0 ? static_cast<double>(moves) / seconds : 0},
         {"rtt_ms", {{"p50", p50_ms}, {"p95", p95_ms}, {"p99", p99_ms}, {"max", max_ms}}},
         {"spectator_events_per_second",
          seconds > 0 ? static_cast<double>(spectator_events) / seconds : 0},
         {"games_finished", games_finished},
         {"errors", errors}};
  if (server_cpu_seconds >= 0) {
    // The kernel's part (the sends, reads, writes and flushes, and switching threads) and user
    // space's: a peer's move and boardroom's can be compared part by part.
    j["server"] = {
        {"cpu_seconds", server_cpu_seconds},
        {"cpu_kernel_seconds", server_kernel_seconds},
        {"cpu_us_per_move", us_per_move(server_cpu_seconds)},
        {"cpu_user_us_per_move", us_per_move(server_cpu_seconds - server_kernel_seconds)},
        {"cpu_kernel_us_per_move", us_per_move(server_kernel_seconds)},
        {"rss_mib", server_rss_mib},
        {"rss_delta_mib", server_rss_delta_mib}};
    if (o.mode == mode::idle && connections > 0) {
      j["server"]["rss_kib_per_connection"] = server_rss_delta_mib * 1024 / connections;
    }
  }
  if (o.mode == mode::soak) {
    j["drop_rate"] = o.drop_rate;
    j["soak"] = {{"drops", soak.drops},
                 {"resumes", soak.resumes},
                 {"failed_reconnects", soak.failed_reconnects},
                 {"events_checked", soak.events},
                 {"lost", soak.lost},
                 {"duplicated", soak.duplicated},
                 {"redelivered", soak.redelivered},
                 {"snapshot_syncs", soak.snapshot_syncs},
                 {"live_gaps", soak.live_gaps},
                 {"rooms_complete", soak.rooms_complete},
                 {"rooms_audited", soak.rooms_audited},
                 {"rooms_gone", soak.rooms_gone}};
    if (rss_warm_mib >= 0) {
      json samples = json::array();
      for (const auto& [t, mib] : rss_samples)
        samples.push_back({t, mib});
      j["soak"]["rss_warm_seconds"] = warm_seconds;
      j["soak"]["rss_warm_mib"] = rss_warm_mib;
      j["soak"]["rss_end_mib"] = server_rss_mib;
      j["soak"]["rss_change_percent"] = (server_rss_mib - rss_warm_mib) * 100 / rss_warm_mib;
      j["soak"]["rss_samples"] = samples;
    }
    j["soak"]["pass"] = passed(o);
  }
  return j;
}

std::string report::to_table(const options& o) const {
  std::ostringstream t;
  auto row = [&](const std::string& name, const std::string& value) {
    t << "  " << std::left << std::setw(30) << name << ' ' << value << '\n';
  };
  auto num = [](double v, int digits = 1) {
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(digits);
    s << v;
    return s.str();
  };
  row("connections", std::to_string(connections));
  row("seconds", num(seconds));
  row(o.mode == mode::echo ? "round trips" : "moves confirmed", std::to_string(moves));
  row("per second", num(seconds > 0 ? static_cast<double>(moves) / seconds : 0));
  row("round trip p50/p95/p99/max ms",
      num(p50_ms, 3) + " / " + num(p95_ms, 3) + " / " + num(p99_ms, 3) + " / " + num(max_ms, 3));
  if (o.mode == mode::play || o.mode == mode::soak) {
    row("spectator events/s",
        num(seconds > 0 ? static_cast<double>(spectator_events) / seconds : 0));
    row("games finished", std::to_string(games_finished));
  }
  if (server_cpu_seconds >= 0) {
    row("server CPU s (kernel)",
        num(server_cpu_seconds, 3) + " (" + num(server_kernel_seconds, 3) + ")");
    if (moves)
      row("server CPU us per round trip (kernel)", num(us_per_move(server_cpu_seconds)) + " (" +
                                                       num(us_per_move(server_kernel_seconds)) +
                                                       ")");
    row("server RSS MiB (delta)", num(server_rss_mib) + " (" + num(server_rss_delta_mib) + ")");
  }
  if (o.mode == mode::soak) {
    row("drops / resumes", std::to_string(soak.drops) + " / " + std::to_string(soak.resumes) +
                               " (failed reconnects " + std::to_string(soak.failed_reconnects) +
                               ")");
    row("events checked", std::to_string(soak.events));
    row("lost / duplicated", std::to_string(soak.lost) + " / " + std::to_string(soak.duplicated));
    row("redelivered (ignored)", std::to_string(soak.redelivered));
    row("snapshot syncs", std::to_string(soak.snapshot_syncs));
    row("gaps on live connections", std::to_string(soak.live_gaps));
    row("rooms done / audited / gone", std::to_string(soak.rooms_complete) + " / " +
                                           std::to_string(soak.rooms_audited) + " / " +
                                           std::to_string(soak.rooms_gone));
    if (rss_warm_mib >= 0) {
      std::string samples;
      for (const auto& [at, mib] : rss_samples)
        samples += num(at, 0) + "s:" + num(mib) + " ";
      row("server RSS samples MiB", samples);
      row("server RSS at " + num(warm_seconds, 0) + " s / end",
          num(rss_warm_mib) + " / " + num(server_rss_mib) + " MiB (" +
              num((server_rss_mib - rss_warm_mib) * 100 / rss_warm_mib) + " %)");
    }
    row("verdict", passed(o) ? "PASS" : "FAIL");
  }
  std::string errs;
  for (const auto& [code, n] : errors)
    errs += code + "=" + std::to_string(n) + " ";
  row("errors", errs.empty() ? "none" : errs);
  return t.str();
}

}  // namespace boardroom::load
