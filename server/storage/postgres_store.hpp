#pragma once
// The store on a PostgreSQL server (`--store postgresql://…`), for deployments that outgrow one
// machine's file. The same contract as the embedded store (store.hpp), the same schema in
// PostgreSQL's words, and the same group commit: the journal hands it a group of appends and it
// commits them in one transaction.
//
// Durability (`sync`):
// - full (the default): synchronous_commit=on. A commit returns once PostgreSQL has flushed it to
//   its write-ahead log, so an acknowledged move survives a crash of boardroom, of PostgreSQL and
//   of the machine.
// - normal: synchronous_commit=off. A commit returns before the flush; boardroom's crash loses
//   nothing (PostgreSQL has the commit), a PostgreSQL or machine crash may lose the last fraction
//   of a second of commits, never the database's consistency (PostgreSQL's documented promise).
//
// One connection, serialized by a mutex, as for SQLite: the group commit keeps it busy with few,
// large transactions. A lost connection is opened again at the next call; a call whose commit's
// outcome the lost connection hid reports a failure.
//
// One server per database: the store holds a session-level advisory lock, the counterpart of the
// embedded store's lock file, which PostgreSQL releases when the connection ends however it ends.

#include <memory>
#include <string>
#include <string_view>

#include "server/storage/sqlite_store.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

// Connects, migrates the schema to the current version (serialized between servers that start
// together) and checks that the database can be written. `url` is a libpq connection URI
// ("postgresql://user@host:5432/db?sslmode=…") or keyword string. Errors say what, for people,
// without the URI's password.
// `shared`: for the nodes of a cluster, which use the database together (and keep a lone server
// out); otherwise one server has it alone.
store_result<std::unique_ptr<store>> open_postgres_store(const std::string& url,
                                                         sync_mode sync = sync_mode::full,
                                                         bool shared = false);

// Whether `text` names a PostgreSQL database (postgresql:// or postgres://).
bool is_postgres_url(std::string_view text);

// `url` with its password, if any, replaced by "***": for logs and error messages.
std::string redacted_url(std::string_view url);

}  // namespace boardroom::server
