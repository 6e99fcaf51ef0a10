#pragma once
// The embedded store: one SQLite database, `boardroom.db` in the data directory, in WAL mode.
//
// Durability (`sync`):
// - full (the default): PRAGMA synchronous=FULL. Every commit is fsynced before it returns, so
//   what was acknowledged survives a crash of the process, a kernel crash, a power failure and a
//   volume that fails afterwards; a volume that fails first fails the commit (the fsync reports
//   the I/O error), so nothing is acknowledged that the disk does not hold. One fsync per commit,
//   and the journal commits a whole group of moves at once.
// - normal: PRAGMA synchronous=NORMAL. A commit has reached the operating system's cache when it
//   returns, so every acknowledged move survives a crash of the server process (kill -9, an
//   abort, the OOM killer) and nothing more: a kernel crash, a power failure or a volume that
//   fails before the cache is written back loses the commits since the last checkpoint (whole
//   rooms among them), never the database's consistency.
//
// One connection, serialized by a mutex: SQLite has one writer at a time anyway, and a move's
// commit takes tens of microseconds. A lock file (flock) keeps a second server off the same
// data directory; the kernel releases it when the process dies, however it dies.

#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "server/storage/store.hpp"

namespace boardroom::server {

enum class sync_mode { normal, full };

struct live_log_limits {
  std::size_t max_pending_events = 256;  // a room with this many in the live log moves them over
  std::size_t compact_bytes = 8u << 20;  // the live log is rewritten from this length on
  // The live log is written ahead with zeros, this many bytes at a time (a record's length is
  // never 0, so the zeros end the log when it is read). An fdatasync of a write inside the file's
  // length makes the data durable; one that lengthens the file must also commit the file
  // system's journal for the new length, which cost about a third more CPU and wall time per
  // sync on the test machine's disk (a 300-byte write and fdatasync, 3000 times: 70 against
  // 103 µs of CPU, 232 against 299 µs). Not more at a time: a rewrite syncs its zeros with the
  // live events.
  std::size_t zeros_ahead = 256 * 1024;
};

std::optional<sync_mode> sync_mode_from_text(std::string_view text);

// The data directory's lock file (`boardroom.lock`), held with flock until this object goes: one
// server, or one command that reads or writes the database as a whole, per data directory. The
// kernel releases it however the process ends.
class data_dir_lock {
 public:
  // Fails, in words, when another process holds it (or the file cannot be made).
  static store_result<data_dir_lock> take(const std::string& data_dir);
  data_dir_lock(data_dir_lock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  data_dir_lock& operator=(data_dir_lock&&) = delete;
  ~data_dir_lock();

 private:
  explicit data_dir_lock(int fd) : fd_(fd) {}
  int fd_;
};

// Creates the directory and the database when missing, migrates the schema to the current
// version and checks that the database can be written. Errors say what and where, for people.
// The moves of games in play go to the live log of the same directory first (live_log.hpp).
store_result<std::unique_ptr<store>> open_sqlite_store(const std::string& data_dir,
                                                       sync_mode sync = sync_mode::full,
                                                       live_log_limits limits = {});

// The write-ahead log's length, in pages of 4 KiB, at which a commit checkpoints it into the
// database. The checkpoint runs inside that commit, and every group commit behind it waits: at
// SQLite's 1000 pages that was about once a second at 1000 rooms with think time, and its pauses
// set the 99th percentile of the moves' round trip. Under `full`, where every commit has fsynced
// its pages already, ten times the length makes them a tenth as frequent (a page that many
// commits rewrote is still copied once), for a log of up to about 40 MiB on disk. Under `normal`
// the checkpoint's fsync carries every page since the last one, so it stays at SQLite's 1000
// (docs/performance.md).
constexpr int wal_checkpoint_pages(sync_mode sync) {
  return sync == sync_mode::full ? 10000 : 1000;
}

// The file name of the database inside the data directory.
inline constexpr const char* database_file = "boardroom.db";

}  // namespace boardroom::server
