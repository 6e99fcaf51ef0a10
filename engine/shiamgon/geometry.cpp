#include "engine/shiamgon/geometry.hpp"

#include <algorithm>
#include <cmath>
#include <deque>

namespace boardroom::engine::shiamgon {

namespace {

struct disc_layout {
  std::vector<int> sizes;    // n_1, n_2, ...
  std::vector<int> degrees;  // phi_1, phi_2, ... in degrees
};

// The ruling's offsets: equal rings are offset by half a cell, a coarse cell is centred over a
// fine cell where the count doubles, and the 15-ring boundaries sit a quarter of a 15-cell after
// the 6-ring boundaries (rules.md shows the consequences).
disc_layout layout_of(board_kind kind) {
  if (kind == board_kind::disc_small) return {{3, 6, 15, 30, 60}, {45, 15, 21, 3, 0}};
  return {{3, 3, 6, 6, 15, 15, 30, 30, 60, 60}, {9, 69, 39, 9, 15, 3, 9, 3, 0, 3}};
}

// Overlap of two arcs [a0, a1) and [b0, b1) of the circle (in turns, spans at most a turn), and
// where the overlap's middle lies measured from a0.
struct arc_overlap {
  fraction length;
  fraction middle;
};

arc_overlap overlap(fraction a0, fraction a1, fraction b0, fraction b1) {
  arc_overlap out;
  for (int shift = -1; shift <= 1; ++shift) {
    fraction lo = max(a0, b0 + shift);
    fraction hi = min(a1, b1 + shift);
    if (lo < hi) {
      out.length = out.length + (hi - lo);
      out.middle = (lo + hi) / 2 - a0;
    }
  }
  return out;
}

std::string ring_letter(int ring) {
  return std::string(1, static_cast<char>('a' + ring - 1));
}

}  // namespace

geometry geometry::make(board_kind kind) {
  geometry g;
  g.kind_ = kind;
  g.key_ = std::string(board_key(kind));
  if (kind == board_kind::disc_large || kind == board_kind::disc_small) {
    g.disc_ = true;
    auto layout = layout_of(kind);
    g.ring_sizes_.push_back(1);
    g.offsets_.push_back(0);
    for (std::size_t r = 0; r < layout.sizes.size(); ++r) {
      g.ring_sizes_.push_back(layout.sizes[r]);
      g.offsets_.push_back(fraction(layout.degrees[r], 360));
    }
    cell_info centre;
    centre.name = "o";
    centre.start = 0;
    centre.end = 1;
    g.ring_first_.push_back(0);
    g.cells_.push_back(centre);
    for (int r = 1; r < static_cast<int>(g.ring_sizes_.size()); ++r) {
      g.ring_first_.push_back(static_cast<int>(g.cells_.size()));
      int n = g.ring_sizes_[r];
      for (int k = 0; k < n; ++k) {
        cell_info c;
        c.ring = r;
        c.index = k;
        c.start = g.offsets_[r] + fraction(k, n);
        c.end = c.start + fraction(1, n);
        c.name = ring_letter(r) + std::to_string(k + 1);
        g.cells_.push_back(c);
      }
    }
    g.link_disc();
  } else {
    g.disc_ = false;
    g.side_ = kind == board_kind::triangle_64 ? 8 : 16;
    for (int r = 1; r <= g.side_; ++r) {
      g.ring_first_.push_back(static_cast<int>(g.cells_.size()));
      g.ring_sizes_.push_back(2 * r - 1);
      for (int j = 0; j < 2 * r - 1; ++j) {
        cell_info c;
        c.ring = r;
        c.index = j;
        c.up = j % 2 == 0;
        int i = j / 2;
        if (c.up) {
          c.vertices = {lattice_point{r - 1, i}, {r, i}, {r, i + 1}};
        } else {
          c.vertices = {lattice_point{r - 1, i}, {r - 1, i + 1}, {r, i + 1}};
        }
        c.name = ring_letter(r) + std::to_string(j + 1);
        g.cells_.push_back(c);
      }
    }
    g.link_triangle();
  }
  g.finish();
  return g;
}

void geometry::link_disc() {
  neighbours_.assign(cells_.size(), {});
  int rings_total = static_cast<int>(ring_sizes_.size());
  // Contacts across ring boundaries, collected per cell with the position along its own side.
  struct across {
    neighbour nb;
    fraction where;
  };
  std::vector<std::vector<across>> outer(cells_.size()), inner(cells_.size());
  for (int r = 0; r + 1 < rings_total; ++r) {
    for (int a = ring_first_[r]; a < ring_first_[r] + ring_sizes_[r]; ++a) {
      for (int b = ring_first_[r + 1]; b < ring_first_[r + 1] + ring_sizes_[r + 1]; ++b) {
        const cell_info& ca = cells_[a];
        const cell_info& cb = cells_[b];
        auto from_a = overlap(ca.start, ca.end, cb.start, cb.end);
        if (from_a.length == fraction(0)) continue;
        auto from_b = overlap(cb.start, cb.end, ca.start, ca.end);
        fraction share_a = from_a.length / (ca.end - ca.start);
        fraction share_b = from_a.length / (cb.end - cb.start);
        bool wall = share_a >= wall_share && share_b >= wall_share;
        // The centre lists the ring-1 cells in the order of their indices.
        outer[a].push_back({{b, wall, share_a, share_b}, r == 0 ? cb.start : from_a.middle});
        inner[b].push_back({{a, wall, share_b, share_a}, from_b.middle});
      }
    }
  }
  auto by_where = [](const across& x, const across& y) { return x.where < y.where; };
  for (int c = 0; c < num_cells(); ++c) {
    int r = cells_[c].ring;
    std::sort(outer[c].begin(), outer[c].end(), by_where);
    std::sort(inner[c].begin(), inner[c].end(), by_where);
    auto& list = neighbours_[c];
    // Round the cell: along the outer side with the angle, the radial side at the end angle,
    // back along the inner side, the radial side at the start angle.
    for (const auto& o : outer[c])
      list.push_back(o.nb);
    if (r > 0) list.push_back({cell_at(r, cells_[c].index + 1), true, 1, 1});
    for (auto it = inner[c].rbegin(); it != inner[c].rend(); ++it)
      list.push_back(it->nb);
    if (r > 0) list.push_back({cell_at(r, cells_[c].index - 1), true, 1, 1});
  }
}

void geometry::link_triangle() {
  neighbours_.assign(cells_.size(), {});
  auto centre = [&](int c) {
    double x = 0, y = 0;
    for (auto v : cells_[c].vertices) {
      x += v.x - v.y / 2.0;
      y += v.y * std::sqrt(3.0) / 2.0;
    }
    return std::pair{x / 3, y / 3};
  };
  for (int a = 0; a < num_cells(); ++a) {
    auto [ax, ay] = centre(a);
    std::vector<std::pair<double, neighbour>> found;
    for (int b = 0; b < num_cells(); ++b) {
      if (a == b) continue;
      int shared = 0;
      for (auto u : cells_[a].vertices) {
        for (auto v : cells_[b].vertices) {
          if (u.y == v.y && u.x == v.x) ++shared;
        }
      }
      if (shared == 0) continue;
      bool edge = shared == 2;
      auto [bx, by] = centre(b);
      // Only the order matters: the angle of the neighbour's centre seen from this cell's.
      found.push_back(
          {std::atan2(by - ay, bx - ax),
           {b, edge, edge ? fraction(1) : fraction(0), edge ? fraction(1) : fraction(0)}});
    }
    std::sort(found.begin(), found.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& f : found)
      neighbours_[a].push_back(f.second);
  }
}

void geometry::finish() {
  adjacent_.assign(cells_.size(), {});
  for (int c = 0; c < num_cells(); ++c) {
    for (const auto& n : neighbours_[c])
      adjacent_[c].set(n.cell);
  }
}

std::optional<int> geometry::find(std::string_view name) const {
  if (disc_ && name == "o") return 0;
  // A letter, then a number from 1 without leading zeros.
  if (name.size() < 2 || name.size() > 4 || name[0] < 'a' || name[1] < '1' || name[1] > '9') {
    return std::nullopt;
  }
  int ring = name[0] - 'a' + 1;
  if (ring > rings()) return std::nullopt;
  int index = 0;
  for (char c : name.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    index = 10 * index + (c - '0');
  }
  if (index > ring_size(ring)) return std::nullopt;
  return ring_first_[disc_ ? ring : ring - 1] + index - 1;
}

int geometry::cell_at(int ring, int index) const {
  int at = disc_ ? ring : ring - 1;
  int n = ring_sizes_[at];
  if (disc_) index = ((index % n) + n) % n;
  return ring_first_[at] + index;
}

bool geometry::wall_link(int a, int b) const {
  int slot = neighbour_slot(a, b);
  return slot >= 0 && neighbours_[a][slot].wall;
}

int geometry::neighbour_slot(int a, int b) const {
  const auto& list = neighbours_[a];
  for (int i = 0; i < static_cast<int>(list.size()); ++i) {
    if (list[i].cell == b) return i;
  }
  return -1;
}

contact geometry::contact_between(int a, int b) const {
  int slot = neighbour_slot(a, b);
  if (slot < 0) return {0, 0};
  return {neighbours_[a][slot].own_share, neighbours_[a][slot].other_share};
}

int geometry::distance(int from, int to) const {
  std::vector<int> dist(cells_.size(), -1);
  std::deque<int> queue{from};
  dist[from] = 0;
  while (!queue.empty()) {
    int c = queue.front();
    queue.pop_front();
    if (c == to) return dist[c];
    for (const auto& n : neighbours_[c]) {
      if (dist[n.cell] < 0) {
        dist[n.cell] = dist[c] + 1;
        queue.push_back(n.cell);
      }
    }
  }
  return -1;
}

const geometry& geometry_of(board_kind kind) {
  static const geometry boards[] = {
      geometry::make(board_kind::disc_large), geometry::make(board_kind::disc_small),
      geometry::make(board_kind::triangle_64), geometry::make(board_kind::triangle_256)};
  return boards[static_cast<int>(kind)];
}

std::optional<board_kind> board_from_key(std::string_view key) {
  for (auto kind : {board_kind::disc_large, board_kind::disc_small, board_kind::triangle_64,
                    board_kind::triangle_256}) {
    if (board_key(kind) == key) return kind;
  }
  return std::nullopt;
}

std::string_view board_key(board_kind kind) {
  switch (kind) {
    case board_kind::disc_small:
      return "disc-small";
    case board_kind::triangle_64:
      return "triangle-64";
    case board_kind::triangle_256:
      return "triangle-256";
    default:
      return "disc-large";
  }
}

}  // namespace boardroom::engine::shiamgon
