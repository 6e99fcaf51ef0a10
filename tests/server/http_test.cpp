// The HTTP side of the port: health, metrics, catalogue and room list.

#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "server/net/web_assets.hpp"

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

// The browser client and the JavaScript library are served from the binary, byte for byte as they
// are in the source tree, each with its type and a policy that keeps the page to this server.
TEST(Http, TheBrowserClientAndTheLibraryAreServedAsTheyAreInTheTree) {
  test_server srv;
  const std::filesystem::path root(BOARDROOM_SOURCE_DIR);
  int library_files = 0;
  for (const auto& asset : server::web_assets()) {
    const std::string path(asset.path);
    const auto file = path.starts_with("/sdk/") ? root / "clients/js" / path.substr(5)
                                                : root / "web" / path.substr(1);
    std::ifstream in(file, std::ios::binary);
    ASSERT_TRUE(in) << file;
    const std::string on_disk((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
    auto served = http_get(srv.port(), path);
    EXPECT_EQ(served.status, 200) << path;
    EXPECT_EQ(served.body, on_disk) << path;
    EXPECT_EQ(served.content_security_policy.find("default-src 'self'"), 0u) << path;
    if (path.ends_with(".js")) {
      EXPECT_EQ(served.content_type, "text/javascript; charset=utf-8");
    }
    library_files += path.starts_with("/sdk/src/");
  }
  EXPECT_GT(library_files, 3);  // the library's modules are all there
  EXPECT_NE(server::find_web_asset("/sdk/index.js"), nullptr);
  if (server::find_web_asset("/index.html")) {
    auto page = http_get(srv.port(), "/");
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  }
  EXPECT_EQ(http_get(srv.port(), "/sdk/nothing.js").status, 404);
  EXPECT_EQ(http_get(srv.port(), "/../CMakeLists.txt").status, 404);
}

}  // namespace
}  // namespace boardroom::test
