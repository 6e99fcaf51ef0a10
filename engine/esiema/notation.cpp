#include "engine/esiema/notation.hpp"

#include <charconv>
#include <vector>

namespace boardroom::engine::esiema {

namespace {

constexpr std::string_view whitespace = " \t\r\n";
constexpr std::string_view move_examples =
    "a placement such as @f6 (@f6M for the mother), a reproduction such as f6+5, or a sowing "
    "such as f6-f7b-g8r";

std::string_view trim(std::string_view s) {
  auto first = s.find_first_not_of(whitespace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(whitespace) - first + 1);
}

std::unexpected<rule_error> bad(std::string message) {
  return fail("bad_notation", std::move(message));
}

// Digits only (from_chars would also take a sign), at most `max_digits`.
std::optional<int> parse_number(std::string_view text, std::size_t max_digits = 9) {
  if (text.empty() || text.size() > max_digits) return std::nullopt;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  int n = 0;
  std::from_chars(text.data(), text.data() + text.size(), n);
  return n;
}

// The pit at the front of `s`: a row letter and one or two digits.
result<pit> take_pit(std::string_view& s, std::string_view whole) {
  std::size_t digits = 0;
  while (1 + digits < s.size() && s[1 + digits] >= '0' && s[1 + digits] <= '9')
    ++digits;
  if (s.empty() || s[0] < 'a' || s[0] > 'z' || digits == 0) {
    return bad("expected " + std::string(move_examples) + ", not " + quote(whole));
  }
  std::string_view name = s.substr(0, 1 + digits);
  auto p = parse_pit(name);
  if (!p) {
    if (s[0] > 'k') return bad(std::string(name) + " is not a pit: the rows run from a to k");
    int y = s[0] - 'a';
    return bad(std::string(name) + " is not a pit: row " + std::string(1, s[0]) + " runs from " +
               pit_name(board.at(row_first(y), y)) + " to " + pit_name(board.at(row_last(y), y)));
  }
  s.remove_prefix(name.size());
  return *p;
}

std::optional<ball> ball_of_letter(char c) {
  for (int s = 0; s < max_players; ++s) {
    if (c == colour_letters[s]) return small_ball(s);
    if (c == colour_letters[s] - 'a' + 'A') return mother_ball(s);
  }
  return std::nullopt;
}

std::optional<int> seat_of_letter(char c) {
  auto b = ball_of_letter(c);
  if (!b || is_mother(*b)) return std::nullopt;
  return owner(*b);
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (;;) {
    auto at = s.find(sep);
    parts.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return parts;
    s.remove_prefix(at + 1);
  }
}

std::string pit_balls(const pit_contents& c) {
  std::string out;
  for (int s = 0; s < max_players; ++s)
    out.append(c.small[s], colour_letters[s]);
  for (int s = 0; s < max_players; ++s) {
    if (c.has_mother(s)) out += static_cast<char>(colour_letters[s] - 'a' + 'A');
  }
  return out;
}

std::string_view ending_name(ending e) {
  switch (e) {
    case ending::last_player:
      return "last_player";
    case ending::draw_window:
      return "draw_window";
    case ending::no_actions:
      return "no_actions";
    case ending::none:
      break;
  }
  return "";
}

}  // namespace

std::string pit_name(pit p) {
  return std::string(1, static_cast<char>('a' + board.y[p])) + std::to_string(board.x[p] + 1);
}

std::optional<pit> parse_pit(std::string_view text) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'a' + num_rows - 1) return std::nullopt;
  auto n = parse_number(text.substr(1), 2);
  if (!n || (text.size() == 3 && text[1] == '0')) return std::nullopt;
  pit p = board.at(*n - 1, text[0] - 'a');
  if (p == no_pit) return std::nullopt;
  return p;
}

char ball_letter(ball b) {
  char c = colour_letters[owner(b)];
  return is_mother(b) ? static_cast<char>(c - 'a' + 'A') : c;
}

std::string colour_name(int seat) {
  return colour_names[seat];
}

result<move> parse_move(std::string_view raw) {
  std::string_view text = trim(raw);
  if (text.empty()) return bad("expected " + std::string(move_examples) + ", not an empty text");
  std::string_view s = text;
  if (s[0] == '@') {
    s.remove_prefix(1);
    auto p = take_pit(s, text);
    if (!p) return std::unexpected(p.error());
    if (s == "M") return move::place(*p, true);
    if (!s.empty()) {
      return bad("a placement is '@' and a pit, with M after it for the mother ball: " + quote(s) +
                 " is left over in " + quote(text));
    }
    return move::place(*p, false);
  }
  auto start = take_pit(s, text);
  if (!start) return std::unexpected(start.error());
  if (!s.empty() && s[0] == '+') {
    auto n = parse_number(s.substr(1), 3);
    if (!n) {
      return bad("a reproduction is the mother's pit, '+' and a number of balls, as in f6+5, not " +
                 quote(text));
    }
    return move::reproduce(*start, *n);
  }
  if (s.empty() || s[0] != '-') {
    return bad("expected " + std::string(move_examples) + ", not " + quote(text));
  }
  move m;
  m.type = move::kind::sow;
  m.at = *start;
  while (!s.empty()) {
    if (s[0] != '-') {
      return bad("the pits of a path are separated by '-': unexpected " + quote(s.substr(0, 1)) +
                 " in " + quote(text));
    }
    s.remove_prefix(1);
    auto p = take_pit(s, text);
    if (!p) return std::unexpected(p.error());
    if (s.empty() || s[0] == '-') {
      return bad("each pit of the path is followed by the ball dropped there (" + pit_name(*p) +
                 "r for a small red ball, " + pit_name(*p) + "R for red's mother), but " +
                 pit_name(*p) + " has none in " + quote(text));
    }
    auto b = ball_of_letter(s[0]);
    if (!b) {
      return bad(quote(s.substr(0, 1)) +
                 " is no ball: the colours are r, b, y, g, o and p, capitals for the mothers");
    }
    if (m.count == pit_capacity) {
      return bad("a path has at most 12 pits: a pit never holds more than 12 balls");
    }
    m.path[m.count] = *p;
    m.balls[m.count++] = *b;
    s.remove_prefix(1);
  }
  return m;
}

std::string move_text(const move& m) {
  switch (m.type) {
    case move::kind::place:
      return "@" + pit_name(m.at) + (m.mother ? "M" : "");
    case move::kind::reproduce:
      return pit_name(m.at) + "+" + std::to_string(m.count);
    case move::kind::sow:
      break;
  }
  std::string out = pit_name(m.at);
  for (int i = 0; i < m.count; ++i)
    out += "-" + pit_name(m.path[i]) + ball_letter(m.balls[i]);
  return out;
}

std::string position_text(const position& pos) {
  // Built by appending into one buffer: the contract tests and the server print positions often.
  std::string out;
  out.reserve(256);
  switch (pos.stage) {
    case phase::setup:
      out += "setup";
      break;
    case phase::play:
      out += "play";
      break;
    case phase::over:
      out += "over:";
      out += ending_name(pos.end);
      break;
  }
  out += " to=";
  out += colour_letters[pos.to_move];
  out += " order=";
  for (int i = 0; i < pos.players; ++i)
    out += colour_letters[pos.order[i]];
  out += " board=";
  bool empty = true;
  for (pit p = 0; p < num_pits; ++p) {
    const pit_contents& c = pos.pits[p];
    if (c.total == 0) continue;
    if (!empty) out += ',';
    empty = false;
    out += static_cast<char>('a' + board.y[p]);
    int number = board.x[p] + 1;
    if (number >= 10) out += '1';
    out += static_cast<char>('0' + number % 10);
    out += ':';
    for (int s = 0; s < max_players; ++s)
      out.append(c.small[s], colour_letters[s]);
    for (int s = 0; s < max_players; ++s) {
      if (c.has_mother(s)) out += static_cast<char>(colour_letters[s] - 'a' + 'A');
    }
  }
  if (empty) out += '-';
  auto numbers = [&](const char* name, const std::array<int, max_players>& a) {
    out += name;
    for (int i = 0; i < pos.players; ++i) {
      if (i) out += ',';
      out += std::to_string(a[i]);
    }
  };
  numbers(" reserve=", pos.reserve);
  numbers(" captured=", pos.captured);
  numbers(" retired=", pos.retired);
  numbers(" out=", pos.out);
  out += " passes=" + std::to_string(pos.passes);
  out += " draw=";
  out += pos.draw_countdown < 0 ? "-" : std::to_string(pos.draw_countdown);
  return out;
}

namespace {

result<std::array<int, max_players>> parse_numbers(std::string_view text, int players,
                                                   std::string_view field) {
  auto parts = split(text, ',');
  if (static_cast<int>(parts.size()) != players) {
    return bad(std::string(field) + " needs " + std::to_string(players) +
               " numbers separated by commas, one per player, not " + quote(text));
  }
  std::array<int, max_players> out{};
  for (int i = 0; i < players; ++i) {
    auto n = parse_number(parts[i], 4);
    if (!n) return bad(quote(parts[i]) + " in " + std::string(field) + " is not a number");
    out[i] = *n;
  }
  return out;
}

result<int> parse_seat(char c, int players, std::string_view field) {
  auto seat = seat_of_letter(c);
  if (!seat || *seat >= players) {
    return bad(quote(std::string(1, c)) + " in " + std::string(field) +
               " is not the colour of a player in a " + std::to_string(players) + "-player game");
  }
  return *seat;
}

result<void> parse_board(std::string_view text, position& pos) {
  if (text == "-") return {};
  pit previous = no_pit;
  for (std::string_view item : split(text, ',')) {
    auto colon = item.find(':');
    auto p = parse_pit(item.substr(0, colon));
    if (colon == std::string_view::npos || !p) {
      return bad("each pit on the board is written as pit:balls, such as f6:rrB, not " +
                 quote(item));
    }
    if (*p <= previous) return bad("the board lists its pits in order from a1, each once");
    previous = *p;
    std::string_view balls = item.substr(colon + 1);
    if (balls.empty() || balls.size() > pit_capacity) {
      return bad("pit " + pit_name(*p) + " must list 1 to 12 balls, not " + quote(balls));
    }
    for (char c : balls) {
      auto b = ball_of_letter(c);
      if (!b || owner(*b) >= pos.players) {
        return bad(quote(std::string(1, c)) + " in pit " + pit_name(*p) +
                   " is not a ball of a player in a " + std::to_string(pos.players) +
                   "-player game");
      }
      if (is_mother(*b) && pos.mother_pit[owner(*b)] != no_pit) {
        return bad("the " + colour_name(owner(*b)) + " mother ball is on the board twice");
      }
      pit_contents& c_ = pos.pits[*p];
      if (is_mother(*b)) {
        c_.mothers |= static_cast<std::uint8_t>(1 << owner(*b));
        pos.mother_pit[owner(*b)] = *p;
      } else {
        ++c_.small[owner(*b)];
      }
      ++c_.total;
    }
    if (pit_balls(pos.pits[*p]) != balls) {
      return bad("pit " + pit_name(*p) +
                 " must list its balls in order: small balls by seat (r b y g o p), then mothers");
    }
  }
  return {};
}

}  // namespace

result<position> parse_position(std::string_view raw, const rules& r) {
  std::vector<std::string_view> fields;
  for (std::string_view f : split(trim(raw), ' ')) {
    if (!f.empty()) fields.push_back(f);
  }
  constexpr std::string_view names[] = {"to",      "order", "board",  "reserve", "captured",
                                        "retired", "out",   "passes", "draw"};
  constexpr std::size_t num_fields = std::size(names) + 1;
  if (fields.size() != num_fields) {
    return bad("a position has " + std::to_string(num_fields) +
               " fields (stage, to=, order=, board=, reserve=, captured=, retired=, out=, "
               "passes=, draw=), not " +
               std::to_string(fields.size()));
  }
  std::array<std::string_view, std::size(names)> value{};
  for (std::size_t i = 0; i < std::size(names); ++i) {
    std::string prefix = std::string(names[i]) + "=";
    if (!fields[i + 1].starts_with(prefix)) {
      return bad("field " + std::to_string(i + 2) + " must be " + prefix + "..., not " +
                 quote(fields[i + 1]));
    }
    value[i] = fields[i + 1].substr(prefix.size());
  }

  position pos;
  pos.players = r.players;
  std::string_view stage = fields[0];
  if (stage == "setup") {
    pos.stage = phase::setup;
  } else if (stage == "play") {
    pos.stage = phase::play;
  } else if (stage.starts_with("over:")) {
    pos.stage = phase::over;
    for (ending e : {ending::last_player, ending::draw_window, ending::no_actions}) {
      if (stage.substr(5) == ending_name(e)) pos.end = e;
    }
    if (pos.end == ending::none) {
      return bad("a game is over:last_player, over:draw_window or over:no_actions, not " +
                 quote(stage));
    }
  } else {
    return bad("the stage is setup, play or over:<ending>, not " + quote(stage));
  }

  if (value[0].size() != 1) return bad("to= names one colour letter");
  auto to = parse_seat(value[0][0], r.players, "to=");
  if (!to) return std::unexpected(to.error());
  pos.to_move = *to;

  if (static_cast<int>(value[1].size()) != r.players) {
    return bad("order= lists the " + std::to_string(r.players) + " colour letters in turn order");
  }
  unsigned seen = 0;
  for (int i = 0; i < r.players; ++i) {
    auto seat = parse_seat(value[1][i], r.players, "order=");
    if (!seat) return std::unexpected(seat.error());
    if (seen & (1u << *seat)) return bad("order= names a colour twice");
    seen |= 1u << *seat;
    pos.order[i] = *seat;
  }

  if (auto b = parse_board(value[2], pos); !b) return std::unexpected(b.error());
  auto reserve = parse_numbers(value[3], r.players, "reserve=");
  auto captured = parse_numbers(value[4], r.players, "captured=");
  auto retired = parse_numbers(value[5], r.players, "retired=");
  auto out = parse_numbers(value[6], r.players, "out=");
  for (const auto* each : {&reserve, &captured, &retired, &out}) {
    if (!*each) return std::unexpected(each->error());
  }
  pos.reserve = *reserve;
  pos.captured = *captured;
  pos.retired = *retired;
  pos.out = *out;
  auto passes = parse_number(value[7], 2);
  if (!passes) return bad("passes= is a number, not " + quote(value[7]));
  pos.passes = *passes;
  if (value[8] == "-") {
    pos.draw_countdown = -1;
  } else {
    auto d = parse_number(value[8], 4);
    if (!d || *d > r.draw_window) {
      return bad("draw= is '-' or a number of turns up to the draw window (" +
                 std::to_string(r.draw_window) + "), not " + quote(value[8]));
    }
    pos.draw_countdown = *d;
  }

  // The bookkeeping must add up.
  int eliminated = 0;
  for (int s = 0; s < r.players; ++s)
    eliminated += pos.out[s] != 0;
  unsigned ranks = 0;
  for (int s = 0; s < r.players; ++s) {
    std::string who = "the " + colour_name(s) + " player";
    if (pos.out[s] > eliminated || (pos.out[s] && (ranks & (1u << pos.out[s])))) {
      return bad("out= must number the eliminated players 1, 2, ... in the order they left");
    }
    ranks |= 1u << pos.out[s];
    int total = pos.small_on_board(s) + pos.reserve[s] + pos.captured[s] + pos.retired[s];
    if (total != r.small_balls[s]) {
      return bad(who + " has " + std::to_string(total) +
                 " small balls on the board, in reserve, captured and retired, not the " +
                 std::to_string(r.small_balls[s]) + " of the game");
    }
    bool mother = pos.mother_pit[s] != no_pit;
    if (pos.out[s]) {
      if (mother || pos.small_on_board(s) || pos.reserve[s]) {
        return bad(who + " is out: none of their balls can be on the board or in reserve");
      }
    } else if (pos.retired[s]) {
      return bad(who + " is still playing: nothing of theirs can be retired");
    }
    if (pos.stage == phase::setup) {
      // Nobody is eliminated in the setup, but a player may retire (resign or abandon) in it.
      if (pos.captured[s]) return bad("nothing is captured in the setup");
      if (pos.placed(s) > r.setup_quota(s) || (!mother && pos.placed(s) > 0)) {
        return bad(who +
                   " cannot have placed these balls in the setup: the mother comes first, "
                   "and " +
                   std::to_string(r.setup_quota(s)) + " balls at most");
      }
    } else if (pos.stage == phase::play && !pos.out[s] && !mother) {
      // (A game that ended in the setup, everyone else having retired, may end without it.)
      return bad(who + " is still playing, so their mother ball must be on the board");
    }
  }
  for (pit p = 0; p < num_pits; ++p) {
    if (pos.pits[p].total > pit_capacity) {
      return bad("pit " + pit_name(p) + " holds more than 12 balls");
    }
  }
  int remaining = r.players - eliminated;
  if (!pos.in_game(pos.to_move)) return bad("to= names a player who is out");
  if (pos.stage != phase::over && (remaining < 2 || pos.passes >= remaining)) {
    return bad("the game would be over: " + std::to_string(remaining) + " players remain and " +
               std::to_string(pos.passes) + " have passed in a row");
  }
  if (pos.stage == phase::over && pos.end == ending::last_player && remaining != 1) {
    return bad("over:last_player needs exactly one player left");
  }
  if (pos.stage == phase::setup && pos.draw_countdown >= 0) {
    return bad("the draw window does not begin in the setup");
  }
  // The player to act must have something to do: the rules pass for players without an action
  // and put out those who can neither sow small balls nor reproduce.
  std::string mover = "the " + colour_name(pos.to_move) + " player";
  if (pos.stage == phase::setup && pos.placed(pos.to_move) >= r.setup_quota(pos.to_move)) {
    return bad(mover + " has placed all their balls and cannot be the one to place next");
  }
  if (pos.stage == phase::play) {
    if (pos.small_on_board(pos.to_move) == 0 && !pos.can_reproduce(pos.to_move)) {
      return bad(mover +
                 " has no small ball on the board and cannot reproduce: they would be "
                 "out, not to act");
    }
    if (!pos.has_action(pos.to_move, r)) {
      return bad(mover + " has no legal action: their turn would have been passed");
    }
  }
  return pos;
}

}  // namespace boardroom::engine::esiema
