#pragma once
// Every tunable of the server in one place: the command line fills it, tests shrink it.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

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
  int events_kept = 256;        // per room, for resuming clients
  int max_connections = 20'000;
};

struct config {
  std::string host = "0.0.0.0";
  std::uint16_t port = 8080;      // 0: any free port (tests)
  int threads = 0;                // 0: one per core
  std::string data_dir = "data";  // the database lives here; created when missing
  // "full": every acknowledged change was fsynced (survives a crash of the process or the OS, a
  // power failure, a volume that fails later); "normal": only a crash of the process. Group
  // commit makes "full" one fsync per group of moves; see sqlite_store.hpp.
  std::string sync = "full";
  std::string log_level = "info";
  // Grants the admin.* requests (abort, adjudicate, add time) to whoever presents it; empty: no
  // administrator at all.
  std::string admin_token;
  limits limit;
};

}  // namespace boardroom::server
