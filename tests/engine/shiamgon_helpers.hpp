#pragma once
// Helpers for the Shiamgon tests: cells by angle, and boards drawn like the diagrams of the
// rules text (one text row per ring, outermost first, 3 degrees per character).

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/shiamgon/geometry.hpp"
#include "engine/shiamgon/notation.hpp"
#include "engine/shiamgon/position.hpp"
#include "engine/shiamgon/rules.hpp"

namespace boardroom::engine::shiamgon::testing {

inline const geometry& large() {
  return geometry_of(board_kind::disc_large);
}

// The cell of `ring` that contains the angle `half_degrees` / 2 (exact).
inline int cell_at_angle(const geometry& g, int ring, int half_degrees) {
  fraction a(half_degrees, 720);
  for (int k = 0; k < g.ring_size(ring); ++k) {
    int c = g.cell_at(ring, k);
    const cell_info& info = g.info(c);
    for (int turn = 0; turn <= 1; ++turn) {
      if (info.start <= a + turn && a + turn < info.end) return c;
    }
  }
  ADD_FAILURE() << "no cell at " << half_degrees / 2.0 << " degrees in ring " << ring;
  return 0;
}

// Cells marked in a diagram of the rules text: the first line is ring `top_ring`, each next line
// the ring below it; character c covers the angles [3c, 3c + 3) degrees, plus `shift` degrees.
// Returns, per marking character, the cells it marks.
inline std::map<char, std::vector<int>> diagram_cells(const geometry& g, int top_ring,
                                                      const std::string& picture,
                                                      const std::string& marks, int shift = 0) {
  std::map<char, std::vector<int>> out;
  std::istringstream lines(picture);
  int ring = top_ring;
  for (std::string line; std::getline(lines, line);) {
    if (line.find('|') == std::string::npos) continue;
    for (int c = 0; c < static_cast<int>(line.size()); ++c) {
      if (marks.find(line[c]) == std::string::npos) continue;
      out[line[c]].push_back(cell_at_angle(g, ring, 6 * c + 3 + 2 * shift));
    }
    --ring;
  }
  return out;
}

// The clusters (components of wall links) among `cells`.
inline std::vector<std::set<int>> clusters_among(const geometry& g, const std::vector<int>& cells) {
  std::vector<std::set<int>> out;
  std::set<int> left(cells.begin(), cells.end());
  while (!left.empty()) {
    std::set<int> group{*left.begin()};
    std::vector<int> stack{*left.begin()};
    left.erase(left.begin());
    while (!stack.empty()) {
      int x = stack.back();
      stack.pop_back();
      for (auto it = left.begin(); it != left.end();) {
        if (g.wall_link(x, *it)) {
          group.insert(*it);
          stack.push_back(*it);
          it = left.erase(it);
        } else {
          ++it;
        }
      }
    }
    out.push_back(group);
  }
  return out;
}

// The pictures of the rules text, as rules.md shows them (shiamgon_geometry_test.cpp checks that
// it does). The wall picture: five outer rings of the large disc, left and right continuous walls,
// the middle one broken where the ring count halves; x reaches y, not the other way round.
inline const std::string wall_picture = R"(
 | |#| | | | |#| | | | |#|#| | | | | | | | | | | |
| |#| | | | |#| |y| | | | |#| | | | | | | | | | |
 | # |   | x | # |   |   | # | # |   |   |   |   |
   | # |   |   | # |   |   |   | # | # | # | # |
 |   #   |       |   #   |       |       |   #   |
)";

// The cluster picture: the # stones on the left form one cluster and those on the right another;
// X and Y are two clusters, adjacent but not wall-linked; Z is alone.
inline const std::string cluster_picture = R"(
 | |#| | | |X|X| | | | |#|#| |
| |#|#| | | |X| | | | | | |#|
 | # | # |   | Y |   |   | # |
   | # | # |   | Y |   | # |
 |   #   |       |   Z   |
)";

inline rules make_rules(board_kind board, int players) {
  rules r;
  r.board = board;
  r.players = players;
  return r;
}

// A position in the middle of play: `stones` (cell, seat), `to_move` to place.
inline position make_position(const rules& r, const std::vector<std::pair<int, int>>& stones,
                              int to_move = 0) {
  std::vector<int> board(r.geometry().num_cells(), no_owner);
  for (auto [c, seat] : stones)
    board[c] = seat;
  return position(r, board, to_move, std::nullopt, {}, {}, 0, 0, ending::none, {});
}

}  // namespace boardroom::engine::shiamgon::testing
