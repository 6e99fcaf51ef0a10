#include "server/rooms/lobby.hpp"

#include <vector>

#include "protocol/rpc.hpp"

namespace boardroom::server {

void lobby::publish(const std::string& change, const nlohmann::json& summary) {
  publish_listing(rooms_, "room", "lobby.update", change, summary);
}

void lobby::publish_tournament(const std::string& change, const nlohmann::json& summary) {
  publish_listing(tournaments_, "tournament", "lobby.tournament", change, summary);
}

void lobby::publish_seek(const std::string& change, const nlohmann::json& summary) {
  publish_listing(seeks_, "seek", "lobby.seek", change, summary);
}

void lobby::publish_listing(std::map<std::string, nlohmann::json>& listing, const char* key,
                            const char* method, const std::string& change,
                            const nlohmann::json& summary) {
  std::vector<std::shared_ptr<peer>> targets;
  {
    std::lock_guard lock(mutex_);
    const std::string id = summary.at(key);
    if (change == "closed" || change == "removed") {
      listing.erase(id);
    } else {
      listing[id] = summary;
    }
    targets = watching_locked(summary.at("game"));
  }
  send_to(targets, method, key, change, summary);
}

void lobby::send_to(const std::vector<std::shared_ptr<peer>>& targets, const char* method,
                    const char* key, const std::string& change, const nlohmann::json& summary) {
  if (targets.empty()) return;
  // Serialized once, shared by every subscriber.
  auto frame =
      make_frame(protocol::write_notification(method, {{"change", change}, {key, summary}}));
  for (const auto& p : targets)
    p->send(frame);
}

void lobby::set_elsewhere(std::map<std::string, nlohmann::json> rooms) {
  struct change {
    std::vector<std::shared_ptr<peer>> targets;
    const char* what;
    nlohmann::json summary;
  };
  std::vector<change> changes;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, summary] : elsewhere_) {
      if (!rooms.contains(id))
        changes.push_back({watching_locked(summary.at("game")), "closed", summary});
    }
    for (const auto& [id, summary] : rooms) {
      auto was = elsewhere_.find(id);
      if (was == elsewhere_.end()) {
        changes.push_back({watching_locked(summary.at("game")), "opened", summary});
      } else if (was->second != summary) {
        changes.push_back({watching_locked(summary.at("game")), "updated", summary});
      }
    }
    elsewhere_ = std::move(rooms);
  }
  for (const auto& c : changes)
    send_to(c.targets, "lobby.update", "room", c.what, c.summary);
}

std::vector<std::shared_ptr<peer>> lobby::watching_locked(const std::string& game) {
  std::vector<std::shared_ptr<peer>> targets;
  for (auto it = subscribers_.begin(); it != subscribers_.end();) {
    auto p = it->second.who.lock();
    if (!p) {
      it = subscribers_.erase(it);
      continue;
    }
    if (!it->second.game || *it->second.game == game) targets.push_back(std::move(p));
    ++it;
  }
  return targets;
}

nlohmann::json lobby::list(const std::optional<std::string>& game) const {
  std::lock_guard lock(mutex_);
  return rooms_locked(game);
}

nlohmann::json lobby::rooms_here() const {
  std::lock_guard lock(mutex_);
  return list_locked(rooms_, std::nullopt);
}

nlohmann::json lobby::rooms_locked(const std::optional<std::string>& game) const {
  auto out = list_locked(rooms_, game);
  for (auto& each : list_locked(elsewhere_, game))
    out.push_back(std::move(each));
  return out;
}

nlohmann::json lobby::tournaments(const std::optional<std::string>& game) const {
  std::lock_guard lock(mutex_);
  return list_locked(tournaments_, game);
}

nlohmann::json lobby::seeks(const std::optional<std::string>& game) const {
  std::lock_guard lock(mutex_);
  return list_locked(seeks_, game);
}

nlohmann::json lobby::list_locked(const std::map<std::string, nlohmann::json>& from,
                                  const std::optional<std::string>& game) {
  auto out = nlohmann::json::array();
  for (const auto& [id, summary] : from) {
    if (!game || summary.at("game") == *game) out.push_back(summary);
  }
  return out;
}

void lobby::subscribe(const std::shared_ptr<peer>& who, std::optional<std::string> game,
                      const nlohmann::json& request_id) {
  std::lock_guard lock(mutex_);
  reply(*who, request_id,
        {{"rooms", rooms_locked(game)},
         {"tournaments", list_locked(tournaments_, game)},
         {"seeks", list_locked(seeks_, game)}});
  subscribers_[who.get()] = {who, std::move(game)};
}

void lobby::unsubscribe(const peer* who) {
  std::lock_guard lock(mutex_);
  subscribers_.erase(who);
}

}  // namespace boardroom::server
