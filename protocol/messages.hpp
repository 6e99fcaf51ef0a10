#pragma once
// The closed set of requests a client can send, as typed structs, and their one parser (for
// game.move, request.hpp has a faster reader, held to this one by tests and the fuzzer).
//
// Every request's params are checked here: required fields present, types right, numbers in range,
// no unknown fields (a misspelt optional field would otherwise be silently ignored). The server
// sees only these structs, never raw JSON.

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/errors.hpp"
#include "protocol/rpc.hpp"

namespace boardroom::protocol {

inline constexpr int protocol_version = 1;
// Requests that list moves answer at most this many at once (a page); `sample` at most
// max_move_sample.
inline constexpr std::int64_t max_moves_page = 100'000;
inline constexpr int max_move_sample = 100;

struct hello {
  int protocol = protocol_version;
  std::string name;
  std::optional<std::string> resume_token;
  std::optional<std::string> password;  // log in to the account `name`
  // This connection's own game.move answers carry the move's event, which is then not sent to
  // it as a notification: one frame per move instead of two.
  bool move_event_in_result = false;
};
// Claims the identity's name as an account, with a password.
struct account_register {
  std::string password;
  bool bot = false;  // a program plays this account: it is shown as a bot wherever it appears
};
struct lobby_games {};
struct lobby_list {
  std::optional<std::string> game;
};
struct lobby_subscribe {
  std::optional<std::string> game;
};
struct lobby_unsubscribe {};
struct seat_bot {
  int seat = 0;
  std::string bot;  // a name from the game's catalogue entry ("random", "perfect")
};
struct room_create {
  std::string game;
  nlohmann::json params = nlohmann::json::object();
  std::optional<int> seats;  // default: the game's minimum player count
  bool is_public = true;
  std::optional<int> seat;                  // the seat the creator takes; absent: seat 0; -1: none
  bool auto_start = true;                   // start as soon as every seat is taken
  std::vector<seat_bot> bots;               // seats filled by built-in players
  bool practice = false;                    // unrated: players may ask for hints (game.analyze)
  std::optional<std::string> time_control;  // "fischer:5m+3s"; absent: none
  // A seat whose player is gone in a game of three or more: "bot" (default) or "retire".
  std::optional<std::string> vacated_seats;
  bool rated = false;    // the end changes the players' ratings (accounts only)
  bool berserk = false;  // players may go berserk (game.berserk); sudden death or Fischer only
};
struct room_join {
  std::string room;
  std::optional<int> seat;  // absent: the first free seat
  std::optional<std::string> invite_code;
};
struct room_spectate {
  std::string room;
  std::optional<std::string> invite_code;
};
struct room_leave {
  std::string room;
};
struct room_start {
  std::string room;
};
struct room_rematch {
  std::string room;
};
struct room_sync {
  std::string room;
  std::int64_t since = 0;  // the last version the client has
};
struct game_move {
  std::string room;
  std::string move;
  std::optional<std::int64_t> version;  // the room version the move was made against
};
struct game_resign {
  std::string room;
};
// Legal moves, four ways: the whole list (default), a page of it (`offset`, `limit`: Arimaa can
// have tens of thousands of turns), the parts legal after the part of a turn already chosen
// (`after`: Arimaa's steps one at a time), or `sample` moves drawn at random from every legal move
// (Esiema, whose sowings are too many to list).
struct game_legal_moves {
  std::string room;
  std::int64_t offset = 0;
  std::optional<std::int64_t> limit;
  std::optional<std::string> after;
  std::optional<int> sample;
};
// The position now, structured for drawing, with who may act.
struct game_view {
  std::string room;
};
struct game_analyze {
  std::string room;
};
struct game_offer_draw {  // offering when every other player has offered agrees to the draw
  std::string room;
};
struct game_decline_draw {
  std::string room;
};
// A line in the room's chat (events::chat); its channel follows from who writes it.
struct chat_send {
  std::string room;
  std::string text;
};
// Lines by `player` are hidden from the sender from now on (or shown again: muted false).
struct chat_mute {
  std::string player;
  bool muted = true;
};
struct admin_remove_chat {
  std::string room;
  std::string token;
  std::int64_t line = 0;  // the version of the chat event
};
// Before one's first move in a room that allows it: half the initial time for a bonus point in
// an arena tournament (docs/tournaments.md).
struct game_berserk {
  std::string room;
};
// Administrator requests carry the server's admin token (configuration) every time.
struct admin_abort {
  std::string room;
  std::string token;
  std::optional<std::string> note;  // why, for the record
};
struct admin_adjudicate {
  std::string room;
  std::string token;
  std::vector<int> ranks;  // per seat, 1 is best; equal ranks share a place
  std::optional<std::string> note;
};
struct admin_add_time {
  std::string room;
  std::string token;
  int seat = 0;
  std::int64_t seconds = 0;
};

// Tournaments (docs/tournaments.md). A director's requests (start, pair, set_result,
// add_player, remove_player, cancel) are the creator's, or anyone's with the admin token.
struct tournament_create {
  std::string name;
  std::string game;
  nlohmann::json params = nlohmann::json::object();
  std::string system;             // "round_robin", "swiss", "knockout", "tables", "arena"
  std::optional<int> table_size;  // players a game; default the game's minimum
  std::optional<int> rounds;      // swiss, tables: rounds; round_robin: cycles (1 or 2)
  std::optional<std::string> time_control;
  bool fixed_schedule = false;
  bool manual_pairing = false;          // the director pairs every round (swiss, tables)
  bool accelerated = false;             // swiss: Baku acceleration
  std::optional<int> duration_seconds;  // arena: how long it pairs
  std::optional<bool> berserk;  // arena: players may go berserk (default: where the clock allows)
  std::optional<std::int64_t> starts_at_ms;  // unix ms; absent: the director starts it
  bool rated = false;
  bool is_public = true;
  std::optional<int> min_rating;
  std::optional<int> max_rating;
  std::optional<int> max_players;
  std::optional<int> no_show_seconds;
};
struct tournament_list {};
struct tournament_get {
  std::string tournament;
};
struct tournament_watch {
  std::string tournament;
};
struct tournament_unwatch {
  std::string tournament;
};
struct tournament_join {
  std::string tournament;
  std::optional<std::string> invite_code;
};
struct tournament_withdraw {
  std::string tournament;
};
struct tournament_start {
  std::string tournament;
  std::optional<std::string> token;
};
struct tournament_cancel {
  std::string tournament;
  std::optional<std::string> token;
};
// The next round by hand: tables of player ids in seat order, and who sits out with a bye.
struct tournament_pair {
  std::string tournament;
  std::vector<std::vector<std::string>> tables;
  std::vector<std::string> byes;
  std::optional<std::string> token;
};
struct tournament_set_result {
  std::string tournament;
  int round = 0;
  int board = 0;
  std::vector<int> ranks;
  std::optional<std::string> token;
};
// An identity (by id) or a built-in player (by name) enters; only the director adds others.
struct tournament_add_player {
  std::string tournament;
  std::optional<std::string> player;
  std::optional<std::string> bot;
  std::optional<std::string> token;
};
struct tournament_remove_player {
  std::string tournament;
  std::string player;
  std::optional<std::string> token;
};

// Quick pairing: wait in the pool of games like this one until the server pairs you (a table of
// min_players to max_players, within the game's range), or, with `bot`, plays you against that
// built-in bot when nobody came in time.
struct seek_create {
  std::string game;
  nlohmann::json params = nlohmann::json::object();
  std::optional<std::string> time_control;
  bool rated = false;
  std::optional<int> max_gap;  // the widest rating difference ever accepted; absent: any
  std::optional<int> min_players;
  std::optional<int> max_players;
  std::optional<std::string> bot;
};
struct seek_cancel {
  std::string seek;
};
struct seek_list {
  std::optional<std::string> game;
};
// A two-player game offered to one identity (an id or an account's name) or a built-in bot
// ("bot:mcts"); `seat` is the challenger's (absent: drawn at random).
struct challenge_create {
  std::string to;
  std::string game;
  nlohmann::json params = nlohmann::json::object();
  std::optional<std::string> time_control;
  bool rated = false;
  std::optional<int> seat;
  std::optional<std::int64_t> expires_in_ms;
};
struct challenge_accept {
  std::string challenge;
};
struct challenge_decline {
  std::string challenge;
  std::optional<std::string> reason;
};
struct challenge_cancel {
  std::string challenge;
};

using message =
    std::variant<hello, lobby_games, lobby_list, lobby_subscribe, lobby_unsubscribe, room_create,
                 room_join, room_spectate, room_leave, room_start, room_rematch, room_sync,
                 game_move, game_resign, game_legal_moves, game_analyze, game_offer_draw,
                 game_decline_draw, game_berserk, chat_send, chat_mute, admin_remove_chat,
                 admin_abort, admin_adjudicate, admin_add_time, game_view, account_register,
                 tournament_create, tournament_list, tournament_get, tournament_watch,
                 tournament_unwatch, tournament_join, tournament_withdraw, tournament_start,
                 tournament_cancel, tournament_pair, tournament_set_result, tournament_add_player,
                 tournament_remove_player, seek_create, seek_cancel, seek_list, challenge_create,
                 challenge_accept, challenge_decline, challenge_cancel>;

// The tournament.* methods (the hub hands those to the tournament desk).
template <class T>
concept tournament_method = requires(const T& t) {
  t.tournament;
}
|| std::is_same_v<T, tournament_create> || std::is_same_v<T, tournament_list>;
bool is_tournament_request(const message& m);

// The seek.* and challenge.* methods (the hub hands those to the matchmaker).
template <class T>
concept matchmaking_method = std::is_same_v<T, seek_create> || std::is_same_v<T, seek_cancel> ||
    std::is_same_v<T, seek_list> || std::is_same_v<T, challenge_create> ||
    std::is_same_v<T, challenge_accept> || std::is_same_v<T, challenge_decline> ||
    std::is_same_v<T, challenge_cancel>;
bool is_matchmaking_request(const message& m);

// The method names, in the order of the variant's alternatives.
std::string_view method_name(const message& m);

std::expected<message, error> parse_message(const envelope& env);
// The checks parse_message() makes of a message once its fields are read: lengths, and the
// characters of names and texts.
std::optional<error> check_message(const message& m);

}  // namespace boardroom::protocol
