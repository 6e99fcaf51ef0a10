#pragma once
// The positions after every completed turn, with how often each occurred: what the repetition
// rule needs. Positions with other material than the latest can never occur again (pieces are
// only ever removed), so they are dropped as soon as a capture makes them unreachable.

#include <cstdint>
#include <vector>

#include "engine/arimaa/position.hpp"

namespace boardroom::engine::arimaa {

class history {
 public:
  struct entry {
    position pos;  // with the side to move after the turn
    int count = 0;
  };

  // Counts `pos` (with its side to move) once more.
  void record(const position& pos, int times = 1);

  int times_seen(const position& pos) const;
  // Keys of the positions with `to_move` to move that occurred twice: a turn that produces one of
  // them repeats it a third time.
  std::vector<std::uint64_t> twice_seen(colour to_move) const;

  const std::vector<entry>& entries() const { return entries_; }

 private:
  std::vector<entry> entries_;
};

}  // namespace boardroom::engine::arimaa
