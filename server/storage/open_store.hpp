#pragma once
// Which store a server or a command opens, from its `--store` text:
// - empty: the embedded SQLite store in the data directory (the default);
// - "sqlite:DIR": the embedded store in DIR;
// - "postgresql://…" or "postgres://…": a PostgreSQL database (postgres_store.hpp).

#include <memory>
#include <string>
#include <string_view>

#include "server/storage/sqlite_store.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

// `shared`: a cluster's node, which needs a PostgreSQL store and uses it with the other nodes.
store_result<std::unique_ptr<store>> open_store(std::string_view store_text,
                                                const std::string& data_dir, sync_mode sync,
                                                bool shared = false);

// The text is one of the three forms above (checked before anything is opened).
bool is_store_text(std::string_view store_text);

}  // namespace boardroom::server
