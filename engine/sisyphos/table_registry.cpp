#include "engine/sisyphos/table_registry.hpp"

#include <filesystem>

namespace boardroom::engine::sisyphos {

namespace {

int slot(edition e) {
  return e == edition::perlhuhn2007 ? 1 : 0;
}

}  // namespace

result<void> table_registry::install(std::shared_ptr<const table> t) {
  if (!t || !t->variant().is_full()) {
    return fail("bad_table", "only a table of the full game (5 against 3 stones) can be installed");
  }
  std::lock_guard lock(mutex_);
  tables_[slot(t->variant().source)] = std::move(t);
  return {};
}

std::shared_ptr<const table> table_registry::find(edition e) const {
  std::lock_guard lock(mutex_);
  return tables_[slot(e)];
}

void table_registry::remove(edition e) {
  std::lock_guard lock(mutex_);
  tables_[slot(e)].reset();
}

table_registry& solver_tables() {
  static table_registry instance;
  return instance;
}

std::string table_file_name(edition e) {
  return "sisyphos-" + std::string(edition_name(e)) + ".tbl";
}

result<std::vector<edition>> install_tables_from(const std::string& dir) {
  std::vector<edition> installed;
  for (edition e : {edition::forum2007, edition::perlhuhn2007}) {
    auto path = (std::filesystem::path(dir) / table_file_name(e)).string();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) continue;
    auto t = table::load(path);
    if (!t) return std::unexpected(t.error());
    if ((*t)->variant() != variant::full(e)) {
      return fail("bad_table", path + " holds the table of " + variant_name((*t)->variant()) +
                                   ", not of " + std::string(edition_name(e)));
    }
    auto done = solver_tables().install(*t);
    if (!done) return std::unexpected(done.error());
    installed.push_back(e);
  }
  return installed;
}

rule_error no_table_error(edition e) {
  return {"no_table",
          "the Sisyphos table for " + std::string(edition_name(e)) +
              " is not loaded; build it with `boardroom solve sisyphos --edition " +
              std::string(edition_name(e)) + " --out " + table_file_name(e) + "`",
          ""};
}

}  // namespace boardroom::engine::sisyphos
