#include "server/storage/postgres_store.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/ratings/rate_game.hpp"
#include "server/storage/libpq.hpp"
#include "server/unix_time.hpp"

namespace boardroom::server {

bool is_postgres_url(std::string_view text) {
  return text.starts_with("postgresql://") || text.starts_with("postgres://");
}

std::string redacted_url(std::string_view url) {
  auto scheme = url.find("://");
  if (scheme == std::string_view::npos) {  // keyword form: "host=… password=secret …"
    auto key = url.find("password=");
    if (key == std::string_view::npos) return std::string(url);
    auto end = url.find(' ', key);
    return std::string(url.substr(0, key)) + "password=***" +
           (end == std::string_view::npos ? "" : std::string(url.substr(end)));
  }
  auto start = scheme + 3;
  auto at = url.find('@', start);
  auto slash = url.find('/', start);
  if (at == std::string_view::npos || (slash != std::string_view::npos && slash < at))
    return std::string(url);
  auto colon = url.find(':', start);
  if (colon == std::string_view::npos || colon > at) return std::string(url);
  return std::string(url.substr(0, colon + 1)) + "***" + std::string(url.substr(at));
}

// Named, not only anonymous: the storage files are compiled in unity batches, whose anonymous
// namespaces would otherwise share these helpers' names.
namespace postgres {
namespace {

using libpq::result_ptr;

// Migration i brings the schema from version i to i + 1. Never change one that has shipped:
// append another. Version 1 is the embedded store's schema at its version 7, in PostgreSQL's
// words: the same tables and columns (so `boardroom migrate` copies them by name), bigint for
// SQLite's integers, double precision for its reals; account names unique without regard to
// ASCII case, as SQLite's NOCASE compares them.
constexpr std::array<const char*, 1> migrations{R"sql(
CREATE FUNCTION ascii_lower(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate(t, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $$;
CREATE TABLE identities (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  token_hash  text NOT NULL UNIQUE,  -- sha256 of the resume token, hex
  created_ms  bigint NOT NULL
);
CREATE TABLE rooms (
  id            text PRIMARY KEY,
  game          text NOT NULL,
  spec          text NOT NULL,
  params        text NOT NULL,       -- JSON object
  seats         bigint NOT NULL,
  public        bigint NOT NULL,
  invite_code   text NOT NULL,
  creator       text NOT NULL REFERENCES identities (id),
  seed          bigint NOT NULL,     -- the unsigned 64-bit seed's bits
  bots          text NOT NULL,       -- JSON object: seat -> bot name
  practice      bigint NOT NULL,
  auto_start    bigint NOT NULL,
  status        text NOT NULL CHECK (status IN ('waiting', 'playing', 'finished', 'closed')),
  created_ms    bigint NOT NULL,
  time_control  text NOT NULL,       -- canonical text: "none", "fischer:5m+3s", ...
  vacated_seats text NOT NULL DEFAULT 'bot',
  rated         bigint NOT NULL DEFAULT 0,
  berserk       bigint NOT NULL DEFAULT 0
);
CREATE INDEX rooms_by_status ON rooms (status);
CREATE TABLE events (                -- append-only
  room        text NOT NULL REFERENCES rooms (id),
  version     bigint NOT NULL,
  body        text NOT NULL,         -- the room.event params, as sent (text: byte for byte)
  PRIMARY KEY (room, version)
);
CREATE TABLE server_starts (
  started_ms  bigint NOT NULL
);
CREATE TABLE finished_games (
  room        text PRIMARY KEY REFERENCES rooms (id),
  game        text NOT NULL,
  finished_ms bigint NOT NULL,
  outcome     text NOT NULL
);
CREATE INDEX finished_games_by_time ON finished_games (finished_ms);
CREATE INDEX finished_games_by_game ON finished_games (game, finished_ms);
CREATE TABLE game_players (
  room        text NOT NULL REFERENCES rooms (id),
  seat        bigint NOT NULL,
  player      text NOT NULL,
  name        text NOT NULL,
  PRIMARY KEY (room, seat)
);
CREATE INDEX game_players_by_player ON game_players (player);
CREATE INDEX game_players_by_name ON game_players (name);
-- The index of finished games, kept as in the embedded store by a trigger on events. The cheap
-- test in WHEN spares every other event the JSON parse.
CREATE FUNCTION index_finished_game() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event json := NEW.body::json;
BEGIN
  IF event->>'type' = 'game_over' AND json_typeof(event->'outcome') = 'object' THEN
    INSERT INTO finished_games (room, game, finished_ms, outcome)
      SELECT id, game, (event->>'at')::bigint, (event->'outcome')::text
      FROM rooms WHERE id = NEW.room
      ON CONFLICT DO NOTHING;
    INSERT INTO game_players (room, seat, player, name)
      SELECT NEW.room, p.seat - 1, p.value->>'player', p.value->>'name'
      FROM events AS e,
           json_array_elements(e.body::json->'players') WITH ORDINALITY AS p(value, seat)
      WHERE e.room = NEW.room AND strpos(e.body, '"game_started"') > 0
        AND e.body::json->>'type' = 'game_started'
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER index_finished_game AFTER INSERT ON events FOR EACH ROW
  WHEN (strpos(NEW.body, '"game_over"') > 0) EXECUTE FUNCTION index_finished_game();
CREATE TABLE accounts (
  player        text PRIMARY KEY REFERENCES identities (id),
  name          text NOT NULL,
  password_hash text NOT NULL,
  created_ms    bigint NOT NULL,
  bot           bigint NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX accounts_by_name ON accounts (ascii_lower(name));
CREATE TABLE login_tokens (
  token_hash  text PRIMARY KEY,
  player      text NOT NULL REFERENCES identities (id),
  created_ms  bigint NOT NULL
);
CREATE TABLE ratings (
  player      text NOT NULL REFERENCES identities (id),
  game        text NOT NULL,
  speed       text NOT NULL,
  system      text NOT NULL CHECK (system IN ('glicko2', 'weng-lin')),
  value       double precision NOT NULL,
  deviation   double precision NOT NULL,
  volatility  double precision NOT NULL,
  games       bigint NOT NULL,
  updated_ms  bigint NOT NULL,
  PRIMARY KEY (player, game, speed)
);
CREATE INDEX ratings_by_game ON ratings (game, speed);
CREATE TABLE rating_history (
  room              text NOT NULL REFERENCES rooms (id),
  player            text NOT NULL REFERENCES identities (id),
  game              text NOT NULL,
  speed             text NOT NULL,
  system            text NOT NULL,
  value_before      double precision,
  deviation_before  double precision,
  volatility_before double precision,
  value             double precision NOT NULL,
  deviation         double precision NOT NULL,
  volatility        double precision NOT NULL,
  games             bigint NOT NULL,
  at_ms             bigint NOT NULL,
  PRIMARY KEY (room, player)
);
CREATE INDEX rating_history_by_player ON rating_history (player, at_ms);
CREATE TABLE tournaments (
  id          text PRIMARY KEY,
  status      text NOT NULL CHECK (status IN ('entry', 'running', 'finished', 'cancelled')),
  created_ms  bigint NOT NULL
);
CREATE TABLE tournament_events (
  tournament  text NOT NULL REFERENCES tournaments (id),
  seq         bigint NOT NULL,
  body        text NOT NULL,
  PRIMARY KEY (tournament, seq)
);
)sql"};

// The advisory lock keys: one for the server that uses the database, one that serializes the
// migrations of servers starting together. Arbitrary, fixed: "boardroo" and "boardrom".
constexpr const char* server_lock_key = "7017786118584823663";
constexpr const char* migration_lock_key = "7017786118584823661";

// Text orders as SQLite's BINARY does (byte by byte) whatever the database's collation.
constexpr const char* record_filter =
    " FROM finished_games AS f JOIN rooms AS r ON r.id = f.room"
    " WHERE ($1::text IS NULL OR f.game = $1)"
    " AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM game_players AS g"
    " WHERE g.room = f.room AND (g.player = $2 OR g.name = $2)))"
    " AND ($3::bigint IS NULL OR f.finished_ms >= $3) AND ($4::bigint IS NULL OR f.finished_ms < "
    "$4)"
    " AND ($5::bigint = 0 OR r.public = 1)";

constexpr const char* insert_rating =
    "INSERT INTO ratings (player, game, speed, system, value, deviation, volatility, games, "
    "updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ";

constexpr const char* rating_columns =
    "r.player, i.name, r.game, r.speed, r.system, r.value, r.deviation, r.volatility, r.games, "
    "r.updated_ms";

constexpr const char* room_columns =
    "id, game, spec, params, seats, public, invite_code, creator, seed, bots, practice, "
    "auto_start, status, created_ms, time_control, vacated_seats, rated, berserk";

// Every statement the store runs, prepared once per connection under its name.
struct statement {
  const char* name;
  std::string sql;
};

std::vector<statement> statements() {
  return {
      {"save_identity",
       "INSERT INTO identities (id, name, token_hash, created_ms) VALUES ($1, $2, $3, $4) "
       "ON CONFLICT (id) DO UPDATE SET name = excluded.name"},
      {"find_identity",
       "SELECT id, name, token_hash, created_ms FROM identities WHERE token_hash = $1 "
       "UNION ALL SELECT i.id, i.name, t.token_hash, i.created_ms FROM login_tokens AS t "
       "JOIN identities AS i ON i.id = t.player WHERE t.token_hash = $1 LIMIT 1"},
      {"expire_identities",
       "DELETE FROM identities WHERE created_ms < $1 "
       "AND id NOT IN (SELECT player FROM accounts) "
       "AND id NOT IN (SELECT creator FROM rooms) "
       "AND id NOT IN (SELECT player FROM game_players) "
       "AND id NOT IN (SELECT json_array_elements_text($2::json))"},
      {"insert_room", std::string("INSERT INTO rooms (") + room_columns +
                          ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, "
                          "$15, $16, $17, $18)"},
      {"insert_event", "INSERT INTO events (room, version, body) VALUES ($1, $2, $3)"},
      {"set_status", "UPDATE rooms SET status = $2 WHERE id = $1"},
      {"unfinished_rooms", std::string("SELECT ") + room_columns +
                               " FROM rooms WHERE status IN ('waiting', 'playing') "
                               "ORDER BY created_ms, id COLLATE \"C\""},
      {"unfinished_room_ids",
       "SELECT id FROM rooms WHERE status IN ('waiting', 'playing') "
       "ORDER BY created_ms, id COLLATE \"C\""},
      {"room_by_id", std::string("SELECT ") + room_columns + " FROM rooms WHERE id = $1"},
      {"events_of", "SELECT version, body FROM events WHERE room = $1 ORDER BY version"},
      {"find_records", std::string("SELECT f.room, f.game, r.spec, r.created_ms, "
                                   "f.finished_ms, f.outcome") +
                           record_filter +
                           " ORDER BY f.finished_ms DESC, f.room COLLATE \"C\" LIMIT $6 OFFSET $7"},
      {"count_records", std::string("SELECT COUNT(*)") + record_filter},
      {"players_of", "SELECT seat, player, name FROM game_players WHERE room = $1 ORDER BY seat"},
      {"insert_account",
       "INSERT INTO accounts (player, name, password_hash, created_ms, bot) "
       "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING"},
      {"account_by_name",
       "SELECT player, name, password_hash, created_ms, bot FROM accounts "
       "WHERE ascii_lower(name) = ascii_lower($1)"},
      {"account_by_player",
       "SELECT player, name, password_hash, created_ms, bot FROM accounts WHERE player = $1"},
      {"insert_login_token",
       "INSERT INTO login_tokens (token_hash, player, created_ms) VALUES ($1, $2, $3)"},
      {"rating_of", std::string("SELECT ") + rating_columns +
                        " FROM ratings AS r JOIN identities AS i ON i.id = r.player"
                        " WHERE r.player = $1 AND r.game = $2 AND r.speed = $3"},
      {"save_rating",
       std::string(insert_rating) +
           "ON CONFLICT (player, game, speed) DO UPDATE SET system = excluded.system, "
           "value = excluded.value, deviation = excluded.deviation, "
           "volatility = excluded.volatility, games = excluded.games, "
           "updated_ms = excluded.updated_ms"},
      {"seed_rating", std::string(insert_rating) + "ON CONFLICT (player, game, speed) DO NOTHING"},
      {"insert_rating_change",
       "INSERT INTO rating_history (room, player, game, speed, system, value_before, "
       "deviation_before, volatility_before, value, deviation, volatility, games, at_ms) "
       "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"},
      {"leaderboard", std::string("SELECT ") + rating_columns +
                          " FROM ratings AS r JOIN identities AS i ON i.id = r.player"
                          " WHERE r.game = $1 AND ($2 = '' OR r.speed = $2) ORDER BY"
                          " CASE r.system WHEN 'weng-lin' THEN r.value - 3 * r.deviation"
                          " ELSE r.value END DESC, r.player COLLATE \"C\" LIMIT $3 OFFSET $4"},
      {"ratings_of", std::string("SELECT ") + rating_columns +
                         " FROM ratings AS r JOIN identities AS i ON i.id = r.player"
                         " WHERE r.player = $1 ORDER BY r.game COLLATE \"C\", r.speed COLLATE "
                         "\"C\""},
      {"upsert_tournament",
       "INSERT INTO tournaments (id, status, created_ms) VALUES ($1, $2, $3)"
       " ON CONFLICT (id) DO UPDATE SET status = excluded.status"},
      {"insert_tournament_event",
       "INSERT INTO tournament_events (tournament, seq, body) VALUES ($1, $2, $3)"},
      {"open_tournaments",
       "SELECT id, status FROM tournaments WHERE status IN ('entry', 'running')"
       " ORDER BY created_ms, id COLLATE \"C\""},
      {"tournament_by_id", "SELECT id, status FROM tournaments WHERE id = $1"},
      {"tournament_events_of",
       "SELECT body FROM tournament_events WHERE tournament = $1 ORDER BY seq"},
      {"rating_history",
       "SELECT h.room, h.player, i.name, h.game, h.speed, h.system, h.value_before, "
       "h.deviation_before, h.volatility_before, h.value, h.deviation, h.volatility, "
       "h.games, h.at_ms FROM rating_history AS h JOIN identities AS i ON i.id = h.player "
       "WHERE h.player = $1 ORDER BY h.at_ms DESC, h.room COLLATE \"C\" LIMIT $2"},
  };
}

// A statement's parameters, all sent as text (PostgreSQL converts them to the columns' types);
// absent ones are NULL.
class params {
 public:
  params& text(std::string_view v) {
    values_.emplace_back(v);
    present_.push_back(true);
    return *this;
  }
  params& integer(std::int64_t v) { return text(std::to_string(v)); }
  // The shortest text that reads back as the same double.
  params& real(double v) {
    std::array<char, 32> buf{};
    auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v);
    return text(std::string_view(buf.data(), ec == std::errc{} ? end - buf.data() : 0));
  }
  params& null() {
    values_.emplace_back();
    present_.push_back(false);
    return *this;
  }
  params& text_or_null(const std::optional<std::string>& v) { return v ? text(*v) : null(); }
  params& integer_or_null(std::optional<std::int64_t> v) { return v ? integer(*v) : null(); }

  // The pointers libpq takes; valid while this object is unchanged.
  std::vector<const char*> pointers() const {
    std::vector<const char*> out;
    for (std::size_t i = 0; i < values_.size(); ++i)
      out.push_back(present_[i] ? values_[i].c_str() : nullptr);
    return out;
  }

 private:
  std::vector<std::string> values_;
  std::vector<bool> present_;
};

// The rows a statement returned.
class rows {
 public:
  explicit rows(result_ptr r) : r_(std::move(r)) {}
  int size() const { return PQntuples(r_.get()); }
  bool is_null(int row, int col) const { return PQgetisnull(r_.get(), row, col) != 0; }
  std::string text(int row, int col) const {
    return std::string(PQgetvalue(r_.get(), row, col),
                       static_cast<std::size_t>(PQgetlength(r_.get(), row, col)));
  }
  std::int64_t integer(int row, int col) const {
    std::int64_t v = 0;
    const char* p = PQgetvalue(r_.get(), row, col);
    std::from_chars(p, p + PQgetlength(r_.get(), row, col), v);
    return v;
  }
  double real(int row, int col) const {
    return std::strtod(PQgetvalue(r_.get(), row, col), nullptr);
  }
  // Rows a command changed (INSERT, UPDATE, DELETE).
  int changed() const { return std::atoi(PQcmdTuples(r_.get())); }

 private:
  result_ptr r_;
};

rating_record read_rating(const rows& r, int i) {
  rating_record out;
  out.player = r.text(i, 0);
  out.name = r.text(i, 1);
  out.game = r.text(i, 2);
  out.speed = r.text(i, 3);
  out.system = r.text(i, 4);
  out.value = r.real(i, 5);
  out.deviation = r.real(i, 6);
  out.volatility = r.real(i, 7);
  out.games = static_cast<int>(r.integer(i, 8));
  out.updated_ms = r.integer(i, 9);
  return out;
}

room_record read_room(const rows& r, int i) {
  room_record out;
  out.id = r.text(i, 0);
  out.game = r.text(i, 1);
  out.spec = r.text(i, 2);
  out.params = r.text(i, 3);
  out.seats = static_cast<int>(r.integer(i, 4));
  out.is_public = r.integer(i, 5) != 0;
  out.invite_code = r.text(i, 6);
  out.creator = r.text(i, 7);
  out.seed = std::bit_cast<std::uint64_t>(r.integer(i, 8));
  out.bots = bots_from_text(r.text(i, 9));
  out.practice = r.integer(i, 10) != 0;
  out.auto_start = r.integer(i, 11) != 0;
  out.status = status_from_text(r.text(i, 12)).value_or(room_status::closed);
  out.created_ms = r.integer(i, 13);
  out.time_control = r.text(i, 14);
  out.vacated_seats = r.text(i, 15);
  out.rated = r.integer(i, 16) != 0;
  out.berserk = r.integer(i, 17) != 0;
  return out;
}

params rating_params(const rating_record& r) {
  params p;
  p.text(r.player)
      .text(r.game)
      .text(r.speed)
      .text(r.system)
      .real(r.value)
      .real(r.deviation)
      .real(r.volatility)
      .integer(r.games)
      .integer(r.updated_ms);
  return p;
}

class postgres_store final : public store {
 public:
  postgres_store(std::string url, sync_mode sync, bool shared)
      : url_(std::move(url)), sync_(sync), shared_(shared) {}
  ~postgres_store() override {
    if (conn_) PQfinish(conn_);
  }

  store_result<void> open() {
    std::lock_guard lock(mutex_);
    return connect();
  }

  store_result<void> save_identity(const identity_record& identity) override {
    std::lock_guard lock(mutex_);
    auto done = run("save_identity", params()
                                         .text(identity.id)
                                         .text(identity.name)
                                         .text(identity.token_hash)
                                         .integer(identity.created_ms));
    if (!done) return std::unexpected("cannot save identity " + identity.id + ": " + done.error());
    return {};
  }

  store_result<std::optional<identity_record>> find_identity(std::string_view token_hash) override {
    std::lock_guard lock(mutex_);
    auto found = run("find_identity", params().text(token_hash));
    if (!found) return std::unexpected("cannot look up an identity: " + found.error());
    if (found->size() == 0) return std::optional<identity_record>{};
    return identity_record{found->text(0, 0), found->text(0, 1), found->text(0, 2),
                           found->integer(0, 3)};
  }

  store_result<int> expire_identities(std::int64_t cutoff_ms,
                                      const std::vector<std::string>& keep) override {
    std::lock_guard lock(mutex_);
    auto done =
        run("expire_identities", params().integer(cutoff_ms).text(nlohmann::json(keep).dump()));
    if (!done) return std::unexpected("cannot expire identities: " + done.error());
    return done->changed();
  }

  store_result<void> create_room(const room_record& room,
                                 std::span<const stored_event> events) override {
    std::lock_guard lock(mutex_);
    const event_append one = room_creation(room, events);
    return transaction(group_failure({&one, 1}), [&] { return apply(one); });
  }

  store_result<void> insert_room(const room_record& room) {
    auto done = run("insert_room", room_params(room));
    if (!done) return std::unexpected(done.error());
    return {};
  }

  static params room_params(const room_record& room) {
    return params()
        .text(room.id)
        .text(room.game)
        .text(room.spec)
        .text(room.params)
        .integer(room.seats)
        .integer(room.is_public)
        .text(room.invite_code)
        .text(room.creator)
        .integer(std::bit_cast<std::int64_t>(room.seed))
        .text(bots_text(room.bots))
        .integer(room.practice)
        .integer(room.auto_start)
        .text(status_text(room.status))
        .integer(room.created_ms)
        .text(room.time_control)
        .text(room.vacated_seats)
        .integer(room.rated)
        .integer(room.berserk);
  }

  store_result<void> append_events(std::string_view room, std::span<const stored_event> events,
                                   std::optional<room_status> status) override {
    std::lock_guard lock(mutex_);
    return transaction("cannot append to room " + std::string(room), [&] {
      return apply({room, events, status});
    });
  }

  std::vector<store_result<void>> append_group(std::span<const event_append> group) override {
    return commit_group(group, [&](std::span<const event_append> part) -> store_result<void> {
      std::lock_guard lock(mutex_);
      const std::string what = group_failure(part);
      if (pipelinable(part)) {
        auto done = append_pipelined(part);
        if (!done) return std::unexpected(what + ": " + done.error());
        return {};
      }
      return transaction(what, [&]() -> store_result<void> {
        for (const auto& a : part) {
          if (auto ok = apply(a); !ok) return ok;
        }
        return {};
      });
    });
  }

  store_result<void> set_status(std::string_view room, room_status status) override {
    std::lock_guard lock(mutex_);
    if (auto ok = update_status(room, status); !ok) {
      return std::unexpected("cannot set the status of room " + std::string(room) + ": " +
                             ok.error());
    }
    return {};
  }

  store_result<bool> create_account(const account_record& account) override {
    std::lock_guard lock(mutex_);
    auto done = run("insert_account", params()
                                          .text(account.player)
                                          .text(account.name)
                                          .text(account.password_hash)
                                          .integer(account.created_ms)
                                          .integer(account.bot ? 1 : 0));
    if (!done) {
      return std::unexpected("cannot create the account of " + account.player + ": " +
                             done.error());
    }
    return done->changed() == 1;  // 0: the name (or the identity) has an account
  }

  store_result<std::optional<account_record>> find_account(std::string_view name) override {
    std::lock_guard lock(mutex_);
    return read_account("account_by_name", name);
  }

  store_result<std::optional<account_record>> account_of(std::string_view player) override {
    std::lock_guard lock(mutex_);
    return read_account("account_by_player", player);
  }

  store_result<void> add_login_token(std::string_view player, std::string_view token_hash,
                                     std::int64_t created_ms) override {
    std::lock_guard lock(mutex_);
    auto done =
        run("insert_login_token", params().text(token_hash).text(player).integer(created_ms));
    if (!done) {
      return std::unexpected("cannot save a login of " + std::string(player) + ": " + done.error());
    }
    return {};
  }

  store_result<std::vector<rating_record>> leaderboard(std::string_view game,
                                                       std::string_view speed, int limit,
                                                       int offset) override {
    std::lock_guard lock(mutex_);
    return read_ratings("leaderboard",
                        params().text(game).text(speed).integer(limit).integer(offset),
                        "cannot read the ratings of " + std::string(game));
  }

  store_result<std::vector<rating_record>> ratings_of(std::string_view player) override {
    std::lock_guard lock(mutex_);
    return read_ratings("ratings_of", params().text(player),
                        "cannot read the ratings of " + std::string(player));
  }

  store_result<bool> seed_rating(const rating_record& r) override {
    std::lock_guard lock(mutex_);
    auto done = run("seed_rating", rating_params(r));
    if (!done) return std::unexpected("cannot seed a rating of " + r.player + ": " + done.error());
    return done->changed() == 1;
  }

  store_result<std::vector<rating_change>> rating_history(std::string_view player,
                                                          int limit) override {
    std::lock_guard lock(mutex_);
    auto found = run("rating_history", params().text(player).integer(limit));
    if (!found) return std::unexpected("cannot read a rating history: " + found.error());
    std::vector<rating_change> out;
    for (int i = 0; i < found->size(); ++i) {
      const rows& r = *found;
      rating_change c;
      c.room = r.text(i, 0);
      c.player = r.text(i, 1);
      c.after.player = c.player;
      c.after.name = r.text(i, 2);
      c.after.game = r.text(i, 3);
      c.after.speed = r.text(i, 4);
      c.after.system = r.text(i, 5);
      c.after.value = r.real(i, 9);
      c.after.deviation = r.real(i, 10);
      c.after.volatility = r.real(i, 11);
      c.after.games = static_cast<int>(r.integer(i, 12));
      c.at_ms = c.after.updated_ms = r.integer(i, 13);
      if (!r.is_null(i, 6)) {
        c.before = c.after;
        c.before->value = r.real(i, 6);
        c.before->deviation = r.real(i, 7);
        c.before->volatility = r.real(i, 8);
        c.before->games = c.after.games - 1;
      }
      out.push_back(std::move(c));
    }
    return out;
  }

  store_result<std::vector<stored_room>> load_unfinished_rooms() override {
    std::lock_guard lock(mutex_);
    auto found = run("unfinished_rooms", params());
    if (!found) return std::unexpected("cannot read the rooms: " + found.error());
    std::vector<stored_room> out;
    for (int i = 0; i < found->size(); ++i)
      out.push_back({read_room(*found, i), {}});
    for (auto& r : out) {
      if (auto ok = read_events(r); !ok) return std::unexpected(ok.error());
    }
    return out;
  }

  store_result<std::vector<std::string>> unfinished_room_ids() override {
    std::lock_guard lock(mutex_);
    auto found = run("unfinished_room_ids", params());
    if (!found) return std::unexpected("cannot read the rooms: " + found.error());
    std::vector<std::string> ids;
    for (int i = 0; i < found->size(); ++i)
      ids.push_back(found->text(i, 0));
    return ids;
  }

  store_result<std::optional<stored_room>> load_room(std::string_view room) override {
    std::lock_guard lock(mutex_);
    auto found = run("room_by_id", params().text(room));
    if (!found)
      return std::unexpected("cannot read room " + std::string(room) + ": " + found.error());
    if (found->size() == 0) return std::optional<stored_room>{};
    stored_room out{read_room(*found, 0), {}};
    if (auto ok = read_events(out); !ok) return std::unexpected(ok.error());
    return std::optional<stored_room>(std::move(out));
  }

  store_result<record_page> find_records(const record_query& query) override {
    std::lock_guard lock(mutex_);
    auto filter = [&] {
      params p;
      p.text_or_null(query.game)
          .text_or_null(query.player)
          .integer_or_null(query.from_ms)
          .integer_or_null(query.until_ms)
          .integer(query.public_only);
      return p;
    };
    record_page page;
    auto counted = run("count_records", filter());
    if (!counted) return std::unexpected("cannot count the records: " + counted.error());
    page.total = counted->integer(0, 0);
    auto found = run("find_records", filter().integer(query.limit).integer(query.offset));
    if (!found) return std::unexpected("cannot list the records: " + found.error());
    for (int i = 0; i < found->size(); ++i) {
      page.records.push_back({.room = found->text(i, 0),
                              .game = found->text(i, 1),
                              .spec = found->text(i, 2),
                              .created_ms = found->integer(i, 3),
                              .finished_ms = found->integer(i, 4),
                              .players = {},
                              .outcome = found->text(i, 5)});
    }
    for (auto& r : page.records) {
      auto players = run("players_of", params().text(r.room));
      if (!players)
        return std::unexpected("cannot read the players of " + r.room + ": " + players.error());
      for (int i = 0; i < players->size(); ++i) {
        r.players.push_back(
            {static_cast<int>(players->integer(i, 0)), players->text(i, 1), players->text(i, 2)});
      }
    }
    return page;
  }

  store_result<void> append_tournament(std::string_view id, std::int64_t first,
                                       std::span<const std::string> events,
                                       std::string_view status) override {
    std::lock_guard lock(mutex_);
    return transaction("cannot write tournament " + std::string(id), [&]() -> store_result<void> {
      if (auto ok = run("upsert_tournament", params().text(id).text(status).integer(unix_ms_now()));
          !ok)
        return std::unexpected(ok.error());
      std::int64_t seq = first;
      for (const auto& body : events) {
        if (auto ok = run("insert_tournament_event", params().text(id).integer(seq++).text(body));
            !ok)
          return std::unexpected(ok.error());
      }
      return {};
    });
  }

  store_result<std::vector<stored_tournament>> load_open_tournaments() override {
    std::lock_guard lock(mutex_);
    auto found = run("open_tournaments", params());
    if (!found) return std::unexpected("cannot read the tournaments: " + found.error());
    std::vector<stored_tournament> out;
    for (int i = 0; i < found->size(); ++i)
      out.push_back({found->text(i, 0), found->text(i, 1), {}});
    for (auto& t : out) {
      if (auto ok = read_tournament_events(t); !ok) return std::unexpected(ok.error());
    }
    return out;
  }

  store_result<std::optional<stored_tournament>> load_tournament(std::string_view id) override {
    std::lock_guard lock(mutex_);
    auto found = run("tournament_by_id", params().text(id));
    if (!found)
      return std::unexpected("cannot read tournament " + std::string(id) + ": " + found.error());
    if (found->size() == 0) return std::optional<stored_tournament>{};
    stored_tournament out{found->text(0, 0), found->text(0, 1), {}};
    if (auto ok = read_tournament_events(out); !ok) return std::unexpected(ok.error());
    return std::optional<stored_tournament>(std::move(out));
  }

 private:
  // The connection's last error, on one line, with the database it concerns.
  std::string connection_error() const {
    return libpq::error_text(conn_) + " (" + redacted_url(url_) + ")";
  }

  // Opens the connection (again, after a loss): settings, the server's lock, the migrations on
  // the first opening, and the prepared statements.
  store_result<void> connect() {
    if (conn_) PQfinish(conn_);
    conn_ = PQconnectdb(url_.c_str());
    if (!conn_ || PQstatus(conn_) != CONNECTION_OK)
      return std::unexpected("cannot connect to the database: " + connection_error());
    // Notices ("relation already exists, skipping") are not errors; they go nowhere.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
    std::string settings = std::string("SET synchronous_commit = ") +
                           (sync_ == sync_mode::full ? "on" : "off") +
                           "; SET client_encoding = 'UTF8'";
    if (auto ok = exec(settings); !ok) return ok;
    // A lone server holds the lock alone; the nodes of a cluster share it, and keep a lone
    // server out (and are kept out by one).
    auto locked = exec_rows(std::string(shared_ ? "SELECT pg_try_advisory_lock_shared("
                                                : "SELECT pg_try_advisory_lock(") +
                            server_lock_key + ")");
    if (!locked) return std::unexpected(locked.error());
    if (locked->text(0, 0) != "t") {
      return std::unexpected(
          "the database " + redacted_url(url_) + " is in use by " +
          (shared_ ? "a boardroom server outside the cluster" : "another boardroom server"));
    }
    if (!migrated_) {
      if (auto ok = migrate(); !ok) return ok;
      migrated_ = true;
    }
    for (const auto& s : statements()) {
      result_ptr r(PQprepare(conn_, s.name, s.sql.c_str(), 0, nullptr));
      if (PQresultStatus(r.get()) != PGRES_COMMAND_OK)
        return std::unexpected(std::string("cannot prepare ") + s.name + ": " + error_of(r));
    }
    return {};
  }

  std::string error_of(const result_ptr& r) const {
    const char* m = r ? PQresultErrorMessage(r.get()) : nullptr;
    return m && *m ? libpq::error_text(conn_, r.get()) : connection_error();
  }

  store_result<void> exec(const std::string& sql) { return libpq::exec(conn_, sql); }

  store_result<rows> exec_rows(const std::string& sql) {
    result_ptr r(PQexec(conn_, sql.c_str()));
    if (PQresultStatus(r.get()) == PGRES_TUPLES_OK) return rows(std::move(r));
    return std::unexpected(error_of(r));
  }

  store_result<void> migrate() {
    if (auto ok = exec("BEGIN"); !ok) return ok;
    auto body = [&]() -> store_result<void> {
      if (auto ok = exec(std::string("SELECT pg_advisory_xact_lock(") + migration_lock_key + ")");
          !ok)
        return ok;
      if (auto ok = exec("CREATE TABLE IF NOT EXISTS schema_version (version bigint NOT NULL)");
          !ok)
        return ok;
      auto current = exec_rows("SELECT COALESCE(MAX(version), 0) FROM schema_version");
      if (!current) return std::unexpected(current.error());
      auto version = static_cast<std::size_t>(current->integer(0, 0));
      if (version > migrations.size()) {
        return std::unexpected("the database " + redacted_url(url_) + " has schema version " +
                               std::to_string(version) + "; this server knows versions up to " +
                               std::to_string(migrations.size()) +
                               " (it was written by a newer boardroom)");
      }
      for (; version < migrations.size(); ++version) {
        if (auto ok = exec(migrations[version]); !ok) return ok;
        if (auto ok = exec("INSERT INTO schema_version (version) VALUES (" +
                           std::to_string(version + 1) + ")");
            !ok)
          return ok;
      }
      // A write at every start: a database that cannot be written is found now, not at a move.
      return exec("INSERT INTO server_starts (started_ms) VALUES (" +
                  std::to_string(unix_ms_now()) + ")");
    }();
    if (body) body = exec("COMMIT");
    if (!body) {
      exec("ROLLBACK");
      return std::unexpected("cannot prepare the database " + redacted_url(url_) + ": " +
                             body.error());
    }
    return {};
  }

  // One prepared statement. A connection found lost is opened again first (its prepared
  // statements with it); outside a transaction only, since a transaction dies with its connection.
  store_result<rows> run(const char* name, const params& p) {
    if (PQstatus(conn_) != CONNECTION_OK) {
      if (in_transaction_) return std::unexpected("the connection was lost: " + connection_error());
      if (auto ok = connect(); !ok) return std::unexpected(ok.error());
    }
    auto values = p.pointers();
    result_ptr r(PQexecPrepared(conn_, name, static_cast<int>(values.size()), values.data(),
                                nullptr, nullptr, 0));
    auto status = PQresultStatus(r.get());
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return rows(std::move(r));
    return std::unexpected(error_of(r));
  }

  template <class F>
  store_result<void> transaction(const std::string& what, F&& body) {
    if (PQstatus(conn_) != CONNECTION_OK) {
      if (auto ok = connect(); !ok) return std::unexpected(what + ": " + ok.error());
    }
    if (auto ok = exec("BEGIN"); !ok) return std::unexpected(what + ": " + ok.error());
    in_transaction_ = true;
    store_result<void> done = body();
    if (done) done = exec("COMMIT");
    in_transaction_ = false;
    if (done) return {};
    if (PQtransactionStatus(conn_) != PQTRANS_IDLE) exec("ROLLBACK");
    return std::unexpected(what + ": " + done.error());
  }

  // A group whose every append rates no game, and has events or opens its room, needs no answer
  // before its end, so it can go in one round trip. (A rated game's end reads the ratings first.
  // A new room's record goes before its events; an append's events refer to its room, so a status
  // change after them always finds the room's row.)
  static bool pipelinable(std::span<const event_append> part) {
    return std::ranges::all_of(
        part, [](const event_append& a) { return !a.rated && (a.created || !a.events.empty()); });
  }

  // BEGIN, every insert and status change, COMMIT: sent together in libpq's pipeline mode and
  // their results read after, one round trip instead of one per statement. An error aborts what
  // follows it up to the sync, the COMMIT included, and the transaction is rolled back.
  store_result<void> append_pipelined(std::span<const event_append> part) {
    if (PQstatus(conn_) != CONNECTION_OK) {
      if (auto ok = connect(); !ok) return ok;
    }
    if (PQenterPipelineMode(conn_) != 1) return std::unexpected(connection_error());
    int statements = 0;
    auto send_text = [&](const char* sql) {
      ++statements;
      return PQsendQueryParams(conn_, sql, 0, nullptr, nullptr, nullptr, nullptr, 0) == 1;
    };
    auto send = [&](const char* name, const params& p) {
      auto values = p.pointers();
      ++statements;
      return PQsendQueryPrepared(conn_, name, static_cast<int>(values.size()), values.data(),
                                 nullptr, nullptr, 0) == 1;
    };
    bool queued = send_text("BEGIN");
    for (const auto& a : part) {
      if (a.created) queued = queued && send("insert_room", room_params(*a.created));
      for (const auto& e : a.events)
        queued =
            queued && send("insert_event", params().text(a.room).integer(e.version).text(e.body));
      if (a.status)
        queued = queued && send("set_status", params().text(a.room).text(status_text(*a.status)));
    }
    queued = queued && send_text("COMMIT") && PQpipelineSync(conn_) == 1;
    std::string error = queued ? "" : connection_error();
    for (int i = 0; queued && i < statements; ++i) {
      result_ptr r(PQgetResult(conn_));
      if (error.empty() && PQresultStatus(r.get()) != PGRES_COMMAND_OK) error = error_of(r);
      while (result_ptr rest{PQgetResult(conn_)}) {  // the end of this statement's results
      }
    }
    if (queued) result_ptr sync(PQgetResult(conn_));  // PGRES_PIPELINE_SYNC
    PQexitPipelineMode(conn_);
    if (error.empty()) return {};
    if (PQstatus(conn_) == CONNECTION_OK && PQtransactionStatus(conn_) != PQTRANS_IDLE)
      exec("ROLLBACK");
    return std::unexpected(error);
  }

  store_result<void> apply(const event_append& a) {
    if (a.created) {
      if (auto ok = insert_room(*a.created); !ok) return ok;
    }
    if (auto ok = insert_events(a.room, a.events); !ok) return ok;
    if (a.status) {
      if (auto ok = update_status(a.room, *a.status); !ok) return ok;
    }
    if (a.rated) return rate(a.room, *a.rated);
    return {};
  }

  store_result<void> insert_events(std::string_view room, std::span<const stored_event> events) {
    for (const auto& e : events) {
      if (auto ok = run("insert_event", params().text(room).integer(e.version).text(e.body)); !ok)
        return std::unexpected(ok.error());
    }
    return {};
  }

  store_result<void> update_status(std::string_view room, room_status status) {
    auto done = run("set_status", params().text(room).text(status_text(status)));
    if (!done) return std::unexpected(done.error());
    if (done->changed() != 1) return std::unexpected("no room " + std::string(room));
    return {};
  }

  // As in the embedded store: the ratings before the game, the new ones, each with its change.
  store_result<void> rate(std::string_view room, const rated_game& g) {
    std::vector<std::optional<rating_record>> before;
    for (const auto& player : g.players) {
      auto found = read_ratings("rating_of", params().text(player).text(g.game).text(g.speed),
                                "cannot read a rating");
      if (!found) return std::unexpected(found.error());
      before.push_back(found->empty() ? std::nullopt : std::optional(found->front()));
    }
    auto after = rate_game(g, before);
    for (std::size_t i = 0; i < after.size(); ++i) {
      const rating_record& r = after[i];
      if (auto ok = run("save_rating", rating_params(r)); !ok) return std::unexpected(ok.error());
      params change;
      change.text(room).text(r.player).text(r.game).text(r.speed).text(r.system);
      if (before[i]) {
        change.real(before[i]->value).real(before[i]->deviation).real(before[i]->volatility);
      } else {
        change.null().null().null();
      }
      change.real(r.value).real(r.deviation).real(r.volatility).integer(r.games).integer(g.at_ms);
      if (auto ok = run("insert_rating_change", change); !ok) return std::unexpected(ok.error());
    }
    return {};
  }

  store_result<std::optional<account_record>> read_account(const char* statement,
                                                           std::string_view key) {
    auto found = run(statement, params().text(key));
    if (!found) return std::unexpected("cannot look up an account: " + found.error());
    if (found->size() == 0) return std::optional<account_record>{};
    return account_record{found->text(0, 0), found->text(0, 1), found->text(0, 2),
                          found->integer(0, 3), found->integer(0, 4) != 0};
  }

  store_result<std::vector<rating_record>> read_ratings(const char* statement, const params& p,
                                                        const std::string& what) {
    auto found = run(statement, p);
    if (!found) return std::unexpected(what + ": " + found.error());
    std::vector<rating_record> out;
    for (int i = 0; i < found->size(); ++i)
      out.push_back(read_rating(*found, i));
    return out;
  }

  store_result<void> read_events(stored_room& r) {
    auto found = run("events_of", params().text(r.record.id));
    if (!found)
      return std::unexpected("cannot read the events of " + r.record.id + ": " + found.error());
    for (int i = 0; i < found->size(); ++i)
      r.events.push_back({found->integer(i, 0), found->text(i, 1)});
    return {};
  }

  store_result<void> read_tournament_events(stored_tournament& t) {
    auto found = run("tournament_events_of", params().text(t.id));
    if (!found)
      return std::unexpected("cannot read the events of tournament " + t.id + ": " + found.error());
    for (int i = 0; i < found->size(); ++i)
      t.events.push_back(found->text(i, 0));
    return {};
  }

  std::string url_;
  sync_mode sync_;
  bool shared_;  // a cluster's node: the server lock is shared
  std::mutex mutex_;
  PGconn* conn_ = nullptr;
  bool migrated_ = false;
  bool in_transaction_ = false;
};

}  // namespace
}  // namespace postgres

store_result<std::unique_ptr<store>> open_postgres_store(const std::string& url, sync_mode sync,
                                                         bool shared) {
  auto s = std::make_unique<postgres::postgres_store>(url, sync, shared);
  if (auto ok = s->open(); !ok) return std::unexpected(ok.error());
  return std::unique_ptr<store>(std::move(s));
}

}  // namespace boardroom::server
