// The tournament model (server/tournaments/tournament.hpp) and the pairing systems (systems.hpp),
// on tournaments built by folding events. Every expected value is worked out by hand from the
// rules (the comments show how), not read back from the code.

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "server/tournaments/systems.hpp"
#include "server/tournaments/tournament.hpp"
#include "server/tournaments/trf.hpp"

namespace boardroom::test::tournament_model {
namespace {

namespace tn = boardroom::tournaments;
using nlohmann::json;
using tn::bye_kind;
using tn::system_kind;

constexpr int pt = tn::point;  // one point in units of 1/120

// Player ids by entry order: "p0", "p1", ...
std::string model_id(int i) {
  return "p" + std::to_string(i);
}

json model_settings(system_kind system, int table_size, int rounds, bool fixed) {
  return {{"id", "t1"},
          {"name", "Model Open"},
          {"creator", "director"},
          {"game", "somegame"},
          {"spec", "somegame"},
          {"table_size", table_size},
          {"time_control", "none"},
          {"system", std::string(tn::system_text(system))},
          {"rounds", rounds},
          {"fixed_schedule", fixed},
          {"max_players", 64},
          {"no_show_ms", 60000}};
}

// A tournament of `players` entrants p0, p1, ... with ratings falling in entry order (so the
// starting ranks are the entry order: p0 is entrant 0), started; events fold or the test fails.
struct model_builder {
  tn::tournament t;

  model_builder(system_kind system, int players, int table_size = 2, int rounds = 0,
                bool fixed = false) {
    fold({{"type", "created"}, {"settings", model_settings(system, table_size, rounds, fixed)}});
    for (int i = 0; i < players; ++i) {
      fold({{"type", "entered"},
            {"player", model_id(i)},
            {"name", "Player " + std::to_string(i)},
            {"rating", 2000 - 10 * i}});
    }
    fold({{"type", "started"}, {"at_ms", 1000}});
  }

  void fold(const json& e) {
    auto ok = t.fold(e);
    ASSERT_TRUE(ok) << e.dump() << ": " << ok.error();
  }

  int next_round() const { return static_cast<int>(t.rounds().size()) + 1; }

  // Pairs the next round by hand: tables of entrant indices, byes (index, kind).
  void pair(const std::vector<std::vector<int>>& tables,
            const std::vector<std::pair<int, bye_kind>>& byes = {}) {
    json e{{"type", "paired"},
           {"round", next_round()},
           {"tables", json::array()},
           {"byes", json::array()}};
    for (std::size_t b = 0; b < tables.size(); ++b) {
      json seats = json::array();
      for (int who : tables[b])
        seats.push_back(model_id(who));
      e["tables"].push_back(
          {{"board", static_cast<int>(b) + 1},
           {"room", "r" + std::to_string(next_round()) + "_" + std::to_string(b + 1)},
           {"seats", seats}});
    }
    for (const auto& [who, kind] : byes)
      e["byes"].push_back({{"player", model_id(who)}, {"kind", std::string(tn::bye_text(kind))}});
    fold(e);
  }

  void result(int round, int board, const std::vector<int>& ranks,
              const std::vector<bool>& forfeited = {}) {
    json e{{"type", "result"}, {"round", round}, {"board", board}, {"ranks", ranks}};
    if (!forfeited.empty()) e["forfeited"] = forfeited;
    fold(e);
  }

  // Result of the latest round's board.
  void result(int board, const std::vector<int>& ranks, const std::vector<bool>& forfeited = {}) {
    result(static_cast<int>(t.rounds().size()), board, ranks, forfeited);
  }

  // The next round as the system pairs it, folded.
  tn::proposed_round pair_next(int min_players = 2) {
    auto next = tn::pair_next(t, min_players);
    EXPECT_TRUE(next) << next.error();
    if (!next) return {};
    std::vector<std::pair<int, bye_kind>> byes;
    for (const auto& b : next->byes)
      byes.emplace_back(b.entrant, b.kind);
    pair(next->tables, byes);
    return *next;
  }

  // Every table of the latest round ends in its seat order (ranks 1, 2, ...).
  void seat_order_wins() {
    const auto& r = t.rounds().back();
    for (const auto& tb : r.tables) {
      std::vector<int> ranks(tb.seats.size());
      for (std::size_t s = 0; s < ranks.size(); ++s)
        ranks[s] = static_cast<int>(s) + 1;
      result(tb.board, ranks);
    }
  }

  void withdraw(int who) { fold({{"type", "withdrew"}, {"player", model_id(who)}}); }

  int place_of(int who) const {
    for (const auto& s : t.standings()) {
      if (s.entrant == who) return s.place;
    }
    return 0;
  }
  std::vector<double> tiebreaks_of(int who) const {
    for (const auto& s : t.standings()) {
      if (s.entrant == who) return s.tiebreaks;
    }
    return {};
  }
  std::vector<int> standing_order() const {
    std::vector<int> order;
    for (const auto& s : t.standings())
      order.push_back(s.entrant);
    return order;
  }
};

// Everything a fold could change, to check that a refused event changed nothing.
json model_snapshot(const tn::tournament& t) {
  json j{{"settings", tn::settings_json(t.settings(), true)},
         {"phase", std::string(tn::phase_text(t.status()))},
         {"events", t.events()},
         {"entrants", json::array()},
         {"rounds", json::array()}};
  for (const auto& e : t.entrants()) {
    j["entrants"].push_back({e.player, e.name, e.rating, e.bot, e.withdrawn, e.first_round});
  }
  for (const auto& r : t.rounds()) {
    json rj{{"number", r.number}, {"tables", json::array()}, {"byes", json::array()}};
    for (const auto& tb : r.tables) {
      json tj{{"board", tb.board}, {"room", tb.room}, {"seats", tb.seats}};
      if (tb.result) {
        tj["ranks"] = tb.result->ranks;
        tj["forfeited"] = tb.result->forfeited;
        tj["reason"] = tb.result->reason;
      }
      rj["tables"].push_back(tj);
    }
    for (const auto& b : r.byes)
      rj["byes"].push_back({b.entrant, std::string(tn::bye_text(b.kind))});
    j["rounds"].push_back(rj);
  }
  return j;
}

std::vector<std::vector<int>> model_tables(const tn::round& r) {
  std::vector<std::vector<int>> out;
  for (const auto& tb : r.tables)
    out.push_back(tb.seats);
  return out;
}

using model_byes = std::vector<std::pair<int, bye_kind>>;
model_byes model_bye_list(const std::vector<tn::bye>& byes) {
  model_byes out;
  for (const auto& b : byes)
    out.emplace_back(b.entrant, b.kind);
  return out;
}

int model_points(std::vector<int> ranks, int seat, std::vector<bool> forfeited = {}) {
  return tn::table_points({.ranks = std::move(ranks),
                           .reason = "",
                           .forfeited = std::move(forfeited),
                           .moves = std::nullopt,
                           .berserk = {}},
                          seat);
}

// ---- the fold -------------------------------------------------------------------------------

TEST(TournamentModel, FoldsEveryEventType) {
  tn::tournament t;
  auto fold = [&](const json& e) {
    auto ok = t.fold(e);
    ASSERT_TRUE(ok) << e.dump() << ": " << ok.error();
  };
  fold({{"type", "created"}, {"settings", model_settings(system_kind::swiss, 2, 2, false)}});
  EXPECT_EQ(t.status(), tn::phase::entry);
  EXPECT_EQ(t.settings().name, "Model Open");
  EXPECT_EQ(t.settings().system, system_kind::swiss);
  EXPECT_EQ(t.settings().rounds, 2);

  fold({{"type", "entered"}, {"player", "ann"}, {"name", "Ann"}, {"rating", 1500}});
  fold({{"type", "entered"},
        {"player", "bob"},
        {"name", "Bob"},
        {"rating", 1800},
        {"bot", "random"}});
  fold({{"type", "entered"}, {"player", "cid"}, {"name", "Cid"}, {"rating", 1800}});
  fold({{"type", "entered"}, {"player", "dee"}, {"name", "Dee"}});
  ASSERT_EQ(t.entrants().size(), 4u);
  EXPECT_EQ(t.entrants()[1].bot, "random");
  EXPECT_EQ(t.entrants()[3].rating, 0);

  // Before the start a withdrawal removes the entrant; entering again appends them.
  fold({{"type", "withdrew"}, {"player", "ann"}});
  ASSERT_EQ(t.entrants().size(), 3u);
  EXPECT_EQ(t.index_of("ann"), -1);
  fold({{"type", "entered"}, {"player", "ann"}, {"name", "Ann"}, {"rating", 1500}});
  EXPECT_EQ(t.index_of("ann"), 3);

  // The start orders by rating, equal ratings in entry order: Bob, Cid (1800), Ann, Dee.
  fold({{"type", "started"}, {"at_ms", 1000}});
  EXPECT_EQ(t.status(), tn::phase::running);
  EXPECT_EQ(t.index_of("bob"), 0);
  EXPECT_EQ(t.index_of("cid"), 1);
  EXPECT_EQ(t.index_of("ann"), 2);
  EXPECT_EQ(t.index_of("dee"), 3);
  EXPECT_EQ(t.planned_rounds(), 2);

  // A late entry ranks after everyone and misses round 1.
  fold({{"type", "entered"},
        {"player", "eve"},
        {"name", "Eve"},
        {"rating", 2400},
        {"first_round", 2}});
  EXPECT_EQ(t.index_of("eve"), 4);
  EXPECT_EQ(t.entrants()[4].first_round, 2);
  EXPECT_EQ(t.active_count(), 5);

  fold({{"type", "paired"},
        {"round", 1},
        {"tables",
         {{{"board", 1}, {"room", "ra"}, {"seats", {"bob", "ann"}}},
          {{"board", 2}, {"room", "rb"}, {"seats", {"dee", "cid"}}}}},
        {"byes", {{{"player", "eve"}, {"kind", "zero"}}}}});
  ASSERT_EQ(t.rounds().size(), 1u);
  const auto& r1 = t.rounds()[0];
  EXPECT_EQ(r1.number, 1);
  EXPECT_EQ(model_tables(r1), (std::vector<std::vector<int>>{{0, 2}, {3, 1}}));
  EXPECT_EQ(r1.tables[1].room, "rb");
  EXPECT_EQ(model_bye_list(r1.byes), (model_byes{{4, bye_kind::zero}}));
  EXPECT_FALSE(r1.complete());
  EXPECT_FALSE(t.current_round_complete());

  fold({{"type", "result"}, {"round", 1}, {"board", 1}, {"ranks", {1, 2}}, {"reason", "win"}});
  fold({{"type", "result"}, {"round", 1}, {"board", 2}, {"ranks", {1, 1}}, {"reason", "draw"}});
  EXPECT_TRUE(t.current_round_complete());
  ASSERT_TRUE(t.rounds()[0].tables[1].result);
  EXPECT_EQ(t.rounds()[0].tables[1].result->reason, "draw");
  EXPECT_EQ(t.rounds()[0].tables[1].result->forfeited, (std::vector<bool>{false, false}));
  EXPECT_EQ(t.score(0), pt);      // Bob beat Ann
  EXPECT_EQ(t.score(2), 0);       // Ann
  EXPECT_EQ(t.score(1), pt / 2);  // Cid drew Dee
  EXPECT_EQ(t.score(3), pt / 2);
  EXPECT_EQ(t.score(4), 0);  // Eve's round without a game

  // After the start a withdrawal keeps the entrant (the rounds refer to them), marked.
  fold({{"type", "withdrew"}, {"player", "cid"}});
  EXPECT_EQ(t.entrants().size(), 5u);
  EXPECT_TRUE(t.entrants()[1].withdrawn);
  EXPECT_EQ(t.active_count(), 4);
  fold({{"type", "entered"}, {"player", "cid"}, {"name", "Cid"}, {"rating", 1800}});
  EXPECT_FALSE(t.entrants()[1].withdrawn);  // back
  EXPECT_EQ(t.entrants().size(), 5u);

  fold({{"type", "finished"}, {"at_ms", 5000}});
  EXPECT_EQ(t.status(), tn::phase::finished);
  EXPECT_EQ(t.events(), 15);

  tn::tournament c;
  ASSERT_TRUE(
      c.fold({{"type", "created"}, {"settings", model_settings(system_kind::tables, 4, 3, true)}}));
  EXPECT_TRUE(c.settings().fixed_schedule);
  EXPECT_EQ(c.settings().table_size, 4);
  ASSERT_TRUE(c.fold({{"type", "cancelled"}, {"at_ms", 2000}}));
  EXPECT_EQ(c.status(), tn::phase::cancelled);
  EXPECT_EQ(c.events(), 2);
}

TEST(TournamentModel, RefusesBadEventsAndChangesNothing) {
  // Nothing before created.
  tn::tournament empty;
  auto first = empty.fold({{"type", "entered"}, {"player", "x"}, {"name", "X"}});
  ASSERT_FALSE(first);
  EXPECT_FALSE(first.error().empty());
  EXPECT_EQ(empty.events(), 0);
  json ladder = model_settings(system_kind::swiss, 2, 3, false);
  ladder["system"] = "ladder";
  auto bad_settings = empty.fold({{"type", "created"}, {"settings", ladder}});
  ASSERT_FALSE(bad_settings);
  EXPECT_NE(bad_settings.error().find("ladder"), std::string::npos);
  EXPECT_EQ(empty.events(), 0);

  // A running Swiss of four with round 1 paired, board 1 decided.
  model_builder b(system_kind::swiss, 4, 2, 3);
  b.pair({{0, 2}, {3, 1}});
  b.result(1, {1, 2});
  const json before = model_snapshot(b.t);

  const std::vector<std::pair<std::string, json>> bad{
      {"no type", {{"player", "p0"}}},
      {"unknown type", {{"type", "exploded"}}},
      {"created twice",
       {{"type", "created"}, {"settings", model_settings(system_kind::swiss, 2, 3, false)}}},
      {"entered without a player", {{"type", "entered"}, {"name", "Nobody"}}},
      {"entered with a bad rating",
       {{"type", "entered"}, {"player", "q"}, {"name", "Q"}, {"rating", "high"}}},
      {"withdrew: not an entrant", {{"type", "withdrew"}, {"player", "stranger"}}},
      {"started twice", {{"type", "started"}, {"at_ms", 2000}}},
      {"paired: round 3 after round 1",
       {{"type", "paired"}, {"round", 3}, {"tables", json::array()}, {"byes", json::array()}}},
      {"paired: round 1 again",
       {{"type", "paired"}, {"round", 1}, {"tables", json::array()}, {"byes", json::array()}}},
      {"paired: a stranger seated",
       {{"type", "paired"},
        {"round", 2},
        {"tables", {{{"board", 1}, {"room", "x"}, {"seats", {"p0", "stranger"}}}}},
        {"byes", json::array()}}},
      {"paired: a player twice",
       {{"type", "paired"},
        {"round", 2},
        {"tables",
         {{{"board", 1}, {"room", "x"}, {"seats", {"p0", "p1"}}},
          {{"board", 2}, {"room", "y"}, {"seats", {"p2", "p0"}}}}},
        {"byes", json::array()}}},
      {"paired: seated and a bye",
       {{"type", "paired"},
        {"round", 2},
        {"tables", {{{"board", 1}, {"room", "x"}, {"seats", {"p0", "p1"}}}}},
        {"byes", {{{"player", "p1"}, {"kind", "pairing"}}}}}},
      {"paired: an unknown bye",
       {{"type", "paired"},
        {"round", 2},
        {"tables", json::array()},
        {"byes", {{{"player", "p0"}, {"kind", "golden"}}}}}},
      {"paired without tables", {{"type", "paired"}, {"round", 2}, {"byes", json::array()}}},
      {"result: no round 2", {{"type", "result"}, {"round", 2}, {"board", 1}, {"ranks", {1, 2}}}},
      {"result: round 0", {{"type", "result"}, {"round", 0}, {"board", 1}, {"ranks", {1, 2}}}},
      {"result: no board 3", {{"type", "result"}, {"round", 1}, {"board", 3}, {"ranks", {1, 2}}}},
      {"result: three ranks at a table of two",
       {{"type", "result"}, {"round", 1}, {"board", 2}, {"ranks", {1, 2, 3}}}},
      {"result: rank 0", {{"type", "result"}, {"round", 1}, {"board", 2}, {"ranks", {0, 1}}}},
      {"result: rank 3 of 2", {{"type", "result"}, {"round", 1}, {"board", 2}, {"ranks", {1, 3}}}},
      {"result without ranks", {{"type", "result"}, {"round", 1}, {"board", 2}}},
  };
  for (const auto& [what, event] : bad) {
    auto ok = b.t.fold(event);
    EXPECT_FALSE(ok) << what;
    if (!ok) {
      EXPECT_FALSE(ok.error().empty()) << what;
    }
    EXPECT_EQ(model_snapshot(b.t), before) << what;
  }

  // Before the start: no pairing, and a start without its time changes nothing.
  tn::tournament entry;
  ASSERT_TRUE(entry.fold(
      {{"type", "created"}, {"settings", model_settings(system_kind::swiss, 2, 3, false)}}));
  ASSERT_TRUE(entry.fold({{"type", "entered"}, {"player", "p0"}, {"name", "A"}}));
  ASSERT_TRUE(entry.fold({{"type", "entered"}, {"player", "p1"}, {"name", "B"}}));
  const json waiting = model_snapshot(entry);
  EXPECT_FALSE(entry.fold({{"type", "started"}}));
  EXPECT_EQ(model_snapshot(entry), waiting);
  EXPECT_EQ(entry.status(), tn::phase::entry);
  EXPECT_FALSE(entry.fold({{"type", "paired"},
                           {"round", 1},
                           {"tables", {{{"board", 1}, {"room", "x"}, {"seats", {"p0", "p1"}}}}},
                           {"byes", json::array()}}));
  EXPECT_EQ(model_snapshot(entry), waiting);
}

TEST(TournamentModel, RoundsComeInOrderAndResultsInAnyOrder) {
  model_builder b(system_kind::swiss, 4, 2, 3);
  // Round 2 before round 1 is refused; round 1 is then accepted.
  auto early = b.t.fold(
      {{"type", "paired"}, {"round", 2}, {"tables", json::array()}, {"byes", json::array()}});
  ASSERT_FALSE(early);
  EXPECT_NE(early.error().find("out of order"), std::string::npos);
  EXPECT_TRUE(b.t.rounds().empty());
  b.pair({{0, 2}, {3, 1}});
  // A result for a round not paired yet is refused.
  EXPECT_FALSE(b.t.fold({{"type", "result"}, {"round", 2}, {"board", 1}, {"ranks", {1, 2}}}));
  // Results come board by board in any order; round 2 may be paired (by hand) while round 1
  // still waits for a result, which may then arrive and count.
  b.result(1, 2, {2, 1});
  b.pair({{1, 0}, {2, 3}});
  EXPECT_FALSE(b.t.current_round_complete());
  b.result(2, 1, {1, 1});
  b.result(1, 1, {1, 2});
  // A director's correction replaces a result.
  b.result(1, 1, {2, 1});
  EXPECT_EQ(b.t.score(0), 0 + pt / 2);  // lost round 1 (corrected), drew round 2
  EXPECT_EQ(b.t.score(2), pt);
  EXPECT_EQ(b.t.score(1), pt + pt / 2);
  EXPECT_EQ(b.t.score_before(1, 2), pt);
  EXPECT_EQ(b.t.score_before(1, 1), 0);
}

// ---- table_points ---------------------------------------------------------------------------

TEST(TournamentModel, TablePointsForTwoPlayers) {
  EXPECT_EQ(model_points({1, 2}, 0), 120);
  EXPECT_EQ(model_points({1, 2}, 1), 0);
  EXPECT_EQ(model_points({2, 1}, 1), 120);
  EXPECT_EQ(model_points({1, 1}, 0), 60);
  EXPECT_EQ(model_points({1, 1}, 1), 60);
  // A no-show: the one who came wins, whatever the ranks say.
  EXPECT_EQ(model_points({1, 1}, 0, {false, true}), 120);
  EXPECT_EQ(model_points({1, 1}, 1, {false, true}), 0);
  // Both absent: nobody scores.
  EXPECT_EQ(model_points({1, 1}, 0, {true, true}), 0);
  EXPECT_EQ(model_points({1, 1}, 1, {true, true}), 0);
  // Out of range.
  EXPECT_EQ(model_points({1, 2}, 2), 0);
  EXPECT_EQ(model_points({1, 2}, -1), 0);
  EXPECT_EQ(model_points({1}, 0), 0);
}

TEST(TournamentModel, TablePointsForThreePlayers) {
  // Each other player is worth 1/2 point (60 units) beaten, 1/4 (30) tied.
  EXPECT_EQ(model_points({1, 2, 3}, 0), 120);
  EXPECT_EQ(model_points({1, 2, 3}, 1), 60);
  EXPECT_EQ(model_points({1, 2, 3}, 2), 0);
  EXPECT_EQ(model_points({1, 1, 3}, 0), 90);  // 60 + 30
  EXPECT_EQ(model_points({1, 1, 3}, 1), 90);
  EXPECT_EQ(model_points({1, 1, 3}, 2), 0);
  EXPECT_EQ(model_points({1, 2, 2}, 1), 30);
  EXPECT_EQ(model_points({1, 2, 2}, 2), 30);
  EXPECT_EQ(model_points({1, 1, 1}, 2), 60);
  // Seat 2 did not come: beaten by both others, whose own game decides the rest.
  EXPECT_EQ(model_points({2, 1, 3}, 0, {false, false, true}), 60);
  EXPECT_EQ(model_points({2, 1, 3}, 1, {false, false, true}), 120);
  EXPECT_EQ(model_points({2, 1, 3}, 2, {false, false, true}), 0);
  // Even with a rank the forfeit did not earn.
  EXPECT_EQ(model_points({1, 2, 1}, 0, {false, false, true}), 120);
  EXPECT_EQ(model_points({1, 2, 1}, 1, {false, false, true}), 60);
  EXPECT_EQ(model_points({1, 2, 1}, 2, {false, false, true}), 0);
}

TEST(TournamentModel, TablePointsForFourToSixPlayers) {
  // Four: each other player 40 beaten, 20 tied.
  EXPECT_EQ(model_points({1, 2, 3, 4}, 0), 120);
  EXPECT_EQ(model_points({1, 2, 3, 4}, 1), 80);
  EXPECT_EQ(model_points({1, 2, 3, 4}, 2), 40);
  EXPECT_EQ(model_points({1, 2, 3, 4}, 3), 0);
  EXPECT_EQ(model_points({1, 1, 3, 4}, 0), 100);  // 5/6: 20 + 40 + 40
  EXPECT_EQ(model_points({1, 2, 2, 4}, 2), 60);   // 0 + 20 + 40
  EXPECT_EQ(model_points({4, 1, 2, 3}, 0, {true, false, false, false}), 0);
  EXPECT_EQ(model_points({4, 1, 2, 3}, 3, {true, false, false, false}), 40);  // beat the absent
  // Five: 30 beaten, 15 tied.
  EXPECT_EQ(model_points({1, 2, 3, 4, 5}, 1), 90);
  EXPECT_EQ(model_points({1, 2, 3, 4, 5}, 3), 30);
  EXPECT_EQ(model_points({1, 2, 2, 2, 5}, 2), 60);  // 0 + 15 + 15 + 30
  EXPECT_EQ(model_points({1, 1, 1, 1, 1}, 4), 60);
  EXPECT_EQ(model_points({5, 1, 2, 3, 4}, 1, {true, false, false, false, false}), 120);
  EXPECT_EQ(model_points({5, 1, 2, 3, 4}, 2, {true, false, false, false, false}), 90);
  EXPECT_EQ(model_points({5, 1, 2, 3, 4}, 4, {true, false, false, false, false}), 30);
  // Six: 24 beaten, 12 tied.
  EXPECT_EQ(model_points({1, 2, 3, 4, 5, 6}, 1), 96);
  EXPECT_EQ(model_points({1, 2, 3, 4, 5, 6}, 2), 72);
  EXPECT_EQ(model_points({1, 2, 3, 4, 5, 6}, 4), 24);
  EXPECT_EQ(model_points({1, 1, 3, 3, 5, 6}, 0), 108);  // 12 + 4 * 24
  EXPECT_EQ(model_points({1, 1, 3, 3, 5, 6}, 3), 60);   // 12 + 2 * 24
  EXPECT_EQ(model_points({1, 1, 3, 3, 5, 6}, 4), 24);
  const std::vector<bool> two_gone{false, false, false, false, true, true};
  EXPECT_EQ(model_points({1, 2, 3, 4, 5, 5}, 0, two_gone), 120);
  EXPECT_EQ(model_points({1, 2, 3, 4, 5, 5}, 3, two_gone), 48);
  EXPECT_EQ(model_points({1, 2, 3, 4, 5, 5}, 4, two_gone), 0);
  EXPECT_EQ(model_points({1, 2, 3, 4, 5, 5}, 5, two_gone), 0);
  // Each two players at a table share 1/(n-1) point: a game hands out n/2 points in all.
  for (int n = 2; n <= 6; ++n) {
    std::vector<int> ranks{1};
    for (int s = 1; s < n; ++s)
      ranks.push_back(s == 1 ? 1 : s);  // the first two tied
    int sum = 0;
    for (int s = 0; s < n; ++s)
      sum += model_points(ranks, s);
    EXPECT_EQ(sum, n * pt / 2) << n;
  }
}

// ---- scores, byes, opponents ----------------------------------------------------------------

// Five players, two rounds, by hand:
//   R1: 0-2 1-0, 3-1 draw, 4 pairing bye
//   R2: 4-0 forfeited by 4, 1-2 1-0, 3 half-point bye
//   scores: 0: 1 + 1 = 2, 1: 1/2 + 1 = 3/2, 2: 0, 3: 1/2 + 1/2 = 1, 4: 1 + 0 = 1
model_builder model_five_swiss() {
  model_builder b(system_kind::swiss, 5, 2, 3);
  b.pair({{0, 2}, {3, 1}}, {{4, bye_kind::pairing}});
  b.result(1, {1, 2});
  b.result(2, {1, 1});
  b.pair({{4, 0}, {1, 2}}, {{3, bye_kind::requested_half}});
  b.result(1, {2, 1}, {true, false});
  b.result(2, {1, 2});
  return b;
}

TEST(TournamentModel, ScoresByesAndOpponents) {
  EXPECT_EQ(tn::bye_points(bye_kind::pairing), 120);
  EXPECT_EQ(tn::bye_points(bye_kind::requested_half), 60);
  EXPECT_EQ(tn::bye_points(bye_kind::zero), 0);
  for (auto kind : {bye_kind::pairing, bye_kind::requested_half, bye_kind::zero})
    EXPECT_EQ(tn::bye_from_text(tn::bye_text(kind)), kind);
  EXPECT_FALSE(tn::bye_from_text("free"));

  auto b = model_five_swiss();
  const auto& t = b.t;
  EXPECT_EQ(t.score(0), 240);
  EXPECT_EQ(t.score(1), 180);
  EXPECT_EQ(t.score(2), 0);
  EXPECT_EQ(t.score(3), 120);
  EXPECT_EQ(t.score(4), 120);
  EXPECT_EQ(t.score_before(0, 2), 120);
  EXPECT_EQ(t.score_before(3, 2), 60);
  EXPECT_EQ(t.score_before(4, 2), 120);
  EXPECT_EQ(t.score_before(4, 1), 0);
  // A forfeit is not a game: 0 and 4 never met.
  EXPECT_EQ(t.opponents(0), (std::vector<int>{2}));
  EXPECT_EQ(t.opponents(4), (std::vector<int>{}));
  EXPECT_EQ(t.opponents(1), (std::vector<int>{3, 2}));
  EXPECT_EQ(t.opponents(2), (std::vector<int>{0, 1}));

  // A round robin's odd player out scores nothing.
  model_builder rr(system_kind::round_robin, 3, 2, 1);
  auto r1 = rr.pair_next();
  ASSERT_EQ(r1.byes.size(), 1u);
  EXPECT_EQ(r1.byes[0].kind, bye_kind::zero);
  rr.seat_order_wins();
  EXPECT_EQ(rr.t.score(r1.byes[0].entrant), 0);
}

// ---- standings and tie-breaks ---------------------------------------------------------------

// Four players, single round robin, Berger rounds (numbers 1-4 are entrants 0-3, A-D):
//   R1: A-D draw, B-C 1-0;  R2: D-C 0-1, A-B 1-0;  R3: B-D draw, C-A 1-0
//   A: 1/2 + 1 + 0 = 3/2, B: 1 + 0 + 1/2 = 3/2, C: 0 + 1 + 1 = 2, D: 1/2 + 0 + 1/2 = 1
// A and B tie on 3/2. Sonneborn-Berger favours B (A: B's 3/2 + half of D's 1 = 2; B: C's 2 + half
// of D's 1 = 5/2), but direct encounter comes first: A beat B.
TEST(TournamentModel, RoundRobinTieBrokenByDirectEncounter) {
  model_builder b(system_kind::round_robin, 4, 2, 1);
  enum { A, B, C, D };
  EXPECT_EQ(b.t.tiebreak_names(),
            (std::vector<std::string>{"direct_encounter", "sonneborn_berger", "wins"}));
  b.pair_next();
  ASSERT_EQ(model_tables(b.t.rounds()[0]), (std::vector<std::vector<int>>{{A, D}, {B, C}}));
  b.result(1, {1, 1});
  b.result(2, {1, 2});
  b.pair_next();
  ASSERT_EQ(model_tables(b.t.rounds()[1]), (std::vector<std::vector<int>>{{D, C}, {A, B}}));
  b.result(1, {2, 1});
  b.result(2, {1, 2});
  b.pair_next();
  ASSERT_EQ(model_tables(b.t.rounds()[2]), (std::vector<std::vector<int>>{{B, D}, {C, A}}));
  b.result(1, {1, 1});
  b.result(2, {1, 2});
  EXPECT_TRUE(tn::tournament_over(b.t));

  EXPECT_EQ(b.standing_order(), (std::vector<int>{C, A, B, D}));
  EXPECT_EQ(b.place_of(C), 1);
  EXPECT_EQ(b.place_of(A), 2);
  EXPECT_EQ(b.place_of(B), 3);
  EXPECT_EQ(b.place_of(D), 4);
  EXPECT_EQ(b.tiebreaks_of(A), (std::vector<double>{1, 2, 1}));
  EXPECT_EQ(b.tiebreaks_of(B), (std::vector<double>{0, 2.5, 1}));
  // C's SB: beat A (3/2) and D (1); wins 2. D: drew A and B: (3/2 + 3/2) / 2. Alone on their
  // scores, neither has a direct encounter figure.
  EXPECT_EQ(b.tiebreaks_of(C), (std::vector<double>{0, 2.5, 2}));
  EXPECT_EQ(b.tiebreaks_of(D), (std::vector<double>{0, 1.5, 0}));
}

// Six players, two rounds, by hand:
//   R1: 0-1 1-0, 2-3 1-0, 4-5 1-0;  R2: 0-2 1-0, 1-4 draw, 3-5 1-0
//   scores: 0: 2, 1: 1/2, 2: 1, 3: 1, 4: 3/2, 5: 0
// 2 and 3 tie on 1. Buchholz cut-1: 2 met 3 (1) and 0 (2): 2; 3 met 2 (1) and 5 (0): 1.
TEST(TournamentModel, SwissTieBrokenByBuchholz) {
  model_builder b(system_kind::swiss, 6, 2, 2);
  EXPECT_EQ(b.t.tiebreak_names(),
            (std::vector<std::string>{"buchholz_cut1", "buchholz", "sonneborn_berger", "wins"}));
  b.pair({{0, 1}, {2, 3}, {4, 5}});
  b.result(1, {1, 2});
  b.result(2, {1, 2});
  b.result(3, {1, 2});
  b.pair({{0, 2}, {1, 4}, {3, 5}});
  b.result(1, {1, 2});
  b.result(2, {1, 1});
  b.result(3, {1, 2});
  EXPECT_EQ(b.standing_order(), (std::vector<int>{0, 4, 2, 3, 1, 5}));
  EXPECT_EQ(b.place_of(2), 3);
  EXPECT_EQ(b.place_of(3), 4);
  // {cut-1, Buchholz, SB, wins}, from the opponents' scores above.
  EXPECT_EQ(b.tiebreaks_of(0), (std::vector<double>{1, 1.5, 1.5, 2}));
  EXPECT_EQ(b.tiebreaks_of(1), (std::vector<double>{2, 3.5, 0.75, 0}));
  EXPECT_EQ(b.tiebreaks_of(2), (std::vector<double>{2, 3, 1, 1}));
  EXPECT_EQ(b.tiebreaks_of(3), (std::vector<double>{1, 1, 0, 1}));
  EXPECT_EQ(b.tiebreaks_of(4), (std::vector<double>{0.5, 0.5, 0.25, 1}));
  EXPECT_EQ(b.tiebreaks_of(5), (std::vector<double>{1.5, 2.5, 0, 0}));
}

// Six players at tables of three, three rounds (places at a table of three: 1st 120, 2nd 60,
// 2nd shared with another 30, 3rd 0):
//   R1: {0 1st, 1 2nd, 2 3rd}, {3 1st, 4 2nd=, 5 2nd=}
//   R2: {0 3rd, 1 2nd, 3 1st}, {2 1st, 4 2nd=, 5 2nd=}
//   R3: {0 3rd, 2 1st, 4 2nd}, {1 3rd, 3 1st, 5 2nd}
//   0: 120 + 0 + 0 = 120, firsts 1, placings 7     3: 360, firsts 3, placings 3
//   1: 60 + 60 + 0 = 120, firsts 0, placings 7     4: 30 + 30 + 60 = 120, firsts 0, placings 6
//   2: 0 + 120 + 120 = 240, firsts 2, placings 5   5: as 4
// Among those on 120: 0 by its first place; 4 and 5 (placings 6) share the next place; 1 last.
TEST(TournamentModel, TablesTieBrokenByFirstPlacesThenPlacings) {
  model_builder b(system_kind::tables, 6, 3, 3);
  EXPECT_EQ(b.t.tiebreak_names(), (std::vector<std::string>{"first_places", "sum_of_placings"}));
  b.pair({{0, 1, 2}, {3, 4, 5}});
  b.result(1, {1, 2, 3});
  b.result(2, {1, 2, 2});
  b.pair({{0, 1, 3}, {2, 4, 5}});
  b.result(1, {3, 2, 1});
  b.result(2, {1, 2, 2});
  b.pair({{0, 2, 4}, {1, 3, 5}});
  b.result(1, {3, 1, 2});
  b.result(2, {3, 1, 2});
  const std::vector<int> scores{120, 120, 240, 360, 120, 120};
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(b.t.score(i), scores[i]) << i;
  EXPECT_EQ(b.standing_order(), (std::vector<int>{3, 2, 0, 4, 5, 1}));
  EXPECT_EQ(b.place_of(3), 1);
  EXPECT_EQ(b.place_of(2), 2);
  EXPECT_EQ(b.place_of(0), 3);
  EXPECT_EQ(b.place_of(4), 4);
  EXPECT_EQ(b.place_of(5), 4);
  EXPECT_EQ(b.place_of(1), 6);
  EXPECT_EQ(b.tiebreaks_of(0), (std::vector<double>{1, 7}));
  EXPECT_EQ(b.tiebreaks_of(1), (std::vector<double>{0, 7}));
  EXPECT_EQ(b.tiebreaks_of(3), (std::vector<double>{3, 3}));
  EXPECT_EQ(b.tiebreaks_of(4), (std::vector<double>{0, 6}));
}

TEST(TournamentModel, TablesFirstPlacesLeaveOutForfeits) {
  // A table decided by a withdrawal (the others ranked first, nobody played) and one played.
  model_builder b(system_kind::tables, 6, 3, 2);
  b.pair({{0, 1, 2}, {3, 4, 5}});
  b.result(1, {1, 1, 2}, {false, false, true});
  b.result(2, {2, 1, 3});
  EXPECT_EQ(b.t.score(0), 90);  // tied with 1, beat the absent 2
  EXPECT_EQ(b.tiebreaks_of(0), (std::vector<double>{0, 1}));
  EXPECT_EQ(b.tiebreaks_of(1), (std::vector<double>{0, 1}));
  EXPECT_EQ(b.tiebreaks_of(2), (std::vector<double>{0, 2}));
  EXPECT_EQ(b.tiebreaks_of(4), (std::vector<double>{1, 1}));
}

// ---- knockout -------------------------------------------------------------------------------

TEST(TournamentModel, KnockoutOfEightFollowsTheBracket) {
  model_builder b(system_kind::knockout, 8);
  EXPECT_EQ(b.t.planned_rounds(), 3);
  EXPECT_EQ(tn::knockout_field(b.t), (std::vector<int>{0, 7, 3, 4, 1, 6, 2, 5}));
  // Seeds 1-8, 4-5, 2-7, 3-6, the higher seed first.
  auto r1 = b.pair_next();
  EXPECT_EQ(r1.tables, (std::vector<std::vector<int>>{{0, 7}, {3, 4}, {1, 6}, {2, 5}}));
  EXPECT_TRUE(r1.byes.empty());
  b.result(1, {1, 2});  // 0 wins
  b.result(2, {2, 1});  // 4 beats 3
  b.result(3, {1, 1});  // a draw: 6, the second seat, goes through
  b.result(4, {1, 2});  // 2 wins
  EXPECT_EQ(tn::knockout_field(b.t), (std::vector<int>{0, 4, 6, 2}));
  EXPECT_FALSE(tn::tournament_over(b.t));
  auto r2 = b.pair_next();
  EXPECT_EQ(r2.tables, (std::vector<std::vector<int>>{{0, 4}, {2, 6}}));
  b.result(1, {1, 2});
  b.result(2, {1, 1}, {true, true});  // neither came: nobody goes through
  EXPECT_EQ(tn::knockout_field(b.t), (std::vector<int>{0, -1}));
  // The final is a walk-over.
  auto r3 = b.pair_next();
  EXPECT_TRUE(r3.tables.empty());
  EXPECT_EQ(model_bye_list(r3.byes), (model_byes{{0, bye_kind::pairing}}));
  EXPECT_TRUE(tn::tournament_over(b.t));
  EXPECT_EQ(tn::knockout_field(b.t), (std::vector<int>{0}));
  EXPECT_FALSE(tn::pair_next(b.t, 2));
  // The winner first; then by the round reached: 4 (lost round 2), 2 and 6 (both out in round 2
  // without a game) by points: 4 and 2 have 1 and share second place, 6 drew its way through
  // (1/2); then round 1's losers, 1 (a draw) ahead of the others.
  const auto order = b.standing_order();
  EXPECT_EQ(order[0], 0);
  EXPECT_EQ(b.tiebreaks_of(0), (std::vector<double>{4}));  // through three rounds
  EXPECT_EQ(b.tiebreaks_of(4), (std::vector<double>{2}));
  EXPECT_EQ(b.tiebreaks_of(6), (std::vector<double>{2}));
  EXPECT_EQ(b.tiebreaks_of(7), (std::vector<double>{1}));
  EXPECT_EQ(b.place_of(4), 2);
  EXPECT_EQ(b.place_of(2), 2);
  EXPECT_EQ(b.place_of(6), 4);
  EXPECT_EQ(b.place_of(1), 5);  // out in round 1 with a draw's 1/2
  EXPECT_EQ(b.place_of(3), 6);  // out in round 1 with nothing
  EXPECT_EQ(b.place_of(5), 6);
  EXPECT_EQ(b.place_of(7), 6);
}

// Five players: a bracket of eight, seeds 6-8 missing, so seeds 1-3 pass round 1. Every game is
// drawn, each sending its second seat through:
//   R1: 4-5 draw -> 5;  R2: 1-5 draw -> 5, 2-3 1-0 -> 2;  final 2-5 draw -> 5
//   points: 5 (entrant 4): 3 × 1/2 = 3/2; 2 (entrant 1): bye + win + draw = 5/2
// The winner is first although the finalist has more points.
TEST(TournamentModel, KnockoutOfFiveGivesByesAndRanksTheWinnerFirst) {
  model_builder b(system_kind::knockout, 5);
  EXPECT_EQ(b.t.planned_rounds(), 3);
  EXPECT_EQ(tn::knockout_field(b.t), (std::vector<int>{0, -1, 3, 4, 1, -1, 2, -1}));
  auto r1 = b.pair_next();
  EXPECT_EQ(r1.tables, (std::vector<std::vector<int>>{{3, 4}}));
  EXPECT_EQ(model_bye_list(r1.byes),
            (model_byes{{0, bye_kind::pairing}, {1, bye_kind::pairing}, {2, bye_kind::pairing}}));
  b.result(1, {1, 1});
  auto r2 = b.pair_next();
  EXPECT_EQ(r2.tables, (std::vector<std::vector<int>>{{0, 4}, {1, 2}}));
  EXPECT_TRUE(r2.byes.empty());
  b.result(1, {1, 1});
  b.result(2, {1, 2});
  // Between rounds the players through are ahead of those out.
  EXPECT_EQ(b.tiebreaks_of(4), (std::vector<double>{3}));
  EXPECT_EQ(b.tiebreaks_of(0), (std::vector<double>{2}));
  auto r3 = b.pair_next();
  EXPECT_EQ(r3.tables, (std::vector<std::vector<int>>{{1, 4}}));
  EXPECT_FALSE(tn::tournament_over(b.t));
  b.result(1, {1, 1});
  EXPECT_TRUE(tn::tournament_over(b.t));
  EXPECT_EQ(b.t.score(4), 180);
  EXPECT_EQ(b.t.score(1), 300);
  EXPECT_EQ(b.tiebreaks_of(4), (std::vector<double>{4}));
  EXPECT_EQ(b.tiebreaks_of(1), (std::vector<double>{3}));
  // 0 (bye, draw: 3/2) and 2 (bye, loss: 1) went out in round 2, 3 in round 1.
  EXPECT_EQ(b.standing_order(), (std::vector<int>{4, 1, 0, 2, 3}));
}

// ---- round robin and Swiss pairings ---------------------------------------------------------

std::vector<std::vector<std::vector<int>>> model_round_robin(int players, int cycles) {
  model_builder b(system_kind::round_robin, players, 2, cycles);
  std::vector<std::vector<std::vector<int>>> rounds;
  while (!tn::tournament_over(b.t)) {
    auto next = b.pair_next();
    rounds.push_back(next.tables);
    for (const auto& bye : next.byes)
      EXPECT_EQ(bye.kind, bye_kind::zero);
    b.seat_order_wins();
    if (rounds.size() > 20) break;
  }
  return rounds;
}

TEST(TournamentModel, RoundRobinPairsThePublishedBergerRounds) {
  // FIDE C.05 Annex 1, 3 or 4 players: 1-4 2-3 / 4-3 1-2 / 2-4 3-1 (0-based below).
  using rounds = std::vector<std::vector<std::vector<int>>>;
  EXPECT_EQ(model_round_robin(4, 1),
            (rounds{{{0, 3}, {1, 2}}, {{3, 2}, {0, 1}}, {{1, 3}, {2, 0}}}));
  // 5 or 6 players: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1, where
  // number 6 is the round off: 1, 4, 2, 5, 3 sit out in turn.
  EXPECT_EQ(model_round_robin(5, 1), (rounds{{{1, 4}, {2, 3}},
                                             {{4, 2}, {0, 1}},
                                             {{2, 0}, {3, 4}},
                                             {{0, 3}, {1, 2}},
                                             {{3, 1}, {4, 0}}}));
  model_builder five(system_kind::round_robin, 5, 2, 1);
  std::vector<int> off;
  for (int r = 0; r < 5; ++r) {
    auto next = five.pair_next();
    ASSERT_EQ(next.byes.size(), 1u);
    off.push_back(next.byes[0].entrant);
    five.seat_order_wins();
  }
  EXPECT_EQ(off, (std::vector<int>{0, 3, 1, 4, 2}));
  // Double: the second cycle repeats the first, colours reversed.
  EXPECT_EQ(model_round_robin(4, 2), (rounds{{{0, 3}, {1, 2}},
                                             {{3, 2}, {0, 1}},
                                             {{1, 3}, {2, 0}},
                                             {{3, 0}, {2, 1}},
                                             {{2, 3}, {1, 0}},
                                             {{3, 1}, {0, 2}}}));
}

TEST(TournamentModel, SwissFirstRoundTopHalfAgainstBottomHalf) {
  // Six: 1-4, 2-5, 3-6; the top player white, then alternating by board (1 white, 2 black,
  // 3 white), boards in the order of their higher-ranked player.
  model_builder six(system_kind::swiss, 6, 2, 3);
  auto r1 = six.pair_next();
  EXPECT_EQ(r1.tables, (std::vector<std::vector<int>>{{0, 3}, {4, 1}, {2, 5}}));
  EXPECT_TRUE(r1.byes.empty());
  // Five: the last player gets the pairing bye, then 1-3, 2-4.
  model_builder five(system_kind::swiss, 5, 2, 3);
  auto f1 = five.pair_next();
  EXPECT_EQ(f1.tables, (std::vector<std::vector<int>>{{0, 2}, {3, 1}}));
  EXPECT_EQ(model_bye_list(f1.byes), (model_byes{{4, bye_kind::pairing}}));
}

// ---- tables ---------------------------------------------------------------------------------

TEST(TournamentModel, TablesOfThreeForSevenPlayers) {
  // The game is played by 2 to 3: ceil(7/3) = 3 tables, two of them of two.
  model_builder two(system_kind::tables, 7, 3, 3);
  auto a = two.pair_next(2);
  EXPECT_EQ(a.tables, (std::vector<std::vector<int>>{{0, 1, 2}, {3, 4}, {5, 6}}));
  EXPECT_TRUE(a.byes.empty());
  // Only by 3: two tables of three, the lowest-ranked sits out with half a point.
  model_builder three(system_kind::tables, 7, 3, 3);
  auto b = three.pair_next(3);
  EXPECT_EQ(b.tables, (std::vector<std::vector<int>>{{0, 1, 2}, {3, 4, 5}}));
  EXPECT_EQ(model_bye_list(b.byes), (model_byes{{6, bye_kind::requested_half}}));
  three.seat_order_wins();
  EXPECT_EQ(three.t.score(6), 60);
  // Round 2, ranked 0, 3 (120), 1, 4, 6 (60), 2, 5 (0): the lowest without a bye yet, 5, sits
  // out.
  auto c = three.pair_next(3);
  ASSERT_EQ(c.byes.size(), 1u);
  EXPECT_EQ(c.byes[0].entrant, 5);
  EXPECT_EQ(c.byes[0].kind, bye_kind::requested_half);
}

TEST(TournamentModel, TablesAvoidRepeatMeetings) {
  // Nine at tables of three: round 1 {0,1,2} {3,4,5} {6,7,8}, each won in seat order. Round 2
  // can avoid every repeat, and does: ranked 0, 3, 6 (1 point), 1, 4, 7, 2, 5, 8.
  model_builder b(system_kind::tables, 9, 3, 3);
  auto r1 = b.pair_next(3);
  EXPECT_EQ(r1.tables, (std::vector<std::vector<int>>{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}}));
  b.seat_order_wins();
  auto r2 = b.pair_next(3);
  std::set<std::pair<int, int>> met;
  for (const auto& round : {r1.tables, r2.tables}) {
    for (const auto& table : round) {
      for (std::size_t x = 0; x < table.size(); ++x) {
        for (std::size_t y = x + 1; y < table.size(); ++y) {
          auto pair = std::minmax(table[x], table[y]);
          EXPECT_TRUE(met.insert(pair).second) << pair.first << " and " << pair.second;
        }
      }
    }
  }
  EXPECT_EQ(met.size(), 18u);
  // All seat sums are equal within each table (everyone sat where its partners did): by rank.
  EXPECT_EQ(r2.tables, (std::vector<std::vector<int>>{{0, 3, 6}, {1, 4, 7}, {2, 5, 8}}));
}

TEST(TournamentModel, TablesSeatWhoSatFurthestBackFirst) {
  // Six at tables of three (game of 3 only): round 1 {0,1,2} {3,4,5} won in seat order.
  // Round 2, ranked 0, 3 (120), 1, 4 (60), 2, 5 (0): table 1 starts with 0, adds 3 (never met),
  // then everyone has met one of them, so the best-ranked, 1; table 2 is 4, 2 (never met 4), 5.
  // Seat sums so far (first seat 0): 0, 3: 0; 1, 4: 1; 2, 5: 2.
  //   {0, 3, 1}: 1 first (1), then 0 and 3 (0) by rank;  {4, 2, 5}: 2 and 5 (2) by rank, then 4.
  model_builder b(system_kind::tables, 6, 3, 3);
  b.pair_next(3);
  b.seat_order_wins();
  auto r2 = b.pair_next(3);
  EXPECT_EQ(r2.tables, (std::vector<std::vector<int>>{{1, 0, 3}, {2, 5, 4}}));
}

TEST(TournamentModel, TournamentOverAfterTheLastRound) {
  model_builder b(system_kind::swiss, 4, 2, 2);
  EXPECT_FALSE(tn::tournament_over(b.t));
  b.pair({{0, 2}, {3, 1}});
  EXPECT_FALSE(tn::tournament_over(b.t));
  auto busy = tn::pair_next(b.t, 2);
  ASSERT_FALSE(busy);
  EXPECT_NE(busy.error().find("not finished"), std::string::npos);
  b.result(1, {1, 2});
  b.result(2, {1, 2});
  EXPECT_FALSE(tn::tournament_over(b.t));
  b.pair({{0, 1}, {2, 3}});
  b.result(1, {1, 2});
  EXPECT_FALSE(tn::tournament_over(b.t));  // a result still missing
  b.result(2, {1, 1});
  EXPECT_TRUE(tn::tournament_over(b.t));
  auto over = tn::pair_next(b.t, 2);
  ASSERT_FALSE(over);
  EXPECT_NE(over.error().find("last round"), std::string::npos);

  // A round robin of three plays three rounds.
  model_builder rr(system_kind::round_robin, 3, 2, 1);
  EXPECT_EQ(rr.t.planned_rounds(), 3);
  for (int r = 0; r < 3; ++r) {
    EXPECT_FALSE(tn::tournament_over(rr.t));
    rr.pair_next();
    rr.seat_order_wins();
  }
  EXPECT_TRUE(tn::tournament_over(rr.t));
}

// ---- tables on a fixed schedule -------------------------------------------------------------

// q*q players at tables of q: over q + 1 rounds everyone plays every round, at a full table, and
// every two players meet exactly once; round q + 2 starts the cycle again.
void model_check_affine_schedule(int q) {
  const int n = q * q;
  model_builder b(system_kind::tables, n, q, q + 2, true);
  std::map<std::pair<int, int>, int> met;
  std::vector<std::vector<int>> first;
  for (int r = 1; r <= q + 1; ++r) {
    auto next = b.pair_next(q);
    EXPECT_TRUE(next.byes.empty()) << "round " << r;
    ASSERT_EQ(next.tables.size(), static_cast<std::size_t>(q)) << "round " << r;
    std::vector<int> seen(static_cast<std::size_t>(n), 0);
    for (const auto& table : next.tables) {
      ASSERT_EQ(table.size(), static_cast<std::size_t>(q)) << "round " << r;
      for (std::size_t x = 0; x < table.size(); ++x) {
        ++seen[table[x]];
        for (std::size_t y = x + 1; y < table.size(); ++y)
          ++met[std::minmax(table[x], table[y])];
      }
    }
    for (int i = 0; i < n; ++i)
      EXPECT_EQ(seen[i], 1) << "player " << i << " in round " << r;
    if (r == 1) first = next.tables;
    b.seat_order_wins();
  }
  EXPECT_EQ(met.size(), static_cast<std::size_t>(n * (n - 1) / 2));
  for (const auto& [pair, times] : met)
    EXPECT_EQ(times, 1) << pair.first << " and " << pair.second;
  auto as_sets = [](std::vector<std::vector<int>> tables) {
    for (auto& table : tables)
      std::sort(table.begin(), table.end());
    std::sort(tables.begin(), tables.end());
    return tables;
  };
  auto again = b.pair_next(q);
  EXPECT_EQ(as_sets(again.tables), as_sets(first));
}

TEST(TournamentModel, FixedScheduleMeetsEveryoneOnceForNine) {
  model_check_affine_schedule(3);
}
TEST(TournamentModel, FixedScheduleMeetsEveryoneOnceForSixteen) {
  model_check_affine_schedule(4);
}
TEST(TournamentModel, FixedScheduleMeetsEveryoneOnceForTwentyFive) {
  model_check_affine_schedule(5);
}

TEST(TournamentModel, FixedScheduleRoundsAndSeats) {
  // Nine at tables of three. Round 1, the lines y = b: {0,3,6} {1,4,7} {2,5,8} (player i is the
  // point (i / 3, i % 3)), seated by rank; each won in seat order. Round 2, the lines
  // y = x + b: {0,4,8} {1,5,6} {2,3,7}, each seated by the seat sums so far (0, 1, 2 for the
  // first, second and third seats of round 1): {8,4,0} {6,5,1} {7,3,2}.
  model_builder b(system_kind::tables, 9, 3, 4, true);
  auto r1 = b.pair_next(3);
  EXPECT_EQ(r1.tables, (std::vector<std::vector<int>>{{0, 3, 6}, {1, 4, 7}, {2, 5, 8}}));
  b.seat_order_wins();
  auto r2 = b.pair_next(3);
  EXPECT_EQ(r2.tables, (std::vector<std::vector<int>>{{8, 4, 0}, {6, 5, 1}, {7, 3, 2}}));

  // One table: everyone every round. Four at a table of four: round 2 reverses round 1's seats
  // (seat sums 0, 1, 2, 3); after it every sum is 3 and every score 1 (places 1-4 and 4-1), so
  // round 3 seats by rating.
  model_builder one(system_kind::tables, 4, 4, 3, true);
  EXPECT_EQ(one.pair_next(2).tables, (std::vector<std::vector<int>>{{0, 1, 2, 3}}));
  one.seat_order_wins();
  EXPECT_EQ(one.pair_next(2).tables, (std::vector<std::vector<int>>{{3, 2, 1, 0}}));
  one.seat_order_wins();
  EXPECT_EQ(one.pair_next(2).tables, (std::vector<std::vector<int>>{{0, 1, 2, 3}}));
}

TEST(TournamentModel, FixedScheduleNeedsACountThatAllowsIt) {
  model_builder seven(system_kind::tables, 7, 3, 3, true);
  auto refused = tn::pair_next(seven.t, 2);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("3 players (one table) or 9"), std::string::npos)
      << refused.error();
  EXPECT_NE(refused.error().find("has 7"), std::string::npos) << refused.error();
  model_builder eight(system_kind::tables, 8, 6, 3, true);
  auto six = tn::pair_next(eight.t, 2);
  ASSERT_FALSE(six);
  EXPECT_NE(six.error().find("needs 6 players (one table);"), std::string::npos) << six.error();
  // Without the setting the same field is paired as usual.
  model_builder free(system_kind::tables, 7, 3, 3, false);
  EXPECT_TRUE(tn::pair_next(free.t, 2));
}

TEST(TournamentModel, FixedScheduleLeavesWithdrawnPlayersOut) {
  // Nine at tables of three; 4 withdraws after round 1. Round 2's {8,4,0} keeps 8 and 0.
  for (int min_players : {2, 3}) {
    model_builder b(system_kind::tables, 9, 3, 4, true);
    b.pair_next(min_players);
    b.seat_order_wins();
    b.withdraw(4);
    auto r2 = b.pair_next(min_players);
    if (min_players == 2) {
      // The game is played by two: 8 and 0 play (8 sat further back).
      EXPECT_EQ(r2.tables, (std::vector<std::vector<int>>{{8, 0}, {6, 5, 1}, {7, 3, 2}}));
      EXPECT_EQ(model_bye_list(r2.byes), (model_byes{{4, bye_kind::zero}}));
    } else {
      // Not by two: they sit out with half a point (listed in the line's order, 0 then 8).
      EXPECT_EQ(r2.tables, (std::vector<std::vector<int>>{{6, 5, 1}, {7, 3, 2}}));
      EXPECT_EQ(model_bye_list(r2.byes), (model_byes{{4, bye_kind::zero},
                                                     {0, bye_kind::requested_half},
                                                     {8, bye_kind::requested_half}}));
    }
  }
}

// ---- TRF ------------------------------------------------------------------------------------

TEST(TournamentModel, TrfWritesWhatIsReadBack) {
  auto b = model_five_swiss();
  b.withdraw(3);
  const auto trf = tn::tournament_trf(b.t);
  EXPECT_EQ(trf.name, "Model Open");
  EXPECT_EQ(trf.total_rounds, 3);
  ASSERT_EQ(trf.players.size(), 5u);
  const auto& p1 = trf.players[1];  // entrant 1: drew 4 (starting rank 4) with black, beat 3
  EXPECT_EQ(p1.start_rank, 2);
  EXPECT_EQ(p1.name, "Player 1");
  EXPECT_EQ(p1.rating, 1990);
  EXPECT_EQ(p1.points_tenths, 15);
  using tn::trf_colour;
  using tn::trf_result;
  using tn::trf_round;
  EXPECT_EQ(p1.rounds, (std::vector<trf_round>{{4, trf_colour::black, trf_result::draw},
                                               {3, trf_colour::white, trf_result::win}}));
  EXPECT_EQ(trf.players[4].rounds,
            (std::vector<trf_round>{{0, trf_colour::none, trf_result::pairing_allocated_bye},
                                    {1, trf_colour::white, trf_result::forfeit_loss}}));
  EXPECT_EQ(trf.players[0].rounds[1], (trf_round{5, trf_colour::black, trf_result::forfeit_win}));
  EXPECT_EQ(trf.players[3].rounds[1], (trf_round{0, trf_colour::none, trf_result::half_point_bye}));
  EXPECT_EQ(trf.players[0].points_tenths, 20);
  EXPECT_EQ(trf.players[2].points_tenths, 0);
  EXPECT_EQ(trf.players[0].rank, 1);

  auto back = tn::read_trf(tn::write_trf(trf));
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, trf);

  // Paired for round 3: the withdrawn player already has its round 3, a zero-point bye.
  const auto pairing = tn::tournament_trf(b.t, 3);
  EXPECT_EQ(pairing.players[3].rounds.size(), 3u);
  EXPECT_EQ(pairing.players[3].rounds[2],
            (trf_round{0, trf_colour::none, trf_result::zero_point_bye}));
  EXPECT_EQ(pairing.players[0].rounds.size(), 2u);
  auto again = tn::read_trf(tn::write_trf(pairing));
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(*again, pairing);
}

// ---- the arena's score ------------------------------------------------------------------------

// One arena game, p`a` against p`b`, as the server stores it: ranks, moves, who went berserk
// (an empty `berserk` and a negative `moves` leave the fields out, as a director's result does).
void arena_game(model_builder& b, int a, int c, std::vector<int> ranks, int moves,
                std::vector<bool> berserk = {}) {
  b.pair({{a, c}});
  json e{{"type", "result"}, {"round", b.next_round() - 1}, {"board", 1}, {"ranks", ranks}};
  if (moves >= 0) e["moves"] = moves;
  if (!berserk.empty()) e["berserk"] = berserk;
  b.fold(e);
}

// lichess's arena, worked by hand game by game (points after each in brackets):
//   1. p0 beats p1 in 30 moves, p0 berserk: a win 2, berserk bonus 1           p0 [3]
//   2. p0 beats p2 in 10 moves, p0 berserk: too short for the bonus            p0 [5]
//   3. p0 beats p1 in 40 moves, berserk, two wins before: on fire 4, bonus 1   p0 [10]
//   4. p0 and p2 draw in 12 moves: a draw under 20 moves scores nothing        p0 [10] p2 [0]
//   5. p0 and p1 draw in exactly 20 moves: 1, the streak is over               p0 [11] p1 [1]
//   6. p2 beats p0 in 50 moves, both berserk: the loser's berserk earns nothing p2 [3]
//   7. p1 and p2 drawn by the director (no move count): a draw, 1 each         p1 [2] p2 [4]
TEST(TournamentModel, ArenaCountsBerserkWinsAndNothingForQuickDraws) {
  model_builder b(system_kind::arena, 3);
  arena_game(b, 0, 1, {1, 2}, 30, {true, false});
  EXPECT_EQ(tn::arena_record_of(b.t, 0).points, 3);
  arena_game(b, 0, 2, {1, 2}, 10, {true, false});
  EXPECT_EQ(tn::arena_record_of(b.t, 0).points, 5);
  arena_game(b, 0, 1, {1, 2}, 40, {true, false});
  EXPECT_EQ(tn::arena_record_of(b.t, 0).points, 10);
  EXPECT_TRUE(tn::arena_record_of(b.t, 0).on_fire);
  arena_game(b, 0, 2, {1, 1}, 12);
  EXPECT_EQ(tn::arena_record_of(b.t, 0).points, 10);
  EXPECT_FALSE(tn::arena_record_of(b.t, 0).on_fire);
  arena_game(b, 0, 1, {1, 1}, 20);
  arena_game(b, 2, 0, {1, 2}, 50, {true, true});
  arena_game(b, 1, 2, {1, 1}, -1);

  const auto p0 = tn::arena_record_of(b.t, 0);
  EXPECT_EQ(p0.points, 11);
  EXPECT_EQ(p0.berserk_wins, 2);
  EXPECT_EQ(p0.games, 6);
  EXPECT_EQ(p0.wins, 3);
  EXPECT_EQ(p0.losses, 1);
  EXPECT_EQ(tn::arena_record_of(b.t, 1).points, 2);
  const auto p2 = tn::arena_record_of(b.t, 2);
  EXPECT_EQ(p2.points, 4);
  EXPECT_EQ(p2.berserk_wins, 1);
  // The standings count the same points.
  EXPECT_EQ(b.t.score(0), 11 * pt);
  EXPECT_EQ(b.standing_order(), (std::vector<int>{0, 2, 1}));
}

TEST(TournamentModel, ResultsKeepTheirMovesAndBerserk) {
  model_builder b(system_kind::arena, 2);
  arena_game(b, 0, 1, {2, 1}, 31, {false, true});
  const auto& r = *b.t.rounds()[0].tables[0].result;
  EXPECT_EQ(r.moves, 31);
  EXPECT_EQ(r.berserk, (std::vector<bool>{false, true}));
  arena_game(b, 1, 0, {1, 2}, -1);
  const auto& set = *b.t.rounds()[1].tables[0].result;
  EXPECT_FALSE(set.moves);
  EXPECT_EQ(set.berserk, (std::vector<bool>{false, false}));
}

}  // namespace
}  // namespace boardroom::test::tournament_model
