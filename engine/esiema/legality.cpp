#include "engine/esiema/legality.hpp"

#include <string>

#include "engine/esiema/notation.hpp"
#include "engine/esiema/sowing.hpp"

namespace boardroom::engine::esiema {

namespace {

std::string balls(int n) {
  return std::to_string(n) + (n == 1 ? " ball" : " balls");
}

std::string describe(ball b) {
  return is_mother(b) ? "the " + colour_name(owner(b)) + " mother ball"
                      : "a " + colour_name(owner(b)) + " ball";
}

result<move> check_placement(const position& pos, const rules& r, const move& w) {
  const int seat = pos.to_move;
  if (pos.stage != phase::setup) {
    return illegal("placements belong to the setup phase, which is over: sow or reproduce");
  }
  bool mother_due = pos.mother_pit[seat] == no_pit;
  if (mother_due && !w.mother) {
    return illegal("your first placement is your mother ball: write @" + pit_name(w.at) + "M");
  }
  if (!mother_due && w.mother) {
    return illegal("your mother ball is already on the board, in " +
                   pit_name(pos.mother_pit[seat]));
  }
  if (pos.pits[w.at].total >= pit_capacity) {
    return illegal("pit " + pit_name(w.at) + " already holds 12 balls");
  }
  (void)r;
  return w;
}

result<move> check_reproduction(const position& pos, const rules& r, const move& w) {
  const int seat = pos.to_move;
  (void)r;
  if (pos.stage != phase::play) return illegal("there is no reproduction in the setup phase");
  if (!pos.pits[w.at].has_mother(seat)) {
    return illegal("your mother ball is not in " + pit_name(w.at) + " but in " +
                   pit_name(pos.mother_pit[seat]));
  }
  if (pos.pits[w.at].total != 1) {
    return illegal("your mother ball in " + pit_name(w.at) + " is not alone: the pit holds " +
                   balls(pos.pits[w.at].total));
  }
  if (w.count < 1 || w.count > max_reproduction) {
    return illegal("a reproduction adds 1 to 11 small balls, not " + std::to_string(w.count));
  }
  if (w.count > pos.reserve[seat]) {
    return illegal("your reserve holds only " + balls(pos.reserve[seat]) + ", not " +
                   std::to_string(w.count));
  }
  return w;
}

// The checks a sowing shares with a sowing begun (`whole` false: the first w.count pits of its
// path and their balls, which may be fewer than the balls taken out).
result<move> check_sowing_so_far(const position& pos, const rules& r, const move& w, bool whole) {
  const int seat = pos.to_move;
  const pit_contents& start = pos.pits[w.at];
  const std::string from = pit_name(w.at);
  if (pos.stage != phase::play) {
    return illegal("sowing begins after the setup phase: place a ball, such as @" + from);
  }
  if (pos.must_reproduce(seat, r)) {
    return illegal(
        "you have no small ball on the board, so you must reproduce: add balls to "
        "your mother in " +
        pit_name(pos.mother_pit[seat]));
  }
  if (!start.holds_ball_of(seat)) {
    return illegal("pit " + from + " holds none of your balls" +
                   (start.total == 0 ? ": it is empty" : ""));
  }
  if (whole ? w.count != start.total : w.count > start.total) {
    return illegal("pit " + from + " holds " + balls(start.total) + ", so the path must have " +
                   std::to_string(start.total) + (start.total == 1 ? " pit" : " pits") + ", not " +
                   std::to_string(w.count));
  }
  pit_set used;
  pit previous = w.at;
  for (int i = 0; i < w.count; ++i) {
    pit p = w.path[i];
    const std::string name = pit_name(p);
    if (p == w.at) return illegal("the path may not return to the start pit " + from);
    if (!adjacent(previous, p)) {
      return illegal("pit " + name + " is not next to " + pit_name(previous) +
                     ": each pit of the path must border the one before");
    }
    if (used.contains(p)) return illegal("the path passes pit " + name + " twice");
    if (pos.pits[p].total >= pit_capacity) {
      return illegal("pit " + name + " already holds 12 balls");
    }
    used.insert(p);
    previous = p;
  }
  // The balls dropped must be exactly the balls taken out.
  std::array<int, max_players> small{};
  unsigned mothers = 0;
  for (int i = 0; i < w.count; ++i) {
    ball b = w.balls[i];
    int o = owner(b);
    if (o >= pos.players) {
      return illegal("there is no " + colour_name(o) + " player in a " +
                     std::to_string(pos.players) + "-player game");
    }
    if (is_mother(b)) {
      if (!start.has_mother(o)) {
        return illegal("pit " + from + " does not hold the " + colour_name(o) + " mother ball");
      }
      if (mothers & (1u << o)) {
        return illegal("the " + colour_name(o) + " mother ball is dropped twice");
      }
      mothers |= 1u << o;
    } else if (++small[o] > start.small[o]) {
      return illegal("pit " + from + " holds " +
                     (start.small[o] ? std::to_string(start.small[o]) : std::string("no")) +
                     " small " + colour_name(o) + (start.small[o] == 1 ? " ball" : " balls") +
                     ", but the path drops more");
    }
  }
  return w;
}

// The rule for a sowing's last ball, once every ball is dropped.
result<move> check_last_ball(const position& pos, const move& w) {
  ball last = w.balls[w.count - 1];
  if (owner(last) != pos.to_move) {
    return illegal("the last ball must be yours (" + colour_name(pos.to_move) + "), not " +
                   describe(last));
  }
  return w;
}

result<move> check_sowing(const position& pos, const rules& r, const move& w) {
  auto so_far = check_sowing_so_far(pos, r, w, true);
  if (!so_far) return so_far;
  return check_last_ball(pos, w);
}

}  // namespace

result<void> check_sowing_begun(const position& pos, const rules& r, const move& begun) {
  auto so_far = check_sowing_so_far(pos, r, begun, false);
  if (!so_far) return std::unexpected(so_far.error());
  const int seat = pos.to_move;
  const pit_contents& start = pos.pits[begun.at];
  const int left = start.total - begun.count;
  if (left == 0) {
    auto last = check_last_ball(pos, begun);
    if (!last) return std::unexpected(last.error());
    return {};
  }
  // One of the player's own balls must be left in hand for the last pit.
  int own = start.small[seat] + start.has_mother(seat);
  for (int i = 0; i < begun.count; ++i)
    own -= owner(begun.balls[i]) == seat;
  if (own == 0) {
    return illegal("no ball of yours is left to drop last: the last ball must be yours (" +
                   colour_name(seat) + ")");
  }
  pit_set blocked = full_pits(pos);
  blocked.insert(begun.at);
  for (int i = 0; i < begun.count; ++i)
    blocked.insert(begun.path[i]);
  const pit end = begun.count ? begun.path[begun.count - 1] : begun.at;
  if (!path_exists(blocked, end, left)) {
    return illegal("no path of " + std::to_string(left) + (left == 1 ? " more pit" : " more pits") +
                   " leads on from " + pit_name(end) +
                   " past full pits and pits already on the path");
  }
  return {};
}

result<move> check_move(const position& pos, const rules& r, const move& written) {
  if (pos.is_over()) return illegal("the game is over");
  switch (written.type) {
    case move::kind::place:
      return check_placement(pos, r, written);
    case move::kind::reproduce:
      return check_reproduction(pos, r, written);
    case move::kind::sow:
      break;
  }
  return check_sowing(pos, r, written);
}

}  // namespace boardroom::engine::esiema
