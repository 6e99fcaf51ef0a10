// The view the room writes into an event's frame (server/rooms/event_view.hpp): added once, to the
// events of protocol 1.1 that have one, and never a second time to an event that carries its own
// (a row stored before views were left out of the rows, read back at a restart).

#include "server/rooms/event_view.hpp"

#include <gtest/gtest.h>

#include <algorithm>

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

// The params of the frame, checked to be what a notification with them is.
json params_of(const std::string& frame) {
  const json whole = json::parse(frame);
  EXPECT_EQ(whole.size(), 3u) << frame;
  EXPECT_EQ(whole["jsonrpc"], "2.0");
  EXPECT_EQ(whole["method"], "room.event");
  EXPECT_EQ(json::parse(protocol::notification_params(frame)), whole["params"]);
  return whole["params"];
}

TEST(EventView, TheViewOfThePositionIsAddedOnceAndOnlyWhereItBelongs) {
  auto spec = engine::parse_game_spec("sisyphos");
  ASSERT_TRUE(spec.has_value());
  auto state = spec->game_ptr->new_state(2, spec->params, 0);
  ASSERT_TRUE(state.has_value());
  const engine::state& after = **state;
  std::size_t view_size = server::view_room;

  protocol::event move{"r1", 2, 0,
                       ev::move{0, 1, "a1", 1, after.position_text(), std::nullopt,
                                std::vector<engine::actor>{}, std::nullopt}};
  const std::string row = protocol::to_json_text(move);
  EXPECT_EQ(views_in(row), 0u);
  const std::string sent = server::event_frame_text(move.body, row, &after, view_size);
  EXPECT_EQ(views_in(sent), 1u);
  json expected = json::parse(row);
  expected["view"] = after.view();
  EXPECT_EQ(params_of(sent), expected);
  // The view is written into the frame in place, after the row as it is stored.
  EXPECT_TRUE(protocol::notification_params(sent).starts_with(row.substr(0, row.size() - 1)));

  // A move event of protocol 1.0 (no to_act) and an event of another kind get no view.
  std::get<ev::move>(move.body).to_act.reset();
  const std::string old_row = protocol::to_json_text(move);
  EXPECT_EQ(server::event_frame_text(move.body, old_row, &after, view_size),
            protocol::write_notification_text("room.event", old_row));
  protocol::event joined{"r1", 1, 0, ev::player_joined{0, "p1", "alice", std::nullopt}};
  EXPECT_EQ(views_in(server::event_frame_text(joined.body, protocol::to_json_text(joined), &after,
                                              view_size)),
            0u);

  // An event that carries its view already keeps that one.
  std::get<ev::move>(move.body).to_act = std::vector<engine::actor>{};
  std::get<ev::move>(move.body).view = json{{"stored", true}};
  const std::string stored_row = protocol::to_json_text(move);
  const std::string resent = server::event_frame_text(move.body, stored_row, &after, view_size);
  EXPECT_EQ(views_in(resent), 1u);
  EXPECT_EQ(params_of(resent)["view"], (json{{"stored", true}}));
}

// Every game's views, through games of moves picked by a fixed rule, are written whole into the
// frames: the largest (Shiamgon's, Esiema's and Arimaa's) outgrow the room the first frame is
// opened with, so both the frame's first allocation and its growth are taken.
TEST(EventView, EveryGamesViewsAreWrittenWholeIntoTheFrames) {
  std::size_t longest = 0;
  for (const engine::game* g : engine::all_games()) {
    auto spec = engine::parse_game_spec(g->key());
    ASSERT_TRUE(spec.has_value()) << g->key();
    auto state = spec->game_ptr->new_state(g->players().min, spec->params, 0);
    ASSERT_TRUE(state.has_value()) << g->key();
    auto& st = **state;
    std::size_t view_size = server::view_room;
    for (int ply = 1; ply <= 60 && !st.is_terminal(); ++ply) {
      auto moves = st.legal_moves();
      if (moves.empty()) break;  // a game whose list leaves moves out
      const std::string played = moves[static_cast<std::size_t>(ply) * 7919 % moves.size()];
      ASSERT_TRUE(st.play(played).has_value()) << g->key() << " " << played;
      protocol::event move{"r1", ply + 1, 0,
                           ev::move{0, ply, played, std::nullopt, st.position_text(), std::nullopt,
                                    std::vector<engine::actor>{}, std::nullopt}};
      const std::string row = protocol::to_json_text(move);
      json expected = json::parse(row);
      expected["view"] = st.view();
      const std::string sent = server::event_frame_text(move.body, row, &st, view_size);
      ASSERT_EQ(params_of(sent), expected) << g->key() << " ply " << ply;
      EXPECT_EQ(view_size, st.view_text().size()) << "the view written is not the view";
      // Frames are kept for room.sync: none keeps much more room than it takes.
      EXPECT_LE(sent.capacity() - sent.size(), server::view_slack) << g->key() << " ply " << ply;
      longest = std::max(longest, view_size);
    }
  }
  EXPECT_GT(longest, server::view_room) << "no view outgrew the room a frame is opened with";
}

}  // namespace boardroom::test::event_view_test
