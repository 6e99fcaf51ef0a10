#include "bots/aei_adapter.hpp"

#include "bots/aei_translation.hpp"
#include "bots/errors.hpp"

namespace boardroom::bots {

void aei_adapter::start(steady_clock::time_point deadline) {
  process_->send("aei");
  for (;;) {
    const std::string line = next_line("'aei' with 'aeiok'", deadline);
    if (line == "aeiok") break;
    if (line == "protocol-version 1") continue;
    if (starts_with_word(line, "protocol-version")) {
      const std::string version = line.size() > 17 ? line.substr(17) : "of no version";
      throw engine_failure("the engine speaks AEI " + version + "; the bridge speaks 1");
    }
    if (starts_with_word(line, "id")) {
      if (line.starts_with("id name ")) name_ = line.substr(8);
      continue;
    }
    throw engine_failure("the engine answered 'aei' with '" + line +
                         "' (an AEI engine answers protocol-version 1, id lines and aeiok)");
  }
  process_->send("isready");
  const std::string ready = next_line("'isready'", deadline);
  if (ready != "readyok") {
    throw engine_failure("the engine answered 'isready' with '" + ready + "', not 'readyok'");
  }
}

void aei_adapter::new_game(const room_game&) {
  process_->send("newgame");
  moves_told_ = 0;
}

std::optional<engine_choice> aei_adapter::choose(const turn_request& t) {
  const room_game& g = t.game;
  for (; moves_told_ < g.moves.size(); ++moves_told_)
    process_->send("makemove " + aei::to_aei_move(g.moves[moves_told_]));
  const auto since =
      std::chrono::duration_cast<std::chrono::milliseconds>(steady_clock::now() - g.clocks_read);
  for (const auto& [name, value] : aei::time_options(g.time_control, g.clocks, since))
    process_->send("setoption name " + name + " value " + std::to_string(value));
  process_->send("go");
  bool abandoned = false;
  const std::string line = next_line("'go' with a bestmove", t.deadline, &t, &abandoned);
  if (!starts_with_word(line, "bestmove")) {
    throw engine_failure("the engine answered 'go' with '" + line + "', not a bestmove");
  }
  if (abandoned) return std::nullopt;
  const std::string steps = line.size() > 9 ? line.substr(9) : "";
  auto move = aei::from_aei_move(steps, g.moves.size());
  if (!move) {
    throw engine_failure("the engine's bestmove '" + steps + "' is not a move: " + move.error());
  }
  return engine_choice{false, *move};
}

}  // namespace boardroom::bots
