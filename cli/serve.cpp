#include <sys/stat.h>

#include <cstdlib>
#include <expected>
#include <fstream>
#include <iostream>
#include <sstream>

#include <spdlog/spdlog.h>

#include "cli/commands.hpp"
#include "server/server.hpp"

namespace boardroom::cli {

namespace {

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

// A token file that others may read keeps no secret from them either.
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
  auto idle_ms = std::make_shared<std::int64_t>(lim.idle_timeout.count());
  auto grace_ms = std::make_shared<std::int64_t>(lim.reconnect_grace.count());
  auto token_flag = std::make_shared<std::string>();
  auto token_file = std::make_shared<std::string>();
  sub->add_option("--host", cfg->host, "Address to listen on")->capture_default_str();
  sub->add_option("--port", cfg->port, "Port to listen on (0: any free port)")
      ->capture_default_str();
  sub->add_option("--threads", cfg->threads, "Worker threads (0: one per core)")
      ->capture_default_str();
  sub->add_option("--data-dir", cfg->data_dir,
                  "Directory for the server's database (created when missing)")
      ->capture_default_str();
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
  sub->add_option("--idle-timeout-ms", *idle_ms, "Close a connection silent this long")
      ->capture_default_str();
  sub->add_option("--reconnect-grace-ms", *grace_ms, "How long a dropped player's seat is held")
      ->capture_default_str();
  sub->add_option("--rooms-per-identity", lim.rooms_per_identity,
                  "Open rooms one player may have created")
      ->capture_default_str();
  sub->add_option("--max-connections", lim.max_connections, "WebSocket connections at most")
      ->capture_default_str();

  return [cfg, idle_ms, grace_ms, token_flag, token_file] {
    cfg->limit.idle_timeout = std::chrono::milliseconds(*idle_ms);
    cfg->limit.reconnect_grace = std::chrono::milliseconds(*grace_ms);
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
    // Scripts that pass --port 0 read the port from this line.
    std::cout << "listening on " << cfg->host << ":" << *port << std::endl;
    spdlog::info("boardroom {} serving ws://{}:{}/ws", BOARDROOM_VERSION, cfg->host, *port);
    // Logged after the "listening on" line, which scripts read first.
    if (!token_file->empty() && readable_by_others(*token_file)) {
      spdlog::warn("the admin token file {} can be read by other users: chmod 600 it", *token_file);
    }
    srv.run(/*handle_signals=*/true);
    spdlog::info("stopped");
    return 0;
  };
}

}  // namespace boardroom::cli
