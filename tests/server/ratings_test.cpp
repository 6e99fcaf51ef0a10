// Ratings over real sockets: a rated game's end changes its players' ratings in the same
// transaction as its game_over event, a casual one changes nothing, guests cannot play rated, and
// the leaderboards and a player's history are read over HTTP.

#include <cmath>

#include <gtest/gtest.h>

#include "server/ratings/weng_lin.hpp"
#include "server/storage/sqlite_store.hpp"
#include "tests/server/helpers.hpp"
#include "tests/support/faulty_store.hpp"

namespace boardroom::test {
namespace {

// A connected account named `name`.
json account(ws_client& c, const std::string& name) {
  auto greeted = c.hello(name);
  auto registered = c.call("account.register", {{"password", name + " password"}});
  EXPECT_EQ(error_code(registered), "") << registered.dump();
  return greeted;
}

std::string rated_room(ws_client& creator, const std::string& game, int seats = 2) {
  auto created = creator.call("room.create", {{"game", game}, {"rated", true}, {"seats", seats}});
  EXPECT_EQ(error_code(created), "") << created.dump();
  EXPECT_EQ(created["result"]["snapshot"]["rated"], true);
  return created["result"]["room"];
}

json rating_of(const json& board, const std::string& player) {
  for (const auto& r : board["ratings"]) {
    if (r["player"] == player) return r;
  }
  return nullptr;
}

// lichess's published case (its calculator tests): two players at 1500/500/0.09, one decisive
// game: the winner 1741 with RD 396, the loser 1258, as lichess shows them (truncated).
TEST(Ratings, ARatedGameChangesBothRatingsAsLichessWould) {
  test_server srv;
  ws_client a(srv.port()), b(srv.port());
  std::string winner = account(a, "Winner")["player"];
  std::string loser = account(b, "Loser")["player"];
  std::string room = rated_room(a, "amazons");
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room));
  ASSERT_EQ(error_code(b.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_over", room));

  auto board = get_json(srv.port(), "/api/v1/ratings?game=amazons");
  ASSERT_EQ(board["ratings"].size(), 2u) << board.dump();
  EXPECT_EQ(board["ratings"][0]["player"], winner);  // best first
  EXPECT_EQ(board["ratings"][0]["rank"], 1);
  auto w = rating_of(board, winner);
  auto l = rating_of(board, loser);
  EXPECT_EQ(w["system"], "glicko2");
  EXPECT_EQ(w["speed"], "untimed");
  EXPECT_EQ(w["name"], "Winner");
  EXPECT_EQ(w["games"], 1);
  EXPECT_EQ(std::floor(w["rating"].get<double>()), 1741) << w.dump();
  EXPECT_NEAR(w["deviation"].get<double>(), 396.5, 1.0) << w.dump();
  EXPECT_EQ(std::floor(l["rating"].get<double>()), 1258) << l.dump();
  EXPECT_EQ(w["provisional"], true);  // RD 396 >= 110

  auto history = get_json(srv.port(), "/api/v1/ratings/players/" + winner);
  ASSERT_EQ(history["history"].size(), 1u);
  EXPECT_EQ(history["history"][0]["room"], room);
  EXPECT_TRUE(history["history"][0]["before"].is_null());  // the first rated game
  EXPECT_DOUBLE_EQ(history["history"][0]["after"]["value"].get<double>(),
                   w["rating"].get<double>());

  // A casual game between the same two changes nothing.
  std::string casual = start_game(a, b, "amazons");
  ASSERT_EQ(error_code(a.call("game.resign", {{"room", casual}})), "");
  ASSERT_TRUE(b.wait_event("game_over", casual));
  auto after = get_json(srv.port(), "/api/v1/ratings?game=amazons");
  EXPECT_EQ(rating_of(after, winner)["games"], 1);
  EXPECT_EQ(rating_of(after, winner)["rating"], w["rating"]);
}

TEST(Ratings, GuestsAndBotsCannotPlayRated) {
  test_server srv;
  ws_client guest(srv.port()), owner(srv.port());
  guest.hello("Guest");
  account(owner, "Owner");
  auto refused = guest.call("room.create", {{"game", "amazons"}, {"rated", true}});
  EXPECT_EQ(error_code(refused), "account_required") << refused.dump();
  EXPECT_EQ(error_code(owner.call("room.create", {{"game", "amazons"},
                                                  {"rated", true},
                                                  {"bots", {{{"seat", 1}, {"bot", "random"}}}}})),
            "bad_parameter");
  EXPECT_EQ(error_code(owner.call("room.create",
                                  {{"game", "amazons"}, {"rated", true}, {"practice", true}})),
            "bad_parameter");
  EXPECT_EQ(error_code(owner.call("room.create", {{"game", "amazons"}, {"rated", "yes"}})),
            "wrong_type");
  std::string room = rated_room(owner, "amazons");
  EXPECT_EQ(error_code(guest.call("room.join", {{"room", room}})), "account_required");
  // Once registered, the same connection may join.
  ASSERT_EQ(error_code(guest.call("account.register", {{"password", "now an account"}})), "");
  EXPECT_EQ(error_code(guest.call("room.join", {{"room", room}})), "");
}

// Games of three or more are rated with Weng-Lin, with the model the server was started with
// (--rating-model): the winner's mu rises, the last one's falls, each exactly as the model (whose
// own tests hold it to OpenSkill's vectors) rates three new players placed 1st, 2nd and 3rd.
TEST(Ratings, AGameOfThreeIsRatedWithWengLin) {
  test_server_options options;
  options.rating_model = "thurstone-mosteller-full";
  test_server srv(options);
  ws_client a(srv.port()), b(srv.port()), c(srv.port());
  std::string first = account(a, "First")["player"];
  std::string second = account(b, "Second")["player"];
  std::string third = account(c, "Third")["player"];
  std::string room = rated_room(a, "esiema", 3);
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_EQ(error_code(c.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room));
  // Third resigns first (ranks last), then Second: First wins.
  ASSERT_EQ(error_code(c.call("game.resign", {{"room", room}})), "");
  ASSERT_EQ(error_code(b.call("game.resign", {{"room", room}})), "");
  auto over = a.wait_event("game_over", room);
  ASSERT_TRUE(over);
  ASSERT_EQ((*over)["outcome"]["ranks"], json({1, 2, 3})) << over->dump();

  auto board = get_json(srv.port(), "/api/v1/ratings?game=esiema&speed=untimed");
  ASSERT_EQ(board["ratings"].size(), 3u) << board.dump();
  EXPECT_EQ(board["speed"], "untimed");
  std::vector<std::string> order;
  for (const auto& r : board["ratings"]) {
    EXPECT_EQ(r["system"], "weng-lin");
    order.push_back(r["player"]);
  }
  EXPECT_EQ(order, (std::vector<std::string>{first, second, third}));
  const std::vector<ratings::weng_lin_rating> fresh(3);
  const std::vector<int> ranks{1, 2, 3};
  const auto expected =
      ratings::weng_lin_update(ratings::weng_lin_model::thurstone_mosteller_full, fresh, ranks);
  const std::string players[] = {first, second, third};
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(rating_of(board, players[i])["mu"].get<double>(), expected[i].mu, 1e-9) << i;
    EXPECT_NEAR(rating_of(board, players[i])["sigma"].get<double>(), expected[i].sigma, 1e-9);
  }
  EXPECT_GT(rating_of(board, first)["mu"].get<double>(), 25.0);
  EXPECT_LT(rating_of(board, third)["mu"].get<double>(), 25.0);
  EXPECT_NEAR(rating_of(board, first)["rating"].get<double>(),
              rating_of(board, first)["mu"].get<double>() -
                  3 * rating_of(board, first)["sigma"].get<double>(),
              1e-9);
}

// The game's end and the ratings are one transaction: when the store refuses the end, neither
// the game nor any rating changed, and the retried end writes both.
TEST(Ratings, TheEndAndTheRatingsAreWrittenTogetherOrNotAtAll) {
  temp_dir dir;
  auto storage = faulty_store_in(dir.path());
  test_server srv(with_store(storage));
  ws_client a(srv.port()), b(srv.port());
  account(a, "Ann");
  account(b, "Ben");
  std::string room = rated_room(a, "amazons");
  ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(a.wait_event("game_started", room));
  storage->fail_writes(true);
  EXPECT_EQ(error_code(b.call("game.resign", {{"room", room}})), "storage_failed");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings?game=amazons")["ratings"].size(), 0u);
  EXPECT_EQ(snapshot_of(a, room)["status"], "playing");
  storage->fail_writes(false);
  ASSERT_EQ(error_code(b.call("game.resign", {{"room", room}})), "");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings?game=amazons")["ratings"].size(), 2u);
}

TEST(Ratings, RatingsAndAccountsOutliveARestart) {
  temp_dir dir;
  json before;
  {
    test_server srv(on_dir(dir.path()));
    ws_client a(srv.port()), b(srv.port());
    account(a, "Gold");
    account(b, "Silver");
    std::string room = rated_room(a, "amazons");
    ASSERT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
    ASSERT_TRUE(a.wait_event("game_started", room));
    ASSERT_EQ(error_code(a.call("game.resign", {{"room", room}})), "");
    ASSERT_TRUE(b.wait_event("game_over", room));
    before = get_json(srv.port(), "/api/v1/ratings?game=amazons");
    ASSERT_EQ(before["ratings"].size(), 2u);
  }
  test_server srv(on_dir(dir.path()));
  auto after = get_json(srv.port(), "/api/v1/ratings?game=amazons");
  ASSERT_EQ(after["ratings"].size(), 2u);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(after["ratings"][i]["player"], before["ratings"][i]["player"]);
    EXPECT_NEAR(after["ratings"][i]["rating"].get<double>(),
                before["ratings"][i]["rating"].get<double>(), 1e-9);
    // The RD grows with idle time as it is read: by a hair over the moments of a restart.
    EXPECT_NEAR(after["ratings"][i]["deviation"].get<double>(),
                before["ratings"][i]["deviation"].get<double>(), 0.01);
  }
  // The winner logs in and can play rated again.
  ws_client c(srv.port());
  auto login =
      c.call("hello", {{"protocol", 1}, {"name", "silver"}, {"password", "Silver password"}});
  ASSERT_EQ(error_code(login), "") << login.dump();
  EXPECT_EQ(error_code(c.call("room.create", {{"game", "amazons"}, {"rated", true}})), "");
}

TEST(Ratings, TheRoutesAnswerBadQueriesInWords) {
  test_server srv;
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings", 400)["error"]["code"], "bad_request");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings?game=chess", 404)["error"]["code"],
            "unknown_game");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings?game=amazons&speed=warp", 400)["error"]["code"],
            "bad_request");
  for (const char* limit : {"0", "101", "-1", "1e3", "x", ""}) {
    EXPECT_EQ(get_json(srv.port(), std::string("/api/v1/ratings?game=amazons&limit=") + limit,
                       400)["error"]["code"],
              "bad_request")
        << limit;
  }
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings?game=amazons&limit=100")["ratings"].size(), 0u);
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings/players/nobody", 404)["error"]["code"],
            "no_ratings");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings/players/", 404)["error"]["code"], "not_found");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings/players/a/b", 404)["error"]["code"], "not_found");
  EXPECT_EQ(get_json(srv.port(), "/api/v1/ratings/players/%27%20OR%201=1--", 404)["error"]["code"],
            "no_ratings");
}

}  // namespace
}  // namespace boardroom::test
