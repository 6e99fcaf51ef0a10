#include "engine/shiamgon/legality.hpp"

#include <string>

namespace boardroom::engine::shiamgon {

namespace {

std::unexpected<rule_error> illegal(std::string message) {
  return fail("illegal_move", std::move(message), "move");
}

std::string stones_word(int n) {
  static const char* words[] = {"no", "one", "two", "three", "four", "five", "six"};
  return n < 7 ? words[n] : std::to_string(n);
}

result<checked_move> check_shift(const position& pos, const written_move& m) {
  const geometry& g = pos.geometry();
  int stone = pos.displaced_stone();
  int target = pos.pending()->target;
  std::string must = "you must move your stone on " + g.name(stone) +
                     " away from the new stone on " + g.name(target);
  if (m.from < 0) {
    return illegal(must + " before anyone places again; write the shift as " + g.name(stone) +
                   "-<cell>");
  }
  if (m.from != stone) return illegal(must + ", not the one on " + g.name(m.from));
  int to = m.to;
  if (pos.owner(to) != no_owner) return illegal(g.name(to) + " is not empty; " + must);
  if (!g.adjacent(stone, to)) {
    return illegal(g.name(to) + " is not next to " + g.name(stone) + "; a shift moves one field");
  }
  if (g.adjacent(target, to)) {
    return illegal(g.name(to) + " is still adjacent to the new stone on " + g.name(target));
  }
  return checked_move{true, stone, to};
}

}  // namespace

result<checked_move> check_move(const position& pos, const written_move& m) {
  if (pos.over()) return fail("game_over", "the game is over", "move");
  if (pos.pending()) return check_shift(pos, m);
  const geometry& g = pos.geometry();
  int seat = pos.to_move();
  if (m.from >= 0) {
    return illegal("there is nothing to shift now; " + colour_name(seat) +
                   " places a new stone: write just the cell, like " + g.name(m.to));
  }
  int t = m.to;
  std::string name = g.name(t);
  if (pos.owner(t) == seat) return illegal(name + " already holds your own stone");
  if (pos.owner(t) != no_owner) {
    return illegal(name + " already holds a stone of " + colour_name(pos.owner(t)));
  }
  if (!pos.reaches(seat, t)) {
    // Tell a wall from plain distance: the same cells with every wall ignored.
    bool near = pos.near(seat)[t];
    if (near) {
      return illegal(name +
                     " is two fields from your stones only across a continuous wall, which " +
                     "may not be passed");
    }
    return illegal(name + " is more than two fields from every stone of yours");
  }
  for (int q = 0; q < pos.rules().players; ++q) {
    if (q == seat) continue;
    int count = 0;
    for (const auto& n : g.neighbours(t))
      count += pos.owner(n.cell) == q;
    if (count >= 2) {
      return illegal(name + " is adjacent to " + stones_word(count) + " stones of " +
                     colour_name(q));
    }
  }
  return checked_move{false, -1, t};
}

}  // namespace boardroom::engine::shiamgon
