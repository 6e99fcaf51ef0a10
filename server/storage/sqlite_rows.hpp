#pragma once
// What reading the embedded store's rows takes, shared by the store (sqlite_store.cpp) and
// `boardroom migrate` (migrate.cpp), which reads the same database on its own.

#include <sqlite3.h>

#include <cstdint>
#include <ranges>
#include <string_view>

namespace boardroom::server {

// The text of a column ("" for NULL), valid until the statement steps again or is reset.
inline std::string_view column_text_view(sqlite3_stmt* s, int column) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s, column));
  return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(s, column)))
           : std::string_view();
}

// The events of a run of `event_runs` (migration 10): its texts one per line, numbered from
// `first`. Calls `each(version, text)` for every line and answers how many there were; a run as
// it was written holds `last - first + 1`.
template <class Each>
std::int64_t for_each_run_event(std::int64_t first, std::string_view bodies, Each&& each) {
  std::int64_t version = first;
  for (const auto line : std::views::split(bodies, '\n'))
    each(version++, std::string_view(line.begin(), line.end()));
  return version - first;
}

}  // namespace boardroom::server
