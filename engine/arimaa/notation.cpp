#include "engine/arimaa/notation.hpp"

#include <array>
#include <charconv>
#include <sstream>

namespace boardroom::engine::arimaa {

namespace {

constexpr std::string_view whitespace = " \t\r\n";
constexpr std::string_view piece_letters = "RCDHMErcdhme";  // colour * 6 + kind
constexpr std::string_view token_help =
    "expected a step such as Ed2n, a capture such as cf3x, a setup placement such as Ra1, a turn "
    "tag such as 2g, 'end' or 'undo'";

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  for (;;) {
    auto first = s.find_first_not_of(whitespace);
    if (first == std::string_view::npos) return out;
    s.remove_prefix(first);
    auto last = s.find_first_of(whitespace);
    out.push_back(s.substr(0, last));
    if (last == std::string_view::npos) return out;
    s.remove_prefix(last);
  }
}

std::optional<direction> parse_direction(char c) {
  switch (c) {
    case 'n':
      return direction::north;
    case 'e':
      return direction::east;
    case 's':
      return direction::south;
    case 'w':
      return direction::west;
    default:
      return std::nullopt;
  }
}

// "2g", "12s", "2w", "2b".
bool parse_tag(std::string_view w, submission& out) {
  if (w.size() < 2) return false;
  char side = w.back();
  std::string_view digits = w.substr(0, w.size() - 1);
  if (digits.find_first_not_of("0123456789") != std::string_view::npos) return false;
  if (side == 'g' || side == 'w') {
    out.side = colour::gold;
  } else if (side == 's' || side == 'b') {
    out.side = colour::silver;
  } else {
    return false;
  }
  int n = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc{} || end != digits.data() + digits.size()) n = 0;
  out.number = n;
  return true;
}

result<token> parse_token(std::string_view w) {
  token t;
  t.text = std::string(w);
  if (w == "end") {
    t.what = token::type::end;
    return t;
  }
  if (w == "undo") {
    t.what = token::type::undo;
    return t;
  }
  auto p = w.empty() ? std::nullopt : parse_piece_letter(w[0]);
  if (!p || (w.size() != 3 && w.size() != 4)) {
    return fail("bad_notation", quote(w) + ": " + std::string(token_help));
  }
  auto sq = parse_square(w.substr(1, 2));
  if (!sq) {
    return fail("bad_notation", quote(w) + ": " + quote(w.substr(1, 2)) +
                                    " is not a square (files a-h, ranks 1-8)");
  }
  t.p = *p;
  t.sq = *sq;
  if (w.size() == 3) {
    t.what = token::type::placement;
    return t;
  }
  if (w[3] == 'x') {
    t.what = token::type::capture;
    return t;
  }
  auto d = parse_direction(w[3]);
  if (!d) {
    return fail("bad_notation", quote(w) + ": a step ends with a direction n, e, s or w and a " +
                                    "capture with x, not " + quote(w.substr(3)));
  }
  t.what = token::type::step;
  t.dir = *d;
  return t;
}

}  // namespace

std::string square_name(square s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::optional<square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') {
    return std::nullopt;
  }
  return make_square(text[0] - 'a', text[1] - '1');
}

char piece_letter(piece p) {
  return piece_letters[index(p.side) * num_kinds + index(p.type)];
}

std::optional<piece> parse_piece_letter(char c) {
  auto at = piece_letters.find(c);
  if (at == std::string_view::npos) return std::nullopt;
  return piece{static_cast<colour>(at / num_kinds), static_cast<kind>(at % num_kinds)};
}

std::string_view kind_name(kind k) {
  constexpr std::array<std::string_view, num_kinds> names{"rabbit", "cat",   "dog",
                                                          "horse",  "camel", "elephant"};
  return names[index(k)];
}

std::string_view colour_name(colour c) {
  return c == colour::gold ? "gold" : "silver";
}

std::string_view side_name(colour c) {
  return c == colour::gold ? "Gold" : "Silver";
}

std::string piece_name(piece p) {
  return std::string(colour_name(p.side)) + " " + std::string(kind_name(p.type));
}

char direction_letter(direction d) {
  constexpr std::string_view letters = "nesw";
  return letters[index(d)];
}

std::string step_text(piece p, square from, direction d) {
  return piece_letter(p) + square_name(from) + direction_letter(d);
}

std::string capture_text(const capture& c) {
  return piece_letter(c.what) + square_name(c.where) + 'x';
}

void append_step(std::string& out, piece p, square from, direction d) {
  char text[5] = {' ', piece_letter(p), static_cast<char>('a' + file_of(from)),
                  static_cast<char>('1' + rank_of(from)), direction_letter(d)};
  out.append(text, sizeof text);
}

void append_capture(std::string& out, const capture& c) {
  char text[5] = {' ', piece_letter(c.what), static_cast<char>('a' + file_of(c.where)),
                  static_cast<char>('1' + rank_of(c.where)), 'x'};
  out.append(text, sizeof text);
}

std::string placement_text(piece p, square s) {
  return piece_letter(p) + square_name(s);
}

std::string turn_tag(int number, colour side) {
  return std::to_string(number) + (side == colour::gold ? 'g' : 's');
}

result<submission> parse_submission(std::string_view text) {
  submission out;
  auto ws = words(text);
  if (ws.empty()) {
    return fail("bad_notation",
                "empty move: expected a turn such as 'Ed2n Ed3n', a setup such as 'Ra1 Rb1 ...', "
                "a single step, 'end' or 'undo'");
  }
  std::size_t first = 0;
  if (parse_tag(ws[0], out)) {
    if (*out.number < 1) {
      return fail("bad_notation", quote(ws[0]) + ": move numbers start at 1");
    }
    first = 1;
  }
  for (std::size_t i = first; i < ws.size(); ++i) {
    auto t = parse_token(ws[i]);
    if (!t) return std::unexpected(t.error());
    out.tokens.push_back(std::move(*t));
  }
  return out;
}

std::string board_text(const position& pos) {
  std::string out = "[";
  for (int rank = board_size - 1; rank >= 0; --rank) {
    for (int file = 0; file < board_size; ++file) {
      auto p = pos.at(make_square(file, rank));
      out += p ? piece_letter(*p) : ' ';
    }
  }
  return out + "]";
}

namespace {

// Places the 64 cells (a8 to h1) on an empty board, checking piece counts.
result<position> board_from_cells(std::string_view cells, std::string_view what) {
  position pos;
  std::array<std::array<int, num_kinds>, num_colours> counts{};
  for (int i = 0; i < num_squares; ++i) {
    char c = cells[i];
    if (c == ' ' || c == '.' || c == 'x' || c == 'X') continue;
    auto p = parse_piece_letter(c);
    square s = make_square(i % board_size, board_size - 1 - i / board_size);
    if (!p) {
      return fail("bad_notation", std::string(what) + ": " + quote(std::string(1, c)) + " on " +
                                      square_name(s) +
                                      " is not a piece (E M H D C R for Gold, e m h d c r for "
                                      "Silver, a space, '.' or 'x' for an empty square)");
    }
    if (++counts[index(p->side)][index(p->type)] > full_count(p->type)) {
      return fail("bad_notation", std::string(what) + ": " + std::string(colour_name(p->side)) +
                                      " has at most " + std::to_string(full_count(p->type)) + " " +
                                      std::string(kind_name(p->type)) +
                                      (full_count(p->type) > 1 ? "s" : ""));
    }
    pos.put(s, *p);
  }
  return pos;
}

}  // namespace

result<position> parse_board_text(std::string_view text) {
  if (text.size() != 66 || text.front() != '[' || text.back() != ']') {
    return fail("bad_notation",
                "a position is 64 characters from a8 to h1 between brackets, such as "
                "[rrrrrrrrdhcemchd                                DHCMECHDRRRRRRRR]");
  }
  return board_from_cells(text.substr(1, 64), "position");
}

std::string diagram(const position& pos) {
  std::string out = " +-----------------+\n";
  for (int rank = board_size - 1; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    out += '|';
    for (int file = 0; file < board_size; ++file) {
      square s = make_square(file, rank);
      auto p = pos.at(s);
      out += ' ';
      out += p ? piece_letter(*p) : (traps & bit(s)) ? 'x' : '.';
    }
    out += " |\n";
  }
  return out + " +-----------------+\n   a b c d e f g h\n";
}

result<position> parse_diagram(std::string_view text) {
  std::string cells;
  int rows = 0;
  std::istringstream lines{std::string(text)};
  for (std::string line; std::getline(lines, line);) {
    std::string row;
    auto bar = line.find('|');
    if (bar != std::string::npos) {
      // Framed: the cells sit at fixed columns, so blanks may stand for empty squares.
      auto close = line.rfind('|');
      std::string inner = close > bar ? line.substr(bar + 1, close - bar - 1) : "";
      for (std::size_t i = 1; i < inner.size(); i += 2)
        row += inner[i];
    } else {
      for (char c : line) {
        if (c != ' ' && c != '\t' && c != '\r') row += c;
      }
      if (row.empty() || row == "abcdefgh" || row.find_first_not_of("+-") == std::string::npos) {
        continue;
      }
      if (row.size() == 9 && row[0] >= '1' && row[0] <= '8') row.erase(0, 1);
    }
    if (bar == std::string::npos || !row.empty()) {
      if (row.size() != board_size) {
        return fail("bad_notation", "a diagram row has 8 squares, not " +
                                        std::to_string(row.size()) + ": " + quote(line));
      }
      cells += row;
      ++rows;
    }
  }
  if (rows != board_size) {
    return fail("bad_notation", "a diagram has 8 rows, not " + std::to_string(rows));
  }
  return board_from_cells(cells, "diagram");
}

}  // namespace boardroom::engine::arimaa
