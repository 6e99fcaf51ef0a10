#include "engine/shiamgon/notation.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

namespace boardroom::engine::shiamgon {

namespace {

constexpr std::string_view letters = "RBGYV";
constexpr std::string_view names[] = {"Red", "Blue", "Green", "Yellow", "Violet"};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  for (;;) {
    auto at = s.find(sep);
    out.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return out;
    s.remove_prefix(at + 1);
  }
}

std::optional<int> number(std::string_view s, int max = 1 << 30) {
  int v = 0;
  if (s.empty() || s.size() > 9) return std::nullopt;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < 0 || v > max) return std::nullopt;
  return v;
}

int seat_of_letter(char c, int players) {
  auto at = letters.find(c);
  if (at == std::string_view::npos || static_cast<int>(at) >= players) return -1;
  return static_cast<int>(at);
}

std::unexpected<rule_error> bad(std::string message) {
  return fail("bad_notation", "bad Shiamgon position: " + message, "position");
}

// The groups of the board field: the rings of a disc (centre first) or the rows of a triangle.
std::vector<std::pair<int, int>> groups(const geometry& g) {
  std::vector<std::pair<int, int>> out;  // first cell, size
  if (g.is_disc()) {
    out.push_back({0, 1});
    for (int r = 1; r <= g.rings(); ++r)
      out.push_back({g.cell_at(r, 0), g.ring_size(r)});
  } else {
    for (int r = 1; r <= g.side(); ++r)
      out.push_back({g.cell_at(r, 0), 2 * r - 1});
  }
  return out;
}

}  // namespace

char colour_letter(int seat) {
  return letters[seat];
}

std::string colour_name(int seat) {
  return std::string(names[seat]);
}

std::string colour_key(int seat) {
  std::string out(names[seat]);
  out[0] = static_cast<char>(std::tolower(out[0]));
  return out;
}

result<written_move> parse_move(const geometry& g, std::string_view text) {
  std::string lower;
  for (char c : trim(text))
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto cell = [&](std::string_view name) -> result<int> {
    auto c = g.find(name);
    if (!c) {
      std::string shown(name.substr(0, 20));
      return fail("bad_notation",
                  "'" + shown + "' is no cell of the board " + std::string(g.key()) +
                      " (cells are named like o, a1, c7: ring or row letter, then the number)",
                  "move");
    }
    return *c;
  };
  if (lower.empty()) return fail("bad_notation", "empty move", "move");
  auto dash = lower.find('-');
  written_move m;
  if (dash != std::string::npos) {
    auto from = cell(lower.substr(0, dash));
    if (!from) return std::unexpected(from.error());
    auto to = cell(lower.substr(dash + 1));
    if (!to) return std::unexpected(to.error());
    m.from = *from;
    m.to = *to;
    return m;
  }
  auto to = cell(lower);
  if (!to) return std::unexpected(to.error());
  m.to = *to;
  return m;
}

std::string placement_text(const geometry& g, int cell) {
  return g.name(cell);
}

std::string shift_text(const geometry& g, int from, int to) {
  return g.name(from) + "-" + g.name(to);
}

std::string ending_key(ending e) {
  switch (e) {
    case ending::all_passed:
      return "passed";
    case ending::repetition:
      return "repetition";
    case ending::turn_cap:
      return "turn-cap";
    case ending::last_player:
      return "last-player";
    default:
      return "-";
  }
}

std::string position_text(const position& pos, bool with_seen) {
  const geometry& g = pos.geometry();
  const rules& r = pos.rules();
  std::string out;
  out.reserve(400 + (with_seen ? 17 * pos.seen().size() : 0));
  auto put = [&](int v) {
    char digits[12];
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, v);
    out.append(digits, end);
  };
  bool first_group = true;
  for (auto [first, size] : groups(g)) {
    if (!first_group) out += '/';
    first_group = false;
    int run = 0;
    for (int c = first; c < first + size; ++c) {
      int o = pos.owner(c);
      if (o == no_owner) {
        ++run;
        continue;
      }
      if (run > 0) put(run);
      run = 0;
      out += colour_letter(o);
    }
    if (run > 0) put(run);
  }
  out += ' ';
  out += colour_letter(pos.to_move());
  out += ' ';
  if (const auto& p = pos.pending()) {
    out += g.name(p->target) + ":";
    for (int s : p->waiting)
      out += colour_letter(s);
  } else {
    out += '-';
  }
  out += ' ';
  for (int s = 0; s < r.players; ++s) {
    if (s) out += ',';
    put(pos.placements(s));
  }
  out += ' ';
  for (int h = 0; h < r.players; ++h) {
    if (h) out += '/';
    for (int o = 0; o < r.players; ++o) {
      if (o) out += ',';
      put(pos.held()[h][o]);
    }
  }
  out += ' ';
  put(pos.passes_in_row());
  out += ' ';
  put(pos.turns());
  out += ' ';
  out += ending_key(pos.end());
  out += ' ';
  if (pos.seen().empty() || !with_seen) {
    out += '-';
  } else {
    out += pos.seen_text();
  }
  if (pos.retired_count() > 0) {
    out += ' ';
    for (int s = 0; s < r.players; ++s) {
      if (s) out += ',';
      put(pos.retired(s));
    }
  }
  return out;
}

result<position> parse_position(std::string_view raw, const rules& r) {
  const geometry& g = r.geometry();
  std::string_view text = trim(raw);
  auto fields = split(text, ' ');
  if (fields.size() != 9 && fields.size() != 10) {
    return bad("expected 9 fields separated by single spaces, and a tenth for retired players");
  }

  std::vector<int> board(g.num_cells(), no_owner);
  auto rows = split(fields[0], '/');
  auto layout = groups(g);
  if (rows.size() != layout.size()) {
    return bad("the board has " + std::to_string(layout.size()) + " groups separated by '/'");
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto [first, size] = layout[i];
    int at = 0;
    std::string_view row = rows[i];
    while (!row.empty()) {
      if (std::isdigit(static_cast<unsigned char>(row.front()))) {
        std::size_t len = 0;
        while (len < row.size() && std::isdigit(static_cast<unsigned char>(row[len])))
          ++len;
        auto run = number(row.substr(0, len), 999);
        if (!run || *run == 0) return bad("bad run of empty cells in group " + std::to_string(i));
        at += *run;
        row.remove_prefix(len);
        continue;
      }
      int seat = seat_of_letter(row.front(), r.players);
      if (seat < 0) return bad("unknown stone '" + std::string(1, row.front()) + "'");
      if (at < size) board[first + at] = seat;
      ++at;
      row.remove_prefix(1);
    }
    if (at != size) {
      return bad("group " + std::to_string(i) + " has " + std::to_string(size) + " cells, not " +
                 std::to_string(at));
    }
  }

  if (fields[1].size() != 1 || seat_of_letter(fields[1][0], r.players) < 0) {
    return bad("unknown player to move '" + std::string(fields[1]) + "'");
  }
  int to_move = seat_of_letter(fields[1][0], r.players);

  std::optional<displacement> pending;
  if (fields[2] != "-") {
    auto colon = fields[2].find(':');
    if (colon == std::string_view::npos) return bad("pending displacement must be cell:players");
    auto cell = g.find(fields[2].substr(0, colon));
    if (!cell) return bad("unknown cell in the pending displacement");
    displacement d{to_move, *cell, {}};
    if (board[*cell] != to_move) return bad("the new stone of a pending displacement is missing");
    for (char c : fields[2].substr(colon + 1)) {
      int seat = seat_of_letter(c, r.players);
      if (seat < 0 || seat == to_move ||
          std::find(d.waiting.begin(), d.waiting.end(), seat) != d.waiting.end()) {
        return bad("bad players in the pending displacement");
      }
      d.waiting.push_back(seat);
    }
    if (d.waiting.empty()) return bad("a pending displacement needs a player to decide");
    pending = std::move(d);
  }

  std::array<int, max_players> placements{};
  auto counts = split(fields[3], ',');
  if (static_cast<int>(counts.size()) != r.players) return bad("one placement count per player");
  for (int s = 0; s < r.players; ++s) {
    auto v = number(counts[s]);
    if (!v) return bad("bad placement count");
    placements[s] = *v;
  }
  position::prisoner_table held{};
  auto holders = split(fields[4], '/');
  if (static_cast<int>(holders.size()) != r.players) return bad("one prisoner row per player");
  for (int h = 0; h < r.players; ++h) {
    auto each = split(holders[h], ',');
    if (static_cast<int>(each.size()) != r.players) return bad("one prisoner count per player");
    for (int o = 0; o < r.players; ++o) {
      auto v = number(each[o]);
      if (!v || (h == o && *v != 0)) return bad("bad prisoner count");
      held[h][o] = *v;
    }
  }
  auto passes = number(fields[5], r.players);
  auto turns = number(fields[6]);
  if (!passes || !turns) return bad("bad pass or turn count");
  ending end = ending::none;
  for (auto e : {ending::none, ending::all_passed, ending::repetition, ending::turn_cap,
                 ending::last_player}) {
    if (fields[7] == ending_key(e)) end = e;
  }
  if (ending_key(end) != fields[7]) return bad("unknown end '" + std::string(fields[7]) + "'");
  if (end != ending::none && pending) return bad("a finished game has no pending displacement");

  std::vector<std::uint64_t> seen;
  if (fields[8] != "-") {
    for (auto k : split(fields[8], ',')) {
      std::uint64_t v = 0;
      if (k.size() != 16) return bad("keys of seen positions have 16 hex digits");
      auto [end_ptr, ec] = std::from_chars(k.data(), k.data() + k.size(), v, 16);
      if (ec != std::errc() || end_ptr != k.data() + k.size()) return bad("bad key");
      if (!seen.empty() && v <= seen.back()) return bad("keys must be ascending");
      seen.push_back(v);
    }
  }
  std::array<int, max_players> retired{};
  int retirements = 0;
  if (fields.size() == 10) {
    auto orders = split(fields[9], ',');
    if (static_cast<int>(orders.size()) != r.players)
      return bad("retired needs one number per seat");
    int highest = 0;
    for (int s = 0; s < r.players; ++s) {
      auto k = number(orders[s], r.players - 1);
      if (!k || (*k > 0 && std::count(retired.begin(), retired.end(), *k) > 0)) {
        return bad("bad retirement order '" + std::string(fields[9]) + "'");
      }
      retired[s] = *k;
      retirements += *k > 0;
      highest = std::max(highest, *k);
    }
    // Written only once someone has retired, numbered 1, 2, ... in the order they retired.
    if (retirements == 0 || highest != retirements) {
      return bad("retired must number the retired players 1, 2, ... in the order they retired");
    }
  }
  if ((end == ending::last_player) != (r.players - retirements == 1)) {
    return bad("the game ends when, and only when, one player is left who has not retired");
  }
  // (A retired placer's displacements may still be pending: the others decide them.)
  if (end == ending::none && retired[pending ? pending->waiting.front() : to_move]) {
    return bad("a retired player never decides");
  }
  position pos(r, std::move(board), to_move, std::move(pending), placements, held, *passes, *turns,
               end, std::move(seen), retired);
  if (!pos.over() && !pos.pending() && pos.placements_for(to_move).none()) {
    return bad(colour_name(to_move) + " has no legal placement and would have passed");
  }
  if (pos.pending() && pos.shift_targets().count() < 2) {
    return bad("the pending displacement has no choice to make");
  }
  return pos;
}

}  // namespace boardroom::engine::shiamgon
