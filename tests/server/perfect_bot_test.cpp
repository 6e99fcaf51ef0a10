// The Sisyphos "perfect" bot and hints over the protocol, from a table the server loads out of its
// data directory at start. The table is a stand-in for the solved one (a full-size file whose
// values are set by hand: 20 turns everywhere, 17 at the start, 16 after e3-d4, and c1-b2 loses),
// so the test knows exactly which move the bot must choose and what a hint must say, in seconds.

#include <gtest/gtest.h>

#include <fstream>

#include "engine/core/registry.hpp"
#include "engine/sisyphos/solver.hpp"
#include "engine/sisyphos/solver_index.hpp"
#include "engine/sisyphos/solver_node.hpp"
#include "engine/sisyphos/state.hpp"
#include "engine/sisyphos/table.hpp"
#include "engine/sisyphos/table_registry.hpp"
#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

namespace sis = engine::sisyphos;

class PerfectBot : public ::testing::Test {
 protected:
  void SetUp() override {
    sis::variant v = sis::variant::full(sis::edition::forum2007);
    sis::indexer ix(v);
    std::vector<std::uint8_t> values(ix.size(), 20);
    auto spec = engine::parse_game_spec("sisyphos");
    ASSERT_TRUE(spec.has_value());
    auto node_after = [&](std::string_view move) {
      auto s = std::move(*spec->game_ptr->new_state(2, spec->params, 0));
      if (!move.empty()) {
        EXPECT_TRUE(s->play(move).has_value()) << move;
      }
      return ix.index(sis::node_of(static_cast<const sis::state&>(*s).position()));
    };
    auto set_after = [&](std::string_view move, std::uint8_t value) {
      values[node_after(move)] = value;
    };
    set_after("", 17);
    set_after("e3-d4", 16);
    set_after("c1-b2", sis::no_win);
    auto saved = sis::table::from_values(v, std::move(values))
                     ->save(dir_.path() + "/" + sis::table_file_name(sis::edition::forum2007));
    ASSERT_TRUE(saved.has_value()) << saved.error().message;
  }
  // The server installs into the process's registry; other tests must not find it there.
  void TearDown() override { sis::solver_tables().remove(sis::edition::forum2007); }

  temp_dir dir_;
};

TEST_F(PerfectBot, TheServerLoadsTheTableAndTheBotPlaysTheFastestWin) {
  test_server srv(on_dir(dir_.path()));
  ws_client a(srv.port());
  a.hello("challenger");
  auto created =
      a.call("room.create",
             {{"game", "sisyphos"}, {"bots", json::array({{{"seat", 0}, {"bot", "perfect"}}})}});
  ASSERT_EQ(error_code(created), "") << created.dump();
  std::string room = created["result"]["room"];
  EXPECT_EQ(created["result"]["snapshot"]["seats"][0]["bot"], "perfect");
  auto first = a.wait_event("move", room);
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["seat"], 0);
  EXPECT_EQ((*first)["move"], "e3-d4");

  // The human plays on with any legal moves; the bot answers every one until the game ends.
  for (int turn = 0; turn < 300; ++turn) {
    auto moves = legal_moves(a, room);
    if (!moves.contains("moves")) break;
    if (moves["to_move"] != 1) {
      ASSERT_TRUE(a.wait_event("move", room));
      continue;
    }
    auto reply = a.call("game.move", {{"room", room}, {"move", moves["moves"][0]}});
    ASSERT_EQ(error_code(reply), "") << reply.dump();
  }
  auto over = a.wait_event("game_over", room, 10s);
  ASSERT_TRUE(over);
  EXPECT_NE((*over)["outcome"]["reason"], "bot_failed") << over->dump();
}

TEST_F(PerfectBot, HintsForSpectatorsAndPracticePlayersNotForRatedPlayers) {
  test_server srv(on_dir(dir_.path()));
  ws_client alice(srv.port()), bob(srv.port()), carol(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  carol.hello("carol");
  auto rated = alice.call("room.create", {{"game", "sisyphos"}});
  std::string room = rated["result"]["room"];
  ASSERT_EQ(error_code(bob.call("room.join", {{"room", room}})), "");
  ASSERT_TRUE(alice.wait_event("game_started", room));
  EXPECT_EQ(error_code(alice.call("game.analyze", {{"room", room}})), "analysis_not_allowed");

  ASSERT_EQ(error_code(carol.call("room.spectate", {{"room", room}})), "");
  auto hint = carol.call("game.analyze", {{"room", room}});
  ASSERT_EQ(error_code(hint), "") << hint.dump();
  const json& analysis = hint["result"]["analysis"];
  EXPECT_EQ(analysis["position"]["sisyphos_turns_to_win"], 17);
  EXPECT_EQ(analysis["moves"][0]["move"], "e3-d4");
  EXPECT_EQ(analysis["moves"][0]["sisyphos_turns_to_win"], 16);
  EXPECT_EQ(analysis["moves"].back()["move"], "c1-b2");
  EXPECT_EQ(analysis["moves"].back()["winner_with_best_play"], "spirits");

  auto practice =
      alice.call("room.create", {{"game", "sisyphos"},
                                 {"practice", true},
                                 {"bots", json::array({{{"seat", 1}, {"bot", "random"}}})}});
  ASSERT_EQ(error_code(practice), "") << practice.dump();
  std::string practice_room = practice["result"]["room"];
  ASSERT_TRUE(alice.wait_event("game_started", practice_room));
  auto own_hint = alice.call("game.analyze", {{"room", practice_room}});
  ASSERT_EQ(error_code(own_hint), "") << own_hint.dump();
  EXPECT_EQ(own_hint["result"]["analysis"]["position"]["wins_with_turn"], 17);
}

TEST(PerfectBotWithoutTable, AnUnusableTableFileIsAClearStartUpError) {
  temp_dir dir;
  std::ofstream(dir.path() + "/" + sis::table_file_name(sis::edition::perlhuhn2007))
      << "not a table";
  server::config cfg;
  cfg.port = 0;
  cfg.data_dir = dir.path();
  server::server srv(cfg);
  auto port = srv.start();
  ASSERT_FALSE(port.has_value());
  EXPECT_NE(port.error().find(sis::table_file_name(sis::edition::perlhuhn2007)), std::string::npos)
      << port.error();
}

}  // namespace
}  // namespace boardroom::test
