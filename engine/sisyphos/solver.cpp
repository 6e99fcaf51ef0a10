#include "engine/sisyphos/solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

#include "engine/sisyphos/solver_index.hpp"

namespace boardroom::engine::sisyphos {

// The analysis goes by levels d = 1, 2, ...: first the Sisyphos-to-move nodes he wins with his
// d-th turn (some move leads to a spirits node of level d - 1), then the spirits-to-move nodes all
// of whose moves lead to Sisyphos nodes of level d or less, the last of them of level d. Each level
// is found by scanning the table for the previous level's value and stepping back from those
// nodes (for_each_unmove); nothing else is stored. The two largest levels are cheaper found
// forwards, from the stones alone: level 1 at initialization (a stone next to a5), level 2 by a
// pass over the unresolved Sisyphos nodes. Nodes never reached stay no_win: from them the spirits
// can avoid losing forever, or reach e1. Threads share each scan by units of chunks; the bytes
// they update are atomic, since two nodes of different units can share a predecessor.

namespace {

// While the analysis runs, an unresolved spirits-to-move node holds counter_base plus the number
// of its moves not yet known to lose for the spirits (at most 3 stones x 3 directions + 5
// re-entry squares = 14, so 241-254); Sisyphos-to-move nodes are no_win until resolved. The
// byte is all the memory a node needs.
constexpr std::uint8_t counter_base = max_turns_to_win + 1;
static_assert(counter_base + 14 < no_win);

// A run of chunks (nodes sharing a Sisyphos set) of one block: the unit of parallel work.
struct unit {
  const indexer::block* b = nullptr;
  std::uint64_t first = 0;
  std::uint64_t last = 0;
};

std::vector<unit> make_units(const indexer& ix) {
  constexpr std::uint64_t bytes_per_unit = 1 << 16;
  std::vector<unit> units;
  for (const auto& b : ix.blocks()) {
    std::uint64_t per = std::max<std::uint64_t>(1, bytes_per_unit / b.chunk);
    for (std::uint64_t first = 0; first < b.chunks; first += per)
      units.push_back({&b, first, std::min(b.chunks, first + per)});
  }
  return units;
}

// Runs fn(unit) for every unit, spread over `threads` threads; the sum of the results.
template <class F>
std::uint64_t run(const std::vector<unit>& units, int threads, F fn) {
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> total{0};
  auto worker = [&] {
    std::uint64_t sum = 0;
    for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < units.size();)
      sum += fn(units[i]);
    total.fetch_add(sum, std::memory_order_relaxed);
  };
  std::vector<std::thread> helpers;
  for (int t = 1; t < threads; ++t)
    helpers.emplace_back(worker);
  worker();
  for (auto& h : helpers)
    h.join();
  return total.load();
}

// Calls f(sisyphos_set, chunk_values) for each chunk of the unit within one half.
template <class F>
void for_each_chunk(const unit& u, std::uint8_t* half, F f) {
  const auto& b = *u.b;
  bitboard sisyphos = colex_unrank(u.first, b.sisyphos_count);
  for (std::uint64_t c = u.first; c < u.last; ++c) {
    f(sisyphos, half + b.offset + c * b.chunk);
    if (c + 1 < u.last) sisyphos = next_combination(sisyphos);
  }
}

// The squares Sisyphos leaves free, in ascending order: where a chunk's spirit ranks point.
struct free_squares {
  explicit free_squares(bitboard sisyphos) {
    for (bitboard b = all_squares & ~sisyphos; b; b &= b - 1)
      squares[size++] = first_square(b);
  }
  // The spirit set of colex rank `rank` with `r` stones (colex_unrank, mapped onto the squares).
  bitboard unrank(std::uint64_t rank, int r) const {
    bitboard set = 0;
    int top = size - 1;
    for (int i = r; i >= 1; --i) {
      while (binomials[top][i] > rank)
        --top;
      set |= bit(squares[top]);
      rank -= binomials[top][i];
      --top;
    }
    return set;
  }
  std::array<square, num_squares> squares{};
  int size = 0;
};

// Calls f(node) for each node of the unit whose byte is `target`; memchr skips the others fast.
template <class F>
std::uint64_t for_each_with_value(const unit& u, std::uint8_t* half, side to_move,
                                  std::uint8_t target, F f) {
  std::uint64_t found = 0;
  const auto& b = *u.b;
  for_each_chunk(u, half, [&](bitboard sisyphos, const std::uint8_t* chunk) {
    const void* hit = std::memchr(chunk, target, b.chunk);
    if (!hit) return;
    free_squares free(sisyphos);
    do {
      auto at = static_cast<std::uint64_t>(static_cast<const std::uint8_t*>(hit) - chunk);
      f(node{{sisyphos, free.unrank(at, b.spirit_count)}, to_move});
      ++found;
      hit = std::memchr(chunk + at + 1, target, b.chunk - at - 1);
    } while (hit);
  });
  return found;
}

// Calls f(node, byte) for every node of the unit, the spirit sets in colex order as stored.
template <class F>
void for_each_node(const unit& u, std::uint8_t* half, side to_move, F f) {
  const auto& b = *u.b;
  int r = b.spirit_count;
  for_each_chunk(u, half, [&](bitboard sisyphos, std::uint8_t* chunk) {
    free_squares free(sisyphos);
    std::array<int, 4> at{0, 1, 2, 3};  // positions among the free squares, ascending
    for (std::uint64_t i = 0; i < b.chunk; ++i) {
      bitboard spirits = 0;
      for (int e = 0; e < r; ++e)
        spirits |= bit(free.squares[at[e]]);
      f(node{{sisyphos, spirits}, to_move}, chunk[i]);
      // The next set in colex order: raise the lowest element that can rise, reset those below.
      int e = 0;
      while (e < r && at[e] + 1 == (e + 1 < r ? at[e + 1] : free.size))
        ++e;
      if (e == r) break;
      ++at[e];
      for (int lower = 0; lower < e; ++lower)
        at[lower] = lower;
    }
  });
}

// Squares from which a Sisyphos stone reaches a5 in one step: a4, b4 and b5.
constexpr bitboard next_to_goal = shift_back(bit(a5), side::sisyphos, 0) |
                                  shift_back(bit(a5), side::sisyphos, 1) |
                                  shift_back(bit(a5), side::sisyphos, 2);

// Sisyphos to move wins with this turn exactly when a stone stands next to a5 (a5 holds no
// Sisyphos stone in a node in play, so the step is legal). Knowing this without a search lets
// the analysis start at turn 2: the first level is the largest and the costliest to push back.
constexpr bool wins_now(const node& n) {
  return (n.stones[0] & next_to_goal) != 0;
}

// Of a spirits-to-move node's `moves`, those after which Sisyphos does not win at once: all of
// them unless he stands next to a5; otherwise the steps onto e1, and the captures of his only
// stone next to a5.
int open_moves(const node& n, int moves) {
  bitboard near = n.stones[0] & next_to_goal;
  if (!near) return moves;
  bitboard lone = (near & (near - 1)) ? 0 : near;
  bitboard spirits = n.stones[1];
  int open = 0;
  for (int dir = 0; dir < num_directions; ++dir)
    open += stone_count(shift(spirits, side::spirits, dir) & ~spirits & (bit(e1) | lone));
  return open;
}

// A spirits-to-move node in play whose every move lets Sisyphos win at once: its value is 1.
bool lost_at_once(const node& n, const variant& v) {
  if (is_over(n)) return false;
  int moves = count_moves(n, v);
  return moves > 0 && open_moves(n, moves) == 0;
}

class retrograde {
 public:
  retrograde(const variant& v, int threads, const progress_fn& progress)
      : variant_(v),
        index_(v),
        threads_(std::max(1, threads)),
        progress_(progress),
        units_(make_units(index_)),
        values_(index_.size()) {}

  result<std::vector<std::uint8_t>> run_all() {
    auto started = std::chrono::steady_clock::now();
    initialize();
    if (progress_) {
      std::chrono::duration<double> t = std::chrono::steady_clock::now() - started;
      progress_("initialized " + std::to_string(index_.size()) + " nodes (" +
                std::to_string(t.count()) + " s)");
    }
    for (int d = 2;; ++d) {
      std::uint64_t sisyphos_won = d == 2 ? sisyphos_level_two() : sisyphos_level(d);
      if (sisyphos_won == 0) break;
      if (d > max_turns_to_win) {
        return fail("solver_overflow", "a value exceeds " + std::to_string(max_turns_to_win) +
                                           " turns; the table's byte cannot hold it");
      }
      std::uint64_t spirits_lost = spirits_level(d);
      if (progress_) {
        std::chrono::duration<double> t = std::chrono::steady_clock::now() - started;
        progress_("turns " + std::to_string(d) + ": " + std::to_string(sisyphos_won) +
                  " nodes with Sisyphos to move, " + std::to_string(spirits_lost) +
                  " with the spirits to move (" + std::to_string(t.count()) + " s)");
      }
    }
    finish();
    return std::move(values_);
  }

 private:
  std::uint8_t* half(side s) {
    return values_.data() + (s == side::spirits ? index_.half_size() : 0);
  }

  // Terminal nodes: 0 with a Sisyphos stone on a5, no_win with a spirit on e1. Sisyphos to move
  // otherwise: 1 if he wins now (wins_now), else unknown (no_win). Spirits to move: the count of
  // their moves to nodes not won at turn 1 (moves onto e1 included: they never count down); 1
  // if there is none.
  void initialize() {
    run(units_, threads_, [&](const unit& u) -> std::uint64_t {
      for_each_node(u, half(side::sisyphos), side::sisyphos,
                    [&](const node& n, std::uint8_t& byte) {
                      byte = is_goal(n) ? 0 : is_invasion(n) ? no_win : wins_now(n) ? 1 : no_win;
                    });
      for_each_node(u, half(side::spirits), side::spirits, [&](const node& n, std::uint8_t& byte) {
        if (is_over(n)) {
          byte = is_goal(n) ? 0 : no_win;
          return;
        }
        int moves = count_moves(n, variant_);
        int open = open_moves(n, moves);
        byte = moves == 0 ? no_win : open == 0 ? 1 : static_cast<std::uint8_t>(counter_base + open);
      });
      return 0;
    });
  }

  // Turn 2 without looking at the table: the spirits-to-move nodes of value 1 are known by their
  // stones (lost_at_once), so each unresolved Sisyphos node can check its own moves. Only a step
  // onto a square next to a5 can lead to one (he has no stone there, or he would win at once), so
  // most nodes need three shifts. Pushing back from the 18 million nodes of value 1 instead costs
  // half a billion scattered memory accesses: a third of the whole analysis.
  std::uint64_t sisyphos_level_two() {
    return run(units_, threads_, [&](const unit& u) {
      std::uint64_t won = 0;
      for_each_node(u, half(side::sisyphos), side::sisyphos,
                    [&](const node& n, std::uint8_t& byte) {
                      if (byte != no_win || is_over(n)) return;
                      bitboard own = n.stones[0];
                      bitboard onto_next_to_goal = reentry_targets(n, side::sisyphos, variant_);
                      for (int dir = 0; dir < num_directions; ++dir)
                        onto_next_to_goal |= shift(own, side::sisyphos, dir) & ~own;
                      if (!(onto_next_to_goal & next_to_goal)) return;
                      move_list moves;
                      generate_moves(n, variant_, moves);
                      for (move m : moves) {
                        if ((bit(m.to()) & next_to_goal) && lost_at_once(after(n, m), variant_)) {
                          byte = 2;
                          ++won;
                          return;
                        }
                      }
                    });
      return won;
    });
  }

  // Sisyphos to move wins in d turns if one of his moves leads to a spirits-to-move node won in
  // d - 1: the predecessors of those, not yet resolved, get d.
  std::uint64_t sisyphos_level(int d) {
    auto previous = static_cast<std::uint8_t>(d - 1);
    auto value = static_cast<std::uint8_t>(d);
    return run(units_, threads_, [&](const unit& u) {
      std::uint64_t won = 0;
      for_each_with_value(u, half(side::spirits), side::spirits, previous, [&](const node& n) {
        for_each_unmove(n, variant_, [&](move, const node& before) {
          std::atomic_ref<std::uint8_t> cell(values_[index_.index(before)]);
          std::uint8_t unknown = no_win;
          if (cell.load(std::memory_order_relaxed) == no_win &&
              cell.compare_exchange_strong(unknown, value, std::memory_order_relaxed)) {
            ++won;
          }
        });
      });
      return won;
    });
  }

  // A spirits-to-move node is lost in d when its last move not yet known to lose leads to a node
  // won in d: each resolved Sisyphos-to-move node takes one off its predecessors' counters.
  std::uint64_t spirits_level(int d) {
    auto value = static_cast<std::uint8_t>(d);
    return run(units_, threads_, [&](const unit& u) {
      std::uint64_t lost = 0;
      for_each_with_value(u, half(side::sisyphos), side::sisyphos, value, [&](const node& n) {
        for_each_unmove(n, variant_, [&](move, const node& before) {
          std::atomic_ref<std::uint8_t> cell(values_[index_.index(before)]);
          std::uint8_t now = cell.load(std::memory_order_relaxed);
          while (now > counter_base && now != no_win) {
            std::uint8_t next =
                now == counter_base + 1 ? value : static_cast<std::uint8_t>(now - 1);
            if (cell.compare_exchange_weak(now, next, std::memory_order_relaxed)) {
              lost += next == value;
              break;
            }
          }
        });
      });
      return lost;
    });
  }

  // Counters that never ran out: the spirits have a move that keeps Sisyphos from winning.
  void finish() {
    std::uint8_t* spirits = half(side::spirits);
    for (std::uint64_t i = 0; i < index_.half_size(); ++i) {
      if (spirits[i] > counter_base) spirits[i] = no_win;
    }
  }

  variant variant_;
  indexer index_;
  int threads_;
  const progress_fn& progress_;
  std::vector<unit> units_;
  std::vector<std::uint8_t> values_;
};

}  // namespace

result<std::vector<std::uint8_t>> solve(const variant& v, int threads,
                                        const progress_fn& progress) {
  return retrograde(v, threads, progress).run_all();
}

}  // namespace boardroom::engine::sisyphos
