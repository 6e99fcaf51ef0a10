#pragma once
// The games that declare offline tools (engine/core/offline_tools.hpp), for `solve` and
// `analyze`, and what these commands say about a game that has none.

#include <string>

#include "engine/core/offline_tools.hpp"

namespace boardroom::cli {

// "sisyphos", or "amazons and sisyphos": the keys of the games with offline tools.
std::string games_with_tools();

}  // namespace boardroom::cli
