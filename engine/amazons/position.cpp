#include "engine/amazons/position.hpp"

#include <algorithm>
#include <cassert>

namespace boardroom::engine::amazons {

position::position(const rules& r, const board& cells, colour to_move, bool swapped,
                   std::array<int, num_colours> passes)
    : geometry_(&r.geometry()), cells_(cells), to_move_(to_move), swapped_(swapped) {
  const auto& g = *geometry_;
  lines_ = g.off_board;
  std::array<int, num_colours> found{};
  for (square s = 0; s < g.num_squares; ++s) {
    if (cells_[s] == cell::empty) continue;
    toggle(s);
    if (cells_[s] == cell::arrow) {
      ++arrows_;
    } else {
      int c = static_cast<int>(cells_[s]) - 1;
      assert(found[c] < 4);
      if (found[c] < 4) amazons_[c][found[c]++] = static_cast<std::uint8_t>(s);
    }
  }
  assert(found[0] == 4 && found[1] == 4);
  for (int c = 0; c < num_colours; ++c) {
    assert(passes[c] >= 0 && passes[c] <= max_komi);
    passes_[c] = static_cast<std::uint8_t>(passes[c]);
  }
  assert(is_consistent());
  assert_invariants();
}

position position::start(const rules& r) {
  board cells{};
  for (colour c : {colour::white, colour::black}) {
    for (square s : start_squares(r, c))
      cells[s] = amazon_cell(c);
  }
  return {r, cells, colour::white, false, {0, r.komi}};
}

void position::toggle(square s) {
  const auto& through = geometry_->through[s];
  for (int k = 0; k < num_line_kinds; ++k)
    lines_[through.line[k]] ^= static_cast<line_bits>(1u << through.slot[k]);
}

bool position::is_consistent() const {
  const auto& g = *geometry_;
  auto lines = g.off_board;
  int arrows = 0;
  std::array<int, num_colours> amazons{};
  for (square s = 0; s < max_squares; ++s) {
    if (s >= g.num_squares && cells_[s] != cell::empty) return false;
    if (s >= g.num_squares || cells_[s] == cell::empty) continue;
    if (cells_[s] == cell::arrow) {
      ++arrows;
    } else {
      ++amazons[static_cast<int>(cells_[s]) - 1];
    }
    const auto& through = g.through[s];
    for (int k = 0; k < num_line_kinds; ++k)
      lines[through.line[k]] |= static_cast<line_bits>(1u << through.slot[k]);
  }
  return lines == lines_ && arrows == arrows_ && amazons[0] == 4 && amazons[1] == 4;
}

void position::assert_invariants() const {
#ifndef NDEBUG
  // Only what make and unmake can break cheaply: is_consistent() walks the whole board, too slow
  // for every move of a perft in a debug build; the tests call it along random games.
  for (colour c : {colour::white, colour::black}) {
    for (square s : amazons_[index(c)])
      assert(cells_[s] == amazon_cell(c));
  }
  assert(passes_[0] <= max_komi && passes_[1] <= max_komi);
#endif
}

bool operator==(const position& a, const position& b) {
  return a.geometry_ == b.geometry_ && a.cells_ == b.cells_ && a.to_move_ == b.to_move_ &&
         a.swapped_ == b.swapped_ && a.passes_ == b.passes_;
}

bool position::has_queen_move() const {
  const auto& g = *geometry_;
  for (square from : amazons_[index(to_move_)]) {
    const auto& through = g.through[from];
    for (int k = 0; k < num_line_kinds; ++k) {
      if (count_table[through.slot[k]][lines_[through.line[k]]]) return true;
    }
  }
  return false;
}

bool position::reaches(square from, square to, square lifted) const {
  const auto& g = *geometry_;
  if (from == to || cells_[to] != cell::empty) return false;
  const auto& a = g.through[from];
  const auto& b = g.through[to];
  for (int k = 0; k < num_line_kinds; ++k) {
    if (a.line[k] != b.line[k]) continue;
    line_bits occ = lines_[a.line[k]];
    if (lifted >= 0 && g.through[lifted].line[k] == a.line[k]) {
      occ &= static_cast<line_bits>(~(1u << g.through[lifted].slot[k]));
    }
    reach r = reach_table[a.slot[k]][occ];
    return b.slot[k] >= r.lo && b.slot[k] <= r.hi;
  }
  return false;  // not on a line
}

square_set position::targets(square s, square lifted) const {
  const auto& g = *geometry_;
  const auto& through = g.through[s];
  square_set out;
  for (int k = 0; k < num_line_kinds; ++k) {
    const int line = through.line[k];
    const int slot = through.slot[k];
    line_bits occ = lines_[line];
    if (lifted >= 0 && g.through[lifted].line[k] == line) {
      occ &= static_cast<line_bits>(~(1u << g.through[lifted].slot[k]));
    }
    const reach r = reach_table[slot][occ];
    for (int j = r.lo; j <= r.hi; ++j) {
      if (j != slot) out.insert(g.square_at[line][j]);
    }
  }
  return out;
}

void position::generate_moves(const rules& r, move_list& out) const {
  out.clear();
  // Origins, landing squares and arrows each in square order: the list comes out sorted.
  auto from_squares = amazons_[index(to_move_)];
  std::sort(from_squares.begin(), from_squares.end());
  for (square from : from_squares) {
    for (square_set to_set = targets(from, -1); !to_set.empty();) {
      const square to = to_set.pop_first();
      for (square_set arrows = targets(to, from); !arrows.empty();)
        out.push(move::queen(from, to, arrows.pop_first()));
    }
  }
  if (can_swap(r)) out.push(move::swap());
  if (passes_[index(to_move_)] > 0 && !has_queen_move()) out.push(move::pass());
}

// The queen moves of the amazon on `from` along its line of kind `kind`, with all their arrows.
// The arrows along the same line come from along_table in one lookup; each landing square adds
// its three crossing lines.
template <int kind>
int position::count_along(square from) const {
  const auto& g = *geometry_;
  const int line = g.through[from].line[kind];
  const int slot = g.through[from].slot[kind];
  const line_bits occ = lines_[line];
  int n = along_table[slot][occ];
  const reach rf = reach_table[slot][occ];
  auto crossing = [&](int j) {
    const auto& tt = g.through[g.square_at[line][j]];
    int c = 0;
    if constexpr (kind != 0) c += count_table[tt.slot[0]][lines_[tt.line[0]]];
    if constexpr (kind != 1) c += count_table[tt.slot[1]][lines_[tt.line[1]]];
    if constexpr (kind != 2) c += count_table[tt.slot[2]][lines_[tt.line[2]]];
    if constexpr (kind != 3) c += count_table[tt.slot[3]][lines_[tt.line[3]]];
    return c;
  };
  for (int j = rf.lo; j < slot; ++j)
    n += crossing(j);
  for (int j = slot + 1; j <= rf.hi; ++j)
    n += crossing(j);
  return n;
}

int position::count_queen_moves() const {
  int n = 0;
  for (square from : amazons_[index(to_move_)]) {
    n += count_along<0>(from) + count_along<1>(from) + count_along<2>(from) + count_along<3>(from);
  }
  return n;
}

int position::count_moves(const rules& r) const {
  int queen_moves = count_queen_moves();
  int n = queen_moves + (can_swap(r) ? 1 : 0);
  if (queen_moves == 0 && passes_[index(to_move_)] > 0) ++n;
  return n;
}

bool position::is_legal(move m, const rules& r) const {
  switch (m.kind()) {
    case move::kind::swap:
      return can_swap(r);
    case move::kind::pass:
      return can_pass();
    case move::kind::queen:
      break;
  }
  return m.from() < geometry_->num_squares && m.to() < geometry_->num_squares &&
         m.arrow() < geometry_->num_squares && cells_[m.from()] == amazon_cell(to_move_) &&
         reaches(m.from(), m.to()) &&
         (m.arrow() == m.from() || reaches(m.to(), m.arrow(), m.from()));
}

void position::play_unchecked(move m) {
  switch (m.kind()) {
    case move::kind::swap:
      // The seats exchange colours; Black, now the other seat, is still to move.
      assert(!swapped_ && to_move_ == colour::black && arrows_ == 1);
      swapped_ = true;
      return;
    case move::kind::pass:
      assert(passes_[index(to_move_)] > 0 && !has_queen_move());
      --passes_[index(to_move_)];
      to_move_ = opponent(to_move_);
      return;
    case move::kind::queen:
      break;
  }
  const square from = m.from();
  const square to = m.to();
  const square arrow = m.arrow();
  assert(cells_[from] == amazon_cell(to_move_) && reaches(from, to));
  assert(arrow == from || reaches(to, arrow, from));
  auto& own = amazons_[index(to_move_)];
  *std::find(own.begin(), own.end(), from) = static_cast<std::uint8_t>(to);
  toggle(from);
  cells_[from] = cell::empty;
  toggle(to);
  cells_[to] = amazon_cell(to_move_);
  toggle(arrow);
  cells_[arrow] = cell::arrow;
  ++arrows_;
  to_move_ = opponent(to_move_);
  assert_invariants();
}

void position::undo(move m) {
  switch (m.kind()) {
    case move::kind::swap:
      assert(swapped_ && to_move_ == colour::black);
      swapped_ = false;
      return;
    case move::kind::pass:
      to_move_ = opponent(to_move_);
      assert(passes_[index(to_move_)] < max_komi);
      ++passes_[index(to_move_)];
      return;
    case move::kind::queen:
      break;
  }
  to_move_ = opponent(to_move_);  // the side that made `m`
  const square from = m.from();
  const square to = m.to();
  const square arrow = m.arrow();
  assert(cells_[arrow] == cell::arrow && cells_[to] == amazon_cell(to_move_));
  // The arrow first: it may stand on the origin.
  toggle(arrow);
  cells_[arrow] = cell::empty;
  toggle(to);
  cells_[to] = cell::empty;
  assert(cells_[from] == cell::empty);
  toggle(from);
  cells_[from] = amazon_cell(to_move_);
  auto& own = amazons_[index(to_move_)];
  *std::find(own.begin(), own.end(), to) = static_cast<std::uint8_t>(from);
  --arrows_;
  assert_invariants();
}

namespace {

std::uint64_t perft_recursive(position& pos, const rules& r, int depth) {
  if (depth == 1) return static_cast<std::uint64_t>(pos.count_moves(r));
  move_list moves;
  pos.generate_moves(r, moves);
  std::uint64_t total = 0;
  for (move m : moves) {
    pos.play_unchecked(m);
    total += perft_recursive(pos, r, depth - 1);
    pos.undo(m);
  }
  return total;
}

}  // namespace

std::uint64_t perft(const position& pos, const rules& r, int depth) {
  if (depth <= 0) return 1;
  position copy = pos;
  return perft_recursive(copy, r, depth);
}

}  // namespace boardroom::engine::amazons
