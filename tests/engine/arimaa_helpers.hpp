#pragma once
// Helpers for the Arimaa tests: states from board diagrams, and an independent (slow) turn
// generator that walks the checked path step by step.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <unordered_set>

#include "engine/arimaa/notation.hpp"
#include "engine/arimaa/state.hpp"

namespace boardroom::engine::arimaa::testing {

// The standard opening of the ruling.
inline constexpr std::string_view gold_setup =
    "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2";
inline constexpr std::string_view silver_setup =
    "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 da7 hb7 cc7 ed7 me7 cf7 hg7 dh7";

// A state at turn `tag` ("5g": Gold to move in turn 5) with the board of `picture` (see
// parse_diagram: rank 8 on top, '.' or 'x' empty), nothing seen before, nothing pending.
inline state at(std::string_view tag, std::string_view picture, std::string_view extra = "") {
  auto board = parse_diagram(picture);
  EXPECT_TRUE(board.has_value()) << board.error().message << "\n" << picture;
  if (!board) return {};
  std::string text = std::string(tag) + " " + board_text(*board);
  if (!extra.empty()) text += " " + std::string(extra);
  auto st = state::from_text(text);
  EXPECT_TRUE(st.has_value()) << st.error().message << "\n" << text;
  return st ? *st : state{};
}

// The text of the board of `picture`, for "seen" entries: "g[...]x2".
inline std::string seen_entry(char side, std::string_view picture, int count) {
  auto board = parse_diagram(picture);
  EXPECT_TRUE(board.has_value()) << board.error().message;
  return side + board_text(*board) + "x" + std::to_string(count);
}

inline state opening() {
  state st;
  EXPECT_TRUE(st.play(gold_setup).has_value());
  EXPECT_TRUE(st.play(silver_setup).has_value());
  return st;
}

// The message of the refusal, or "accepted: <record>" (and the state changed).
inline std::string refusal(state& st, std::string_view move) {
  auto played = st.play(move);
  return played ? "accepted: " + *played : played.error().message;
}

// The board after the committed position, drawn.
inline std::string picture_of(const state& st) {
  return diagram(st.board());
}

// Reference generator: every sequence of up to four steps the checked path (turn_builder)
// accepts, walked one step at a time; the distinct boards of those that may end. Independent of
// search.cpp (no composite pushes and pulls, no pruning by steps left).
class reference_turns {
 public:
  explicit reference_turns(const state& st) : seen_(st.seen()) {
    walk(turn_builder(st.board()), 0);
  }
  const std::set<std::string>& boards() const { return boards_; }

 private:
  void walk(const turn_builder& turn, std::uint64_t last_steps) {
    if (turn.can_end(seen_)) boards_.insert(board_text(turn.board()));
    if (turn.steps() == 4) return;
    // The in-turn state is the board, the steps used and what the last two steps allow.
    std::uint64_t key = turn.board().board_key() ^ (last_steps * 0x9e3779b97f4a7c15ULL) ^
                        static_cast<std::uint64_t>(turn.steps());
    if (!visited_.insert(key).second) return;
    const position& pos = turn.board();
    for (bitboard b = pos.occupied(); b; b &= b - 1) {
      square from = first_square(b);
      for (direction d : all_directions) {
        square to = step_target(from, d);
        if (to == no_square || pos.at(to)) continue;
        turn_builder next = turn;
        if (!next.add(*pos.at(from), from, d)) continue;
        std::uint64_t code = static_cast<std::uint64_t>(step(from, d).bits()) + 1;
        walk(next, (last_steps << 8 | code) & 0xffff);
      }
    }
  }

  const history& seen_;
  std::set<std::string> boards_;
  std::unordered_set<std::uint64_t> visited_;
};

// The boards the listed turns of `st` produce.
inline std::set<std::string> listed_boards(const state& st) {
  std::set<std::string> out;
  for (const auto& m : st.legal_moves()) {
    state copy = st;
    auto played = copy.play(m);
    EXPECT_TRUE(played.has_value()) << m;
    out.insert(board_text(copy.board()));
  }
  return out;
}

inline std::string archive_path() {
  return std::string(BOARDROOM_TEST_DATA) + "/arimaa/games-2026-02.tsv";
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace boardroom::engine::arimaa::testing
