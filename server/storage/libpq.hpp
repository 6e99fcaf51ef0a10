#pragma once
// What the PostgreSQL store and the migration share of libpq: results that free themselves, errors
// on one line, and a statement without parameters.

#include <libpq-fe.h>

#include <algorithm>
#include <memory>
#include <string>

#include "server/storage/store.hpp"

namespace boardroom::server::libpq {

struct result_deleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using result_ptr = std::unique_ptr<PGresult, result_deleter>;

struct connection_deleter {
  void operator()(PGconn* c) const { PQfinish(c); }
};
using connection_ptr = std::unique_ptr<PGconn, connection_deleter>;

// The result's error, else the connection's, on one line.
inline std::string error_text(PGconn* c, const PGresult* r = nullptr) {
  const char* m = r ? PQresultErrorMessage(r) : nullptr;
  std::string message = m && *m ? m : c ? PQerrorMessage(c) : "out of memory";
  while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
    message.pop_back();
  std::replace(message.begin(), message.end(), '\n', ' ');
  return message;
}

// A statement (or several) without parameters.
inline store_result<void> exec(PGconn* c, const std::string& sql) {
  result_ptr r(PQexec(c, sql.c_str()));
  auto status = PQresultStatus(r.get());
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return {};
  return std::unexpected(error_text(c, r.get()));
}

}  // namespace boardroom::server::libpq
