// The view the room writes into an event's frame (server/rooms/event_view.hpp): added once, to the
// events of protocol 1.1 that have one, and never a second time to an event that carries its own
// (a row stored before views were left out of the rows, read back at a restart).

#include "server/rooms/event_view.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/core/registry.hpp"

namespace boardroom::test::event_view_test {

using nlohmann::json;
namespace ev = protocol::events;

// How often `"view":` occurs in a text: nlohmann would read a duplicated key without a word.
std::size_t views_in(const std::string& text) {
  std::size_t n = 0;
  for (auto at = text.find("\"view\":"); at != std::string::npos;
       at = text.find("\"view\":", at + 1))
    ++n;
  return n;
}

TEST(EventView, TheViewOfThePositionIsAddedOnceAndOnlyWhereItBelongs) {
  auto spec = engine::parse_game_spec("sisyphos");
  ASSERT_TRUE(spec.has_value());
  auto state = spec->game_ptr->new_state(2, spec->params, 0);
  ASSERT_TRUE(state.has_value());
  const engine::state& after = **state;

  protocol::event move{"r1", 2, 0,
                       ev::move{0, 1, "a1", 1, after.position_text(), std::nullopt,
                                std::vector<engine::actor>{}, std::nullopt}};
  const std::string row = protocol::to_json_text(move);
  EXPECT_EQ(views_in(row), 0u);
  const std::string sent = server::sent_text(move.body, row, &after);
  EXPECT_EQ(views_in(sent), 1u);
  EXPECT_EQ(json::parse(sent)["view"], after.view());
  EXPECT_EQ(json::parse(sent)["move"], "a1");

  // A move event of protocol 1.0 (no to_act) and an event of another kind get no view.
  std::get<ev::move>(move.body).to_act.reset();
  EXPECT_EQ(server::sent_text(move.body, protocol::to_json_text(move), &after),
            protocol::to_json_text(move));
  protocol::event joined{"r1", 1, 0, ev::player_joined{0, "p1", "alice", std::nullopt}};
  EXPECT_EQ(views_in(server::sent_text(joined.body, protocol::to_json_text(joined), &after)), 0u);

  // An event that carries its view already keeps that one.
  std::get<ev::move>(move.body).to_act = std::vector<engine::actor>{};
  std::get<ev::move>(move.body).view = json{{"stored", true}};
  const std::string old_row = protocol::to_json_text(move);
  const std::string resent = server::sent_text(move.body, old_row, &after);
  EXPECT_EQ(views_in(resent), 1u);
  EXPECT_EQ(json::parse(resent)["view"], (json{{"stored", true}}));
}

}  // namespace boardroom::test::event_view_test
