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
};

// One room event exactly as clients received it (the params of the room.event notification).
struct stored_event {
  std::int64_t version = 0;
  std::string body;  // JSON text
};

// One room's part of a group commit (store::append_group).
struct event_append {
  std::string_view room;
  std::span<const stored_event> events;
  std::optional<room_status> status;
};

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
  // append, each what append_events() would have said; an append that fails leaves the others
  // standing. The default makes them one at a time.
  virtual std::vector<store_result<void>> append_group(std::span<const event_append> group);

  virtual store_result<void> set_status(std::string_view room, room_status status) = 0;

  // Rooms whose status is waiting or playing, with their whole logs, oldest room first.
  virtual store_result<std::vector<stored_room>> load_unfinished_rooms() = 0;
  // Any room, finished ones included (records, tests).
  virtual store_result<std::optional<stored_room>> load_room(std::string_view room) = 0;

  // Finished games, the most recently finished first.
  virtual store_result<record_page> find_records(const record_query& query) = 0;
};

}  // namespace boardroom::server
