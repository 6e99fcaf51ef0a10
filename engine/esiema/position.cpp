#include "engine/esiema/position.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <random>

#include "engine/esiema/sowing.hpp"

namespace boardroom::engine::esiema {

position position::start(const rules& r, std::uint64_t seed) {
  position pos;
  pos.players = r.players;
  for (int s = 0; s < r.players; ++s)
    pos.reserve[s] = r.small_balls[s];
  std::iota(pos.order.begin(), pos.order.begin() + r.players, 0);
  std::mt19937_64 rng(seed);
  if (r.turn_order_by_lot) std::shuffle(pos.order.begin(), pos.order.begin() + r.players, rng);
  int first = r.first_player;
  if (first < 0) first = std::uniform_int_distribution<int>(0, r.players - 1)(rng);
  // Seating (or the drawn order) is kept; only where it begins changes.
  auto at = std::find(pos.order.begin(), pos.order.begin() + r.players, first);
  std::rotate(pos.order.begin(), at, pos.order.begin() + r.players);
  pos.to_move = pos.order[0];
  return pos;
}

int position::remaining() const {
  int n = 0;
  for (int s = 0; s < players; ++s)
    n += in_game(s);
  return n;
}

int position::eliminated() const {
  return players - remaining();
}

int position::small_on_board(int seat) const {
  int n = 0;
  for (const auto& c : pits)
    n += c.small[seat];
  return n;
}

int position::placed(int seat) const {
  return small_on_board(seat) + (mother_pit[seat] != no_pit);
}

bool position::can_reproduce(int seat) const {
  pit p = mother_pit[seat];
  return p != no_pit && pits[p].total == 1 && reserve[seat] > 0;
}

bool position::must_reproduce(int seat, const rules& r) const {
  return r.must_reproduce_when_empty && small_on_board(seat) == 0;
}

bool position::has_action(int seat, const rules& r) const {
  if (can_reproduce(seat)) return true;
  if (must_reproduce(seat, r)) return false;
  return has_sowing(*this, seat);
}

int position::next_after(int seat) const {
  int i = static_cast<int>(std::find(order.begin(), order.begin() + players, seat) - order.begin());
  for (int step = 1; step <= players; ++step) {
    int s = order[(i + step) % players];
    if (in_game(s)) return s;
  }
  return seat;
}

void position::drop(pit p, ball b) {
  pit_contents& c = pits[p];
  if (is_mother(b)) {
    c.mothers |= static_cast<std::uint8_t>(1 << owner(b));
    mother_pit[owner(b)] = p;
  } else {
    ++c.small[owner(b)];
  }
  ++c.total;
  assert(c.total <= pit_capacity);
}

void position::sow(const move& m) {
  const int seat = to_move;
  const bool single = pits[m.at].total == 1;
  pits[m.at] = pit_contents{};
  for (int i = 0; i < m.count; ++i)
    drop(m.path[i], m.balls[i]);
  // Capture, but not (a) with the mother as the last ball, (b) into a pit with any mother, whose
  // protection covers every ball with it, or (c) from a pit that held a single ball.
  pit last = m.path[m.count - 1];
  pit_contents& c = pits[last];
  if (single || is_mother(m.balls[m.count - 1]) || c.mothers != 0) return;
  for (int s = 0; s < players; ++s) {
    if (s == seat) continue;
    captured[s] += c.small[s];
    c.total = static_cast<std::uint8_t>(c.total - c.small[s]);
    c.small[s] = 0;
  }
}

void position::play_unchecked(const move& m, const rules& r, forced_log* log) {
  switch (m.type) {
    case move::kind::place:
      if (m.mother) {
        drop(m.at, mother_ball(to_move));
      } else {
        --reserve[to_move];
        drop(m.at, small_ball(to_move));
      }
      after_setup_placement(r, log);
      return;
    case move::kind::reproduce:
      reserve[to_move] -= m.count;
      pits[m.at].small[to_move] = static_cast<std::uint8_t>(pits[m.at].small[to_move] + m.count);
      pits[m.at].total = static_cast<std::uint8_t>(pits[m.at].total + m.count);
      break;
    case move::kind::sow:
      sow(m);
      break;
  }
  passes = 0;
  after_turn(r, log);
}

void position::after_setup_placement(const rules& r, forced_log* log) {
  int i =
      static_cast<int>(std::find(order.begin(), order.begin() + players, to_move) - order.begin());
  for (int step = 1; step <= players; ++step) {
    int s = order[(i + step) % players];
    if (in_game(s) && placed(s) < r.setup_quota(s)) {
      to_move = s;
      return;
    }
  }
  // Everyone has placed: the play phase begins with the player who began the setup.
  stage = phase::play;
  passes = 0;
  check_draw_window(r);
  if (!is_over()) start_turn(order[0], r, log);
}

void position::after_turn(const rules& r, forced_log* log) {
  if (draw_countdown > 0) --draw_countdown;
  if (draw_countdown == 0) return finish(ending::draw_window);
  check_draw_window(r);
  if (!is_over()) start_turn(next_after(to_move), r, log);
}

void position::start_turn(int seat, const rules& r, forced_log* log) {
  for (;;) {
    if (!in_game(seat)) seat = next_after(seat);  // the setup's first player may have retired
    if (remaining() == 1) {
      to_move = seat;
      return finish(ending::last_player);
    }
    if (small_on_board(seat) == 0 && !can_reproduce(seat)) {
      int next = next_after(seat);
      eliminate(seat);
      if (log) log->push_back({true, seat});
      passes = 0;
      check_draw_window(r);
      if (is_over()) return;
      seat = next;
      continue;
    }
    if (!has_action(seat, r)) {
      // A pass is a turn: it counts towards the draw window.
      to_move = seat;
      if (log) log->push_back({false, seat});
      if (++passes >= remaining()) return finish(ending::no_actions);
      if (draw_countdown > 0) --draw_countdown;
      if (draw_countdown == 0) return finish(ending::draw_window);
      seat = next_after(seat);
      continue;
    }
    to_move = seat;
    return;
  }
}

void position::retire(int seat, const rules& r, forced_log* log) {
  // The engine decides: the small balls on the board leave with the mother, so a retired player
  // is exactly an eliminated one, with nothing of theirs left in play.
  for (auto& c : pits) {
    c.total = static_cast<std::uint8_t>(c.total - c.small[seat]);
    retired[seat] += c.small[seat];
    c.small[seat] = 0;
  }
  eliminate(seat);
  passes = 0;  // as after an elimination, the board changed
  if (stage == phase::setup) {
    if (remaining() == 1) {
      to_move = next_after(seat);
      return finish(ending::last_player);
    }
    if (to_move == seat) after_setup_placement(r, log);
    return;
  }
  check_draw_window(r);
  if (is_over()) return;
  // Whoever was to act still has an action (fewer balls on the board only open paths), so only
  // the retired player's own turn passes on; a remaining single player wins at once.
  start_turn(to_move == seat ? next_after(seat) : to_move, r, log);
}

void position::eliminate(int seat) {
  out[seat] = eliminated() + 1;
  pit p = mother_pit[seat];
  if (p != no_pit) {
    pits[p].mothers = static_cast<std::uint8_t>(pits[p].mothers & ~(1 << seat));
    --pits[p].total;
    mother_pit[seat] = no_pit;
  }
  retired[seat] += reserve[seat];
  reserve[seat] = 0;
}

void position::check_draw_window(const rules& r) {
  if (draw_countdown >= 0) return;  // once begun, the window runs to its end
  for (int s = 0; s < players; ++s) {
    if (in_game(s) && owned_small(s) != 1) return;
  }
  draw_countdown = r.draw_window;
  if (draw_countdown == 0) finish(ending::draw_window);
}

void position::finish(ending e) {
  stage = phase::over;
  end = e;
}

}  // namespace boardroom::engine::esiema
