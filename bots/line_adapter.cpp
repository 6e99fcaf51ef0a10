#include "bots/line_adapter.hpp"

#include <algorithm>

#include "bots/errors.hpp"

namespace boardroom::bots {

std::string go_line(const room_game& g, std::chrono::milliseconds since_reading) {
  std::string out = "go";
  if (!g.clocks.is_object()) return out;
  const auto& remaining = g.clocks.value("remaining_ms", json::array());
  const int running =
      g.clocks.value("running", json()).is_number_integer() ? g.clocks["running"].get<int>() : -1;
  const auto left = [&](int seat) {
    long long ms = remaining[seat].get<long long>();
    if (seat == running) ms = std::max<long long>(ms - since_reading.count(), 0);
    return std::to_string(ms);
  };
  const int seats = static_cast<int>(remaining.size());
  if (g.seat < 0 || g.seat >= seats) return out;
  out += " " + left(g.seat);
  for (int seat = 0; seat < seats; ++seat)
    if (seat != g.seat) out += " " + left(seat);
  return out;
}

void line_adapter::start(steady_clock::time_point deadline) {
  process_->send("boardroom 1");
  const std::string line = next_line("'boardroom 1' with 'ready'", deadline);
  if (!starts_with_word(line, "ready")) {
    throw engine_failure("the engine answered 'boardroom 1' with '" + line + "', not 'ready'");
  }
  if (line.size() > 6) name_ = line.substr(6);
}

void line_adapter::new_game(const room_game& g) {
  process_->send("newgame " + g.spec + " " + std::to_string(g.seat) + " " +
                 std::to_string(g.players) + " " + g.time_control);
  moves_told_ = 0;
}

std::optional<engine_choice> line_adapter::choose(const turn_request& t) {
  const room_game& g = t.game;
  for (; moves_told_ < g.moves.size(); ++moves_told_)
    process_->send("played " + g.moves[moves_told_]);
  process_->send("position " + g.position);
  process_->send(go_line(g, std::chrono::duration_cast<std::chrono::milliseconds>(
                                steady_clock::now() - g.clocks_read)));
  bool abandoned = false;
  const std::string line = next_line("'go' with a move", t.deadline, &t, &abandoned);
  const bool is_move = starts_with_word(line, "move") && line.size() > 5;
  if (!is_move && line != "resign") {
    throw engine_failure("the engine answered 'go' with '" + line + "', not 'move <move>'");
  }
  if (abandoned) return std::nullopt;
  if (!is_move) return engine_choice{true, ""};
  return engine_choice{false, line.substr(5)};
}

}  // namespace boardroom::bots
