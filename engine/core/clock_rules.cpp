#include "engine/core/clock_rules.hpp"

#include "engine/core/registry.hpp"

namespace boardroom::engine {

std::vector<declared_clock_kind> declared_clock_kinds() {
  std::vector<declared_clock_kind> out;
  for (const game* g : all_games()) {
    for (const clock_kind* k : g->clock_kinds())
      out.push_back({g, k});
  }
  return out;
}

declared_clock_kind find_clock_kind(std::string_view name) {
  for (const auto& d : declared_clock_kinds()) {
    if (d.kind->name() == name) return d;
  }
  return {};
}

}  // namespace boardroom::engine
