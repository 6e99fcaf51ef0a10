#pragma once
// A transaction's write-ahead log in one write.
//
// SQLite appends a commit's pages to the database's write-ahead log one frame at a time, with
// two writes a frame (its 24-byte header, then the page): a finished game's transaction, which
// touches about ten tables and indexes, made some forty system calls. Here a VFS over the default
// one gathers the frames appended to the log in memory and hands them to the file as one write
// once the page of the commit's last frame (the one whose header holds the database's size) has
// been written. Everything else is written at once, after what is gathered: the log's header, a
// frame rewritten in place (a page or a checksum), a piece of a frame split at a sync point. So
// a commit has reached the file when it returns, as before: under `--sync normal` it is in the
// operating system's cache, and under `full` SQLite syncs it next. Anything else done to the log
// writes what is gathered first: a read, a sync, a truncation, asking its size, closing it. Only
// the write-ahead log is gathered; the database file, which a checkpoint writes page by page at
// scattered offsets, is the default VFS's own (docs/performance.md).

#include <sqlite3.h>

#include <memory>
#include <string>

#include "server/storage/sqlite_vfs_layer.hpp"

namespace boardroom::server {

// The VFS, registered under a name of its own (not as the default) over whatever VFS is the
// default when it is made, and unregistered when it goes; it must outlive the connections opened
// with it.
class wal_writes_vfs {
 public:
  static std::unique_ptr<wal_writes_vfs> over_default();
  wal_writes_vfs(const wal_writes_vfs&) = delete;
  wal_writes_vfs& operator=(const wal_writes_vfs&) = delete;
  ~wal_writes_vfs();
  // The name to open a database with (sqlite3_open_v2's zVfs).
  const char* name() const { return name_.c_str(); }

 private:
  wal_writes_vfs() = default;
  vfs_layer::vfs layered_{};  // registered: its address does not change while it lives
  std::string name_;
  bool registered_ = false;
};

}  // namespace boardroom::server
