#include "server/rooms/lobby.hpp"

#include <vector>

#include "protocol/rpc.hpp"

namespace boardroom::server {

void lobby::publish(const std::string& change, const nlohmann::json& summary) {
  const std::string id = summary.at("room");
  const std::string game = summary.at("game");
  std::vector<std::shared_ptr<peer>> targets;
  {
    std::lock_guard lock(mutex_);
    if (change == "closed") {
      rooms_.erase(id);
    } else {
      rooms_[id] = summary;
    }
    targets = watching_locked(game);
  }
  if (targets.empty()) return;
  // Serialized once, shared by every subscriber.
  auto frame = make_frame(
      protocol::write_notification("lobby.update", {{"change", change}, {"room", summary}}));
  for (auto& p : targets)
    p->send(frame);
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
  if (targets.empty()) return;
  auto frame =
      make_frame(protocol::write_notification(method, {{"change", change}, {key, summary}}));
  for (auto& p : targets)
    p->send(frame);
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
  return list_locked(rooms_, game);
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
        {{"rooms", list_locked(rooms_, game)},
         {"tournaments", list_locked(tournaments_, game)},
         {"seeks", list_locked(seeks_, game)}});
  subscribers_[who.get()] = {who, std::move(game)};
}

void lobby::unsubscribe(const peer* who) {
  std::lock_guard lock(mutex_);
  subscribers_.erase(who);
}

}  // namespace boardroom::server
