#pragma once
// A move in 32 bits, and a fixed-capacity list of them.

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/amazons/board.hpp"

namespace boardroom::engine::amazons {

// Encoding (bit 0 is the least significant):
//   bits 0-6    arrow square, 0-99 (see board.hpp: square = size * rank + file)
//   bits 7-13   the amazon's landing square
//   bits 14-20  the amazon's origin square
//   bits 21-22  kind: 0 a queen move with its arrow, 1 pass, 2 swap (squares then zero)
//   bits 23-31  zero
// Queen moves sort by origin, landing square and arrow, and before pass and swap: legal_moves()
// lists them in that order.
class move {
 public:
  enum class kind : std::uint8_t { queen = 0, pass = 1, swap = 2 };

  constexpr move() = default;

  static constexpr move queen(square from, square to, square arrow) {
    return move(static_cast<std::uint32_t>(arrow) | static_cast<std::uint32_t>(to) << 7 |
                static_cast<std::uint32_t>(from) << 14);
  }
  static constexpr move pass() { return move(1u << 21); }
  static constexpr move swap() { return move(2u << 21); }

  constexpr square arrow() const { return static_cast<square>(bits_ & 127); }
  constexpr square to() const { return static_cast<square>(bits_ >> 7 & 127); }
  constexpr square from() const { return static_cast<square>(bits_ >> 14 & 127); }
  constexpr enum kind kind() const { return static_cast<enum kind>(bits_ >> 21); }
  constexpr bool is_queen() const { return kind() == kind::queen; }
  constexpr std::uint32_t bits() const { return bits_; }

  friend constexpr bool operator==(move, move) = default;
  friend constexpr auto operator<=>(move a, move b) { return a.bits_ <=> b.bits_; }

 private:
  explicit constexpr move(std::uint32_t bits) : bits_(bits) {}

  std::uint32_t bits_ = 0;
};

class move_list {
 public:
  // A queen reaches at most 35 squares of a 10x10 board (9 + 9 + 9 + 8 from the centre), so four
  // amazons have at most 4 * 35 landing squares with 35 arrows each; plus a swap.
  static constexpr int capacity = 4 * 35 * 35 + 1;

  void clear() { size_ = 0; }
  void push(move m) {
    assert(size_ < capacity);
    moves_[size_++] = m;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  move operator[](int i) const { return moves_[i]; }
  move* begin() { return moves_.data(); }
  move* end() { return moves_.data() + size_; }
  const move* begin() const { return moves_.data(); }
  const move* end() const { return moves_.data() + size_; }
  bool contains(move m) const {
    for (move each : *this) {
      if (each == m) return true;
    }
    return false;
  }

 private:
  std::array<move, capacity> moves_;
  int size_ = 0;
};

}  // namespace boardroom::engine::amazons
