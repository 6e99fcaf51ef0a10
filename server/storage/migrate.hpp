#pragma once
// `boardroom migrate --from sqlite:DIR --to postgresql://…`: an installation's embedded database
// copied whole into an empty PostgreSQL database, in one transaction (all or nothing).
//
// Both stores are first brought to the current schema (by opening them as a server would), and
// both are held while the copy runs: the data directory's lock file keeps a server off the
// SQLite side, the PostgreSQL store's advisory lock keeps one off the other. Every table is
// copied by column name (the two schemas have the same tables and columns, but for SQLite's
// `event_runs`, whose runs of events become rows of PostgreSQL's `events`, one per event); the
// index of finished games is rebuilt by PostgreSQL's trigger as the events go in, as it was built
// in SQLite. Real numbers keep every bit.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "server/storage/store.hpp"

namespace boardroom::server {

// Rows copied, table by table, in the order they were copied.
using migration_report = std::vector<std::pair<std::string, std::int64_t>>;

store_result<migration_report> migrate_sqlite_to_postgres(const std::string& data_dir,
                                                          const std::string& url);

}  // namespace boardroom::server
