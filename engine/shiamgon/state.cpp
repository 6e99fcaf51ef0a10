#include "engine/shiamgon/state.hpp"

#include <algorithm>
#include <cmath>

#include "engine/core/json_writer.hpp"
#include "engine/shiamgon/legality.hpp"
#include "engine/shiamgon/notation.hpp"

namespace boardroom::engine::shiamgon {

int state::current_player() const {
  return position_.over() ? no_player : position_.decider();
}

std::vector<actor> state::to_act() const {
  if (position_.over()) return {};
  return {{position_.decider(), position_.pending() ? decision::displacement : decision::move}};
}

std::vector<forced_step> state::forced_by_last_play() const {
  return forced_;
}

namespace {

std::array<int, max_players> stones_by_seat(const shiamgon::position& pos) {
  std::array<int, max_players> out{};
  for (int s = 0; s < pos.rules().players; ++s)
    out[s] = static_cast<int>(pos.stones(s).count());
  return out;
}

}  // namespace

void state::note_forced(const std::array<int, max_players>& stones_before) {
  forced_.clear();
  for (int s = 0; s < num_players(); ++s) {
    if (stones_before[s] > 0 && position_.stones(s).none() && position_.retired(s) == 0) {
      forced_.push_back({forced::elimination, s,
                         colour_name(s) + " has no stone left on the board and can never place "
                                          "again"});
    }
  }
  for (int s : position_.last_passes()) {
    std::string why = position_.retired(s) > 0     ? " is out of play and passes"
                      : position_.stones(s).none() ? " has no stone and passes"
                                                   : " cannot place a stone and passes";
    forced_.push_back({forced::pass, s, colour_name(s) + why});
  }
}

result<std::string> state::play(std::string_view text) {
  const geometry& g = position_.geometry();
  auto written = parse_move(g, text);
  if (!written) return std::unexpected(written.error());
  auto m = check_move(position_, *written);
  if (!m) return std::unexpected(m.error());
  auto before = stones_by_seat(position_);
  if (m->shift) {
    position_.shift(m->to);
    note_forced(before);
    return shift_text(g, m->from, m->to);
  }
  position_.place(m->to);
  note_forced(before);
  return placement_text(g, m->to);
}

std::vector<std::string> state::legal_moves() const {
  std::vector<std::string> out;
  if (position_.over()) return out;
  const geometry& g = position_.geometry();
  if (position_.pending()) {
    int from = position_.displaced_stone();
    cell_set to = position_.shift_targets();
    for (int c = 0; c < g.num_cells(); ++c) {
      if (to[c]) out.push_back(shift_text(g, from, c));
    }
    return out;
  }
  cell_set to = position_.placements_for(position_.to_move());
  for (int c = 0; c < g.num_cells(); ++c) {
    if (to[c]) out.push_back(placement_text(g, c));
  }
  return out;
}

result<void> state::retire(int player) {
  bool retired = player >= 0 && player < num_players() && position_.retired(player) > 0;
  if (auto ok = check_retire(*this, player, retired); !ok) return ok;
  auto before = stones_by_seat(position_);
  position_.retire(player);
  note_forced(before);
  return {};
}

std::optional<engine::outcome> state::outcome() const {
  if (!position_.over()) return std::nullopt;
  int n = num_players();
  engine::outcome o;
  for (int s = 0; s < n; ++s)
    o.scores.push_back(position_.score(s));
  // Players still in the game by score, then the retired ones, the last to retire first.
  const int playing = n - position_.retired_count();
  for (int s = 0; s < n; ++s) {
    if (int k = position_.retired(s); k > 0) {
      o.ranks.push_back(playing + position_.retired_count() - k + 1);
      continue;
    }
    int better = 0;
    for (int t = 0; t < n; ++t)
      better += position_.retired(t) == 0 && o.scores[t] > o.scores[s];
    o.ranks.push_back(better + 1);
  }
  switch (position_.end()) {
    case ending::last_player:
      o.reason = "last_player";
      o.description = colour_name(o.winners().front()) + " wins: every other player retired";
      return o;
    case ending::repetition:
      o.reason = "repetition";
      o.description = "Triampsalm: the position repeated";
      break;
    case ending::turn_cap:
      o.reason = "turn_cap";
      o.description = "the turn limit was reached";
      break;
    default:
      o.reason = "all_passed";
      o.description = "Triampsalm: nobody could place a stone";
      break;
  }
  std::string winners;
  for (int s : o.winners())
    winners += (winners.empty() ? "" : " and ") + colour_name(s);
  o.description += "; " + winners + (o.winners().size() > 1 ? " win" : " wins") + " with " +
                   std::to_string(static_cast<int>(o.scores[o.winners().front()])) + " points";
  return o;
}

std::string state::to_text() const {
  return shiamgon::position_text(position_);
}

std::string state::position_text() const {
  return shiamgon::position_text(position_, false);
}

nlohmann::json geometry_json(const geometry& g) {
  // One array per property, index = cell: compact, and cheap to copy into every view.
  auto names = nlohmann::json::array();
  auto rings = nlohmann::json::array();
  auto indices = nlohmann::json::array();
  auto starts = nlohmann::json::array();
  auto ends = nlohmann::json::array();
  auto ups = nlohmann::json::array();
  auto corners = nlohmann::json::array();
  for (int c = 0; c < g.num_cells(); ++c) {
    const cell_info& info = g.info(c);
    names.push_back(info.name);
    rings.push_back(info.ring);
    indices.push_back(info.index);
    if (g.is_disc()) {
      starts.push_back(info.start.to_double() * 360);
      ends.push_back(info.end.to_double() * 360);
    } else {
      ups.push_back(info.up);
      for (auto v : info.vertices) {
        corners.push_back(v.x - v.y / 2.0);
        corners.push_back(v.y * std::sqrt(3.0) / 2);
      }
    }
  }
  nlohmann::json out{{"board", g.key()},
                     {"shape", g.is_disc() ? "disc" : "triangle"},
                     {"names", names},
                     {g.is_disc() ? "ring" : "row", rings},
                     {"index", indices}};
  if (g.is_disc()) {
    auto sizes = nlohmann::json::array();
    for (int r = 1; r <= g.rings(); ++r)
      sizes.push_back(g.ring_size(r));
    out["ring_sizes"] = sizes;
    out["start_degrees"] = starts;
    out["end_degrees"] = ends;
  } else {
    out["side"] = g.side();
    out["up"] = ups;
    out["corners"] = corners;
  }
  return out;
}

void state::write_view(json_writer& w) const {
  const shiamgon::position& pos = position_;
  const geometry& g = pos.geometry();
  const int n = num_players();
  const bool over = pos.over();
  // The cells never change: written once per board.
  static const std::array<std::string, 4> drawn{
      geometry_json(geometry_of(board_kind::disc_large)).dump(),
      geometry_json(geometry_of(board_kind::disc_small)).dump(),
      geometry_json(geometry_of(board_kind::triangle_64)).dump(),
      geometry_json(geometry_of(board_kind::triangle_256)).dump()};
  w.object([&] {
    w.key("geometry");
    w.raw(drawn[static_cast<int>(g.kind())]);
    // Per cell, in the order of geometry.names: the seat whose stone stands there, -1 if empty.
    w.key("owners");
    w.array_of(pos.board());
    w.key("players");
    w.array([&] {
      for (int s = 0; s < n; ++s) {
        w.object([&] {
          w.field("seat", s);
          w.field("colour", colour_key(s));
          w.field("name", colour_name(s));
          w.field("stones", pos.stones(s).count());
          w.field("placements", pos.placements(s));
          w.field("prisoners_won", pos.prisoners_won(s));
          w.key("prisoners_by_owner");
          w.object([&] {
            for (int o = 0; o < n; ++o) {
              if (pos.held()[s][o] > 0) w.field(colour_key(o), pos.held()[s][o]);
            }
          });
          w.field("stones_lost", pos.stones_lost(s));
          w.field("score", pos.score(s));
          w.field("retired", pos.retired(s));
        });
      }
    });
    w.field("to_move", over ? std::nullopt : std::optional(pos.to_move()));
    w.field("deciding", over ? std::nullopt : std::optional(pos.decider()));
    w.key("displacement");
    if (const auto& d = pos.pending()) {
      w.object([&] {
        w.field("placer", d->placer);
        w.field("cell", g.name(d->target));
        w.field("player", d->waiting.front());
        w.field("stone", g.name(pos.displaced_stone()));
        w.key("choices");
        w.array([&] {
          const cell_set to = pos.shift_targets();
          for (int c = 0; c < g.num_cells(); ++c) {
            if (to[c]) w.value(g.name(c));
          }
        });
        w.key("waiting");
        w.array_of(d->waiting);
      });
    } else {
      w.null();
    }
    w.key("last_captures");
    w.array([&] {
      for (const auto& c : pos.last_captures()) {
        w.object([&] {
          w.field("owner", c.owner);
          w.key("cells");
          w.array([&] {
            for (int x : c.cells)
              w.value(g.name(x));
          });
          w.field("completed_by", c.completed_by);
        });
      }
    });
    w.field("passes_in_row", pos.passes_in_row());
    w.field("turns", pos.turns());
    w.field("end", over ? std::optional(ending_key(pos.end())) : std::nullopt);
    w.field("position", position_text());
  });
}

namespace {

std::uint64_t count_sequences(const shiamgon::position& pos, int depth) {
  if (depth == 0) return 1;
  if (pos.over()) return 0;
  bool shifting = pos.pending().has_value();
  cell_set moves = shifting ? pos.shift_targets() : pos.placements_for(pos.to_move());
  if (depth == 1) return moves.count();
  std::uint64_t total = 0;
  for (std::size_t c = moves._Find_first(); c < max_cells; c = moves._Find_next(c)) {
    shiamgon::position next = pos;
    if (shifting) {
      next.shift(static_cast<int>(c));
    } else {
      next.place(static_cast<int>(c));
    }
    total += count_sequences(next, depth - 1);
  }
  return total;
}

}  // namespace

std::uint64_t state::perft(int depth) const {
  return count_sequences(position_, depth);
}

std::unique_ptr<engine::state> state::clone() const {
  return std::make_unique<state>(*this);
}

}  // namespace boardroom::engine::shiamgon
