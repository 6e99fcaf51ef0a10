// The match's decisions without sockets: apply() makes the events of a command and changes
// nothing; folding them is what changes the match.

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "server/match/match.hpp"

namespace boardroom::test {
namespace {

using server::match;
using server::room_status;
namespace ev = protocol::events;
namespace cmd = server::commands;

match started(const std::string& spec_text, int players) {
  auto spec = engine::parse_game_spec(spec_text);
  EXPECT_TRUE(spec) << spec_text;
  match m({*spec, players, 7});
  std::vector<ev::seated> seated;
  for (int i = 0; i < players; ++i) {
    const std::string id = "p" + std::to_string(i);
    EXPECT_TRUE(
        m.fold({"r", m.version() + 1, 0, ev::player_joined{i, id, "n" + id, std::nullopt}}));
    seated.push_back({id, "n" + id});
  }
  auto made = m.game().new_state(players, m.settings().spec.params, 7);
  EXPECT_TRUE(made);
  EXPECT_TRUE(m.fold({"r", m.version() + 1, 0,
                      ev::game_started{seated, 0, (*made)->to_text(), std::nullopt, std::nullopt,
                                       std::nullopt, std::nullopt, std::nullopt}}));
  return m;
}

// Applies `c` and folds what it makes, as the room does once the events are durable.
std::vector<protocol::event_body> apply_and_fold(match& m, const server::command& c) {
  auto made = m.apply(c);
  EXPECT_TRUE(made) << (made ? "" : made.error().message);
  if (!made) return {};
  for (const auto& body : *made) {
    auto ok = m.fold({"r", m.version() + 1, 0, body});
    EXPECT_TRUE(ok) << protocol::event_type(body) << ": " << (ok ? "" : ok.error());
  }
  return *made;
}

TEST(MatchApply, AMoveIsDecidedWithoutChangingTheMatch) {
  match m = started("amazons", 2);
  const std::string text = m.state()->legal_moves().front();
  const auto version = m.version();
  auto made = m.apply(cmd::move{0, text, std::nullopt});
  ASSERT_TRUE(made);
  ASSERT_EQ(made->size(), 1u);
  const auto& moved = std::get<ev::move>(made->front());
  EXPECT_EQ(moved.seat, 0);
  EXPECT_EQ(moved.ply, 1);
  EXPECT_EQ(moved.to_move, 1);
  EXPECT_EQ(m.version(), version);  // nothing changed yet
  EXPECT_TRUE(m.moves().empty());
  apply_and_fold(m, cmd::move{0, text, std::nullopt});
  EXPECT_EQ(m.moves().size(), 1u);
  EXPECT_EQ(m.position_version(), m.version());
}

TEST(MatchApply, AMoveOutOfTurnOrIllegalIsRefusedInWords) {
  match m = started("amazons", 2);
  auto early = m.apply(cmd::move{1, m.state()->legal_moves().front(), std::nullopt});
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().code.name(), "not_your_turn");
  auto bad = m.apply(cmd::move{0, "nonsense", std::nullopt});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "move");
  EXPECT_FALSE(bad.error().code.name().empty());
}

TEST(MatchApply, AMoveThatEndsTheGameBringsItsOutcome) {
  match m = started("sisyphos", 2);
  for (int ply = 0; ply < 2000 && m.status() == room_status::playing; ++ply) {
    const int mover = m.state()->current_player();
    auto events =
        apply_and_fold(m, cmd::move{mover, m.state()->legal_moves().front(), std::nullopt});
    ASSERT_FALSE(events.empty());
    if (events.size() == 2) {
      EXPECT_FALSE(std::get<ev::move>(events[0]).to_move);
      ASSERT_TRUE(std::get<ev::game_over>(events[1]).outcome);
    }
  }
  EXPECT_EQ(m.status(), room_status::finished);
  ASSERT_TRUE(m.outcome());
  auto after = m.apply(cmd::move{0, "a1", std::nullopt});
  ASSERT_FALSE(after);
  EXPECT_EQ(after.error().code.name(), "game_over");
}

TEST(MatchApply, TheTurnLimitStopsPlayAfterTheMove) {
  match m = started("amazons", 2);
  auto events = apply_and_fold(
      m, cmd::move{0, m.state()->legal_moves().front(), "the game time of 1 turn ran out"});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_FALSE(std::get<ev::move>(events[0]).to_move);
  const auto& over = std::get<ev::game_over>(events[1]);
  ASSERT_TRUE(over.outcome);
  EXPECT_EQ(over.outcome->reason, "game_time_limit");
  EXPECT_EQ(over.outcome->description.rfind("the game time of 1 turn ran out", 0), 0u);
  EXPECT_EQ(m.status(), room_status::finished);
}

TEST(MatchApply, DrawOffersStandUntilEveryoneAgreesOrOneDeclines) {
  match m = started("esiema", 3);
  auto refused = m.apply(cmd::decline_draw{0});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code.name(), "no_draw_offer");
  EXPECT_EQ(apply_and_fold(m, cmd::offer_draw{0}).size(), 1u);
  EXPECT_TRUE(apply_and_fold(m, cmd::offer_draw{0}).empty());  // again: nothing to record
  EXPECT_EQ(m.draw_offers().size(), 1u);
  apply_and_fold(m, cmd::decline_draw{2});
  EXPECT_TRUE(m.draw_offers().empty());
  apply_and_fold(m, cmd::offer_draw{0});
  apply_and_fold(m, cmd::offer_draw{1});
  auto agreed = apply_and_fold(m, cmd::offer_draw{2});
  ASSERT_EQ(agreed.size(), 1u);
  EXPECT_EQ(std::get<ev::game_over>(agreed[0]).outcome->reason, "agreement");
  EXPECT_EQ(m.status(), room_status::finished);
  EXPECT_EQ(m.outcome()->ranks, (std::vector<int>{1, 1, 1}));
}

TEST(MatchApply, GamesWithoutDrawsRefuseOffers) {
  match m = started("arimaa", 2);
  auto offered = m.apply(cmd::offer_draw{0});
  ASSERT_FALSE(offered);
  EXPECT_EQ(offered.error().code.name(), "draws_not_allowed");
}

TEST(MatchApply, TheAdministratorAbortsOrAdjudicates) {
  match aborted = started("amazons", 2);
  auto events = apply_and_fold(aborted, cmd::administer{std::nullopt, ""});
  EXPECT_EQ(std::get<ev::game_over>(events[0]).outcome->reason, "aborted");
  match judged = started("esiema", 3);
  auto bad = judged.apply(cmd::administer{std::vector<int>{1, 2}, ""});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code.name(), "bad_ranks");
  apply_and_fold(judged, cmd::administer{std::vector<int>{2, 1, 3}, "by the rules"});
  EXPECT_EQ(judged.outcome()->reason, "adjudication");
  EXPECT_EQ(judged.outcome()->description, "by the rules");
  EXPECT_DOUBLE_EQ(judged.outcome()->scores[1], 1.0);
  EXPECT_DOUBLE_EQ(judged.outcome()->scores[0], 0.5);
}

TEST(MatchApply, AForfeitRanksTheSeatLast) {
  match m = started("amazons", 2);
  apply_and_fold(m, cmd::forfeit{1, "resignation", "n1 resigned"});
  EXPECT_EQ(m.outcome()->ranks, (std::vector<int>{1, 2}));
  EXPECT_EQ(m.outcome()->scores, (std::vector<double>{1.0, 0.0}));
  EXPECT_EQ(m.outcome()->reason, "resignation");
}

// Passes and eliminations (here Shiamgon's: a random game of three puts a player out within a few
// hundred moves) reach clients as `forced` events after the move, in the order the rules took
// them; a fold accepts only what the rules did.
TEST(MatchApply, WhatTheRulesDoOnTheirOwnAfterAMoveAreEventsOfTheirOwn) {
  std::size_t told_in_all = 0;
  std::mt19937_64 rng(3);
  for (int game = 0; game < 10 && told_in_all == 0; ++game) {
    match m = started("shiamgon", 3);
    while (m.status() == room_status::playing && told_in_all == 0) {
      const int seat = m.state()->current_player();
      auto made = apply_and_fold(m, cmd::move{seat, m.state()->random_move(rng), std::nullopt});
      ASSERT_FALSE(made.empty());
      ASSERT_TRUE(std::holds_alternative<ev::move>(made.front()));
      std::vector<engine::forced_step> told;
      for (const auto& body : made) {
        if (const auto* f = std::get_if<ev::forced>(&body)) {
          told.push_back({f->kind, f->seat, f->description});
        }
      }
      EXPECT_EQ(told, m.state()->forced_by_last_play());
      told_in_all += told.size();
    }
  }
  EXPECT_GT(told_in_all, 0u);
}

// The same after a retirement: in random Esiema and Shiamgon games of three, a seat retires at a
// random point; what the rules then do on their own follows as `forced` events, and the fold
// accepts them.
TEST(MatchApply, WhatTheRulesDoOnTheirOwnAfterARetirementAreEventsOfTheirOwn) {
  std::size_t told_in_all = 0;
  std::mt19937_64 rng(5);
  for (int game = 0; game < 400 && told_in_all == 0; ++game) {
    match m = started(game % 2 ? "shiamgon" : "esiema", 3);
    const int plies = static_cast<int>(rng() % 60);
    for (int i = 0; i < plies && m.status() == room_status::playing; ++i) {
      apply_and_fold(
          m, cmd::move{m.state()->current_player(), m.state()->random_move(rng), std::nullopt});
    }
    if (m.status() != room_status::playing) continue;
    auto made = m.apply(cmd::retire{static_cast<int>(rng() % 3), "abandonment"});
    if (!made) continue;  // a seat already out
    for (const auto& body : *made) {
      auto ok = m.fold({"r", m.version() + 1, 0, body});
      ASSERT_TRUE(ok) << protocol::event_type(body) << ": " << ok.error();
    }
    std::vector<engine::forced_step> told;
    for (const auto& body : *made) {
      if (const auto* f = std::get_if<ev::forced>(&body))
        told.push_back({f->kind, f->seat, f->description});
    }
    EXPECT_EQ(told, m.state()->forced_by_last_play());
    told_in_all += told.size();
  }
  EXPECT_GT(told_in_all, 0u) << "no retirement forced a step";
}

TEST(MatchFold, AForcedStepTheRulesDidNotTakeIsRefused) {
  match m = started("amazons", 2);
  apply_and_fold(m, cmd::move{0, m.state()->legal_moves().front(), std::nullopt});
  auto refused = m.fold({"r", m.version() + 1, 0, ev::forced{engine::forced::pass, 1, "a pass"}});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("forced nothing"), std::string::npos) << refused.error();
}

// ---- seats and the start ---------------------------------------------------------------------

match waiting(const std::string& spec_text, int seats) {
  auto spec = engine::parse_game_spec(spec_text);
  EXPECT_TRUE(spec) << spec_text;
  return match({*spec, seats, 7});
}

std::string code_of(const std::expected<std::vector<protocol::event_body>, protocol::error>& made) {
  return made ? "" : std::string(made.error().code.name());
}

TEST(MatchApply, AJoinTakesTheSeatAskedForOrTheFirstFreeOne) {
  match m = waiting("esiema", 3);
  auto made = apply_and_fold(m, cmd::join{"a", "Ann", 1});
  ASSERT_EQ(made.size(), 1u);
  EXPECT_EQ(std::get<ev::player_joined>(made[0]), (ev::player_joined{1, "a", "Ann", std::nullopt}));
  made = apply_and_fold(m, cmd::join{"b", "Bo", std::nullopt});
  EXPECT_EQ(std::get<ev::player_joined>(made[0]).seat, 0);
  made = apply_and_fold(m, cmd::join{"c", "Cy", std::nullopt});
  EXPECT_EQ(std::get<ev::player_joined>(made[0]).seat, 2);
  EXPECT_EQ(m.seats_taken(), 3);
}

TEST(MatchApply, AJoinIsRefusedInWordsAndChangesNothing) {
  match m = waiting("amazons", 2);
  apply_and_fold(m, cmd::join{"a", "Ann", 0});
  const auto version = m.version();
  EXPECT_EQ(code_of(m.apply(cmd::join{"a", "Ann", 1})), "already_seated");
  auto taken = m.apply(cmd::join{"b", "Bo", 0});
  EXPECT_EQ(code_of(taken), "seat_taken");
  EXPECT_EQ(taken.error().message, "seat 0 is taken by Ann");
  EXPECT_EQ(taken.error().field, "seat");
  EXPECT_EQ(code_of(m.apply(cmd::join{"b", "Bo", 2})), "bad_seat");
  EXPECT_EQ(code_of(m.apply(cmd::join{"b", "Bo", -1})), "bad_seat");
  apply_and_fold(m, cmd::join{"b", "Bo", std::nullopt});
  EXPECT_EQ(code_of(m.apply(cmd::join{"c", "Cy", std::nullopt})), "room_full");
  apply_and_fold(m, cmd::start{});
  EXPECT_EQ(code_of(m.apply(cmd::join{"c", "Cy", std::nullopt})), "game_started");
  EXPECT_EQ(m.version(), version + 2);
  match open = waiting("esiema", 3);
  apply_and_fold(open, cmd::join{"a", "Ann", 0});
  apply_and_fold(open, cmd::join{"b", "Bo", 1});
  apply_and_fold(open, cmd::start{});
  EXPECT_EQ(code_of(open.apply(cmd::join{"c", "Cy", std::nullopt})), "game_started");
}

TEST(MatchApply, ABotJoinsUnderItsOwnIdentity) {
  match m = waiting("amazons", 2);
  const engine::bot* b = engine::find_bot(m.game(), "random");
  ASSERT_NE(b, nullptr);
  auto made = apply_and_fold(m, cmd::join{server::bot_player(1, *b), "random bot", 1, b});
  EXPECT_EQ(std::get<ev::player_joined>(made[0]).bot, "random");
  EXPECT_EQ(m.seats()[1].bot, b);
}

TEST(MatchApply, ALeaveFreesTheSeatBeforeTheStartOnly) {
  match m = waiting("amazons", 2);
  apply_and_fold(m, cmd::join{"a", "Ann", 0});
  EXPECT_EQ(code_of(m.apply(cmd::leave{1, std::nullopt})), "bad_seat");  // nobody there
  auto made = apply_and_fold(m, cmd::leave{0, "timeout"});
  EXPECT_EQ(std::get<ev::player_left>(made[0]), (ev::player_left{0, "a", "Ann", "timeout"}));
  EXPECT_EQ(m.seats_taken(), 0);
  apply_and_fold(m, cmd::join{"a", "Ann", 0});
  apply_and_fold(m, cmd::join{"b", "Bo", 1});
  apply_and_fold(m, cmd::start{});
  EXPECT_EQ(code_of(m.apply(cmd::leave{0, std::nullopt})), "game_started");
}

TEST(MatchApply, TheStartNeedsEnoughPlayersAndSetsTheGameUpForThem) {
  match m = waiting("esiema", 4);
  apply_and_fold(m, cmd::join{"a", "Ann", 3});
  auto few = m.apply(cmd::start{});
  EXPECT_EQ(code_of(few), "not_enough_players");
  EXPECT_NE(few.error().message.find("1 seated"), std::string::npos) << few.error().message;
  apply_and_fold(m, cmd::join{"b", "Bo", 1});
  auto made = apply_and_fold(m, cmd::start{});
  ASSERT_EQ(made.size(), 1u);
  const auto& started = std::get<ev::game_started>(made[0]);
  // The seated players in seat order; the engine's own position for two.
  EXPECT_EQ(started.players, (std::vector<ev::seated>{{"b", "Bo"}, {"a", "Ann"}}));
  auto fresh = m.game().new_state(2, m.settings().spec.params, 7);
  ASSERT_TRUE(fresh);
  EXPECT_EQ(started.position, (*fresh)->position_text());
  EXPECT_EQ(started.to_move, (*fresh)->current_player());
  ASSERT_TRUE(started.to_act.has_value());
  EXPECT_EQ(m.status(), room_status::playing);
  EXPECT_EQ(m.seat_count(), 2);  // the empty seats went
  EXPECT_EQ(code_of(m.apply(cmd::start{})), "game_started");
}

// Seat 1 of three retires: the engine skips it; when a second goes, the last player wins and the
// two out of the contest rank below in the order they went (the later one higher).
TEST(MatchApply, ARetirementLeavesTheOthersPlayingAndTheLastOneWins) {
  match m = started("esiema", 3);
  auto made = apply_and_fold(m, cmd::retire{1, "resignation"});
  ASSERT_FALSE(made.empty());
  const auto& retired = std::get<ev::seat_retired>(made[0]);
  EXPECT_EQ(retired.player, "p1");
  EXPECT_EQ(retired.reason, "resignation");
  ASSERT_TRUE(retired.to_move.has_value());
  EXPECT_NE(*retired.to_move, 1);
  EXPECT_EQ(retired.position, m.state()->position_text());
  EXPECT_EQ(m.status(), room_status::playing);
  EXPECT_TRUE(m.seats()[1].retired);
  EXPECT_EQ(code_of(m.apply(cmd::retire{1, "left"})), "cannot_retire");  // already out
  made = apply_and_fold(m, cmd::retire{0, "abandonment"});
  ASSERT_TRUE(std::holds_alternative<ev::game_over>(made.back()));
  EXPECT_FALSE(std::get<ev::seat_retired>(made[0]).to_move.has_value());
  EXPECT_EQ(m.status(), room_status::finished);
  EXPECT_EQ(m.outcome()->ranks, (std::vector<int>{2, 3, 1}));
}

TEST(MatchApply, ATakeOverHandsTheSeatToTheBot) {
  match m = started("esiema", 3);
  const engine::bot* b = engine::find_bot(m.game(), "random");
  auto made = apply_and_fold(m, cmd::take_over{2, "abandonment", b});
  EXPECT_EQ(std::get<ev::seat_taken_over>(made[0]),
            (ev::seat_taken_over{2, "p2", "random", "abandonment"}));
  EXPECT_EQ(m.seats()[2].bot, b);
}

}  // namespace
}  // namespace boardroom::test
