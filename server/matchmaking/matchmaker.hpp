#pragma once
// Finding an opponent: quick pairing by seeks, and direct challenges.
//
// A seek waits in the pool of its game, parameters, time control and ratedness; a pairing round
// (every limits::seek_round_interval, or at once when a pool fills) pairs the pool by
// pairing.hpp and opens a room per game with the players seated. A challenge goes to one connected
// identity (or a built-in bot), which accepts or declines it before it expires. Either way every
// player seated gets `game.assigned` before the room's first event, so a bot learns of its game
// without polling. Seeks and challenges live in memory only: they belong to connections, and a
// player who drops loses them (a restart drops every connection).
//
// Threading: everything here runs on the store's thread, like the tournament desk: seeks and
// challenges are rare next to moves, and ratings are read from the store when a seek is made.

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "engine/core/bot.hpp"
#include "engine/core/registry.hpp"
#include "protocol/messages.hpp"
#include "server/net/peer.hpp"
#include "server/rooms/time_control.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

class hub;
struct client_context;

class matchmaker {
 public:
  matchmaker(hub& host, store& storage, boost::asio::any_io_executor exec);
  ~matchmaker();

  // A seek.* or challenge.* request; answered from the store's thread.
  void handle(const std::shared_ptr<peer>& conn, const client_context& ctx,
              const nlohmann::json& id, protocol::message m);
  // The connection is gone: its seeks are withdrawn, its challenges (sent or received) cancelled.
  void disconnected(const peer* conn, const std::string& player);
  void shut_down();

 private:
  // A player as seeks, challenges and game.assigned show them.
  struct person {
    std::string player;
    std::string name;
    bool bot_account = false;
    std::weak_ptr<peer> conn;
  };
  struct seek {
    std::string id;
    person who;
    std::string pool;  // game spec, time control and ratedness: who can meet whom
    engine::game_spec spec;
    time_control timing;
    bool rated = false;
    int rating = 0;
    int max_gap = -1;
    int min_players = 2;
    int max_players = 2;
    const engine::bot* bot = nullptr;
    std::chrono::steady_clock::time_point since;
    std::int64_t created_ms = 0;
    const std::string& maker() const { return who.player; }
  };
  struct challenge {
    std::string id;
    person from;
    person to;
    engine::game_spec spec;
    time_control timing;
    bool rated = false;
    int from_seat = -1;  // -1: drawn when accepted
    std::int64_t expires_ms = 0;
    std::unique_ptr<boost::asio::steady_timer> timer;
    const std::string& maker() const { return from.player; }
  };
  using answer = std::expected<nlohmann::json, protocol::error>;

  answer create_seek(const person& who, const protocol::seek_create& m);
  answer cancel_seek(const std::string& player, const std::string& seek_id);
  answer create_challenge(const person& who, const protocol::challenge_create& m);
  answer accept(const std::string& player, const std::string& challenge_id);
  answer decline(const std::string& player, const protocol::challenge_decline& m);
  answer cancel_challenge(const std::string& player, const std::string& challenge_id);

  void arm_round();
  void pairing_round();
  // Opens a room with `players` seated in this order (bots fill the seats in `bots`, where
  // `players` has empty places) and tells every player, with their seek's or the challenge's id
  // (`refs`, by seat); returns the room's id, or empty when the store refused.
  std::string open_game(const engine::game_spec& spec, const time_control& timing, bool rated,
                        const std::vector<person>& players,
                        const std::map<int, const engine::bot*>& bots, const std::string& via,
                        const std::vector<std::string>& refs);
  void withdraw(const std::string& seek_id);  // off the lobby and out of memory
  void end_challenge(const std::string& challenge_id, const std::string& method,
                     const nlohmann::json& params, bool to_challenger, bool to_target);
  nlohmann::json seek_summary(const seek& s) const;
  bool creator_saved();

  hub& hub_;
  store& store_;
  boost::asio::any_io_executor exec_;
  std::map<std::string, seek> seeks_;                 // by id
  std::map<std::string, challenge> challenges_;       // by id
  std::map<std::string, std::string> last_opponent_;  // player -> whom they were last paired with
  boost::asio::steady_timer round_timer_;
  bool round_armed_ = false;
  bool creator_saved_ = false;
  bool shut_ = false;
};

}  // namespace boardroom::server
