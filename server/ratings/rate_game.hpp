#pragma once
// What a rated game's end does to its players' ratings: the store calls this inside the
// transaction that writes the game_over event (storage/sqlite_store.cpp), so the two are one.
//
// Two-player games are rated with Glicko-2 (glicko2.hpp, with lichess's choices), every game its
// own rating period, the player's RD first grown by the days since their last rated game. Games of
// three to six players are rated with Weng-Lin (weng_lin.hpp), every player a team of one, with
// the model the server was started with. Which system a game uses is fixed per game, by the most
// players it can have (system_for()), so that a game's ratings are all of one kind.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

inline constexpr std::string_view glicko2_system = "glicko2";
inline constexpr std::string_view weng_lin_system = "weng-lin";

// "glicko2" for games of two players only, "weng-lin" for games that can have more.
std::string_view system_for(const engine::game& g);

// The players' ratings after `g`, in its order; `before` holds each player's rating before it
// (none: a first rated game in this game and speed class, rated from the system's start).
std::vector<rating_record> rate_game(const rated_game& g,
                                     std::span<const std::optional<rating_record>> before);

// A rating as people read it, `now_ms` being when: Glicko-2's rating and its RD grown by idle
// time (provisional while the RD is 110 or more); Weng-Lin's ordinal mu - 3 sigma.
struct shown_rating {
  double rating = 0;
  double deviation = 0;
  bool provisional = false;
};
shown_rating show_rating(const rating_record& r, std::int64_t now_ms);

// The rating `player` brings to a pairing or a tournament in game `g` and speed class `speed`:
// their rating's value there, or the system's starting value (no rating yet, or it cannot be read).
int entry_rating(store& storage, const std::string& player, const engine::game& g,
                 std::string_view speed);

}  // namespace boardroom::server
