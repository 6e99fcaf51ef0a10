#include "engine/sisyphos/notation.hpp"

#include <charconv>
#include <vector>

namespace boardroom::engine::sisyphos {

namespace {

constexpr std::string_view whitespace = " \t\r\n";
constexpr std::string_view move_example = "a step such as e3-d4 or a re-entry such as @d1";
constexpr std::string_view position_example = "ss3/s4/4S/4S/2SSS S S0s0 0";

std::string_view trim(std::string_view s) {
  auto first = s.find_first_not_of(whitespace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(whitespace) - first + 1);
}

// Reads the square at the front of `s`. A letter and a digit that name no square get their own
// message, since "f3" is far more likely a slip than garbage.
result<square> take_square(std::string_view& s, std::string_view whole) {
  if (s.size() >= 2 && s[0] >= 'a' && s[0] <= 'z' && s[1] >= '0' && s[1] <= '9') {
    auto sq = parse_square(s.substr(0, 2));
    if (!sq) {
      return fail("bad_notation", std::string(s.substr(0, 2)) +
                                      " is not a square: files run from a to e, ranks from 1 to 5");
    }
    s.remove_prefix(2);
    return *sq;
  }
  return fail("bad_notation", "expected " + std::string(move_example) + ", not " + quote(whole));
}

result<int> parse_count(std::string_view text) {
  // Digits only: from_chars would also take a minus sign.
  int n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || text[0] < '0' || text[0] > '9' || ec != std::errc{} ||
      end != text.data() + text.size()) {
    return fail("bad_notation", "");
  }
  return n;
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

result<std::array<bitboard, num_sides>> parse_board(std::string_view text) {
  auto ranks = split(text, '/');
  if (ranks.size() != board_size) {
    return fail("bad_notation", "the board needs 5 ranks separated by '/', found " +
                                    std::to_string(ranks.size()) + " in " + quote(text));
  }
  std::array<bitboard, num_sides> stones{};
  for (int i = 0; i < board_size; ++i) {
    int rank = board_size - 1 - i;  // the text starts with rank 5
    std::string rank_name = "rank " + std::to_string(rank + 1);
    int file = 0;
    for (char c : ranks[i]) {
      if (c >= '1' && c <= '5') {
        file += c - '0';
      } else if (c == 'S' || c == 's') {
        if (file < board_size) stones[c == 'S' ? 0 : 1] |= bit(make_square(file, rank));
        ++file;
      } else {
        return fail("bad_notation", "unexpected " + quote(std::string(1, c)) + " in " + rank_name +
                                        ": use S, s and the digits 1 to 5");
      }
    }
    if (file != board_size) {
      return fail("bad_notation", rank_name + " (" + quote(ranks[i]) + ") covers " +
                                      std::to_string(file) + " squares, not 5");
    }
  }
  return stones;
}

result<std::array<int, num_sides>> parse_hands(std::string_view text) {
  auto wrong = [&] {
    return fail("bad_notation", "the hands must read S<n>s<n>, e.g. S0s1, not " + quote(text));
  };
  auto spirits_at = text.find('s');
  if (text.empty() || text[0] != 'S' || spirits_at == std::string_view::npos) return wrong();
  auto sisyphos = parse_count(text.substr(1, spirits_at - 1));
  auto spirits = parse_count(text.substr(spirits_at + 1));
  if (!sisyphos || !spirits) return wrong();
  return std::array<int, num_sides>{*sisyphos, *spirits};
}

result<void> check_count(side s, bitboard on_board, int hand) {
  int total = count(on_board) + hand;
  if (total == total_stones(s)) return {};
  bool sisyphos = s == side::sisyphos;
  return fail("bad_notation", std::string(sisyphos ? "Sisyphos has " : "the spirits have ") +
                                  std::to_string(count(on_board)) + " on the board and " +
                                  std::to_string(hand) + " in hand; " + (sisyphos ? "he" : "they") +
                                  " must have exactly " + std::to_string(total_stones(s)) +
                                  " stones");
}

}  // namespace

std::string square_name(square s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::optional<square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'e' || text[1] < '1' || text[1] > '5') {
    return std::nullopt;
  }
  return make_square(text[0] - 'a', text[1] - '1');
}

result<written_move> parse_move(std::string_view text) {
  std::string_view s = trim(text);
  if (s.empty())
    return fail("bad_notation", "the move is empty: expected " + std::string(move_example));
  written_move w;
  if (s[0] == '@' || s[0] == '*') {
    s.remove_prefix(1);
    w.reentry = true;
  } else {
    auto from = take_square(s, trim(text));
    if (!from) return std::unexpected(from.error());
    w.from = *from;
    if (!s.empty() && (s[0] == '-' || s[0] == 'x')) {
      w.capture_marked = s[0] == 'x';
      s.remove_prefix(1);
    }
  }
  auto to = take_square(s, trim(text));
  if (!to) return std::unexpected(to.error());
  w.to = *to;
  if (!s.empty()) {
    return fail("bad_notation", "unexpected " + quote(s) + " after the move in " +
                                    quote(trim(text)) + ": expected " + std::string(move_example));
  }
  return w;
}

std::string move_text(move m) {
  if (m.is_reentry()) return "@" + square_name(m.to());
  return square_name(m.from()) + (m.is_capture() ? "x" : "-") + square_name(m.to());
}

std::string position_text(const position& pos) {
  std::string out;
  for (int rank = board_size - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < board_size; ++file) {
      square sq = make_square(file, rank);
      char stone = pos.stones(side::sisyphos) & bit(sq)  ? 'S'
                   : pos.stones(side::spirits) & bit(sq) ? 's'
                                                         : '\0';
      if (!stone) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += stone;
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank > 0) out += '/';
  }
  out += pos.to_move() == side::sisyphos ? " S" : " s";
  out += " S" + std::to_string(pos.in_hand(side::sisyphos)) + "s" +
         std::to_string(pos.in_hand(side::spirits));
  out += " " + std::to_string(pos.sisyphos_turns());
  return out;
}

result<position> parse_position(std::string_view text, const rules& r) {
  auto parts = fields(text);
  if (parts.size() != 4) {
    return fail("bad_notation",
                "a position has four fields separated by spaces: board, side to move, hands and "
                "Sisyphos's turns, e.g. " +
                    quote(position_example));
  }
  auto stones = parse_board(parts[0]);
  if (!stones) return std::unexpected(stones.error());
  if (parts[1] != "S" && parts[1] != "s") {
    return fail(
        "bad_notation",
        "the side to move must be 'S' (Sisyphos) or 's' (the spirits), not " + quote(parts[1]));
  }
  auto hands = parse_hands(parts[2]);
  if (!hands) return std::unexpected(hands.error());
  for (side s : {side::sisyphos, side::spirits}) {
    auto counted = check_count(s, (*stones)[index(s)], (*hands)[index(s)]);
    if (!counted) return std::unexpected(counted.error());
  }
  auto turns = parse_count(parts[3]);
  if (!turns || *turns < 0 || *turns > r.move_limit) {
    return fail("bad_notation", "Sisyphos's turns must be a number from 0 to the move limit " +
                                    std::to_string(r.move_limit) + ", not " + quote(parts[3]));
  }
  if (((*stones)[0] & bit(a5)) && ((*stones)[1] & bit(e1))) {
    return fail("bad_notation",
                "a Sisyphos stone on a5 and a spirit on e1: a game cannot be won by both sides");
  }
  side to_move = parts[1] == "S" ? side::sisyphos : side::spirits;
  return position((*stones)[0], (*stones)[1], to_move, *turns);
}

}  // namespace boardroom::engine::sisyphos
