#include "engine/shiamgon/position.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

namespace boardroom::engine::shiamgon {

namespace {

// The repetition key is a Zobrist hash, kept up to date by put(): one number per cell and owner
// (and per player to move, as cell max_cells), from splitmix64 so that no table is needed.
std::uint64_t zobrist(int c, int owner) {
  if (owner == no_owner) return 0;
  std::uint64_t z = static_cast<std::uint64_t>(c) * 8 + static_cast<std::uint64_t>(owner) + 1;
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Slots strictly between `from` and `to` going round a list of `size` neighbours.
std::uint32_t arc(int from, int to, int size) {
  std::uint32_t bits = 0;
  for (int i = (from + 1) % size; i != to; i = (i + 1) % size)
    bits |= std::uint32_t{1} << i;
  return bits;
}

}  // namespace

position position::start(const shiamgon::rules& r, std::vector<int> board, int first) {
  position p;
  p.rules_ = r;
  p.board_ = std::move(board);
  p.index_board();
  p.to_move_ = first;
  p.begin_turn();
  return p;
}

cell_set position::stones(int seat) const {
  return seat == no_owner ? empty_ : owned_[seat];
}

void position::put(int c, int seat) {
  moves_known_ = false;
  int was = board_[c];
  board_key_ ^= zobrist(c, was) ^ zobrist(c, seat);
  if (was == no_owner) {
    empty_.reset(c);
  } else {
    owned_[was].reset(c);
  }
  board_[c] = seat;
  if (seat == no_owner) {
    empty_.set(c);
  } else {
    owned_[seat].set(c);
  }
}

void position::remember_moves() {
  // Kept for legal_moves() and perft, which ask next; put() forgets it.
  moves_ = placements_for(to_move_);
  moves_known_ = true;
}

void position::index_board() {
  board_key_ = 0;
  for (int c = 0; c < static_cast<int>(board_.size()); ++c)
    board_key_ ^= zobrist(c, board_[c]);
  empty_.reset();
  for (auto& o : owned_)
    o.reset();
  for (int c = 0; c < static_cast<int>(board_.size()); ++c) {
    if (board_[c] == no_owner) {
      empty_.set(c);
    } else {
      owned_[board_[c]].set(c);
    }
  }
}

cell_set position::near(int seat) const {
  const auto& g = geometry();
  cell_set one;
  cell_set own = stones(seat);
  for (std::size_t c = own._Find_first(); c < max_cells; c = own._Find_next(c))
    one |= g.adjacent_set(static_cast<int>(c));
  cell_set two = one;
  for (std::size_t c = one._Find_first(); c < max_cells; c = one._Find_next(c))
    two |= g.adjacent_set(static_cast<int>(c));
  return two;
}

cell_set position::empty_cells() const {
  return empty_;
}

int position::decider() const {
  if (over()) return no_owner;
  if (pending_ && !pending_->waiting.empty()) return pending_->waiting.front();
  return to_move_;
}

int position::prisoners_won(int seat) const {
  return std::accumulate(held_[seat].begin(), held_[seat].end(), 0);
}

int position::stones_lost(int seat) const {
  int lost = 0;
  for (const auto& row : held_)
    lost += row[seat];
  return lost;
}

int position::score(int seat) const {
  int base = rules_.score == score_rule::placements ? placements_[seat]
                                                    : static_cast<int>(stones(seat).count());
  return base + prisoners_won(seat) - stones_lost(seat);
}

std::uint32_t position::wall_slots(int m) const {
  int q = board_[m];
  const auto& around = geometry().neighbours(m);
  std::uint32_t walls = 0;
  for (int i = 0; i < static_cast<int>(around.size()); ++i) {
    if (around[i].wall && board_[around[i].cell] == q) walls |= std::uint32_t{1} << i;
  }
  return walls;
}

bool position::route_blocked(int s, int m, int t) const {
  if (board_[m] == no_owner) return false;
  std::uint32_t walls = wall_slots(m);
  if (std::popcount(walls) < 2) return false;
  int size = static_cast<int>(geometry().neighbours(m).size());
  int from = geometry().neighbour_slot(m, s);
  int to = geometry().neighbour_slot(m, t);
  return (walls & arc(from, to, size)) && (walls & arc(to, from, size));
}

cell_set position::reach(int seat) const {
  const auto& g = geometry();
  const cell_set& own = owned_[seat];
  cell_set one;
  for (std::size_t s = own._Find_first(); s < max_cells; s = own._Find_next(s))
    one |= g.adjacent_set(static_cast<int>(s));
  cell_set out = one;
  for (std::size_t mid = one._Find_first(); mid < max_cells; mid = one._Find_next(mid)) {
    int m = static_cast<int>(mid);
    int q = board_[m];
    if (q == no_owner || q == seat) {
      out |= g.adjacent_set(m);
      continue;
    }
    std::uint32_t walls = wall_slots(m);
    if (std::popcount(walls) < 2) {
      out |= g.adjacent_set(m);
      continue;
    }
    // Over an opponent's wall stone: only to the side of the wall a route starts from. From an
    // own stone in slot i that is every slot up to the first wall partner either way round
    // (the partner's slot included): beyond it the wall lies on both sides of the route.
    const auto& around = g.neighbours(m);
    int size = static_cast<int>(around.size());
    for (int i = 0; i < size; ++i) {
      if (board_[around[i].cell] != seat) continue;
      for (int step : {1, size - 1}) {
        for (int j = (i + step) % size;; j = (j + step) % size) {
          out.set(around[j].cell);
          if (walls >> j & 1) break;
        }
      }
    }
  }
  return out & empty_;
}

bool position::reaches(int seat, int t) const {
  const auto& g = geometry();
  if (board_[t] != no_owner) return false;
  for (const auto& mid : g.neighbours(t)) {
    int m = mid.cell;
    if (board_[m] == seat) return true;
    for (const auto& start : g.neighbours(m)) {
      if (board_[start.cell] == seat && !route_blocked(start.cell, m, t)) return true;
    }
  }
  return false;
}

cell_set position::crowded(int seat) const {
  const auto& g = geometry();
  cell_set out;
  for (int q = 0; q < rules_.players; ++q) {
    if (q == seat) continue;
    cell_set once;
    const cell_set& theirs = owned_[q];
    for (std::size_t c = theirs._Find_first(); c < max_cells; c = theirs._Find_next(c)) {
      const cell_set& adj = g.adjacent_set(static_cast<int>(c));
      out |= once & adj;
      once |= adj;
    }
  }
  return out;
}

cell_set position::placements_for(int seat) const {
  if (retired_[seat]) return {};  // a retired player passes
  if (moves_known_ && seat == to_move_) return moves_;
  return reach(seat) & ~crowded(seat);
}

int position::stone_next_to(int seat, int c) const {
  for (const auto& n : geometry().neighbours(c)) {
    if (board_[n.cell] == seat) return n.cell;
  }
  return -1;
}

int position::displaced_stone() const {
  if (!pending_ || pending_->waiting.empty()) return -1;
  return stone_next_to(pending_->waiting.front(), pending_->target);
}

cell_set position::shift_targets() const {
  int stone = displaced_stone();
  if (stone < 0) return {};
  const auto& g = geometry();
  return g.adjacent_set(stone) & empty_cells() & ~g.adjacent_set(pending_->target);
}

void position::place(int target) {
  last_captures_.clear();
  last_passes_.clear();
  int placer = to_move_;
  put(target, placer);
  ++placements_[placer];
  passes_in_row_ = 0;
  capture_encircled(placer, {target, target});
  displacement d{placer, target, {}};
  for (int q = rules_.next(placer); q != placer; q = rules_.next(q))
    d.waiting.push_back(q);
  pending_ = std::move(d);
  continue_displacements();
}

void position::shift(int to) {
  last_captures_.clear();
  last_passes_.clear();
  int seat = pending_->waiting.front();
  int from = displaced_stone();
  put(from, no_owner);
  put(to, seat);
  capture_encircled(seat, {from, to});
  pending_->waiting.erase(pending_->waiting.begin());
  continue_displacements();
}

void position::continue_displacements() {
  displacement& d = *pending_;
  // The new stone itself stays through all of this: the placer's check spares it, and every
  // shift or removal empties a cell next to it.
  while (!d.waiting.empty()) {
    int seat = d.waiting.front();
    int stone = stone_next_to(seat, d.target);
    if (stone < 0) {
      d.waiting.erase(d.waiting.begin());
      continue;
    }
    cell_set targets = shift_targets();
    if (targets.none()) {
      put(stone, no_owner);
      ++held_[d.placer][seat];
      d.waiting.erase(d.waiting.begin());
      continue;
    }
    // One choice, or a retired player's, which nobody makes: the first qualifying cell.
    if (targets.count() == 1 || retired_[seat]) {
      int to = static_cast<int>(targets._Find_first());
      put(stone, no_owner);
      put(to, seat);
      capture_encircled(seat, {stone, to});
      d.waiting.erase(d.waiting.begin());
      continue;
    }
    return;  // the displaced player chooses
  }
  int placer = d.placer;
  pending_.reset();
  to_move_ = rules_.next(placer);
  moves_known_ = false;
  ++turns_;
  begin_turn();
}

void position::begin_turn() {
  for (;;) {
    if (rules_.turn_cap_mode && turns_ >= rules_.turn_cap) {
      end_ = ending::turn_cap;
      return;
    }
    if (!rules_.turn_cap_mode) {
      std::uint64_t k = key();
      auto at = std::lower_bound(seen_.begin(), seen_.end(), k);
      if (at != seen_.end() && *at == k) {
        end_ = ending::repetition;
        return;
      }
      // The text of the keys is kept with them: position texts are written far more often than
      // keys are added.
      std::size_t slot = static_cast<std::size_t>(at - seen_.begin());
      seen_.insert(at, k);
      seen_text_.insert(17 * slot, key_text(k) + ",");
    }
    remember_moves();
    if (moves_.any() || !pass()) return;
  }
}

bool position::pass() {
  last_passes_.push_back(to_move_);
  ++passes_in_row_;
  ++turns_;
  if (passes_in_row_ >= rules_.players) {
    end_ = ending::all_passed;
    return false;
  }
  to_move_ = rules_.next(to_move_);
  moves_known_ = false;
  return true;
}

int position::retired_count() const {
  return static_cast<int>(
      std::count_if(retired_.begin(), retired_.end(), [](int k) { return k > 0; }));
}

void position::retire(int seat) {
  last_passes_.clear();
  retired_[seat] = retired_count() + 1;
  moves_known_ = false;
  if (rules_.players - retired_count() == 1) {
    pending_.reset();
    end_ = ending::last_player;
    return;
  }
  if (pending_) {
    // Their decision, now or later in this placement's queue, is made for them.
    if (pending_->waiting.front() == seat) {
      last_captures_.clear();
      continue_displacements();
    }
    return;
  }
  // Their own turn passes (the turn's position is already seen: the pass does not look again).
  if (to_move_ == seat && pass()) begin_turn();
}

void position::capture_encircled(int actor, std::pair<int, int> changed) {
  const auto& g = geometry();
  // Only clusters next to a changed cell can have been closed by this step, and clusters of the
  // actor left closed by an earlier step (a step never captures its own actor's stones): after
  // such a step, and after reading a position, the next check looks at every cluster.
  cell_set near = g.adjacent_set(changed.first) | g.adjacent_set(changed.second);
  near.set(changed.first);
  near.set(changed.second);
  if (full_check_) near.set();
  full_check_ = false;
  cell_set visited;
  struct found {
    capture cluster;
    std::array<int, max_players> encirclers{};
  };
  std::vector<found> taken;
  int stack[max_cells];
  cell_set occupied;
  for (int q = 0; q < rules_.players; ++q)
    occupied |= owned_[q];
  near &= occupied;
  for (std::size_t at = near._Find_first(); at < max_cells; at = near._Find_next(at)) {
    int c = static_cast<int>(at);
    int q = board_[c];
    if (visited[c]) continue;
    cell_set members;
    cell_set around;
    int depth = 0;
    stack[depth++] = c;
    visited.set(c);
    bool open = false;
    while (depth > 0) {
      int x = stack[--depth];
      // A member with an empty neighbour leaves the cluster open in either mode: no need to see
      // the rest of it (another changed cell in it may look again, cheaply).
      if ((g.adjacent_set(x) & empty_).any()) {
        open = true;
        break;
      }
      members.set(x);
      around |= g.adjacent_set(x);
      for (const auto& nb : g.neighbours(x)) {
        if (nb.wall && board_[nb.cell] == q && !visited[nb.cell]) {
          visited.set(nb.cell);
          stack[depth++] = nb.cell;
        }
      }
    }
    if (open) continue;
    around &= ~members;
    bool closed = true;
    std::array<int, max_players> encirclers{};
    int opponents = 0;
    for (std::size_t b = around._Find_first(); b < max_cells && closed; b = around._Find_next(b)) {
      int o = board_[b];
      if (o == no_owner) {
        closed = false;
      } else if (o == q) {
        closed = rules_.encircle == encircle_rule::no_empty_neighbour;
      } else {
        ++encirclers[o];
        ++opponents;
      }
    }
    if (!closed || opponents == 0) continue;
    if (q == actor) {
      full_check_ = true;  // closed, but not by its own owner's step
      continue;
    }
    found f;
    f.cluster.owner = q;
    f.cluster.completed_by = actor;
    for (std::size_t x = members._Find_first(); x < max_cells; x = members._Find_next(x))
      f.cluster.cells.push_back(static_cast<int>(x));
    f.encirclers = encirclers;
    taken.push_back(std::move(f));
  }
  for (const auto& f : taken) {
    for (int x : f.cluster.cells)
      put(x, no_owner);
  }
  for (auto& f : taken) {
    share_prisoners(f.cluster.owner, actor, static_cast<int>(f.cluster.cells.size()), f.encirclers);
    last_captures_.push_back(std::move(f.cluster));
  }
}

void position::share_prisoners(int owner, int completer, int size,
                               const std::array<int, max_players>& s) {
  int total = std::accumulate(s.begin(), s.end(), 0);
  if (size >= total) {
    for (int i = 0; i < rules_.players; ++i)
      held_[i][owner] += s[i];
    held_[completer][owner] += size - total;
    return;
  }
  // Fewer stones than encircling stones: one to the completer first, then rounds over the
  // encirclers by their number of stones, ties in turn order from the player whose turn it is.
  held_[completer][owner] += 1;
  int left = size - 1;
  std::vector<int> order;
  for (int i = 0, seat = to_move_; i < rules_.players; ++i, seat = rules_.next(seat)) {
    if (s[seat] > 0) order.push_back(seat);
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s[a] > s[b]; });
  while (left > 0) {
    for (int seat : order) {
      if (left == 0) break;
      ++held_[seat][owner];
      --left;
    }
  }
}

std::string key_text(std::uint64_t k) {
  std::string out(16, '0');
  for (int i = 0; i < 16; ++i)
    out[15 - i] = "0123456789abcdef"[(k >> (4 * i)) & 15];
  return out;
}

std::uint64_t position::key() const {
  return board_key_ ^ zobrist(max_cells, to_move_);
}

}  // namespace boardroom::engine::shiamgon
