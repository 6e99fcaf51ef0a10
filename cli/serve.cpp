#include <sys/stat.h>

#include <cstdlib>
#include <expected>
#include <fstream>
#include <iostream>
#include <sstream>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/allocator.hpp"
#include "cli/commands.hpp"
#include "server/cluster/redis_link.hpp"
#include "server/net/server.hpp"
#include "server/ratings/weng_lin.hpp"
#include "server/storage/open_store.hpp"

namespace boardroom::cli {

namespace {

std::vector<std::string> weng_lin_model_names() {
  std::vector<std::string> names;
  for (auto m : ratings::weng_lin_models)
    names.emplace_back(ratings::weng_lin_model_name(m));
  return names;
}

// A duration option in milliseconds, written straight into the limit it sets.
void add_ms_option(CLI::App* sub, const std::string& name, std::chrono::milliseconds& target,
                   const std::string& help) {
  sub->add_option_function<std::int64_t>(
         name, [&target](std::int64_t ms) { target = std::chrono::milliseconds(ms); }, help)
      ->check(CLI::NonNegativeNumber)
      ->default_str(std::to_string(target.count()));
}

constexpr const char* admin_token_env = "BOARDROOM_ADMIN_TOKEN";

// The token in `path`, without the newline an editor or `echo` leaves at its end.
std::expected<std::string, std::string> read_token_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected("cannot read the admin token file " + path);
  std::ostringstream text;
  text << in.rdbuf();
  std::string token = text.str();
  while (!token.empty() && (token.back() == '\n' || token.back() == '\r'))
    token.pop_back();
  if (token.empty()) {
    // An empty token would mean "no administrator": surely not what a file was given for.
    return std::unexpected("the admin token file " + path + " is empty");
  }
  return token;
}

// A token or key file that others may read keeps no secret from them either.
bool readable_by_others(const std::string& path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0 && (info.st_mode & (S_IRWXG | S_IRWXO)) != 0;
}

// Where the admin token comes from, the command line first: --admin-token-file, --admin-token
// (not both), else the environment. The flag is visible to every user of the machine (ps,
// /proc/PID/cmdline); a file or the environment (/proc/PID/environ is the owner's) are not.
std::expected<std::string, std::string> admin_token(const std::string& flag,
                                                    const std::string& file) {
  if (!file.empty() && !flag.empty()) {
    return std::unexpected(
        "give the admin token with --admin-token-file or --admin-token, not both");
  }
  if (!file.empty()) return read_token_file(file);
  if (!flag.empty()) return flag;
  const char* env = std::getenv(admin_token_env);
  return std::string(env ? env : "");
}

}  // namespace

command add_serve(CLI::App& app) {
  auto* sub = app.add_subcommand("serve", "Run the server (WebSocket at /ws, HTTP API)");
  auto cfg = std::make_shared<server::config>();
  auto& lim = cfg->limit;
  auto token_flag = std::make_shared<std::string>();
  auto token_file = std::make_shared<std::string>();
  sub->add_option("--host", cfg->host, "Address to listen on")->capture_default_str();
  sub->add_option("--port", cfg->port, "Port to listen on (0: any free port)")
      ->capture_default_str();
  sub->add_option("--threads", cfg->threads, "Worker threads (0: one per core)")
      ->capture_default_str();
  sub->add_option("--bot-threads", lim.bot_threads,
                  "Threads on which searching bots (mcts) choose their moves")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub->add_option("--data-dir", cfg->data_dir,
                  "Directory for the server's database (created when missing)")
      ->capture_default_str();
  sub->add_option("--store", cfg->store,
                  "Where rooms, accounts and records are kept: empty for the SQLite database in "
                  "--data-dir, sqlite:DIR, or a PostgreSQL URL postgresql://USER@HOST:PORT/DB "
                  "(a password from PGPASSWORD or ~/.pgpass rather than the URL, which ps shows)")
      ->check([](const std::string& text) {
        return server::is_store_text(text) ? std::string()
                                           : "must be sqlite:DIR or a postgresql:// URL";
      });
  sub->add_option("--redis", cfg->redis,
                  "Join a cluster of nodes that share this Redis (redis://HOST[:PORT] or "
                  "unix:PATH) and the PostgreSQL --store; empty: a lone server")
      ->check([](const std::string& text) {
        return text.empty() || server::is_redis_address(text)
                   ? std::string()
                   : "must be redis://HOST[:PORT] or unix:PATH";
      });
  sub->add_option("--node-url", cfg->node_url,
                  "In a cluster: the WebSocket URL clients reach this node at, which other nodes "
                  "send them to (default ws://HOST:PORT/ws as listening)");
  sub->add_option("--max-cluster-lookups", lim.cluster_lookups,
                  "In a cluster: requests for rooms on other nodes being looked up at once; "
                  "more are refused with cluster_unavailable")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  add_ms_option(sub, "--lease-ms", cfg->lease,
                "In a cluster: how long a room's lease lasts unrenewed; a dead node's rooms "
                "come back on another node within about this time");
  sub->add_option(
         "--sync", cfg->sync,
         "full: everything acknowledged was fsynced, and survives a crash of the server or "
         "the OS, a power failure and a failing volume (one fsync per group of moves); "
         "normal: only a crash of the server process")
      ->check(CLI::IsMember({"normal", "full"}))
      ->capture_default_str();
  sub->add_option("--admin-token-file", *token_file,
                  "File holding the secret for the admin.* requests (abort, adjudicate, add "
                  "time); a trailing newline is ignored, an empty file refused. Recommended, or "
                  "the environment variable BOARDROOM_ADMIN_TOKEN; neither: no administrator");
  sub->add_option("--admin-token", *token_flag,
                  "The admin secret itself. Other users of the machine can read it with ps: "
                  "prefer --admin-token-file or BOARDROOM_ADMIN_TOKEN");
  sub->add_option("--log-level", cfg->log_level, "trace, debug, info, warn, error or off")
      ->capture_default_str();
  sub->add_option("--max-frame-bytes", lim.max_frame_bytes, "Largest accepted WebSocket message")
      ->capture_default_str();
  sub->add_option("--max-queued-messages", lim.max_queued_messages,
                  "Outgoing messages queued per connection before it is dropped")
      ->capture_default_str();
  sub->add_option("--max-queued-bytes", lim.max_queued_bytes,
                  "Outgoing bytes queued per connection before it is dropped")
      ->capture_default_str();
  sub->add_option("--requests-per-second", lim.requests_per_second,
                  "Sustained request rate per connection")
      ->capture_default_str();
  sub->add_option("--request-burst", lim.request_burst, "Request burst per connection")
      ->capture_default_str();
  sub->add_option("--flood-close-after", lim.flood_close_after,
                  "Refused requests within one second that close the connection")
      ->capture_default_str();
  add_ms_option(sub, "--idle-timeout-ms", lim.idle_timeout, "Close a connection silent this long");
  add_ms_option(sub, "--reconnect-grace-ms", lim.reconnect_grace,
                "How long a dropped player's seat is held");
  add_ms_option(sub, "--handshake-timeout-ms", lim.handshake_timeout,
                "Time for the WebSocket opening and closing handshakes");
  add_ms_option(sub, "--hello-timeout-ms", lim.hello_timeout,
                "Close a WebSocket connection that has not said hello this long after the upgrade");
  add_ms_option(sub, "--http-timeout-ms", lim.http_timeout,
                "Time for a plain HTTP request (or the upgrade request) to arrive");
  sub->add_option("--rooms-per-identity", lim.rooms_per_identity,
                  "Open rooms one player may have created")
      ->capture_default_str();
  sub->add_option("--rematch-calls-off", lim.rematch_calls_off,
                  "Times dropped connections may call off a finished room's rematch before it is "
                  "off for good")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_option("--chat-max-bytes", lim.chat_max_bytes, "Longest chat line")
      ->check(CLI::Range(1, 4096))
      ->capture_default_str();
  sub->add_option("--chat-lines-per-minute", lim.chat_lines_per_minute,
                  "Chat lines one writer may send a room in a minute (a minute's worth at once)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--max-connections", lim.max_connections,
                  "Connections at most, WebSocket or plain HTTP (lowered to what the descriptor "
                  "limit allows)")
      ->capture_default_str();
  sub->add_option("--max-connections-per-address", lim.max_connections_per_address,
                  "Open connections from one client address")
      ->capture_default_str();
  sub->add_option("--connections-per-second-per-address", lim.connections_per_second_per_address,
                  "New connections a second from one client address (bursts of 5 seconds' worth)")
      ->capture_default_str();
  sub->add_option("--rooms-per-minute-per-address", lim.rooms_per_minute_per_address,
                  "Rooms created a minute from one client address (a minute's worth at once)")
      ->capture_default_str();
  sub->add_option("--identities-per-minute-per-address", lim.identities_per_minute_per_address,
                  "New identities a minute from one client address (a minute's worth at once)")
      ->capture_default_str();
  sub->add_option("--password-checks-per-minute-per-address",
                  lim.password_checks_per_minute_per_address,
                  "Log-ins and registrations a minute from one client address (each costs an "
                  "Argon2id hash)")
      ->capture_default_str();
  sub->add_option("--rating-model", cfg->rating_model,
                  "The Weng-Lin model that rates games of three to six players")
      ->check(CLI::IsMember(weng_lin_model_names()))
      ->capture_default_str();
  sub->add_option("--max-queued-bytes-total", lim.max_queued_bytes_total,
                  "Outgoing bytes queued over all connections; past it the largest queues are "
                  "cut off first")
      ->capture_default_str();
  sub->add_option("--bot-moves-per-second", lim.bot_moves_per_second,
                  "Moves a second in a room whose seats are all bots")
      ->capture_default_str();
  sub->add_option("--bot-only-max-moves", lim.bot_only_max_moves,
                  "Moves in all in a room whose seats are all bots (then it ends: bot_move_cap)")
      ->capture_default_str();
  sub->add_option_function<std::int64_t>(
         "--guest-expiry-hours",
         [&lim](std::int64_t h) { lim.guest_expiry = std::chrono::hours(h); },
         "Forget identities that never joined a room after this many hours")
      ->check(CLI::PositiveNumber)
      ->default_str(std::to_string(lim.guest_expiry.count()));
  sub->add_option("--trusted-proxy", cfg->trusted_proxies,
                  "A reverse proxy (address or CIDR block) whose X-Forwarded-For / Forwarded "
                  "header names the client; repeat for several")
      ->take_all();
  sub->add_option("--exempt", cfg->exempt_addresses,
                  "A client (address or CIDR block) the per-address limits do not apply to, such "
                  "as a load generator or a tournament's bot host; repeat for several")
      ->take_all();
  sub->add_option("--allowed-origins", cfg->allowed_origins,
                  "Web pages (origins such as https://example.org) that may open WebSocket "
                  "connections, comma-separated; '*' for any; default: pages from the host "
                  "the client connected to")
      ->delimiter(',');
  sub->add_option("--tls-cert", cfg->tls_cert,
                  "PEM certificate chain (the server's certificate first): with --tls-key, the "
                  "port speaks TLS only (https://, wss://)");
  sub->add_option("--tls-key", cfg->tls_key,
                  "PEM private key of --tls-cert, unencrypted (keep it chmod 600)");

  return [cfg, token_flag, token_file] {
    // Logs go to standard error: standard output carries the "listening on" line alone, first,
    // whatever start-up has to say.
    spdlog::set_default_logger(spdlog::stderr_color_mt("boardroom"));
    spdlog::set_level(spdlog::level::from_str(cfg->log_level));
    auto token = admin_token(*token_flag, *token_file);
    if (!token) {
      std::cerr << "boardroom serve: " << token.error() << std::endl;
      return 2;
    }
    cfg->admin_token = std::move(*token);
    server::server srv(*cfg);
    auto port = srv.start();
    if (!port) {
      std::cerr << "boardroom serve: " << port.error() << std::endl;
      return 1;
    }
    srv.catch_signals();
    // Scripts that pass --port 0 read the port from this line.
    std::cout << "listening on " << cfg->host << ":" << *port << std::endl;
    spdlog::info("boardroom {} serving {}://{}:{}/ws; memory from {}", BOARDROOM_VERSION,
                 cfg->tls_cert.empty() ? "ws" : "wss", cfg->host, *port, allocator_name());
    // Logged after the "listening on" line, which scripts read first.
    if (!token_file->empty() && readable_by_others(*token_file)) {
      spdlog::warn("the admin token file {} can be read by other users: chmod 600 it", *token_file);
    }
    if (!cfg->tls_key.empty() && readable_by_others(cfg->tls_key)) {
      spdlog::warn("the TLS key file {} can be read by other users: chmod 600 it", cfg->tls_key);
    }
    srv.run(/*handle_signals=*/true);
    spdlog::info("stopped");
    return 0;
  };
}

}  // namespace boardroom::cli
