#include "engine/sisyphos/position.hpp"

#include <cassert>

namespace boardroom::engine::sisyphos {

position::position(bitboard sisyphos, bitboard spirits, side to_move, int sisyphos_turns)
    : stones_{sisyphos, spirits},
      to_move_(to_move),
      sisyphos_turns_(static_cast<std::uint16_t>(sisyphos_turns)) {
  assert(sisyphos_turns >= 0 && sisyphos_turns <= 0xffff);
  assert_invariants();
}

position position::start() {
  return {start_squares(side::sisyphos), start_squares(side::spirits), side::sisyphos, 0};
}

void position::assert_invariants() const {
  assert((stones_[0] & ~all_squares) == 0 && (stones_[1] & ~all_squares) == 0);
  assert((stones_[0] & stones_[1]) == 0);
  assert(in_hand(side::sisyphos) >= 0 && in_hand(side::spirits) >= 0);
}

ending position::how_ended(const rules& r) const {
  // Only one of these can arise in play; a position text claiming both is rejected on reading.
  if (stones(side::sisyphos) & bit(a5)) return ending::goal;
  if (stones(side::spirits) & bit(e1)) return ending::invasion;
  if (sisyphos_turns_ >= r.move_limit) return ending::move_limit;
  return ending::none;
}

bitboard position::reentry_targets(side s, const rules& r) const {
  if (in_hand(s) == 0) return 0;
  bitboard allowed =
      ~occupied() & (r.reenter_on_start_squares_only ? start_squares(s) : all_squares);
  for (int layer = 0; layer < num_layers; ++layer) {
    if (bitboard free = layer_mask(s, layer) & allowed) return free;
  }
  return 0;
}

void position::generate_moves(const rules& r, move_list& out) const {
  out.clear();
  if (is_over(r)) return;
  bitboard own = stones(to_move_);
  bitboard enemy = stones(opponent(to_move_));
  for (bitboard from_set = own; from_set; from_set &= from_set - 1) {
    square from = first_square(from_set);
    for (int dir = 0; dir < num_directions; ++dir) {
      bitboard to = shift(bit(from), to_move_, dir) & ~own;
      if (to) out.push(move::step(from, first_square(to), (to & enemy) != 0));
    }
  }
  for (bitboard to = reentry_targets(to_move_, r); to; to &= to - 1) {
    out.push(move::reentry(first_square(to)));
  }
  // Some stone can always step or re-enter: the rules need no passing (see rules.md).
  assert(!out.empty());
}

int position::count_moves(const rules& r) const {
  if (is_over(r)) return 0;
  bitboard own = stones(to_move_);
  int n = count(reentry_targets(to_move_, r));
  for (int dir = 0; dir < num_directions; ++dir)
    n += count(shift(own, to_move_, dir) & ~own);
  return n;
}

bool position::is_legal(move m, const rules& r) const {
  move_list moves;
  generate_moves(r, moves);
  return moves.contains(m);
}

void position::play_unchecked(move m) {
  side us = to_move_;
  side them = opponent(us);
  bitboard to = bit(m.to());
  auto& own = stones_[index(us)];
  auto& enemy = stones_[index(them)];
  if (m.is_reentry()) {
    assert(in_hand(us) > 0 && !(occupied() & to) && !m.is_capture());
    own |= to;
  } else {
    bitboard from = bit(m.from());
    assert((own & from) && !(own & to) && is_step(us, m.from(), m.to()));
    assert(m.is_capture() == ((enemy & to) != 0));
    own ^= from | to;
    enemy &= ~to;
  }
  if (us == side::sisyphos) ++sisyphos_turns_;
  to_move_ = them;
  assert_invariants();
}

void position::undo(move m) {
  side us = opponent(to_move_);  // the side that made `m`
  bitboard to = bit(m.to());
  auto& own = stones_[index(us)];
  auto& enemy = stones_[index(to_move_)];
  assert(own & to);
  if (m.is_reentry()) {
    own &= ~to;
  } else {
    bitboard from = bit(m.from());
    assert(!(occupied() & from) && is_step(us, m.from(), m.to()));
    own ^= from | to;
    if (m.is_capture()) {
      assert(in_hand(to_move_) > 0);
      enemy |= to;
    }
  }
  if (us == side::sisyphos) {
    assert(sisyphos_turns_ > 0);
    --sisyphos_turns_;
  }
  to_move_ = us;
  assert_invariants();
}

void position::generate_unmoves(const rules& r, move_list& out) const {
  out.clear();
  side mover = opponent(to_move_);
  if (mover == side::sisyphos && sisyphos_turns_ == 0) return;
  // Each candidate is undone and kept if it was legal there: legality includes "that position
  // was not over yet" and the re-entry layer rule, which are easiest to check in the predecessor.
  auto consider = [&](move m) {
    position before = *this;
    before.undo(m);
    if (before.is_legal(m, r)) out.push(m);
  };
  bool uncapture = in_hand(to_move_) > 0;
  for (bitboard to_set = stones(mover); to_set; to_set &= to_set - 1) {
    square to = first_square(to_set);
    for (int dir = 0; dir < num_directions; ++dir) {
      bitboard from = shift_back(bit(to), mover, dir) & ~occupied();
      if (!from) continue;
      consider(move::step(first_square(from), to, false));
      if (uncapture) consider(move::step(first_square(from), to, true));
    }
    consider(move::reentry(to));
  }
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

}  // namespace boardroom::engine::sisyphos
