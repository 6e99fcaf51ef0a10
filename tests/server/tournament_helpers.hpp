#pragma once
// Tournament players for the tests: real clients that enter, then play every game they are paired
// into with random legal moves until the tournament ends.

#include <random>
#include <string>

#include "tests/server/helpers.hpp"

namespace boardroom::test {

// A tournament.* request that must succeed; returns its result (and fails the test otherwise).
inline json must(ws_client& c, const std::string& method, json params) {
  auto reply = c.call(method, std::move(params));
  EXPECT_EQ(error_code(reply), "") << method << ": " << reply.dump();
  return reply.contains("result") ? reply["result"] : json();
}

// The next tournament.update of `change` ("finished", "pairing_due", ...) that `c` receives.
inline std::optional<json> wait_change(ws_client& c, const std::string& change,
                                       std::chrono::milliseconds timeout) {
  return c.wait_notification(
      [&](const json& f) {
        return f.value("method", "") == "tournament.update" && f["params"]["change"] == change;
      },
      timeout);
}

// Plays the game in `room` from seat `seat` with random legal moves to its end; "" or what went
// wrong.
inline std::string play_room(ws_client& c, const std::string& room, int seat,
                             std::mt19937_64& rng) {
  for (int tries = 0; tries < 100'000; ++tries) {
    auto listed = c.call("game.legal_moves", {{"room", room}});
    const std::string code = error_code(listed);
    if (code == "game_over") return "";
    if (code == "game_not_started") {
      c.wait_notification([&](const json&) { return false; }, 20ms);
      continue;
    }
    if (!code.empty()) return listed.dump();
    const json& r = listed["result"];
    if (r["moves"].empty()) return "";
    if (r["to_move"] != seat) {
      // The other player's move (or the end) comes as a room.event.
      c.wait_notification(
          [&](const json& f) {
            return f.value("method", "") == "room.event" && f["params"]["room"] == room;
          },
          500ms);
      continue;
    }
    std::string move = r["moves"][rng() % r["moves"].size()];
    auto played = c.call("game.move", {{"room", room}, {"move", move}});
    const std::string refused = error_code(played);
    if (refused == "game_over") return "";
    if (!refused.empty() && refused != "not_your_turn") return played.dump();
  }
  return "the game in " + room + " did not end";
}

// Plays every game of tournament `tid` that `me` is paired into, until it finishes or is
// cancelled; "" or what went wrong.
inline std::string play_tournament(ws_client& c, const std::string& me, const std::string& tid,
                                   std::uint64_t seed,
                                   std::chrono::milliseconds patience = std::chrono::seconds(60)) {
  std::mt19937_64 rng(seed);
  while (true) {
    auto note = c.wait_notification(
        [&](const json& f) {
          const std::string method = f.value("method", "");
          if (!f.contains("params") || f["params"].value("tournament", "") != tid) return false;
          if (method == "tournament.pairings") return true;
          return method == "tournament.update" &&
                 (f["params"]["change"] == "finished" || f["params"]["change"] == "cancelled");
        },
        patience);
    if (!note) return me + ": no pairing and no end within the patience";
    if ((*note)["method"] == "tournament.update") return "";
    for (const auto& table : (*note)["params"]["tables"]) {
      const auto& seats = table["seats"];
      for (std::size_t s = 0; s < seats.size(); ++s) {
        if (seats[s]["player"] != me || !table.contains("room")) continue;
        if (auto failed = play_room(c, table["room"], static_cast<int>(s), rng); !failed.empty())
          return failed;
      }
    }
  }
}

}  // namespace boardroom::test
