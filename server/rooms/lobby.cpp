#include "server/rooms/lobby.hpp"

#include <vector>

#include "protocol/rpc.hpp"

namespace boardroom::server {

void lobby::publish(const std::string& change, const nlohmann::json& summary) {
  publish_listing(rooms_, change, summary);
}

void lobby::publish_tournament(const std::string& change, const nlohmann::json& summary) {
  publish_listing(tournaments_, change, summary);
}

void lobby::publish_seek(const std::string& change, const nlohmann::json& summary) {
  publish_listing(seeks_, change, summary);
}

void lobby::publish_listing(listing& to, const std::string& change, const nlohmann::json& summary) {
  std::vector<std::shared_ptr<peer>> targets;
  {
    std::lock_guard lock(mutex_);
    const std::string id = summary.at(to.key);
    if (change == "closed" || change == "removed") {
      to.here.erase(id);
    } else {
      to.here[id] = summary;
    }
    targets = watching_locked(summary.at("game"));
  }
  send_to(targets, to, change, summary);
}

void lobby::send_to(const std::vector<std::shared_ptr<peer>>& targets, const listing& about,
                    const std::string& change, const nlohmann::json& summary) {
  if (targets.empty()) return;
  // Serialized once, shared by every subscriber.
  auto frame = make_frame(
      protocol::write_notification(about.method, {{"change", change}, {about.key, summary}}));
  for (const auto& p : targets)
    p->send(frame);
}

nlohmann::json lobby::here() const {
  std::lock_guard lock(mutex_);
  return {{"rooms", list_locked(rooms_.here, std::nullopt)},
          {"tournaments", list_locked(tournaments_.here, std::nullopt)},
          {"seeks", list_locked(seeks_.here, std::nullopt)}};
}

void lobby::set_elsewhere(const std::vector<nlohmann::json>& nodes) {
  struct change {
    std::vector<std::shared_ptr<peer>> targets;
    const listing* about;
    const char* what;
    nlohmann::json summary;
  };
  std::vector<change> changes;
  std::lock_guard lock(mutex_);
  for (listing* l : {&rooms_, &tournaments_, &seeks_}) {
    // What the other nodes list now, by id; entries without an id or a game are not entries.
    std::map<std::string, nlohmann::json> now;
    for (const auto& node : nodes) {
      auto it = node.find(l->name);
      if (it == node.end() || !it->is_array()) continue;
      for (const auto& summary : *it) {
        if (!summary.is_object() || !summary.contains(l->key) || !summary[l->key].is_string() ||
            !summary.contains("game") || !summary["game"].is_string())
          continue;
        now[summary[l->key].get<std::string>()] = summary;
      }
    }
    const char* gone = l == &seeks_ ? "removed" : "closed";
    for (const auto& [id, summary] : l->elsewhere) {
      if (!now.contains(id))
        changes.push_back({watching_locked(summary["game"]), l, gone, summary});
    }
    for (const auto& [id, summary] : now) {
      auto was = l->elsewhere.find(id);
      if (was == l->elsewhere.end()) {
        changes.push_back({watching_locked(summary["game"]), l, "opened", summary});
      } else if (was->second != summary) {
        changes.push_back({watching_locked(summary["game"]), l, "updated", summary});
      }
    }
    l->elsewhere = std::move(now);
  }
  // Sent under the lock, as a subscription's first list is: no subscriber sees a change twice.
  for (const auto& c : changes)
    send_to(c.targets, *c.about, c.what, c.summary);
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

nlohmann::json lobby::list_locked(const listing& from, const std::optional<std::string>& game) {
  auto out = list_locked(from.here, game);
  for (auto& each : list_locked(from.elsewhere, game))
    out.push_back(std::move(each));
  return out;
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
