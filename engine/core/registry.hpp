#pragma once
// The explicit list of games, and game specs such as "amazons(board_size=8)".

#include <span>
#include <string>
#include <string_view>

#include "engine/core/game.hpp"

namespace boardroom::engine {

std::span<const game* const> all_games();
const game* find_game(std::string_view key);

// A game together with resolved parameters: what a room or a command line plays.
struct game_spec {
  const game* game_ptr = nullptr;
  param_map params;

  std::string text() const;  // canonical: "sisyphos(edition=perlhuhn2007,move_limit=50)"
};

// Parses "key" or "key(name=value,...)" and resolves the parameters against the game's specs.
result<game_spec> parse_game_spec(std::string_view text);

// Resolves JSON parameters (as a client sends them) against the game's specs.
result<game_spec> make_game_spec(std::string_view key, const nlohmann::json& params);

nlohmann::json catalogue_json(const game& g);

}  // namespace boardroom::engine
