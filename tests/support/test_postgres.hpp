#pragma once
// A database of a test's own on the tests' PostgreSQL server (tests/support/postgres.sh, which
// ctest starts as the `postgres` fixture and names in BOARDROOM_TEST_POSTGRES).

#include <optional>
#include <string>

namespace boardroom::test {

// The server's URL, or nothing when the test runs outside ctest (no fixture, no server).
std::optional<std::string> test_postgres_server();

// A fresh, empty database, dropped (whoever is still connected) when this object goes.
class postgres_database {
 public:
  explicit postgres_database(const std::string& server_url);
  ~postgres_database();
  postgres_database(const postgres_database&) = delete;
  postgres_database& operator=(const postgres_database&) = delete;
  // Empty when the database could not be made (the test has failed by then).
  const std::string& url() const { return url_; }

 private:
  std::string server_url_;
  std::string name_;
  std::string url_;
};

}  // namespace boardroom::test
