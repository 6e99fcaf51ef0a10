#include "engine/amazons/state.hpp"

#include <algorithm>

#include "engine/amazons/legality.hpp"
#include "engine/amazons/notation.hpp"
#include "engine/core/json_writer.hpp"

namespace boardroom::engine::amazons {

namespace {

std::string_view colour_key(colour c) {
  return c == colour::white ? "white" : "black";
}

}  // namespace

int state::current_player() const {
  return is_terminal() ? no_player : position_.seat_of(position_.to_move());
}

result<std::string> state::play(std::string_view text) {
  const auto& g = position_.geometry();
  auto written = parse_move(g, text);
  if (!written) return std::unexpected(written.error());
  auto m = check_move(position_, rules_, *written);
  if (!m) return std::unexpected(m.error());
  position_.play_unchecked(*m);
  return move_text(g, *m);
}

std::vector<std::string> state::legal_moves() const {
  // A move list holds up to 4901 moves (20 KB): kept off the stacks of the server's handlers.
  auto moves = std::make_unique<move_list>();
  position_.generate_moves(rules_, *moves);
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(moves->size()));
  char text[max_move_text];
  for (move m : *moves)
    out.emplace_back(text, write_move_text(text, position_.geometry(), m));
  return out;
}

result<continuation> state::continuations(std::string_view chosen) const {
  if (is_terminal()) return fail("game_over", "the game is over");
  // From the canonical texts ("d1-d7/g7"): the lists are small enough (at most 4901 moves).
  auto first = chosen.find_first_not_of(" \t");
  auto last = chosen.find_last_not_of(" \t");
  std::string part = first == std::string_view::npos
                         ? std::string()
                         : std::string(chosen.substr(first, last - first + 1));
  continuation out;
  bool known = part.empty();
  for (const std::string& m : legal_moves()) {
    auto slash = m.find('/');
    std::string queen = m.substr(0, slash);
    if (part.empty()) {
      if (std::find(out.next.begin(), out.next.end(), queen) == out.next.end()) {
        out.next.push_back(queen);
      }
    } else if (part == queen && slash != std::string::npos) {
      out.next.push_back(m.substr(slash + 1));
      known = true;
    } else if (part == m) {
      out.may_end = known = true;
    }
  }
  if (!known) {
    // The reason, as play() gives it for the part (a queen move alone lacks its arrow).
    auto tried = clone()->play(part);
    std::string why = tried ? "it is not a legal beginning" : tried.error().message;
    return fail("illegal_move", "'" + part + "' begins no legal move: " + why);
  }
  return out;
}

std::string state::random_move(std::mt19937_64& rng) const {
  auto moves = std::make_unique<move_list>();
  position_.generate_moves(rules_, *moves);
  if (moves->empty()) return {};
  std::uniform_int_distribution<int> pick(0, moves->size() - 1);
  return move_text(position_.geometry(), (*moves)[pick(rng)]);
}

std::optional<engine::outcome> state::outcome() const {
  if (!is_terminal()) return std::nullopt;
  // The side to move has nothing left to play and loses; there are no draws.
  colour loser = position_.to_move();
  int losing_seat = position_.seat_of(loser);
  std::string description = colour_name(loser) + " cannot move";
  if (rules_.komi > 0) description += " and has no passes left";
  description += ": " + colour_name(opponent(loser)) + " wins";
  if (position_.swapped()) {
    description += " (after the swap player " + std::to_string(losing_seat) + " played " +
                   colour_name(loser) + ")";
  }
  engine::outcome o;
  o.ranks = {1, 1};
  o.scores = {1.0, 1.0};
  o.ranks[losing_seat] = 2;
  o.scores[losing_seat] = 0.0;
  o.reason = "no_moves";
  o.description = std::move(description);
  return o;
}

std::string state::to_text() const {
  return amazons::position_text(position_);
}

void state::write_view(json_writer& w) const {
  const auto& g = position_.geometry();
  const bool over = is_terminal();
  const colour to_move = position_.to_move();
  std::string files;
  for (int f = 0; f < g.size; ++f)
    files += static_cast<char>('a' + f);
  w.object([&] {
    w.field("board_size", g.size);
    w.field("files", files);
    w.field("ranks", g.size);
    w.key("amazons");
    w.array([&] {
      for (square s = 0; s < g.num_squares; ++s) {
        const cell c = position_.at(s);
        if (c != cell::white && c != cell::black) continue;
        const colour owner = c == cell::white ? colour::white : colour::black;
        w.object([&] {
          w.field("square", g.name_of(s));
          w.field("colour", colour_key(owner));
          w.field("owner", position_.seat_of(owner));
        });
      }
    });
    w.key("arrows");
    w.array([&] {
      for (square s = 0; s < g.num_squares; ++s) {
        if (position_.at(s) == cell::arrow) w.value(g.name_of(s));
      }
    });
    w.field("to_move", over ? std::nullopt : std::optional(position_.seat_of(to_move)));
    w.field("colour_to_move", over ? std::nullopt : std::optional(colour_key(to_move)));
    w.key("players");  // by seat
    w.array([&] {
      for (int seat = 0; seat < num_colours; ++seat) {
        const colour c = position_.colour_of(seat);
        w.object([&] {
          w.field("colour", colour_key(c));
          w.field("passes_left", position_.passes(c));
        });
      }
    });
    w.field("swapped", position_.swapped());
    w.field("swap_rule", rules_.swap);
    w.field("komi", rules_.komi);
    // What the side to move may do besides queen moves: clients can offer buttons for these.
    w.field("can_swap", !over && position_.can_swap(rules_));
    w.field("can_pass", !over && position_.can_pass());
    w.field("position", to_text());
  });
}

std::unique_ptr<engine::state> state::clone() const {
  return std::make_unique<state>(*this);
}

std::uint64_t state::perft(int depth) const {
  return amazons::perft(position_, rules_, depth);
}

}  // namespace boardroom::engine::amazons
