#pragma once
// The server's shared state: identities, rooms, the lobby, and the dispatch of typed requests.
//
// The hub's maps are guarded by one mutex held only for lookups and inserts; it never runs room
// code under that lock (room methods post to the room's strand), so rooms and hub cannot deadlock.

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "server/config.hpp"
#include "server/lobby.hpp"
#include "server/metrics.hpp"
#include "server/peer.hpp"
#include "server/room.hpp"

namespace boardroom::server {

// Per-connection state the hub reads and writes; owned by the connection, used on its strand.
struct client_context {
  std::string player;  // identity id; empty until hello
  std::string name;
};

class hub final : public room_host {
 public:
  hub(boost::asio::io_context& io, const config& cfg, metrics& stats);

  void handle(const std::shared_ptr<peer>& conn, client_context& ctx, const nlohmann::json& id,
              protocol::message msg, std::chrono::steady_clock::time_point received);

  void connected(const std::shared_ptr<peer>& conn);
  void disconnected(const peer* conn, const client_context& ctx);

  // Graceful shutdown: every connection is closed with 1001 and every room's timers cancelled.
  void shut_down();

  nlohmann::json public_rooms(const std::optional<std::string>& game) const;
  const config& settings() const { return config_; }
  metrics& stats() { return metrics_; }

  // room_host
  void member_added(const std::string& player, const std::string& room) override;
  void member_removed(const std::string& player, const std::string& room) override;
  void room_closed(const std::string& room, const std::string& creator) override;

 private:
  struct identity {
    std::string name;
    std::string token;
    std::weak_ptr<peer> conn;
    std::set<std::string> rooms;
    int rooms_created = 0;  // rooms created that are still open
  };

  void on_hello(const std::shared_ptr<peer>& conn, client_context& ctx, const nlohmann::json& id,
                const protocol::hello& m);
  void on_create(const std::shared_ptr<peer>& conn, const client_context& ctx,
                 const nlohmann::json& id, const protocol::room_create& m);
  std::shared_ptr<room> find_room(const std::string& id) const;
  void prune_locked(const std::string& player);
  void fail(peer& conn, const nlohmann::json& id, const protocol::error& e);

  boost::asio::io_context& io_;
  const config& config_;
  metrics& metrics_;
  lobby lobby_;

  mutable std::mutex mutex_;
  std::map<std::string, identity> identities_;          // by player id
  std::map<std::string, std::string> tokens_;           // resume token -> player id
  std::map<std::string, std::shared_ptr<room>> rooms_;  // open rooms by id
  std::map<const peer*, std::weak_ptr<peer>> connections_;
};

}  // namespace boardroom::server
