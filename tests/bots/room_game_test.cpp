// The bridge's view of a room, folded from a snapshot and events; the line protocol's go line;
// the server address.

#include "bots/room_game.hpp"

#include <gtest/gtest.h>

#include "bots/line_adapter.hpp"

namespace boardroom::bots {
namespace {

json snapshot() {
  return {{"room", "r1"},
          {"version", 3},
          {"game", "amazons"},
          {"spec", "amazons(board_size=6)"},
          {"status", "playing"},
          {"time_control", "fischer:5m+3s"},
          {"seats", json::array({json::object(), json::object()})},
          {"your_seat", 1},
          {"moves", {"a2-a3/a4"}},
          {"to_move", 1},
          {"to_act", {{{"seat", 1}, {"decision", "move"}}}},
          {"position", "p1"},
          {"clocks", {{"running", 1}, {"remaining_ms", {297'000, 300'000}}}},
          {"outcome", nullptr}};
}

TEST(RoomGame, FoldsEventsInVersionOrder) {
  room_game g;
  g.apply_snapshot(snapshot());
  EXPECT_EQ(g.seat, 1);
  EXPECT_EQ(g.players, 2);
  EXPECT_TRUE(g.my_turn());
  EXPECT_EQ(g.apply_event({{"type", "move"}, {"version", 3}}), room_game::fold::old);
  EXPECT_EQ(g.apply_event({{"type", "move"}, {"version", 5}}), room_game::fold::gap);
  EXPECT_EQ(g.version, 3);
  EXPECT_EQ(g.apply_event({{"type", "move"},
                           {"version", 4},
                           {"move", "f5-f4/f3"},
                           {"to_move", 0},
                           {"to_act", {{{"seat", 0}, {"decision", "move"}}}},
                           {"position", "p2"}}),
            room_game::fold::applied);
  EXPECT_EQ(g.moves.size(), 2u);
  EXPECT_EQ(g.position, "p2");
  EXPECT_FALSE(g.my_turn());
  EXPECT_EQ(g.apply_event({{"type", "player_dropped"}, {"version", 5}}), room_game::fold::applied);
  EXPECT_EQ(g.apply_event({{"type", "game_over"},
                           {"version", 6},
                           {"outcome", {{"ranks", {2, 1}}, {"reason", "resignation"}}}}),
            room_game::fold::applied);
  EXPECT_TRUE(g.over());
  EXPECT_EQ(g.result_for_seat(), "won");
}

// Time added (and berserk) carry the clocks too: the bridge's times follow them.
TEST(RoomGame, EveryEventWithClocksResetsTheReading) {
  room_game g;
  g.apply_snapshot(snapshot());
  const json added{{"running", 1}, {"remaining_ms", {297'000, 330'000}}};
  ASSERT_EQ(g.apply_event({{"type", "time_added"}, {"version", 4}, {"clocks", added}}),
            room_game::fold::applied);
  EXPECT_EQ(g.clocks, added);
  EXPECT_EQ(g.position, "p1") << "time added moves nothing";
}

TEST(RoomGame, ThreeOrMoreAreRanked) {
  room_game g;
  g.seat = 2;
  g.outcome = {{"ranks", {1, 2, 2}}};
  EXPECT_EQ(g.result_for_seat(), "ranked 2 of 3 (shared)");
}

TEST(LineProtocol, GoCarriesOwnTimeFirstThenTheOthersInSeatOrder) {
  room_game g;
  g.apply_snapshot(snapshot());
  EXPECT_EQ(go_line(g, std::chrono::milliseconds(1500)), "go 298500 297000");
  g.seat = 0;
  g.clocks = {{"running", 0}, {"remaining_ms", {1'000, 2'000, 3'000}}};
  EXPECT_EQ(go_line(g, std::chrono::milliseconds(5000)), "go 0 2000 3000");
  g.clocks = nullptr;
  EXPECT_EQ(go_line(g, std::chrono::milliseconds(0)), "go");
}

TEST(ServerUrl, WebSocketAddressesOnly) {
  auto plain = parse_server_url("ws://example.org");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->host, "example.org");
  EXPECT_EQ(plain->port, "8080");
  EXPECT_EQ(plain->path, "/ws");
  auto full = parse_server_url("ws://127.0.0.1:9000/games/ws");
  ASSERT_TRUE(full);
  EXPECT_EQ(full->port, "9000");
  EXPECT_EQ(full->path, "/games/ws");
  auto v6 = parse_server_url("ws://[::1]:9000");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->host, "::1");
  for (const char* bad : {"http://x", "wss://x", "ws://", "ws://x:", "ws://x:port", "x:80"})
    EXPECT_FALSE(parse_server_url(bad)) << bad;
}

}  // namespace
}  // namespace boardroom::bots
