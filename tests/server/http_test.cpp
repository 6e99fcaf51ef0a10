// The HTTP side of the port: health, metrics, catalogue and room list.

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

TEST(Http, HealthMetricsGamesAndRooms) {
  test_server srv;
  auto health = http_get(srv.port(), "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.body, "ok\n");

  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  std::string move = legal_moves(a, room)["moves"][0];
  a.call("game.move", {{"room", room}, {"move", move}});
  a.call("game.move", {{"room", room}, {"move", move}});  // not_your_turn

  auto metrics = http_get(srv.port(), "/metrics");
  EXPECT_EQ(metrics.status, 200);
  EXPECT_NE(metrics.content_type.find("text/plain"), std::string::npos);
  EXPECT_NE(metrics.body.find("boardroom_connections 2"), std::string::npos) << metrics.body;
  EXPECT_NE(metrics.body.find("boardroom_rooms 1"), std::string::npos);
  EXPECT_NE(metrics.body.find("boardroom_moves_total 1"), std::string::npos);
  EXPECT_NE(metrics.body.find("boardroom_errors_total{code=\"not_your_turn\"} 1"),
            std::string::npos);
  EXPECT_NE(metrics.body.find("boardroom_move_seconds_count 1"), std::string::npos);

  auto games = http_get(srv.port(), "/api/v1/games");
  EXPECT_EQ(games.status, 200);
  auto catalogue = json::parse(games.body);
  EXPECT_EQ(catalogue["games"][0]["key"], "sisyphos");

  auto rooms = json::parse(http_get(srv.port(), "/api/v1/rooms").body);
  ASSERT_EQ(rooms["rooms"].size(), 1u);
  EXPECT_EQ(rooms["rooms"][0]["room"], room);
  EXPECT_EQ(rooms["rooms"][0]["status"], "playing");
  auto filtered = json::parse(http_get(srv.port(), "/api/v1/rooms?game=amazons").body);
  EXPECT_TRUE(filtered["rooms"].empty());

  auto missing = http_get(srv.port(), "/nope");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(json::parse(missing.body)["error"]["code"], "not_found");
  EXPECT_EQ(http_get(srv.port(), "/ws").status, 426);
}

}  // namespace
}  // namespace boardroom::test
