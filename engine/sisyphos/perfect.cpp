#include "engine/sisyphos/perfect.hpp"

#include <algorithm>

#include "engine/sisyphos/notation.hpp"
#include "engine/sisyphos/state.hpp"
#include "engine/sisyphos/table_registry.hpp"

namespace boardroom::engine::sisyphos {

namespace {

// A spirit could step onto e1 next: Sisyphos's losing moves that allow it are the worst.
bool invasion_threat(const node& n) {
  for (int dir = 0; dir < num_directions; ++dir) {
    if (shift(n.stones[1], side::spirits, dir) & bit(e1)) return true;
  }
  return false;
}

// How good the move to `next` is for the side that made it; higher is better.
int score(side mover, const table& t, const node& next) {
  int v = t.raw(next);
  if (mover == side::sisyphos) return -(2 * v + (v == no_win && invasion_threat(next)));
  return 2 * v + (v == no_win && is_invasion(next));
}

int remaining_after(side mover, int remaining) {
  return mover == side::sisyphos ? remaining - 1 : remaining;
}

}  // namespace

evaluation evaluate(const table& t, const node& n, int remaining) {
  std::uint8_t v = t.raw(n);
  if (v == no_win) return {};
  return {v <= remaining ? std::optional<int>(v) : std::nullopt, v};
}

std::vector<move_evaluation> evaluate_moves(const table& t, const node& n, int remaining) {
  move_list moves;
  generate_moves(n, t.variant(), moves);
  std::vector<std::pair<int, move_evaluation>> scored;
  for (move m : moves) {
    node next = after(n, m);
    scored.push_back(
        {score(n.to_move, t, next), {m, evaluate(t, next, remaining_after(n.to_move, remaining))}});
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<move_evaluation> out;
  for (auto& [s, e] : scored) {
    e.best = s == scored.front().first;
    out.push_back(e);
  }
  return out;
}

std::optional<move> perfect_move(const table& t, const node& n, int remaining,
                                 std::mt19937_64& rng) {
  auto moves = evaluate_moves(t, n, remaining);
  if (moves.empty()) return std::nullopt;
  auto best = static_cast<std::size_t>(
      std::count_if(moves.begin(), moves.end(), [](const auto& e) { return e.best; }));
  std::uniform_int_distribution<std::size_t> pick(0, best - 1);
  return moves[pick(rng)].m;
}

namespace {

const state* sisyphos_state(const engine::state& s) {
  return dynamic_cast<const state*>(&s);
}

nlohmann::json optional_json(std::optional<int> v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

std::string_view side_name(side s) {
  return s == side::sisyphos ? "sisyphos" : "spirits";
}

// turns_to_win and its consequences for a node reached after `turns_made` Sisyphos turns.
nlohmann::json value_json(const evaluation& e, int turns_made) {
  return {
      {"sisyphos_turns_to_win", optional_json(e.turns_to_win)},
      {"wins_with_turn",
       e.turns_to_win ? nlohmann::json(turns_made + *e.turns_to_win) : nlohmann::json(nullptr)},
      {"winner_with_best_play", side_name(e.turns_to_win ? side::sisyphos : side::spirits)},
  };
}

class perfect_player final : public engine::bot {
 public:
  std::string_view name() const override { return "perfect"; }
  std::string_view description() const override {
    return "plays perfectly from the solved table: as Sisyphos it wins as fast as possible, as "
           "the spirits it holds out as long as possible (equal moves at random); needs the "
           "edition's table on the server";
  }
  result<std::string> choose(const engine::state& s, std::mt19937_64& rng) const override {
    const state* st = sisyphos_state(s);
    if (!st) return fail("wrong_game", "the perfect bot plays Come on, Sisyphos only");
    if (st->is_terminal()) return fail("game_over", "the game is over");
    auto t = solver_tables().find(st->rules().source);
    if (!t) return std::unexpected(no_table_error(st->rules().source));
    const position& pos = st->position();
    auto m = perfect_move(*t, node_of(pos), st->rules().move_limit - pos.sisyphos_turns(), rng);
    if (!m) return fail("game_over", "the game is over");
    return move_text(*m);
  }
};

}  // namespace

const engine::bot& perfect_bot() {
  static const perfect_player instance;
  return instance;
}

result<nlohmann::json> analyze_state(const engine::state& s) {
  const state* st = sisyphos_state(s);
  if (!st) return fail("wrong_game", "not a Come on, Sisyphos position");
  const rules& r = st->rules();
  auto t = solver_tables().find(r.source);
  if (!t) return std::unexpected(no_table_error(r.source));
  const position& pos = st->position();
  int turns = pos.sisyphos_turns();
  node n = node_of(pos);
  bool over = st->is_terminal();
  evaluation now = evaluate(*t, n, r.move_limit - turns);
  if (over) now = pos.how_ended(r) == ending::goal ? evaluation{0, 0} : evaluation{};
  auto position_value = value_json(now, turns);
  position_value["turns_to_win_ignoring_limit"] = optional_json(now.ignoring_limit);

  auto moves = nlohmann::json::array();
  if (!over) {
    int turns_after = turns + (pos.to_move() == side::sisyphos ? 1 : 0);
    for (const auto& e : evaluate_moves(*t, n, r.move_limit - turns)) {
      auto entry = value_json(e.after, turns_after);
      entry["move"] = move_text(e.m);
      entry["best"] = e.best;
      moves.push_back(std::move(entry));
    }
  }
  return nlohmann::json{
      {"available", true},
      {"edition", edition_name(r.source)},
      {"to_move", over ? nlohmann::json(nullptr) : nlohmann::json(side_name(pos.to_move()))},
      {"sisyphos_turns", turns},
      {"move_limit", r.move_limit},
      {"position", std::move(position_value)},
      {"moves", std::move(moves)},
  };
}

}  // namespace boardroom::engine::sisyphos
