#pragma once
// The live log: the moves of games in play, appended to one file in the order they arrive, in
// front of the embedded store.
//
// Why: the `events` table is clustered by room and version, so a group commit of moves from many
// rooms writes a page of every room it touches (about five pages per move at 100 busy rooms),
// and SQLite was a third of the server's CPU per move. Here a group is one write to the end of
// the log (and one fdatasync under `--sync full`), whatever rooms it spans. A room's events
// move into the database when its game ends, all at once: one run of `event_runs` (or rows of
// `events`, sqlite_store.cpp's is_run says which), written once and together.
//
// What goes where (append_group):
// - to the log: a room's plain appends (no status change, no ratings) while the room is known to
//   be unfinished and holds fewer than `max_pending_events` in the log;
// - to the database: every other append, with the room's events still only in the log placed in
//   front of it, in one transaction. So a room's creation, a game's start and end, a room's
//   closing and its ratings are stored exactly as before, and a finished room has every event in
//   the database.
// Rooms are known once created, loaded or set waiting or playing through this store; an append for
// any other room goes to the database, which checks it.
//
// The promise is the database's (sqlite_store.hpp): under `full` a group is fdatasynced before
// any of its appends is answered; under `normal` it has reached the operating system. Each record
// carries a CRC-32, so a write torn by a crash ends the log where it tore: only the unanswered
// group it belonged to is lost.
//
// Opening replays the log into the database (the events that the database does not hold yet,
// room by room) and starts it empty, so every other reader sees one database. While open, the
// log's events are kept in memory too, and reads of rooms (load_room, load_unfinished_rooms) add
// them. Once the file has grown to `compact_bytes` and to four times their size, they are written
// into the other file (`live_log_files`), which becomes the one appended to, and the first is
// emptied. The files go through SQLite's VFS, as the database's do.

#include <cstddef>
#include <memory>
#include <string>

#include "server/storage/sqlite_store.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

// The live log's two files inside the data directory: one is appended to, the other is where it
// is rewritten (see rewrite() in live_log.cpp).
inline constexpr const char* live_log_files[2] = {"live-0.log", "live-1.log"};

// `database` is the embedded store of `data_dir`. Fails, in words, when the log cannot be read,
// replayed or written.
store_result<std::unique_ptr<store>> with_live_log(std::unique_ptr<store> database,
                                                   const std::string& data_dir, sync_mode sync,
                                                   live_log_limits limits = {});

}  // namespace boardroom::server
