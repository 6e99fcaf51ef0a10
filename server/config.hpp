#pragma once
// Every tunable of the server in one place: the command line fills it, tests shrink it.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace boardroom::server {

struct limits {
  std::size_t max_frame_bytes = 64 * 1024;         // larger frames: close 1009
  std::size_t max_queued_messages = 4096;          // outgoing, per connection
  std::size_t max_queued_bytes = 8 * 1024 * 1024;  // outgoing, per connection
  double requests_per_second = 50;                 // sustained, per connection
  double request_burst = 200;                      // bucket size, per connection
  int flood_close_after = 100;                     // refused requests in one second: close 1008
  std::chrono::milliseconds idle_timeout{60'000};  // no traffic (pings included): close
  std::chrono::milliseconds handshake_timeout{10'000};
  std::chrono::milliseconds reconnect_grace{60'000};  // a dropped player's seat is held this long
  std::chrono::milliseconds finished_room_linger{600'000};  // finished rooms stay readable
  int rooms_per_identity = 10;  // open rooms one identity may have created
  // A finished room's rematch requests called off by dropped connections this often: no rematch
  // there any more (each call-off notifies every member).
  int rematch_calls_off = 3;
  // A cluster: requests for rooms this node does not have, being looked up in Redis and the store
  // at once; beyond it they are answered with cluster_unavailable (a flood of made-up room ids
  // costs the cluster no more than this).
  int cluster_lookups = 1000;
  int events_kept = 256;  // per room, for resuming clients
  // Room chat: the longest line, lines a minute per writer and room (bursts of that many at once),
  // lines a snapshot shows, identities one may mute.
  std::size_t chat_max_bytes = 500;
  double chat_lines_per_minute = 20;
  int chat_kept = 100;
  int mutes_per_identity = 500;
  // Every socket counts, upgraded or not: a server full of half-open HTTP connections refuses
  // like one full of players. Lowered at start to what the descriptor limit allows.
  int max_connections = 20'000;
  // Per client address (see config::trusted_proxies for clients behind a proxy).
  int max_connections_per_address = 256;
  double connections_per_second_per_address = 20;  // sustained; bursts of 5 seconds' worth
  double rooms_per_minute_per_address = 30;        // room.create; a minute's worth at once
  double identities_per_minute_per_address = 30;   // hello without a token; likewise
  // Password checks (log-ins, registrations) a minute from one address: each costs an Argon2id
  // hash, so guessing is slow and cannot be used to load the server.
  double password_checks_per_minute_per_address = 10;
  // What one Argon2id password hash costs (libsodium's "interactive" level by default).
  unsigned long long password_passes = 2;
  std::size_t password_memory_bytes = 64u * 1024 * 1024;
  std::chrono::milliseconds hello_timeout{10'000};  // after the upgrade: close 1008 without one
  std::chrono::milliseconds http_timeout{30'000};   // a plain HTTP request, or the upgrade request
  // Outgoing bytes queued over all connections; past it the connections with the most queued
  // are dropped first, so a few slow readers cannot take the server's memory.
  std::size_t max_queued_bytes_total = 128 * 1024 * 1024;
  // A room whose seats are all bots plays at most this many moves a second (spectators must be
  // able to keep up) and at most this many moves in all (its log must stay bounded).
  double bot_moves_per_second = 20;
  int bot_only_max_moves = 2'000;
  // Identities that never joined a room are forgotten after this long.
  std::chrono::hours guest_expiry{24 * 7};
  // A leaderboard page (/api/v1/ratings) and a player's rating history list at most this many.
  int max_ratings_page = 100;
  // Tournaments: open ones an identity may have created, open ones on the server, entrants of one.
  int tournaments_per_identity = 5;
  int max_open_tournaments = 500;
  int max_tournament_players = 256;
  // Threads on which searching bots (engine::bot::thinks()) choose their moves, so that a search
  // never holds up an io thread; rooms whose bots think queue for them.
  int bot_threads = 1;
  // Quick pairing (server/matchmaking): seeks one identity may have waiting, seeks on the server;
  // a pairing round every seek_round_interval, or at once when a pool has seek_round_size waiting;
  // at most pairing_batch players matched together (neighbours by rating), since a weighted
  // matching costs the cube of their number. A seek that names a bot plays it after seek_bot_wait.
  int seeks_per_identity = 3;
  int max_seeks = 10'000;
  std::chrono::milliseconds seek_round_interval{2'000};
  int seek_round_size = 20;
  int pairing_batch = 200;
  std::chrono::milliseconds seek_bot_wait{10'000};
  // The rating gap everyone accepts at once, widened by seek_gap_per_second of waiting; a rematch
  // only after both waited seek_rematch_after; a table smaller than the game's largest once its
  // first player waited (a part of) seek_smaller_tables_after.
  int seek_gap_start = 100;
  int seek_gap_per_second = 25;
  std::chrono::milliseconds seek_rematch_after{20'000};
  std::chrono::milliseconds seek_smaller_tables_after{15'000};
  // Challenges: open ones an identity may have sent, open ones on the server, and how long one
  // waits for an answer when the challenger does not say (at most an hour).
  int challenges_per_identity = 10;
  int max_challenges = 10'000;
  std::chrono::milliseconds challenge_expiry{60'000};
};

struct config {
  std::string host = "0.0.0.0";
  std::uint16_t port = 8080;      // 0: any free port (tests)
  int threads = 0;                // 0: one per core
  std::string data_dir = "data";  // the database lives here; created when missing
  // Empty: the SQLite database in data_dir; "sqlite:DIR" or "postgresql://…" (open_store.hpp).
  std::string store;
  // "full": every acknowledged change was fsynced (survives a crash of the process or the OS, a
  // power failure, a volume that fails later); "normal": only a crash of the process. Group
  // commit makes "full" one fsync per group of moves; see sqlite_store.hpp.
  std::string sync = "full";
  std::string log_level = "info";
  // Grants the admin.* requests (abort, adjudicate, add time) to whoever presents it; empty: no
  // administrator at all.
  std::string admin_token;
  // Games of three to six players are rated with this Weng-Lin model (server/ratings/weng_lin.hpp):
  // plackett-luce, thurstone-mosteller-full, thurstone-mosteller-part, bradley-terry-full,
  // bradley-terry-part.
  std::string rating_model = "plackett-luce";
  // Proxies whose X-Forwarded-For / Forwarded headers name the client (addresses or CIDR blocks,
  // "127.0.0.1", "10.0.0.0/8"); a header from anyone else is ignored.
  std::vector<std::string> trusted_proxies;
  // Clients (addresses or CIDR blocks) the per-address limits do not apply to: a load generator,
  // a tournament's bot host. They still count towards max_connections.
  std::vector<std::string> exempt_addresses;
  // Web pages (origins "https://example.org") whose scripts may open a WebSocket. Empty: only
  // pages served from the host the client connected to; "*": any page.
  std::vector<std::string> allowed_origins;
  // PEM files: the certificate chain (the server's own certificate first) and its private key.
  // Both: the port speaks TLS only (https://, wss://), so resume and admin tokens never cross a
  // network in clear; neither: plain HTTP and ws://, for a TLS-terminating proxy in front.
  std::string tls_cert;
  std::string tls_key;
  // A cluster (server/cluster/cluster.hpp): the shared Redis (redis://HOST[:PORT] or unix:PATH;
  // empty: a lone server), the URL clients reach this node at (empty: ws://HOST:PORT/ws as
  // listening, 127.0.0.1 for 0.0.0.0), and how long a room's lease lasts without renewal: a dead
  // node's rooms come back on another within about that time.
  std::string redis;
  std::string node_url;
  std::chrono::milliseconds lease{10'000};
  limits limit;
};

}  // namespace boardroom::server
