// Subcommands that use the rule engines alone: the catalogue, perft, move lists and pictures.

#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <numbers>
#include <random>
#include <sstream>

#include "cli/commands.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::cli {

namespace {

// The state reached from the start of `spec_text` after `moves`; prints the reason on failure.
std::unique_ptr<engine::state> reach(const std::string& spec_text, const std::string& moves,
                                     int players, std::uint64_t seed) {
  auto spec = engine::parse_game_spec(spec_text);
  if (!spec) {
    std::cerr << "error: " << spec.error().message << '\n';
    return nullptr;
  }
  if (players == 0) players = spec->game_ptr->players().min;
  auto state = spec->game_ptr->new_state(players, spec->params, seed);
  if (!state) {
    std::cerr << "error: " << state.error().message << '\n';
    return nullptr;
  }
  int ply = 0;
  for (const auto& m : split_moves(moves)) {
    ++ply;
    auto played = (*state)->play(m);
    if (!played) {
      std::cerr << "error: move " << ply << " '" << m << "': " << played.error().message << '\n';
      return nullptr;
    }
  }
  return std::move(*state);
}

struct position_args {
  std::string spec;
  std::string moves;
  int players = 0;
  std::uint64_t seed = 0;
};

void add_position_args(CLI::App* sub, position_args& args) {
  sub->add_option("spec", args.spec, "Game spec, e.g. sisyphos or amazons(board_size=8)")
      ->required();
  sub->add_option("--moves", args.moves, "Moves to play first, separated by ';'");
  sub->add_option("--players", args.players, "Number of players (default: the game's minimum)");
  sub->add_option("--seed", args.seed,
                  "The game's seed, as a room records it: what it draws by lot (the first "
                  "player, a turn order) comes out as in that room (default 0)");
}

// --- show: pictures of a position from its view -----------------------------------------------
//
// Games whose view carries a "geometry" with the shape "disc" or "triangle" (cells as parallel
// arrays, "owners" per cell, "players" with colours) are drawn; any other game is shown as its
// position text and view.

struct drawing {
  const nlohmann::json& view;
  const nlohmann::json& geo;
  bool names = false;

  int cells() const { return static_cast<int>(geo["names"].size()); }
  int owner(int c) const { return view["owners"][c].get<int>(); }
  std::string name(int c) const { return geo["names"][c].get<std::string>(); }
  // The letter of a stone: the first letter of its owner's colour, in upper case.
  char mark(int c) const {
    int o = owner(c);
    if (o < 0) return '.';
    std::string colour = view["players"][o]["colour"].get<std::string>();
    return static_cast<char>(std::toupper(static_cast<unsigned char>(colour[0])));
  }
};

bool drawable(const nlohmann::json& view) {
  if (!view.is_object() || !view.contains("geometry") || !view.contains("owners")) return false;
  const auto& geo = view["geometry"];
  return geo.is_object() && geo.contains("shape") && geo.contains("names") &&
         (geo["shape"] == "disc" || geo["shape"] == "triangle");
}

// Discs: one line per ring, the outermost first, each from its cell 1.
std::string disc_text(const drawing& d) {
  std::ostringstream out;
  int rings = static_cast<int>(d.geo["ring_sizes"].size());
  for (int r = rings; r >= 0; --r) {
    std::string line;
    for (int c = 0; c < d.cells(); ++c) {
      if (d.geo["ring"][c].get<int>() != r) continue;
      if (d.names) {
        line += (line.empty() ? "" : " ") + d.name(c) + ":" + d.mark(c);
      } else {
        line += d.mark(c);
      }
    }
    std::string label = r == 0 ? "o" : std::string(1, static_cast<char>('a' + r - 1));
    out << label << (r == 0 ? "  " : "  ") << line << '\n';
  }
  return out.str();
}

// Triangles: rows from the apex, centred; '^' and 'v' for empty cells pointing up and down.
std::string triangle_text(const drawing& d) {
  std::ostringstream out;
  int side = d.geo["side"].get<int>();
  for (int row = 1; row <= side; ++row) {
    std::string line;
    for (int c = 0; c < d.cells(); ++c) {
      if (d.geo["row"][c].get<int>() != row) continue;
      char m = d.mark(c);
      if (m == '.') m = d.geo["up"][c].get<bool>() ? '^' : 'v';
      std::string cell = d.names ? d.name(c) + ":" + std::string(1, m) : std::string(1, m);
      line += (line.empty() ? "" : " ") + cell;
    }
    int indent = d.names ? 0 : 2 * (side - row);
    out << std::string(static_cast<std::size_t>(indent), ' ') << static_cast<char>('a' + row - 1)
        << "  " << line << '\n';
  }
  return out.str();
}

std::string fill_of(const nlohmann::json& view, int owner) {
  if (owner < 0) return "none";
  static const std::map<std::string, std::string> colours{
      {"red", "#d62728"},    {"blue", "#1f77b4"},  {"green", "#2ca02c"}, {"yellow", "#e6c300"},
      {"violet", "#9467bd"}, {"white", "#f4f4f4"}, {"black", "#222222"}};
  std::string c = view["players"][owner]["colour"].get<std::string>();
  auto it = colours.find(c);
  return it == colours.end() ? "#888888" : it->second;
}

std::string svg_picture(const drawing& d) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(2);
  bool disc = d.geo["shape"] == "disc";
  double size = 0, unit = 0;
  if (disc) {
    int rings = static_cast<int>(d.geo["ring_sizes"].size());
    unit = 40;  // the width of a ring
    size = 2 * unit * (rings + 1) + 20;
  } else {
    unit = 48;  // the side of a cell
    size = unit * d.geo["side"].get<int>() + 20;
  }
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << size << "\" height=\"" << size
      << "\" viewBox=\"0 0 " << size << ' ' << size << "\">\n";
  out << "<rect width=\"100%\" height=\"100%\" fill=\"#f3e9d2\"/>\n";
  double cx = size / 2, cy = size / 2;
  for (int c = 0; c < d.cells(); ++c) {
    double sx = 0, sy = 0;  // where the stone and the name go
    if (disc) {
      int ring = d.geo["ring"][c].get<int>();
      if (ring == 0) {
        out << "<circle cx=\"" << cx << "\" cy=\"" << cy << "\" r=\"" << unit
            << "\" fill=\"#fbf6ea\" stroke=\"#5a4a3a\"/>\n";
        sx = cx;
        sy = cy;
      } else {
        double a0 = d.geo["start_degrees"][c].get<double>() * std::numbers::pi / 180;
        double a1 = d.geo["end_degrees"][c].get<double>() * std::numbers::pi / 180;
        double r0 = unit * ring, r1 = unit * (ring + 1);
        auto x = [&](double r, double a) { return cx + r * std::sin(a); };
        auto y = [&](double r, double a) { return cy - r * std::cos(a); };
        int large = a1 - a0 > std::numbers::pi ? 1 : 0;
        out << "<path d=\"M " << x(r0, a0) << ' ' << y(r0, a0) << " L " << x(r1, a0) << ' '
            << y(r1, a0) << " A " << r1 << ' ' << r1 << " 0 " << large << " 1 " << x(r1, a1) << ' '
            << y(r1, a1) << " L " << x(r0, a1) << ' ' << y(r0, a1) << " A " << r0 << ' ' << r0
            << " 0 " << large << " 0 " << x(r0, a0) << ' ' << y(r0, a0)
            << " Z\" fill=\"#fbf6ea\" stroke=\"#5a4a3a\" stroke-width=\"0.8\"/>\n";
        double am = (a0 + a1) / 2, rm = (r0 + r1) / 2;
        sx = x(rm, am);
        sy = y(rm, am);
      }
    } else {
      const auto& k = d.geo["corners"];
      double ox = cx, oy = 10;
      out << "<polygon points=\"";
      sx = sy = 0;
      for (int i = 0; i < 3; ++i) {
        double px = ox + unit * k[6 * c + 2 * i].get<double>();
        double py = oy + unit * k[6 * c + 2 * i + 1].get<double>();
        out << (i ? " " : "") << px << ',' << py;
        sx += px / 3;
        sy += py / 3;
      }
      out << "\" fill=\"#fbf6ea\" stroke=\"#5a4a3a\" stroke-width=\"0.8\"/>\n";
    }
    if (d.owner(c) >= 0) {
      out << "<circle cx=\"" << sx << "\" cy=\"" << sy << "\" r=\"" << unit * 0.22 << "\" fill=\""
          << fill_of(d.view, d.owner(c)) << "\" stroke=\"#222\"/>\n";
    }
    if (d.names) {
      out << "<text x=\"" << sx << "\" y=\"" << sy + 3 << "\" font-size=\"" << unit * 0.2
          << "\" text-anchor=\"middle\" font-family=\"sans-serif\">" << d.name(c) << "</text>\n";
    }
  }
  out << "</svg>\n";
  return out.str();
}

}  // namespace

command add_show(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "show", "Print a position as a picture (boards with drawable geometry) or as text");
  auto args = std::make_shared<position_args>();
  auto svg = std::make_shared<std::string>();
  auto names = std::make_shared<bool>(false);
  add_position_args(sub, *args);
  sub->add_option("--svg", *svg, "Also draw the position as an SVG picture into this file");
  sub->add_flag("--names", *names, "Write the cells' names into the picture");
  return [args, svg, names] {
    auto state = reach(args->spec, args->moves, args->players, args->seed);
    if (!state) return 2;
    auto view = state->view();
    if (drawable(view)) {
      drawing d{view, view["geometry"], *names};
      std::cout << (d.geo["shape"] == "disc" ? disc_text(d) : triangle_text(d));
    } else if (!svg->empty()) {
      std::cerr << "error: this game's view has no geometry to draw\n";
      return 2;
    }
    std::cout << "position: " << state->to_text() << '\n';
    if (state->is_terminal()) {
      std::cout << "over: " << state->outcome()->description << '\n';
    } else {
      // Seats counted from 0, as the protocol and the game parameters count them.
      for (const auto& a : state->to_act()) {
        std::cout << "deciding: seat " << a.player << " (" << engine::decision_name(a.kind)
                  << ")\n";
      }
    }
    if (!svg->empty()) {
      std::ofstream file(*svg);
      drawing d{view, view["geometry"], *names};
      file << svg_picture(d);
      if (!file) {
        std::cerr << "error: cannot write " << *svg << '\n';
        return 2;
      }
    }
    return 0;
  };
}

command add_games(CLI::App& app) {
  auto* sub = app.add_subcommand("games", "List the games with their parameters and defaults");
  auto as_json = std::make_shared<bool>(false);
  sub->add_flag("--json", *as_json, "Print the catalogue as JSON");
  return [as_json] {
    if (*as_json) {
      auto all = nlohmann::json::array();
      for (const auto* g : engine::all_games())
        all.push_back(engine::catalogue_json(*g));
      std::cout << all.dump(2) << '\n';
      return 0;
    }
    for (const auto* g : engine::all_games()) {
      std::cout << g->key() << " — " << g->display_name() << " (" << g->players().min << "–"
                << g->players().max << " players)\n";
      for (const auto& p : g->param_specs()) {
        std::cout << "  " << p.name << " = " << engine::param_text(p.default_value);
        if (p.type == engine::param_spec::kind::integer) {
          std::cout << "  [" << p.min << ".." << p.max << "]";
        } else if (p.type == engine::param_spec::kind::choice) {
          std::cout << "  [";
          for (std::size_t i = 0; i < p.choices.size(); ++i) {
            std::cout << (i ? "|" : "") << p.choices[i];
          }
          std::cout << "]";
        }
        std::cout << "  " << p.description << '\n';
      }
    }
    return 0;
  };
}

command add_perft(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "perft", "Count the legal move sequences of DEPTH moves; the count is the last line");
  auto args = std::make_shared<position_args>();
  auto depth = std::make_shared<int>(1);
  add_position_args(sub, *args);
  sub->add_option("depth", *depth, "Number of moves")->required()->check(CLI::Range(0, 64));
  return [args, depth] {
    auto state = reach(args->spec, args->moves, args->players, args->seed);
    if (!state) return 2;
    std::cout << state->perft(*depth) << '\n';
    return 0;
  };
}

command add_moves(CLI::App& app) {
  auto* sub = app.add_subcommand("moves", "List the legal moves in canonical notation");
  auto args = std::make_shared<position_args>();
  auto count = std::make_shared<bool>(false);
  auto sample = std::make_shared<int>(0);
  auto sample_seed = std::make_shared<std::uint64_t>(1);
  auto steps = std::make_shared<std::string>();
  add_position_args(sub, *args);
  sub->add_flag("--count", *count, "Print only the number of legal moves, where it can be exact");
  sub->add_option("--sample", *sample,
                  "Print N legal moves drawn at random instead (repeats possible): for positions "
                  "with too many moves to list")
      ->check(CLI::Range(1, 1000000));
  sub->add_option("--sample-seed", *sample_seed, "Seed for --sample (default 1)");
  CLI::Option* steps_given =
      sub->add_option("--steps", *steps,
                      "Part of a turn already chosen, in the game's notation (Arimaa: 'Ed2n Ed3n', "
                      "or '' for none): print the legal next steps instead, and 'end' where the "
                      "turn may end");
  return [=] {
    auto state = reach(args->spec, args->moves, args->players, args->seed);
    if (!state) return 2;
    if (steps_given->count() > 0) {
      auto next = state->continuations(*steps);
      if (!next) {
        std::cerr << "error: " << next.error().message << '\n';
        return 2;
      }
      for (const auto& s : next->next)
        std::cout << s << '\n';
      if (next->may_end) std::cout << "end\n";
      return 0;
    }
    if (*sample > 0) {
      std::mt19937_64 rng(*sample_seed);
      for (int i = 0; i < *sample && !state->is_terminal(); ++i)
        std::cout << state->random_move(rng) << '\n';
      return 0;
    }
    if (*count) {
      auto n = state->count_moves();
      if (!n) {
        std::cerr << "error: the legal moves here are too many to count exactly; --sample N "
                     "draws N of them\n";
        return 2;
      }
      std::cout << *n << '\n';
      return 0;
    }
    for (const auto& m : state->legal_moves())
      std::cout << m << '\n';
    if (!state->lists_all_moves()) {
      // Games such as Esiema leave out moves that can run into the millions (sowings).
      std::cerr << "note: not every legal move is listed here, there are too many to list; "
                << "--sample N prints N random legal moves"
                << (state->count_moves() ? ", --count their exact number" : "") << '\n';
    }
    return 0;
  };
}

std::vector<std::string> split_moves(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ';')) {
    auto first = item.find_first_not_of(" \t\n");
    if (first == std::string::npos) continue;
    out.push_back(item.substr(first, item.find_last_not_of(" \t\n") - first + 1));
  }
  return out;
}

}  // namespace boardroom::cli
