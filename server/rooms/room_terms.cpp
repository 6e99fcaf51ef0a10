#include "server/rooms/room_terms.hpp"

#include "server/rooms/ids.hpp"

namespace boardroom::server {

using protocol::app_error;

std::expected<room_terms, protocol::error> check_terms(
    const std::string& game, const nlohmann::json& params, std::optional<int> seats,
    const std::optional<std::string>& time_control) {
  auto spec = engine::make_game_spec(game, params);
  if (!spec) {
    const auto& e = spec.error();
    return std::unexpected(app_error(e.code, e.message, e.field.empty() ? "params" : e.field));
  }
  const auto range = spec->game_ptr->players();
  const int count = seats.value_or(range.min);
  if (count < range.min || count > range.max) {
    return std::unexpected(app_error("bad_seats",
                                     std::string(spec->game_ptr->display_name()) +
                                         " is played by " + std::to_string(range.min) + " to " +
                                         std::to_string(range.max) + " players",
                                     "seats"));
  }
  auto timing = parse_time_control(time_control.value_or("none"));
  if (!timing)
    return std::unexpected(app_error("bad_time_control", timing.error(), "time_control"));
  if (auto misfit = time_control_misfit(*timing, *spec->game_ptr)) {
    return std::unexpected(app_error("bad_time_control", *misfit, "time_control"));
  }
  const std::uint64_t seed = random_seed();
  // The engine says "bad_players" for a seat count and "bad_parameter" for a value.
  auto st = spec->game_ptr->new_state(count, spec->params, seed);
  if (!st) {
    const auto& e = st.error();
    if (e.code == "bad_players") return std::unexpected(app_error("bad_seats", e.message, "seats"));
    return std::unexpected(
        app_error("bad_parameter", e.message, e.field.empty() ? "params" : e.field));
  }
  return room_terms{std::move(*spec), count, *timing, seed, std::move(*st)};
}

}  // namespace boardroom::server
