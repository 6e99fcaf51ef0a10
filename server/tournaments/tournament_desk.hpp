#pragma once
// The tournament desk: runs every tournament of the server. It takes the tournament.* requests,
// stores each tournament's events before anything else happens (as rooms do), pairs rounds by
// the tournament's system (systems.hpp), opens the rooms with the players seated, collects the
// results when the rooms' games end, and tells entrants and watchers (tournament.* notifications).
//
// Threading: everything the desk owns lives on the store's thread. Tournament work is rare next to
// moves (a request, a result, a round) and always writes first, so running it where the store
// runs serialises it without a lock and keeps every store call off the io threads. Requests,
// game ends and HTTP reads are posted there.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "protocol/messages.hpp"
#include "server/match/match.hpp"
#include "server/net/peer.hpp"
#include "server/records/records_api.hpp"
#include "server/storage/store.hpp"
#include "server/tournaments/tournament.hpp"

namespace boardroom::server {

class hub;
struct client_context;

// GET /api/v1/tournaments                     public tournaments (summaries)
//     /api/v1/tournaments/{id}                settings, entrants, rounds and standings
//     /api/v1/tournaments/{id}/standings      /crosstable   /rounds/{n}
//     /api/v1/tournaments/{id}/trf            FIDE TRF-2016 (two-player Swiss and round robin)
inline constexpr std::string_view tournaments_path = "/api/v1/tournaments";
inline bool is_tournaments_route(std::string_view path) {
  return path == tournaments_path || (path.starts_with(tournaments_path) &&
                                      path.substr(tournaments_path.size()).starts_with("/") &&
                                      path.size() > tournaments_path.size() + 1);
}

// A tournament's id ("t" and ten characters), which is also the identity its rooms are created by.
inline bool is_tournament_id(std::string_view id) {
  return id.size() == 11 && id[0] == 't';
}

class tournament_desk {
 public:
  tournament_desk(hub& host, store& storage, boost::asio::any_io_executor exec);
  ~tournament_desk();

  // Server start, after the hub restored its rooms and before the io_context runs: folds every
  // open tournament's log and carries on where it stopped (opens the rooms of the current round
  // that were never opened, takes the results of games that ended meanwhile, pairs the next
  // round when one is due, sets the start timers).
  store_result<int> restore();

  // A tournament.* request; answered from the store's thread.
  void handle(const std::shared_ptr<peer>& conn, const client_context& ctx,
              const nlohmann::json& id, protocol::message m);
  // A room's game ended (its game_over is durable); any thread.
  void game_ended(const std::string& room, const game_end& end);
  void disconnected(const peer* conn);
  // Ids of the tournaments taking entries or running; on the store's thread (or before the
  // io_context runs).
  std::vector<std::string> open_tournaments() const;
  void shut_down();

  // The HTTP API's tournament routes; called on the store's thread.
  api_reply serve(std::string_view path, const query_lookup& query);

 private:
  struct live;
  using reply_fn = std::function<void(std::expected<nlohmann::json, protocol::error>)>;

  void on_request(const std::shared_ptr<peer>& conn, const std::string& player,
                  const std::string& name, const nlohmann::json& id, protocol::message m);
  std::expected<nlohmann::json, protocol::error> create(const std::string& player,
                                                        const protocol::tournament_create& m);
  std::expected<nlohmann::json, protocol::error> join(const std::string& player,
                                                      const std::string& name,
                                                      const protocol::tournament_join& m);
  std::expected<nlohmann::json, protocol::error> add_player(
      live& t, const protocol::tournament_add_player& m);
  std::expected<nlohmann::json, protocol::error> start(live& t);
  std::expected<nlohmann::json, protocol::error> pair_by_hand(live& t,
                                                              const protocol::tournament_pair& m);
  std::expected<nlohmann::json, protocol::error> set_result(
      live& t, const protocol::tournament_set_result& m);
  std::expected<nlohmann::json, protocol::error> withdraw(live& t, const std::string& player);

  // Stores the events, then folds them; false (and nothing changed) when the store refused.
  bool append(live& t, const std::vector<nlohmann::json>& events);
  // Pairs the next round by the system, or finishes the tournament after its last round.
  void advance(live& t);
  void finish(live& t);
  void arena_wave(live& t);
  void arm_arena(live& t);
  void open_round(live& t, std::vector<std::vector<int>> tables,
                  std::vector<tournaments::bye> byes);
  void open_rooms(live& t, int round);
  void record_result(live& t, int round, int board, const game_end& end);
  void announce_result(live& t, nlohmann::json result_event);
  void arm_start(live& t);
  // Runs `step` again on tournament `id` after a second: a write the store refused is retried
  // until it is made, so that a result or a round is never lost while the server runs.
  void retry(const std::string& id, std::function<void(live&)> step);

  live* find(const std::string& id);
  bool is_director(const live& t, const std::string& player,
                   const std::optional<std::string>& token) const;
  int entry_rating(const std::string& player, const tournaments::tournament_settings& s);

  nlohmann::json summary(const live& t) const;
  nlohmann::json details(const live& t) const;
  nlohmann::json standings_json(const live& t) const;
  nlohmann::json round_json(const live& t, int round) const;
  nlohmann::json crosstable(const live& t) const;
  void notify(const live& t, const std::string& method, nlohmann::json params);
  void publish_summary(const live& t, const std::string& change);

  hub& hub_;
  store& store_;
  boost::asio::any_io_executor exec_;
  std::map<std::string, std::unique_ptr<live>> tournaments_;  // by id: open ones, and finished
  std::map<std::string, std::pair<std::string, std::pair<int, int>>>
      games_;  // room -> t, round, board
  std::set<std::shared_ptr<boost::asio::steady_timer>> retries_;
  bool shut_ = false;
};

}  // namespace boardroom::server
