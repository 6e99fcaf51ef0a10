// What the rules do on their own (a pass, an elimination) reaches every member as a `forced` event
// right after the event that caused it (protocol 1.1).

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

// Three random bots play Shiamgon while the organiser watches, game after game, until the rules
// make a player pass or put one out (most games of three see it within a few hundred moves; some
// end by repetition first).
TEST(Forced, APassOrAnEliminationFollowsTheMoveThatCausedIt) {
  auto limit = test_limits();
  limit.bot_moves_per_second = 2000;
  limit.rooms_per_identity = 100;
  limit.events_kept = 10000;  // room.sync answers with the whole log
  test_server srv(limit);
  ws_client organiser(srv.port());
  organiser.hello("organiser");
  json bots = json::array();
  for (int s = 0; s < 3; ++s)
    bots.push_back({{"seat", s}, {"bot", "random"}});
  // On the small triangle a seat is shut in, or has no move, within a game or two (27 and 3 of 30
  // runs); on the large default board it took up to a dozen games of a thousand events.
  const json params{{"board", "triangle-64"}};
  json events;
  std::size_t at = 0;
  int games = 0;
  for (int game = 0; game < 20 && at == 0; ++game, ++games) {
    auto created = organiser.call(
        "room.create", {{"game", "shiamgon"}, {"seats", 3}, {"bots", bots}, {"params", params}});
    ASSERT_EQ(error_code(created), "") << created.dump();
    const std::string room = created["result"]["room"];
    ASSERT_TRUE(organiser.wait_event("game_over", room, 60s));  // every event schema-checked
    // The whole log, every event schema-checked by the client: slow under the sanitizers.
    auto log = organiser.call("room.sync", {{"room", room}, {"since", 0}}, 60s);
    ASSERT_TRUE(log["result"].contains("events")) << log.dump();
    events = log["result"]["events"];
    for (std::size_t i = 0; i < events.size() && at == 0; ++i)
      if (events[i]["type"] == "forced") at = i;
  }
  ASSERT_GT(at, 0u) << "the rules forced nothing in 20 games";
  std::printf("forced after %d games, %zu events\n", games, events.size());
  const json& forced = events[at];
  EXPECT_TRUE(forced["kind"] == "pass" || forced["kind"] == "elimination") << forced.dump();
  EXPECT_FALSE(forced["description"].get<std::string>().empty());
  // Right after the move (or another forced step of the same move); that move's position already
  // has the seat out: it is not the one to act next.
  std::size_t cause = at;
  while (cause > 0 && events[cause - 1]["type"] == "forced")
    --cause;
  ASSERT_GT(cause, 0u);
  const json& move = events[cause - 1];
  ASSERT_EQ(move["type"], "move") << move.dump();
  EXPECT_NE(move["to_move"], forced["seat"]) << move.dump();
  for (const auto& acting : move["to_act"])
    EXPECT_NE(acting["seat"], forced["seat"]) << move.dump();
}

}  // namespace
}  // namespace boardroom::test
