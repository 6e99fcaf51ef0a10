#include "engine/core/game.hpp"

#include <cassert>

#include "engine/core/json_writer.hpp"

namespace boardroom::engine {

std::vector<int> outcome::winners() const {
  std::vector<int> out;
  for (int p = 0; p < static_cast<int>(ranks.size()); ++p) {
    if (ranks[p] == 1) out.push_back(p);
  }
  return out;
}

std::vector<double> outcome::shares() const {
  const int n = static_cast<int>(ranks.size());
  std::vector<double> out(n, 0.5);
  if (n < 2) return out;
  for (int p = 0; p < n; ++p) {
    double ahead = 0;
    for (int q = 0; q < n; ++q) {
      if (q != p) ahead += ranks[p] < ranks[q] ? 1.0 : ranks[p] == ranks[q] ? 0.5 : 0.0;
    }
    out[p] = ahead / (n - 1);
  }
  return out;
}

std::string state::random_move(std::mt19937_64& rng) const {
  auto moves = legal_moves();
  if (moves.empty()) return {};
  std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
  return moves[pick(rng)];
}

const char* decision_name(decision d) {
  switch (d) {
    case decision::move:
      return "move";
    case decision::setup:
      return "setup";
    case decision::displacement:
      return "displacement";
  }
  return "move";
}

std::optional<decision> decision_from_name(std::string_view name) {
  for (auto d : {decision::move, decision::setup, decision::displacement}) {
    if (name == decision_name(d)) return d;
  }
  return std::nullopt;
}

const char* forced_name(forced f) {
  return f == forced::pass ? "pass" : "elimination";
}

std::optional<forced> forced_from_name(std::string_view name) {
  for (forced f : {forced::pass, forced::elimination}) {
    if (name == forced_name(f)) return f;
  }
  return std::nullopt;
}

std::optional<std::vector<double>> state::estimated_shares() const {
  auto o = is_terminal() ? outcome() : outcome_when_halted();
  if (!o) return std::nullopt;
  return o->shares();
}

std::vector<actor> state::to_act() const {
  if (is_terminal()) return {};
  return {{current_player(), decision::move}};
}

result<continuation> state::continuations(std::string_view) const {
  if (is_terminal()) return fail("game_over", "the game is over");
  return fail("no_steps", "a turn of this game is one move, not made of steps: see legal_moves");
}

std::optional<std::uint64_t> state::count_moves() const {
  return legal_moves().size();
}

std::string state::view_text() const {
  json_writer w(1024);  // most views fit (the server writes them into its frames instead)
  write_view(w);
  return std::move(w).text();
}

nlohmann::json state::view() const {
  return nlohmann::json::parse(view_text());
}

std::uint64_t state::perft(int depth) const {
  if (depth == 0) return 1;
  auto moves = legal_moves();
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const auto& m : moves) {
    auto next = clone();
    auto played = next->play(m);
    assert(played.has_value());
    total += next->perft(depth - 1);
  }
  return total;
}

result<void> state::retire(int) {
  return fail("cannot_retire", "this game has no rule for a player who leaves it");
}

result<void> check_retire(const state& s, int player, bool retired) {
  if (s.is_terminal()) return fail("game_over", "the game is over");
  if (player < 0 || player >= s.num_players()) {
    return fail("bad_player", "there is no player " + std::to_string(player), "player");
  }
  if (retired) {
    return fail("already_retired", "player " + std::to_string(player) + " is already out of play",
                "player");
  }
  return {};
}

result<nlohmann::json> game::analyze(const state&) const {
  return fail("no_analysis", "no analysis is available for " + std::string(display_name()));
}

std::vector<std::string> game::player_names(int players) const {
  std::vector<std::string> names;
  for (int p = 0; p < players; ++p)
    names.push_back("seat " + std::to_string(p));  // seats count from 0, as in the protocol
  return names;
}

}  // namespace boardroom::engine
