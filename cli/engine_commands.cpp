// Subcommands that use the rule engines alone: the catalogue, perft and move lists.

#include <iostream>
#include <random>
#include <sstream>

#include "cli/commands.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::cli {

namespace {

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

// The state reached from the start of `spec_text` after `moves`; prints the reason on failure.
std::unique_ptr<engine::state> reach(const std::string& spec_text, const std::string& moves,
                                     int players) {
  auto spec = engine::parse_game_spec(spec_text);
  if (!spec) {
    std::cerr << "error: " << spec.error().message << '\n';
    return nullptr;
  }
  if (players == 0) players = spec->game_ptr->players().min;
  auto state = spec->game_ptr->new_state(players, spec->params, 0);
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
};

void add_position_args(CLI::App* sub, position_args& args) {
  sub->add_option("spec", args.spec, "Game spec, e.g. sisyphos or amazons(board_size=8)")
      ->required();
  sub->add_option("--moves", args.moves, "Moves to play first, separated by ';'");
  sub->add_option("--players", args.players, "Number of players (default: the game's minimum)");
}

}  // namespace

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
    auto state = reach(args->spec, args->moves, args->players);
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
  auto seed = std::make_shared<std::uint64_t>(1);
  add_position_args(sub, *args);
  sub->add_flag("--count", *count, "Print only the number of legal moves, where it can be exact");
  sub->add_option("--sample", *sample,
                  "Print N legal moves drawn at random instead (repeats possible): for positions "
                  "with too many moves to list")
      ->check(CLI::Range(1, 1000000));
  sub->add_option("--seed", *seed, "Seed for --sample (default 1)");
  return [args, count, sample, seed] {
    auto state = reach(args->spec, args->moves, args->players);
    if (!state) return 2;
    if (*sample > 0) {
      std::mt19937_64 rng(*seed);
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

}  // namespace boardroom::cli
