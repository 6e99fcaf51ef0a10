#include "bots/aei_translation.hpp"

#include <algorithm>

#include "engine/arimaa/notation.hpp"
#include "engine/arimaa/time_control.hpp"
#include "server/rooms/time_control.hpp"

namespace boardroom::bots::aei {

namespace arimaa = engine::arimaa;
using std::chrono::milliseconds;

std::string to_aei_move(std::string_view server_move) {
  auto parsed = arimaa::parse_submission(server_move);
  if (!parsed) return std::string(server_move);  // the server's own record: not expected
  std::string out;
  for (const auto& t : parsed->tokens) {
    if (t.what == arimaa::token::type::capture) continue;
    if (!out.empty()) out += ' ';
    out += t.text;
  }
  return out;
}

std::string next_turn_tag(std::size_t moves_played) {
  return arimaa::turn_tag(static_cast<int>(moves_played / 2 + 1),
                          moves_played % 2 == 0 ? arimaa::colour::gold : arimaa::colour::silver);
}

std::expected<std::string, std::string> from_aei_move(std::string_view bestmove,
                                                      std::size_t moves_played) {
  auto parsed = arimaa::parse_submission(bestmove);
  if (!parsed) return std::unexpected(parsed.error().message);
  bool steps = false;
  for (const auto& t : parsed->tokens) {
    if (t.what == arimaa::token::type::end || t.what == arimaa::token::type::undo) {
      return std::unexpected("'" + t.text + "' is not a step: a move is the whole turn's steps");
    }
    steps = steps || t.what != arimaa::token::type::capture;
  }
  if (!steps) return std::unexpected("no steps");
  std::string out;
  for (const auto& t : parsed->tokens) {
    if (!out.empty()) out += ' ';
    out += t.text;
  }
  if (parsed->number) {  // tagged by the engine: kept as written
    const auto first = bestmove.find_first_not_of(" \t");
    const auto last = bestmove.find_last_not_of(" \t");
    return std::string(bestmove.substr(first, last - first + 1));
  }
  return next_turn_tag(moves_played) + " " + out;
}

namespace {

long long seconds_down(milliseconds ms) {
  return std::max<long long>(ms.count(), 0) / 1000;
}

long long seconds_of(std::chrono::seconds s) {
  return s.count();
}

// Each seat's time left in the reading, the running seat's counted down.
std::vector<milliseconds> time_left(const nlohmann::json& clocks, milliseconds since_reading) {
  std::vector<milliseconds> left;
  if (!clocks.is_object()) return left;
  const auto& remaining = clocks.value("remaining_ms", nlohmann::json::array());
  const int running = clocks.value("running", nlohmann::json()).is_number_integer()
                          ? clocks["running"].get<int>()
                          : -1;
  for (std::size_t i = 0; i < remaining.size(); ++i) {
    milliseconds ms(remaining[i].get<long long>());
    if (static_cast<int>(i) == running) ms = std::max(ms - since_reading, milliseconds(0));
    left.push_back(ms);
  }
  return left;
}

}  // namespace

std::vector<std::pair<std::string, long long>> time_options(std::string_view time_control,
                                                            const nlohmann::json& clocks,
                                                            milliseconds since_reading) {
  std::vector<std::pair<std::string, long long>> out;
  const auto left = time_left(clocks, since_reading);
  const auto reserves = [&](auto&& reserve_of) {
    for (std::size_t seat = 0; seat < 2 && seat < left.size(); ++seat)
      out.emplace_back(seat == 0 ? "greserve" : "sreserve", reserve_of(seat));
  };
  constexpr std::string_view declared = "arimaa:";
  if (time_control.starts_with(declared)) {
    const auto tc = arimaa::parse_time_control(time_control.substr(declared.size()));
    if (!tc) return out;
    out = {{"tcmove", seconds_of(tc->per_turn)},
           {"tcreserve", seconds_of(tc->reserve)},
           {"tcpercent", tc->percent},
           {"tcmax", seconds_of(tc->reserve_limit)},
           {"tctotal", seconds_of(tc->game_time)},
           {"tcturns", tc->game_turns},
           {"tcturntime", seconds_of(tc->turn_limit)}};
    const auto& banked = clocks.is_object() ? clocks.value("reserve_ms", nlohmann::json::array())
                                            : nlohmann::json::array();
    reserves([&](std::size_t seat) {
      return seat < banked.size() ? seconds_down(milliseconds(banked[seat].get<long long>()))
                                  : seconds_of(tc->reserve);
    });
    return out;
  }
  const auto tc = server::parse_time_control(time_control);
  if (!tc) return out;
  using server::clock_kind;
  const auto ms_to_s = [](milliseconds ms) { return seconds_down(ms); };
  switch (tc->kind) {
    case clock_kind::none:
    case clock_kind::declared:
      return out;
    case clock_kind::sudden_death:
      out = {{"tcmove", 0}, {"tcreserve", ms_to_s(tc->initial)}, {"tcpercent", 100}};
      reserves([&](std::size_t seat) { return ms_to_s(left[seat]); });
      return out;
    case clock_kind::fischer: {
      // The running seat's time decides this turn's tcmove when less than the increment is left.
      milliseconds per_turn = tc->increment;
      if (clocks.is_object() && clocks.value("running", nlohmann::json()).is_number_integer()) {
        const auto running = clocks["running"].get<std::size_t>();
        if (running < left.size()) per_turn = std::min(per_turn, left[running]);
      }
      out = {
          {"tcmove", ms_to_s(per_turn)}, {"tcreserve", ms_to_s(tc->initial)}, {"tcpercent", 100}};
      reserves([&](std::size_t seat) {
        return ms_to_s(std::max(left[seat] - tc->increment, milliseconds(0)));
      });
      return out;
    }
    case clock_kind::per_move:
    case clock_kind::correspondence:
      out = {{"tcmove", ms_to_s(tc->per_move)}, {"tcreserve", 0}, {"tcpercent", 0}};
      reserves([](std::size_t) { return 0LL; });
      return out;
  }
  return out;
}

}  // namespace boardroom::bots::aei
