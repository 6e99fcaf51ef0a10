#include "engine/arimaa/legality.hpp"

#include <algorithm>
#include <array>

namespace boardroom::engine::arimaa {

namespace {

std::string the(piece p, square s) {
  return "the " + piece_name(p) + " on " + square_name(s);
}

std::string_view direction_name(direction d) {
  constexpr std::array<std::string_view, 4> names{"north", "east", "south", "west"};
  return names[index(d)];
}

// Own pieces stronger than `than` that can move by themselves, next to `s`.
bitboard able_pushers(const position& pos, colour us, kind than, square s) {
  bitboard stronger = 0;
  for (int k = index(than) + 1; k < num_kinds; ++k)
    stronger |= pos.pieces(us, static_cast<kind>(k));
  return stronger & ~pos.frozen(us) & neighbours(bit(s));
}

std::string listing(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return out;
}

}  // namespace

result<position> check_setup(const position& pos, const std::vector<token>& placements) {
  colour us = pos.to_move();
  std::string who(side_name(us));
  std::string ranks = us == colour::gold ? "ranks 1 and 2" : "ranks 7 and 8";
  for (const token& t : placements) {
    if (t.what != token::type::placement) {
      return illegal(t.text + " is no setup placement: " + who +
                     " first places all 16 pieces, written like " +
                     (us == colour::gold ? "Ra1" : "ra8"));
    }
  }
  if (placements.size() != 16) {
    return illegal("a setup places all 16 pieces on " + ranks + "; this one places " +
                   std::to_string(placements.size()));
  }
  position out = pos;
  std::array<int, num_kinds> counts{};
  for (const token& t : placements) {
    if (t.p.side != us) {
      return illegal(t.text + ": " + who + " sets up " + std::string(colour_name(us)) +
                     " pieces, written in " + (us == colour::gold ? "upper" : "lower") + " case");
    }
    if (!(home_ranks(us) & bit(t.sq))) {
      return illegal(t.text + ": " + who + " sets up on " + ranks);
    }
    if (auto there = out.at(t.sq)) {
      return illegal(t.text + ": " + square_name(t.sq) + " already holds the " +
                     piece_name(*there));
    }
    if (++counts[index(t.p.type)] > full_count(t.p.type)) {
      int n = full_count(t.p.type);
      return illegal(t.text + ": " + who + " has " + std::to_string(n) + " " +
                     std::string(kind_name(t.p.type)) + (n > 1 ? "s" : "") + ", not more");
    }
    out.put(t.sq, t.p);
  }
  return out;
}

std::string setup_text(const position& pos, colour side) {
  std::array<int, 2> ranks = side == colour::gold ? std::array{0, 1} : std::array{7, 6};
  std::string out;
  for (int rank : ranks) {
    for (int file = 0; file < board_size; ++file) {
      square s = make_square(file, rank);
      auto p = pos.at(s);
      if (!p || p->side != side) continue;
      out += (out.empty() ? "" : " ") + placement_text(*p, s);
    }
  }
  return out;
}

result<made_step> turn_builder::add(piece p, square from, direction d) {
  std::string written = step_text(p, from, d);
  if (steps() == step_path::capacity) {
    return illegal("a turn has at most 4 steps; " + written + " would be a fifth");
  }
  auto there = pos_.at(from);
  if (!there) return illegal(written + ": there is no piece on " + square_name(from));
  if (*there != p) {
    return illegal(written + ": " + square_name(from) + " holds the " + piece_name(*there) +
                   ", not the " + piece_name(p));
  }
  square to = step_target(from, d);
  if (to == no_square) {
    return illegal(written + ": " + the(p, from) + " cannot step " +
                   std::string(direction_name(d)) + ", off the board");
  }
  if (auto blocker = pos_.at(to)) {
    return illegal(written + ": " + square_name(to) + " is occupied by the " +
                   piece_name(*blocker));
  }
  return p.side == start_.to_move() ? check_own(p, from, to) : check_enemy(p, from, to);
}

std::string turn_builder::push_obligation() const {
  std::vector<std::string> ways;
  for (bitboard b = pushers_; b; b &= b - 1) {
    square s = first_square(b);
    ways.push_back(step_text(*pos_.at(s), s, direction_between(s, push_square_)));
  }
  return "push not completed: the " + piece_name(pushed_) + " was pushed from " +
         square_name(push_square_) + ", so a stronger " +
         std::string(colour_name(start_.to_move())) + " piece next to it must step into " +
         square_name(push_square_) + " with the very next step (" + listing(ways) + ")";
}

result<made_step> turn_builder::check_own(piece p, square from, square to) {
  direction d = direction_between(from, to);
  colour us = p.side;
  bool completes_push = push_square_ != no_square;
  if (completes_push && (to != push_square_ || !(pushers_ & bit(from)))) {
    return illegal(push_obligation() + ", not " + step_text(p, from, d));
  }
  if (p.type == kind::rabbit && d == backwards(us)) {
    return illegal(step_text(p, from, d) + ": rabbits never step backwards on their own; " +
                   the(p, from) + " cannot step " + std::string(direction_name(d)));
  }
  if (auto by = pos_.freezer(from)) {
    return illegal("the " + std::string(kind_name(p.type)) + " on " + square_name(from) +
                   " is frozen by the " + piece_name(*pos_.at(*by)) + " on " + square_name(*by));
  }
  capture removed = pos_.make_step(from, to);
  made_.push_back({p, step(from, d), removed});
  push_square_ = no_square;
  pushers_ = 0;
  // One step cannot both complete a push and pull another piece.
  pull_square_ = completes_push ? no_square : from;
  puller_ = p.type;
  return made_.back();
}

result<made_step> turn_builder::check_enemy(piece p, square from, square to) {
  direction d = direction_between(from, to);
  std::string written = step_text(p, from, d);
  if (push_square_ != no_square) return illegal(push_obligation() + ", not " + written);
  colour us = start_.to_move();
  bool pull = to == pull_square_ && p.type < puller_;
  bitboard pushers = 0;
  if (!pull) {
    pushers = able_pushers(pos_, us, p.type, from);
    if (!pushers) {
      bitboard stronger_near = 0;
      for (int k = index(p.type) + 1; k < num_kinds; ++k)
        stronger_near |= pos_.pieces(us, static_cast<kind>(k)) & neighbours(bit(from));
      if (stronger_near) {
        square s = first_square(stronger_near);
        square by = *pos_.freezer(s);
        return illegal(written + ": " + the(p, from) + " could only be pushed by the " +
                       std::string(kind_name(pos_.at(s)->type)) + " on " + square_name(s) +
                       ", but the " + std::string(kind_name(pos_.at(s)->type)) + " on " +
                       square_name(s) + " is frozen by the " + piece_name(*pos_.at(by)) + " on " +
                       square_name(by));
      }
      return illegal(written + ": " + the(p, from) +
                     " is not yours; it moves only when pushed by a stronger " +
                     std::string(colour_name(us)) +
                     " piece next to it, or pulled into the square such a piece has just left");
    }
    if (steps() == step_path::capacity - 1) {
      return illegal(written + " would start a push of " + the(p, from) +
                     " with the last step, and a push cannot be started with the last step");
    }
  }
  capture removed = pos_.make_step(from, to);
  made_.push_back({p, step(from, d), removed});
  pull_square_ = no_square;
  if (!pull) {
    push_square_ = from;
    pushers_ = pushers;
    pushed_ = p;
  }
  return made_.back();
}

result<void> turn_builder::can_end(const history& seen) const {
  if (push_square_ != no_square) {
    return illegal("push not completed: the " + piece_name(pushed_) + " was pushed from " +
                   square_name(push_square_) + " and no stronger " +
                   std::string(colour_name(start_.to_move())) + " piece followed into " +
                   square_name(push_square_));
  }
  if (made_.empty()) return illegal("a turn needs at least one step");
  if (pos_.same_board(start_)) {
    return illegal("the turn does not change the position, and a turn must change it");
  }
  position next = pos_;
  next.set_to_move(opponent(start_.to_move()));
  if (seen.times_seen(next) >= 2) {
    return illegal("this turn repeats a position for the third time, which is not allowed");
  }
  return {};
}

bool turn_builder::can_complete(const history& seen) const {
  std::vector<std::uint64_t> dead_ends;
  return can_complete(seen, dead_ends);
}

bool turn_builder::can_complete(const history& seen, std::vector<std::uint64_t>& dead_ends) const {
  if (can_end(seen)) return true;
  if (steps() == step_path::capacity) return false;
  // Where the turn stands: the board, the steps used and any push or pull under way.
  std::uint64_t here = pos_.board_key() ^ (static_cast<std::uint64_t>(steps()) << 60) ^
                       (static_cast<std::uint64_t>(push_square_ + 1) * 0x9e3779b97f4a7c15ULL) ^
                       (pushers_ * 0xc2b2ae3d27d4eb4fULL) ^
                       (static_cast<std::uint64_t>(pull_square_ + 1) << 52) ^
                       (static_cast<std::uint64_t>(index(puller_)) << 48);
  if (std::find(dead_ends.begin(), dead_ends.end(), here) != dead_ends.end()) return false;
  for (bitboard from_set = pos_.occupied(); from_set; from_set &= from_set - 1) {
    square from = first_square(from_set);
    for (direction d : all_directions) {
      square to = step_target(from, d);
      if (to == no_square || pos_.at(to)) continue;
      turn_builder next = *this;
      if (next.add(*pos_.at(from), from, d) && next.can_complete(seen, dead_ends)) return true;
    }
  }
  dead_ends.push_back(here);
  return false;
}

std::vector<made_step> turn_builder::completable_steps(const history& seen) const {
  std::vector<made_step> out;
  for (bitboard from_set = pos_.occupied(); from_set; from_set &= from_set - 1) {
    square from = first_square(from_set);
    for (direction d : all_directions) {
      square to = step_target(from, d);
      if (to == no_square || pos_.at(to)) continue;
      turn_builder next = *this;
      auto made = next.add(*pos_.at(from), from, d);
      if (made && next.can_complete(seen)) out.push_back(*made);
    }
  }
  return out;
}

std::string turn_builder::text() const {
  std::string out;
  for (const made_step& m : made_) {
    out += (out.empty() ? "" : " ") + step_text(m.p, m.s.from(), m.s.dir());
    if (m.removed.happened()) out += " " + capture_text(m.removed);
  }
  return out;
}

}  // namespace boardroom::engine::arimaa
