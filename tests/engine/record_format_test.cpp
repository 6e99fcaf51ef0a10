// The record formats games declare (engine/core/record_format.hpp), through the interface the
// server and the command line use: Arimaa's archive read into games and written back unchanged.

#include <gtest/gtest.h>

#include "arimaa_helpers.hpp"
#include "engine/core/record_format.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::engine {
namespace {

TEST(RecordFormat, FormatsAreFoundByNameWithTheGameThatDeclaresThem) {
  for (const auto& d : declared_record_formats()) {
    EXPECT_EQ(find_record_format(d.format->name()).format, d.format);
    EXPECT_EQ(find_record_format(d.format->name()).game, d.game);
    EXPECT_FALSE(d.format->media_type().empty());
  }
  auto arimaa = find_record_format("arimaa");
  ASSERT_NE(arimaa.format, nullptr);
  EXPECT_EQ(arimaa.game, find_game("arimaa"));
  EXPECT_EQ(find_record_format("json").format, nullptr);
}

TEST(RecordFormat, TheArimaaArchiveReadsAndWritesBackTheSameGames) {
  const record_format& format = *find_record_format("arimaa").format;
  auto read = format.read(arimaa::testing::read_file(arimaa::testing::archive_path()));
  ASSERT_TRUE(read.has_value()) << read.error().message;
  ASSERT_EQ(read->size(), 74u);
  std::vector<recorded_game> games;
  for (const auto& g : *read) {
    ASSERT_TRUE(g.game.has_value()) << "line " << g.line << ": " << g.game.error();
    EXPECT_EQ(g.game->id, g.id);
    EXPECT_EQ(g.game->players.size(), 2u);
    EXPECT_TRUE(g.game->time_control.starts_with("arimaa:")) << g.game->time_control;
    EXPECT_EQ(g.game->source["id"], g.id);
    games.push_back(*g.game);
  }
  const recorded_game& first = games.front();
  EXPECT_EQ(first.players, (std::vector<std::string>{"bot_dolores_v1", "browni3141"}));
  EXPECT_EQ(first.time_control, "arimaa:15s/2m30s/100");
  ASSERT_TRUE(first.ending);
  EXPECT_EQ(first.ending->ranks, (std::vector<int>{1, 2}));
  EXPECT_EQ(first.ending->reason, "resignation");

  // Written as records say them (the ending as the outcome) and read again: the same games.
  for (auto& g : games) {
    ASSERT_TRUE(format.writable(g).has_value()) << g.id << ": " << format.writable(g).error();
  }
  auto text = format.write(games);
  ASSERT_TRUE(text.has_value()) << text.error();
  auto again = format.read(*text);
  ASSERT_TRUE(again.has_value()) << again.error().message;
  ASSERT_EQ(again->size(), games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    ASSERT_TRUE((*again)[i].game.has_value()) << (*again)[i].game.error();
    const recorded_game& back = *(*again)[i].game;
    EXPECT_EQ(back.id, games[i].id);
    EXPECT_EQ(back.players, games[i].players);
    EXPECT_EQ(back.time_control, games[i].time_control);
    EXPECT_EQ(back.moves.size(), games[i].moves.size());
    EXPECT_EQ(back.source, games[i].source);
  }
}

TEST(RecordFormat, WhatTheArchiveCannotSayIsRefused) {
  const record_format& format = *find_record_format("arimaa").format;
  recorded_game drawn;
  drawn.id = "r1";
  drawn.players = {"a", "b"};
  drawn.ending = outcome{{1, 1}, {0.5, 0.5}, "agreement", "a draw"};
  EXPECT_EQ(format.writable(drawn).error(), "the archive has no result for ranks [1,1]");
  drawn.ending = outcome{{1, 2}, {1, 0}, "agreement", "a win"};
  EXPECT_EQ(format.writable(drawn).error(), "the archive has no termination code for 'agreement'");
  EXPECT_FALSE(format.read("not an archive").has_value());
}

}  // namespace
}  // namespace boardroom::engine
