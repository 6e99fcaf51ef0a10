#pragma once
// Esiema positions drawn as hexagonal boards, for the scenario tests.
//
// A drawing has the 11 rows of the board from the top (row k, six pits) to the bottom (row a),
// each pit as '.' when empty or as its balls: colour letters (r b y g o p), capitals for mothers,
// and a number before a letter for that many balls of it ("12r" is twelve red balls, "11bB"
// eleven blue ones and the blue mother). Indentation only makes it look like the board.

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/params.hpp"
#include "engine/esiema/esiema.hpp"
#include "engine/esiema/notation.hpp"
#include "engine/esiema/state.hpp"

namespace boardroom::engine::esiema::test {

inline constexpr const char* letters = "rbygop";

// The board= field of a position text for `drawing`.
inline std::string board_field(const std::string& drawing) {
  static const int row_sizes[num_rows] = {6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6};  // k down to a
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(drawing);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::vector<std::string> tokens;
    std::string t;
    while (words >> t)
      tokens.push_back(t);
    if (!tokens.empty()) rows.push_back(tokens);
  }
  EXPECT_EQ(rows.size(), static_cast<std::size_t>(num_rows)) << drawing;
  std::string out;
  for (int y = 0; y < num_rows && y < static_cast<int>(rows.size()); ++y) {
    const auto& row = rows[num_rows - 1 - y];
    EXPECT_EQ(row.size(), static_cast<std::size_t>(row_sizes[num_rows - 1 - y])) << "row " << y;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (row[i] == ".") continue;
      int small[max_players] = {};
      bool mothers[max_players] = {};
      int repeat = 0;
      for (char c : row[i]) {
        if (std::isdigit(static_cast<unsigned char>(c))) {
          repeat = repeat * 10 + (c - '0');
          continue;
        }
        int n = repeat ? repeat : 1;
        repeat = 0;
        for (int s = 0; s < max_players; ++s) {
          if (c == letters[s]) small[s] += n;
          if (c == std::toupper(letters[s])) mothers[s] = true;
        }
      }
      std::string balls;
      for (int s = 0; s < max_players; ++s)
        balls.append(small[s], letters[s]);
      for (int s = 0; s < max_players; ++s) {
        if (mothers[s]) balls += static_cast<char>(std::toupper(letters[s]));
      }
      std::string name = std::string(1, static_cast<char>('a' + y)) +
                         std::to_string(row_first(y) + 1 + static_cast<int>(i));
      out += (out.empty() ? "" : ",") + name + ":" + balls;
    }
  }
  return out.empty() ? "-" : out;
}

inline std::string field(const std::string& text, const std::string& name) {
  auto at = text.find(" " + name + "=");
  if (at == std::string::npos) return {};
  at += name.size() + 2;
  return text.substr(at, text.find(' ', at) - at);
}

inline std::string board_of(const engine::state& st) {
  return field(st.to_text(), "board");
}

// Small balls of `seat` in a board= field (the letters after each pit's ':').
inline int small_in(const std::string& board, int seat) {
  int n = 0;
  bool balls = false;
  for (char c : board) {
    if (c == ':' || c == ',') {
      balls = c == ':';
    } else if (balls) {
      n += c == letters[seat];
    }
  }
  return n;
}

// A position to start a scenario from.
struct scenario {
  int players = 2;
  std::string drawing;
  std::string stage = "play";
  char to = 'r';
  std::string order;         // turn order as colour letters; default: seat order
  std::vector<int> reserve;  // per seat; default: every small ball not on the board
  std::vector<int> out;      // per seat; default: all playing
  int passes = 0;
  std::string draw = "-";
  param_map params;                // on top of the defaults
  std::vector<std::string> extra;  // "pit:balls" items added to the drawing

  // A board= field with the extra items merged in, in pit order.
  std::string merged(const std::string& board) const {
    std::map<pit, std::string> items;
    std::string all = board == "-" ? "" : board;
    for (const auto& e : extra)
      all += (all.empty() ? "" : ",") + e;
    std::istringstream in(all);
    std::string item;
    while (std::getline(in, item, ',')) {
      auto p = parse_pit(item.substr(0, item.find(':')));
      EXPECT_TRUE(p.has_value()) << item;
      EXPECT_FALSE(items.contains(*p)) << "pit drawn twice: " << item;
      items[*p] = item;
    }
    std::string joined;
    for (const auto& [p, text] : items)
      joined += (joined.empty() ? "" : ",") + text;
    return joined.empty() ? "-" : joined;
  }
  // The board expected after a move, with the extra items.
  std::string expect(const std::string& after) const { return merged(board_field(after)); }
  // A per-seat field given for red and blue; the extra players have 0.
  std::string captured(std::string first_two) const {
    for (int s = 2; s < players; ++s)
      first_two += ",0";
    return first_two;
  }

  param_map resolved() const { return *resolve_params(the_game().param_specs(), params); }

  std::string text() const {
    auto p = resolved();
    std::string board = merged(board_field(drawing));
    std::string ord = order;
    if (ord.empty()) ord = std::string(letters, letters + players);
    std::string res, cap, ret, outs;
    for (int s = 0; s < players; ++s) {
      int total = static_cast<int>(get_int(p, "small_balls_seat_" + std::to_string(s)));
      int on_board = small_in(board, s);
      bool is_out = !out.empty() && out[s] != 0;
      int r = !reserve.empty() ? reserve[s] : is_out ? 0 : total - on_board;
      int gone = total - on_board - r;  // captured, or retired for players already out
      std::string sep = s ? "," : "";
      res += sep + std::to_string(r);
      cap += sep + std::to_string(is_out ? 0 : gone);
      ret += sep + std::to_string(is_out ? gone : 0);
      outs += sep + std::to_string(out.empty() ? 0 : out[s]);
    }
    return stage + " to=" + std::string(1, to) + " order=" + ord + " board=" + board +
           " reserve=" + res + " captured=" + cap + " retired=" + ret + " out=" + outs +
           " passes=" + std::to_string(passes) + " draw=" + draw;
  }

  std::unique_ptr<engine::state> make() const {
    auto st = the_game().state_from_text(players, resolved(), text());
    EXPECT_TRUE(st.has_value()) << st.error().message << "\n" << text();
    if (!st) return nullptr;
    return std::move(*st);
  }
};

// Plays `move` and expects it accepted.
inline void play(engine::state& st, const std::string& move) {
  auto r = st.play(move);
  ASSERT_TRUE(r.has_value()) << move << ": " << r.error().message << "\n" << st.to_text();
  EXPECT_EQ(*r, move);
}

// Expects `move` refused with exactly `message`, the state unchanged.
inline void refused(engine::state& st, const std::string& move, const std::string& message,
                    const std::string& code = "illegal_move") {
  std::string before = st.to_text();
  auto r = st.play(move);
  ASSERT_FALSE(r.has_value()) << move << " was accepted";
  EXPECT_EQ(r.error().code.name(), code) << move;
  EXPECT_EQ(r.error().message, message) << move;
  EXPECT_EQ(st.to_text(), before);
}

}  // namespace boardroom::engine::esiema::test
