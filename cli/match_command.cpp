// `boardroom match --game SPEC --bots A,B[,C...] --games N`: built-in bots play each other in
// process, through the match core (the rules a room plays by, without sockets or a store), on
// every core, and the score is reported with a 95 % confidence interval.
//
// Game i seats the bots rotated by i places, so that each bot plays each seat equally often; its
// seed (the engine's setup and the bots' draws) is --seed + i, so a run is reproducible whatever
// the number of threads. A bot's score in a game is its share of the others it finished ahead
// of (a tie half): 1, 0.5 or 0 between two.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <expected>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "engine/core/bot.hpp"
#include "engine/core/registry.hpp"
#include "server/match/match.hpp"

namespace boardroom::cli {

namespace {

using nlohmann::json;
namespace cmd = server::commands;

struct played_game {
  std::vector<double> scores;  // per bot (not per seat)
  std::string reason;
  int moves = 0;
};

// Applies `c` and folds what it makes, as a room does once the events are durable.
std::string apply(server::match& m, const server::command& c) {
  auto made = m.apply(c);
  if (!made) return made.error().message;
  for (auto& body : *made) {
    if (auto folded = m.fold({"match", m.version() + 1, 0, std::move(body)}); !folded) {
      return folded.error();
    }
  }
  return {};
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    out.push_back(item);
  return out;
}

std::expected<played_game, std::string> play_one(const engine::game_spec& spec,
                                                 const std::vector<const engine::bot*>& bots,
                                                 int index, std::uint64_t seed, int max_moves) {
  const int n = static_cast<int>(bots.size());
  server::match m({spec, n, seed});
  std::vector<int> bot_of_seat(n);
  for (int s = 0; s < n; ++s) {
    bot_of_seat[s] = (s + index) % n;
    const engine::bot* b = bots[bot_of_seat[s]];
    const std::string id = "bot" + std::to_string(bot_of_seat[s]);
    if (auto e = apply(m, cmd::join{id, std::string(b->name()), s, b}); !e.empty()) {
      return std::unexpected(e);
    }
  }
  if (auto e = apply(m, cmd::start{}); !e.empty()) return std::unexpected(e);
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ull);
  while (m.status() == server::room_status::playing) {
    const engine::state& s = *m.state();
    const int seat = s.current_player();
    auto choice = m.seats()[seat].bot->choose(s, rng);
    if (!choice) return std::unexpected(choice.error().message);
    std::optional<std::string> halts;
    if (static_cast<int>(m.moves().size()) + 1 >= max_moves) {
      halts = "the match's cap of " + std::to_string(max_moves) + " moves";
    }
    if (auto e = apply(m, cmd::move{seat, *choice, halts}); !e.empty()) {
      return std::unexpected("seat " + std::to_string(seat) + " played " + *choice + ": " + e);
    }
  }
  if (!m.outcome()) return std::unexpected("the game ended without an outcome");
  played_game out;
  out.reason = m.outcome()->reason;
  out.moves = static_cast<int>(m.moves().size());
  out.scores.assign(n, 0);
  const auto by_seat = m.outcome()->shares();
  if (static_cast<int>(by_seat.size()) != n) return std::unexpected("the outcome ranks no one");
  for (int s = 0; s < n; ++s)
    out.scores[bot_of_seat[s]] = by_seat[s];
  return out;
}

}  // namespace

command add_match(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "match", "Play built-in bots against each other and report the score with a 95 % interval");
  struct options {
    std::string game;
    std::string bots;
    int games = 100;
    std::uint64_t seed = 1;
    int jobs = 0;
    int max_moves = 2000;
    bool as_json = false;
  };
  auto o = std::make_shared<options>();
  sub->add_option("--game", o->game, "The game spec, e.g. 'amazons(board_size=6)'")->required();
  sub->add_option("--bots", o->bots, "The bots, one per seat, comma-separated: random,mcts:200")
      ->required();
  sub->add_option("--games", o->games, "How many games (default 100)")
      ->check(CLI::Range(1, 1'000'000));
  sub->add_option("--seed", o->seed, "The first game's seed (default 1)");
  sub->add_option("--jobs", o->jobs, "Games played at once (default: one per core)")
      ->check(CLI::Range(0, 1024));
  sub->add_option("--max-moves", o->max_moves,
                  "Moves after which a game is halted, by the game's rule for that or as a draw "
                  "(default 2000)")
      ->check(CLI::Range(1, 1'000'000));
  sub->add_flag("--json", o->as_json, "One JSON object instead of the table");
  return [o]() -> int {
    auto spec = engine::parse_game_spec(o->game);
    if (!spec) {
      std::cerr << "boardroom match: " << spec.error().message << "\n";
      return 2;
    }
    std::vector<const engine::bot*> bots;
    for (const auto& name : split_list(o->bots)) {
      const engine::bot* b = engine::find_bot(*spec->game_ptr, name);
      if (!b) {
        std::cerr << "boardroom match: " << spec->game_ptr->key() << " has no bot '" << name
                  << "' (random, mcts, mcts:N";
        for (const engine::bot* own : spec->game_ptr->own_bots())
          std::cerr << ", " << own->name();
        std::cerr << ")\n";
        return 2;
      }
      bots.push_back(b);
    }
    const auto range = spec->game_ptr->players();
    const int n = static_cast<int>(bots.size());
    if (n < range.min || n > range.max) {
      std::cerr << "boardroom match: " << spec->game_ptr->display_name() << " is for " << range.min
                << " to " << range.max << " players, not " << n << "\n";
      return 2;
    }
    std::vector<std::expected<played_game, std::string>> results(
        o->games, std::unexpected(std::string("not played")));
    std::atomic<int> next{0};
    const int jobs =
        std::min(o->games,
                 o->jobs > 0 ? o->jobs
                             : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    auto work = [&] {
      for (int i = next++; i < o->games; i = next++)
        results[i] =
            play_one(*spec, bots, i, o->seed + static_cast<std::uint64_t>(i), o->max_moves);
    };
    std::vector<std::jthread> threads;
    for (int t = 0; t < jobs; ++t)
      threads.emplace_back(work);
    threads.clear();  // joins

    std::vector<std::vector<double>> per_bot(n);
    std::map<std::string, int> reasons;
    long long moves = 0;
    for (int i = 0; i < o->games; ++i) {
      if (!results[i]) {
        std::cerr << "boardroom match: game " << i + 1 << " (seed " << o->seed + i
                  << "): " << results[i].error() << "\n";
        return 1;
      }
      for (int b = 0; b < n; ++b)
        per_bot[b].push_back(results[i]->scores[b]);
      ++reasons[results[i]->reason];
      moves += results[i]->moves;
    }
    json report{{"game", spec->text()}, {"games", o->games},
                {"seed", o->seed},      {"mean_moves", static_cast<double>(moves) / o->games},
                {"reasons", reasons},   {"bots", json::array()}};
    for (int b = 0; b < n; ++b) {
      const auto& s = per_bot[b];
      double mean = 0;
      for (double x : s)
        mean += x;
      mean /= static_cast<double>(s.size());
      double var = 0;
      for (double x : s)
        var += (x - mean) * (x - mean);
      var = s.size() > 1 ? var / static_cast<double>(s.size() - 1) : 0;
      const double half = 1.96 * std::sqrt(var / static_cast<double>(s.size()));
      const auto count = [&](double v) {
        return static_cast<int>(
            std::count_if(s.begin(), s.end(), [v](double x) { return x == v; }));
      };
      report["bots"].push_back({{"bot", bots[b]->name()},
                                {"score", mean},
                                {"low", std::max(0.0, mean - half)},
                                {"high", std::min(1.0, mean + half)},
                                {"wins", count(1.0)},
                                {"losses", count(0.0)}});
    }
    if (o->as_json) {
      std::cout << report.dump() << "\n";
      return 0;
    }
    std::cout << report["game"].get<std::string>() << ": " << o->games << " games, "
              << report["mean_moves"].get<double>() << " moves on average\n";
    for (const auto& b : report["bots"]) {
      std::printf("  %-12s score %.3f  (95%% interval %.3f to %.3f)  wins %d  losses %d\n",
                  b["bot"].get<std::string>().c_str(), b["score"].get<double>(),
                  b["low"].get<double>(), b["high"].get<double>(), b["wins"].get<int>(),
                  b["losses"].get<int>());
    }
    for (const auto& [reason, k] : reasons)
      std::cout << "  " << reason << ": " << k << "\n";
    return 0;
  };
}

}  // namespace boardroom::cli
