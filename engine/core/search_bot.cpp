#include "engine/core/search_bot.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace boardroom::engine {

namespace {

// A node of the tree: the position after `move`, made by `mover`. Rewards are the mover's, so a
// parent picks among its children from the point of view of whoever chooses there.
struct node {
  std::string move;
  int mover = no_player;
  int visits = 0;
  double reward = 0;
  std::vector<int> children;  // indices into the tree
};

class search {
 public:
  search(const search_options& options, const state& root, std::mt19937_64& rng)
      : options_(options),
        root_(root),
        rng_(rng),
        players_(root.num_players()),
        plies_(root.estimated_shares()
                   ? std::min(options.playout_plies, options.judged_playout_plies)
                   : options.playout_plies) {
    tree_.push_back(node{});
  }

  std::string run() {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < options_.playouts; ++i) {
      if (options_.time_limit && i > 0 && (i & 15) == 0 &&
          std::chrono::steady_clock::now() - start > *options_.time_limit) {
        break;
      }
      iterate();
    }
    const node& root = tree_[0];
    int best = -1;
    for (int c : root.children) {
      if (best < 0 || tree_[c].visits > tree_[best].visits) best = c;
    }
    return best < 0 ? root_.random_move(rng_) : tree_[best].move;
  }

 private:
  // One playout: down the tree (growing it by one node where it may widen), a random game to the
  // end from there, and the rewards back up the path.
  void iterate() {
    std::unique_ptr<state> s = root_.clone();
    std::vector<int> path{0};
    int at = 0;
    while (!s->is_terminal()) {
      int next = widen(at, *s);
      const bool grown = next >= 0;
      if (!grown) next = select(at);
      if (next < 0) break;  // nothing could be drawn (never for a game that is not over)
      if (!s->play(tree_[next].move)) break;
      path.push_back(next);
      at = next;
      if (grown) break;
    }
    const std::vector<double> rewards = playout(*s);
    for (int n : path) {
      node& x = tree_[n];
      ++x.visits;
      if (x.mover >= 0 && x.mover < players_) x.reward += rewards[x.mover];
    }
  }

  // A new child of `at`, drawn at random, where the node may have one more; -1 where it may not,
  // or where the draw gave a move it already has (then an existing child is selected).
  int widen(int at, const state& s) {
    const node& parent = tree_[at];
    const double allowed = 1.0 + options_.widening * std::sqrt(static_cast<double>(parent.visits));
    if (static_cast<double>(parent.children.size()) >= allowed) return -1;
    std::string move = s.playout_move(rng_);
    if (move.empty()) return -1;
    for (int c : parent.children) {
      if (tree_[c].move == move) return -1;
    }
    node child;
    child.move = std::move(move);
    child.mover = s.current_player();
    tree_.push_back(std::move(child));
    const int index = static_cast<int>(tree_.size()) - 1;
    tree_[at].children.push_back(index);
    return index;
  }

  int select(int at) const {
    const node& parent = tree_[at];
    const double log_n = std::log(static_cast<double>(std::max(parent.visits, 1)));
    int best = -1;
    double best_value = -1;
    for (int c : parent.children) {
      const node& x = tree_[c];
      const double value =
          x.visits == 0 ? 1e9
                        : x.reward / x.visits + options_.exploration * std::sqrt(log_n / x.visits);
      if (value > best_value) {
        best_value = value;
        best = c;
      }
    }
    return best;
  }

  std::vector<double> playout(state& s) {
    for (int ply = 0; ply < plies_ && !s.is_terminal(); ++ply) {
      std::string move = s.playout_move(rng_);
      if (move.empty() || !s.play(move)) break;
    }
    // The outcome's shares once the game is over, else the game's judgement, if it has one.
    if (auto judged = s.estimated_shares();
        judged && static_cast<int>(judged->size()) == players_) {
      return *judged;
    }
    return std::vector<double>(players_, 0.5);  // no result to go by: shared
  }

  const search_options& options_;
  const state& root_;
  std::mt19937_64& rng_;
  const int players_;
  const int plies_;
  std::vector<node> tree_;
};

}  // namespace

search_bot::search_bot(search_options options, std::string name)
    : options_(options), name_(std::move(name)) {
  const std::string bounds = " (mcts:N for N playouts, up to " +
                             std::to_string(max_search_playouts) +
                             "; mcts:Ns or mcts:Nms for a time, up to " +
                             std::to_string(max_search_time.count() / 1000) + " s)";
  description_ = options_.time_limit
                     ? "Monte-Carlo tree search, " + std::to_string(options_.time_limit->count()) +
                           " ms a move, at most " + std::to_string(options_.playouts) +
                           " playouts" + bounds
                     : "Monte-Carlo tree search, " + std::to_string(options_.playouts) +
                           " random playouts a move" + bounds;
}

result<std::string> search_bot::choose(const state& s, std::mt19937_64& rng) const {
  if (s.is_terminal()) return fail("game_over", "the game is over");
  return search(options_, s, rng).run();
}

namespace {

// The budget a name after "mcts:" asks for: playouts ("400"), or a time ("2s", "500ms"), within
// the bounds; nothing for anything else (a sign, a leading zero, another unit).
std::optional<search_options> budget_of(std::string_view text) {
  search_options options;
  std::int64_t n = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(first, last, n);
  if (ec != std::errc() || first == end || *first == '0' || n < 1) return std::nullopt;
  const std::string_view unit(end, static_cast<std::size_t>(last - end));
  if (unit.empty()) {
    if (n > max_search_playouts) return std::nullopt;
    options.playouts = static_cast<int>(n);
    return options;
  }
  if (unit != "s" && unit != "ms") return std::nullopt;
  if (n > max_search_time.count()) return std::nullopt;  // before scaling: no overflow
  const std::chrono::milliseconds time(unit == "s" ? n * 1000 : n);
  if (time > max_search_time) return std::nullopt;
  options.playouts = max_search_playouts;
  options.time_limit = time;
  return options;
}

}  // namespace

const bot* search_bot_named(std::string_view name) {
  static std::mutex guard;
  static std::map<std::string, std::unique_ptr<search_bot>, std::less<>> made;
  constexpr std::string_view base = "mcts";
  if (!name.starts_with(base)) return nullptr;
  search_options options;
  if (name.size() > base.size()) {
    if (name[base.size()] != ':') return nullptr;
    auto asked = budget_of(name.substr(base.size() + 1));
    if (!asked) return nullptr;
    options = *asked;
  }
  // "mcts:400" is "mcts" by another name.
  const bool plain = !options.time_limit && options.playouts == search_options{}.playouts;
  const std::string_view key = plain ? base : name;
  std::lock_guard lock(guard);
  auto it = made.find(key);
  if (it == made.end()) {
    it = made.emplace(std::string(key), std::make_unique<search_bot>(options, std::string(key)))
             .first;
  }
  return it->second.get();
}

}  // namespace boardroom::engine
