#pragma once
// The ratings part of the HTTP API (answered on the store's thread, like the records):
//   GET /api/v1/ratings?game=&speed=&limit=&offset=   a game's leaderboard, best first; all speed
//                                                     classes unless `speed` names one
//   GET /api/v1/ratings/players/{player}              a player's ratings and their latest changes

#include <cstdint>
#include <string_view>

#include "server/records/records_api.hpp"  // api_reply, query_lookup
#include "server/storage/store.hpp"

namespace boardroom::server {

inline constexpr std::string_view ratings_path = "/api/v1/ratings";

inline bool is_ratings_route(std::string_view path) {
  return path == ratings_path ||
         (path.starts_with(ratings_path) && path.substr(ratings_path.size()).starts_with("/"));
}

// `path` is ratings_path or below it; `max_page` bounds limit= and the history; `now_ms` is when
// the ratings are read (an idle Glicko-2 RD grows).
api_reply serve_ratings(store& storage, std::string_view path, const query_lookup& query,
                        int max_page, std::int64_t now_ms);

}  // namespace boardroom::server
