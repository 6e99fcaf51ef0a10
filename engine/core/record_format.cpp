#include "engine/core/record_format.hpp"

#include "engine/core/registry.hpp"

namespace boardroom::engine {

std::vector<declared_record_format> declared_record_formats() {
  std::vector<declared_record_format> out;
  for (const game* g : all_games()) {
    for (const record_format* f : g->record_formats())
      out.push_back({g, f});
  }
  return out;
}

declared_record_format find_record_format(std::string_view name) {
  for (const auto& d : declared_record_formats()) {
    if (d.format->name() == name) return d;
  }
  return {};
}

}  // namespace boardroom::engine
