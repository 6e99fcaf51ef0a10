// The typed room events (protocol/events.hpp): one writer, one reader, the schema, and every
// event body the server has written (the docs' examples are such bodies) read back unchanged.

#include "protocol/events.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/schema.hpp"

namespace boardroom::test {
namespace {

using nlohmann::json;
using protocol::event;
namespace ev = protocol::events;

engine::outcome won_by_seat_0() {
  return {{1, 2}, {1.0, 0.0}, "resignation", "bob resigned"};
}

// One event of every type, with every optional field set somewhere.
std::vector<protocol::event_body> one_of_each() {
  const json clocks{{"running", 1}, {"remaining_ms", {290000, 300000}}};
  return {
      ev::player_joined{0, "p1", "alice", std::nullopt},
      ev::player_joined{1, "bot:random:1", "random bot", "random"},
      ev::player_left{1, "p2", "bob", std::nullopt},
      ev::player_left{1, "p2", "bob", "timeout"},
      ev::player_dropped{1, "p2", 60000},
      ev::player_returned{1, "p2"},
      ev::game_started{{{"p1", "alice"}, {"p2", "bob"}},
                       0,
                       "start",
                       std::nullopt,
                       std::nullopt,
                       std::nullopt,
                       std::nullopt,
                       std::nullopt},
      ev::game_started{{{"p1", "alice"}, {"p2", "bob"}},
                       1,
                       "start",
                       "fischer:5m+3s",
                       clocks,
                       json{{"format", "arimaa-archive"}, {"id", 7}},
                       std::nullopt,
                       std::nullopt},
      ev::move{0, 1, "e3-e4", 1, "after", std::nullopt, std::nullopt, std::nullopt},
      ev::move{1, 2, "a1-a2", std::nullopt, "end", clocks, std::nullopt, std::nullopt},
      // Protocol 1.1: who acts and the structured view ride along.
      ev::move{
          0, 3, "b1-b2", 1, "pos", std::nullopt,
          std::vector<engine::actor>{{1, engine::decision::move}, {0, engine::decision::setup}},
          json{{"cells", "..."}}},
      ev::seat_taken_over{2, "p3", "random", "abandonment"},
      ev::seat_retired{1, "p2", "resignation", 2, "pos", std::nullopt, std::nullopt, std::nullopt},
      ev::seat_retired{1, "p2", "timeout", std::nullopt, "pos", clocks, std::nullopt, std::nullopt},
      ev::forced{engine::forced::pass, 1, "Blue cannot sow and passes"},
      ev::forced{engine::forced::elimination, 2, "Green has no stones left"},
      ev::draw_offered{0},
      ev::draw_declined{1},
      ev::time_added{0, 30000, clocks},
      ev::game_over{won_by_seat_0(), std::nullopt},
      ev::game_over{std::nullopt, "disc-small needs 5 players"},
      ev::room_closed{},
  };
}

TEST(Events, EveryTypeRoundTripsThroughItsJson) {
  std::int64_t version = 0;
  for (const auto& body : one_of_each()) {
    const event e{"rtest", ++version, 1795305809638, body};
    const json j = protocol::to_json(e);
    EXPECT_EQ(j["type"], std::string(protocol::event_type(body)));
    auto back = protocol::event_from_json(j);
    ASSERT_TRUE(back) << j.dump() << ": " << back.error().message;
    EXPECT_EQ(back->room, "rtest");
    EXPECT_EQ(back->version, version);
    EXPECT_EQ(back->at, 1795305809638);
    EXPECT_TRUE(back->body == body) << j.dump();
    EXPECT_EQ(protocol::to_json(*back), j);
  }
}

TEST(Events, WhatTheWriterWritesIsValidAgainstTheSchema) {
  std::int64_t version = 0;
  for (const auto& body : one_of_each()) {
    const json j = protocol::to_json({"rtest", ++version, 1795305809638, body});
    EXPECT_EQ(validate(j, "server_message.schema.json", "room_event"), "") << j.dump();
  }
}

TEST(Events, OnlyStartsMovesRetirementsAndEndsChangeThePosition) {
  for (const auto& body : one_of_each()) {
    const auto type = protocol::event_type(body);
    const bool expected =
        type == "game_started" || type == "move" || type == "seat_retired" || type == "game_over";
    EXPECT_EQ(protocol::changes_position(body), expected) << type;
  }
}

// docs/protocol.md's room.event examples are bodies the server wrote; each must read back and be
// written again exactly as it was, so stored logs and clients see the same JSON as before.
TEST(Events, TheDocumentedEventsReadBackAndAreWrittenUnchanged) {
  std::ifstream in(BOARDROOM_SOURCE_DIR "/docs/protocol.md");
  std::string line;
  std::string text;
  bool inside = false;
  int examples = 0;
  while (std::getline(in, line)) {
    if (!inside && line.rfind("```json notification", 0) == 0) {
      inside = true;
      text.clear();
    } else if (inside && line.rfind("```", 0) == 0) {
      inside = false;
      const json doc = json::parse(text);
      if (doc.value("method", "") != "room.event") continue;
      ++examples;
      auto e = protocol::event_from_json(doc["params"]);
      ASSERT_TRUE(e) << doc.dump() << ": " << e.error().message;
      EXPECT_EQ(protocol::to_json(*e), doc["params"]);
    } else if (inside) {
      text += line + "\n";
    }
  }
  EXPECT_GE(examples, 13);
}

// A body from before a field existed: optional fields may be missing (reasons, grace, seats of a
// declined draw), and fields unknown to this version are ignored.
TEST(Events, OlderAndNewerBodiesAreRead) {
  auto declined =
      protocol::event_from_json({{"type", "draw_declined"}, {"room", "r"}, {"version", 3}});
  ASSERT_TRUE(declined);
  EXPECT_EQ(declined->at, 0);
  auto taken = protocol::event_from_json({{"type", "seat_taken_over"},
                                          {"room", "r"},
                                          {"version", 9},
                                          {"at", 1},
                                          {"seat", 2},
                                          {"player", "p"},
                                          {"bot", "random"},
                                          {"later", {1, 2}}});
  ASSERT_TRUE(taken);
  EXPECT_EQ(std::get<ev::seat_taken_over>(taken->body).reason, "");
}

TEST(Events, MalformedBodiesAreRefusedByName) {
  const json no_seat{{"type", "move"}, {"room", "r"}, {"version", 4},
                     {"move", "a1"},   {"ply", 1},    {"position", "p"}};
  auto e = protocol::event_from_json(no_seat);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().code.name(), "bad_event");
  EXPECT_NE(e.error().message.find("move"), std::string::npos);
  EXPECT_NE(e.error().message.find("seat"), std::string::npos);

  auto unknown = protocol::event_from_json({{"type", "teleported"}, {"room", "r"}, {"version", 1}});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code.name(), "bad_event");
  EXPECT_FALSE(protocol::event_from_json(json::array()));
  EXPECT_FALSE(protocol::event_from_json({{"type", "player_returned"},
                                          {"room", "r"},
                                          {"version", "7"},
                                          {"seat", 1},
                                          {"player", "p"}}));
  auto strange = protocol::event_from_json(
      {{"type", "forced"}, {"room", "r"}, {"version", 3}, {"kind", "teleport"}, {"seat", 1}});
  ASSERT_FALSE(strange);
  EXPECT_NE(strange.error().message.find("teleport"), std::string::npos);
  // Who acts: a list of decisions the engine knows, each with its seat.
  json acting = no_seat;
  acting["seat"] = 0;
  acting["to_act"] = json::array({{{"seat", 1}, {"decision", "dance"}}});
  auto dance = protocol::event_from_json(acting);
  ASSERT_FALSE(dance);
  EXPECT_NE(dance.error().message.find("dance"), std::string::npos);
  acting["to_act"] = json{{"seat", 1}, {"decision", "move"}};
  EXPECT_FALSE(protocol::event_from_json(acting));
  acting["to_act"] = json::array({{{"decision", "move"}}});
  EXPECT_FALSE(protocol::event_from_json(acting));
}

// Who acts is written as text from the typed list; it reads as the document that protocol 1.1's
// logs hold, and such a document reads back to the same list.
TEST(Events, WhoActsIsWrittenAsTheDocumentOfTheLogs) {
  const json logged = json::array({{{"seat", 2}, {"decision", "displacement"}},
                                   {{"seat", 0}, {"decision", "move"}},
                                   {{"seat", 1}, {"decision", "setup"}}});
  const std::vector<engine::actor> typed{{2, engine::decision::displacement},
                                         {0, engine::decision::move},
                                         {1, engine::decision::setup}};
  const event e{"r", 5, 1, ev::move{0, 4, "a1", 2, "pos", std::nullopt, typed, std::nullopt}};
  const std::string text = protocol::to_json_text(e);
  EXPECT_NE(text.find("\"to_act\":" + logged.dump()), std::string::npos) << text;
  json row = json::parse(text);
  row["to_act"] = logged;
  auto back = protocol::event_from_json(row);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(std::get<ev::move>(back->body).to_act, typed);
}

}  // namespace
}  // namespace boardroom::test
