#pragma once
// Shared steps of the server tests: a seated two-player Sisyphos room, error-code lookups, the
// store opened on a data directory.

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "server/storage/sqlite_store.hpp"
#include "tests/support/test_server.hpp"
#include "tests/support/ws_client.hpp"

namespace boardroom::test {

// A text split at its newlines (records, logs).
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

// The stable error code of a response, or "" when it succeeded.
inline std::string error_code(const json& response) {
  if (!response.contains("error")) return "";
  return response["error"]["data"].value("code", "?");
}

// The SQLite store of a data directory; fails the test (and returns null) when it cannot open.
inline std::unique_ptr<server::store> open_store(const std::string& dir,
                                                 server::sync_mode sync = server::sync_mode::full) {
  auto s = server::open_sqlite_store(dir, sync);
  EXPECT_TRUE(s.has_value()) << s.error();
  return s ? std::move(*s) : nullptr;
}

// Creates a room of `game` as `creator` (seat 0) and seats `joiner` (seat 1); the game starts.
inline std::string start_game(ws_client& creator, ws_client& joiner, const std::string& game,
                              json params = json::object()) {
  auto created = creator.call("room.create", {{"game", game}, {"params", params}});
  EXPECT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  auto joined = joiner.call("room.join", {{"room", room}});
  EXPECT_EQ(error_code(joined), "") << joined.dump();
  EXPECT_TRUE(creator.wait_event("game_started", room).has_value());
  return room;
}

inline std::string start_sisyphos(ws_client& creator, ws_client& joiner,
                                  json params = json::object()) {
  return start_game(creator, joiner, "sisyphos", std::move(params));
}

// The room as `c` sees it now (a sync from a version too new for events).
inline json snapshot_of(ws_client& c, const std::string& room) {
  auto reply = c.call("room.sync", {{"room", room}, {"since", 1'000'000}});
  EXPECT_EQ(error_code(reply), "") << reply.dump();
  return reply["result"]["snapshot"];
}

// GET `target` over HTTP, expecting `status` and a JSON body.
inline json get_json(std::uint16_t port, const std::string& target, int status = 200) {
  auto reply = http_get(port, target);
  EXPECT_EQ(reply.status, status) << target << ": " << reply.body;
  auto body = json::parse(reply.body, nullptr, false);
  EXPECT_FALSE(body.is_discarded()) << reply.body;
  return body;
}

// The moves legal now, as the server lists them.
inline json legal_moves(ws_client& c, const std::string& room) {
  return c.call("game.legal_moves", {{"room", room}})["result"];
}

}  // namespace boardroom::test
