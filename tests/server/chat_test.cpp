// Room chat over real sockets: the players' and the spectators' channels kept apart (a line the
// reader may not see arrives hidden, so no version is skipped), hostile lines refused in words,
// the rate limit, a mute, the administrator's removal, and the chat surviving a restart into the
// game's record.

#include <gtest/gtest.h>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

constexpr const char* chat_admin = "chat-admin-token";

test_server_options chat_server(std::string data_dir = "") {
  test_server_options o;
  o.admin_token = chat_admin;
  o.data_dir = std::move(data_dir);
  return o;
}

// Two players in a Sisyphos room that has started, and a spectator.
struct chat_room {
  ws_client& a;
  ws_client& b;
  ws_client& watcher;
  std::string room;

  chat_room(ws_client& first, ws_client& second, ws_client& third)
      : a(first), b(second), watcher(third) {
    auto created = a.call("room.create", {{"game", "sisyphos"}});
    room = created["result"]["room"];
    EXPECT_EQ(error_code(b.call("room.join", {{"room", room}})), "");
    EXPECT_EQ(error_code(watcher.call("room.spectate", {{"room", room}})), "");
    EXPECT_TRUE(a.wait_event("game_started", room));
    EXPECT_TRUE(b.wait_event("game_started", room));
  }

  // Sends a line; its event's version.
  std::int64_t say(ws_client& who, const std::string& text) {
    auto sent = who.call("chat.send", {{"room", room}, {"text", text}});
    EXPECT_EQ(error_code(sent), "") << sent.dump();
    return sent["result"].value("line", std::int64_t{0});
  }
};

TEST(Chat, PlayersAndSpectatorsEachReadTheirOwnChannel) {
  test_server srv(chat_server());
  ws_client a(srv.port()), b(srv.port()), watcher(srv.port()), other(srv.port());
  a.hello("alice");
  b.hello("bob");
  watcher.hello("carol");
  other.hello("dave");
  chat_room r(a, b, watcher);
  ASSERT_EQ(error_code(other.call("room.spectate", {{"room", r.room}})), "");

  const auto players_line = r.say(a, "good luck <b>&</b>");
  auto to_b = b.wait_event("chat", r.room);
  ASSERT_TRUE(to_b);
  EXPECT_EQ((*to_b)["version"], players_line);
  EXPECT_EQ((*to_b)["channel"], "players");
  EXPECT_EQ((*to_b)["name"], "alice");
  EXPECT_EQ((*to_b)["text"], "good luck <b>&</b>");  // as written; clients escape it
  auto to_watcher = watcher.wait_event("chat", r.room);
  ASSERT_TRUE(to_watcher);
  EXPECT_EQ((*to_watcher)["version"], players_line);  // the version arrives, the words do not
  EXPECT_EQ((*to_watcher)["hidden"], true);
  EXPECT_FALSE(to_watcher->contains("text"));
  EXPECT_FALSE(to_watcher->contains("player"));

  const auto spectators_line = r.say(watcher, "nice opening");
  auto seen_by_dave = other.wait_event("chat", r.room);  // the players' line, hidden
  ASSERT_TRUE(seen_by_dave);
  EXPECT_EQ((*seen_by_dave)["hidden"], true);
  seen_by_dave = other.wait_event("chat", r.room);
  ASSERT_TRUE(seen_by_dave);
  EXPECT_EQ((*seen_by_dave)["text"], "nice opening");
  EXPECT_EQ((*seen_by_dave)["channel"], "spectators");
  auto hidden_from_a = a.wait_event("chat", r.room);  // its own line first
  ASSERT_TRUE(hidden_from_a);
  EXPECT_EQ((*hidden_from_a)["text"], "good luck <b>&</b>");
  hidden_from_a = a.wait_event("chat", r.room);
  ASSERT_TRUE(hidden_from_a);
  EXPECT_EQ((*hidden_from_a)["version"], spectators_line);
  EXPECT_EQ((*hidden_from_a)["hidden"], true);

  // Snapshots and sync say the same, each to its reader.
  auto a_snapshot = snapshot_of(a, r.room);
  ASSERT_EQ(a_snapshot["chat"].size(), 1u);
  EXPECT_EQ(a_snapshot["chat"][0]["text"], "good luck <b>&</b>");
  auto d_snapshot = snapshot_of(other, r.room);
  ASSERT_EQ(d_snapshot["chat"].size(), 1u);
  EXPECT_EQ(d_snapshot["chat"][0]["text"], "nice opening");
  auto synced = other.call("room.sync", {{"room", r.room}, {"since", players_line - 1}});
  ASSERT_EQ(synced["result"]["events"].size(), 2u);
  EXPECT_EQ(synced["result"]["events"][0]["hidden"], true);
  EXPECT_EQ(synced["result"]["events"][1]["text"], "nice opening");
}

TEST(Chat, HostileLinesAreRefusedInWordsAndFloodsAreLimited) {
  auto options = chat_server();
  options.limit.chat_lines_per_minute = 5;
  test_server srv(options);
  ws_client a(srv.port()), b(srv.port()), watcher(srv.port()), stranger(srv.port());
  a.hello("alice");
  b.hello("bob");
  watcher.hello("carol");
  stranger.hello("eve");
  chat_room r(a, b, watcher);

  auto empty = a.call("chat.send", {{"room", r.room}, {"text", ""}});
  EXPECT_EQ(error_code(empty), "out_of_range");
  EXPECT_EQ(empty["error"]["data"]["field"], "text");
  EXPECT_EQ(error_code(a.call("chat.send", {{"room", r.room}, {"text", std::string(501, 'x')}})),
            "out_of_range");
  auto broken = a.call("chat.send", {{"room", r.room}, {"text", "two\nlines"}});
  EXPECT_EQ(error_code(broken), "bad_text");
  EXPECT_EQ(broken["error"]["data"]["field"], "text");
  EXPECT_EQ(error_code(a.call("chat.send", {{"room", r.room}, {"text", "bidi \u202e"}})),
            "bad_text");
  EXPECT_EQ(error_code(a.call("chat.send", {{"room", r.room}, {"text", 42}})), "wrong_type");
  EXPECT_EQ(error_code(a.call("chat.send", {{"room", r.room}})), "missing_field");
  EXPECT_EQ(error_code(stranger.call("chat.send", {{"room", r.room}, {"text", "hi"}})),
            "not_in_room");
  EXPECT_EQ(error_code(a.call("chat.send", {{"room", "rnosuchroom"}, {"text", "hi"}})),
            "unknown_room");

  // Five lines a minute, a minute's worth at once: the sixth waits.
  for (int i = 0; i < 5; ++i)
    r.say(a, "line " + std::to_string(i));
  auto sixth = a.call("chat.send", {{"room", r.room}, {"text", "one more"}});
  EXPECT_EQ(error_code(sixth), "chat_too_fast");
  // Someone else's limit is their own, and the game goes on.
  r.say(b, "my turn to talk");
  auto moves = legal_moves(a, r.room);
  EXPECT_EQ(error_code(a.call("game.move", {{"room", r.room}, {"move", moves["moves"][0]}})), "");
  EXPECT_EQ(snapshot_of(b, r.room)["chat"].size(), 6u);
}

TEST(Chat, AMutedWritersLinesArriveHidden) {
  test_server srv(chat_server());
  ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
  const std::string alice = a.hello("alice")["player"];
  const std::string bob = b.hello("bob")["player"];
  watcher.hello("carol");
  chat_room r(a, b, watcher);

  EXPECT_EQ(error_code(b.call("chat.mute", {{"player", bob}})), "bad_parameter");
  auto muted = b.call("chat.mute", {{"player", alice}});
  ASSERT_EQ(error_code(muted), "");
  EXPECT_EQ(muted["result"], (json{{"player", alice}, {"muted", true}}));
  r.say(a, "you will lose");
  auto line = b.wait_event("chat", r.room);
  ASSERT_TRUE(line);
  EXPECT_EQ((*line)["hidden"], true);
  EXPECT_TRUE(snapshot_of(b, r.room)["chat"].empty());
  EXPECT_EQ(snapshot_of(a, r.room)["chat"].size(), 1u);  // the writer still sees it

  ASSERT_EQ(error_code(b.call("chat.mute", {{"player", alice}, {"muted", false}})), "");
  r.say(a, "sorry");
  line = b.wait_event("chat", r.room);
  ASSERT_TRUE(line);
  EXPECT_EQ((*line)["text"], "sorry");
  EXPECT_EQ(snapshot_of(b, r.room)["chat"].size(), 2u);
}

TEST(Chat, TheAdministratorRemovesALineAndTheRecordKeepsTheRest) {
  temp_dir dir;
  std::string room;
  std::int64_t kept = 0;
  std::string tokens[2];
  {
    test_server srv(chat_server(dir.path()));
    ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
    tokens[0] = a.hello("alice")["resume_token"];
    tokens[1] = b.hello("bob")["resume_token"];
    watcher.hello("carol");
    chat_room r(a, b, watcher);
    room = r.room;
    kept = r.say(a, "well played");
    const auto rude = r.say(b, "something rude");

    EXPECT_EQ(error_code(a.call("admin.remove_chat",
                                {{"room", room}, {"line", rude}, {"token", "wrong"}})),
              "not_admin");
    auto not_chat =
        a.call("admin.remove_chat", {{"room", room}, {"line", 1}, {"token", chat_admin}});
    EXPECT_EQ(error_code(not_chat), "unknown_chat_line");
    EXPECT_EQ(not_chat["error"]["data"]["field"], "line");
    ASSERT_EQ(error_code(watcher.call("admin.remove_chat",
                                      {{"room", room}, {"line", rude}, {"token", chat_admin}})),
              "");
    auto removed = a.wait_event("chat_removed", room);
    ASSERT_TRUE(removed);
    EXPECT_EQ((*removed)["line"], rude);
    EXPECT_EQ(error_code(watcher.call("admin.remove_chat",
                                      {{"room", room}, {"line", rude}, {"token", chat_admin}})),
              "unknown_chat_line");  // once is enough
    auto snapshot = snapshot_of(a, room);
    ASSERT_EQ(snapshot["chat"].size(), 1u);
    EXPECT_EQ(snapshot["chat"][0]["line"], kept);
  }
  // After a restart the chat is as it was; the game ends and its record keeps the chat.
  test_server srv(chat_server(dir.path()));
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice", tokens[0]);
  b.hello("bob", tokens[1]);
  auto snapshot = snapshot_of(b, room);
  ASSERT_EQ(snapshot["chat"].size(), 1u);
  EXPECT_EQ(snapshot["chat"][0]["text"], "well played");
  ASSERT_EQ(error_code(a.call("game.resign", {{"room", room}})), "");
  ASSERT_TRUE(b.wait_event("game_over", room));
  auto record = get_json(srv.port(), "/api/v1/records/" + room);
  ASSERT_EQ(record["chat"].size(), 1u);
  EXPECT_EQ(record["chat"][0]["text"], "well played");
  EXPECT_EQ(record["chat"][0]["name"], "alice");
  EXPECT_EQ(record["chat"][0]["channel"], "players");
}

}  // namespace
}  // namespace boardroom::test
