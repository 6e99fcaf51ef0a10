#include "bots/engine_adapter.hpp"

#include <iostream>

#include "bots/errors.hpp"

namespace boardroom::bots {

bool starts_with_word(std::string_view line, std::string_view word) {
  return line.starts_with(word) && (line.size() == word.size() || line[word.size()] == ' ');
}

bool engine_adapter::chatter(const std::string& line) {
  if (starts_with_word(line, "log")) {
    std::cerr << "engine: " << line.substr(std::min<std::size_t>(4, line.size())) << std::endl;
    return true;
  }
  return starts_with_word(line, "info");
}

std::string engine_adapter::quit(std::chrono::milliseconds grace) {
  try {
    process_->send("quit");
  } catch (const engine_failure&) {
    // gone already: finish() says how
  }
  return process_->finish(grace);
}

std::string engine_adapter::next_line(std::string_view what, steady_clock::time_point deadline,
                                      const turn_request* turn, bool* abandoned) {
  const int watch = turn && !(abandoned && *abandoned) ? turn->watch_fd : -1;
  for (;;) {
    const auto r = process_->read_line(deadline, watch);
    if (const auto* got = std::get_if<engine_process::line>(&r)) {
      if (chatter(got->text)) continue;
      return got->text;
    }
    if (std::holds_alternative<engine_process::timed_out>(r)) {
      throw engine_failure("the engine did not answer " + std::string(what) + " in time");
    }
    // The server sent something while the engine thinks.
    if (turn->still_wanted()) continue;
    if (abandoned) *abandoned = true;
    process_->send("stop");
    return next_line(what, steady_clock::now() + engine_grace);
  }
}

}  // namespace boardroom::bots
