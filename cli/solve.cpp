// `boardroom solve sisyphos`: the retrograde analysis of Come on, Sisyphos, its summary, and the
// table file the server and `boardroom analyze --table` load.

#include <sys/resource.h>

#include <chrono>
#include <iomanip>
#include <iostream>

#include "cli/commands.hpp"
#include "engine/core/registry.hpp"
#include "engine/sisyphos/notation.hpp"
#include "engine/sisyphos/perfect.hpp"
#include "engine/sisyphos/table.hpp"

namespace boardroom::cli {

namespace {

namespace sis = engine::sisyphos;

struct solve_args {
  std::string game;
  std::string edition;
  std::string out;
  int threads = 2;
  std::uint64_t verify = 1'000'000;
  int sisyphos_stones = 5;
  int spirit_stones = 3;
  bool progress = false;
};

// 192678562 -> "192,678,562"
std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

long peak_memory_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;  // Linux reports KiB
}

// The edition from --edition, else from the spec's parameters ("sisyphos(edition=...)").
engine::result<sis::edition> edition_of(const solve_args& args) {
  auto spec = engine::parse_game_spec(args.game);
  if (!spec) return std::unexpected(spec.error());
  if (spec->game_ptr->key() != "sisyphos") {
    return engine::fail("no_solver", "there is no solver for " +
                                         std::string(spec->game_ptr->key()) +
                                         "; only sisyphos can be solved");
  }
  std::string name =
      args.edition.empty() ? engine::get_choice(spec->params, "edition") : args.edition;
  return name == "perlhuhn2007" ? sis::edition::perlhuhn2007 : sis::edition::forum2007;
}

void print_distribution(const sis::table_summary& s) {
  std::cout << "distance to the win in Sisyphos turns, nodes in play:\n"
            << "   turns  Sisyphos to move   spirits to move\n";
  auto row = [&](const std::string& label, int v) {
    std::cout << std::setw(8) << label << std::setw(18) << grouped(s.distribution[0][v])
              << std::setw(18) << grouped(s.distribution[1][v]) << '\n';
  };
  for (int v = 1; v <= s.longest_win; ++v)
    row(std::to_string(v), v);
  row("never", sis::no_win);
}

void print_summary(const sis::table& t, double seconds, int threads) {
  const auto& v = t.variant();
  auto s = sis::summarize(t);
  std::uint64_t in_play = s.nodes - s.terminal;
  auto sum = [&](int h) {
    std::uint64_t won = 0;
    for (int d = 0; d < sis::no_win; ++d)
      won += s.distribution[h][d];
    return won;
  };
  std::cout << "Come on, Sisyphos, " << sis::variant_name(v)
            << ": solved by retrograde analysis in " << std::fixed << std::setprecision(1)
            << seconds << " s on " << threads << " thread(s), peak memory " << peak_memory_mib()
            << " MiB\n"
            << "nodes: " << grouped(s.nodes) << " (" << grouped(s.nodes / 2)
            << " per side to move), " << grouped(s.terminal) << " terminal (a5 or e1 taken), "
            << grouped(in_play) << " in play\n";
  for (int h = 0; h < 2; ++h) {
    std::cout << (h == 0 ? "Sisyphos to move: " : "spirits to move:  ") << grouped(sum(h))
              << " won by Sisyphos, " << grouped(s.distribution[h][sis::no_win])
              << " without a forced win\n";
  }
  std::cout << "longest forced win: " << s.longest_win << " Sisyphos turns, e.g. "
            << sis::node_text(s.longest_example, v) << '\n';
  print_distribution(s);
  if (!v.is_full()) return;

  auto start = sis::node_of(sis::position::start());
  int value = t.raw(start);
  std::cout << "start " << sis::node_text(start, v) << ": ";
  if (value == sis::no_win) {
    std::cout << "Sisyphos has no forced win\n";
    return;
  }
  std::cout << "Sisyphos wins with his turn " << value << " (" << 2 * value - 1
            << " single turns) with best play on both sides\n"
            << "first moves: the Sisyphos turns still needed after the move, and the turn he wins "
               "with:\n";
  for (const auto& e : sis::evaluate_moves(t, start, sis::edition_move_limit(v.source))) {
    std::cout << "  " << std::left << std::setw(7) << sis::move_text(e.m) << std::right;
    if (e.after.ignoring_limit) {
      std::cout << std::setw(3) << *e.after.ignoring_limit << "  wins with turn "
                << *e.after.ignoring_limit + 1 << (e.best ? "  best" : "") << '\n';
    } else {
      std::cout << "  the spirits hold\n";
    }
  }
}

int run_solve(const solve_args& args) {
  auto e = edition_of(args);
  if (!e) {
    std::cerr << "error: " << e.error().message << '\n';
    return 2;
  }
  sis::variant v{*e, args.sisyphos_stones, args.spirit_stones};
  sis::progress_fn progress;
  if (args.progress) progress = [](const std::string& line) { std::cerr << line << '\n'; };
  auto started = std::chrono::steady_clock::now();
  auto t = sis::table::build(v, args.threads, progress);
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  if (!t) {
    std::cerr << "error: " << t.error().message << '\n';
    return 1;
  }
  print_summary(**t, took.count(), args.threads);
  if (args.verify > 0) {
    auto checked = sis::check_equations(**t, args.verify, 20070324);
    if (!checked) {
      std::cout << "verification FAILED: " << checked.error().message << '\n';
      return 1;
    }
    std::cout << "verification: the minimax equations hold at " << grouped(*checked)
              << " random nodes in play (moves by "
              << (v.is_full() ? "the engine's position" : "the solver's generator") << ")\n";
  }
  if (!args.out.empty()) {
    auto saved = (*t)->save(args.out);
    if (!saved) {
      std::cerr << "error: " << saved.error().message << '\n';
      return 1;
    }
    std::cout << "table written to " << args.out << " (" << grouped((*t)->values().size() + 64)
              << " bytes)\n";
  }
  return 0;
}

}  // namespace

command add_solve(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "solve", "Solve a game by retrograde analysis (sisyphos), print the summary, save the table");
  auto args = std::make_shared<solve_args>();
  sub->add_option("game", args->game, "sisyphos, or a spec such as sisyphos(edition=perlhuhn2007)")
      ->required();
  sub->add_option("--edition", args->edition, "forum2007 or perlhuhn2007 (default: the spec's)")
      ->check(CLI::IsMember({"forum2007", "perlhuhn2007"}));
  sub->add_option("--out", args->out,
                  "Write the table to FILE; a server loads sisyphos-<edition>.tbl from its data "
                  "directory");
  sub->add_option("--threads", args->threads, "Threads sharing the work")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_option("--verify", args->verify,
                  "Check the minimax equations at N random nodes (0: skip)")
      ->capture_default_str();
  sub->add_option("--sisyphos-stones", args->sisyphos_stones, "A reduced variant: 1 to 5")
      ->check(CLI::Range(1, 5))
      ->capture_default_str();
  sub->add_option("--spirit-stones", args->spirit_stones, "A reduced variant: 1 to 3")
      ->check(CLI::Range(1, 3))
      ->capture_default_str();
  sub->add_flag("--progress", args->progress, "Report each level of the analysis on stderr");
  return [args] { return run_solve(*args); };
}

}  // namespace boardroom::cli
