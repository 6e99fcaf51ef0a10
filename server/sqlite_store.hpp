#pragma once
// The embedded store: one SQLite database, `boardroom.db` in the data directory, in WAL mode.
//
// Durability (`sync`):
// - normal (the default): PRAGMA synchronous=NORMAL. A commit has reached the operating system
//   when it returns, so every acknowledged move survives a crash of the server process (kill -9,
//   an abort, the OOM killer). A power failure or kernel crash may lose the last commits, never
//   the database's consistency. No fsync per move.
// - full: PRAGMA synchronous=FULL. Every commit is fsynced before it returns, so acknowledged
//   moves also survive a power failure, at the price of one fsync per move.
//
// One connection, serialized by a mutex: SQLite has one writer at a time anyway, and a move's
// commit takes tens of microseconds. A lock file (flock) keeps a second server off the same
// data directory; the kernel releases it when the process dies, however it dies.

#include <memory>
#include <string>

#include "server/store.hpp"

namespace boardroom::server {

enum class sync_mode { normal, full };

std::optional<sync_mode> sync_mode_from_text(std::string_view text);

// Creates the directory and the database when missing, migrates the schema to the current
// version and checks that the database can be written. Errors say what and where, for people.
store_result<std::unique_ptr<store>> open_sqlite_store(const std::string& data_dir,
                                                       sync_mode sync = sync_mode::normal);

// The file name of the database inside the data directory.
inline constexpr const char* database_file = "boardroom.db";

}  // namespace boardroom::server
