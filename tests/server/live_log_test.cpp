// The live log in front of the embedded store (server/storage/live_log.hpp), on real files: where
// a room's events are at each point of its game, what a reopening replays, a write torn by a
// crash, refusals, and the rewrite that keeps the files short. The database file is read with
// SQLite itself once the store is closed, so a test sees where the rows really are.

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "server/storage/live_log.hpp"
#include "tests/server/helpers.hpp"
#include "tests/server/store_samples.hpp"

namespace boardroom::test {
namespace {

namespace fs = std::filesystem;

// The versions of `room` that the database file holds (the store must be closed): its rows, and
// the versions each of its runs (event_runs) holds.
std::vector<std::int64_t> versions_in_database(const std::string& dir, const std::string& room) {
  sqlite3* db = nullptr;
  std::vector<std::int64_t> out;
  const std::string file = dir + "/" + server::database_file;
  EXPECT_EQ(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db,
                               "SELECT version, version FROM events WHERE room = ?1 "
                               "UNION ALL SELECT first, last FROM event_runs WHERE room = ?1",
                               -1, &stmt, nullptr),
            SQLITE_OK);
  sqlite3_bind_text(stmt, 1, room.c_str(), -1, SQLITE_TRANSIENT);
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    for (auto v = sqlite3_column_int64(stmt, 0); v <= sqlite3_column_int64(stmt, 1); ++v)
      out.push_back(v);
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  std::ranges::sort(out);
  return out;
}

std::vector<std::int64_t> up_to(std::int64_t last) {
  std::vector<std::int64_t> out;
  for (std::int64_t v = 1; v <= last; ++v)
    out.push_back(v);
  return out;
}

std::string move_body(std::int64_t version) {
  return json{{"type", "move"}, {"move", "m" + std::to_string(version)}}.dump();
}

std::vector<stored_event> moves(std::int64_t from, std::int64_t to) {
  std::vector<stored_event> out;
  for (std::int64_t v = from; v <= to; ++v)
    out.push_back({v, move_body(v)});
  return out;
}

// A room whose game has started: version 1 at its creation, version 2 starting the game.
void start_room(server::store& s, const std::string& room) {
  ASSERT_TRUE(s.create_room(sample_room(room, "p1"), moves(1, 1)));
  ASSERT_TRUE(s.append_events(room, moves(2, 2), room_status::playing));
}

// The store of `dir`, with the identity that creates the tests' rooms.
std::unique_ptr<server::store> open_with(const std::string& dir,
                                         server::live_log_limits limits = {},
                                         server::sync_mode sync = server::sync_mode::full) {
  auto s = server::open_sqlite_store(dir, sync, limits);
  EXPECT_TRUE(s.has_value()) << s.error();
  if (!s) return nullptr;
  EXPECT_TRUE((*s)->save_identity({"p1", "alice", std::string(64, 'a'), 5}));
  return std::move(*s);
}

void expect_events(server::store& s, const std::string& room, std::int64_t last) {
  auto loaded = s.load_room(room);
  ASSERT_TRUE(loaded && *loaded);
  ASSERT_EQ((*loaded)->events.size(), static_cast<std::size_t>(last));
  for (std::int64_t v = 1; v <= last; ++v) {
    EXPECT_EQ((*loaded)->events[v - 1].version, v);
    EXPECT_EQ((*loaded)->events[v - 1].body, move_body(v));
  }
}

// The length of a log file's records: the file is written ahead with zeros, and every record
// ends with its event's text.
std::uintmax_t used_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  const auto last = text.find_last_not_of('\0');
  return last == std::string::npos ? 0 : last + 1;
}

std::uintmax_t log_bytes(const std::string& dir) {
  std::uintmax_t total = 0;
  for (const char* name : server::live_log_files)
    total += used_bytes(dir + "/" + name);
  return total;
}

TEST(LiveLog, MovesOfAGameInPlayWaitInTheLogAndAReopeningReplaysThem) {
  temp_dir dir;
  {
    auto s = open_with(dir.path());
    start_room(*s, "r1");
    for (std::int64_t v = 3; v <= 10; ++v)
      ASSERT_TRUE(s->append_events("r1", moves(v, v), std::nullopt));
    expect_events(*s, "r1", 10);  // reads add what only the log holds
    auto unfinished = s->load_unfinished_rooms();
    ASSERT_TRUE(unfinished);
    ASSERT_EQ(unfinished->size(), 1u);
    EXPECT_EQ(unfinished->front().events.size(), 10u);
  }
  // The creation and the start are in the database; the moves only in the log.
  EXPECT_EQ(versions_in_database(dir.path(), "r1"), up_to(2));
  EXPECT_GT(log_bytes(dir.path()), 8 * move_body(10).size());
  {
    auto s = open_store(dir.path());  // replays the log into the database
    expect_events(*s, "r1", 10);
  }
  EXPECT_EQ(versions_in_database(dir.path(), "r1"), up_to(10));
  {
    auto s = open_store(dir.path());  // a second replay finds nothing to add
    expect_events(*s, "r1", 10);
    ASSERT_TRUE(s->load_unfinished_rooms());
    ASSERT_TRUE(s->append_events("r1", moves(11, 11), std::nullopt));
    expect_events(*s, "r1", 11);
  }
}

TEST(LiveLog, AGameThatEndsTakesItsLoggedMovesIntoTheDatabaseWithIt) {
  temp_dir dir;
  {
    auto s = open_with(dir.path());
    start_room(*s, "r1");
    start_room(*s, "r2");
    ASSERT_TRUE(s->append_events("r1", moves(3, 6), std::nullopt));
    ASSERT_TRUE(s->append_events("r2", moves(3, 4), std::nullopt));
    ASSERT_TRUE(s->append_events("r1", moves(7, 7), room_status::finished));
    ASSERT_TRUE(s->set_status("r2", room_status::closed));  // a status alone takes them too
  }
  // Without the log files, the database alone has every event of both rooms.
  for (const char* name : server::live_log_files)
    fs::remove(dir.path() + "/" + name);
  EXPECT_EQ(versions_in_database(dir.path(), "r1"), up_to(7));
  EXPECT_EQ(versions_in_database(dir.path(), "r2"), up_to(4));
  auto s = open_store(dir.path());
  auto unfinished = s->load_unfinished_rooms();
  ASSERT_TRUE(unfinished);
  EXPECT_TRUE(unfinished->empty());
}

// A finished game's moves are one row of event_runs, not a row each (sqlite_store.cpp, migration
// 10), and they come back as they went in. A run whose versions and lines disagree (a database
// changed by hand, a damaged file) is an error in words, not events made up or dropped.
TEST(LiveLog, AFinishedGamesMovesAreOneRunAndADamagedRunIsAnError) {
  temp_dir dir;
  {
    auto s = open_with(dir.path());
    start_room(*s, "r1");
    ASSERT_TRUE(s->append_events("r1", moves(3, 30), std::nullopt));
    ASSERT_TRUE(s->append_events("r1", moves(31, 31), room_status::finished));
    expect_events(*s, "r1", 31);
  }
  const std::string file = dir.path() + "/" + server::database_file;
  auto count = [&](const char* sql) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    const std::int64_t n = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return n;
  };
  EXPECT_EQ(count("SELECT count(*) FROM events WHERE room = 'r1'"), 2);  // creation and start
  EXPECT_EQ(count("SELECT count(*) FROM event_runs WHERE room = 'r1' AND first = 3 AND last = 31"),
            1);
  EXPECT_EQ(versions_in_database(dir.path(), "r1"), up_to(31));
  {
    auto s = open_store(dir.path());
    expect_events(*s, "r1", 31);
    // A version the run holds, appended again: refused, and the message says so.
    auto again = s->append_events("r1", moves(20, 20), std::nullopt);
    ASSERT_FALSE(again);
    EXPECT_NE(again.error().find("room r1 has a version from 20 to 20 stored already"),
              std::string::npos)
        << again.error();
    expect_events(*s, "r1", 31);
  }
  // One version more than the run has lines.
  EXPECT_EQ(count("UPDATE event_runs SET last = last + 1 RETURNING last"), 32);
  auto s = open_store(dir.path());
  auto loaded = s->load_room("r1");
  ASSERT_FALSE(loaded.has_value());
  EXPECT_NE(loaded.error().find("cannot read the events of r1"), std::string::npos)
      << loaded.error();
  s.reset();
  // A run as long as its versions, but over a version a row holds too.
  EXPECT_EQ(count("UPDATE event_runs SET first = 2, last = 30 RETURNING first"), 2);
  s = open_store(dir.path());
  loaded = s->load_room("r1");
  ASSERT_FALSE(loaded.has_value());
  EXPECT_NE(loaded.error().find("cannot read the events of r1"), std::string::npos)
      << loaded.error();
}

// A new room in a group (event_append::created) goes to the database. One whose id is a live
// room's fails alone: the live room's logged moves stay for its own append in the same group.
TEST(LiveLog, ANewRoomInAGroupIsKnownAfterItAndATakenIdFailsAlone) {
  temp_dir dir;
  {
    auto s = open_with(dir.path());
    start_room(*s, "r1");
    ASSERT_TRUE(s->append_events("r1", moves(3, 5), std::nullopt));  // in the log
    const auto again = sample_room("r1", "p1"), fresh = sample_room("r2", "p1");
    const auto first = moves(1, 1), last = moves(6, 6);
    std::vector<server::event_append> group{server::room_creation(again, first),
                                            {"r1", last, room_status::finished},
                                            server::room_creation(fresh, first)};
    auto results = s->append_group(group);
    ASSERT_EQ(results.size(), 3u);
    EXPECT_FALSE(results[0].has_value());
    EXPECT_TRUE(results[1].has_value()) << results[1].error();
    EXPECT_TRUE(results[2].has_value()) << results[2].error();
    // The new room is known: its next moves wait in the log, not in the database.
    ASSERT_TRUE(s->append_events("r2", moves(2, 3), std::nullopt));
    expect_events(*s, "r2", 3);
  }
  EXPECT_EQ(versions_in_database(dir.path(), "r1"), up_to(6));
  EXPECT_EQ(versions_in_database(dir.path(), "r2"), up_to(1));
}

TEST(LiveLog, AWriteTornByACrashEndsTheLogWhereItTore) {
  temp_dir dir;
  {
    auto s = open_with(dir.path());
    start_room(*s, "r1");
    start_room(*s, "r2");
    for (std::int64_t v = 3; v <= 8; ++v)
      ASSERT_TRUE(s->append_events("r1", moves(v, v), std::nullopt));
    ASSERT_TRUE(s->append_events("r2", moves(3, 3), std::nullopt));
  }
  // The last record (r2's version 3) loses its last byte; r1's version 8 gets a damaged byte.
  std::string current;
  for (const char* name : server::live_log_files) {
    if (used_bytes(dir.path() + "/" + name) > 100) current = dir.path() + "/" + name;
  }
  ASSERT_FALSE(current.empty());
  fs::resize_file(current, used_bytes(current) - 1);
  {
    auto s = open_store(dir.path());
    expect_events(*s, "r1", 8);
    expect_events(*s, "r2", 2);
    ASSERT_TRUE(s->load_unfinished_rooms());
    ASSERT_TRUE(s->append_events("r2", moves(3, 3), std::nullopt));  // as the player sends again
    ASSERT_TRUE(s->append_events("r1", moves(9, 9), std::nullopt));
  }
  // A damaged byte in the last record (r1's version 9): the records before it are replayed.
  for (const char* name : server::live_log_files) {
    const std::string path = dir.path() + "/" + name;
    if (used_bytes(path) < 100) continue;
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(used_bytes(path) - 3));
    f.put('\x7f');
  }
  auto s = open_store(dir.path());
  expect_events(*s, "r1", 8);
  expect_events(*s, "r2", 3);
}

// CRC-32 as the log's format names it (IEEE 802.3, as zlib's crc32() and Boost's crc_32_type
// compute it), a bit at a time: a reference apart from the one the log uses.
std::uint32_t reference_crc32(std::string_view bytes) {
  std::uint32_t crc = 0xffffffffu;
  for (unsigned char b : bytes) {
    crc ^= b;
    for (int bit = 0; bit < 8; ++bit)
      crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

void put_le(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out += static_cast<char>((value >> (8 * i)) & 0xff);
}

// A record written by hand in the documented format (live_log.cpp) is read back: the format, and
// its checksum, are the file's and not whatever this build computes.
TEST(LiveLog, ARecordWrittenToTheDocumentedFormatIsReplayed) {
  EXPECT_EQ(reference_crc32("123456789"), 0xcbf43926u);  // CRC-32's published check value
  temp_dir dir;
  {
    auto s = open_with(dir.path());
    start_room(*s, "r1");
    ASSERT_TRUE(s->append_events("r1", moves(3, 3), std::nullopt));
  }
  std::string current;
  for (const char* name : server::live_log_files) {
    if (used_bytes(dir.path() + "/" + name) > 0) current = dir.path() + "/" + name;
  }
  ASSERT_FALSE(current.empty());
  std::string payload;
  put_le(payload, 2, 2);
  payload += "r1";
  put_le(payload, 4, 8);
  payload += move_body(4);
  std::string record;
  put_le(record, payload.size(), 4);
  put_le(record, reference_crc32(payload), 4);
  record += payload;
  {
    std::fstream f(current, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(used_bytes(current)));
    f.write(record.data(), static_cast<std::streamsize>(record.size()));
  }
  auto s = open_store(dir.path());
  expect_events(*s, "r1", 4);
}

TEST(LiveLog, AVersionThatDoesNotFollowIsRefusedAndChangesNothing) {
  temp_dir dir;
  auto s = open_with(dir.path());
  start_room(*s, "r1");
  ASSERT_TRUE(s->append_events("r1", moves(3, 3), std::nullopt));
  for (auto bad :
       {moves(3, 3), moves(5, 5), moves(2, 4), std::vector<stored_event>{{4, "x"}, {6, "y"}}}) {
    auto refused = s->append_events("r1", bad, std::nullopt);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().find("does not follow"), std::string::npos) << refused.error();
  }
  auto unknown = s->append_events("nowhere", moves(1, 1), std::nullopt);  // the database says
  EXPECT_FALSE(unknown);
  expect_events(*s, "r1", 3);
  ASSERT_TRUE(s->append_events("r1", moves(4, 5), std::nullopt));
  expect_events(*s, "r1", 5);
}

TEST(LiveLog, ARoomWithManyMovesInTheLogTakesThemToTheDatabase) {
  temp_dir dir;
  {
    auto s = open_with(dir.path(), {.max_pending_events = 4});
    start_room(*s, "r1");
    for (std::int64_t v = 3; v <= 10; ++v)
      ASSERT_TRUE(s->append_events("r1", moves(v, v), std::nullopt));
    expect_events(*s, "r1", 10);
  }
  // Versions 3-6 filled the log; 7 took them to the database; 8-10 are in the log again.
  EXPECT_EQ(versions_in_database(dir.path(), "r1"), up_to(7));
}

// The file is written ahead with zeros (live_log_limits::zeros_ahead), so that a group's
// fdatasync does not also commit a new length: its length is always a whole number of steps and
// longer than its records, and it grows by a step once the records reach the zeros' end.
TEST(LiveLog, IsWrittenAheadWithZerosAStepAtATime) {
  temp_dir dir;
  auto s = open_with(dir.path(), {.zeros_ahead = 4096});
  start_room(*s, "r1");
  const std::string current = dir.path() + "/" + server::live_log_files[1];  // after the opening
  EXPECT_EQ(fs::file_size(dir.path() + "/" + server::live_log_files[0]), 0u);
  EXPECT_EQ(fs::file_size(current), 4096u);
  std::int64_t v = 2;
  std::uintmax_t grew_at = 0;
  while (used_bytes(current) < 3 * 4096) {
    ASSERT_TRUE(s->append_events("r1", moves(v + 1, v + 1), std::nullopt));
    ++v;
    const auto length = fs::file_size(current);
    EXPECT_EQ(length % 4096, 0u);
    EXPECT_GT(length, used_bytes(current));
    if (length > 4096 && grew_at == 0) grew_at = used_bytes(current);
  }
  EXPECT_GT(grew_at, 4096u - 100);  // the first step was used up before the file grew
  EXPECT_EQ(fs::file_size(current), 4 * 4096u);
  expect_events(*s, "r1", v);
}

TEST(LiveLog, AnotherFileInItsPlaceIsRefused) {
  temp_dir dir;
  std::ofstream(dir.path() + "/" + server::live_log_files[1]) << "hello";
  auto s = server::open_sqlite_store(dir.path());
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("is not a live log of boardroom"), std::string::npos) << s.error();
}

// Many rooms, games ending and new ones starting, a log rewritten from 4 KiB on: the files stay
// short, and every room has every event, in order, while open and after a reopening. (`normal`:
// a commit without an fsync each, so that hundreds of games take a moment.)
TEST(LiveLog, IsRewrittenWithOnlyTheMovesOfGamesInPlay) {
  temp_dir dir;
  const server::live_log_limits small{
      .max_pending_events = 256, .compact_bytes = 4096, .zeros_ahead = 4096};
  std::map<std::string, std::int64_t> last;  // room -> its last version
  std::uintmax_t longest = 0;
  {
    auto s = open_with(dir.path(), small, server::sync_mode::normal);
    int next_room = 0;
    for (int round = 0; round < 120; ++round) {
      while (last.size() < 10) {
        const std::string room = "r" + std::to_string(next_room++);
        start_room(*s, room);
        last[room] = 2;
      }
      std::vector<server::event_append> group;
      std::vector<std::vector<stored_event>> rows;
      rows.reserve(last.size());
      std::vector<std::string> ended;
      for (auto& [room, v] : last) {
        // Every room moves; about one in five ends its game with this move.
        const bool ends = (v + room.size()) % 5 == 0 && v > 4;
        group.push_back({room, rows.emplace_back(moves(v + 1, v + 1)),
                         ends ? std::optional(room_status::finished) : std::nullopt});
        ++v;
        if (ends) ended.push_back(room);
      }
      for (const auto& ok : s->append_group(group))
        ASSERT_TRUE(ok) << ok.error();
      longest = std::max(longest, log_bytes(dir.path()));
      for (const auto& room : ended) {
        expect_events(*s, room, last[room]);
        last.erase(room);
      }
    }
    for (const auto& [room, v] : last)
      expect_events(*s, room, v);
  }
  // About 60 KiB were written in all. The file is rewritten from 4 KiB on once it is four times
  // what it must keep: ten rooms of up to 8 records of about 50 bytes, and a group more at most.
  EXPECT_LT(longest, 4 * 10 * 8 * 50 + 10 * 50 + 100);
  {
    auto s = open_store(dir.path());
    for (const auto& [room, v] : last)
      expect_events(*s, room, v);
  }
  for (const auto& [room, v] : last)
    EXPECT_EQ(versions_in_database(dir.path(), room), up_to(v));
}

// What the journal may have written on an io thread (store::append_at_once): under `normal`, a
// group whose appends all stay in the log; nothing that goes to the database (and then nothing is
// written at all), and nothing under `full`.
TEST(LiveLog, AppendsAtOnceOnlyWhatStaysInTheLogUnderNormal) {
  for (auto sync : {server::sync_mode::normal, server::sync_mode::full}) {
    SCOPED_TRACE(sync == server::sync_mode::normal ? "normal" : "full");
    const bool normal = sync == server::sync_mode::normal;
    temp_dir dir;
    const server::live_log_limits limits{
        .max_pending_events = 4, .compact_bytes = 1 << 20, .zeros_ahead = 4096};
    auto s = open_with(dir.path(), limits, sync);
    ASSERT_TRUE(s);
    start_room(*s, "a");
    start_room(*s, "b");
    const auto a3 = moves(3, 3), b3 = moves(3, 3), a4 = moves(4, 4), b4 = moves(4, 4);
    const auto at_once = [&](std::vector<server::event_append> group) {
      return s->append_at_once(group).has_value();
    };
    // The game's end goes to the database: the whole group waits for the store's thread.
    EXPECT_FALSE(at_once({{"a", a3, std::nullopt}, {"b", b3, room_status::finished}}));
    // A room this store does not know (the database checks it).
    EXPECT_FALSE(at_once({{"c", a3, std::nullopt}}));
    // A new room.
    const auto created = sample_room("d", "p1");
    const auto d1 = moves(1, 1);  // the append's span points into it
    server::event_append creation{"d", d1, std::nullopt};
    creation.created = &created;
    EXPECT_FALSE(at_once({creation}));
    // A room whose log would pass max_pending_events moves them over.
    EXPECT_FALSE(at_once({{"a", moves(3, 7), std::nullopt}}));
    expect_events(*s, "a", 2);  // none of these wrote anything
    expect_events(*s, "b", 2);
    // Moves in play: written, with an answer each (a version that does not follow is refused).
    auto answers = s->append_at_once(
        std::vector<server::event_append>{{"a", a3, std::nullopt}, {"b", b4, std::nullopt}});
    ASSERT_EQ(answers.has_value(), normal);
    if (!normal) continue;
    ASSERT_EQ(answers->size(), 2u);
    EXPECT_TRUE((*answers)[0]);
    EXPECT_FALSE((*answers)[1]);
    expect_events(*s, "a", 3);
    expect_events(*s, "b", 2);
    ASSERT_TRUE(s->append_at_once(std::vector<server::event_append>{{"b", b3, std::nullopt}}));
    ASSERT_TRUE(s->append_at_once(std::vector<server::event_append>{{"a", a4, std::nullopt}}));
    expect_events(*s, "a", 4);
    expect_events(*s, "b", 3);
  }
}

// A group that brings the log to its rewrite (4 KiB here, and four times its live events) is
// left to the store's thread, whose append_group() rewrites the log after it: the rewrite
// flushes the other file.
TEST(LiveLog, AGroupThatBringsTheRewriteIsNotAppendedAtOnce) {
  temp_dir dir;
  const server::live_log_limits limits{
      .max_pending_events = 256, .compact_bytes = 4096, .zeros_ahead = 4096};
  auto s = open_with(dir.path(), limits, server::sync_mode::normal);
  ASSERT_TRUE(s);
  start_room(*s, "a");
  start_room(*s, "b");
  // About 3.6 KiB of b's moves in the log, then b's game ends: they move to the database and
  // their bytes in the log are dead.
  ASSERT_TRUE(s->append_events("b", moves(3, 80), std::nullopt));
  ASSERT_TRUE(s->append_events("b", moves(81, 81), room_status::finished));
  const auto before = log_bytes(dir.path());
  EXPECT_TRUE(
      s->append_at_once(std::vector<server::event_append>{{"a", moves(3, 3), std::nullopt}}));
  const std::vector<stored_event> longer{{4, std::string(600, 'x')}};
  const std::vector<server::event_append> group{{"a", longer, std::nullopt}};
  EXPECT_FALSE(s->append_at_once(group));
  const auto events_of_a = [&] { return (*s->load_room("a"))->events.size(); };
  EXPECT_EQ(events_of_a(), 3u);
  for (const auto& ok : s->append_group(group))
    EXPECT_TRUE(ok) << ok.error();
  EXPECT_EQ(events_of_a(), 4u);
  EXPECT_LT(log_bytes(dir.path()), before) << "append_group() rewrote the log";
}

}  // namespace
}  // namespace boardroom::test
