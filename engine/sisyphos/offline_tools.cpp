#include "engine/sisyphos/offline_tools.hpp"

#include <sys/resource.h>

#include <chrono>
#include <iomanip>

#include "engine/sisyphos/notation.hpp"
#include "engine/sisyphos/perfect.hpp"
#include "engine/sisyphos/state.hpp"
#include "engine/sisyphos/table.hpp"
#include "engine/sisyphos/table_registry.hpp"

namespace boardroom::engine::sisyphos {

namespace {

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

// The edition from the "edition" option (--edition), else from the spec's parameters
// ("sisyphos(edition=...)").
edition edition_of(const solve_request& request) {
  auto given = request.options.find("edition");
  const std::string name = given != request.options.end()
                               ? std::get<std::string>(given->second)
                               : get_choice(request.spec.params, "edition");
  return name == "perlhuhn2007" ? edition::perlhuhn2007 : edition::forum2007;
}

int option_int(const solve_request& request, const std::string& name, int otherwise) {
  auto given = request.options.find(name);
  return given == request.options.end() ? otherwise
                                        : static_cast<int>(std::get<std::int64_t>(given->second));
}

void print_distribution(const table_summary& s, std::ostream& out) {
  out << "distance to the win in Sisyphos turns, nodes in play:\n"
      << "   turns  Sisyphos to move   spirits to move\n";
  auto row = [&](const std::string& label, int v) {
    out << std::setw(8) << label << std::setw(18) << grouped(s.distribution[0][v]) << std::setw(18)
        << grouped(s.distribution[1][v]) << '\n';
  };
  for (int v = 1; v <= s.longest_win; ++v)
    row(std::to_string(v), v);
  row("never", no_win);
}

void print_summary(const table& t, double seconds, int threads, std::ostream& out) {
  const auto& v = t.variant();
  auto s = summarize(t);
  std::uint64_t in_play = s.nodes - s.terminal;
  auto sum = [&](int h) {
    std::uint64_t won = 0;
    for (int d = 0; d < no_win; ++d)
      won += s.distribution[h][d];
    return won;
  };
  out << "Come on, Sisyphos, " << variant_name(v) << ": solved by retrograde analysis in "
      << std::fixed << std::setprecision(1) << seconds << " s on " << threads
      << " thread(s), peak memory " << peak_memory_mib() << " MiB\n"
      << "nodes: " << grouped(s.nodes) << " (" << grouped(s.nodes / 2) << " per side to move), "
      << grouped(s.terminal) << " terminal (a5 or e1 taken), " << grouped(in_play) << " in play\n";
  for (int h = 0; h < 2; ++h) {
    out << (h == 0 ? "Sisyphos to move: " : "spirits to move:  ") << grouped(sum(h))
        << " won by Sisyphos, " << grouped(s.distribution[h][no_win]) << " without a forced win\n";
  }
  out << "longest forced win: " << s.longest_win << " Sisyphos turns, e.g. "
      << node_text(s.longest_example, v) << '\n';
  print_distribution(s, out);
  if (!v.is_full()) return;

  auto start = node_of(position::start());
  int value = t.raw(start);
  out << "start " << node_text(start, v) << ": ";
  if (value == no_win) {
    out << "Sisyphos has no forced win\n";
    return;
  }
  out << "Sisyphos wins with his turn " << value << " (" << 2 * value - 1
      << " single turns) with best play on both sides\n"
      << "first moves: the Sisyphos turns still needed after the move, and the turn he wins "
         "with:\n";
  for (const auto& e : evaluate_moves(t, start, edition_move_limit(v.source))) {
    out << "  " << std::left << std::setw(7) << move_text(e.m) << std::right;
    if (e.after.ignoring_limit) {
      out << std::setw(3) << *e.after.ignoring_limit << "  wins with turn "
          << *e.after.ignoring_limit + 1 << (e.best ? "  best" : "") << '\n';
    } else {
      out << "  the spirits hold\n";
    }
  }
}

// The edition's table from the table file, else built in memory (and said so: it takes a while).
result<void> provide_table(edition e, const analyze_request& request, std::ostream& err) {
  if (!request.table.empty()) {
    auto t = table::load(request.table);
    if (!t) return std::unexpected(t.error());
    if ((*t)->variant() != variant::full(e)) {
      return fail("bad_table", request.table + " holds the table of " +
                                   variant_name((*t)->variant()) + ", not of " +
                                   std::string(edition_name(e)));
    }
    return solver_tables().install(*t);
  }
  err << "no --table given: solving " << edition_name(e) << " in memory... " << std::flush;
  auto started = std::chrono::steady_clock::now();
  auto t = table::build(variant::full(e), request.threads);
  if (!t) return std::unexpected(t.error());
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  err << "done in " << std::fixed << std::setprecision(1) << took.count() << " s\n";
  return solver_tables().install(*t);
}

std::string value_text(const nlohmann::json& value) {
  if (value["sisyphos_turns_to_win"].is_null()) return "spirits hold";
  return std::to_string(value["sisyphos_turns_to_win"].get<int>());
}

void print_analysis(const engine::state& state, const nlohmann::json& a, std::ostream& out) {
  const auto& p = a["position"];
  out << "position " << state.to_text() << " (" << a["edition"].get<std::string>()
      << ", move limit " << a["move_limit"] << ")\n";
  out << "value " << value_text(p);
  if (!p["wins_with_turn"].is_null()) {
    out << ": Sisyphos wins with his turn " << p["wins_with_turn"];
  } else if (!p["turns_to_win_ignoring_limit"].is_null()) {
    out << ": the move limit saves the spirits (without it Sisyphos would need "
        << p["turns_to_win_ignoring_limit"] << " turns)";
  } else {
    out << ": Sisyphos cannot force a win";
  }
  out << '\n';
  // One line per move, best first: notation, then the value of the position it leads to.
  for (const auto& m : a["moves"])
    out << m["move"].get<std::string>() << ' ' << value_text(m) << '\n';
}

class tools final : public engine::offline_tools {
 public:
  int solve(const solve_request& request, std::ostream& out, std::ostream& err) const override {
    variant v{edition_of(request), option_int(request, "sisyphos_stones", 5),
              option_int(request, "spirit_stones", 3)};
    progress_fn progress;
    if (request.progress) progress = [&err](const std::string& line) { err << line << '\n'; };
    auto started = std::chrono::steady_clock::now();
    auto t = table::build(v, request.threads, progress);
    std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
    if (!t) {
      err << "error: " << t.error().message << '\n';
      return 1;
    }
    print_summary(**t, took.count(), request.threads, out);
    if (request.verify > 0) {
      auto checked = check_equations(**t, request.verify, 20070324);
      if (!checked) {
        out << "verification FAILED: " << checked.error().message << '\n';
        return 1;
      }
      out << "verification: the minimax equations hold at " << grouped(*checked)
          << " random nodes in play (moves by "
          << (v.is_full() ? "the engine's position" : "the solver's generator") << ")\n";
    }
    if (!request.out.empty()) {
      auto saved = (*t)->save(request.out);
      if (!saved) {
        err << "error: " << saved.error().message << '\n';
        return 1;
      }
      out << "table written to " << request.out << " (" << grouped((*t)->values().size() + 64)
          << " bytes)\n";
    }
    return 0;
  }

  int analyze(const game_spec& spec, const engine::state& position, const analyze_request& request,
              std::ostream& out, std::ostream& err) const override {
    auto e = static_cast<const sisyphos::state&>(position).rules().source;
    auto installed = provide_table(e, request, err);
    if (!installed) {
      err << "error: " << installed.error().message << '\n';
      return 1;
    }
    auto analysis = spec.game_ptr->analyze(position);
    if (!analysis) {
      err << "error: " << analysis.error().message << '\n';
      return 1;
    }
    if (request.json) {
      out << analysis->dump(2) << '\n';
    } else {
      print_analysis(position, *analysis, out);
    }
    return 0;
  }
};

}  // namespace

const engine::offline_tools& the_offline_tools() {
  static const tools instance;
  return instance;
}

}  // namespace boardroom::engine::sisyphos
