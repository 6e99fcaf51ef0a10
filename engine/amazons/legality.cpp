#include "engine/amazons/legality.hpp"

#include <cassert>
#include <optional>
#include <string>

namespace boardroom::engine::amazons {

namespace {

std::string contents(cell c) {
  switch (c) {
    case cell::white:
    case cell::black:
      return "an amazon";
    case cell::arrow:
      return "an arrow";
    case cell::empty:
      break;
  }
  return "nothing";
}

int sign(int x) {
  return (x > 0) - (x < 0);
}

// Why `to` cannot be reached from `from` in a straight queen line, or nothing if it can. `lifted`
// counts as empty (the square an amazon has just left), or is -1.
std::optional<std::string> unreachable(const position& pos, square from, square to, square lifted) {
  const auto& g = pos.geometry();
  auto at = [&](square s) { return s == lifted ? cell::empty : pos.at(s); };
  // Written only for a refusal: every legal move passes here twice.
  auto route = [&] {
    return square_name(g, to) + " is not reachable from " + square_name(g, from) + ": ";
  };
  int df = g.file_of(to) - g.file_of(from);
  int dr = g.rank_of(to) - g.rank_of(from);
  if (df != 0 && dr != 0 && df != dr && df != -dr) return route() + "they are not on a line";
  int file = g.file_of(from) + sign(df);
  int rank = g.rank_of(from) + sign(dr);
  for (square s = g.make_square(file, rank); s != to; s = g.make_square(file, rank)) {
    if (at(s) != cell::empty) {
      return route() + "the " + (at(s) == cell::arrow ? "arrow" : "amazon") + " on " +
             square_name(g, s) + " blocks it";
    }
    file += sign(df);
    rank += sign(dr);
  }
  if (at(to) != cell::empty) return route() + "it holds " + contents(at(to));
  return std::nullopt;
}

result<move> check_queen(const position& pos, const written_move& w) {
  const auto& g = pos.geometry();
  const colour us = pos.to_move();
  const cell origin = pos.at(w.from);
  if (origin != amazon_cell(us)) {
    std::string why = origin == cell::empty ? "the square is empty"
                      : origin == cell::arrow
                          ? "it holds an arrow"
                          : "the amazon there is " + colour_name(opponent(us)) + "'s";
    return illegal("there is no amazon of yours on " + square_name(g, w.from) + ": " + why);
  }
  if (w.to == w.from) {
    return illegal("the amazon on " + square_name(g, w.from) + " must move to another square");
  }
  if (auto why = unreachable(pos, w.from, w.to, -1)) return illegal(*why);
  if (w.arrow == w.to) {
    return illegal("the arrow cannot land on " + square_name(g, w.to) +
                   ": it is shot from there, where the amazon stands");
  }
  if (auto why = unreachable(pos, w.to, w.arrow, w.from)) return illegal(*why);
  return move::queen(w.from, w.to, w.arrow);
}

result<move> check_pass(const position& pos, const rules& r) {
  if (r.komi == 0 && pos.passes(pos.to_move()) == 0) {
    return illegal("there is no passing in this game: it is played without komi");
  }
  if (pos.has_queen_move()) return illegal("you may not pass while you have a move");
  if (pos.passes(pos.to_move()) == 0) return illegal("you have no passes left");
  return move::pass();
}

result<move> check_swap(const position& pos, const rules& r) {
  if (!r.swap) return illegal("this game is played without the swap rule");
  if (pos.swapped()) return illegal("the colours have already been swapped");
  if (!pos.can_swap(r)) {
    return illegal("swap is allowed only as Black's answer to White's first move");
  }
  return move::swap();
}

}  // namespace

result<move> check_move(const position& pos, const rules& r, const written_move& w) {
  if (pos.is_over(r)) return illegal("the game is over");
  switch (w.kind) {
    case move::kind::pass:
      return check_pass(pos, r);
    case move::kind::swap:
      return check_swap(pos, r);
    case move::kind::queen:
      break;
  }
  auto m = check_queen(pos, w);
  // The two independent judgements of a queen move must agree.
  assert(!m || pos.is_legal(*m, r));
  return m;
}

}  // namespace boardroom::engine::amazons
