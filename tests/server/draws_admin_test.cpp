// Draws by agreement and the administrator's requests (abort, adjudicate, add time).

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

TEST(Draws, BothOfferingIsADrawByAgreement) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  ASSERT_EQ(error_code(a.call("game.offer_draw", {{"room", room}})), "");
  auto offered = b.wait_event("draw_offered", room);
  ASSERT_TRUE(offered);
  EXPECT_EQ((*offered)["seat"], 0);
  EXPECT_EQ(snapshot_of(b, room)["draw_offers"], json::array({0}));
  ASSERT_EQ(error_code(b.call("game.offer_draw", {{"room", room}})), "");
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "agreement");
  EXPECT_EQ((*over)["outcome"]["ranks"], json::array({1, 1}));
  EXPECT_EQ((*over)["outcome"]["scores"], json::array({0.5, 0.5}));
}

TEST(Draws, AnOfferLapsesWithTheNextMoveOrARefusal) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  ASSERT_EQ(error_code(a.call("game.offer_draw", {{"room", room}})), "");
  ASSERT_EQ(error_code(a.call("game.move", {{"room", room}, {"move", "e3-e4"}})), "");
  EXPECT_FALSE(snapshot_of(b, room).contains("draw_offers"));
  EXPECT_EQ(error_code(b.call("game.decline_draw", {{"room", room}})), "no_draw_offer");

  ASSERT_EQ(error_code(b.call("game.offer_draw", {{"room", room}})), "");
  ASSERT_EQ(error_code(a.call("game.decline_draw", {{"room", room}})), "");
  auto declined = b.wait_event("draw_declined", room);
  ASSERT_TRUE(declined);
  EXPECT_EQ((*declined)["seat"], 0);
  // Bob's offer is gone, so Alice's own offer does not end the game.
  ASSERT_EQ(error_code(a.call("game.offer_draw", {{"room", room}})), "");
  EXPECT_EQ(snapshot_of(a, room)["status"], "playing");
  EXPECT_EQ(error_code(b.call("room.sync", {{"room", room}, {"since", 0}})), "");

  ws_client c(srv.port());
  c.hello("carol");
  ASSERT_EQ(error_code(c.call("room.spectate", {{"room", room}})), "");
  EXPECT_EQ(error_code(c.call("game.offer_draw", {{"room", room}})), "not_your_seat");
}

TEST(Draws, ArimaaRefusesOffers) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("gold");
  b.hello("silver");
  auto created = a.call("room.create", {{"game", "arimaa"}});
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room));
  auto refused = a.call("game.offer_draw", {{"room", room}});
  EXPECT_EQ(error_code(refused), "draws_not_allowed");
  EXPECT_EQ(refused["error"]["message"], "Arimaa has no draws by agreement");
}

test_server_options with_admin(std::shared_ptr<manual_clock> clock = nullptr) {
  test_server_options o;
  o.admin_token = "s3cret-admin";
  o.clock = std::move(clock);
  return o;
}

TEST(Admin, AbortAndAdjudicateNeedTheToken) {
  test_server srv(with_admin());
  ws_client a(srv.port()), b(srv.port()), admin(srv.port());
  a.hello("alice");
  b.hello("bob");
  admin.hello("arbiter");
  std::string room = start_sisyphos(a, b);
  EXPECT_EQ(error_code(admin.call("admin.abort", {{"room", room}, {"token", "guess"}})),
            "not_admin");
  EXPECT_EQ(error_code(admin.call("admin.adjudicate",
                                  {{"room", room}, {"token", "s3cret-admin"}, {"ranks", {1}}})),
            "bad_ranks");
  ASSERT_EQ(error_code(admin.call("admin.adjudicate", {{"room", room},
                                                       {"token", "s3cret-admin"},
                                                       {"ranks", {2, 1}},
                                                       {"note", "bob wins: alice's flag"}})),
            "");
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "adjudication");
  EXPECT_EQ((*over)["outcome"]["winners"], json::array({1}));
  EXPECT_EQ((*over)["outcome"]["scores"], json::array({0.0, 1.0}));
  EXPECT_EQ((*over)["outcome"]["description"], "bob wins: alice's flag");

  std::string second = start_sisyphos(a, b);
  ASSERT_EQ(error_code(admin.call("admin.abort", {{"room", second}, {"token", "s3cret-admin"}})),
            "");
  auto aborted = b.wait_event("game_over", second);
  ASSERT_TRUE(aborted);
  EXPECT_EQ((*aborted)["outcome"]["reason"], "aborted");
  EXPECT_EQ((*aborted)["outcome"]["scores"], json::array({0.0, 0.0}));
  EXPECT_EQ(error_code(admin.call("admin.abort", {{"room", second}, {"token", "s3cret-admin"}})),
            "game_over");
}

TEST(Admin, WithoutAConfiguredTokenNobodyIsAdmin) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  EXPECT_EQ(error_code(a.call("admin.abort", {{"room", room}, {"token", ""}})), "not_admin");
}

TEST(Admin, AddedTimeMovesTheFlag) {
  auto clock = std::make_shared<manual_clock>();
  test_server srv(with_admin(clock));
  ws_client a(srv.port()), b(srv.port()), admin(srv.port());
  a.hello("alice");
  b.hello("bob");
  admin.hello("arbiter");
  std::string untimed = start_sisyphos(a, b);
  EXPECT_EQ(error_code(admin.call(
                "admin.add_time",
                {{"room", untimed}, {"token", "s3cret-admin"}, {"seat", 0}, {"seconds", 30}})),
            "not_timed");

  auto created = a.call("room.create", {{"game", "sisyphos"}, {"time_control", "sudden_death:1m"}});
  std::string room = created["result"]["room"];
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room));
  srv.advance(50s);
  ASSERT_EQ(error_code(admin.call(
                "admin.add_time",
                {{"room", room}, {"token", "s3cret-admin"}, {"seat", 0}, {"seconds", 30}})),
            "");
  auto added = a.wait_event("time_added", room);
  ASSERT_TRUE(added);
  EXPECT_EQ((*added)["added_ms"], 30000);
  EXPECT_EQ((*added)["clocks"], (json{{"running", 0}, {"remaining_ms", {40000, 60000}}}));
  srv.advance(35s);  // 85 s of the 90 s
  EXPECT_EQ(snapshot_of(b, room)["status"], "playing");
  srv.advance(6s);
  auto over = b.wait_event("game_over", room);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["outcome"]["reason"], "timeout");
}

}  // namespace
}  // namespace boardroom::test
