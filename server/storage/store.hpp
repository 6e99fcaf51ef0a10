#pragma once
// Durable storage behind a small interface: identities, rooms and each room's append-only event
// log. Rooms and the hub see only this header; the SQL lives in one implementation
// (sqlite_store.cpp), so a client-server database can be added beside it without touching rooms.
//
// Contract for every implementation:
// - Each call is thread-safe (rooms call from their own strands, concurrently).
// - A call that returns success has made its change durable to the promised degree (see
//   sqlite_store.hpp); a call that fails has changed nothing. Rooms rely on this: an event is sent
//   to clients only after append_events() succeeded.
// - Errors are values: a sentence for the log, never an exception.

#include <cstdint>
#include <expected>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace boardroom::server {

template <class T>
using store_result = std::expected<T, std::string>;

enum class room_status { waiting, playing, finished, closed };

std::string_view status_text(room_status s);
std::optional<room_status> status_from_text(std::string_view text);

// A room's bots as stored: a JSON object from seat to bot name ({"1":"random"}), and back (what
// is not such an object reads as no bots).
std::string bots_text(const std::map<int, std::string>& bots);
std::map<int, std::string> bots_from_text(std::string_view text);

struct identity_record {
  std::string id;  // "p91539963d9d7e3e1"
  std::string name;
  std::string token_hash;  // sha256_hex of the resume token; the token itself is never stored
  std::int64_t created_ms = 0;
};

// What a room is made of before any event: enough to replay its log through the engine.
struct room_record {
  std::string id;
  std::string game;    // key: "sisyphos"
  std::string spec;    // canonical game spec: "sisyphos(edition=perlhuhn2007,move_limit=0)"
  std::string params;  // the resolved parameters as a JSON object (for people and queries)
  int seats = 2;       // as created; a start with fewer players is in the game_started event
  bool is_public = true;
  std::string invite_code;          // private rooms
  std::string creator;              // identity id
  std::uint64_t seed = 0;           // the engine's setup
  std::map<int, std::string> bots;  // seat -> bot name, as requested at creation
  bool practice = false;
  bool auto_start = true;
  room_status status = room_status::waiting;
  std::int64_t created_ms = 0;
  std::string time_control = "none";  // canonical text (server/time_control.hpp)
  std::string vacated_seats = "bot";  // "bot" or "retire" (room.hpp: vacated_policy)
  bool rated = false;                 // the game's end changes its players' ratings
  bool berserk = false;               // players may go berserk (game.berserk)
};

// One room event exactly as clients received it (the params of the room.event notification).
struct stored_event {
  std::int64_t version = 0;
  std::string body;  // JSON text
};

// An identity that claimed its name with a password. The name is unique among accounts, compared
// without regard to ASCII case; the password is kept only as its Argon2id hash.
struct account_record {
  std::string player;  // identity id
  std::string name;
  std::string password_hash;
  std::int64_t created_ms = 0;
  bool bot = false;  // a program plays it (account.register with bot)
};

// One player's rating in one game and speed class. `system` says how to read the numbers:
// "glicko2" (value: the rating, deviation: RD, volatility: sigma) or "weng-lin" (value: mu,
// deviation: sigma, volatility: 0). Stored as the last game left it; an idle Glicko-2 RD grows
// when read (server/ratings/rate_game.hpp).
struct rating_record {
  std::string player;
  std::string name;  // filled in by reads, for people
  std::string game;
  std::string speed;  // "bullet", "blitz", ... (server/rooms/time_control.hpp: speed_class)
  std::string system;
  double value = 0;
  double deviation = 0;
  double volatility = 0;
  int games = 0;
  std::int64_t updated_ms = 0;
};

// A rated game that ended: what its players' ratings change by, in the same transaction as the
// game_over event (a crash between the two cannot lose either).
struct rated_game {
  std::string game;
  std::string speed;
  std::string system;                // "glicko2" or "weng-lin"
  std::string model;                 // weng-lin: the model's name ("plackett-luce", ...)
  std::vector<std::string> players;  // identity ids, in seat order
  std::vector<int> ranks;            // 1 = first, equal ranks tie
  std::int64_t at_ms = 0;
};

// One change of one rating: the rating before (absent for a first game) and after.
struct rating_change {
  std::string room;
  std::string player;
  std::optional<rating_record> before;
  rating_record after;
  std::int64_t at_ms = 0;
};

// One room's part of a group commit (store::append_group).
struct event_append {
  std::string_view room;
  std::span<const stored_event> events;
  std::optional<room_status> status;
  const rated_game* rated = nullptr;  // the events end a rated game
  // A new room: its record goes in first, as create_room() would write it (`room` is its id,
  // `events` its first events, `status` unset).
  const room_record* created = nullptr;
};

// A new room's part of a group: its record and first events.
inline event_append room_creation(const room_record& room, std::span<const stored_event> events) {
  return {.room = room.id,
          .events = events,
          .status = std::nullopt,
          .rated = nullptr,
          .created = &room};
}

struct stored_room {
  room_record record;
  std::vector<stored_event> events;  // every event, by version from 1, without gaps
};

// Which finished games to list. Every filter is optional; a game is finished once a game_over
// event with an outcome is stored for it.
struct record_query {
  std::optional<std::string> game = std::nullopt;       // game key
  std::optional<std::string> player = std::nullopt;     // identity id or name, as seated
  std::optional<std::int64_t> from_ms = std::nullopt;   // finished at or after (unix ms)
  std::optional<std::int64_t> until_ms = std::nullopt;  // finished before (unix ms)
  bool public_only = true;                              // private rooms are left out of lists
  int limit = 50;
  int offset = 0;
};

struct record_player {
  int seat = 0;  // index among the players of the game
  std::string player;
  std::string name;
};

// One line of a list of finished games.
struct record_summary {
  std::string room;
  std::string game;
  std::string spec;
  std::int64_t created_ms = 0;
  std::int64_t finished_ms = 0;
  std::vector<record_player> players;
  std::string outcome;  // the game_over event's outcome, JSON text
};

struct record_page {
  std::int64_t total = 0;  // games that match, before limit and offset
  std::vector<record_summary> records;
};

// A tournament: its event log (server/tournaments/tournament.hpp folds it), and its status as
// the last event left it ("entry", "running", "finished", "cancelled").
struct stored_tournament {
  std::string id;
  std::string status;
  std::vector<std::string> events;  // JSON text, by sequence from 1
};

class store {
 public:
  virtual ~store() = default;

  // Inserts the identity, or updates the name of an existing one.
  virtual store_result<void> save_identity(const identity_record& identity) = 0;
  virtual store_result<std::optional<identity_record>> find_identity(
      std::string_view token_hash) = 0;

  // Deletes the identities created before `cutoff_ms` that never created a room nor sat in a game
  // that started, except those in `keep` (identities that are connected or in open rooms).
  // Returns how many went.
  virtual store_result<int> expire_identities(std::int64_t cutoff_ms,
                                              const std::vector<std::string>& keep) = 0;

  // The room and its first events, in one transaction.
  virtual store_result<void> create_room(const room_record& room,
                                         std::span<const stored_event> events) = 0;

  // Appends events (versions must continue the room's log) and, when given, sets the room's
  // status, in one transaction.
  virtual store_result<void> append_events(std::string_view room,
                                           std::span<const stored_event> events,
                                           std::optional<room_status> status) = 0;

  // Several rooms' appends made durable together (group commit, see journal.hpp): one result per
  // append, each what append_events() (or create_room(), for a new room) would have said; an
  // append that fails leaves the others standing. An append that ends a rated game changes its
  // players' ratings in the same transaction. The default makes them one at a time (without
  // ratings: a store that rates overrides it).
  virtual std::vector<store_result<void>> append_group(std::span<const event_append> group);
  // append_group(group), when that is no more than one write to the operating system's cache: no
  // transaction, no flush, no lock that another thread holds. Otherwise nothing is done and the
  // answer is std::nullopt. The journal offers every group here first, on the io thread that
  // closed it (journal.hpp). Default: std::nullopt.
  virtual std::optional<std::vector<store_result<void>>> append_at_once(
      std::span<const event_append> group) {
    return std::nullopt;
  }

  virtual store_result<void> set_status(std::string_view room, room_status status) = 0;

  // Accounts. create_account() makes the identity `player` an account: false, and nothing
  // changed, when another account has the name. find_account() looks a name up (ASCII case
  // ignored); account_of() an identity.
  virtual store_result<bool> create_account(const account_record& account) = 0;
  virtual store_result<std::optional<account_record>> find_account(std::string_view name) = 0;
  virtual store_result<std::optional<account_record>> account_of(std::string_view player) = 0;
  // One more resume token for an account (a log-in): the earlier ones keep working.
  virtual store_result<void> add_login_token(std::string_view player, std::string_view token_hash,
                                             std::int64_t created_ms) = 0;

  // Ratings: a game's leaderboard in one speed class (empty: all), best first (Glicko-2 by
  // rating, Weng-Lin by mu - 3 sigma), as stored (an idle RD is not grown here); a
  // player's ratings; a player's changes, the latest first.
  virtual store_result<std::vector<rating_record>> leaderboard(std::string_view game,
                                                               std::string_view speed, int limit,
                                                               int offset) = 0;
  virtual store_result<std::vector<rating_record>> ratings_of(std::string_view player) = 0;
  // A rating from history (an archive rated offline) for a player who has none yet in its game
  // and speed class: false, and nothing changed, when the player has one.
  virtual store_result<bool> seed_rating(const rating_record& rating) = 0;
  virtual store_result<std::vector<rating_change>> rating_history(std::string_view player,
                                                                  int limit) = 0;

  // Rooms whose status is waiting or playing, with their whole logs, oldest room first.
  virtual store_result<std::vector<stored_room>> load_unfinished_rooms() = 0;
  // The ids of those rooms, oldest first: what a cluster node looks through for rooms whose node
  // died (server/cluster/cluster.hpp). The default reads the logs too; a shared store overrides it.
  virtual store_result<std::vector<std::string>> unfinished_room_ids();
  // Any room, finished ones included (records, tests).
  virtual store_result<std::optional<stored_room>> load_room(std::string_view room) = 0;

  // Finished games, the most recently finished first.
  virtual store_result<record_page> find_records(const record_query& query) = 0;

  // Tournaments. Appending continues the log from `first` (1 for the `created` event, which
  // makes the tournament) and sets the status, in one transaction; a sequence already taken
  // fails and changes nothing.
  virtual store_result<void> append_tournament(std::string_view id, std::int64_t first,
                                               std::span<const std::string> events,
                                               std::string_view status) = 0;
  // Every tournament not finished or cancelled, with its log, oldest first; or one, any status.
  virtual store_result<std::vector<stored_tournament>> load_open_tournaments() = 0;
  virtual store_result<std::optional<stored_tournament>> load_tournament(std::string_view id) = 0;

 protected:
  // For implementations of append_group(): `in_one_transaction` makes the whole group durable at
  // once; should it refuse (a version already taken, an unknown room: a bug somewhere, not a full
  // disk), it is called again for each append alone, so that each gets exactly its own verdict
  // and one room's fault costs no other room its move. (Savepoints would isolate them too, at a
  // price every group would pay.)
  using transaction_of = std::function<store_result<void>(std::span<const event_append>)>;
  static std::vector<store_result<void>> commit_group(std::span<const event_append> group,
                                                      const transaction_of& in_one_transaction);
  // What a refused part of a group failed to do, in words: "cannot create room r1", "cannot
  // append to room r1", or for several appends "cannot append a group of events".
  static std::string group_failure(std::span<const event_append> part);
};

}  // namespace boardroom::server
