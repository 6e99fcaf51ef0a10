#include <iostream>

#include <spdlog/spdlog.h>

#include "cli/commands.hpp"
#include "server/server.hpp"

namespace boardroom::cli {

command add_serve(CLI::App& app) {
  auto* sub = app.add_subcommand("serve", "Run the server (WebSocket at /ws, HTTP API)");
  auto cfg = std::make_shared<server::config>();
  auto& lim = cfg->limit;
  auto idle_ms = std::make_shared<std::int64_t>(lim.idle_timeout.count());
  auto grace_ms = std::make_shared<std::int64_t>(lim.reconnect_grace.count());
  sub->add_option("--host", cfg->host, "Address to listen on")->capture_default_str();
  sub->add_option("--port", cfg->port, "Port to listen on (0: any free port)")
      ->capture_default_str();
  sub->add_option("--threads", cfg->threads, "Worker threads (0: one per core)")
      ->capture_default_str();
  sub->add_option("--data-dir", cfg->data_dir,
                  "Directory for the server's database (created when missing)")
      ->capture_default_str();
  sub->add_option("--sync", cfg->sync,
                  "normal: acknowledged moves survive a crash of the server process; full: also "
                  "a power failure (one fsync per move)")
      ->check(CLI::IsMember({"normal", "full"}))
      ->capture_default_str();
  sub->add_option("--admin-token", cfg->admin_token,
                  "Secret for the admin.* requests (abort, adjudicate, add time); also read from "
                  "BOARDROOM_ADMIN_TOKEN; none: no administrator")
      ->envname("BOARDROOM_ADMIN_TOKEN");
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

  return [cfg, idle_ms, grace_ms] {
    cfg->limit.idle_timeout = std::chrono::milliseconds(*idle_ms);
    cfg->limit.reconnect_grace = std::chrono::milliseconds(*grace_ms);
    spdlog::set_level(spdlog::level::from_str(cfg->log_level));
    server::server srv(*cfg);
    auto port = srv.start();
    if (!port) {
      std::cerr << "boardroom serve: " << port.error() << std::endl;
      return 1;
    }
    // Scripts that pass --port 0 read the port from this line.
    std::cout << "listening on " << cfg->host << ":" << *port << std::endl;
    spdlog::info("boardroom {} serving ws://{}:{}/ws", BOARDROOM_VERSION, cfg->host, *port);
    srv.run(/*handle_signals=*/true);
    spdlog::info("stopped");
    return 0;
  };
}

}  // namespace boardroom::cli
