#pragma once
// The four boards, derived from their shapes rather than typed in: which cells are adjacent
// ("benachbart": touching at least at a corner), which adjacent pairs form a wall link (touching
// along at least 40 % of the side of each), and the cyclic order of every cell's neighbours, which
// the reach rule needs to tell the two sides of a route apart.
//
// Discs: ring r (1 innermost) has n_r cells; cell k spans the angles
// [phi_r + k/n_r, phi_r + (k+1)/n_r) of a full turn (clockwise from north when drawn). Two cells
// of consecutive rings are adjacent when their spans overlap by a positive angle; their shares of
// contact are that overlap over each cell's own span. The centre touches every ring-1 cell.
//
// Triangles: an equilateral triangle of side s cut into s*s unit triangles; row r (1 at the apex)
// holds 2r-1 cells, alternately pointing up and down. Vertices are lattice points (y, x) with
// 0 <= x <= y <= s. Cells sharing a vertex are adjacent; cells sharing an edge form a wall link.
//
// Cell names (see rules.md): discs "o" for the centre, then a ring letter ('a' innermost) and the
// 1-based index in the ring ("a1", "j60"); triangles the row letter ('a' at the apex) and the
// 1-based position in the row from the left ("a1", "h15"; odd positions point up).

#include <array>
#include <bitset>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/shiamgon/fraction.hpp"

namespace boardroom::engine::shiamgon {

inline constexpr int max_cells = 256;
using cell_set = std::bitset<max_cells>;

enum class board_kind { disc_large, disc_small, triangle_64, triangle_256 };

struct lattice_point {
  int y = 0;  // row of the lattice, 0 at the apex
  int x = 0;  // 0..y from the left
};

struct cell_info {
  std::string name;
  int ring = 0;   // discs: 0 the centre, 1..; triangles: the row, 1 at the apex
  int index = 0;  // 0-based within the ring or row
  // Discs: the span in turns; `end` may exceed 1 for the cell across north. The centre spans
  // [0, 1).
  fraction start, end;
  // Triangles: the three corners; `up` for cells pointing up.
  std::array<lattice_point, 3> vertices{};
  bool up = false;
};

struct neighbour {
  int cell = 0;
  bool wall = false;     // the two cells form a wall link
  fraction own_share;    // the share of this cell's side that touches the neighbour
  fraction other_share;  // the share of the neighbour's side that touches this cell
};

// How much of its side each of two adjacent cells shares with the other (0/0 for vertex-only
// contacts on the triangles).
struct contact {
  fraction first;   // the share of the first cell's side
  fraction second;  // the share of the second cell's side
};

class geometry {
 public:
  board_kind kind() const { return kind_; }
  std::string_view key() const { return key_; }
  bool is_disc() const { return disc_; }
  int num_cells() const { return static_cast<int>(cells_.size()); }
  const cell_info& info(int c) const { return cells_[c]; }
  const std::string& name(int c) const { return cells_[c].name; }
  std::optional<int> find(std::string_view name) const;

  // Discs: the number of rings besides the centre, their sizes and offsets (phi_r in turns).
  // Triangles: the side, rings() = rows.
  int rings() const { return static_cast<int>(ring_sizes_.size()) - (disc_ ? 1 : 0); }
  int ring_size(int ring) const { return ring_sizes_[disc_ ? ring : ring - 1]; }
  fraction offset(int ring) const { return offsets_[ring]; }
  int side() const { return side_; }
  // The cell with `index` (taken modulo the ring's size on discs) in `ring`.
  int cell_at(int ring, int index) const;

  // Neighbours in cyclic order around the cell.
  const std::vector<neighbour>& neighbours(int c) const { return neighbours_[c]; }
  const cell_set& adjacent_set(int c) const { return adjacent_[c]; }
  bool adjacent(int a, int b) const { return adjacent_[a][b]; }
  bool wall_link(int a, int b) const;
  // Position of `b` in the cyclic neighbour list of `a`, or -1.
  int neighbour_slot(int a, int b) const;
  contact contact_between(int a, int b) const;

  // Graph distance in the adjacency graph (breadth-first; for tests and setups).
  int distance(int from, int to) const;

  static geometry make(board_kind kind);

 private:
  void link_disc();
  void link_triangle();
  void finish();

  board_kind kind_ = board_kind::disc_large;
  std::string key_;
  bool disc_ = true;
  int side_ = 0;
  std::vector<int> ring_sizes_;    // discs: [1 (centre), n_1, n_2, ...]; triangles: row sizes
  std::vector<fraction> offsets_;  // discs: [0, phi_1, ...]
  std::vector<int> ring_first_;    // first cell of each ring/row (same indexing as ring_sizes_)
  std::vector<cell_info> cells_;
  std::vector<std::vector<neighbour>> neighbours_;
  std::vector<cell_set> adjacent_;
};

const geometry& geometry_of(board_kind kind);
std::optional<board_kind> board_from_key(std::string_view key);
std::string_view board_key(board_kind kind);

// Wall links need at least this share of each cell's side.
inline constexpr fraction wall_share{2, 5};

}  // namespace boardroom::engine::shiamgon
