#include "server/storage/sqlite_store.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <ranges>
#include <span>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/ratings/rate_game.hpp"
#include "server/storage/live_log.hpp"
#include "server/storage/sqlite_rows.hpp"
#include "server/storage/wal_writes.hpp"
#include "server/unix_time.hpp"

namespace boardroom::server {

std::optional<sync_mode> sync_mode_from_text(std::string_view text) {
  if (text == "normal") return sync_mode::normal;
  if (text == "full") return sync_mode::full;
  return std::nullopt;
}

namespace {

// Migration i brings the schema from version i to i + 1. Never change one that has shipped:
// append another.
constexpr std::array<const char*, 10> migrations{R"sql(
CREATE TABLE identities (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  token_hash  TEXT NOT NULL UNIQUE,  -- sha256 of the resume token, hex
  created_ms  INTEGER NOT NULL
);
CREATE TABLE rooms (
  id          TEXT PRIMARY KEY,
  game        TEXT NOT NULL,
  spec        TEXT NOT NULL,
  params      TEXT NOT NULL,         -- JSON object
  seats       INTEGER NOT NULL,
  public      INTEGER NOT NULL,
  invite_code TEXT NOT NULL,
  creator     TEXT NOT NULL REFERENCES identities (id),
  seed        INTEGER NOT NULL,      -- the unsigned 64-bit seed's bits
  bots        TEXT NOT NULL,         -- JSON object: seat -> bot name
  practice    INTEGER NOT NULL,
  auto_start  INTEGER NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished', 'closed')),
  created_ms  INTEGER NOT NULL,
  time_control TEXT NOT NULL          -- canonical text: "none", "fischer:5m+3s", ...
);
CREATE INDEX rooms_by_status ON rooms (status);
CREATE TABLE events (                -- append-only
  room        TEXT NOT NULL REFERENCES rooms (id),
  version     INTEGER NOT NULL,
  body        TEXT NOT NULL,         -- the room.event params, as sent
  PRIMARY KEY (room, version)
) WITHOUT ROWID;
CREATE TABLE server_starts (
  started_ms  INTEGER NOT NULL
);
)sql",
                                                 R"sql(
-- The index of finished games for the records, kept by a trigger on events: rooms need not know.
CREATE TABLE finished_games (
  room        TEXT PRIMARY KEY REFERENCES rooms (id),
  game        TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,      -- the game_over event's `at`
  outcome     TEXT NOT NULL          -- JSON object, as in the event
);
CREATE INDEX finished_games_by_time ON finished_games (finished_ms);
CREATE INDEX finished_games_by_game ON finished_games (game, finished_ms);
CREATE TABLE game_players (          -- the players of each finished game, from game_started
  room        TEXT NOT NULL REFERENCES rooms (id),
  seat        INTEGER NOT NULL,
  player      TEXT NOT NULL,
  name        TEXT NOT NULL,
  PRIMARY KEY (room, seat)
) WITHOUT ROWID;
CREATE INDEX game_players_by_player ON game_players (player);
CREATE INDEX game_players_by_name ON game_players (name);
CREATE TRIGGER index_finished_game AFTER INSERT ON events
WHEN json_extract(NEW.body, '$.type') = 'game_over'
     AND json_type(NEW.body, '$.outcome') = 'object'
BEGIN
  INSERT OR IGNORE INTO finished_games (room, game, finished_ms, outcome)
    SELECT id, game, json_extract(NEW.body, '$.at'), json_extract(NEW.body, '$.outcome')
    FROM rooms WHERE id = NEW.room;
  INSERT OR IGNORE INTO game_players (room, seat, player, name)
    SELECT NEW.room, CAST(p.key AS INTEGER), json_extract(p.value, '$.player'),
           json_extract(p.value, '$.name')
    FROM events AS e, json_each(e.body, '$.players') AS p
    WHERE e.room = NEW.room AND json_extract(e.body, '$.type') = 'game_started';
END;
-- Games that finished before this version.
INSERT INTO finished_games (room, game, finished_ms, outcome)
  SELECT r.id, r.game, json_extract(e.body, '$.at'), json_extract(e.body, '$.outcome')
  FROM events AS e JOIN rooms AS r ON r.id = e.room
  WHERE json_extract(e.body, '$.type') = 'game_over' AND json_type(e.body, '$.outcome') = 'object';
INSERT OR IGNORE INTO game_players (room, seat, player, name)
  SELECT e.room, CAST(p.key AS INTEGER), json_extract(p.value, '$.player'),
         json_extract(p.value, '$.name')
  FROM events AS e, json_each(e.body, '$.players') AS p
  WHERE json_extract(e.body, '$.type') = 'game_started'
    AND e.room IN (SELECT room FROM finished_games);
)sql",
                                                 R"sql(
-- What happens to a seat whose player is gone in a game of three or more: 'bot' or 'retire'.
ALTER TABLE rooms ADD COLUMN vacated_seats TEXT NOT NULL DEFAULT 'bot';
)sql",
                                                 R"sql(
-- Accounts: identities that claimed their name with a password (its Argon2id hash only).
CREATE TABLE accounts (
  player        TEXT PRIMARY KEY REFERENCES identities (id),
  name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_ms    INTEGER NOT NULL
);
-- An account's further resume tokens, one per log-in (sha256, hex).
CREATE TABLE login_tokens (
  token_hash  TEXT PRIMARY KEY,
  player      TEXT NOT NULL REFERENCES identities (id),
  created_ms  INTEGER NOT NULL
) WITHOUT ROWID;
ALTER TABLE rooms ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
-- One rating per player, game and speed class, as the player's last rated game left it; how to
-- read the numbers depends on `system` (store.hpp: rating_record).
CREATE TABLE ratings (
  player      TEXT NOT NULL REFERENCES identities (id),
  game        TEXT NOT NULL,
  speed       TEXT NOT NULL,
  system      TEXT NOT NULL CHECK (system IN ('glicko2', 'weng-lin')),
  value       REAL NOT NULL,
  deviation   REAL NOT NULL,
  volatility  REAL NOT NULL,
  games       INTEGER NOT NULL,
  updated_ms  INTEGER NOT NULL,
  PRIMARY KEY (player, game, speed)
) WITHOUT ROWID;
CREATE INDEX ratings_by_game ON ratings (game, speed);
-- Every change, written with the game_over event that caused it.
CREATE TABLE rating_history (
  room              TEXT NOT NULL REFERENCES rooms (id),
  player            TEXT NOT NULL REFERENCES identities (id),
  game              TEXT NOT NULL,
  speed             TEXT NOT NULL,
  system            TEXT NOT NULL,
  value_before      REAL,           -- NULL: the player's first rated game here
  deviation_before  REAL,
  volatility_before REAL,
  value             REAL NOT NULL,
  deviation         REAL NOT NULL,
  volatility        REAL NOT NULL,
  games             INTEGER NOT NULL,
  at_ms             INTEGER NOT NULL,
  PRIMARY KEY (room, player)
) WITHOUT ROWID;
CREATE INDEX rating_history_by_player ON rating_history (player, at_ms);
)sql",
                                                 R"sql(
-- Tournaments: each an append-only log of events, folded by the server as rooms are.
CREATE TABLE tournaments (
  id          TEXT PRIMARY KEY,
  status      TEXT NOT NULL CHECK (status IN ('entry', 'running', 'finished', 'cancelled')),
  created_ms  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE tournament_events (      -- append-only
  tournament  TEXT NOT NULL REFERENCES tournaments (id),
  seq         INTEGER NOT NULL,
  body        TEXT NOT NULL,
  PRIMARY KEY (tournament, seq)
) WITHOUT ROWID;
)sql",
                                                 R"sql(
ALTER TABLE rooms ADD COLUMN berserk INTEGER NOT NULL DEFAULT 0;  -- players may go berserk
)sql",
                                                 R"sql(
-- An account a program plays (account.register with bot): shown as a bot wherever it appears.
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
)sql",
                                                 R"sql(
-- The trigger as before, but most rows (moves) are passed over by a search of their text instead
-- of a parse of their JSON: the parse was about a fifth of what SQLite spent on a row. Every row
-- is compact JSON, so a game_over has this text. The body is migration 2's, written out again
-- rather than shared: each migration is the record of what its version ran.
DROP TRIGGER index_finished_game;
CREATE TRIGGER index_finished_game AFTER INSERT ON events
WHEN instr(NEW.body, '"type":"game_over"') > 0
     AND json_extract(NEW.body, '$.type') = 'game_over'
     AND json_type(NEW.body, '$.outcome') = 'object'
BEGIN
  INSERT OR IGNORE INTO finished_games (room, game, finished_ms, outcome)
    SELECT id, game, json_extract(NEW.body, '$.at'), json_extract(NEW.body, '$.outcome')
    FROM rooms WHERE id = NEW.room;
  INSERT OR IGNORE INTO game_players (room, seat, player, name)
    SELECT NEW.room, CAST(p.key AS INTEGER), json_extract(p.value, '$.player'),
           json_extract(p.value, '$.name')
    FROM events AS e, json_each(e.body, '$.players') AS p
    WHERE e.room = NEW.room AND json_extract(e.body, '$.type') = 'game_started';
END;
)sql",
                                                 R"sql(
-- The store keeps the index of finished games itself, with the trigger's two statements and its
-- WHEN in each, when it appends a game_over (index_finished_game_ and index_game_players_): a
-- trigger ran a program of its own for every event appended, its WHEN included, and a finished
-- game is about seventy events moved from the live log at once.
DROP TRIGGER index_finished_game;
)sql",
                                                 R"sql(
-- Runs of a room's events in one row each: the moves of a game, which wait in the live log while
-- it is played, go into the database together when it ends. Seventy rows, each with its key, its
-- share of the pages it splits and its reference's look-up, cost SQLite more than twice what one
-- row of their text does (docs/performance.md). A room's events are its rows in `events` and the
-- lines of its runs, in version order; no version is in both, and a game's start is a row.
CREATE TABLE event_runs (
  room        TEXT NOT NULL REFERENCES rooms (id),
  first       INTEGER NOT NULL,      -- the version of the run's first event
  last        INTEGER NOT NULL,      -- and of its last: every version between is in the run
  bodies      TEXT NOT NULL          -- each event's room.event params, as sent, one per line
);
CREATE UNIQUE INDEX event_runs_by_room ON event_runs (room, first);
)sql"};

// What find_records() filters on; ?1 game, ?2 player (id or name), ?3 from, ?4 until, ?5 public
// only. A NULL parameter does not filter.
constexpr const char* record_filter =
    " FROM finished_games AS f JOIN rooms AS r ON r.id = f.room"
    " WHERE (?1 IS NULL OR f.game = ?1)"
    " AND (?2 IS NULL OR EXISTS (SELECT 1 FROM game_players AS g"
    " WHERE g.room = f.room AND (g.player = ?2 OR g.name = ?2)))"
    " AND (?3 IS NULL OR f.finished_ms >= ?3) AND (?4 IS NULL OR f.finished_ms < ?4)"
    " AND (?5 = 0 OR r.public = 1)";

// Below this much free space the server refuses to start rather than fail its first moves.
constexpr std::uintmax_t min_free_bytes = 1 << 20;

struct stmt_deleter {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using stmt_ptr = std::unique_ptr<sqlite3_stmt, stmt_deleter>;

// One use of a prepared statement: bind, step, and reset when the use ends.
class use {
 public:
  explicit use(const stmt_ptr& s) : s_(s.get()) {}
  ~use() {
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
  }
  use(const use&) = delete;
  use& operator=(const use&) = delete;

  use& text(int i, std::string_view v) {
    // An empty view may have no data; SQLite would store NULL for it, not "".
    sqlite3_bind_text(s_, i, v.empty() ? "" : v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
    return *this;
  }
  use& integer(int i, std::int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  // NULL when absent.
  use& text_or_null(int i, const std::optional<std::string>& v) {
    return v ? text(i, *v) : null(i);
  }
  use& integer_or_null(int i, std::optional<std::int64_t> v) {
    return v ? integer(i, *v) : null(i);
  }
  use& real(int i, double v) {
    sqlite3_bind_double(s_, i, v);
    return *this;
  }
  use& null(int i) {
    sqlite3_bind_null(s_, i);
    return *this;
  }
  int step() { return sqlite3_step(s_); }
  std::string column_text(int i) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(s_, i));
    return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(s_, i))) : "";
  }
  // Valid until the statement steps again or is reset.
  std::string_view column_view(int i) const { return column_text_view(s_, i); }
  std::int64_t column_int(int i) const { return sqlite3_column_int64(s_, i); }
  double column_double(int i) const { return sqlite3_column_double(s_, i); }
  bool column_is_null(int i) const { return sqlite3_column_type(s_, i) == SQLITE_NULL; }

 private:
  sqlite3_stmt* s_;
};

// The parameters of insert_rating.
void bind_rating(use& u, const rating_record& r) {
  u.text(1, r.player)
      .text(2, r.game)
      .text(3, r.speed)
      .text(4, r.system)
      .real(5, r.value)
      .real(6, r.deviation)
      .real(7, r.volatility)
      .integer(8, r.games)
      .integer(9, r.updated_ms);
}

// A rating row, bound by bind_rating(); what happens when the row is there is the statement's.
constexpr const char* insert_rating =
    "INSERT INTO ratings (player, game, speed, system, value, deviation, volatility, games, "
    "updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ";

constexpr const char* rating_columns =
    "r.player, i.name, r.game, r.speed, r.system, r.value, r.deviation, r.volatility, r.games, "
    "r.updated_ms";

constexpr const char* room_columns =
    "id, game, spec, params, seats, public, invite_code, creator, seed, bots, practice, "
    "auto_start, status, created_ms, time_control, vacated_seats, rated, berserk";

// A room's events that go into the database together, this many or more, in version order and
// without a game's start among them, are stored as one run (event_runs, migration 10): a finished
// game's moves, moved from the live log at its end. Fewer are rows.
constexpr std::size_t min_run = 8;

// What the store must know of an event's text, found in one pass: whether it holds a line break
// (lines part a run's events) and whether it starts or ends a game. Every row is compact JSON, so
// such an event has the member `"type":"game_started"` or `"type":"game_over"`: one search for
// `"type":` (memmem; std::string::find stops at every quote of a body to compare), then a look
// at the value that follows each.
struct body_marks {
  bool line_break = false;
  bool starts_game = false;
  bool ends_game = false;
};

body_marks marks_of(std::string_view body) {
  body_marks m;
  m.line_break = body.find('\n') != std::string_view::npos;
  constexpr std::string_view type = R"("type":)";
  for (std::string_view rest = body;;) {
    const void* hit = memmem(rest.data(), rest.size(), type.data(), type.size());
    if (!hit) return m;
    // From the value's quote, which may begin the next `"type":` of a text that is not JSON.
    rest.remove_prefix(static_cast<const char*>(hit) - rest.data() + type.size());
    m.starts_game = m.starts_game || rest.starts_with(R"("game_started")");
    m.ends_game = m.ends_game || rest.starts_with(R"("game_over")");
  }
}

// Whether `events`, whose marks are `marks`, are stored as one run.
bool is_run(std::span<const stored_event> events, std::span<const body_marks> marks) {
  if (events.size() < min_run) return false;
  for (std::size_t i = 0; i < events.size(); ++i) {
    // Compact JSON has no line break, but the store takes any text. A game's start stays a row:
    // the index of finished games reads it.
    if ((i && events[i].version != events[i - 1].version + 1) || marks[i].line_break ||
        marks[i].starts_game) {
      return false;
    }
  }
  return true;
}

class sqlite_store final : public store {
 public:
  sqlite_store(sqlite3* db, std::unique_ptr<wal_writes_vfs> vfs, data_dir_lock lock,
               std::string path)
      : vfs_(std::move(vfs)), db_(db), lock_(std::move(lock)), path_(std::move(path)) {}

  ~sqlite_store() override {
    for (auto* s : {&begin_,
                    &commit_,
                    &rollback_,
                    &save_identity_,
                    &find_identity_,
                    &expire_identities_,
                    &insert_room_,
                    &insert_event_,
                    &insert_run_,
                    &version_taken_,
                    &runs_of_,
                    &index_finished_game_,
                    &index_game_players_,
                    &set_status_,
                    &unfinished_rooms_,
                    &room_by_id_,
                    &events_of_,
                    &find_records_,
                    &count_records_,
                    &players_of_,
                    &insert_account_,
                    &account_by_name_,
                    &account_by_player_,
                    &insert_login_token_,
                    &rating_of_,
                    &save_rating_,
                    &insert_rating_change_,
                    &leaderboard_,
                    &ratings_of_,
                    &rating_history_,
                    &seed_rating_,
                    &upsert_tournament_,
                    &insert_tournament_event_,
                    &open_tournaments_,
                    &tournament_by_id_,
                    &tournament_events_of_})
      s->reset();
    sqlite3_close(db_);  // before lock_ goes
  }

  // Pragmas, migrations and a first write; then the statements every call uses.
  store_result<void> prepare(sync_mode sync) {
    sqlite3_extended_result_codes(db_, 1);
    // The database is this process's alone (the lock file keeps other servers and the record
    // commands out): an exclusive lock held from the first write spares every transaction its
    // file-lock calls, and set before WAL mode it keeps the WAL index in memory, not in a shared
    // -shm file. Outside tools read the database once the server has stopped.
    if (auto ok = exec("PRAGMA locking_mode=EXCLUSIVE"); !ok) return ok;
    auto mode = query_text("PRAGMA journal_mode=WAL");
    if (!mode) return std::unexpected(mode.error());
    if (*mode != "wal") {
      return std::unexpected("cannot use write-ahead logging for '" + path_ + "' (journal mode " +
                             *mode + ")");
    }
    // Temporary files in memory: a statement of a transaction that can fail halfway (an insert
    // whose trigger writes other tables, an update checked by a foreign key) keeps its undo
    // records in a statement journal, by default a temporary file that every group commit wrote
    // again and again (pages of 4 KiB, one `pwrite` each: more than the database's own writes).
    const std::string pragmas = std::string("PRAGMA synchronous=") +
                                (sync == sync_mode::full ? "FULL" : "NORMAL") +
                                "; PRAGMA foreign_keys=ON; PRAGMA temp_store=MEMORY";
    if (auto ok = exec(pragmas.c_str()); !ok) return ok;
    // The length depends on the sync mode: why, at wal_checkpoint_pages() (sqlite_store.hpp).
    const auto checkpoint =
        "PRAGMA wal_autocheckpoint=" + std::to_string(wal_checkpoint_pages(sync));
    if (auto ok = exec(checkpoint.c_str()); !ok) return ok;
    if (auto ok = migrate(); !ok) return ok;
    for (auto [target, sql] : std::initializer_list<std::pair<stmt_ptr*, std::string>>{
             {&begin_, "BEGIN IMMEDIATE"},
             {&commit_, "COMMIT"},
             {&rollback_, "ROLLBACK"},
             {&save_identity_,
              "INSERT INTO identities (id, name, token_hash, created_ms) VALUES (?1, ?2, ?3, ?4) "
              "ON CONFLICT (id) DO UPDATE SET name = excluded.name"},
             {&find_identity_,
              "SELECT id, name, token_hash, created_ms FROM identities WHERE token_hash = ?1 "
              "UNION ALL SELECT i.id, i.name, t.token_hash, i.created_ms FROM login_tokens AS t "
              "JOIN identities AS i ON i.id = t.player WHERE t.token_hash = ?1 LIMIT 1"},
             {&expire_identities_,
              "DELETE FROM identities WHERE created_ms < ?1 "
              "AND id NOT IN (SELECT player FROM accounts) "
              "AND id NOT IN (SELECT creator FROM rooms) "
              "AND id NOT IN (SELECT player FROM game_players) "
              "AND id NOT IN (SELECT value FROM json_each(?2))"},
             {&insert_room_, std::string("INSERT INTO rooms (") + room_columns +
                                 ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
                                 "?13, ?14, ?15, ?16, ?17, ?18)"},
             {&insert_event_, "INSERT INTO events (room, version, body) VALUES (?1, ?2, ?3)"},
             {&insert_run_,
              "INSERT INTO event_runs (room, first, last, bodies) VALUES (?1, ?2, ?3, ?4)"},
             // ?1 the room, ?2 and ?3 the lowest and highest versions of an append.
             {&version_taken_,
              "SELECT EXISTS (SELECT 1 FROM events WHERE room = ?1 AND version BETWEEN ?2 AND ?3) "
              "OR EXISTS (SELECT 1 FROM event_runs WHERE room = ?1 AND first <= ?3 AND last >= "
              "?2)"},
             {&runs_of_,
              "SELECT first, last, bodies FROM event_runs WHERE room = ?1 ORDER BY first"},
             // ?1 the room, ?2 a game_over's text: what the trigger of migrations 2 and 8 did.
             {&index_finished_game_,
              "INSERT OR IGNORE INTO finished_games (room, game, finished_ms, outcome) "
              "SELECT id, game, json_extract(?2, '$.at'), json_extract(?2, '$.outcome') "
              "FROM rooms WHERE id = ?1 AND json_extract(?2, '$.type') = 'game_over' "
              "AND json_type(?2, '$.outcome') = 'object'"},
             {&index_game_players_,
              "INSERT OR IGNORE INTO game_players (room, seat, player, name) "
              "SELECT ?1, CAST(p.key AS INTEGER), json_extract(p.value, '$.player'), "
              "json_extract(p.value, '$.name') "
              // The room's first game_started, found in version order: the trigger looked at
              // every event of the game (seventy searches of a row's text) to find the
              // same one (INSERT OR IGNORE kept the first game_started's seats).
              "FROM (SELECT body FROM events WHERE room = ?1 "
              "AND instr(body, '\"type\":\"game_started\"') > 0 "
              "AND json_extract(body, '$.type') = 'game_started' ORDER BY version LIMIT 1) AS e, "
              "json_each(e.body, '$.players') AS p "
              "WHERE json_extract(?2, '$.type') = 'game_over' "
              "AND json_type(?2, '$.outcome') = 'object'"},
             {&set_status_, "UPDATE rooms SET status = ?2 WHERE id = ?1"},
             {&unfinished_rooms_, std::string("SELECT ") + room_columns +
                                      " FROM rooms WHERE status IN ('waiting', 'playing') "
                                      "ORDER BY created_ms, id"},
             {&room_by_id_, std::string("SELECT ") + room_columns + " FROM rooms WHERE id = ?1"},
             {&events_of_, "SELECT version, body FROM events WHERE room = ?1 ORDER BY version"},
             {&find_records_, std::string("SELECT f.room, f.game, r.spec, r.created_ms, "
                                          "f.finished_ms, f.outcome") +
                                  record_filter +
                                  " ORDER BY f.finished_ms DESC, f.room LIMIT ?6 OFFSET ?7"},
             {&count_records_, std::string("SELECT COUNT(*)") + record_filter},
             {&players_of_,
              "SELECT seat, player, name FROM game_players WHERE room = ?1 ORDER BY seat"},
             {&insert_account_,
              "INSERT INTO accounts (player, name, password_hash, created_ms, bot) "
              "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING"},
             {&account_by_name_,
              "SELECT player, name, password_hash, created_ms, bot FROM accounts WHERE name = ?1"},
             {&account_by_player_,
              "SELECT player, name, password_hash, created_ms, bot FROM accounts WHERE player = "
              "?1"},
             {&insert_login_token_,
              "INSERT INTO login_tokens (token_hash, player, created_ms) VALUES (?1, ?2, ?3)"},
             {&rating_of_, std::string("SELECT ") + rating_columns +
                               " FROM ratings AS r JOIN identities AS i ON i.id = r.player"
                               " WHERE r.player = ?1 AND r.game = ?2 AND r.speed = ?3"},
             {&save_rating_,
              std::string(insert_rating) +
                  "ON CONFLICT (player, game, speed) DO UPDATE SET system = excluded.system, "
                  "value = excluded.value, deviation = excluded.deviation, "
                  "volatility = excluded.volatility, games = excluded.games, "
                  "updated_ms = excluded.updated_ms"},
             {&seed_rating_,
              std::string(insert_rating) + "ON CONFLICT (player, game, speed) DO NOTHING"},
             {&insert_rating_change_,
              "INSERT INTO rating_history (room, player, game, speed, system, value_before, "
              "deviation_before, volatility_before, value, deviation, volatility, games, at_ms) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"},
             {&leaderboard_, std::string("SELECT ") + rating_columns +
                                 " FROM ratings AS r JOIN identities AS i ON i.id = r.player"
                                 " WHERE r.game = ?1 AND (?2 = '' OR r.speed = ?2) ORDER BY"
                                 " CASE r.system WHEN 'weng-lin' THEN r.value - 3 * r.deviation"
                                 " ELSE r.value END DESC, r.player LIMIT ?3 OFFSET ?4"},
             {&ratings_of_, std::string("SELECT ") + rating_columns +
                                " FROM ratings AS r JOIN identities AS i ON i.id = r.player"
                                " WHERE r.player = ?1 ORDER BY r.game, r.speed"},
             {&upsert_tournament_,
              "INSERT INTO tournaments (id, status, created_ms) VALUES (?1, ?2, ?3)"
              " ON CONFLICT (id) DO UPDATE SET status = excluded.status"},
             {&insert_tournament_event_,
              "INSERT INTO tournament_events (tournament, seq, body) VALUES (?1, ?2, ?3)"},
             {&open_tournaments_,
              "SELECT id, status FROM tournaments WHERE status IN ('entry', 'running')"
              " ORDER BY created_ms, id"},
             {&tournament_by_id_, "SELECT id, status FROM tournaments WHERE id = ?1"},
             {&tournament_events_of_,
              "SELECT body FROM tournament_events WHERE tournament = ?1 ORDER BY seq"},
             {&rating_history_,
              "SELECT h.room, h.player, i.name, h.game, h.speed, h.system, h.value_before, "
              "h.deviation_before, h.volatility_before, h.value, h.deviation, h.volatility, "
              "h.games, h.at_ms FROM rating_history AS h JOIN identities AS i ON i.id = h.player "
              "WHERE h.player = ?1 ORDER BY h.at_ms DESC, h.room LIMIT ?2"},

         }) {
      sqlite3_stmt* s = nullptr;
      if (sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &s, nullptr) !=
          SQLITE_OK) {
        return std::unexpected(failure("cannot prepare a statement"));
      }
      target->reset(s);
    }
    return {};
  }

  store_result<void> save_identity(const identity_record& identity) override {
    std::lock_guard lock(mutex_);
    use u(save_identity_);
    u.text(1, identity.id)
        .text(2, identity.name)
        .text(3, identity.token_hash)
        .integer(4, identity.created_ms);
    if (u.step() != SQLITE_DONE)
      return std::unexpected(failure("cannot save identity " + identity.id));
    return {};
  }

  store_result<int> expire_identities(std::int64_t cutoff_ms,
                                      const std::vector<std::string>& keep) override {
    std::lock_guard lock(mutex_);
    const std::string keep_text = nlohmann::json(keep).dump();  // bound, not copied: lives on
    use u(expire_identities_);
    u.integer(1, cutoff_ms).text(2, keep_text);
    if (u.step() != SQLITE_DONE) return std::unexpected(failure("cannot expire identities"));
    return sqlite3_changes(db_);
  }

  store_result<std::optional<identity_record>> find_identity(std::string_view token_hash) override {
    std::lock_guard lock(mutex_);
    use u(find_identity_);
    u.text(1, token_hash);
    int rc = u.step();
    if (rc == SQLITE_DONE) return std::optional<identity_record>{};
    if (rc != SQLITE_ROW) return std::unexpected(failure("cannot look up an identity"));
    return identity_record{u.column_text(0), u.column_text(1), u.column_text(2), u.column_int(3)};
  }

  store_result<void> create_room(const room_record& room,
                                 std::span<const stored_event> events) override {
    std::lock_guard lock(mutex_);
    const event_append one = room_creation(room, events);
    return transaction(group_failure({&one, 1}), [&] { return apply(one); });
  }

  bool insert_room(const room_record& room) {
    const std::string bots = bots_text(room.bots);
    use u(insert_room_);
    u.text(1, room.id)
        .text(2, room.game)
        .text(3, room.spec)
        .text(4, room.params)
        .integer(5, room.seats)
        .integer(6, room.is_public)
        .text(7, room.invite_code)
        .text(8, room.creator)
        .integer(9, std::bit_cast<std::int64_t>(room.seed))
        .text(10, bots)
        .integer(11, room.practice)
        .integer(12, room.auto_start)
        .text(13, status_text(room.status))
        .integer(14, room.created_ms)
        .text(15, room.time_control)
        .text(16, room.vacated_seats)
        .integer(17, room.rated)
        .integer(18, room.berserk);
    return u.step() == SQLITE_DONE;
  }

  store_result<void> append_events(std::string_view room, std::span<const stored_event> events,
                                   std::optional<room_status> status) override {
    std::lock_guard lock(mutex_);
    return transaction("cannot append to room " + std::string(room), [&] {
      return apply({room, events, status});
    });
  }

  std::vector<store_result<void>> append_group(std::span<const event_append> group) override {
    return commit_group(group, [&](std::span<const event_append> part) {
      std::lock_guard lock(mutex_);
      return transaction(group_failure(part), [&] {
        return std::ranges::all_of(part, [&](const auto& a) { return apply(a); });
      });
    });
  }

  store_result<bool> create_account(const account_record& account) override {
    std::lock_guard lock(mutex_);
    use u(insert_account_);
    u.text(1, account.player)
        .text(2, account.name)
        .text(3, account.password_hash)
        .integer(4, account.created_ms)
        .integer(5, account.bot ? 1 : 0);
    if (u.step() != SQLITE_DONE) {
      return std::unexpected(failure("cannot create the account of " + account.player));
    }
    return sqlite3_changes(db_) == 1;  // 0: the name (or the identity) has an account
  }

  store_result<std::optional<account_record>> find_account(std::string_view name) override {
    std::lock_guard lock(mutex_);
    return read_account(account_by_name_, name);
  }

  store_result<std::optional<account_record>> account_of(std::string_view player) override {
    std::lock_guard lock(mutex_);
    return read_account(account_by_player_, player);
  }

  store_result<void> add_login_token(std::string_view player, std::string_view token_hash,
                                     std::int64_t created_ms) override {
    std::lock_guard lock(mutex_);
    use u(insert_login_token_);
    u.text(1, token_hash).text(2, player).integer(3, created_ms);
    if (u.step() != SQLITE_DONE) {
      return std::unexpected(failure("cannot save a login of " + std::string(player)));
    }
    return {};
  }

  store_result<std::vector<rating_record>> leaderboard(std::string_view game,
                                                       std::string_view speed, int limit,
                                                       int offset) override {
    std::lock_guard lock(mutex_);
    use u(leaderboard_);
    u.text(1, game).text(2, speed).integer(3, limit).integer(4, offset);
    return read_ratings(u, "cannot read the ratings of " + std::string(game));
  }

  store_result<bool> seed_rating(const rating_record& r) override {
    std::lock_guard lock(mutex_);
    use u(seed_rating_);
    bind_rating(u, r);
    if (u.step() != SQLITE_DONE) {
      return std::unexpected(failure("cannot seed a rating of " + r.player));
    }
    return sqlite3_changes(db_) == 1;
  }

  store_result<std::vector<rating_record>> ratings_of(std::string_view player) override {
    std::lock_guard lock(mutex_);
    use u(ratings_of_);
    u.text(1, player);
    return read_ratings(u, "cannot read the ratings of " + std::string(player));
  }

  store_result<std::vector<rating_change>> rating_history(std::string_view player,
                                                          int limit) override {
    std::lock_guard lock(mutex_);
    use u(rating_history_);
    u.text(1, player).integer(2, limit);
    std::vector<rating_change> out;
    int rc;
    while ((rc = u.step()) == SQLITE_ROW) {
      rating_change c;
      c.room = u.column_text(0);
      c.player = u.column_text(1);
      c.after.player = c.player;
      c.after.name = u.column_text(2);
      c.after.game = u.column_text(3);
      c.after.speed = u.column_text(4);
      c.after.system = u.column_text(5);
      c.after.value = u.column_double(9);
      c.after.deviation = u.column_double(10);
      c.after.volatility = u.column_double(11);
      c.after.games = static_cast<int>(u.column_int(12));
      c.at_ms = c.after.updated_ms = u.column_int(13);
      if (!u.column_is_null(6)) {
        c.before = c.after;
        c.before->value = u.column_double(6);
        c.before->deviation = u.column_double(7);
        c.before->volatility = u.column_double(8);
        c.before->games = c.after.games - 1;
      }
      out.push_back(std::move(c));
    }
    if (rc != SQLITE_DONE) return std::unexpected(failure("cannot read a rating history"));
    return out;
  }

  store_result<void> set_status(std::string_view room, room_status status) override {
    std::lock_guard lock(mutex_);
    if (!update_status(room, status)) {
      return std::unexpected(failure("cannot set the status of room " + std::string(room)));
    }
    return {};
  }

  store_result<std::vector<stored_room>> load_unfinished_rooms() override {
    std::lock_guard lock(mutex_);
    std::vector<stored_room> out;
    {
      use u(unfinished_rooms_);
      int rc;
      while ((rc = u.step()) == SQLITE_ROW)
        out.push_back({read_room(u), {}});
      if (rc != SQLITE_DONE) return std::unexpected(failure("cannot read the rooms"));
    }
    for (auto& r : out) {
      if (!read_events(r))
        return std::unexpected(failure("cannot read the events of " + r.record.id));
    }
    return out;
  }

  store_result<std::optional<stored_room>> load_room(std::string_view room) override {
    std::lock_guard lock(mutex_);
    stored_room out;
    {
      use u(room_by_id_);
      u.text(1, room);
      int rc = u.step();
      if (rc == SQLITE_DONE) return std::optional<stored_room>{};
      if (rc != SQLITE_ROW)
        return std::unexpected(failure("cannot read room " + std::string(room)));
      out.record = read_room(u);
    }
    if (!read_events(out))
      return std::unexpected(failure("cannot read the events of " + out.record.id));
    return std::optional<stored_room>(std::move(out));
  }

  store_result<void> append_tournament(std::string_view id, std::int64_t first,
                                       std::span<const std::string> events,
                                       std::string_view status) override {
    std::lock_guard lock(mutex_);
    return transaction("cannot write tournament " + std::string(id), [&] {
      {
        use u(upsert_tournament_);
        u.text(1, id).text(2, status).integer(3, unix_ms_now());
        if (u.step() != SQLITE_DONE) return false;
      }
      std::int64_t seq = first;
      for (const auto& body : events) {
        use u(insert_tournament_event_);
        u.text(1, id).integer(2, seq++).text(3, body);
        if (u.step() != SQLITE_DONE) return false;
      }
      return true;
    });
  }

  store_result<std::vector<stored_tournament>> load_open_tournaments() override {
    std::lock_guard lock(mutex_);
    std::vector<stored_tournament> out;
    {
      use u(open_tournaments_);
      int rc;
      while ((rc = u.step()) == SQLITE_ROW)
        out.push_back({u.column_text(0), u.column_text(1), {}});
      if (rc != SQLITE_DONE) return std::unexpected(failure("cannot read the tournaments"));
    }
    for (auto& t : out) {
      if (!read_tournament_events(t))
        return std::unexpected(failure("cannot read the events of tournament " + t.id));
    }
    return out;
  }

  store_result<std::optional<stored_tournament>> load_tournament(std::string_view id) override {
    std::lock_guard lock(mutex_);
    stored_tournament out;
    {
      use u(tournament_by_id_);
      u.text(1, id);
      int rc = u.step();
      if (rc == SQLITE_DONE) return std::optional<stored_tournament>{};
      if (rc != SQLITE_ROW)
        return std::unexpected(failure("cannot read tournament " + std::string(id)));
      out = {u.column_text(0), u.column_text(1), {}};
    }
    if (!read_tournament_events(out))
      return std::unexpected(failure("cannot read the events of tournament " + out.id));
    return std::optional<stored_tournament>(std::move(out));
  }

  store_result<record_page> find_records(const record_query& query) override {
    std::lock_guard lock(mutex_);
    record_page page;
    auto bind = [&](use& u) {
      u.text_or_null(1, query.game)
          .text_or_null(2, query.player)
          .integer_or_null(3, query.from_ms)
          .integer_or_null(4, query.until_ms)
          .integer(5, query.public_only);
    };
    {
      use u(count_records_);
      bind(u);
      if (u.step() != SQLITE_ROW) return std::unexpected(failure("cannot count the records"));
      page.total = u.column_int(0);
    }
    {
      use u(find_records_);
      bind(u);
      u.integer(6, query.limit).integer(7, query.offset);
      int rc;
      while ((rc = u.step()) == SQLITE_ROW) {
        page.records.push_back({.room = u.column_text(0),
                                .game = u.column_text(1),
                                .spec = u.column_text(2),
                                .created_ms = u.column_int(3),
                                .finished_ms = u.column_int(4),
                                .players = {},
                                .outcome = u.column_text(5)});
      }
      if (rc != SQLITE_DONE) return std::unexpected(failure("cannot list the records"));
    }
    for (auto& r : page.records) {
      use u(players_of_);
      u.text(1, r.room);
      int rc;
      while ((rc = u.step()) == SQLITE_ROW) {
        r.players.push_back(
            {static_cast<int>(u.column_int(0)), u.column_text(1), u.column_text(2)});
      }
      if (rc != SQLITE_DONE)
        return std::unexpected(failure("cannot read the players of " + r.room));
    }
    return page;
  }

 private:
  std::string failure(const std::string& what) const {
    return what + " in '" + path_ + "': " + sqlite3_errmsg(db_);
  }

  store_result<void> exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) == SQLITE_OK) return {};
    std::string text =
        "cannot use the database '" + path_ + "': " + (message ? message : sqlite3_errmsg(db_));
    sqlite3_free(message);
    return std::unexpected(text);
  }

  // The first column of the first row of `sql`.
  store_result<std::string> query_text(const char* sql) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) {
      return std::unexpected(failure("cannot open the database"));
    }
    stmt_ptr s(raw);
    use u(s);
    if (u.step() != SQLITE_ROW) return std::unexpected(failure("cannot open the database"));
    return u.column_text(0);
  }

  store_result<void> migrate() {
    if (auto ok = exec("BEGIN IMMEDIATE"); !ok) return ok;
    auto body = [&]() -> store_result<void> {
      if (auto ok = exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
          !ok)
        return ok;
      auto current = query_text("SELECT COALESCE(MAX(version), 0) FROM schema_version");
      if (!current) return std::unexpected(current.error());
      std::size_t version = std::stoul(*current);
      if (version > migrations.size()) {
        return std::unexpected("the database '" + path_ + "' has schema version " + *current +
                               "; this server knows versions up to " +
                               std::to_string(migrations.size()) +
                               " (it was written by a newer "
                               "boardroom)");
      }
      for (; version < migrations.size(); ++version) {
        if (auto ok = exec(migrations[version]); !ok) return ok;
        std::string record =
            "INSERT INTO schema_version (version) VALUES (" + std::to_string(version + 1) + ")";
        if (auto ok = exec(record.c_str()); !ok) return ok;
      }
      // A write at every start: a database that cannot be written is found now, not at a move.
      std::string start =
          "INSERT INTO server_starts (started_ms) VALUES (" + std::to_string(unix_ms_now()) + ")";
      return exec(start.c_str());
    }();
    if (body) body = exec("COMMIT");
    if (!body && !sqlite3_get_autocommit(db_)) exec("ROLLBACK");
    return body;
  }

  template <class F>
  store_result<void> transaction(const std::string& what, F&& body) {
    refused_.clear();
    {
      use u(begin_);
      if (u.step() != SQLITE_DONE) return std::unexpected(failure(what));
    }
    if (body()) {
      use u(commit_);
      if (u.step() == SQLITE_DONE) return {};
    }
    std::string message =
        refused_.empty() ? failure(what) : what + " in '" + path_ + "': " + refused_;
    if (!sqlite3_get_autocommit(db_)) {  // still in the transaction: undo it
      use u(rollback_);
      u.step();
    }
    return std::unexpected(message);
  }

  // One room's append inside the caller's transaction: its events, its status, and the ratings a
  // rated game's end changes.
  bool apply(const event_append& a) {
    if (a.created && !insert_room(*a.created)) return false;
    if (!insert_events(a.room, a.events)) return false;
    if (a.status && !update_status(a.room, *a.status)) return false;
    return !a.rated || rate(a.room, *a.rated);
  }

  // The players' ratings before the game, the new ones (server/ratings/rate_game.hpp), each
  // saved with its change.
  bool rate(std::string_view room, const rated_game& g) {
    std::vector<std::optional<rating_record>> before;
    for (const auto& player : g.players) {
      use u(rating_of_);
      u.text(1, player).text(2, g.game).text(3, g.speed);
      auto found = read_ratings(u, "cannot read a rating");
      if (!found) return false;
      before.push_back(found->empty() ? std::nullopt : std::optional(found->front()));
    }
    auto after = rate_game(g, before);
    for (std::size_t i = 0; i < after.size(); ++i) {
      const rating_record& r = after[i];
      use save(save_rating_);
      bind_rating(save, r);
      if (save.step() != SQLITE_DONE) return false;
      use change(insert_rating_change_);
      change.text(1, room).text(2, r.player).text(3, r.game).text(4, r.speed).text(5, r.system);
      if (before[i]) {
        change.real(6, before[i]->value)
            .real(7, before[i]->deviation)
            .real(8, before[i]->volatility);
      } else {
        change.null(6).null(7).null(8);
      }
      change.real(9, r.value)
          .real(10, r.deviation)
          .real(11, r.volatility)
          .integer(12, r.games)
          .integer(13, g.at_ms);
      if (change.step() != SQLITE_DONE) return false;
    }
    return true;
  }

  store_result<std::optional<account_record>> read_account(const stmt_ptr& statement,
                                                           std::string_view key) {
    use u(statement);
    u.text(1, key);
    int rc = u.step();
    if (rc == SQLITE_DONE) return std::optional<account_record>{};
    if (rc != SQLITE_ROW) return std::unexpected(failure("cannot look up an account"));
    return account_record{u.column_text(0), u.column_text(1), u.column_text(2), u.column_int(3),
                          u.column_int(4) != 0};
  }

  // The rows of a statement that selects rating_columns.
  store_result<std::vector<rating_record>> read_ratings(use& u, const std::string& what) {
    std::vector<rating_record> out;
    int rc;
    while ((rc = u.step()) == SQLITE_ROW) {
      rating_record r;
      r.player = u.column_text(0);
      r.name = u.column_text(1);
      r.game = u.column_text(2);
      r.speed = u.column_text(3);
      r.system = u.column_text(4);
      r.value = u.column_double(5);
      r.deviation = u.column_double(6);
      r.volatility = u.column_double(7);
      r.games = static_cast<int>(u.column_int(8));
      r.updated_ms = u.column_int(9);
      out.push_back(std::move(r));
    }
    if (rc != SQLITE_DONE) return std::unexpected(failure(what));
    return out;
  }

  // A room's events: a run of them as one row of event_runs (is_run), others as rows of events.
  // Either way no version may be one the room has: the key of events refuses a row that repeats
  // a row, and version_taken_ the rest.
  bool insert_events(std::string_view room, std::span<const stored_event> events) {
    if (events.empty()) return true;
    const auto [low, high] =
        std::ranges::minmax(events | std::views::transform(&stored_event::version));
    {
      use u(version_taken_);
      u.text(1, room).integer(2, low).integer(3, high);
      if (u.step() != SQLITE_ROW) return false;
      if (u.column_int(0) != 0) {
        refused_ = "room " + std::string(room) + " has a version from " + std::to_string(low) +
                   " to " + std::to_string(high) + " stored already";
        return false;
      }
    }
    std::vector<body_marks> marks(events.size());
    std::ranges::transform(events, marks.begin(),
                           [](const stored_event& e) { return marks_of(e.body); });
    if (is_run(events, marks)) {
      std::size_t size = 0;
      for (const auto& e : events)
        size += e.body.size() + 1;
      std::string bodies;
      bodies.reserve(size);
      for (const auto& e : events)
        bodies.append(e.body).push_back('\n');
      bodies.pop_back();
      use u(insert_run_);
      u.text(1, room).integer(2, low).integer(3, high).text(4, bodies);
      if (u.step() != SQLITE_DONE) return false;
    } else {
      for (const auto& e : events) {
        use u(insert_event_);
        u.text(1, room).integer(2, e.version).text(3, e.body);
        if (u.step() != SQLITE_DONE) return false;
      }
    }
    // A row that is not a game_over is passed over without a parse. (After the inserts: the
    // index reads the game's game_started back.)
    for (std::size_t i = 0; i < events.size(); ++i) {
      if (marks[i].ends_game && !index_finished_game(room, events[i].body)) return false;
    }
    return true;
  }

  // The game's row in the index of finished games, and its players from its game_started, when
  // `game_over` ended it with an outcome (an aborted room's has none): each statement checks
  // that, as the trigger's WHEN did.
  bool index_finished_game(std::string_view room, std::string_view game_over) {
    for (const stmt_ptr* s : {&index_finished_game_, &index_game_players_}) {
      use u(*s);
      u.text(1, room).text(2, game_over);
      if (u.step() != SQLITE_DONE) return false;
    }
    return true;
  }

  bool update_status(std::string_view room, room_status status) {
    use u(set_status_);
    u.text(1, room).text(2, status_text(status));
    return u.step() == SQLITE_DONE && sqlite3_changes(db_) == 1;
  }

  static room_record read_room(const use& u) {
    room_record r;
    r.id = u.column_text(0);
    r.game = u.column_text(1);
    r.spec = u.column_text(2);
    r.params = u.column_text(3);
    r.seats = static_cast<int>(u.column_int(4));
    r.is_public = u.column_int(5) != 0;
    r.invite_code = u.column_text(6);
    r.creator = u.column_text(7);
    r.seed = std::bit_cast<std::uint64_t>(u.column_int(8));
    r.bots = bots_from_text(u.column_text(9));
    r.practice = u.column_int(10) != 0;
    r.auto_start = u.column_int(11) != 0;
    r.status = status_from_text(u.column_text(12)).value_or(room_status::closed);
    r.created_ms = u.column_int(13);
    r.time_control = u.column_text(14);
    r.vacated_seats = u.column_text(15);
    r.rated = u.column_int(16) != 0;
    r.berserk = u.column_int(17) != 0;
    return r;
  }

  // The room's rows and the lines of its runs, in version order.
  bool read_events(stored_room& r) {
    {
      use u(events_of_);
      u.text(1, r.record.id);
      int rc;
      while ((rc = u.step()) == SQLITE_ROW)
        r.events.push_back({u.column_int(0), u.column_text(1)});
      if (rc != SQLITE_DONE) return false;
    }
    use u(runs_of_);
    u.text(1, r.record.id);
    int rc;
    bool runs = false;
    while ((rc = u.step()) == SQLITE_ROW) {
      runs = true;
      const std::int64_t first = u.column_int(0), last = u.column_int(1);
      const auto held =
          for_each_run_event(first, u.column_view(2), [&](std::int64_t v, std::string_view text) {
            r.events.push_back({v, std::string(text)});
          });
      if (held != last - first + 1) return false;  // not the run that was written
    }
    if (!runs) return rc == SQLITE_DONE;
    std::ranges::sort(r.events, {}, &stored_event::version);
    // A version both a row and a run hold: a database changed by hand, not one this store wrote.
    return rc == SQLITE_DONE &&
           std::ranges::adjacent_find(r.events, {}, &stored_event::version) == r.events.end();
  }

  bool read_tournament_events(stored_tournament& t) {
    use u(tournament_events_of_);
    u.text(1, t.id);
    int rc;
    while ((rc = u.step()) == SQLITE_ROW)
      t.events.push_back(u.column_text(0));
    return rc == SQLITE_DONE;
  }

  // Declared first, so that it goes last: the connection uses it until it is closed.
  std::unique_ptr<wal_writes_vfs> vfs_;
  sqlite3* db_;
  data_dir_lock lock_;
  std::string path_;
  // Why the store itself refused the write in hand, where SQLite has nothing to say (a version
  // that a run holds); transaction() reports it.
  std::string refused_;
  std::mutex mutex_;
  stmt_ptr begin_, commit_, rollback_, save_identity_, find_identity_, expire_identities_,
      insert_room_, insert_event_, insert_run_, version_taken_, runs_of_, index_finished_game_,
      index_game_players_, set_status_, unfinished_rooms_, room_by_id_, events_of_, find_records_,
      count_records_, players_of_, insert_account_, account_by_name_, account_by_player_,
      insert_login_token_, rating_of_, save_rating_, insert_rating_change_, leaderboard_,
      ratings_of_, rating_history_, seed_rating_, upsert_tournament_, insert_tournament_event_,
      open_tournaments_, tournament_by_id_, tournament_events_of_;
};

}  // namespace

store_result<data_dir_lock> data_dir_lock::take(const std::string& data_dir) {
  const std::string lock_path = (std::filesystem::path(data_dir) / "boardroom.lock").string();
  int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return std::unexpected("cannot write to the data directory '" + data_dir +
                           "': " + std::strerror(errno));
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int err = errno;
    ::close(fd);
    if (err == EWOULDBLOCK) {
      return std::unexpected("the data directory '" + data_dir +
                             "' is in use by another boardroom server");
    }
    return std::unexpected("cannot lock '" + lock_path + "': " + std::strerror(err));
  }
  return data_dir_lock(fd);
}

data_dir_lock::~data_dir_lock() {
  if (fd_ >= 0) ::close(fd_);  // releases the flock
}

store_result<std::unique_ptr<store>> open_sqlite_store(const std::string& data_dir, sync_mode sync,
                                                       live_log_limits limits) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(data_dir, ec) && !fs::is_directory(data_dir, ec)) {
    return std::unexpected("the data directory '" + data_dir + "' is not a directory");
  }
  fs::create_directories(data_dir, ec);
  if (ec) {
    return std::unexpected("cannot create the data directory '" + data_dir + "': " + ec.message());
  }
  auto lock = data_dir_lock::take(data_dir);
  if (!lock) return std::unexpected(lock.error());
  struct statvfs fs_info {};
  if (::statvfs(data_dir.c_str(), &fs_info) == 0 &&
      std::uintmax_t(fs_info.f_bavail) * fs_info.f_frsize < min_free_bytes) {
    return std::unexpected("the disk of the data directory '" + data_dir + "' is full (" +
                           std::to_string(std::uintmax_t(fs_info.f_bavail) * fs_info.f_frsize) +
                           " bytes free)");
  }
  const std::string path = (fs::path(data_dir) / database_file).string();
  // The write-ahead log's frames of a commit in one write (wal_writes.hpp).
  auto vfs = wal_writes_vfs::over_default();
  if (!vfs) return std::unexpected("cannot set up SQLite's file layer for '" + path + "'");
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db,
                           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                           vfs->name());
  if (rc != SQLITE_OK) {
    std::string message = "cannot open the database '" + path +
                          "': " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_close(db);
    return std::unexpected(message);
  }
  // Owns db, its VFS and the lock.
  auto s = std::make_unique<sqlite_store>(db, std::move(vfs), std::move(*lock), path);
  if (auto ok = s->prepare(sync); !ok) return std::unexpected(ok.error());
  return with_live_log(std::move(s), data_dir, sync, limits);
}

}  // namespace boardroom::server
