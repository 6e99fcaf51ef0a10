#include "engine/sisyphos/state.hpp"

#include "engine/core/json_writer.hpp"
#include "engine/sisyphos/legality.hpp"
#include "engine/sisyphos/notation.hpp"

namespace boardroom::engine::sisyphos {

namespace {

std::string describe(ending e, const sisyphos::rules& r) {
  switch (e) {
    case ending::goal:
      return "Sisyphos reached a5";
    case ending::invasion:
      return "a spirit reached e1";
    case ending::move_limit:
      return "Sisyphos did not reach a5 within " + std::to_string(r.move_limit) + " turns";
    case ending::none:
      break;
  }
  return "";
}

std::string_view reason(ending e) {
  switch (e) {
    case ending::goal:
      return "goal";
    case ending::invasion:
      return "invasion";
    case ending::move_limit:
      return "move_limit";
    case ending::none:
      break;
  }
  return "";
}

}  // namespace

int state::current_player() const {
  return is_terminal() ? no_player : index(position_.to_move());
}

result<std::string> state::play(std::string_view text) {
  auto written = parse_move(text);
  if (!written) return std::unexpected(written.error());
  auto m = check_move(position_, rules_, *written);
  if (!m) return std::unexpected(m.error());
  position_.play_unchecked(*m);
  return move_text(*m);
}

std::vector<std::string> state::legal_moves() const {
  move_list moves;
  position_.generate_moves(rules_, moves);
  std::vector<std::string> out;
  out.reserve(moves.size());
  for (move m : moves)
    out.push_back(move_text(m));
  return out;
}

std::optional<engine::outcome> state::outcome() const {
  ending e = position_.how_ended(rules_);
  if (e == ending::none) return std::nullopt;
  bool sisyphos_won = winner_of(e) == side::sisyphos;
  return engine::outcome{.ranks = sisyphos_won ? std::vector{1, 2} : std::vector{2, 1},
                         .scores = sisyphos_won ? std::vector{1.0, 0.0} : std::vector{0.0, 1.0},
                         .reason = std::string(reason(e)),
                         .description = describe(e, rules_)};
}

std::string state::to_text() const {
  return sisyphos::position_text(position_);
}

void state::write_view(json_writer& w) const {
  const bool over = is_terminal();
  const side to_move = position_.to_move();
  w.object([&] {
    w.field("files", "abcde");
    w.field("ranks", board_size);
    w.key("board");
    w.array([&] {
      for (square sq = 0; sq < num_squares; ++sq) {
        for (side s : {side::sisyphos, side::spirits}) {
          if (!(position_.stones(s) & bit(sq))) continue;
          w.object([&] {
            w.field("square", square_name(sq));
            w.field("owner", index(s));
          });
        }
      }
    });
    w.key("hands");
    w.array([&] {
      w.value(position_.in_hand(side::sisyphos));
      w.value(position_.in_hand(side::spirits));
    });
    w.field("to_move", over ? std::nullopt : std::optional(index(to_move)));
    w.field("sisyphos_turns", position_.sisyphos_turns());
    w.field("move_limit", rules_.move_limit);
    w.field("edition", edition_name(rules_.source));
    // Where the side to move may re-enter: clients can highlight them without the rules.
    w.key("reentry_squares");
    w.array_of_bits(over ? bitboard{0} : position_.reentry_targets(to_move, rules_), square_name);
    w.field("position", to_text());
  });
}

std::unique_ptr<engine::state> state::clone() const {
  return std::make_unique<state>(*this);
}

std::uint64_t state::perft(int depth) const {
  return sisyphos::perft(position_, rules_, depth);
}

}  // namespace boardroom::engine::sisyphos
