// One engine, named by the environment variable BOARDROOM_FUZZ_GAME (one binary serves every
// game: one compilation instead of one per game), against arbitrary input:
//   byte 0: bit 0 = 0 -> the last line is a move, 1 -> the last line is a position text
//   byte 1: the player count (modulo the game's range)
//   the rest: lines; every line but the last is a move played first (until one is refused), so
//   the seed corpus of real games takes the fuzzer deep into play.
// Every move, refused or not, is checked: a refusal says why and leaves the state exactly as it
// was; an accepted move returns its canonical text, which replays to the same position. A position
// text that reads back writes itself unchanged.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "engine/core/registry.hpp"

using namespace boardroom::engine;

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

// Plays `move` with every check; false when it was refused.
bool play_checked(state& s, std::string_view move) {
  const std::string before = s.to_text();
  const nlohmann::json view_before = s.view();
  auto copy = s.clone();
  auto played = s.play(move);
  if (!played) {
    check(!played.error().code.name().empty() && !played.error().message.empty());
    check(s.to_text() == before && s.view() == view_before);
    return false;
  }
  auto replayed = copy->play(*played);
  check(replayed.has_value() && *replayed == *played && copy->to_text() == s.to_text());
  return true;
}

}  // namespace

namespace {

const game* chosen = nullptr;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* key = std::getenv("BOARDROOM_FUZZ_GAME");
  chosen = key ? find_game(key) : nullptr;
  if (!chosen) {
    std::fprintf(stderr, "set BOARDROOM_FUZZ_GAME to a game key (amazons, arimaa, ...)\n");
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const game* g = chosen;
  static const param_map params = *resolve_params(g->param_specs(), {});
  if (size < 2) return 0;
  const bool last_is_position = (data[0] & 1) != 0;
  const int players = g->players().min + data[1] % (g->players().max - g->players().min + 1);
  std::string_view rest(reinterpret_cast<const char*>(data + 2), size - 2);

  auto created = g->new_state(players, params, 1);
  if (!created) return 0;  // a player count the game does not offer
  state& s = **created;
  for (auto end = rest.find('\n'); end != std::string_view::npos; end = rest.find('\n')) {
    if (!play_checked(s, rest.substr(0, end))) return 0;
    rest.remove_prefix(end + 1);
  }
  if (!last_is_position) {
    play_checked(s, rest);
    return 0;
  }
  auto read = g->state_from_text(players, params, rest);
  if (!read) {
    check(!read.error().code.name().empty() && !read.error().message.empty());
    return 0;
  }
  auto text = (*read)->to_text();
  auto again = g->state_from_text(players, params, text);
  check(again.has_value() && (*again)->to_text() == text);
  return 0;
}
