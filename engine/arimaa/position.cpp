#include "engine/arimaa/position.hpp"

#include <cassert>

#include "engine/arimaa/zobrist.hpp"

namespace boardroom::engine::arimaa {

namespace {

constexpr std::uint8_t code(piece p) {
  return static_cast<std::uint8_t>(index(p.side) * num_kinds + index(p.type));
}
constexpr piece decode(std::uint8_t c) {
  return {static_cast<colour>(c / num_kinds), static_cast<kind>(c % num_kinds)};
}

}  // namespace

std::optional<piece> position::at(square s) const {
  if (mailbox_[s] == empty) return std::nullopt;
  return decode(mailbox_[s]);
}

std::uint64_t position::key() const {
  return board_key_ ^ (to_move_ == colour::silver ? zobrist::silver_to_move : 0);
}

void position::put(square s, piece p) {
  assert(mailbox_[s] == empty);
  mailbox_[s] = code(p);
  pieces_[index(p.side)][index(p.type)] |= bit(s);
  by_colour_[index(p.side)] |= bit(s);
  board_key_ ^= zobrist::piece_key(p, s);
}

void position::remove(square s) {
  assert(mailbox_[s] != empty);
  piece p = decode(mailbox_[s]);
  mailbox_[s] = empty;
  pieces_[index(p.side)][index(p.type)] &= ~bit(s);
  by_colour_[index(p.side)] &= ~bit(s);
  board_key_ ^= zobrist::piece_key(p, s);
}

bitboard position::frozen(colour c) const {
  const auto& own = pieces_[index(c)];
  const auto& enemy = pieces_[index(opponent(c))];
  bitboard out = 0;
  bitboard stronger = 0;  // enemy pieces stronger than the kind looked at
  for (int k = num_kinds - 1; k >= 0; --k) {
    out |= own[k] & neighbours(stronger);
    stronger |= enemy[k];
  }
  return out & ~neighbours(by_colour_[index(c)]);
}

std::optional<square> position::freezer(square s) const {
  auto p = at(s);
  if (!p || !(frozen(p->side) & bit(s))) return std::nullopt;
  const auto& enemy = pieces_[index(opponent(p->side))];
  for (int k = num_kinds - 1; k > index(p->type); --k) {
    if (bitboard near = enemy[k] & neighbours(bit(s))) return first_square(near);
  }
  return std::nullopt;
}

capture position::make_step(square from, square to) {
  assert(mailbox_[from] != empty && mailbox_[to] == empty);
  std::uint8_t c = mailbox_[from];
  piece p = decode(c);
  bitboard both = bit(from) | bit(to);
  mailbox_[from] = empty;
  mailbox_[to] = c;
  pieces_[index(p.side)][index(p.type)] ^= both;
  by_colour_[index(p.side)] ^= both;
  board_key_ ^= zobrist::piece_key(p, from) ^ zobrist::piece_key(p, to);

  // Only the trap beside the origin can lose its guard; if `to` is a trap, that is `to` itself.
  capture out;
  square trap = trap_beside[from];
  if (trap != no_square && mailbox_[trap] != empty) {
    piece held = decode(mailbox_[trap]);
    if (!(neighbours(bit(trap)) & by_colour_[index(held.side)])) {
      remove(trap);
      out = {trap, held};
    }
  }
  return out;
}

void position::unmake_step(square from, square to, capture c) {
  if (c.happened()) put(c.where, c.what);
  std::uint8_t moved = mailbox_[to];
  assert(moved != empty && mailbox_[from] == empty);
  piece p = decode(moved);
  bitboard both = bit(from) | bit(to);
  mailbox_[to] = empty;
  mailbox_[from] = moved;
  pieces_[index(p.side)][index(p.type)] ^= both;
  by_colour_[index(p.side)] ^= both;
  board_key_ ^= zobrist::piece_key(p, from) ^ zobrist::piece_key(p, to);
}

std::uint64_t position::material() const {
  std::uint64_t out = 0;
  for (int c = 0; c < num_colours; ++c) {
    for (int k = 0; k < num_kinds; ++k)
      out = out << 4 | static_cast<std::uint64_t>(count(pieces_[c][k]));
  }
  return out;
}

}  // namespace boardroom::engine::arimaa
