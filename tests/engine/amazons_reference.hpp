#pragma once
// A slow reference for the Game of the Amazons, written from the rules alone: a 2D array of
// characters, plain loops over the eight directions, copies instead of undo; no bitboards, no
// line tables and no engine code. The perft and full-game tests compare the engine with it.

#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace boardroom::engine::amazons_reference {

struct rules {
  int size = 10;
  bool swap = false;
  int komi = 0;
};

struct position {
  int size = 10;
  std::array<std::array<char, 10>, 10> cell{};  // [file][rank], 0-based: '.', 'W', 'B' or 'x'
  int mover = 0;                                // colour to move: 0 White, 1 Black
  bool swapped = false;                         // seat 0 plays Black
  std::array<int, 2> passes{};                  // by colour
  int arrows = 0;
};

inline constexpr int directions[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                         {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

inline bool inside(const position& p, int f, int r) {
  return f >= 0 && f < p.size && r >= 0 && r < p.size;
}

inline std::string name(int f, int r) {
  return std::string(1, static_cast<char>('a' + f)) + std::to_string(r + 1);
}

// "d1" to (3, 0). Well-formed names only.
inline std::pair<int, int> coordinates(const std::string& square) {
  return {square[0] - 'a', std::stoi(square.substr(1)) - 1};
}

// The ruling's start squares, by name.
inline position start(const rules& r) {
  position p;
  p.size = r.size;
  for (auto& file : p.cell)
    file.fill('.');
  std::vector<std::string> white, black;
  if (r.size == 10) {
    white = {"a4", "d1", "g1", "j4"};
    black = {"a7", "d10", "g10", "j7"};
  } else if (r.size == 8) {
    white = {"c1", "f1", "a3", "h3"};
    black = {"a6", "h6", "c8", "f8"};
  } else {
    white = {"b1", "e1", "a2", "f2"};
    black = {"a5", "f5", "b6", "e6"};
  }
  for (const auto& s : white)
    p.cell[coordinates(s).first][coordinates(s).second] = 'W';
  for (const auto& s : black)
    p.cell[coordinates(s).first][coordinates(s).second] = 'B';
  p.passes = {0, r.komi};
  return p;
}

// Reads well-formed position text only (engine/amazons/rules.md): the tests' data is ours.
inline position read(const std::string& text, int size) {
  std::istringstream in(text);
  std::string board, mover, seats, passes;
  in >> board >> mover >> seats >> passes;
  position p;
  p.size = size;
  for (auto& file : p.cell)
    file.fill('.');
  int f = 0;
  int r = size - 1;
  for (std::size_t i = 0; i < board.size(); ++i) {
    char c = board[i];
    if (c == '/') {
      f = 0;
      --r;
    } else if (c >= '0' && c <= '9') {
      int run = c - '0';
      if (i + 1 < board.size() && board[i + 1] >= '0' && board[i + 1] <= '9') {
        run = run * 10 + (board[++i] - '0');
      }
      for (int k = 0; k < run; ++k)
        p.cell[f++][r] = '.';
    } else {
      p.cell[f++][r] = c;
      p.arrows += c == 'x';
    }
  }
  p.mover = mover == "w" ? 0 : 1;
  p.swapped = seats == "swapped";
  auto b = passes.find('b');
  p.passes = {std::stoi(passes.substr(1, b - 1)), std::stoi(passes.substr(b + 1))};
  return p;
}

// The squares a queen on (f, r) reaches, walking each direction until something is in the way.
inline std::vector<std::pair<int, int>> queen_targets(const position& p, int f, int r) {
  std::vector<std::pair<int, int>> out;
  for (const auto& d : directions) {
    for (int tf = f + d[0], tr = r + d[1]; inside(p, tf, tr) && p.cell[tf][tr] == '.';
         tf += d[0], tr += d[1]) {
      out.emplace_back(tf, tr);
    }
  }
  return out;
}

inline bool swap_allowed(const position& p, const rules& r) {
  return r.swap && !p.swapped && p.mover == 1 && p.arrows == 1;
}

// Every queen move with its arrow, as text, by walking the board.
inline std::vector<std::string> queen_moves(const position& p) {
  std::vector<std::string> out;
  const char own = p.mover == 0 ? 'W' : 'B';
  for (int f = 0; f < p.size; ++f) {
    for (int r = 0; r < p.size; ++r) {
      if (p.cell[f][r] != own) continue;
      position moved = p;
      moved.cell[f][r] = '.';
      for (auto [tf, tr] : queen_targets(p, f, r)) {
        moved.cell[tf][tr] = own;
        for (auto [af, ar] : queen_targets(moved, tf, tr))
          out.push_back(name(f, r) + "-" + name(tf, tr) + "/" + name(af, ar));
        moved.cell[tf][tr] = '.';
      }
    }
  }
  return out;
}

inline std::vector<std::string> moves(const position& p, const rules& r) {
  auto out = queen_moves(p);
  if (swap_allowed(p, r)) out.push_back("swap");
  if (queen_moves(p).empty() && p.passes[p.mover] > 0) out.push_back("pass");
  return out;
}

// The number of empty squares a queen on (f, r) reaches (queen_targets(p, f, r).size(), without
// the vector: the perft tests call this millions of times in a sanitizer build).
inline int count_targets(const position& p, int f, int r) {
  int n = 0;
  for (const auto& d : directions) {
    for (int tf = f + d[0], tr = r + d[1]; inside(p, tf, tr) && p.cell[tf][tr] == '.';
         tf += d[0], tr += d[1]) {
      ++n;
    }
  }
  return n;
}

// The number of moves, counted without writing them down.
inline std::uint64_t count_moves(const position& p, const rules& r) {
  std::uint64_t n = 0;
  const char own = p.mover == 0 ? 'W' : 'B';
  position moved = p;
  for (int f = 0; f < p.size; ++f) {
    for (int rank = 0; rank < p.size; ++rank) {
      if (p.cell[f][rank] != own) continue;
      moved.cell[f][rank] = '.';
      for (const auto& d : directions) {
        for (int tf = f + d[0], tr = rank + d[1]; inside(p, tf, tr) && p.cell[tf][tr] == '.';
             tf += d[0], tr += d[1]) {
          moved.cell[tf][tr] = own;
          n += count_targets(moved, tf, tr);
          moved.cell[tf][tr] = '.';
        }
      }
      moved.cell[f][rank] = own;
    }
  }
  std::uint64_t queen = n;
  if (swap_allowed(p, r)) ++n;
  if (queen == 0 && p.passes[p.mover] > 0) ++n;
  return n;
}

// Plays a move from moves(p, r), written canonically.
inline position after(const position& p, const std::string& move) {
  position q = p;
  if (move == "swap") {
    q.swapped = true;  // Black, now the other seat, is still to move
    return q;
  }
  if (move == "pass") {
    --q.passes[q.mover];
  } else {
    auto dash = move.find('-');
    auto slash = move.find('/');
    auto from = coordinates(move.substr(0, dash));
    auto to = coordinates(move.substr(dash + 1, slash - dash - 1));
    auto arrow = coordinates(move.substr(slash + 1));
    q.cell[to.first][to.second] = q.cell[from.first][from.second];
    q.cell[from.first][from.second] = '.';
    q.cell[arrow.first][arrow.second] = 'x';
    ++q.arrows;
  }
  q.mover = 1 - q.mover;
  return q;
}

inline std::uint64_t perft(const position& p, const rules& r, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return count_moves(p, r);
  std::uint64_t total = 0;
  for (const auto& m : moves(p, r))
    total += perft(after(p, m), r, depth - 1);
  return total;
}

// The seat that has won, once the side to move has nothing to play; -1 while the game goes on.
inline int winning_seat(const position& p, const rules& r) {
  if (!moves(p, r).empty()) return -1;
  int winner_colour = 1 - p.mover;
  return p.swapped ? 1 - winner_colour : winner_colour;
}

}  // namespace boardroom::engine::amazons_reference
