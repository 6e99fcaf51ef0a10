#pragma once
// Rooms and finished games written straight into a store, for the tests of the store itself.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "server/storage/store.hpp"

namespace boardroom::test {

using nlohmann::json;
using server::record_query;
using server::room_record;
using server::room_status;
using server::stored_event;

inline room_record sample_room(const std::string& id, const std::string& creator) {
  return {.id = id,
          .game = "sisyphos",
          .spec = "sisyphos(edition=perlhuhn2007,move_limit=0)",
          .params = R"({"edition":"perlhuhn2007","move_limit":0})",
          .seats = 2,
          .is_public = false,
          .invite_code = "abc234",
          .creator = creator,
          .seed = 0xfedcba9876543210ull,  // above INT64_MAX: stored by its bits
          .bots = {{1, "random"}},
          .practice = true,
          .auto_start = false,
          .status = room_status::waiting,
          .created_ms = 1'700'000'000'000};
}

struct game_row {
  std::string id;
  std::string game;
  std::vector<std::string> names;  // seat order
  std::int64_t finished_ms;
  bool is_public = true;
  bool finished = true;
};

// The room and the events a game writes, finished at `finished_ms` when it is.
inline void add_game(server::store& s, const game_row& g) {
  room_record r{.id = g.id,
                .game = g.game,
                .spec = g.game,
                .params = "{}",
                .seats = static_cast<int>(g.names.size()),
                .is_public = g.is_public,
                .invite_code = "",
                .creator = "pcreator",
                .seed = 1,
                .bots = {},
                .practice = false,
                .auto_start = true,
                .status = g.finished ? room_status::finished : room_status::playing,
                .created_ms = g.finished_ms - 1000};
  json players = json::array();
  for (const auto& n : g.names)
    players.push_back({{"player", "p-" + n}, {"name", n}});
  std::vector<stored_event> events{{1, json{{"room", g.id},
                                            {"version", 1},
                                            {"type", "game_started"},
                                            {"at", r.created_ms},
                                            {"players", players}}
                                           .dump()}};
  if (g.finished) {
    json outcome{{"ranks", {1, 2}},
                 {"scores", {1, 0}},
                 {"reason", "resignation"},
                 {"description", "x resigned"}};
    events.push_back({2, json{{"room", g.id},
                              {"version", 2},
                              {"type", "game_over"},
                              {"at", g.finished_ms},
                              {"outcome", outcome}}
                             .dump()});
  }
  ASSERT_TRUE(s.create_room(r, events).has_value());
}

inline std::vector<std::string> rooms_of(const server::record_page& page) {
  std::vector<std::string> out;
  for (const auto& r : page.records)
    out.push_back(r.room);
  return out;
}

inline std::vector<game_row> sample_games() {
  return {{"r1", "sisyphos", {"ann", "bea"}, 1'000'000},
          {"r2", "amazons", {"bea", "cid"}, 3'000'000},
          {"r3", "sisyphos", {"cid", "ann"}, 2'000'000},
          {"r4", "sisyphos", {"ann", "dan"}, 4'000'000, false},         // private
          {"r5", "sisyphos", {"ann", "eve"}, 5'000'000, true, false}};  // still playing
}

}  // namespace boardroom::test
