// The store's contract (server/storage/store.hpp), run against every implementation: the embedded
// SQLite store on a real database file and the PostgreSQL store on a real PostgreSQL server
// (tests/support/postgres.sh). What one keeps, refuses and lists, the other must too.

#include <gtest/gtest.h>

#include "server/storage/postgres_store.hpp"
#include "server/storage/sqlite_store.hpp"
#include "tests/server/store_samples.hpp"
#include "tests/support/test_postgres.hpp"
#include "tests/support/test_server.hpp"

namespace boardroom::test {
namespace {

using server::account_record;
using server::rated_game;
using server::rating_record;

enum class backend { sqlite, postgresql };

void PrintTo(backend b, std::ostream* out) {
  *out << (b == backend::sqlite ? "SQLite" : "PostgreSQL");
}

class StoreContract : public ::testing::TestWithParam<backend> {
 protected:
  void SetUp() override {
    if (GetParam() == backend::postgresql) {
      auto server = test_postgres_server();
      if (!server) GTEST_SKIP() << "no PostgreSQL server: ctest starts one (the postgres fixture)";
      database_ = std::make_unique<postgres_database>(*server);
      ASSERT_FALSE(database_->url().empty());
    }
  }

  server::store_result<std::unique_ptr<server::store>> try_open() {
    if (GetParam() == backend::sqlite) return server::open_sqlite_store(dir_.path() + "/data");
    return server::open_postgres_store(database_->url());
  }

  // The store, opened (again: what was written before is there).
  std::unique_ptr<server::store> open() {
    auto s = try_open();
    EXPECT_TRUE(s.has_value()) << s.error();
    return s ? std::move(*s) : nullptr;
  }

  temp_dir dir_;
  std::unique_ptr<postgres_database> database_;
};

INSTANTIATE_TEST_SUITE_P(Backends, StoreContract,
                         ::testing::Values(backend::sqlite, backend::postgresql),
                         [](const ::testing::TestParamInfo<backend>& p) {
                           return p.param == backend::sqlite ? "SQLite" : "PostgreSQL";
                         });

TEST_P(StoreContract, KeepsIdentitiesRoomsAndEventsAcrossReopening) {
  {
    auto s = open();
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 5}));
    ASSERT_TRUE(s->save_identity({"p1", "alice2", std::string(64, 'a'), 0}));  // renamed
    ASSERT_TRUE(s->create_room(sample_room("r1", "p1"),
                               std::vector<stored_event>{{1, R"({"type":"player_joined"})"}}));
    ASSERT_TRUE(s->append_events("r1", std::vector<stored_event>{{2, "{}"}, {3, "{}"}},
                                 room_status::playing));
  }
  auto s = open();
  ASSERT_TRUE(s);
  auto found = s->find_identity(std::string(64, 'a'));
  ASSERT_TRUE(found && *found);
  EXPECT_EQ((*found)->id, "p1");
  EXPECT_EQ((*found)->name, "alice2");
  EXPECT_EQ((*found)->created_ms, 5);
  auto missing = s->find_identity(std::string(64, 'b'));
  ASSERT_TRUE(missing);
  EXPECT_FALSE(*missing);

  auto rooms = s->load_unfinished_rooms();
  ASSERT_TRUE(rooms) << rooms.error();
  ASSERT_EQ(rooms->size(), 1u);
  const auto& r = (*rooms)[0];
  auto expected = sample_room("r1", "p1");
  EXPECT_EQ(r.record.game, expected.game);
  EXPECT_EQ(r.record.spec, expected.spec);
  EXPECT_EQ(r.record.params, expected.params);
  EXPECT_EQ(r.record.seats, 2);
  EXPECT_EQ(r.record.seed, expected.seed);
  EXPECT_EQ(r.record.bots, expected.bots);
  EXPECT_EQ(r.record.invite_code, "abc234");
  EXPECT_EQ(r.record.creator, "p1");
  EXPECT_FALSE(r.record.is_public);
  EXPECT_TRUE(r.record.practice);
  EXPECT_FALSE(r.record.auto_start);
  EXPECT_EQ(r.record.status, room_status::playing);
  EXPECT_EQ(r.record.created_ms, expected.created_ms);
  ASSERT_EQ(r.events.size(), 3u);
  EXPECT_EQ(r.events[0].body, R"({"type":"player_joined"})");
  EXPECT_EQ(r.events[2].version, 3);
}

// Every field of a room comes back as it went in, and an event's text byte for byte (records and
// room.sync serve it as stored): spacing, key order, escapes and characters beyond ASCII.
TEST_P(StoreContract, KeepsEveryFieldAndTheEventTextExactly) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity({"p1", "Zoë", std::string(64, 'a'), 1}));
  room_record room = sample_room("r1", "p1");
  room.is_public = true;
  room.practice = false;
  room.auto_start = true;
  room.seats = 5;
  room.seed = 0;
  room.bots = {{0, "mcts:2s"}, {3, "random"}};
  room.time_control = "fischer:5m+3s";
  room.vacated_seats = "retire";
  room.rated = true;
  room.berserk = true;
  room.invite_code = "";
  const std::string text =
      R"({"z": 1,  "a":"Zoë \"quoted\" \\ \u00e9 \ud83d\ude00 日本","n":[1.5e300,-0.0]})";
  ASSERT_TRUE(s->create_room(room, std::vector<stored_event>{{1, text}}));
  auto loaded = s->load_room("r1");
  ASSERT_TRUE(loaded && *loaded);
  const auto& r = (*loaded)->record;
  EXPECT_TRUE(r.is_public);
  EXPECT_FALSE(r.practice);
  EXPECT_TRUE(r.auto_start);
  EXPECT_EQ(r.seats, 5);
  EXPECT_EQ(r.seed, 0u);
  EXPECT_EQ(r.bots, room.bots);
  EXPECT_EQ(r.time_control, "fischer:5m+3s");
  EXPECT_EQ(r.vacated_seats, "retire");
  EXPECT_TRUE(r.rated);
  EXPECT_TRUE(r.berserk);
  EXPECT_EQ(r.invite_code, "");
  ASSERT_EQ((*loaded)->events.size(), 1u);
  EXPECT_EQ((*loaded)->events[0].body, text);
  auto who = s->find_identity(std::string(64, 'a'));
  ASSERT_TRUE(who && *who);
  EXPECT_EQ((*who)->name, "Zoë");
}

TEST_P(StoreContract, FinishedRoomsAreKeptButNotLoadedForRestoring) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  ASSERT_TRUE(s->create_room(sample_room("r1", "p1"), {}));
  ASSERT_TRUE(s->create_room(sample_room("r2", "p1"), {}));
  ASSERT_TRUE(s->append_events("r1", std::vector<stored_event>{{1, "{}"}}, room_status::finished));
  auto rooms = s->load_unfinished_rooms();
  ASSERT_EQ(rooms->size(), 1u);
  EXPECT_EQ((*rooms)[0].record.id, "r2");
  auto finished = s->load_room("r1");
  ASSERT_TRUE(finished && *finished);
  EXPECT_EQ((*finished)->record.status, room_status::finished);
  EXPECT_EQ((*finished)->events.size(), 1u);
  EXPECT_FALSE(*s->load_room("nope"));
  EXPECT_FALSE(s->set_status("nope", room_status::closed));
  EXPECT_TRUE(s->set_status("r2", room_status::closed));
  EXPECT_TRUE(s->load_unfinished_rooms()->empty());
}

// Rooms come back oldest first, ties by id, whatever order they were written in.
TEST_P(StoreContract, UnfinishedRoomsComeBackOldestFirst) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  for (auto [id, at] :
       {std::pair{"rb", 20}, std::pair{"rC", 10}, std::pair{"ra", 20}, std::pair{"rB", 20}}) {
    auto room = sample_room(id, "p1");
    room.created_ms = at;
    ASSERT_TRUE(s->create_room(room, {}));
  }
  auto rooms = s->load_unfinished_rooms();
  ASSERT_TRUE(rooms);
  std::vector<std::string> ids;
  for (const auto& r : *rooms)
    ids.push_back(r.record.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"rC", "rB", "ra", "rb"}));  // bytes: 'B' < 'a'
}

TEST_P(StoreContract, AFailedAppendWritesNothing) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  ASSERT_TRUE(s->create_room(sample_room("r1", "p1"), std::vector<stored_event>{{1, "{}"}}));
  // Version 1 exists: the whole batch (and its status change) is refused.
  auto dup = s->append_events("r1", std::vector<stored_event>{{2, "{}"}, {1, "{}"}},
                              room_status::finished);
  ASSERT_FALSE(dup);
  EXPECT_NE(dup.error().find("r1"), std::string::npos) << dup.error();
  auto r = s->load_room("r1");
  EXPECT_EQ((*r)->events.size(), 1u);
  EXPECT_EQ((*r)->record.status, room_status::waiting);
  // Events of a room that does not exist, and rooms of an identity that does not exist.
  EXPECT_FALSE(s->append_events("r9", std::vector<stored_event>{{1, "{}"}}, std::nullopt));
  EXPECT_FALSE(s->create_room(sample_room("r2", "p9"), {}));
  EXPECT_FALSE(*s->load_room("r2"));
  // A room whose first events clash is not created at all.
  EXPECT_FALSE(
      s->create_room(sample_room("r3", "p1"), std::vector<stored_event>{{1, "{}"}, {1, "{}"}}));
  EXPECT_FALSE(*s->load_room("r3"));
  // The store still works afterwards.
  EXPECT_TRUE(s->append_events("r1", std::vector<stored_event>{{2, "{}"}}, std::nullopt));
}

// A game's moves go into the store together when it ends (the live log's way, live_log.hpp): they
// come back in order beside the room's other events, exactly, across reopening; an append that
// repeats a version the room has, among the moves or beside them, is refused whole. Text the
// events of a room hold is kept exactly, line breaks included.
TEST_P(StoreContract, AGamesMovesStoredTogetherComeBackInOrderAndTakeNoVersionTwice) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  ASSERT_TRUE(s->create_room(sample_room("r1", "p1"), std::vector<stored_event>{{1, "{}"}}));
  ASSERT_TRUE(s->append_events("r1", std::vector<stored_event>{{2, R"({"type":"game_started"})"}},
                               room_status::playing));
  auto events = [](std::int64_t from, std::int64_t to) {
    std::vector<stored_event> out;
    for (std::int64_t v = from; v <= to; ++v)
      out.push_back({v, R"({"type":"move","move":"m)" + std::to_string(v) + R"("})"});
    return out;
  };
  auto game = events(3, 40);
  game.push_back({41, R"({"type":"game_over"})"});
  ASSERT_TRUE(s->append_events("r1", game, room_status::finished));
  EXPECT_FALSE(s->append_events("r1", events(30, 30), std::nullopt));  // among the moves
  EXPECT_FALSE(s->append_events("r1", events(41, 50), std::nullopt));  // the last one again
  EXPECT_FALSE(s->append_events("r1", events(2, 11), std::nullopt));   // a row and moves
  // After them, more events still go in, a line break in one kept as it is.
  auto after = events(42, 52);
  after[3].body = "{\"text\":\"two\nlines\"}";
  ASSERT_TRUE(s->append_events("r1", after, room_status::closed));

  s.reset();
  s = open();
  auto r1 = s->load_room("r1");
  ASSERT_TRUE(r1 && *r1);
  const auto& kept = (*r1)->events;
  ASSERT_EQ(kept.size(), 52u);
  for (std::int64_t v = 1; v <= 52; ++v)
    EXPECT_EQ(kept[v - 1].version, v);
  EXPECT_EQ(kept[1].body, R"({"type":"game_started"})");
  for (std::size_t i = 0; i < game.size(); ++i)
    EXPECT_EQ(kept[i + 2].body, game[i].body);
  EXPECT_EQ(kept[44].body, "{\"text\":\"two\nlines\"}");
  EXPECT_EQ(kept[51].body, after.back().body);
  EXPECT_EQ((*r1)->record.status, room_status::closed);

  // Empty texts first and last among events stored together come back empty, none lost.
  ASSERT_TRUE(s->create_room(sample_room("r2", "p1"), std::vector<stored_event>{{1, "{}"}}));
  auto blanks = events(2, 11);
  blanks.front().body = blanks.back().body = "";
  ASSERT_TRUE(s->append_events("r2", blanks, room_status::finished));
  s.reset();
  s = open();
  auto r2 = s->load_room("r2");
  ASSERT_TRUE(r2 && *r2);
  ASSERT_EQ((*r2)->events.size(), 11u);
  for (std::size_t i = 0; i < blanks.size(); ++i) {
    EXPECT_EQ((*r2)->events[i + 1].version, blanks[i].version);
    EXPECT_EQ((*r2)->events[i + 1].body, blanks[i].body);
  }
}

// New rooms in a group commit (event_append::created), beside other rooms' appends: each is
// stored as create_room() would store it, and a room whose id is taken fails alone.
TEST_P(StoreContract, AGroupCommitOpensRoomsBesideOtherAppends) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  ASSERT_TRUE(s->create_room(sample_room("r1", "p1"), std::vector<stored_event>{{1, "{}"}}));
  const auto fresh = sample_room("r2", "p1"), empty = sample_room("r3", "p1"),
             taken = sample_room("r1", "p1");
  std::vector<stored_event> first{{1, R"({"n":1})"}}, next{{2, R"({"n":2})"}};
  std::vector<server::event_append> group{server::room_creation(fresh, first),
                                          {"r1", next, std::nullopt},
                                          server::room_creation(empty, {}),
                                          server::room_creation(taken, first)};
  auto results = s->append_group(group);
  ASSERT_EQ(results.size(), 4u);
  EXPECT_TRUE(results[0].has_value());
  EXPECT_TRUE(results[1].has_value());
  EXPECT_TRUE(results[2].has_value());
  ASSERT_FALSE(results[3].has_value());
  EXPECT_NE(results[3].error().find("cannot create room r1"), std::string::npos)
      << results[3].error();

  s.reset();  // what the group wrote is durable, and the refusal changed nothing
  s = open();
  auto r1 = s->load_room("r1"), r2 = s->load_room("r2"), r3 = s->load_room("r3");
  ASSERT_TRUE(r1 && *r1 && r2 && *r2 && r3 && *r3);
  EXPECT_EQ((*r1)->events.size(), 2u);
  EXPECT_EQ((*r2)->record.spec, fresh.spec);
  EXPECT_EQ((*r2)->record.seed, fresh.seed);
  ASSERT_EQ((*r2)->events.size(), 1u);
  EXPECT_EQ((*r2)->events[0].body, R"({"n":1})");
  EXPECT_TRUE((*r3)->events.empty());
  // The new rooms take appends like any other, in a group that opens another room.
  const auto later = sample_room("r4", "p1");
  std::vector<server::event_append> more{{"r2", next, room_status::playing},
                                         server::room_creation(later, first)};
  for (const auto& ok : s->append_group(more))
    EXPECT_TRUE(ok.has_value()) << ok.error();
  EXPECT_EQ((*s->load_room("r4"))->events.size(), 1u);
  EXPECT_EQ((*s->load_room("r2"))->record.status, room_status::playing);
}

// Group commit: several rooms' appends in one transaction; one refused append leaves the others
// standing (the group is then made one append at a time).
TEST_P(StoreContract, AGroupCommitKeepsEachRoomsAppendApart) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
  for (const char* id : {"r1", "r2", "r3"})
    ASSERT_TRUE(s->create_room(sample_room(id, "p1"), std::vector<stored_event>{{1, "{}"}}));
  std::vector<stored_event> two{{2, R"({"n":2})"}, {3, R"({"n":3})"}};
  std::vector<stored_event> taken{{2, "{}"}, {1, "{}"}};  // version 1 exists: refused whole
  std::vector<stored_event> last{{2, R"({"type":"game_over"})"}};
  std::vector<server::event_append> group{{"r1", two, std::nullopt},
                                          {"r2", taken, room_status::finished},
                                          {"r3", last, room_status::finished},
                                          {"r9", two, std::nullopt}};  // no such room
  auto results = s->append_group(group);
  ASSERT_EQ(results.size(), 4u);
  EXPECT_TRUE(results[0].has_value());
  ASSERT_FALSE(results[1].has_value());
  EXPECT_NE(results[1].error().find("r2"), std::string::npos) << results[1].error();
  EXPECT_TRUE(results[2].has_value());
  EXPECT_FALSE(results[3].has_value());

  auto r1 = s->load_room("r1"), r2 = s->load_room("r2"), r3 = s->load_room("r3");
  ASSERT_EQ((*r1)->events.size(), 3u);
  EXPECT_EQ((*r1)->events[2].body, R"({"n":3})");
  EXPECT_EQ((*r2)->events.size(), 1u);
  EXPECT_EQ((*r2)->record.status, room_status::waiting);
  EXPECT_EQ((*r3)->events.size(), 2u);
  EXPECT_EQ((*r3)->record.status, room_status::finished);
}

// A second server on the same store would restore the same rooms and write the same logs: it is
// refused while the first one has the store open.
TEST_P(StoreContract, OneServerPerStore) {
  auto first = open();
  ASSERT_TRUE(first);
  auto second = try_open();
  ASSERT_FALSE(second);
  EXPECT_NE(second.error().find("in use by another boardroom server"), std::string::npos)
      << second.error();
  first.reset();
  EXPECT_TRUE(open());
}

// Guests who never played go after the expiry; whoever created a room, played a game to its end,
// has an account or is still about (connected, or in an open room) stays.
TEST_P(StoreContract, ExpiresOnlyOldIdentitiesThatNeverPlayed) {
  auto s = open();
  ASSERT_TRUE(s);
  const std::int64_t old_ms = 1'000, new_ms = 9'000, cutoff = 5'000;
  for (auto [id, created] :
       {std::pair{"guest", old_ms}, std::pair{"creator", old_ms}, std::pair{"player", old_ms},
        std::pair{"about", old_ms}, std::pair{"newcomer", new_ms}, std::pair{"member", old_ms}}) {
    ASSERT_TRUE(s->save_identity({id, id, std::string(64, id[0]) + id, created}));
  }
  ASSERT_TRUE(s->create_account({"member", "member", "hash", old_ms, false}));
  ASSERT_TRUE(
      s->create_room(sample_room("r1", "creator"),
                     std::vector<stored_event>{
                         {1, R"({"type":"game_started","players":[{"player":"creator","name":"c"},)"
                             R"({"player":"player","name":"p"}]})"}}));
  ASSERT_TRUE(s->append_events(
      "r1",
      std::vector<stored_event>{
          {2, R"({"type":"game_over","at":7000,"outcome":{"ranks":[1,2],"reason":"goal"}})"}},
      room_status::finished));
  auto gone = s->expire_identities(cutoff, {"about"});
  ASSERT_TRUE(gone) << gone.error();
  EXPECT_EQ(*gone, 1);
  auto still = [&](const std::string& id) {
    auto found = s->find_identity(std::string(64, id[0]) + id);
    return found && found->has_value();
  };
  EXPECT_FALSE(still("guest"));
  EXPECT_TRUE(still("creator"));
  EXPECT_TRUE(still("player"));
  EXPECT_TRUE(still("about"));
  EXPECT_TRUE(still("newcomer"));
  EXPECT_TRUE(still("member"));
}

TEST_P(StoreContract, ListsFinishedPublicGamesNewestFirstWithFiltersAndPages) {
  auto s = open();
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->save_identity({"pcreator", "creator", "h", 1}).has_value());
  for (const auto& g : sample_games())
    add_game(*s, g);

  auto all = s->find_records({});
  ASSERT_TRUE(all.has_value()) << all.error();
  EXPECT_EQ(all->total, 3);
  EXPECT_EQ(rooms_of(*all), (std::vector<std::string>{"r2", "r3", "r1"}));
  const auto& r2 = all->records[0];
  EXPECT_EQ(r2.game, "amazons");
  EXPECT_EQ(r2.spec, "amazons");
  EXPECT_EQ(r2.created_ms, 2'999'000);
  EXPECT_EQ(r2.finished_ms, 3'000'000);
  ASSERT_EQ(r2.players.size(), 2u);
  EXPECT_EQ(r2.players[1].seat, 1);
  EXPECT_EQ(r2.players[1].player, "p-cid");
  EXPECT_EQ(r2.players[1].name, "cid");
  EXPECT_EQ(json::parse(r2.outcome)["reason"], "resignation");

  auto find = [&](record_query q) {
    auto page = s->find_records(q);
    EXPECT_TRUE(page.has_value());
    return page ? rooms_of(*page) : std::vector<std::string>{};
  };
  using rooms = std::vector<std::string>;
  EXPECT_EQ(find({.game = "sisyphos"}), (rooms{"r3", "r1"}));
  EXPECT_EQ(find({.player = "ann"}), (rooms{"r3", "r1"}));
  EXPECT_EQ(find({.player = "p-cid"}), (rooms{"r2", "r3"}));
  EXPECT_EQ(find({.game = "amazons", .player = "ann"}), rooms{});
  EXPECT_EQ(find({.from_ms = 2'000'000}), (rooms{"r2", "r3"}));
  EXPECT_EQ(find({.until_ms = 2'000'000}), (rooms{"r1"}));
  EXPECT_EQ(find({.player = "ann", .public_only = false}), (rooms{"r4", "r3", "r1"}));
  EXPECT_EQ(find({.limit = 2}), (rooms{"r2", "r3"}));
  auto second = s->find_records({.limit = 2, .offset = 2});
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(rooms_of(*second), (rooms{"r1"}));
  EXPECT_EQ(second->total, 3);
}

// An account's name is unique without regard to ASCII case (and only ASCII: other letters are
// different names); its log-ins are further tokens of the same identity.
TEST_P(StoreContract, AccountsAndTheirLogins) {
  auto s = open();
  ASSERT_TRUE(s);
  for (const char* id : {"p1", "p2", "p3", "p4"})
    ASSERT_TRUE(s->save_identity({id, id, std::string(64, id[1]), 1}));
  auto made = s->create_account({"p1", "Alice", "argon-hash", 7, false});
  ASSERT_TRUE(made) << made.error();
  EXPECT_TRUE(*made);
  EXPECT_FALSE(*s->create_account({"p2", "aLICE", "x", 8, false}));  // the name is taken
  EXPECT_FALSE(*s->create_account({"p1", "other", "x", 8, false}));  // p1 has an account
  EXPECT_TRUE(*s->create_account({"p3", "Émile", "x", 9, true}));
  EXPECT_TRUE(*s->create_account({"p4", "éMILE", "x", 9, false}));  // É is not ASCII

  auto alice = s->find_account("ALICE");
  ASSERT_TRUE(alice && *alice);
  EXPECT_EQ((*alice)->player, "p1");
  EXPECT_EQ((*alice)->name, "Alice");
  EXPECT_EQ((*alice)->password_hash, "argon-hash");
  EXPECT_EQ((*alice)->created_ms, 7);
  EXPECT_FALSE((*alice)->bot);
  auto emile = s->account_of("p3");
  ASSERT_TRUE(emile && *emile);
  EXPECT_EQ((*emile)->name, "Émile");
  EXPECT_TRUE((*emile)->bot);
  EXPECT_FALSE(*s->account_of("p2"));
  EXPECT_FALSE(*s->find_account("bob"));

  ASSERT_TRUE(s->add_login_token("p1", std::string(64, 'z'), 10));
  auto by_login = s->find_identity(std::string(64, 'z'));
  ASSERT_TRUE(by_login && *by_login);
  EXPECT_EQ((*by_login)->id, "p1");
  EXPECT_TRUE(*s->find_identity(std::string(64, '1')));              // the first token still works
  EXPECT_FALSE(s->add_login_token("p1", std::string(64, 'z'), 11));  // a token is one login's
}

// A rated game's end changes its players' ratings in the append's transaction; the numbers come
// back exactly; the leaderboard orders Glicko-2 by rating and Weng-Lin by mu - 3 sigma.
TEST_P(StoreContract, RatingsChangeWithTheGamesEndAndComeBackExactly) {
  auto s = open();
  ASSERT_TRUE(s);
  for (const char* id : {"pa", "pb", "pc"})
    ASSERT_TRUE(s->save_identity({id, std::string("name-") + id, std::string(64, id[1]), 1}));
  ASSERT_TRUE(s->create_room(sample_room("r1", "pa"), std::vector<stored_event>{{1, "{}"}}));
  rated_game g{.game = "amazons",
               .speed = "blitz",
               .system = "glicko2",
               .model = "",
               .players = {"pa", "pb"},
               .ranks = {1, 2},
               .at_ms = 86'400'000};
  std::vector<stored_event> end{{2, "{}"}};
  std::vector<server::event_append> group{{"r1", end, room_status::finished, &g}};
  auto results = s->append_group(group);
  ASSERT_TRUE(results[0]) << results[0].error();

  auto board = s->leaderboard("amazons", "blitz", 10, 0);
  ASSERT_TRUE(board) << board.error();
  ASSERT_EQ(board->size(), 2u);
  EXPECT_EQ((*board)[0].player, "pa");  // the winner first
  EXPECT_EQ((*board)[0].name, "name-pa");
  EXPECT_GT((*board)[0].value, 1500);
  EXPECT_LT((*board)[1].value, 1500);
  EXPECT_EQ((*board)[0].games, 1);
  EXPECT_EQ((*board)[0].updated_ms, 86'400'000);
  EXPECT_TRUE(s->leaderboard("amazons", "bullet", 10, 0)->empty());
  EXPECT_EQ(s->leaderboard("amazons", "", 10, 1)->size(), 1u);  // any speed, the second page

  auto history = s->rating_history("pb", 10);
  ASSERT_TRUE(history) << history.error();
  ASSERT_EQ(history->size(), 1u);
  EXPECT_EQ((*history)[0].room, "r1");
  EXPECT_FALSE((*history)[0].before.has_value());  // a first rated game
  EXPECT_EQ((*history)[0].after.value, (*board)[1].value);

  // Seeded ratings: kept exactly to the last bit, and never over a rating a player has.
  rating_record seeded{.player = "pc",
                       .name = "",
                       .game = "amazons",
                       .speed = "blitz",
                       .system = "glicko2",
                       .value = 2212.3456789012345,
                       .deviation = 1e-300,
                       .volatility = 0.06000000000000001,
                       .games = 12,
                       .updated_ms = 5};
  EXPECT_TRUE(*s->seed_rating(seeded));
  seeded.value = 1000;
  EXPECT_FALSE(*s->seed_rating(seeded));
  auto mine = s->ratings_of("pc");
  ASSERT_TRUE(mine && mine->size() == 1u);
  EXPECT_EQ((*mine)[0].value, 2212.3456789012345);
  EXPECT_EQ((*mine)[0].deviation, 1e-300);
  EXPECT_EQ((*mine)[0].volatility, 0.06000000000000001);
  EXPECT_EQ((*mine)[0].games, 12);
  EXPECT_EQ(s->leaderboard("amazons", "blitz", 10, 0)->front().player, "pc");

  // A second rated game of pa: its change has a rating before.
  ASSERT_TRUE(s->create_room(sample_room("r2", "pa"), std::vector<stored_event>{{1, "{}"}}));
  g.players = {"pb", "pa"};
  g.at_ms = 2 * 86'400'000;
  std::vector<server::event_append> again{{"r2", end, room_status::finished, &g}};
  ASSERT_TRUE(s->append_group(again)[0]);
  auto pa = s->rating_history("pa", 10);
  ASSERT_EQ(pa->size(), 2u);
  EXPECT_EQ((*pa)[0].room, "r2");  // the latest first
  ASSERT_TRUE((*pa)[0].before.has_value());
  EXPECT_EQ((*pa)[0].before->value, (*pa)[1].after.value);
  EXPECT_EQ(s->ratings_of("pa")->front().games, 2);
}

// A tournament's log continues from the sequence given; a sequence already taken is refused and
// changes nothing; finished tournaments are not loaded for restoring.
TEST_P(StoreContract, TournamentLogs) {
  auto s = open();
  ASSERT_TRUE(s);
  std::vector<std::string> first{R"({"type":"created"})", R"({"type":"entered"})"};
  ASSERT_TRUE(s->append_tournament("t1", 1, first, "entry"));
  ASSERT_TRUE(s->append_tournament("t2", 1, first, "entry"));
  std::vector<std::string> more{R"({"type":"round"})"};
  ASSERT_TRUE(s->append_tournament("t1", 3, more, "running"));
  EXPECT_FALSE(s->append_tournament("t1", 2, more, "finished"));  // 2 is taken
  ASSERT_TRUE(s->append_tournament("t2", 3, more, "finished"));

  auto open_ones = s->load_open_tournaments();
  ASSERT_TRUE(open_ones) << open_ones.error();
  ASSERT_EQ(open_ones->size(), 1u);
  EXPECT_EQ((*open_ones)[0].id, "t1");
  EXPECT_EQ((*open_ones)[0].status, "running");
  EXPECT_EQ((*open_ones)[0].events, (std::vector<std::string>{first[0], first[1], more[0]}));
  auto t2 = s->load_tournament("t2");
  ASSERT_TRUE(t2 && *t2);
  EXPECT_EQ((*t2)->status, "finished");
  EXPECT_EQ((*t2)->events.size(), 3u);
  EXPECT_FALSE(*s->load_tournament("t9"));
}

}  // namespace
}  // namespace boardroom::test
