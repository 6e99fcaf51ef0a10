#include "engine/arimaa/history.hpp"

#include <algorithm>

namespace boardroom::engine::arimaa {

void history::record(const position& pos, int times) {
  std::uint64_t material = pos.material();
  std::erase_if(entries_, [&](const entry& e) { return e.pos.material() != material; });
  for (entry& e : entries_) {
    if (e.pos == pos) {
      e.count += times;
      return;
    }
  }
  entries_.push_back({pos, times});
}

int history::times_seen(const position& pos) const {
  for (const entry& e : entries_) {
    if (e.pos == pos) return e.count;
  }
  return 0;
}

std::vector<std::uint64_t> history::twice_seen(colour to_move) const {
  std::vector<std::uint64_t> out;
  for (const entry& e : entries_) {
    if (e.count >= 2 && e.pos.to_move() == to_move) out.push_back(e.pos.key());
  }
  return out;
}

}  // namespace boardroom::engine::arimaa
