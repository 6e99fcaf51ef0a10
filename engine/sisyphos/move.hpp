#pragma once
// A move in 16 bits, and a fixed-capacity list of them.

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/sisyphos/board.hpp"

namespace boardroom::engine::sisyphos {

// Encoding (bit 0 is the least significant):
//   bits 0-4   target square, 0-24 (see board.hpp: a1 = 0, e1 = 4, a5 = 20, e5 = 24)
//   bits 5-9   origin square of a step; 0 for a re-entry
//   bit 10     capture: the step takes an enemy stone on the target (it goes to its owner's hand)
//   bit 11     re-entry: a stone from the hand is put on the target (never captures)
//   bits 12-15 zero
// A move carries everything undo() needs, so a position and a move determine the predecessor: the
// same type serves as the "unmove" of a retrograde search (see position::generate_unmoves).
class move {
 public:
  constexpr move() = default;

  static constexpr move step(square from, square to, bool capture) {
    return move(static_cast<std::uint16_t>(to | from << 5 | (capture ? capture_bit : 0)));
  }
  static constexpr move reentry(square to) {
    return move(static_cast<std::uint16_t>(to | reentry_bit));
  }

  constexpr square to() const { return bits_ & 31; }
  constexpr square from() const { return bits_ >> 5 & 31; }  // meaningful for steps only
  constexpr bool is_capture() const { return (bits_ & capture_bit) != 0; }
  constexpr bool is_reentry() const { return (bits_ & reentry_bit) != 0; }
  constexpr std::uint16_t bits() const { return bits_; }

  friend constexpr bool operator==(move, move) = default;

 private:
  static constexpr std::uint16_t capture_bit = 1 << 10;
  static constexpr std::uint16_t reentry_bit = 1 << 11;

  explicit constexpr move(std::uint16_t bits) : bits_(bits) {}

  std::uint16_t bits_ = 0;
};

class move_list {
 public:
  // At most 15 steps (5 stones, 3 directions) plus 5 re-entries (the largest layer); unmoves at
  // most 30 steps (with and without an uncapture) plus 5 re-entries.
  static constexpr int capacity = 40;

  void clear() { size_ = 0; }
  void push(move m) {
    assert(size_ < capacity);
    moves_[size_++] = m;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  move operator[](int i) const { return moves_[i]; }
  const move* begin() const { return moves_.data(); }
  const move* end() const { return moves_.data() + size_; }
  bool contains(move m) const {
    for (move each : *this) {
      if (each == m) return true;
    }
    return false;
  }

 private:
  std::array<move, capacity> moves_{};
  int size_ = 0;
};

}  // namespace boardroom::engine::sisyphos
