#include "bots/room_game.hpp"

#include <algorithm>

namespace boardroom::bots {

namespace {

std::optional<int> optional_seat(const json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<int>();
}

// Whose decision it is, as a snapshot or an event that changes the position says.
void read_turn(room_game& g, const json& object) {
  g.to_move = optional_seat(object, "to_move");
  g.to_act.clear();
  const auto a = object.find("to_act");
  g.has_to_act = a != object.end() && a->is_array();
  if (!g.has_to_act) return;
  for (const auto& actor : *a)
    g.to_act.push_back(actor.value("seat", -1));
}

}  // namespace

void room_game::apply_snapshot(const json& s) {
  room = s.value("room", room);
  version = s.value("version", std::int64_t{0});
  spec = s.value("spec", spec);
  status = s.value("status", std::string("waiting"));
  time_control = s.value("time_control", std::string("none"));
  if (const auto seats = s.find("seats"); seats != s.end() && seats->is_array()) {
    players = static_cast<int>(seats->size());
  }
  if (const auto mine = optional_seat(s, "your_seat")) seat = *mine;
  moves.clear();
  if (const auto m = s.find("moves"); m != s.end() && m->is_array()) {
    for (const auto& move : *m)
      moves.push_back(move.get<std::string>());
  }
  position = s.value("position", std::string());
  read_turn(*this, s);
  clocks = s.value("clocks", json());
  clocks_read = steady_clock::now();
  outcome = s.value("outcome", json());
}

room_game::fold room_game::apply_event(const json& e) {
  const std::int64_t v = e.value("version", std::int64_t{0});
  if (v <= version) return fold::old;
  if (v != version + 1) return fold::gap;
  version = v;
  const std::string type = e.value("type", std::string());
  const bool changes_position = type == "game_started" || type == "move" || type == "seat_retired";
  if (type == "game_started") {
    status = "playing";
    if (const auto p = e.find("players"); p != e.end() && p->is_array()) {
      players = static_cast<int>(p->size());
    }
    time_control = e.value("time_control", time_control);
    moves.clear();
  }
  if (type == "move") moves.push_back(e.value("move", std::string()));
  if (changes_position) {
    position = e.value("position", position);
    read_turn(*this, e);
  }
  // Moves and the start carry clock readings, and so do time added and berserk.
  if (const auto c = e.find("clocks"); c != e.end()) {
    clocks = *c;
    clocks_read = steady_clock::now();
  }
  if (type == "game_over") {
    status = "finished";
    outcome = e.value("outcome", json());
    to_move.reset();
    to_act.clear();
  }
  if (type == "room_closed") status = "closed";
  return fold::applied;
}

bool room_game::my_turn() const {
  if (!playing() || seat < 0) return false;
  if (has_to_act) return std::find(to_act.begin(), to_act.end(), seat) != to_act.end();
  return to_move == seat;
}

std::string room_game::result_for_seat() const {
  if (!outcome.is_object()) return "no result";
  const json& ranks = outcome.value("ranks", json::array());
  if (seat < 0 || seat >= static_cast<int>(ranks.size())) return "no result";
  const int mine = ranks[seat].get<int>();
  int best_other = 1 << 30, sharing = 0;
  for (int i = 0; i < static_cast<int>(ranks.size()); ++i) {
    if (i == seat) continue;
    best_other = std::min(best_other, ranks[i].get<int>());
    sharing += ranks[i].get<int>() == mine;
  }
  if (ranks.size() == 2) return mine < best_other ? "won" : mine > best_other ? "lost" : "drew";
  std::string text = "ranked " + std::to_string(mine) + " of " + std::to_string(ranks.size());
  if (sharing > 0) text += " (shared)";
  return text;
}

}  // namespace boardroom::bots
