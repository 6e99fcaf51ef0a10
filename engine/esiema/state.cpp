#include "engine/esiema/state.hpp"

#include <limits>

#include "engine/core/json_writer.hpp"
#include "engine/esiema/evaluation.hpp"
#include "engine/esiema/legality.hpp"
#include "engine/esiema/notation.hpp"
#include "engine/esiema/sowing.hpp"

namespace boardroom::engine::esiema {

namespace {

// Every legal action that can be listed: placements in the setup, reproductions in play.
std::vector<move> listable_moves(const position& pos) {
  std::vector<move> out;
  const int seat = pos.to_move;
  if (pos.stage == phase::setup) {
    bool mother = pos.mother_pit[seat] == no_pit;
    for (pit p = 0; p < num_pits; ++p) {
      if (pos.pits[p].total < pit_capacity) out.push_back(move::place(p, mother));
    }
  } else if (pos.stage == phase::play && pos.can_reproduce(seat)) {
    int most = std::min(max_reproduction, pos.reserve[seat]);
    for (int n = 1; n <= most; ++n)
      out.push_back(move::reproduce(pos.mother_pit[seat], n));
  }
  return out;
}

bool may_sow(const position& pos, const rules& r) {
  return pos.stage == phase::play && !pos.must_reproduce(pos.to_move, r);
}

std::uint64_t perft_of(const position& pos, const rules& r, int depth) {
  if (depth == 0) return 1;
  if (pos.is_over()) return 0;
  auto listed = listable_moves(pos);
  if (depth == 1) {
    std::uint64_t n = listed.size();
    if (may_sow(pos, r)) {
      n += *count_sowings(pos, pos.to_move, std::numeric_limits<std::uint64_t>::max());
    }
    return n;
  }
  std::uint64_t total = 0;
  auto child = [&](const move& m) {
    position next = pos;
    next.play_unchecked(m, r);
    total += perft_of(next, r, depth - 1);
  };
  for (const move& m : listed)
    child(m);
  if (may_sow(pos, r)) for_each_sowing(pos, pos.to_move, child);
  return total;
}

std::string capitalised(std::string s) {
  s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string names(const std::vector<int>& seats) {
  std::string out;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    out += i == 0 ? "" : (i + 1 == seats.size() ? " and " : ", ");
    out += colour_name(seats[i]);
  }
  return out;
}

}  // namespace

result<std::string> state::play(std::string_view text) {
  auto written = parse_move(text);
  if (!written) return std::unexpected(written.error());
  auto m = check_move(position_, rules_, *written);
  if (!m) return std::unexpected(m.error());
  forced_.clear();
  position_.play_unchecked(*m, rules_, &forced_);
  return move_text(*m);
}

std::vector<actor> state::to_act() const {
  if (is_terminal()) return {};
  return {{position_.to_move, position_.stage == phase::setup ? decision::setup : decision::move}};
}

std::vector<forced_step> state::forced_by_last_play() const {
  std::vector<forced_step> out;
  for (const forced_event& e : forced_) {
    if (e.elimination) {
      out.push_back({forced::elimination, e.seat,
                     capitalised(colour_name(e.seat)) +
                         " is eliminated: no small ball on the board and none to reproduce"});
    } else {
      out.push_back(
          {forced::pass, e.seat, capitalised(colour_name(e.seat)) + " cannot act and passes"});
    }
  }
  return out;
}

result<continuation> state::continuations(std::string_view chosen) const {
  if (is_terminal()) return fail("game_over", "the game is over");
  if (position_.stage != phase::play) {
    return fail("no_steps", "a placement is one move, not made of parts: see legal_moves");
  }
  const int seat = position_.to_move;
  continuation out;
  if (chosen.empty()) {  // the first part: the pit to empty
    if (may_sow(position_, rules_)) {
      for (pit p : sowing_starts(position_, seat))
        out.next.push_back(pit_name(p));
    }
    return out;
  }
  move begun;
  if (auto lone = parse_pit(chosen)) {
    begun.type = move::kind::sow;
    begun.at = *lone;
  } else {
    auto written = parse_move(chosen);
    if (!written) return std::unexpected(written.error());
    if (written->type != move::kind::sow) {
      return fail("no_steps", "a reproduction is one move, not made of parts: see legal_moves");
    }
    begun = *written;
  }
  if (auto ok = check_sowing_begun(position_, rules_, begun); !ok) {
    return std::unexpected(ok.error());
  }
  const pit_contents& start = position_.pits[begun.at];
  if (begun.count == start.total) {
    out.may_end = true;
    return out;
  }
  // The balls still in hand, one of each kind: every kind dropped into every open neighbour that
  // leaves the sowing able to end legally is a next part.
  pit_contents hand = start;
  for (int i = 0; i < begun.count; ++i) {
    const ball b = begun.balls[i];
    if (is_mother(b)) {
      hand.mothers &= static_cast<std::uint8_t>(~(1u << owner(b)));
    } else {
      --hand.small[owner(b)];
    }
  }
  std::vector<ball> kinds;
  for (int s = 0; s < position_.players; ++s) {
    if (hand.small[s] > 0) kinds.push_back(small_ball(s));
    if (hand.has_mother(s)) kinds.push_back(mother_ball(s));
  }
  const pit end = begun.count ? begun.path[begun.count - 1] : begun.at;
  move next = begun;
  ++next.count;
  for (int i = 0; i < board.degree[end]; ++i) {
    next.path[begun.count] = board.neighbours[end][i];
    for (ball b : kinds) {
      next.balls[begun.count] = b;
      if (check_sowing_begun(position_, rules_, next)) {
        out.next.push_back(pit_name(next.path[begun.count]) + ball_letter(b));
      }
    }
  }
  return out;
}

std::vector<std::string> state::legal_moves() const {
  std::vector<std::string> out;
  for (const move& m : listable_moves(position_))
    out.push_back(move_text(m));
  return out;
}

bool state::lists_all_moves() const {
  return !may_sow(position_, rules_) || !has_sowing(position_, position_.to_move);
}

std::optional<std::uint64_t> state::count_moves() const {
  std::uint64_t n = listable_moves(position_).size();
  if (!may_sow(position_, rules_)) return n;
  auto sowings = count_sowings(position_, position_.to_move, count_budget);
  if (!sowings) return std::nullopt;
  return n + *sowings;
}

std::string state::random_move(std::mt19937_64& rng) const {
  if (position_.is_over()) return {};
  auto listed = listable_moves(position_);
  if (position_.stage == phase::setup) {
    return move_text(listed[std::uniform_int_distribution<std::size_t>(0, listed.size() - 1)(rng)]);
  }
  std::vector<pit> starts;
  if (may_sow(position_, rules_)) starts = sowing_starts(position_, position_.to_move);
  // The reproduction is one more choice, after the sowing pits.
  std::size_t choices = starts.size() + (listed.empty() ? 0 : 1);
  if (choices == 0) return {};  // only in a position read from a text that no game reaches
  std::size_t pick = std::uniform_int_distribution<std::size_t>(0, choices - 1)(rng);
  if (pick == starts.size()) {
    return move_text(listed[std::uniform_int_distribution<std::size_t>(0, listed.size() - 1)(rng)]);
  }
  return move_text(random_sowing(position_, position_.to_move, starts[pick], rng));
}

std::string state::playout_move(std::mt19937_64& rng) const {
  // Uniformly drawn sowings seldom capture: few of a pit's many paths end where balls can be
  // captured. So random games run to thousands of moves, and a search that tries only such moves
  // hardly ever tries the captures that decide the game. Half the time a capture is drawn where
  // one is found; only half, so that the search still tries the other moves (defences,
  // reproductions).
  if (may_sow(position_, rules_) && std::bernoulli_distribution(0.5)(rng)) {
    if (auto m = random_capture(position_, position_.to_move, rng)) return move_text(*m);
  }
  return random_move(rng);
}

result<void> state::retire(int player) {
  bool out = player >= 0 && player < num_players() && !position_.in_game(player);
  if (auto ok = check_retire(*this, player, out); !ok) return ok;
  forced_.clear();
  position_.retire(player, rules_, &forced_);
  return {};
}

std::optional<engine::outcome> state::outcome() const {
  if (!position_.is_over()) return std::nullopt;
  const esiema::position& pos = position_;
  engine::outcome o;
  o.ranks.assign(pos.players, 1);
  o.scores.assign(pos.players, 0.0);
  std::vector<int> left;
  for (int s = 0; s < pos.players; ++s) {
    if (pos.in_game(s)) {
      left.push_back(s);
    } else {
      // The k-th player out takes the k-th place from the bottom.
      o.ranks[s] = pos.players - pos.out[s] + 1;
    }
  }
  for (int s : left)
    o.scores[s] = 1.0 / static_cast<double>(left.size());
  switch (pos.end) {
    case ending::last_player:
      o.reason = "last_player";
      o.description = capitalised(colour_name(left[0])) + " wins: every other player is out";
      break;
    case ending::draw_window:
      o.reason = "draw_window";
      o.description = "drawn between " + names(left) + ": no one won within " +
                      std::to_string(rules_.draw_window) +
                      " turns once every player was down to one small ball";
      break;
    case ending::no_actions:
    case ending::none:
      o.reason = "no_actions";
      o.description = "drawn between " + names(left) + ": every one of them had to pass";
      break;
  }
  return o;
}

std::optional<std::vector<double>> state::estimated_shares() const {
  if (is_terminal()) return outcome()->shares();
  return esiema::estimated_shares(position_);
}

std::string state::to_text() const {
  return esiema::position_text(position_);
}

void state::write_view(json_writer& w) const {
  const esiema::position& pos = position_;
  const bool over = pos.is_over();
  const int seat = pos.to_move;
  const auto row_name = [](int y) { return std::string(1, static_cast<char>('a' + y)); };
  w.object([&] {
    // The board's shape: each row with its first and last pit number (board.hpp).
    w.key("rows");
    w.array([&] {
      for (int y = 0; y < num_rows; ++y) {
        w.object([&] {
          w.field("row", row_name(y));
          w.field("first", row_first(y) + 1);
          w.field("last", row_last(y) + 1);
        });
      }
    });
    w.key("pits");
    w.array([&] {
      for (pit p = 0; p < num_pits; ++p) {
        const pit_contents& c = pos.pits[p];
        if (c.total == 0) continue;
        w.object([&] {
          w.field("pit", pit_name(p));
          w.field("row", row_name(board.y[p]));
          w.field("number", board.x[p] + 1);
          w.field("total", c.total);
          w.key("small");
          w.object([&] {
            for (int s = 0; s < pos.players; ++s) {
              if (c.small[s]) w.field(colour_name(s), c.small[s]);
            }
          });
          w.key("mothers");
          w.array([&] {
            for (int s = 0; s < pos.players; ++s) {
              if (c.has_mother(s)) w.value(colour_name(s));
            }
          });
        });
      }
    });
    w.key("players");
    w.array([&] {
      for (int s = 0; s < pos.players; ++s) {
        w.object([&] {
          w.field("colour", colour_name(s));
          w.field("letter", std::string(1, colour_letters[s]));
          w.field("reserve", pos.reserve[s]);
          w.field("on_board", pos.small_on_board(s));
          w.field("captured", pos.captured[s]);
          w.field("retired", pos.retired[s]);
          w.field("mother", pos.mother_pit[s] == no_pit
                                ? std::nullopt
                                : std::optional(pit_name(pos.mother_pit[s])));
          w.field("eliminated", !pos.in_game(s));
          w.field("elimination_order", pos.out[s]);
        });
      }
    });
    w.key("eliminated");
    w.array([&] {
      for (int k = 1; k <= pos.players; ++k) {
        for (int s = 0; s < pos.players; ++s) {
          if (pos.out[s] == k) w.value(s);
        }
      }
    });
    w.key("turn_order");
    w.array([&] {
      for (int i = 0; i < pos.players; ++i)
        w.value(pos.order[i]);
    });
    w.field("phase", pos.stage == phase::setup  ? "setup"
                     : pos.stage == phase::play ? "play"
                                                : "over");
    w.field("to_move", over ? std::nullopt : std::optional(seat));
    w.field("colour_to_move", over ? std::nullopt : std::optional(colour_name(seat)));
    // What the player to act may do: clients can offer these without knowing the rules.
    w.field("must_place_mother",
            !over && pos.stage == phase::setup && pos.mother_pit[seat] == no_pit);
    w.field("can_reproduce", !over && pos.stage == phase::play && pos.can_reproduce(seat));
    w.field("must_reproduce",
            !over && pos.stage == phase::play && pos.must_reproduce(seat, rules_));
    w.field("passes_in_a_row", pos.passes);
    w.field("draw_turns_left",
            pos.draw_countdown < 0 ? std::nullopt : std::optional(pos.draw_countdown));
    w.field("position", to_text());
  });
}

std::unique_ptr<engine::state> state::clone() const {
  return std::make_unique<state>(*this);
}

std::uint64_t state::perft(int depth) const {
  return perft_of(position_, rules_, depth);
}

}  // namespace boardroom::engine::esiema
