// `boardroom migrate --from sqlite:DIR --to postgresql://…`: an installation moved from the
// embedded database to PostgreSQL (server/storage/migrate.hpp). Exit codes: 0 when copied, 1 when
// the copy failed (nothing was written), 2 for a usage error.

#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "server/storage/migrate.hpp"
#include "server/storage/postgres_store.hpp"

namespace boardroom::cli {

command add_migrate(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "migrate",
      "Copy an installation's SQLite database into an empty PostgreSQL database, in one "
      "transaction; stop the server first");
  auto from = std::make_shared<std::string>();
  auto to = std::make_shared<std::string>();
  sub->add_option("--from", *from, "The installation: sqlite:DIR, DIR being its --data-dir")
      ->required();
  sub->add_option("--to", *to,
                  "The PostgreSQL database: postgresql://USER@HOST:PORT/DB (a password from "
                  "PGPASSWORD or ~/.pgpass rather than the URL)")
      ->required();
  return [from, to] {
    if (!from->starts_with("sqlite:") || from->size() == 7) {
      std::cerr << "error: --from must be sqlite:DIR, not '" << *from << "'\n";
      return 2;
    }
    if (!server::is_postgres_url(*to)) {
      std::cerr << "error: --to must be a postgresql:// URL, not '" << server::redacted_url(*to)
                << "'\n";
      return 2;
    }
    auto report = server::migrate_sqlite_to_postgres(from->substr(7), *to);
    if (!report) {
      std::cerr << "error: " << report.error() << " (nothing was copied)\n";
      return 1;
    }
    for (const auto& [table, rows] : *report)
      std::cout << table << ": " << rows << " rows\n";
    std::cout << "copied " << *from << " to " << server::redacted_url(*to) << '\n';
    return 0;
  };
}

}  // namespace boardroom::cli
