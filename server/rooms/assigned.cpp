#include "server/rooms/assigned.hpp"

#include <algorithm>

#include "protocol/rpc.hpp"

namespace boardroom::server {

using nlohmann::json;

std::vector<assigned_notice> game_assigned(
    const room_settings& rs, const std::string& via, const std::vector<std::string>& refs,
    const std::function<bool(const std::string&)>& bot_account) {
  json seated = json::array();
  for (int i = 0; i < rs.seats; ++i) {
    if (auto b = rs.bots.find(i); b != rs.bots.end()) {
      seated.push_back({{"seat", i},
                        {"player", nullptr},
                        {"name", std::string(b->second->name()) + " bot"},
                        {"bot", b->second->name()},
                        {"bot_account", false}});
      continue;
    }
    auto e = std::ranges::find(rs.entrants, i, &seated_entrant::seat);
    if (e == rs.entrants.end()) continue;
    seated.push_back({{"seat", i},
                      {"player", e->player},
                      {"name", e->name},
                      {"bot", nullptr},
                      {"bot_account", bot_account(e->player)}});
  }
  std::vector<assigned_notice> out;
  for (const auto& e : rs.entrants) {
    out.push_back({e.conn, protocol::write_notification(
                               "game.assigned", {{"room", rs.id},
                                                 {"seat", e.seat},
                                                 {"game", rs.spec.game_ptr->key()},
                                                 {"spec", rs.spec.text()},
                                                 {"time_control", time_control_text(rs.timing)},
                                                 {"rated", rs.rated},
                                                 {"via", via},
                                                 {via, refs.at(static_cast<std::size_t>(e.seat))},
                                                 {"players", seated}})});
  }
  return out;
}

void send_all(const std::vector<assigned_notice>& notices) {
  for (const auto& n : notices) {
    if (auto conn = n.conn.lock()) conn->send(make_frame(n.text));
  }
}

}  // namespace boardroom::server
