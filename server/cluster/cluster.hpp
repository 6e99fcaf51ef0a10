#pragma once
// This node's membership of a cluster: several `boardroom serve` nodes that share one PostgreSQL
// store and one Redis (docs/scaling.md).
//
// Each open room is owned by exactly one node, which holds its lease: the Redis key
// `boardroom:room:<id>`, whose value is the owner's WebSocket URL and which expires unless the
// owner renews it. A node takes a lease with SET NX, renews all of its leases in one script every
// third of the lease time, and gives a lease back when its room closes. Clients of a room play on
// its owner; another node answers their requests with `room_elsewhere` and the owner's URL.
//
// The fence. A node writes a room's events only while its own clock says its lease cannot have
// expired: until the moment it *sent* the last successful renewal, plus the lease, less a fifth of
// it as a margin for the commit under way. Redis lets the key go no earlier than a whole lease
// after it received that renewal, so a node that stops renewing (stalled, cut off from Redis) has
// stopped writing before another node can take the room; and should that ever fail, the event
// log's key (room, version) refuses the second writer of a version.
//
// The shared lobby: each node publishes its public rooms under `boardroom:lobby:<url>` (expiring
// after three renewal periods) and reads the others'.

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/cluster/redis_link.hpp"

namespace boardroom::server {

struct cluster_settings {
  std::string redis;     // redis://HOST[:PORT] or unix:PATH
  std::string node_url;  // where clients reach this node: ws://host:port/ws
  std::chrono::milliseconds lease{10000};
};

class cluster {
 public:
  static store_result<std::unique_ptr<cluster>> join(const cluster_settings& settings);

  const std::string& url() const { return settings_.node_url; }
  std::chrono::milliseconds lease() const { return settings_.lease; }
  // How often leases are renewed, the lobby published and orphaned rooms looked for.
  std::chrono::milliseconds period() const { return settings_.lease / 3; }

  // Each call below is one Redis round trip (renew() and unowned() one per 500 rooms,
  // exchange_lobby() four), thread-safe.

  // Takes the room's lease when no node holds it: true when this node owns the room now.
  store_result<bool> claim(const std::string& room);
  // The URL of the node that owns the room, or nothing when no node does.
  store_result<std::optional<std::string>> owner_of(const std::string& room);
  // Gives the lease back (the room closed here); a lease another node holds is left alone.
  void release(const std::string& room);
  // The desk: one node of the cluster runs the tournaments and quick pairing (and their rooms),
  // under a lease of its own, `boardroom:desk`, renewed with the rooms'.
  store_result<bool> claim_desk();
  store_result<std::optional<std::string>> desk_owner();
  bool holds_desk() const;

  // Renews every lease this node holds; returns what it no longer owns (another node holds the
  // key, or the fence's time ran out before a renewal got through).
  struct renewal {
    std::vector<std::string> rooms;
    bool desk = false;
  };
  renewal renew();
  // The rooms among `rooms` that no node owns.
  store_result<std::vector<std::string>> unowned(const std::vector<std::string>& rooms);

  // The fence: whether this node may still write the room's events (see above). No Redis call:
  // a map lookup under the mutex, for the journal before each commit.
  bool holds(std::string_view room) const;

  // The shared lobby: publishes what this node lists (JSON text) and returns what the other
  // nodes list.
  std::vector<std::string> exchange_lobby(const std::string& listing);

 private:
  cluster(cluster_settings settings, std::unique_ptr<redis_link> link)
      : settings_(std::move(settings)), link_(std::move(link)) {}
  store_result<bool> claim_key(const std::string& key);
  store_result<std::optional<std::string>> owner_of_key(const std::string& key);
  bool holds_key(const std::string& key) const;
  using time_point = std::chrono::steady_clock::time_point;
  time_point fence_from(time_point sent) const {
    return sent + settings_.lease - settings_.lease / 5;
  }

  cluster_settings settings_;
  std::unique_ptr<redis_link> link_;
  mutable std::mutex mutex_;
  std::map<std::string, time_point, std::less<>> held_;  // lease key -> writable until
};

}  // namespace boardroom::server
