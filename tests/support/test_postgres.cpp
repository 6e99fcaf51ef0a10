#include "tests/support/test_postgres.hpp"

#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>

namespace boardroom::test {
namespace {

// One statement on the server's own database; its error, empty when it ran.
std::string run_on_server(const std::string& server_url, const std::string& sql) {
  PGconn* c = PQconnectdb(server_url.c_str());
  std::string error;
  if (PQstatus(c) != CONNECTION_OK) {
    error = PQerrorMessage(c);
  } else {
    PGresult* r = PQexec(c, sql.c_str());
    if (PQresultStatus(r) != PGRES_COMMAND_OK) error = PQresultErrorMessage(r);
    PQclear(r);
  }
  PQfinish(c);
  return error;
}

// "postgresql://boardroom@/postgres?host=/tmp/x" with another database than "postgres".
std::string with_database(const std::string& url, const std::string& name) {
  auto at = url.find("/postgres");
  return url.substr(0, at) + "/" + name + url.substr(at + 9);
}

}  // namespace

std::optional<std::string> test_postgres_server() {
  const char* file = std::getenv("BOARDROOM_TEST_POSTGRES");
  if (!file) return std::nullopt;
  std::ifstream in(file);
  std::string url;
  std::getline(in, url);
  if (url.empty()) return std::nullopt;
  return url;
}

postgres_database::postgres_database(const std::string& server_url) : server_url_(server_url) {
  static std::atomic<int> count{0};
  name_ = "test_" + std::to_string(::getpid()) + "_" + std::to_string(count++);
  auto error = run_on_server(server_url_, "CREATE DATABASE " + name_);
  EXPECT_EQ(error, "") << "cannot create a database on " << server_url_;
  if (error.empty()) url_ = with_database(server_url_, name_);
}

postgres_database::~postgres_database() {
  if (!url_.empty()) run_on_server(server_url_, "DROP DATABASE " + name_ + " WITH (FORCE)");
}

}  // namespace boardroom::test
