#pragma once
// The public directory of rooms and the clients that watch it. Rooms publish their summaries
// here; subscribers get `lobby.update` notifications filtered by game.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/net/peer.hpp"

namespace boardroom::server {

class lobby {
 public:
  // change: "opened", "updated" or "closed". `summary` must carry "room" and "game".
  void publish(const std::string& change, const nlohmann::json& summary);

  nlohmann::json list(const std::optional<std::string>& game) const;
  // In a cluster: the other nodes' public rooms by id, all of them at once (cluster.hpp). Listed
  // with this node's; subscribers hear what changed as `lobby.update`, as for rooms here.
  void set_elsewhere(std::map<std::string, nlohmann::json> rooms);
  // This node's public rooms only (what a cluster node publishes for the others).
  nlohmann::json rooms_here() const;

  // Public tournaments: the same subscribers get `lobby.tournament` notifications. `summary`
  // must carry "tournament" and "game"; change "closed" takes it off the lobby.
  void publish_tournament(const std::string& change, const nlohmann::json& summary);
  nlohmann::json tournaments(const std::optional<std::string>& game) const;

  // Seeks waiting for quick pairing: `lobby.seek` notifications. `summary` must carry "seek" and
  // "game" (the game's key); change "removed" takes it off the lobby.
  void publish_seek(const std::string& change, const nlohmann::json& summary);
  nlohmann::json seeks(const std::optional<std::string>& game) const;

  // Replies to `request_id` with the current list under the same lock as the subscription, so the
  // subscriber sees every change after that list and none before it.
  void subscribe(const std::shared_ptr<peer>& who, std::optional<std::string> game,
                 const nlohmann::json& request_id);
  void unsubscribe(const peer* who);

 private:
  struct subscriber {
    std::weak_ptr<peer> who;
    std::optional<std::string> game;
  };
  nlohmann::json rooms_locked(const std::optional<std::string>& game) const;
  static void send_to(const std::vector<std::shared_ptr<peer>>& targets, const char* method,
                      const char* key, const std::string& change, const nlohmann::json& summary);
  static nlohmann::json list_locked(const std::map<std::string, nlohmann::json>& from,
                                    const std::optional<std::string>& game);
  void publish_listing(std::map<std::string, nlohmann::json>& listing, const char* key,
                       const char* method, const std::string& change,
                       const nlohmann::json& summary);
  // The subscribers who watch `game`, forgetting those gone; under the lock.
  std::vector<std::shared_ptr<peer>> watching_locked(const std::string& game);

  mutable std::mutex mutex_;
  std::map<std::string, nlohmann::json> rooms_;        // public rooms by id
  std::map<std::string, nlohmann::json> elsewhere_;    // other nodes' public rooms by id
  std::map<std::string, nlohmann::json> tournaments_;  // public tournaments, entry or running
  std::map<std::string, nlohmann::json> seeks_;        // seeks waiting for quick pairing
  std::map<const peer*, subscriber> subscribers_;
};

}  // namespace boardroom::server
