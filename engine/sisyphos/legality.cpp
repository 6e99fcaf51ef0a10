#include "engine/sisyphos/legality.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace boardroom::engine::sisyphos {

namespace {

std::string direction_name(int file_delta, int rank_delta) {
  std::string vertical = rank_delta > 0 ? "up" : rank_delta < 0 ? "down" : "";
  std::string horizontal = file_delta > 0 ? "right" : file_delta < 0 ? "left" : "";
  if (vertical.empty() || horizontal.empty()) return vertical + horizontal;
  return "diagonally " + vertical + "-" + horizontal;
}

std::string step_rule(side s) {
  return s == side::sisyphos ? "Sisyphos stones move left, up or diagonally up-left"
                             : "spirits move right, down or diagonally down-right";
}

// Why from-to is no step for side `s` (which it must not be).
std::string wrong_step(side s, square from, square to) {
  int df = file_of(to) - file_of(from);
  int dr = rank_of(to) - rank_of(from);
  std::string route = square_name(from) + " to " + square_name(to);
  if (df == 0 && dr == 0) return step_rule(s) + "; " + route + " goes nowhere";
  if (std::abs(df) > 1 || std::abs(dr) > 1) {
    return "a step goes to a neighbouring square; " + route + " is further";
  }
  return step_rule(s) + "; " + route + " goes " + direction_name(df, dr);
}

// "e1", "d1 and e2", "c1, d2 and e3": in layer order from the side's corner.
std::string square_list(bitboard squares, side s) {
  std::vector<std::string> names;
  for (int layer = 0; layer < num_layers; ++layer) {
    for (bitboard b = squares & layer_mask(s, layer); b; b &= b - 1) {
      names.push_back(square_name(first_square(b)));
    }
  }
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  }
  return out;
}

result<move> check_step(const position& pos, const written_move& w) {
  side us = pos.to_move();
  bitboard own = pos.stones(us);
  bitboard enemy = pos.stones(opponent(us));
  if (!(own & bit(w.from))) {
    return illegal("there is no " +
                   std::string(us == side::sisyphos ? "Sisyphos stone" : "spirit") + " on " +
                   square_name(w.from));
  }
  if (!is_step(us, w.from, w.to)) return illegal(wrong_step(us, w.from, w.to));
  if (own & bit(w.to)) return illegal(square_name(w.to) + " holds your own stone");
  bool capture = (enemy & bit(w.to)) != 0;
  if (w.capture_marked && !capture) {
    return illegal("there is no stone to capture on " + square_name(w.to));
  }
  return move::step(w.from, w.to, capture);
}

result<move> check_reentry(const position& pos, const rules& r, const written_move& w) {
  side us = pos.to_move();
  if (pos.in_hand(us) == 0) return illegal("you have no stone in hand");
  bitboard targets = pos.reentry_targets(us, r);
  if (targets & bit(w.to)) return move::reentry(w.to);
  if (!targets) {
    return illegal("all your start squares (" + square_list(start_squares(us), us) +
                   ") are occupied, so no stone can re-enter");
  }
  if (pos.occupied() & bit(w.to)) {
    return illegal("a re-entry must be onto an empty square; " + square_name(w.to) +
                   " is occupied");
  }
  if (r.reenter_on_start_squares_only && !(start_squares(us) & bit(w.to))) {
    return illegal("in the " + std::string(edition_name(r.source)) +
                   " edition stones re-enter only on their start squares (" +
                   square_list(start_squares(us), us) + ")");
  }
  std::string rule = "re-entry must be onto the rearmost free layer: ";
  if (targets == bit(home_corner(us))) {
    return illegal(rule + square_name(home_corner(us)) + " itself is free");
  }
  bool several = count(targets) > 1;
  return illegal(rule + square_list(targets, us) + (several ? " are" : " is") +
                 " free and nearer to " + square_name(home_corner(us)) + " than " +
                 square_name(w.to));
}

}  // namespace

result<move> check_move(const position& pos, const rules& r, const written_move& w) {
  if (pos.is_over(r)) return illegal("the game is over");
  return w.reentry ? check_reentry(pos, r, w) : check_step(pos, w);
}

}  // namespace boardroom::engine::sisyphos
