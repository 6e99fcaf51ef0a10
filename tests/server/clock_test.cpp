// Time controls as text and the clock arithmetic, with made-up times: no sleeping, no timers.

#include <algorithm>

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "server/rooms/game_clock.hpp"
#include "server/rooms/time_control.hpp"

namespace boardroom::server {
namespace {

using namespace std::chrono_literals;
using json = nlohmann::json;

const game_clock::time_point t0{std::chrono::hours(1000)};

time_control tc(std::string_view text) {
  auto parsed = parse_time_control(text);
  EXPECT_TRUE(parsed.has_value()) << text << ": " << parsed.error();
  return parsed.value_or(time_control{});
}

std::string error_of(std::string_view text) {
  auto parsed = parse_time_control(text);
  return parsed ? "(accepted)" : parsed.error();
}

TEST(TimeControl, EveryKindReadsAndWritesItsCanonicalText) {
  EXPECT_EQ(tc("none").kind, clock_kind::none);
  auto fischer = tc("fischer:5m+3s");
  EXPECT_EQ(fischer.kind, clock_kind::fischer);
  EXPECT_EQ(fischer.initial, 300s);
  EXPECT_EQ(fischer.increment, 3s);
  EXPECT_EQ(time_control_text(tc("sudden_death:90s")), "sudden_death:1m30s");
  EXPECT_EQ(time_control_text(tc("fischer:1h30m+0s")), "fischer:1h30m+0s");
  EXPECT_EQ(time_control_text(tc("per_move:30s")), "per_move:30s");
  EXPECT_EQ(time_control_text(tc("correspondence:72h")), "correspondence:3d");
  EXPECT_EQ(time_control_text(tc("arimaa:15s/2m30s/100")), "arimaa:15s/2m30s/100/0/0/0");
  EXPECT_EQ(tc("arimaa:2/2/100/10/8").rules->game_time(), 8h);
}

// A kind a game declares (Arimaa's) reads like the server's own and times only that game.
TEST(TimeControl, DeclaredKindsTimeOnlyTheGameThatDeclaresThem) {
  auto declared = tc("arimaa:15s/2m30s/100");
  ASSERT_EQ(declared.kind, clock_kind::declared);
  EXPECT_EQ(declared.declared.game->key(), "arimaa");
  EXPECT_EQ(declared, tc("arimaa:0:15/2m30s"));  // equal when their canonical texts are
  EXPECT_NE(declared, tc("arimaa:15s/2m30s/50"));
  for (const engine::game* g : engine::all_games()) {
    auto misfit = time_control_misfit(declared, *g);
    EXPECT_EQ(misfit.has_value(), g != declared.declared.game) << g->key();
    EXPECT_FALSE(time_control_misfit(tc("fischer:5m+3s"), *g)) << g->key();
  }
  EXPECT_EQ(*time_control_misfit(declared, *engine::find_game("amazons")),
            "the arimaa time control is for Arimaa games; use sudden_death, fischer, per_move or "
            "correspondence");
}

TEST(TimeControl, MistakesAreNamed) {
  EXPECT_EQ(error_of("fischer:5m"), "fischer needs an increment after '+': fischer:5m+3s");
  EXPECT_EQ(error_of("sudden_death:5"),
            "sudden_death time: '5' needs a unit after 5 (d, h, m or s)");
  EXPECT_EQ(error_of("sudden_death:5s5m"),
            "sudden_death time: '5s5m' has the unit 'm' where d, h, m or s (largest first, each "
            "once) can stand");
  EXPECT_EQ(error_of("per_move:0s"), "per_move must be more than 0s");
  EXPECT_EQ(error_of("correspondence:30m"),
            "correspondence is for slow games: at least 1h per move");
  EXPECT_EQ(error_of("sudden_death:31d"), "sudden_death time: '31d' is longer than 30 days");
  EXPECT_EQ(error_of("sudden_death"), "sudden_death needs its times: sudden_death:5m");
  EXPECT_NE(error_of("blitz:5m").find("unknown time control 'blitz'"), std::string::npos);
  EXPECT_NE(error_of("arimaa:15x/2m").find("arimaa"), std::string::npos);
  EXPECT_EQ(error_of("none:5m"), "none takes no times");
}

// Ratings are kept by speed class: the time 40 moves a player are expected to take
// (docs/ratings.md, with its two worked examples), each boundary on the faster side of the line.
TEST(TimeControl, SpeedClassesFollowTheFortyMoveEstimate) {
  auto speed = [](std::string_view text) {
    std::string name = speed_class(tc(text));
    EXPECT_NE(std::ranges::find(speed_classes, name), speed_classes.end()) << name;
    return name;
  };
  EXPECT_EQ(speed("none"), "untimed");
  EXPECT_EQ(speed("correspondence:3d"), "correspondence");
  EXPECT_EQ(speed("sudden_death:29s"), "ultrabullet");
  EXPECT_EQ(speed("sudden_death:30s"), "bullet");
  EXPECT_EQ(speed("fischer:1m+2s"), "bullet");  // 1 min + 80 s
  EXPECT_EQ(speed("sudden_death:3m"), "blitz");
  EXPECT_EQ(speed("fischer:3m+2s"), "blitz");         // 4 min 20 s, as docs/ratings.md says
  EXPECT_EQ(speed("per_move:11s"), "blitz");          // 40 x 11 s
  EXPECT_EQ(speed("per_move:12s"), "rapid");          // 40 x 12 s: 8 min
  EXPECT_EQ(speed("fischer:15m+10s"), "rapid");       // 21 min 40 s
  EXPECT_EQ(speed("arimaa:15s/2m30s/100"), "rapid");  // 2 min 30 s + 40 x 15 s, as documented
  EXPECT_EQ(speed("sudden_death:25m"), "classical");
  EXPECT_EQ(speed("fischer:20m+10s"), "classical");  // 26 min 40 s
}

TEST(GameClock, UntimedHasNoFlagAndNoReadings) {
  game_clock c(tc("none"), 2);
  c.start(0, t0);
  EXPECT_FALSE(c.flag_at());
  EXPECT_TRUE(c.readings(t0 + 1h).is_null());
}

TEST(GameClock, FischerChargesTheMoverAndAddsTheIncrement) {
  game_clock c(tc("fischer:5m+3s"), 2);
  c.start(0, t0);
  EXPECT_EQ(c.flag_at(), t0 + 300s);
  EXPECT_EQ(c.readings(t0 + 4s), (json{{"running", 0}, {"remaining_ms", {296000, 300000}}}));
  c.moved(1, t0 + 10s);  // 300 - 10 + 3
  EXPECT_EQ(c.readings(t0 + 10s), (json{{"running", 1}, {"remaining_ms", {293000, 300000}}}));
  EXPECT_EQ(c.flag_at(), t0 + 10s + 300s);
  c.moved(0, t0 + 30s);  // 300 - 20 + 3
  EXPECT_EQ(c.readings(t0 + 30s), (json{{"running", 0}, {"remaining_ms", {293000, 283000}}}));
  EXPECT_EQ(c.flag_at(), t0 + 30s + 293s);
  c.stop(t0 + 31s);
  EXPECT_FALSE(c.flag_at());
  EXPECT_EQ(c.readings(t0 + 40s), (json{{"running", nullptr}, {"remaining_ms", {295000, 283000}}}));
}

TEST(GameClock, SuddenDeathFallsAtTheLastMillisecondAndAdminTimeMovesIt) {
  game_clock c(tc("sudden_death:1m"), 3);
  c.start(2, t0);
  c.moved(0, t0 + 59s);
  EXPECT_EQ(c.readings(t0 + 59s)["remaining_ms"], (json{60000, 60000, 1000}));
  c.add_time(0, 30s);
  EXPECT_EQ(c.flag_at(), t0 + 59s + 90s);
  EXPECT_EQ(c.readings(t0 + 149s)["remaining_ms"], (json{0, 60000, 1000}));
}

TEST(GameClock, PerMoveKeepsNothingAndCorrespondenceCountsDays) {
  game_clock c(tc("per_move:30s"), 2);
  c.start(0, t0);
  c.moved(1, t0 + 2s);
  EXPECT_EQ(c.readings(t0 + 2s)["remaining_ms"], (json{30000, 30000}));
  EXPECT_EQ(c.flag_at(), t0 + 32s);
  c.add_time(1, 10s);  // this move only
  EXPECT_EQ(c.flag_at(), t0 + 42s);
  c.moved(0, t0 + 40s);
  EXPECT_EQ(c.flag_at(), t0 + 70s);

  game_clock slow(tc("correspondence:3d"), 2);
  slow.start(1, t0);
  EXPECT_EQ(slow.flag_at(), t0 + 72h);
}

TEST(GameClock, ArimaaReserveFollowsTheOfficialArithmetic) {
  // M 15 s, R 2 m 30 s, P 100 %.
  game_clock c(tc("arimaa:15s/2m30s/100"), 2);
  c.start(0, t0);
  EXPECT_EQ(c.flag_at(), t0 + 165s);  // M + R
  c.moved(1, t0 + 5s);                // 10 s unused: reserve 150 + 10
  c.moved(0, t0 + 30s);               // 25 s used: reserve 150 - 10
  auto r = c.readings(t0 + 30s);
  EXPECT_EQ(r["reserve_ms"], (json{160000, 140000}));
  EXPECT_EQ(r["remaining_ms"], (json{175000, 155000}));
  EXPECT_EQ(r["game_ms"], 30000);

  game_clock half(tc("arimaa:15s/2m30s/50"), 2);  // P 50 %: half of the unused 10 s
  half.start(0, t0);
  half.moved(1, t0 + 5s);
  EXPECT_EQ(half.readings(t0 + 5s)["reserve_ms"], (json{155000, 150000}));

  game_clock capped(tc("arimaa:15s/2m30s/100/2m35s"), 2);  // L caps the reserve
  capped.start(0, t0);
  capped.moved(1, t0 + 1s);
  EXPECT_EQ(capped.readings(t0 + 1s)["reserve_ms"], (json{155000, 150000}));

  game_clock limited(tc("arimaa:15s/2m30s/100/0/0/20s"), 2);  // T caps a turn
  limited.start(0, t0);
  EXPECT_EQ(limited.flag_at(), t0 + 20s);
}

TEST(GameClock, ArimaaGameTimeHaltsPlayAndCountsTurnsToo) {
  game_clock c(tc("arimaa:15s/2m30s/100/0/2m"), 2);
  c.start(0, t0);
  EXPECT_EQ(c.halt_at(), t0 + 120s);
  c.moved(1, t0 + 50s);
  EXPECT_EQ(c.halt_at(), t0 + 120s);  // game time runs on through every move
  EXPECT_FALSE(c.turn_limit_reached(1000, 2));

  game_clock turns(tc("arimaa:15s/2m30s/100/0/60t"), 2);
  turns.start(0, t0);
  EXPECT_FALSE(turns.halt_at());
  EXPECT_FALSE(turns.turn_limit_reached(119, 2));
  EXPECT_TRUE(turns.turn_limit_reached(120, 2));
}

TEST(GameClock, ResumingChargesNothingForTheDowntime) {
  game_clock c(tc("fischer:5m+3s"), 2);
  c.resume(json{{"running", 1}, {"remaining_ms", {293000, 280000}}}, t0);
  EXPECT_EQ(c.running(), 1);
  EXPECT_EQ(c.flag_at(), t0 + 280s);
  c.moved(0, t0 + 10s);
  EXPECT_EQ(c.readings(t0 + 10s)["remaining_ms"], (json{293000, 273000}));

  // A move that had used 18 of its 30 s when the reading was taken keeps its 12 s.
  game_clock p(tc("per_move:30s"), 2);
  p.resume(json{{"running", 0}, {"remaining_ms", {12000, 30000}}}, t0);
  EXPECT_EQ(p.flag_at(), t0 + 12s);

  game_clock a(tc("arimaa:15s/2m30s/100/0/2m"), 2);
  a.resume(json{{"running", 1},
                {"remaining_ms", {160000, 160000}},
                {"reserve_ms", {150000, 155000}},
                {"game_ms", 45000}},
           t0);
  EXPECT_EQ(a.flag_at(), t0 + 160s);  // 15 + 155 = 170 s for the turn, 10 s of it used
  EXPECT_EQ(a.halt_at(), t0 + 75s);   // 120 - 45
  a.moved(0, t0 + 2s);                // the turn took 12 s: 3 s unused
  EXPECT_EQ(a.readings(t0 + 2s)["reserve_ms"], (json{150000, 158000}));
  EXPECT_EQ(a.readings(t0 + 2s)["game_ms"], 47000);
}

// lichess's berserk: half the initial time, and no increment for that player's moves.
TEST(GameClock, BerserkHalvesTheInitialTimeAndDropsTheIncrement) {
  EXPECT_TRUE(berserkable(tc("fischer:5m+3s")));
  EXPECT_TRUE(berserkable(tc("sudden_death:1m")));
  EXPECT_FALSE(berserkable(tc("per_move:30s")));
  EXPECT_FALSE(berserkable(tc("correspondence:3d")));
  EXPECT_FALSE(berserkable(tc("arimaa:15s/2m30s/100")));
  EXPECT_FALSE(berserkable(tc("none")));
  EXPECT_EQ(berserk_penalty(tc("fischer:5m+3s")), 150s);
  EXPECT_EQ(berserk_penalty(tc("sudden_death:1m")), 30s);
  // lichess's exception: where 40 increments outweigh the initial time (1+2: 60 s < 80 s), a
  // berserk only loses the increment; at 40 increments exactly (2+3) the time is halved.
  EXPECT_EQ(berserk_penalty(tc("fischer:1m+2s")), 0s);
  EXPECT_EQ(berserk_penalty(tc("fischer:2m+3s")), 60s);

  game_clock c(tc("fischer:5m+3s"), 2);
  c.start(0, t0);
  c.berserk(0);  // while its own clock runs, before its first move
  EXPECT_TRUE(c.berserk_of(0));
  EXPECT_FALSE(c.berserk_of(1));
  EXPECT_EQ(c.flag_at(), t0 + 150s);
  EXPECT_EQ(c.readings(t0 + 4s),
            (json{{"running", 0}, {"remaining_ms", {146000, 300000}}, {"berserk", {true, false}}}));
  c.berserk(0);  // a second time changes nothing
  EXPECT_EQ(c.flag_at(), t0 + 150s);
  c.moved(1, t0 + 10s);  // 150 - 10, and no increment
  c.moved(0, t0 + 20s);  // 300 - 10 + 3
  EXPECT_EQ(c.readings(t0 + 20s)["remaining_ms"], (json{140000, 293000}));

  // A restart keeps who went berserk: the readings say it.
  game_clock back(tc("fischer:5m+3s"), 2);
  back.resume(c.readings(t0 + 20s), t0 + 1h);
  EXPECT_TRUE(back.berserk_of(0));
  back.moved(1, t0 + 1h + 5s);
  EXPECT_EQ(back.readings(t0 + 1h + 5s)["remaining_ms"], (json{135000, 293000}));

  // Sudden death: half the time, nothing else to lose.
  game_clock sd(tc("sudden_death:1m"), 2);
  sd.start(0, t0);
  sd.berserk(1);
  EXPECT_EQ(sd.readings(t0)["remaining_ms"], (json{60000, 30000}));
  // 1+2: the time stays, the increment goes.
  game_clock one(tc("fischer:1m+2s"), 2);
  one.start(0, t0);
  one.berserk(0);
  one.moved(1, t0 + 5s);
  EXPECT_EQ(one.readings(t0 + 5s)["remaining_ms"], (json{55000, 60000}));
}

}  // namespace
}  // namespace boardroom::server
