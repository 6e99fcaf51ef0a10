#include "server/rooms/outcome_json.hpp"

namespace boardroom::server {

nlohmann::json outcome_to_json(const engine::outcome& result) {
  return {{"ranks", result.ranks},
          {"scores", result.scores},
          {"winners", result.winners()},
          {"reason", result.reason},
          {"description", result.description}};
}

nlohmann::json outcome_to_json(const std::optional<engine::outcome>& result) {
  return result ? outcome_to_json(*result) : nlohmann::json(nullptr);
}

engine::outcome outcome_from_json(const nlohmann::json& j) {
  engine::outcome o;
  o.ranks = j.at("ranks").get<std::vector<int>>();
  o.scores = j.at("scores").get<std::vector<double>>();
  o.reason = j.at("reason").get<std::string>();
  o.description = j.value("description", "");
  return o;
}

}  // namespace boardroom::server
