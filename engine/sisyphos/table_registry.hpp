#pragma once
// The solved tables of the running process, one per edition: the server installs them at start
// (install_tables_from a data directory), the "perfect" bot and game::analyze find them here.
// Safe to use from several threads: the server's rooms read while a command may install.

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/sisyphos/table.hpp"

namespace boardroom::engine::sisyphos {

class table_registry {
 public:
  // Replaces the edition's table. Only full variants (5 against 3 stones) can serve games.
  result<void> install(std::shared_ptr<const table> t);
  std::shared_ptr<const table> find(edition e) const;
  void remove(edition e);

 private:
  mutable std::mutex mutex_;
  std::array<std::shared_ptr<const table>, 2> tables_;
};

table_registry& solver_tables();

// "sisyphos-forum2007.tbl": the name `boardroom solve` suggests and install_tables_from looks for.
std::string table_file_name(edition e);

// Loads and installs `<dir>/<table_file_name(e)>` for each edition whose file exists; returns the
// editions installed. A file that exists but cannot be used is an error (nothing of it installed;
// tables loaded before it stay).
result<std::vector<edition>> install_tables_from(const std::string& dir);

// The "no_table" error of the bot and of analysis when the edition's table is not installed.
rule_error no_table_error(edition e);

}  // namespace boardroom::engine::sisyphos
