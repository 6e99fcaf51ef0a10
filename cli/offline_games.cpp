#include "cli/offline_games.hpp"

#include <vector>

namespace boardroom::cli {

std::string games_with_tools() {
  std::vector<std::string> keys;
  for (const engine::game* g : engine::all_games()) {
    if (g->tools()) keys.emplace_back(g->key());
  }
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i)
    out += (i == 0 ? "" : i + 1 == keys.size() ? " and " : ", ") + keys[i];
  return out.empty() ? "no game" : out;
}

}  // namespace boardroom::cli
