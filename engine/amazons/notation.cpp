#include "engine/amazons/notation.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

namespace boardroom::engine::amazons {

namespace {

constexpr std::string_view whitespace = " \t\r\n";
constexpr std::string_view move_example = "a move such as d1-d7/g7, or pass, or swap";

std::string_view trim(std::string_view s) {
  auto first = s.find_first_not_of(whitespace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(whitespace) - first + 1);
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::string board_bounds(const geometry& g) {
  return "on the " + std::to_string(g.size) + "x" + std::to_string(g.size) +
         " board files run from a to " + std::string(1, static_cast<char>('a' + g.size - 1)) +
         " and ranks from 1 to " + std::to_string(g.size);
}

// Reads the square at the front of `s`: a letter and one or two digits. A letter and digits that
// name no square get their own message, since "k3" is far more likely a slip than garbage.
std::optional<result<square>> take_square(const geometry& g, std::string_view& s) {
  if (s.size() < 2 || s[0] < 'a' || s[0] > 'z' || !is_digit(s[1])) return std::nullopt;
  std::size_t length = s.size() >= 3 && is_digit(s[2]) ? 3 : 2;
  std::string_view name = s.substr(0, length);
  s.remove_prefix(length);
  auto sq = parse_square(g, name);
  if (!sq) return fail("bad_notation", std::string(name) + " is not a square: " + board_bounds(g));
  return *sq;
}

std::unexpected<rule_error> unreadable(std::string_view whole) {
  return fail("bad_notation", "expected " + std::string(move_example) + ", not " + quote(whole));
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

std::vector<std::string_view> fields(std::string_view s) {
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

char cell_char(cell c) {
  switch (c) {
    case cell::white:
      return 'W';
    case cell::black:
      return 'B';
    case cell::arrow:
      return 'x';
    case cell::empty:
      break;
  }
  return '.';
}

result<position::board> parse_board(std::string_view text, const rules& r) {
  const auto& g = r.geometry();
  const std::string size = std::to_string(r.size);
  auto ranks = split(text, '/');
  if (static_cast<int>(ranks.size()) != r.size) {
    return fail("bad_notation",
                "the board needs " + size + " ranks separated by '/' (this game is " + size + "x" +
                    size + "), found " + std::to_string(ranks.size()) + " in " + quote(text));
  }
  position::board cells{};
  for (int i = 0; i < r.size; ++i) {
    int rank = r.size - 1 - i;  // the text starts with the top rank
    std::string rank_name = "rank " + std::to_string(rank + 1);
    int file = 0;
    std::string_view row = ranks[i];
    while (!row.empty()) {
      char c = row[0];
      if (c == 'W' || c == 'B' || c == 'x') {
        if (file < r.size) {
          cells[g.make_square(file, rank)] = c == 'W'   ? cell::white
                                             : c == 'B' ? cell::black
                                                        : cell::arrow;
        }
        ++file;
        row.remove_prefix(1);
      } else if (c >= '1' && c <= '9') {
        int run = c - '0';
        row.remove_prefix(1);
        if (!row.empty() && is_digit(row[0])) {
          run = run * 10 + (row[0] - '0');
          row.remove_prefix(1);
        }
        file += run;
      } else {
        return fail("bad_notation", "unexpected " + quote(std::string(1, c)) + " in " + rank_name +
                                        ": use W, B, x and numbers of empty squares from 1 to " +
                                        size);
      }
    }
    if (file != r.size) {
      return fail("bad_notation", rank_name + " (" + quote(ranks[i]) + ") covers " +
                                      std::to_string(file) + " squares, not " + size);
    }
  }
  for (colour c : {colour::white, colour::black}) {
    int amazons = 0;
    for (square s = 0; s < g.num_squares; ++s)
      amazons += cells[s] == amazon_cell(c);
    if (amazons != 4) {
      return fail("bad_notation", std::string(c == colour::white ? "White" : "Black") +
                                      " needs exactly 4 amazons on the board, not " +
                                      std::to_string(amazons));
    }
  }
  return cells;
}

// "w0b2": digits only, each at most the komi.
result<std::array<int, num_colours>> parse_passes(std::string_view text, const rules& r) {
  auto wrong = [&] {
    return fail("bad_notation",
                "the passes left must read w<n>b<n>, e.g. w0b2, not " + quote(text));
  };
  auto b_at = text.find('b');
  if (text.size() < 4 || text[0] != 'w' || b_at == std::string_view::npos) return wrong();
  std::array<std::string_view, num_colours> numbers{text.substr(1, b_at - 1),
                                                    text.substr(b_at + 1)};
  std::array<int, num_colours> out{};
  for (int c = 0; c < num_colours; ++c) {
    auto digits = numbers[c];
    if (digits.empty() || digits.size() > 2) return wrong();
    for (char d : digits) {
      if (!is_digit(d)) return wrong();
      out[c] = out[c] * 10 + (d - '0');
    }
    if (out[c] > r.komi) {
      return fail("bad_notation",
                  "passes left cannot exceed the komi: " + std::string(c == 0 ? "White" : "Black") +
                      " has " + std::to_string(out[c]) + ", the komi is " + std::to_string(r.komi));
    }
  }
  return out;
}

// Writes the name of `s` ("d1", "j10") at `out` and returns the end.
char* put_square(char* out, const geometry& g, square s) {
  std::memcpy(out, g.name[s].data(), 3);
  return out + g.name_length[s];
}

std::string example_position(const rules& r) {
  return position_text(position::start(r));
}

}  // namespace

std::string square_name(const geometry& g, square s) {
  return std::string(g.name_of(s));
}

std::optional<square> parse_square(const geometry& g, std::string_view text) {
  if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] > 'z') return std::nullopt;
  int rank = 0;
  for (char c : text.substr(1)) {
    if (!is_digit(c)) return std::nullopt;
    rank = rank * 10 + (c - '0');
  }
  if (text[1] == '0') return std::nullopt;  // "a05"
  int file = text[0] - 'a';
  if (!g.on_board(file, rank - 1)) return std::nullopt;
  return g.make_square(file, rank - 1);
}

result<written_move> parse_move(const geometry& g, std::string_view text) {
  std::string_view whole = trim(text);
  if (whole.empty())
    return fail("bad_notation", "the move is empty: expected " + std::string(move_example));
  if (whole == "pass") return written_move{.kind = move::kind::pass};
  if (whole == "swap") return written_move{.kind = move::kind::swap};
  std::string_view s = whole;
  std::array<square, 3> squares{};
  // Separators: '-' after the origin, '/' or ',' before the arrow; each may be left out.
  for (int i = 0; i < 3; ++i) {
    if (i == 1 && !s.empty() && s[0] == '-') s.remove_prefix(1);
    if (i == 2 && !s.empty() && (s[0] == '/' || s[0] == ',')) s.remove_prefix(1);
    auto sq = take_square(g, s);
    if (!sq) {
      if (i == 2 && s.empty()) {
        return fail("bad_notation", quote(whole) +
                                        " has no arrow: write the square it is shot to after a "
                                        "'/', as in d1-d7/g7");
      }
      return unreadable(whole);
    }
    if (!*sq) return std::unexpected(sq->error());
    squares[i] = **sq;
  }
  if (!s.empty()) {
    return fail("bad_notation", "unexpected " + quote(s) + " after the move in " + quote(whole) +
                                    ": expected " + std::string(move_example));
  }
  return written_move{
      .kind = move::kind::queen, .from = squares[0], .to = squares[1], .arrow = squares[2]};
}

std::size_t write_move_text(char* out, const geometry& g, move m) {
  switch (m.kind()) {
    case move::kind::pass:
      return std::string_view("pass").copy(out, 4);
    case move::kind::swap:
      return std::string_view("swap").copy(out, 4);
    case move::kind::queen:
      break;
  }
  char* end = put_square(out, g, m.from());
  *end++ = '-';
  end = put_square(end, g, m.to());
  *end++ = '/';
  end = put_square(end, g, m.arrow());
  return static_cast<std::size_t>(end - out);
}

std::string move_text(const geometry& g, move m) {
  char text[max_move_text];
  return {text, write_move_text(text, g, m)};
}

std::string position_text(const position& pos) {
  const auto& g = pos.geometry();
  // Into a buffer: the contract tests print a position around every move they try.
  std::array<char, max_squares + max_size + 32> text;
  char* out = text.data();
  auto put_number = [&](int n) {
    if (n >= 10) *out++ = '1';
    *out++ = static_cast<char>('0' + n % 10);
  };
  for (int rank = g.size - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < g.size; ++file) {
      cell c = pos.at(g.make_square(file, rank));
      if (c == cell::empty) {
        ++empty;
        continue;
      }
      if (empty) put_number(empty);
      empty = 0;
      *out++ = cell_char(c);
    }
    if (empty) put_number(empty);
    if (rank > 0) *out++ = '/';
  }
  for (char c : std::string_view(pos.to_move() == colour::white ? " w" : " b"))
    *out++ = c;
  for (char c : std::string_view(pos.swapped() ? " swapped w" : " - w"))
    *out++ = c;
  put_number(pos.passes(colour::white));
  *out++ = 'b';
  put_number(pos.passes(colour::black));
  return {text.data(), out};
}

result<position> parse_position(std::string_view text, const rules& r) {
  auto parts = fields(text);
  if (parts.size() != 4) {
    return fail("bad_notation",
                "a position has four fields separated by spaces: board, colour to move, seats and "
                "passes left, e.g. " +
                    quote(example_position(r)));
  }
  auto cells = parse_board(parts[0], r);
  if (!cells) return std::unexpected(cells.error());
  if (parts[1] != "w" && parts[1] != "b") {
    return fail("bad_notation",
                "the colour to move must be 'w' (White) or 'b' (Black), not " + quote(parts[1]));
  }
  if (parts[2] != "-" && parts[2] != "swapped") {
    return fail("bad_notation",
                "the seats must be '-' (player 0 plays White) or 'swapped' (player 0 plays "
                "Black), not " +
                    quote(parts[2]));
  }
  bool swapped = parts[2] == "swapped";
  if (swapped && !r.swap) {
    return fail("bad_notation", "the seats are swapped, but this game is played without swapping");
  }
  if (swapped && std::count(cells->begin(), cells->end(), cell::arrow) == 0) {
    return fail("bad_notation", "the seats are swapped, but White has not moved yet");
  }
  auto passes = parse_passes(parts[3], r);
  if (!passes) return std::unexpected(passes.error());
  colour to_move = parts[1] == "w" ? colour::white : colour::black;
  return position(r, *cells, to_move, swapped, *passes);
}

}  // namespace boardroom::engine::amazons
