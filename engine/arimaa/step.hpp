#pragma once
// A step in 8 bits, a step as made (with its piece and capture), and the steps of one turn.

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/arimaa/board.hpp"
#include "engine/arimaa/position.hpp"

namespace boardroom::engine::arimaa {

// Encoding (bit 0 is the least significant):
//   bits 0-1  direction (north, east, south, west)
//   bits 2-7  origin square, 0-63 (see board.hpp: a1 = 0, h8 = 63)
// The piece is not stored: it is whatever stands on the origin when the step is made. A step of
// an enemy piece is half of a push or a pull.
class step {
 public:
  constexpr step() = default;
  constexpr step(square from, direction d)
      : bits_(static_cast<std::uint8_t>(from << 2 | index(d))) {}

  constexpr square from() const { return bits_ >> 2; }
  constexpr direction dir() const { return static_cast<direction>(bits_ & 3); }
  constexpr square to() const { return step_target(from(), dir()); }
  constexpr std::uint8_t bits() const { return bits_; }

  friend constexpr bool operator==(step, step) = default;

 private:
  std::uint8_t bits_ = 0;
};

// A step as made: the piece that made it and the piece it removed from a trap, if any. Enough to
// write it ("rb3e rc3x") without the position.
struct made_step {
  piece p;
  step s;
  capture removed;
};

// The steps of one turn, at most four.
class step_path {
 public:
  static constexpr int capacity = 4;

  void push(const made_step& m) {
    assert(size_ < capacity);
    steps_[size_++] = m;
  }
  void pop() {
    assert(size_ > 0);
    --size_;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const made_step& operator[](int i) const { return steps_[i]; }
  const made_step* begin() const { return steps_.data(); }
  const made_step* end() const { return steps_.data() + size_; }

 private:
  std::array<made_step, capacity> steps_{};
  std::uint8_t size_ = 0;
};

}  // namespace boardroom::engine::arimaa
