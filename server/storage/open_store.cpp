#include "server/storage/open_store.hpp"

#include "server/storage/postgres_store.hpp"

namespace boardroom::server {

bool is_store_text(std::string_view store_text) {
  return store_text.empty() || is_postgres_url(store_text) ||
         (store_text.starts_with("sqlite:") && store_text.size() > 7);
}

store_result<std::unique_ptr<store>> open_store(std::string_view store_text,
                                                const std::string& data_dir, sync_mode sync,
                                                bool shared) {
  if (!is_store_text(store_text)) {
    return std::unexpected("--store must be sqlite:DIR or a postgresql:// URL, not '" +
                           redacted_url(store_text) + "'");
  }
  if (is_postgres_url(store_text))
    return open_postgres_store(std::string(store_text), sync, shared);
  if (shared) {
    return std::unexpected(
        "the nodes of a cluster share their store: --store must be a postgresql:// URL");
  }
  if (store_text.empty()) return open_sqlite_store(data_dir, sync);
  return open_sqlite_store(std::string(store_text.substr(7)), sync);  // after "sqlite:"
}

}  // namespace boardroom::server
