#pragma once
// The server's shared state: identities, rooms, the lobby, and the dispatch of typed requests.
//
// The hub's maps are guarded by one mutex held only for lookups and inserts; it never runs room
// code under that lock (room methods post to the room's strand), so rooms and hub cannot deadlock.
// Identities are written to the store; the maps are a cache of the identities that are connected
// or belong to open rooms. Resume tokens are known only by their SHA-256.

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "server/cluster/cluster.hpp"
#include "server/config.hpp"
#include "server/matchmaking/matchmaker.hpp"
#include "server/metrics.hpp"
#include "server/net/admission.hpp"
#include "server/net/peer.hpp"
#include "server/net/send_budget.hpp"
#include "server/rooms/clock_source.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/room.hpp"
#include "server/storage/journal.hpp"
#include "server/storage/store.hpp"
#include "server/tournaments/tournament_desk.hpp"

namespace boardroom::server {

// Per-connection state the hub reads and writes; owned by the connection, used on its strand.
struct client_context {
  std::string player;  // identity id; empty until hello
  std::string name;
  std::string address;  // the client's address as admission charged it (logs, per-address limits)
  bool move_event_in_result = false;  // hello's choice (protocol::hello)
};

class hub final : public room_host {
 public:
  // `storage_exec` runs store work off the io threads (group commits, records queries).
  hub(boost::asio::io_context& io, const config& cfg, metrics& stats, store& storage,
      boost::asio::any_io_executor storage_exec, const clock_source& time, admission& gate,
      send_budget& budget);
  ~hub() override;

  // Server start, before any connection: rebuilds every unfinished room from the store. A room
  // whose log cannot be replayed is left in the store and logged; the call fails only when the
  // store cannot be read or written.
  struct restore_report {
    int rooms = 0;   // brought back, waiting or playing
    int failed = 0;  // left alone, see the log
  };
  store_result<restore_report> restore();

  // Every request but hello, on the connection's strand.
  void handle(const std::shared_ptr<peer>& conn, client_context& ctx, const nlohmann::json& id,
              protocol::message msg, std::chrono::steady_clock::time_point received);

  // hello: an identity not in memory is looked up or recorded on the store's thread, never on
  // an io thread. `greeted` gets the connection's context as the hello leaves it (its player
  // still empty when refused), after the reply, on whichever thread answered; the connection
  // reads nothing more until then.
  using greeting = std::move_only_function<void(client_context)>;
  void hello(std::shared_ptr<peer> conn, client_context ctx, nlohmann::json id, protocol::hello m,
             greeting greeted);

  void connected(const std::shared_ptr<peer>& conn);
  void disconnected(const peer* conn, const client_context& ctx);

  // Graceful shutdown: every connection is closed with 1001 and every room's timers cancelled.
  void shut_down();

  nlohmann::json public_rooms(const std::optional<std::string>& game) const;
  const config& settings() const { return config_; }
  metrics& stats() { return metrics_; }
  admission& gate() { return gate_; }
  send_budget& budget() { return budget_; }
  store& storage() { return store_; }  // finished games are read from the store (records)
  // Where store work runs (one thread): post reads there, not on an io thread.
  const boost::asio::any_io_executor& storage_executor() const { return storage_exec_; }

  lobby& directory() { return lobby_; }
  tournament_desk& desk() { return *desk_; }
  matchmaker& pairing() { return *pairing_; }

  // For the tournament desk: who is who, and rooms the server opens itself.
  bool is_admin(const std::string& token) const;
  bool is_account(const std::string& player) const;
  bool is_bot_account(const std::string& player) const override;  // identities in memory
  void mute(peer& conn, const std::string& player, const nlohmann::json& id,
            const protocol::chat_mute& m);
  std::optional<std::string> name_of(const std::string& player) const;  // identities in memory
  std::weak_ptr<peer> connection_of(const std::string& player) const;
  // A connected identity by its id, or by its name: an account's (case ignored), or a guest's
  // that no other connected identity has.
  struct connected_player {
    std::string player;
    std::string name;
    bool account = false;
    bool bot = false;
    std::weak_ptr<peer> conn;
  };
  std::optional<connected_player> find_connected(const std::string& id_or_name) const;
  bool has_room(const std::string& id) const;
  // Opens a room whose seats the settings fill (room_settings::entrants and bots); its id is the
  // caller's. `opened` hears whether the room opened (room::open), before its first event is
  // sent: quick pairing tells the players there, or that no game came of it.
  void open_server_room(room_settings settings, std::function<void(bool)> opened = {});
  std::optional<protocol::error> open_rematch(room_settings settings, const std::string& address,
                                              std::function<void(bool)> opened) override;

  // room_host
  void member_added(const std::string& player, const std::string& room) override;
  void member_removed(const std::string& player, const std::string& room) override;
  void room_closed(const std::string& room, const std::string& creator) override;
  std::chrono::steady_clock::time_point now() const override { return time_.now(); }
  journal& event_journal() override { return journal_; }
  const std::string& rating_model() const override { return config_.rating_model; }
  void game_ended(const std::string& room, const game_end& end) override;
  std::shared_ptr<room> find_room(const std::string& id) const override;
  void think(std::function<void()> work) override;
  bool muted(const std::string& viewer, const std::string& writer) const override;

  // Forgets the identities that never played and are older than limits::guest_expiry (at start,
  // then hourly); returns how many went, or why the store refused.
  store_result<int> expire_guests();

  // Every open room looks at its clocks (after a test moved the time source).
  void clocks_changed();

  // A cluster (hub_cluster.cpp). join_cluster() before restore(): from then on rooms are opened
  // and restored only under a lease, the journal writes only what this node owns, and requests
  // for rooms elsewhere are answered from the leases. `lookups` (one thread) runs what requests
  // ask of Redis and the store: not the thread of cluster_tick(), whose renewals must never wait
  // behind requests.
  void join_cluster(cluster& node, boost::asio::any_io_executor lookups);
  // Every cluster period, on the cluster's own thread: renews the leases (and evicts the rooms
  // whose lease is lost), exchanges lobbies, and takes over the rooms that no node owns.
  void cluster_tick();
  // At start, after this node restored the tournaments of the desk it claimed.
  void desk_restored() { desk_ready_ = true; }
  // In a cluster, when another node runs the desk: its HTTP base ("http://host:port"), as the
  // last cluster_tick() saw it (the HTTP tournament routes redirect there). Any thread.
  std::optional<std::string> desk_elsewhere() const;

 private:
  struct identity {
    std::string name;
    std::set<std::string> token_hashes;  // empty for an identity from a restored room until hello
    bool account = false;                // the name is claimed with a password
    bool bot = false;                    // ... by a program (a bot account)
    std::weak_ptr<peer> conn;
    std::set<std::string> rooms;
    int rooms_created = 0;        // rooms created that are still open
    std::set<std::string> muted;  // identities whose chat lines this one does not read
  };

  static protocol::error not_admin();
  struct known_identity {
    std::string player;
    std::string token;  // the resume token, as the client gets it
    std::string token_hash;
    bool resumed = false;
    bool account = false;
    bool bot = false;
  };
  // The store's part of hello, on its thread; then greet() on any thread.
  void identify(const std::shared_ptr<peer>& conn, client_context ctx, const nlohmann::json& id,
                protocol::hello m, greeting greeted);
  void greet(const std::shared_ptr<peer>& conn, client_context ctx, const nlohmann::json& id,
             std::string name, known_identity who, greeting greeted);
  void rename(const identity_record& record);  // on the store's thread
  // A store call failed: counted, logged, and what the client is told (`storage_failed`).
  protocol::error store_error(const std::string& why);
  // hello with a password, and account.register: on the store's thread (each hashes a password).
  void log_in(const std::shared_ptr<peer>& conn, client_context ctx, const nlohmann::json& id,
              protocol::hello m, greeting greeted);
  void register_account(const std::shared_ptr<peer>& conn, const client_context& ctx,
                        const nlohmann::json& id, const std::string& password, bool bot);
  void on_create(const std::shared_ptr<peer>& conn, const client_context& ctx,
                 const nlohmann::json& id, const protocol::room_create& m);
  // A restored room (start-up or takeover) put in place and resumed; or why not: its log ended
  // it, or its log cannot be folded (logged; the room stays in the store as it is).
  enum class reinstated { open, ended, unreadable };
  store_result<reinstated> reinstate(const stored_room& stored, bool running);
  // A request for a room not open here, in a cluster: where to find it (on the lookups' thread).
  void room_not_here(std::shared_ptr<peer> conn, nlohmann::json id, std::string room_id);
  // A tournament or pairing request on a node that does not run the desk: where it runs.
  void desk_not_here(std::shared_ptr<peer> conn, nlohmann::json id);
  // Runs `lookup` on the lookups' thread, or answers cluster_unavailable when limits::
  // cluster_lookups are pending already.
  void look_up(std::shared_ptr<peer> conn, nlohmann::json id, std::function<void()> lookup);
  // Takes over a room that no node owns, if it is unfinished in the store.
  enum class adoption { adopted, unknown, owned_elsewhere, unreadable };
  store_result<adoption> adopt(const std::string& room_id);
  void prune_locked(const std::string& player);
  // The room leaves this node's map and its creator's count (closed, or its lease lost).
  void forget_room_locked(const std::string& room, const std::string& creator);
  void fail(peer& conn, const nlohmann::json& id, const protocol::error& e);
  // open_server_room() and open_rematch(): with `limited_from` (the asker's address), refused as
  // room.create is: too many rooms created from the address (room_rate), or the creator has as
  // many open rooms as limits::rooms_per_identity allows (too_many_rooms).
  std::optional<protocol::error> open_filled(room_settings settings,
                                             std::function<void(bool)> opened,
                                             const std::string* limited_from);
  std::optional<protocol::error> room_limit_locked(const std::string& creator);
  // room_rate, when `address` has created as many rooms as its rate allows (each call takes one).
  std::optional<protocol::error> room_rate(const std::string& address);

  boost::asio::io_context& io_;
  const config& config_;
  metrics& metrics_;
  store& store_;
  const clock_source& time_;
  admission& gate_;
  send_budget& budget_;
  boost::asio::any_io_executor storage_exec_;
  journal journal_;
  const std::string decoy_hash_;  // see the constructor
  lobby lobby_;

  mutable std::mutex mutex_;
  std::map<std::string, identity> identities_;  // by player id
  std::map<std::string, std::string> tokens_;   // sha256 of a resume token -> player id
  std::set<std::string> claimed_;  // names claimed in this run (case folded), see hello()
  std::map<std::string, std::shared_ptr<room>> rooms_;  // open rooms by id
  std::map<const peer*, std::weak_ptr<peer>> connections_;
  cluster* cluster_ = nullptr;  // in a cluster only
  boost::asio::any_io_executor lookups_;
  std::atomic<int> lookups_pending_ = 0;  // posted to lookups_, not yet answered
  // In a cluster: the desk is this node's and its tournaments are restored (any thread reads it);
  // when this node took the desk from a dead one, when to restore them (the cluster's thread).
  std::atomic<bool> desk_ready_ = true;
  std::optional<std::chrono::steady_clock::time_point> desk_due_;
  std::string desk_url_;                   // the desk's node, when another (under mutex_)
  std::unique_ptr<tournament_desk> desk_;  // after everything it uses
  std::unique_ptr<matchmaker> pairing_;
  // Last, so that it is joined first: a search finishing during the hub's destruction finds
  // everything else still there.
  boost::asio::thread_pool thinkers_;
};

}  // namespace boardroom::server
