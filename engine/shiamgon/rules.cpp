#include "engine/shiamgon/rules.hpp"

#include <string>

namespace boardroom::engine::shiamgon {

namespace {

// The angle in [0, 1) of `a` measured from `from`.
fraction turn_from(fraction from, fraction a) {
  fraction d = a - from;
  return d - fraction(d.floor());
}

bool inside(const cell_info& c, const sector& s) {
  fraction rel = turn_from(s.start, c.start);
  return rel + (c.end - c.start) <= s.end - s.start;
}

fraction middle(const cell_info& c) {
  return (c.start + c.end) / 2;
}

// The cell of `ring` whose middle is at the angle `a`, or -1.
int centred_at(const geometry& g, int ring, fraction a) {
  for (int k = 0; k < g.ring_size(ring); ++k) {
    int c = g.cell_at(ring, k);
    if (turn_from(0, middle(g.info(c))) == turn_from(0, a)) return c;
  }
  return -1;
}

// The cells of `ring` wholly inside the sector, in angle order from the sector's start.
std::vector<int> cells_in(const geometry& g, int ring, const sector& s) {
  std::vector<int> out;
  int n = g.ring_size(ring);
  int first = 0;  // the cell starting at or just after the sector's start
  for (int k = 0; k < n; ++k) {
    if (turn_from(s.start, g.info(g.cell_at(ring, k)).start) <
        turn_from(s.start, g.info(g.cell_at(ring, first)).start)) {
      first = k;
    }
  }
  for (int k = 0; k < n; ++k) {
    int c = g.cell_at(ring, first + k);
    if (inside(g.info(c), s)) out.push_back(c);
  }
  return out;
}

void disc_start(const rules& r, std::vector<int>& board) {
  const geometry& g = r.geometry();
  int outer = g.rings();
  int inner = outer - 1;
  bool large = r.board == board_kind::disc_large;
  for (int seat = 0; seat < r.players; ++seat) {
    auto cells = cells_in(g, inner, sector_of(r, seat));
    int m = static_cast<int>(cells.size());
    for (int i = 0; i < m; ++i) {
      if (large) {
        // Every third cell; the outer stones over the boundary between two free inner cells.
        if (i % 3 == 0) board[cells[i]] = seat;
        if (i % 3 == 1 && i + 1 < m) {
          int c = centred_at(g, outer, g.info(cells[i]).end);
          if (c >= 0) board[c] = seat;
        }
      } else {
        // Every second cell; the outer stones centred over the free inner cells.
        if (i % 2 == 0) board[cells[i]] = seat;
        if (i % 2 == 1) {
          int c = centred_at(g, outer, middle(g.info(cells[i])));
          if (c >= 0) board[c] = seat;
        }
      }
    }
  }
}

void triangle_start(const rules& r, std::vector<int>& board) {
  const geometry& g = r.geometry();
  int s = g.side();
  int t = r.board == board_kind::triangle_64 ? 3 : 5;
  // Seat 0 the apex, seat 1 the bottom-right corner, seat 2 the bottom-left corner: clockwise
  // as drawn with the apex up.
  auto in_corner = [&](int seat, lattice_point p) {
    switch (seat) {
      case 0:
        return p.y <= t;
      case 1:
        return p.y >= s - t && p.x >= s - t;
      default:
        return p.y >= s - t && p.x <= p.y - (s - t);
    }
  };
  for (int c = 0; c < g.num_cells(); ++c) {
    const cell_info& info = g.info(c);
    if (!info.up) continue;
    for (int seat = 0; seat < 3; ++seat) {
      bool all = true;
      for (auto v : info.vertices)
        all = all && in_corner(seat, v);
      if (all) board[c] = seat;
    }
  }
}

}  // namespace

bool board_allows(board_kind board, int players) {
  switch (board) {
    case board_kind::disc_large:
      return players >= 3 && players <= 5;
    case board_kind::disc_small:
      return players == 3 || players == 5;
    default:
      return players == 3;
  }
}

result<rules> rules_from_params(int players, const param_map& params) {
  rules r;
  auto board = board_from_key(get_choice(params, "board"));
  if (!board) return fail("bad_parameter", "unknown board", "board");
  r.board = *board;
  if (!board_allows(r.board, players)) {
    std::string counts = r.board == board_kind::disc_large   ? "3, 4 or 5"
                         : r.board == board_kind::disc_small ? "3 or 5"
                                                             : "exactly 3";
    return fail("bad_players",
                "Shiamgon on the board " + std::string(board_key(r.board)) + " is for " + counts +
                    " players, not " + std::to_string(players),
                "players");
  }
  r.players = players;
  r.counterclockwise = get_choice(params, "direction") == "counterclockwise";
  auto first = get_int(params, "first_seat");
  r.first_by_lot = get_bool(params, "first_by_lot");
  if (first >= players && !r.first_by_lot) {
    return fail("bad_parameter",
                "parameter 'first_seat' names seat " + std::to_string(first) +
                    ", but the seats of " + std::to_string(players) + " players are 0 to " +
                    std::to_string(players - 1),
                "first_seat");
  }
  r.first_player = r.first_by_lot ? 0 : static_cast<int>(first);
  r.encircle = get_choice(params, "encircle") == "no-empty-neighbour"
                   ? encircle_rule::no_empty_neighbour
                   : encircle_rule::opponents_all_around;
  r.score = get_choice(params, "score_base") == "stones-on-board" ? score_rule::stones_on_board
                                                                  : score_rule::placements;
  r.turn_cap_mode = get_choice(params, "repetition") == "turn-cap";
  r.turn_cap = static_cast<int>(get_int(params, "turn_cap"));
  for (int seat = 0; seat < max_players; ++seat) {
    std::string name = handicap_param(seat);
    int h = static_cast<int>(get_int(params, name));
    if (h > 0 && seat >= players) {
      return fail("bad_parameter",
                  "parameter '" + name + "' gives stones to a seat that is not in the game", name);
    }
    if (h > 0 && !r.geometry().is_disc()) {
      return fail("bad_parameter", "the triangle boards have no handicap stones", name);
    }
    r.handicap[seat] = h;
  }
  return r;
}

std::string handicap_param(int seat) {
  return "handicap_seat_" + std::to_string(seat);
}

sector sector_of(const rules& r, int seat) {
  const geometry& g = r.geometry();
  // The first sector starts on a cell boundary of the second-outermost ring.
  fraction start = g.offset(g.rings() - 1) + fraction(seat, r.players);
  return {start, start + fraction(1, r.players)};
}

result<std::vector<int>> start_board(const rules& r) {
  const geometry& g = r.geometry();
  std::vector<int> board(g.num_cells(), no_owner);
  if (!g.is_disc()) {
    triangle_start(r, board);
    return board;
  }
  disc_start(r, board);
  // Handicap stones: on the third ring from outside, in the seat's own sector, on empty cells
  // not adjacent to another player's stone, spread evenly over the cells that qualify.
  int ring = g.rings() - 2;
  for (int seat = 0; seat < r.players; ++seat) {
    int want = r.handicap[seat];
    if (want == 0) continue;
    std::vector<int> open;
    for (int c : cells_in(g, ring, sector_of(r, seat))) {
      bool ok = board[c] == no_owner;
      for (const auto& n : g.neighbours(c))
        ok = ok && (board[n.cell] == no_owner || board[n.cell] == seat);
      if (ok) open.push_back(c);
    }
    int have = static_cast<int>(open.size());
    if (want > have) {
      std::string name = handicap_param(seat);
      return fail("bad_parameter",
                  "seat " + std::to_string(seat) + " can have at most " + std::to_string(have) +
                      " handicap stones on this board",
                  name);
    }
    for (int i = 0; i < want; ++i)
      board[open[(2 * i + 1) * have / (2 * want)]] = seat;
  }
  return board;
}

}  // namespace boardroom::engine::shiamgon
