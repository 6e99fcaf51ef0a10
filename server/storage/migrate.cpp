#include "server/storage/migrate.hpp"

#include <sqlite3.h>

#include <array>
#include <charconv>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "server/storage/libpq.hpp"
#include "server/storage/postgres_store.hpp"
#include "server/storage/sqlite_rows.hpp"
#include "server/storage/sqlite_store.hpp"

namespace boardroom::server {
// Named, not only anonymous: the storage files are compiled in unity batches.
namespace sqlite_to_postgres {
namespace {

using libpq::error_text;
using libpq::result_ptr;

// The tables in an order that satisfies their references, each read in its key's order (events
// by room and version, so that each game's start is in before its end fires the index).
struct table {
  const char* name;
  const char* order;
  // Instead of every column of `name`: a room's events are its rows and its runs' lines
  // (event_runs, sqlite_store.cpp), and PostgreSQL keeps each event as a row.
  const char* select = nullptr;
};
// Events first as SQLite keeps them: a row's fourth column is NULL, a run's the last version of
// the events its third holds, one per line, from the second on.
constexpr const char* events_and_runs =
    "SELECT room, version, body, NULL AS last FROM events "
    "UNION ALL SELECT room, first, bodies, last FROM event_runs ORDER BY room, version";
constexpr std::array<table, 10> tables{{{"identities", "id"},
                                        {"rooms", "id"},
                                        {"events", "room, version", events_and_runs},
                                        {"accounts", "player"},
                                        {"login_tokens", "token_hash"},
                                        {"ratings", "player, game, speed"},
                                        {"rating_history", "room, player"},
                                        {"tournaments", "id"},
                                        {"tournament_events", "tournament, seq"},
                                        {"server_starts", "started_ms"}}};

// Text as COPY's text format reads it: backslashes and line breaks escaped.
void append_copy_text(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
}

// The value as COPY's text format reads it: \N for NULL, the shortest exact text for a real,
// and text escaped (append_copy_text).
void append_copy_value(std::string& out, sqlite3_stmt* s, int column) {
  switch (sqlite3_column_type(s, column)) {
    case SQLITE_NULL:
      out += "\\N";
      return;
    case SQLITE_INTEGER:
      out += std::to_string(sqlite3_column_int64(s, column));
      return;
    case SQLITE_FLOAT: {
      std::array<char, 32> buf{};
      auto [end, ec] =
          std::to_chars(buf.data(), buf.data() + buf.size(), sqlite3_column_double(s, column));
      out.append(buf.data(), end);
      return;
    }
    default:
      append_copy_text(out, column_text_view(s, column));
  }
}

struct sqlite_closer {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
// One table: SELECT from SQLite, COPY into PostgreSQL. Returns the rows copied.
store_result<std::int64_t> copy_table(sqlite3* from, PGconn* to, const table& t) {
  std::string select =
      t.select ? t.select : std::string("SELECT * FROM ") + t.name + " ORDER BY " + t.order;
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(from, select.c_str(), -1, &raw, nullptr) != SQLITE_OK)
    return std::unexpected(std::string("cannot read ") + t.name + ": " + sqlite3_errmsg(from));
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> s(raw, sqlite3_finalize);
  // events_and_runs: the three columns of a row, its fourth only says whether it is a run.
  const int columns = t.select ? 3 : sqlite3_column_count(raw);
  std::string copy = std::string("COPY ") + t.name + " (";
  for (int i = 0; i < columns; ++i)
    copy += std::string(i ? ", " : "") + sqlite3_column_name(raw, i);
  copy += ") FROM STDIN";
  {
    result_ptr r(PQexec(to, copy.c_str()));
    if (PQresultStatus(r.get()) != PGRES_COPY_IN)
      return std::unexpected(std::string("cannot write ") + t.name + ": " +
                             error_text(to, r.get()));
  }
  std::int64_t rows = 0;
  std::string buffer;
  std::string damaged;  // a run whose lines and versions disagree
  int rc;
  auto flush = [&] {
    bool ok =
        buffer.empty() || PQputCopyData(to, buffer.data(), static_cast<int>(buffer.size())) == 1;
    buffer.clear();
    return ok;
  };
  while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
    if (t.select && sqlite3_column_type(raw, 3) != SQLITE_NULL) {  // a run: a row per line
      const std::int64_t first = sqlite3_column_int64(raw, 1), last = sqlite3_column_int64(raw, 3);
      const auto held = for_each_run_event(first, column_text_view(raw, 2),
                                           [&](std::int64_t version, std::string_view text) {
                                             append_copy_value(buffer, raw, 0);
                                             buffer += '\t' + std::to_string(version) + '\t';
                                             append_copy_text(buffer, text);
                                             buffer += '\n';
                                             ++rows;
                                           });
      if (held != last - first + 1) {  // as the store refuses to read it (sqlite_store.cpp)
        damaged = "the run of room " + std::string(column_text_view(raw, 0)) + " from version " +
                  std::to_string(first) + " holds " + std::to_string(held) + " events, not " +
                  std::to_string(last - first + 1);
        break;
      }
    } else {
      for (int i = 0; i < columns; ++i) {
        if (i) buffer += '\t';
        append_copy_value(buffer, raw, i);
      }
      buffer += '\n';
      ++rows;
    }
    if (buffer.size() >= (1 << 20) && !flush()) break;
  }
  const bool read_all = rc == SQLITE_DONE && damaged.empty();
  const bool sent = flush();
  PQputCopyEnd(to, read_all && sent ? nullptr : "the copy was cut short");
  result_ptr end(PQgetResult(to));
  const bool copied = PQresultStatus(end.get()) == PGRES_COMMAND_OK;
  while (result_ptr more{PQgetResult(to)}) {
  }
  if (!read_all) {
    return std::unexpected(std::string("cannot read ") + t.name + ": " +
                           (damaged.empty() ? sqlite3_errmsg(from) : damaged));
  }
  if (!copied)
    return std::unexpected(std::string("cannot write ") + t.name + ": " +
                           error_text(to, end.get()));
  return rows;
}

}  // namespace
}  // namespace sqlite_to_postgres

store_result<migration_report> migrate_sqlite_to_postgres(const std::string& data_dir,
                                                          const std::string& url) {
  using namespace sqlite_to_postgres;
  namespace fs = std::filesystem;
  const std::string file = (fs::path(data_dir) / database_file).string();
  std::error_code ec;
  if (!fs::is_regular_file(file, ec))
    return std::unexpected("no boardroom database in '" + data_dir + "' (" + file + ")");
  // Both sides at the current schema, as a server of this version would leave them.
  if (auto source = open_sqlite_store(data_dir, sync_mode::normal); !source)
    return std::unexpected(source.error());
  auto lock = data_dir_lock::take(data_dir);  // held until the copy is over
  if (!lock) return std::unexpected(lock.error());
  auto target = open_postgres_store(url);  // migrated, and held against servers until the end
  if (!target) return std::unexpected(target.error());

  sqlite3* raw_db = nullptr;
  if (sqlite3_open_v2(file.c_str(), &raw_db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    std::string message = "cannot open '" + file + "': " + sqlite3_errmsg(raw_db);
    sqlite3_close(raw_db);
    return std::unexpected(message);
  }
  std::unique_ptr<sqlite3, sqlite_closer> from(raw_db);
  libpq::connection_ptr to(PQconnectdb(url.c_str()));
  if (PQstatus(to.get()) != CONNECTION_OK)
    return std::unexpected("cannot connect to " + redacted_url(url) + ": " + error_text(to.get()));

  // A read transaction on SQLite: the copy sees one state of the database.
  if (sqlite3_exec(from.get(), "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK)
    return std::unexpected("cannot read '" + file + "': " + sqlite3_errmsg(from.get()));
  if (auto ok = libpq::exec(to.get(), "BEGIN"); !ok) return std::unexpected(ok.error());
  // Into an empty database only: merging two installations' ids is not a copy.
  {
    result_ptr r(PQexec(to.get(),
                        "SELECT (SELECT count(*) FROM identities) + (SELECT count(*) FROM "
                        "tournaments)"));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
      return std::unexpected(error_text(to.get(), r.get()));
    if (std::string(PQgetvalue(r.get(), 0, 0)) != "0") {
      return std::unexpected("the database " + redacted_url(url) +
                             " already holds a boardroom installation; migrate into an empty "
                             "database");
    }
  }
  migration_report report;
  for (const auto& t : tables) {
    auto rows = copy_table(from.get(), to.get(), t);
    if (!rows) {
      libpq::exec(to.get(), "ROLLBACK");
      return std::unexpected(rows.error());
    }
    report.emplace_back(t.name, *rows);
  }
  if (auto ok = libpq::exec(to.get(), "COMMIT"); !ok)
    return std::unexpected("cannot commit the copy: " + ok.error());
  return report;
}

}  // namespace boardroom::server
