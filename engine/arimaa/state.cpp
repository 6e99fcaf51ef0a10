#include "engine/arimaa/state.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>

#include "engine/arimaa/search.hpp"
#include "engine/core/json_writer.hpp"

namespace boardroom::engine::arimaa {

namespace {

std::unexpected<rule_error> bad_text(std::string message) {
  return fail("bad_notation", std::move(message));
}

// Gold's listed setups (see rules.md: the 64,864,800 setups of a side cannot be listed); Silver's
// are the same turned by 180 degrees, so the ruling's standard opening comes out: Silver's camel
// faces Gold's elephant.
constexpr std::array<std::string_view, 1> gold_setups{
    "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2",
};

std::string turned(std::string_view gold) {
  std::string out;
  auto placed = parse_submission(gold);
  for (const token& t : placed->tokens) {
    square s = num_squares - 1 - t.sq;
    out += (out.empty() ? "" : " ") + placement_text({colour::silver, t.p.type}, s);
  }
  return out;
}

std::string describe(const ending& e) {
  std::string winner(side_name(e.winner));
  std::string loser(side_name(opponent(e.winner)));
  switch (e.reason) {
    case end_reason::goal:
      return "a " + std::string(colour_name(e.winner)) + " rabbit reached rank " +
             (e.winner == colour::gold ? "8" : "1");
    case end_reason::elimination:
      return loser + " has no rabbits left";
    case end_reason::immobilization:
      return e.check == 5
                 ? loser + " has no legal turn"
                 : loser + "'s only legal turns would repeat a position for the third " + "time";
    case end_reason::none:
      break;
  }
  return "";
}

std::string_view reason_code(end_reason r) {
  switch (r) {
    case end_reason::goal:
      return "goal";
    case end_reason::elimination:
      return "elimination";
    case end_reason::immobilization:
      return "immobilization";
    case end_reason::none:
      break;
  }
  return "";
}

void write_board(json_writer& w, const position& pos) {
  w.array([&] {
    for (bitboard b = pos.occupied(); b; b &= b - 1) {
      const square s = first_square(b);
      const piece p = *pos.at(s);
      const char letter = piece_letter(p);
      w.object([&] {
        w.field("square", square_name(s));
        w.field("piece", std::string_view(&letter, 1));
        w.field("owner", index(p.side));
        w.field("kind", kind_name(p.type));
      });
    }
  });
}

// Applies the step and capture tokens of a submission to `turn`. Capture tokens are optional; a
// written one must name the capture its step caused.
result<void> apply_tokens(turn_builder& turn, const std::vector<token>& tokens) {
  std::optional<made_step> last;
  bool capture_named = false;
  for (const token& t : tokens) {
    if (t.what == token::type::step) {
      auto made = turn.add(t.p, t.sq, t.dir);
      if (!made) return std::unexpected(made.error());
      last = *made;
      capture_named = false;
      continue;
    }
    if (t.what != token::type::capture) continue;  // end: handled by the caller
    if (!last) {
      return bad_text(t.text + ": a capture is written right after the step that caused it");
    }
    std::string by = step_text(last->p, last->s.from(), last->s.dir());
    const capture& c = last->removed;
    if (!c.happened()) return illegal(t.text + ": " + by + " captures nothing");
    if (capture_named || c.where != t.sq || c.what != t.p) {
      return illegal(t.text + ": " + by + " captures the " + piece_name(c.what) + " on " +
                     square_name(c.where) + " (" + capture_text(c) + ") and nothing else");
    }
    capture_named = true;
  }
  return {};
}

std::uint64_t perft_turns(const position& pos, const history& seen, int depth) {
  auto forbidden = seen.twice_seen(opponent(pos.to_move()));
  if (depth == 1) return count_turns(pos, forbidden);
  std::vector<found_turn> turns;
  generate_turns(pos, forbidden, turns);
  std::uint64_t total = 0;
  for (const found_turn& t : turns) {
    position next = after_steps(pos, t.steps);
    next.set_to_move(opponent(pos.to_move()));
    history after = seen;
    after.record(next);
    if (check_end_of_turn(next, after, false).over()) continue;  // no turns follow
    total += perft_turns(next, after, depth - 1);
  }
  return total;
}

}  // namespace

const std::vector<std::string>& state::listed_setups(colour side) {
  static const std::vector<std::string> gold(gold_setups.begin(), gold_setups.end());
  static const std::vector<std::string> silver = [] {
    std::vector<std::string> out;
    for (auto g : gold_setups) {
      // Canonical order: rank 8 then rank 7, file a to h.
      auto placed = parse_submission(turned(g));
      position pos;
      pos.set_to_move(colour::silver);
      out.push_back(setup_text(*check_setup(pos, placed->tokens), colour::silver));
    }
    return out;
  }();
  return side == colour::gold ? gold : silver;
}

int state::current_player() const {
  return ending_.over() ? no_player : index(pos_.to_move());
}

std::vector<actor> state::to_act() const {
  if (ending_.over()) return {};
  return {{index(pos_.to_move()), in_setup() ? decision::setup : decision::move}};
}

result<std::string> state::play(std::string_view text) {
  auto sub = parse_submission(text);
  if (!sub) return std::unexpected(sub.error());
  if (ending_.over()) return illegal("the game is over: " + describe(ending_));
  if (sub->number && (*sub->number != turn_ || *sub->side != pos_.to_move())) {
    return illegal("this is turn " + tag() + ", not " + turn_tag(*sub->number, *sub->side));
  }
  return in_setup() ? play_setup(*sub) : play_steps(*sub);
}

result<std::string> state::play_setup(const submission& sub) {
  auto placed = check_setup(pos_, sub.tokens);
  if (!placed) return std::unexpected(placed.error());
  colour mover = pos_.to_move();
  std::string record = turn_tag(1, mover) + " " + setup_text(*placed, mover);
  pos_ = *placed;
  pos_.set_to_move(opponent(mover));
  if (mover == colour::silver) {
    turn_ = 2;
    seen_.record(pos_);
    ending_ = check_end_of_turn(pos_, seen_, true);
    note_material();
  }
  return record;
}

result<std::string> state::play_steps(const submission& sub) {
  int steps = 0;
  bool ends = false;
  for (std::size_t i = 0; i < sub.tokens.size(); ++i) {
    const token& t = sub.tokens[i];
    switch (t.what) {
      case token::type::step:
        ++steps;
        break;
      case token::type::capture:
        break;
      case token::type::placement:
        return illegal(t.text +
                       " is a setup placement, but the setups are over; a step is "
                       "written with a direction, such as " +
                       t.text + "n");
      case token::type::undo:
        if (sub.tokens.size() != 1 || sub.number) {
          return bad_text("'undo' stands alone: it takes back the last pending step");
        }
        return undo();
      case token::type::end:
        if (i + 1 != sub.tokens.size()) {
          return bad_text("'end' comes last: it finishes the turn after the steps before it");
        }
        ends = true;
        break;
    }
  }
  bool whole = !ends && (sub.number || steps >= 2);
  if (pending_ && whole) {
    return illegal(std::to_string(pending_->steps()) + " step" +
                   (pending_->steps() > 1 ? "s" : "") + " of this turn are pending (" +
                   pending_->text() +
                   "): send the next step alone, 'end' to finish the turn or 'undo'");
  }
  if (steps == 0 && !ends) return illegal("a turn needs at least one step");
  turn_builder turn = pending_ ? *pending_ : turn_builder(pos_);
  auto applied = apply_tokens(turn, sub.tokens);
  if (!applied) return std::unexpected(applied.error());
  if (ends || whole) return commit(turn);

  // A single step of a turn submitted step by step: held until "end".
  if (!turn.can_complete(seen_)) {
    auto why = turn.can_end(seen_);
    return illegal("after " + sub.tokens.front().text + " this turn could no longer end legally" +
                   (why ? "" : " (" + why.error().message + ")") + "; try another step");
  }
  const made_step& made = turn.made().back();
  std::string record = step_text(made.p, made.s.from(), made.s.dir());
  if (made.removed.happened()) record += " " + capture_text(made.removed);
  pending_ = std::move(turn);
  return record;
}

result<continuation> state::continuations(std::string_view chosen) const {
  if (ending_.over()) return fail("game_over", "the game is over: " + describe(ending_));
  if (in_setup()) {
    return fail("no_steps", "a setup is placed whole, in one move, not step by step");
  }
  turn_builder turn = pending_ ? *pending_ : turn_builder(pos_);
  if (chosen.find_first_not_of(" \t\r\n") != std::string_view::npos) {
    auto sub = parse_submission(chosen);
    if (!sub) return std::unexpected(sub.error());
    if (sub->number && (*sub->number != turn_ || *sub->side != pos_.to_move())) {
      return illegal("this is turn " + tag() + ", not " + turn_tag(*sub->number, *sub->side));
    }
    for (const token& t : sub->tokens) {
      if (t.what != token::type::step && t.what != token::type::capture) {
        return bad_text(t.text + ": only steps and captures can begin a turn");
      }
    }
    auto applied = apply_tokens(turn, sub->tokens);
    if (!applied) return std::unexpected(applied.error());
    if (!turn.can_complete(seen_)) {
      auto why = turn.can_end(seen_);
      return illegal("after " + turn.text() + " this turn could no longer end legally" +
                     (why ? "" : " (" + why.error().message + ")"));
    }
  }
  continuation out;
  for (const made_step& m : turn.completable_steps(seen_)) {
    std::string text = step_text(m.p, m.s.from(), m.s.dir());
    if (m.removed.happened()) text += " " + capture_text(m.removed);
    out.next.push_back(std::move(text));
  }
  out.may_end = turn.can_end(seen_).has_value();
  return out;
}

result<std::string> state::undo() {
  if (!pending_) return illegal("there is no pending step to take back");
  if (pending_->steps() == 1) {
    pending_.reset();
    return std::string("undo");
  }
  turn_builder again(pos_);
  const auto& made = pending_->made();
  for (std::size_t i = 0; i + 1 < made.size(); ++i) {
    auto redone = again.add(made[i].p, made[i].s.from(), made[i].s.dir());
    assert(redone.has_value());
  }
  pending_ = std::move(again);
  return std::string("undo");
}

result<std::string> state::commit(const turn_builder& turn) {
  auto ok = turn.can_end(seen_);
  if (!ok) return std::unexpected(ok.error());
  colour mover = pos_.to_move();
  std::string record = tag() + " " + turn.text();
  pos_ = turn.board();
  pos_.set_to_move(opponent(mover));
  if (mover == colour::silver) ++turn_;
  seen_.record(pos_);
  pending_.reset();
  ending_ = check_end_of_turn(pos_, seen_, false);
  note_material();
  return record;
}

std::string state::turn_text(const step_path& steps, std::string_view tag) {
  std::string out;
  out.reserve(tag.size() + 8 * 5);
  out += tag;
  for (const made_step& m : steps) {
    append_step(out, m.p, m.s.from(), m.s.dir());
    if (m.removed.happened()) append_capture(out, m.removed);
  }
  return out;
}

std::vector<std::string> state::legal_moves() const {
  std::vector<std::string> out;
  if (ending_.over()) return out;
  if (in_setup()) {
    for (const auto& s : listed_setups(pos_.to_move()))
      out.push_back(tag() + " " + s);
    return out;
  }
  if (pending_) {
    for (const made_step& m : pending_->completable_steps(seen_)) {
      std::string text = step_text(m.p, m.s.from(), m.s.dir());
      if (m.removed.happened()) text += " " + capture_text(m.removed);
      out.push_back(std::move(text));
    }
    if (pending_->can_end(seen_)) out.push_back("end");
    return out;
  }
  std::vector<found_turn> turns;
  generate_turns(pos_, seen_.twice_seen(opponent(pos_.to_move())), turns);
  out.reserve(turns.size());
  std::string prefix = tag();
  for (const found_turn& t : turns)
    out.push_back(turn_text(t.steps, prefix));
  return out;
}

std::optional<std::uint64_t> state::count_moves() const {
  if (in_setup()) return std::nullopt;
  return engine::state::count_moves();
}

std::string state::random_move(std::mt19937_64& rng) const {
  if (ending_.over() || in_setup() || pending_) return engine::state::random_move(rng);
  std::vector<found_turn> turns;
  generate_turns(pos_, seen_.twice_seen(opponent(pos_.to_move())), turns);
  assert(!turns.empty());  // otherwise the game would be over (immobilization)
  std::uniform_int_distribution<std::size_t> pick(0, turns.size() - 1);
  return turn_text(turns[pick(rng)].steps, tag());
}

std::string state::playout_move(std::mt19937_64& rng) const {
  if (ending_.over() || in_setup() || pending_) return random_move(rng);
  turn_builder turn(pos_);
  for (int n = 0; n < 4; ++n) {
    if (n > 0 && rng() % 4 == 0 && turn.can_end(seen_)) break;
    const auto next = turn.completable_steps(seen_);
    if (next.empty()) break;
    const made_step& m = next[rng() % next.size()];
    if (!turn.add(m.p, m.s.from(), m.s.dir())) return random_move(rng);
  }
  if (!turn.can_end(seen_)) return random_move(rng);
  step_path steps;
  for (const made_step& m : turn.made())
    steps.push(m);
  return turn_text(steps, tag());
}

std::optional<engine::outcome> state::outcome() const {
  if (!ending_.over()) return std::nullopt;
  bool gold_won = ending_.winner == colour::gold;
  return engine::outcome{.ranks = gold_won ? std::vector{1, 2} : std::vector{2, 1},
                         .scores = gold_won ? std::vector{1.0, 0.0} : std::vector{0.0, 1.0},
                         .reason = std::string(reason_code(ending_.reason)),
                         .description = describe(ending_)};
}

void state::note_material() {
  const int gold = count(pos_.pieces(colour::gold));
  const int silver = count(pos_.pieces(colour::silver));
  if (gold != silver) material_leader_ = gold > silver ? colour::gold : colour::silver;
}

std::optional<engine::outcome> state::outcome_when_halted() const {
  if (ending_.over()) return outcome();
  const int gold = count(pos_.pieces(colour::gold));
  const int silver = count(pos_.pieces(colour::silver));
  const bool gold_won = material_leader_ == colour::gold;
  std::string why =
      gold != silver ? (gold_won ? "Gold" : "Silver") + std::string(" has more pieces")
      : material_leader_
          ? std::string(gold_won ? "Gold" : "Silver") + " had more pieces most recently"
          : std::string("the pieces were always even, so Silver wins");
  return engine::outcome{
      .ranks = gold_won ? std::vector{1, 2} : std::vector{2, 1},
      .scores = gold_won ? std::vector{1.0, 0.0} : std::vector{0.0, 1.0},
      .reason = "game_time_limit",
      .description = why + " (" + std::to_string(gold) + " to " + std::to_string(silver) + ")"};
}

std::string state::to_text() const {
  std::string out = tag() + " " + board_text(pos_);
  std::vector<std::string> entries;
  for (const auto& e : seen_.entries()) {
    if (e.pos == pos_ && e.count == 1) continue;  // implied
    entries.push_back((e.pos.to_move() == colour::gold ? "g" : "s") + board_text(e.pos) + "x" +
                      std::to_string(e.count));
  }
  std::sort(entries.begin(), entries.end());
  if (!entries.empty()) out += " seen";
  for (const auto& e : entries)
    out += " " + e;
  if (pending_) out += " pending " + pending_->text();
  return out;
}

void state::write_view(json_writer& w) const {
  const position& shown = pending_ ? pending_->board() : pos_;
  const bool over = ending_.over();
  w.object([&] {
    w.field("files", "abcdefgh");
    w.field("ranks", board_size);
    w.key("board");
    write_board(w, pos_);
    w.key("traps");
    w.array_of_bits(traps, square_name);
    w.field("turn", tag());
    w.field("phase", over ? "over" : in_setup() ? "setup" : "play");
    w.field("to_move", over ? std::nullopt : std::optional(index(pos_.to_move())));
    // A turn being submitted step by step: its steps and the board they lead to.
    w.key("pending");
    w.array([&] {
      if (!pending_) return;
      for (const made_step& m : pending_->made()) {
        std::string text = step_text(m.p, m.s.from(), m.s.dir());
        if (m.removed.happened()) text += " " + capture_text(m.removed);
        w.value(text);
      }
    });
    w.key("pending_board");
    if (pending_) {
      write_board(w, shown);
    } else {
      w.null();
    }
    w.field("steps_left", in_setup() || over ? 0 : 4 - (pending_ ? pending_->steps() : 0));
    // Pieces of the side to move that cannot move by themselves, on the board shown.
    w.key("frozen");
    w.array_of_bits(in_setup() || over ? bitboard{0} : shown.frozen(pos_.to_move()), square_name);
    w.field("position", to_text());
  });
}

std::unique_ptr<engine::state> state::clone() const {
  return std::make_unique<state>(*this);
}

std::uint64_t state::perft(int depth) const {
  if (depth <= 0) return 1;
  if (in_setup() || pending_) return engine::state::perft(depth);
  if (ending_.over()) return 0;
  return perft_turns(pos_, seen_, depth);
}

result<state> state::from_text(std::string_view text) {
  constexpr std::string_view example =
      "expected a tag and a position, such as '2g [rrrrrrrrdhcemchd                                "
      "DHCMECHDRRRRRRRR]', then optionally 'seen' and positions seen before, then 'pending' and "
      "steps";
  auto open = text.find('[');
  if (open == std::string_view::npos || open + 66 > text.size() || text[open + 65] != ']') {
    return bad_text(std::string(example));
  }
  auto head = parse_submission(text.substr(0, open));
  if (!head || !head->number || !head->tokens.empty()) return bad_text(std::string(example));
  state out;
  out.turn_ = *head->number;
  auto board = parse_board_text(text.substr(open, 66));
  if (!board) return std::unexpected(board.error());
  out.pos_ = *board;
  out.pos_.set_to_move(*head->side);

  // "seen g[...]x2 s[...]x1 ..." then "pending Ed2n ...".
  std::string_view rest = text.substr(open + 66);
  auto skip_blanks = [&] {
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
      rest.remove_prefix(1);
  };
  skip_blanks();
  int current = 1;
  if (rest.starts_with("seen")) {
    rest.remove_prefix(4);
    for (skip_blanks(); rest.size() >= 67 && (rest[0] == 'g' || rest[0] == 's') && rest[1] == '[';
         skip_blanks()) {
      auto seen_board = parse_board_text(rest.substr(1, 66));
      if (!seen_board) return std::unexpected(seen_board.error());
      seen_board->set_to_move(rest[0] == 'g' ? colour::gold : colour::silver);
      rest.remove_prefix(67);
      int n = 0;
      std::size_t digits = 0;
      if (!rest.empty() && rest[0] == 'x') {
        while (digits + 1 < rest.size() &&
               std::isdigit(static_cast<unsigned char>(rest[digits + 1])) && digits < 4) {
          n = n * 10 + (rest[digits + 1] - '0');
          ++digits;
        }
      }
      if (digits == 0 || n < 1)
        return bad_text("a seen position ends with x and a count, such as x2");
      rest.remove_prefix(digits + 1);
      if (seen_board->material() != out.pos_.material()) {
        return bad_text(
            "a seen position must have the same pieces as the board: others cannot "
            "occur again");
      }
      if (*seen_board == out.pos_) {
        current = n;
      } else {
        if (out.seen_.times_seen(*seen_board)) return bad_text("a seen position is listed twice");
        out.seen_.record(*seen_board, n);
      }
    }
  }
  std::string_view pending;
  if (rest.starts_with("pending ")) {
    pending = rest.substr(8);
    rest = {};
  }
  if (rest.find_first_not_of(" \t\r\n") != std::string_view::npos) {
    return bad_text("unexpected '" + std::string(rest) + "' after the position");
  }

  for (bitboard b = out.pos_.occupied() & traps; b; b &= b - 1) {
    square s = first_square(b);
    if (!(neighbours(bit(s)) & out.pos_.pieces(out.pos_.at(s)->side))) {
      return bad_text("the " + piece_name(*out.pos_.at(s)) + " on the trap " + square_name(s) +
                      " has no friendly neighbour, so it would have been captured");
    }
  }
  colour side = out.pos_.to_move();
  if (out.turn_ == 1) {
    // The setups: an empty board for Gold, Gold's complete setup alone for Silver.
    if (side == colour::silver) {
      position gold_only;
      for (bitboard b = out.pos_.pieces(colour::gold); b; b &= b - 1)
        gold_only.put(first_square(b), *out.pos_.at(first_square(b)));
      auto placed = parse_submission(setup_text(gold_only, colour::gold));
      auto setup = check_setup(position{}, placed ? placed->tokens : std::vector<token>{});
      if (!setup || out.pos_.pieces(colour::silver)) {
        return bad_text(
            "at 1s the board holds Gold's complete setup on ranks 1 and 2 and nothing "
            "else");
      }
    } else if (out.pos_.occupied()) {
      return bad_text("at 1g the board is empty: Gold sets up first");
    }
    if (!out.seen_.entries().empty() || current != 1 || !pending.empty()) {
      return bad_text("during the setups no positions are seen and no steps are pending");
    }
    return out;
  }
  out.seen_.record(out.pos_, current);
  out.ending_ = check_end_of_turn(out.pos_, out.seen_, out.turn_ == 2 && side == colour::gold);
  out.note_material();  // the text has no earlier turns: the current material is all there is
  if (!pending.empty()) {
    if (out.ending_.over()) return bad_text("the game is over: no steps can be pending");
    auto sub = parse_submission(pending);
    if (!sub) return std::unexpected(sub.error());
    turn_builder turn(out.pos_);
    for (const token& t : sub->tokens) {
      if (t.what != token::type::step && t.what != token::type::capture) {
        return bad_text("only steps and captures can be pending, not " + t.text);
      }
    }
    auto applied = apply_tokens(turn, sub->tokens);
    if (!applied) return std::unexpected(applied.error());
    if (turn.steps() == 0) return bad_text("'pending' is followed by steps");
    out.pending_ = std::move(turn);
  }
  return out;
}

}  // namespace boardroom::engine::arimaa
