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
  // In a cluster (server/cluster/cluster.hpp): what this node lists, {"rooms": [...],
  // "tournaments": [...], "seeks": [...]}, for the other nodes; and what they list (each such
  // an object), all at once, listed with this node's. Subscribers hear what changed as for
  // changes here.
  nlohmann::json here() const;
  void set_elsewhere(const std::vector<nlohmann::json>& nodes);
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
  // One kind of entry: this node's, and the other nodes' in a cluster, by id.
  struct listing {
    const char* name;    // in here(): "rooms"
    const char* key;     // an entry's id: "room"
    const char* method;  // the notification: "lobby.update"
    std::map<std::string, nlohmann::json> here;
    std::map<std::string, nlohmann::json> elsewhere;
  };

  static nlohmann::json list_locked(const listing& from, const std::optional<std::string>& game);
  static nlohmann::json list_locked(const std::map<std::string, nlohmann::json>& from,
                                    const std::optional<std::string>& game);
  void publish_listing(listing& to, const std::string& change, const nlohmann::json& summary);
  static void send_to(const std::vector<std::shared_ptr<peer>>& targets, const listing& about,
                      const std::string& change, const nlohmann::json& summary);
  // The subscribers who watch `game`, forgetting those gone; under the lock.
  std::vector<std::shared_ptr<peer>> watching_locked(const std::string& game);

  mutable std::mutex mutex_;
  listing rooms_{"rooms", "room", "lobby.update", {}, {}};                        // public rooms
  listing tournaments_{"tournaments", "tournament", "lobby.tournament", {}, {}};  // entry, running
  listing seeks_{"seeks", "seek", "lobby.seek", {}, {}};  // seeks waiting for quick pairing
  std::map<const peer*, subscriber> subscribers_;
};

}  // namespace boardroom::server
