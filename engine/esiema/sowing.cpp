#include "engine/esiema/sowing.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

namespace boardroom::engine::esiema {

namespace {

constexpr int short_path = 5;

// The pits a path may not enter: the start and every pit already holding 12 balls.
pit_set blocked_pits(const pit_set& full, pit start) {
  pit_set blocked = full;
  blocked.insert(start);
  return blocked;
}

// Pits reachable from `start` through open pits, not counting start: no path is longer.
int reachable(const pit_set& blocked, pit start) {
  std::array<pit, num_pits> queue{};
  pit_set seen = blocked;
  int head = 0;
  int tail = 0;
  queue[tail++] = start;
  while (head < tail) {
    pit p = queue[head++];
    for (int i = 0; i < board.degree[p]; ++i) {
      pit n = board.neighbours[p][i];
      if (!seen.contains(n)) {
        seen.insert(n);
        queue[tail++] = n;
      }
    }
  }
  return tail - 1;
}

bool extend(pit from, int left, pit_set& used) {
  if (left == 0) return true;
  for (int i = 0; i < board.degree[from]; ++i) {
    pit n = board.neighbours[from][i];
    if (used.contains(n)) continue;
    used.insert(n);
    bool found = extend(n, left - 1, used);
    used.erase(n);
    if (found) return true;
  }
  return false;
}

// Paths of `left` more pits from `from`; false once the budget is spent.
bool count_from(pit from, int left, pit_set& used, std::uint64_t& total, std::uint64_t& budget) {
  if (budget == 0) return false;
  --budget;
  if (left == 1) {  // the last pit: every open neighbour ends one path
    for (int i = 0; i < board.degree[from]; ++i)
      total += !used.contains(board.neighbours[from][i]);
    return true;
  }
  for (int i = 0; i < board.degree[from]; ++i) {
    pit n = board.neighbours[from][i];
    if (used.contains(n)) continue;
    used.insert(n);
    bool ok = count_from(n, left - 1, used, total, budget);
    used.erase(n);
    if (!ok) return false;
  }
  return true;
}

bool random_extend(pit from, int left, pit_set& used, std::array<pit, pit_capacity>& path, int at,
                   std::mt19937_64& rng) {
  if (left == 0) return true;
  std::array<pit, max_neighbours> next{};
  int n = 0;
  for (int i = 0; i < board.degree[from]; ++i) {
    if (!used.contains(board.neighbours[from][i])) next[n++] = board.neighbours[from][i];
  }
  std::shuffle(next.begin(), next.begin() + n, rng);
  for (int i = 0; i < n; ++i) {
    used.insert(next[i]);
    path[at] = next[i];
    bool found = random_extend(next[i], left - 1, used, path, at + 1, rng);
    used.erase(next[i]);
    if (found) return true;
  }
  return false;
}

// The balls of a pit as kinds (small of each seat, mother of each seat) with their numbers.
struct ball_kinds {
  std::array<ball, 2 * max_players> kind{};
  std::array<int, 2 * max_players> count{};
  int size = 0;
};

ball_kinds kinds_of(const pit_contents& c) {
  ball_kinds k;
  for (int s = 0; s < max_players; ++s) {
    if (c.small[s]) {
      k.kind[k.size] = small_ball(s);
      k.count[k.size++] = c.small[s];
    }
  }
  for (int s = 0; s < max_players; ++s) {
    if (c.has_mother(s)) {
      k.kind[k.size] = mother_ball(s);
      k.count[k.size++] = 1;
    }
  }
  return k;
}

std::uint64_t factorial(int n) {
  std::uint64_t f = 1;
  for (int i = 2; i <= n; ++i)
    f *= static_cast<std::uint64_t>(i);
  return f;
}

void orders(ball_kinds& k, int seat, move& m, int at, const std::function<void(const move&)>& f) {
  if (at == m.count) {
    f(m);
    return;
  }
  bool last = at == m.count - 1;
  for (int i = 0; i < k.size; ++i) {
    if (k.count[i] == 0 || (last && owner(k.kind[i]) != seat)) continue;
    --k.count[i];
    m.balls[at] = k.kind[i];
    orders(k, seat, m, at + 1, f);
    ++k.count[i];
  }
}

void paths(const position& pos, int seat, ball_kinds& k, move& m, pit from, int at, pit_set& used,
           const std::function<void(const move&)>& f) {
  if (at == m.count) {
    orders(k, seat, m, 0, f);
    return;
  }
  for (int i = 0; i < board.degree[from]; ++i) {
    pit n = board.neighbours[from][i];
    if (used.contains(n)) continue;
    used.insert(n);
    m.path[at] = n;
    paths(pos, seat, k, m, n, at + 1, used, f);
    used.erase(n);
  }
}

// Steps between two pits, by the axial coordinates q = x - y and r = y - 5 (board.hpp): no path
// of fewer pits joins them.
int distance(pit a, pit b) {
  const int dq = (board.x[a] - board.y[a]) - (board.x[b] - board.y[b]);
  const int dr = board.y[a] - board.y[b];
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

// A path of `left` more pits from `from` whose last pit is `target`, in random neighbour order,
// never stepping where the target is out of reach of the pits left; false where there is none,
// or once `budget` search nodes are spent.
bool random_extend_to(pit from, pit target, int left, pit_set& used,
                      std::array<pit, pit_capacity>& path, int at, std::mt19937_64& rng,
                      int& budget) {
  if (left == 0) return from == target;
  if (--budget < 0) return false;
  std::array<pit, max_neighbours> next{};
  int n = 0;
  for (int i = 0; i < board.degree[from]; ++i) {
    const pit p = board.neighbours[from][i];
    if (used.contains(p) || distance(p, target) > left - 1) continue;
    if (p == target && left > 1) continue;  // the target is the last pit
    next[n++] = p;
  }
  std::shuffle(next.begin(), next.begin() + n, rng);
  for (int i = 0; i < n; ++i) {
    used.insert(next[i]);
    path[at] = next[i];
    bool found = random_extend_to(next[i], target, left - 1, used, path, at + 1, rng, budget);
    used.erase(next[i]);
    if (found) return true;
    if (budget < 0) return false;
  }
  return false;
}

}  // namespace

std::optional<move> random_capture(const position& pos, int seat, std::mt19937_64& rng) {
  const pit_set full = full_pits(pos);
  std::vector<pit> targets;
  std::vector<pit> starts;
  for (pit p = 0; p < num_pits; ++p) {
    const pit_contents& c = pos.pits[p];
    if (c.mothers == 0 && c.total < pit_capacity && c.total > c.small[seat]) targets.push_back(p);
    if (c.small[seat] > 0 && c.total > 1) starts.push_back(p);
  }
  std::vector<std::pair<pit, pit>> pairs;
  for (pit s : starts) {
    for (pit t : targets) {
      if (s != t && distance(s, t) <= pos.pits[s].total) pairs.emplace_back(s, t);
    }
  }
  std::shuffle(pairs.begin(), pairs.end(), rng);
  // A few microseconds of search at most: where they run out, the caller draws another move.
  int budget = 2000;
  for (auto [start, target] : pairs) {
    const pit_contents& c = pos.pits[start];
    move m;
    m.type = move::kind::sow;
    m.at = start;
    m.count = c.total;
    pit_set used = blocked_pits(full, start);
    if (!random_extend_to(start, target, m.count, used, m.path, 0, rng, budget)) {
      if (budget < 0) return std::nullopt;
      continue;
    }
    int n = 0;
    ball_kinds k = kinds_of(c);
    for (int i = 0; i < k.size; ++i) {
      for (int j = 0; j < k.count[i]; ++j)
        m.balls[n++] = k.kind[i];
    }
    // An own small ball last, the rest in a random order before it.
    std::swap(*std::find(m.balls.begin(), m.balls.begin() + n, small_ball(seat)), m.balls[n - 1]);
    std::shuffle(m.balls.begin(), m.balls.begin() + n - 1, rng);
    return m;
  }
  return std::nullopt;
}

pit_set full_pits(const position& pos) {
  pit_set full;
  for (pit p = 0; p < num_pits; ++p) {
    if (pos.pits[p].total >= pit_capacity) full.insert(p);
  }
  return full;
}

bool path_exists(const pit_set& full, pit start, int length) {
  pit_set blocked = blocked_pits(full, start);
  // Short paths are found (or ruled out) by the search at once; for long ones, counting the
  // pits within reach first rules out hopeless searches.
  if (length > short_path && reachable(blocked, start) < length) return false;
  return extend(start, length, blocked);
}

bool path_exists(const position& pos, pit start, int length) {
  return path_exists(full_pits(pos), start, length);
}

std::optional<std::uint64_t> count_paths(const position& pos, pit start, int length,
                                         std::uint64_t& budget) {
  pit_set used = blocked_pits(full_pits(pos), start);
  std::uint64_t total = 0;
  if (length == 0) return 1;
  if (!count_from(start, length, used, total, budget)) return std::nullopt;
  return total;
}

std::uint64_t count_ball_orders(const pit_contents& start, int seat) {
  ball_kinds k = kinds_of(start);
  int n = start.total;
  std::uint64_t total = 0;
  for (int last = 0; last < k.size; ++last) {
    if (owner(k.kind[last]) != seat) continue;
    // (n-1)! / product of the other counts' factorials, with one ball of `last` at the end.
    std::uint64_t ways = factorial(n - 1);
    for (int i = 0; i < k.size; ++i)
      ways /= factorial(k.count[i] - (i == last));
    total += ways;
  }
  return total;
}

std::optional<std::uint64_t> count_sowings(const position& pos, int seat, std::uint64_t budget) {
  std::uint64_t total = 0;
  for (pit p = 0; p < num_pits; ++p) {
    const pit_contents& c = pos.pits[p];
    if (!c.holds_ball_of(seat)) continue;
    auto n = count_paths(pos, p, c.total, budget);
    if (!n) return std::nullopt;
    total += *n * count_ball_orders(c, seat);
  }
  return total;
}

std::vector<pit> sowing_starts(const position& pos, int seat) {
  std::vector<pit> out;
  pit_set full = full_pits(pos);
  for (pit p = 0; p < num_pits; ++p) {
    const pit_contents& c = pos.pits[p];
    if (c.holds_ball_of(seat) && path_exists(full, p, c.total)) out.push_back(p);
  }
  return out;
}

bool has_sowing(const position& pos, int seat) {
  pit_set full = full_pits(pos);
  for (pit p = 0; p < num_pits; ++p) {
    const pit_contents& c = pos.pits[p];
    if (c.holds_ball_of(seat) && path_exists(full, p, c.total)) return true;
  }
  return false;
}

move random_sowing(const position& pos, int seat, pit start, std::mt19937_64& rng) {
  const pit_contents& c = pos.pits[start];
  move m;
  m.type = move::kind::sow;
  m.at = start;
  m.count = c.total;
  pit_set used = blocked_pits(full_pits(pos), start);
  [[maybe_unused]] bool found = random_extend(start, m.count, used, m.path, 0, rng);

  std::array<ball, pit_capacity> own{};
  int owned = 0;
  int n = 0;
  ball_kinds k = kinds_of(c);
  for (int i = 0; i < k.size; ++i) {
    for (int j = 0; j < k.count[i]; ++j) {
      m.balls[n++] = k.kind[i];
      if (owner(k.kind[i]) == seat) own[owned++] = k.kind[i];
    }
  }
  // One own ball, drawn among the own balls, goes last; the rest in a random order before it.
  ball last = own[std::uniform_int_distribution<int>(0, owned - 1)(rng)];
  std::swap(*std::find(m.balls.begin(), m.balls.begin() + n, last), m.balls[n - 1]);
  std::shuffle(m.balls.begin(), m.balls.begin() + n - 1, rng);
  return m;
}

void for_each_sowing(const position& pos, int seat, const std::function<void(const move&)>& f) {
  for (pit p = 0; p < num_pits; ++p) {
    const pit_contents& c = pos.pits[p];
    if (!c.holds_ball_of(seat)) continue;
    move m;
    m.type = move::kind::sow;
    m.at = p;
    m.count = c.total;
    ball_kinds k = kinds_of(c);
    pit_set used = blocked_pits(full_pits(pos), p);
    paths(pos, seat, k, m, p, 0, used, f);
  }
}

}  // namespace boardroom::engine::esiema
