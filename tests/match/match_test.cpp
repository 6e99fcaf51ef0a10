// The match core without sockets: logs folded event by event, checked against the engine.

#include "server/match/match.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace boardroom::test {
namespace {

using server::match;
using server::room_status;
namespace ev = protocol::events;

match new_match(const std::string& spec_text, int seats, std::uint64_t seed = 7) {
  auto spec = engine::parse_game_spec(spec_text);
  EXPECT_TRUE(spec) << spec_text;
  return match({*spec, seats, seed});
}

// Folds `body` as the next event, or fails the test with the match's reason.
void fold(match& m, protocol::event_body body) {
  auto ok = m.fold({"rtest", m.version() + 1, 1000 + m.version(), std::move(body)});
  ASSERT_TRUE(ok) << ok.error();
}

// Folds into a copy: a match that refused an event is not used again.
std::string refusal(match m, protocol::event_body body) {
  auto ok = m.fold({"rtest", m.version() + 1, 0, std::move(body)});
  return ok ? "" : ok.error();
}

std::string start_position(const match& m, int players) {
  auto made = m.game().new_state(players, m.settings().spec.params, m.settings().seed);
  return made ? (*made)->to_text() : "";
}

// Seats `players` people and starts the game.
void seat_and_start(match& m, int players) {
  std::vector<ev::seated> seated;
  for (int i = 0; i < players; ++i) {
    const std::string id = "p" + std::to_string(i);
    fold(m, ev::player_joined{i, id, "n" + std::to_string(i), std::nullopt});
    seated.push_back({id, "n" + std::to_string(i)});
  }
  fold(m, ev::game_started{seated, 0, start_position(m, players), std::nullopt, std::nullopt,
                           std::nullopt, std::nullopt, std::nullopt});
}

// The move the engine lists first, as the event the room would write.
ev::move next_move(const match& m) {
  auto after = m.state()->clone();
  const int mover = after->current_player();
  const std::string text = after->legal_moves().front();
  auto played = after->play(text);
  EXPECT_TRUE(played);
  return {mover,
          static_cast<std::int64_t>(m.moves().size()) + 1,
          *played,
          after->is_terminal() ? std::nullopt : std::optional<int>(after->current_player()),
          after->to_text(),
          std::nullopt,
          std::nullopt,
          std::nullopt};
}

TEST(Match, AGameIsFoldedFromJoinToEnd) {
  match m = new_match("sisyphos", 2);
  EXPECT_EQ(m.status(), room_status::waiting);
  EXPECT_EQ(m.state(), nullptr);
  seat_and_start(m, 2);
  EXPECT_EQ(m.status(), room_status::playing);
  EXPECT_EQ(m.version(), 3);
  EXPECT_EQ(m.position_version(), 3);
  ASSERT_NE(m.state(), nullptr);
  while (!m.state()->is_terminal() && m.moves().size() < 6)
    fold(m, next_move(m));
  EXPECT_EQ(m.moves().size(), 6u);
  EXPECT_EQ(m.position_version(), m.version());
  fold(m, ev::draw_offered{1});
  EXPECT_EQ(m.draw_offers(), std::set<int>{1});
  EXPECT_EQ(m.position_version(), m.version() - 1);  // an offer does not change the position
  fold(m, next_move(m));
  EXPECT_TRUE(m.draw_offers().empty()) << "a move answers every offer";
  engine::outcome won{{1, 2}, {1.0, 0.0}, "resignation", "n1 resigned"};
  fold(m, ev::game_over{won, std::nullopt});
  EXPECT_EQ(m.status(), room_status::finished);
  ASSERT_TRUE(m.outcome());
  EXPECT_EQ(m.outcome()->reason, "resignation");
  fold(m, ev::room_closed{});
  EXPECT_EQ(m.status(), room_status::closed);
}

TEST(Match, EventsThatDoNotFitTheGameAreRefused) {
  match m = new_match("sisyphos", 2);
  EXPECT_NE(refusal(m, ev::player_joined{2, "p", "n", std::nullopt}), "");  // no seat 2
  EXPECT_NE(refusal(m, ev::move{0, 1, "e3-e4", 1, "x", std::nullopt, std::nullopt, std::nullopt}),
            "");
  EXPECT_NE(refusal(m, ev::player_joined{0, "p", "n", "no-such-bot"}), "");
  fold(m, ev::player_joined{0, "p0", "n0", std::nullopt});
  EXPECT_NE(refusal(m, ev::player_joined{0, "p9", "n9", std::nullopt}), "") << "seat taken";
  fold(m, ev::player_joined{1, "p1", "n1", std::nullopt});
  EXPECT_NE(refusal(m, ev::game_started{{{"p1", "n1"}, {"p0", "n0"}},
                                        0,
                                        start_position(m, 2),
                                        std::nullopt,
                                        std::nullopt,
                                        std::nullopt,
                                        std::nullopt,
                                        std::nullopt}),
            "")
      << "the players are not the seated ones";
  EXPECT_NE(refusal(m, ev::game_started{{{"p0", "n0"}, {"p1", "n1"}},
                                        0,
                                        "elsewhere",
                                        std::nullopt,
                                        std::nullopt,
                                        std::nullopt,
                                        std::nullopt,
                                        std::nullopt}),
            "")
      << "not the engine's start position";
  // A version that does not follow the last one.
  EXPECT_FALSE(m.fold({"rtest", m.version() + 2, 0, ev::room_closed{}}));
  EXPECT_EQ(m.status(), room_status::waiting);

  match started = new_match("sisyphos", 2);
  seat_and_start(started, 2);
  ev::move good = next_move(started);
  ev::move wrong_seat = good;
  wrong_seat.seat = 1 - good.seat;
  EXPECT_NE(refusal(started, wrong_seat), "");
  ev::move illegal = good;
  illegal.played = "z9-z10";
  EXPECT_NE(refusal(started, illegal), "");
  ev::move elsewhere = good;
  elsewhere.position = "not the position";
  EXPECT_NE(refusal(started, elsewhere).find("different position"), std::string::npos);
  EXPECT_NE(refusal(started, ev::game_started{}), "") << "a second start";
}

TEST(Match, ACopyIsIndependentOfItsOriginal) {
  match m = new_match("amazons", 2);
  seat_and_start(m, 2);
  match copy = m;
  fold(copy, next_move(copy));
  EXPECT_EQ(copy.moves().size(), 1u);
  EXPECT_TRUE(m.moves().empty());
  EXPECT_NE(copy.state()->to_text(), m.state()->to_text());
  EXPECT_EQ(m.version(), 3);
}

TEST(Match, AnEarlyStartDropsTheEmptySeats) {
  match m = new_match("esiema", 4);
  fold(m, ev::player_joined{0, "p0", "n0", std::nullopt});
  fold(m, ev::player_joined{2, "p2", "n2", std::nullopt});
  fold(m, ev::player_joined{3, "p3", "n3", std::nullopt});
  fold(m, ev::player_left{3, "p3", "n3", "timeout"});
  EXPECT_EQ(m.seats_taken(), 2);
  fold(m, ev::player_joined{3, "p4", "n4", std::nullopt});
  fold(m, ev::game_started{m.players_seated(), 0, start_position(m, 3), std::nullopt, std::nullopt,
                           std::nullopt, std::nullopt, std::nullopt});
  ASSERT_EQ(m.seat_count(), 3);
  EXPECT_EQ(m.seats()[1].player, "p2");
  EXPECT_EQ(m.seats()[2].player, "p4");
}

TEST(Match, RetiredAndResignedSeatsRankBelowThePlayers) {
  match m = new_match("esiema", 3);
  seat_and_start(m, 3);
  auto after = m.state()->clone();
  ASSERT_TRUE(after->retire(1));
  fold(m, ev::seat_retired{
              1, "p1", "resignation",
              after->is_terminal() ? std::nullopt : std::optional<int>(after->current_player()),
              after->to_text(), std::nullopt, std::nullopt, std::nullopt});
  EXPECT_TRUE(m.seats()[1].retired);
  EXPECT_EQ(m.seats()[1].gone, 1);
  EXPECT_EQ(server::seats_in_play(m.seats()), 2);
  EXPECT_EQ(m.position_version(), m.version());
  // The bot plays seat 2 on after its player resigned: it ranks last among the leavers' order.
  fold(m, ev::seat_taken_over{2, "p2", "random", "resignation"});
  EXPECT_EQ(m.seats()[2].player, "bot:random:2");
  EXPECT_EQ(m.seats()[2].name, "n2 (random bot)");
  EXPECT_EQ(m.seats()[2].gone, 2);
  EXPECT_TRUE(!server::bots_only(m.seats()));
  // Whatever a server-made outcome says, the seats out of the contest come last, the later one
  // above the earlier one.
  auto r = server::ranked(m.seats(), {{1, 1, 1}, {0.3, 0.3, 0.3}, "agreement", ""}, false);
  EXPECT_EQ(r.ranks, (std::vector<int>{1, 3, 2}));
  // The engine ranks its retired seats itself: only the resigned seat the bot played is moved.
  auto e = server::ranked(m.seats(), {{2, 3, 1}, {0, 0, 1}, "last_player", ""}, true);
  EXPECT_EQ(e.ranks, (std::vector<int>{1, 2, 3}));
}

TEST(Match, ConnectionNewsAndClocksFollowTheLog) {
  match m = new_match("amazons", 2);
  fold(m, ev::player_joined{0, "p0", "n0", std::nullopt});
  fold(m, ev::player_joined{1, "bot:random:1", "random bot", "random"});
  ASSERT_NE(m.seats()[1].bot, nullptr);
  EXPECT_TRUE(m.seats()[0].connected);
  fold(m, ev::player_dropped{0, "p0", 60000});
  EXPECT_FALSE(m.seats()[0].connected);
  fold(m, ev::player_returned{0, "p0"});
  EXPECT_TRUE(m.seats()[0].connected);
  const nlohmann::json clocks{{"running", 0}, {"remaining_ms", {60000, 60000}}};
  fold(m, ev::game_started{m.players_seated(), 0, start_position(m, 2), "fischer:1m+0s", clocks,
                           std::nullopt, std::nullopt, std::nullopt});
  EXPECT_EQ(m.last_clocks(), clocks);
  const nlohmann::json later{{"running", 0}, {"remaining_ms", {90000, 60000}}};
  fold(m, ev::time_added{0, 30000, later});
  EXPECT_EQ(m.last_clocks(), later);
  EXPECT_EQ(m.position_version(), m.version() - 1) << "time added does not change the position";
}

// A seat goes berserk once, and only before its first move; the game's end says who did and how
// many moves were played (what a tournament scores).
TEST(Match, BerserkComesBeforeTheSeatsFirstMoveAndOnlyOnce) {
  match m = new_match("amazons", 2);
  seat_and_start(m, 2);
  const nlohmann::json clocks{{"running", 0}, {"remaining_ms", {30000, 60000}}};
  EXPECT_TRUE(m.apply(server::commands::berserk{0}).has_value());
  fold(m, ev::berserk{0, clocks});
  EXPECT_TRUE(m.seats()[0].berserk);
  EXPECT_EQ(m.last_clocks(), clocks);
  EXPECT_EQ(m.apply(server::commands::berserk{0}).error().code.name(), "already_berserk");
  EXPECT_NE(refusal(m, ev::berserk{0, clocks}), "");
  fold(m, next_move(m));  // seat 0 moves
  fold(m, next_move(m));  // seat 1 moves, without going berserk
  EXPECT_EQ(m.apply(server::commands::berserk{1}).error().code.name(), "berserk_too_late");
  EXPECT_EQ(refusal(m, ev::berserk{1, clocks}), "seat 1 cannot go berserk any more");
  const auto end = m.end();
  EXPECT_EQ(end.moves, 2);
  EXPECT_EQ(end.berserk, (std::vector<bool>{true, false}));
  EXPECT_FALSE(end.outcome);
}

}  // namespace
}  // namespace boardroom::test
