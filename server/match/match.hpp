#pragma once
// The game of one room as its event log makes it: seats, status, the engine state, the moves, the
// outcome, the standing draw offers. No sockets, no timers, no clock reads, no store.
//
// fold() is the one place where an event changes a game. The room folds the events it has just
// made durable; a restart folds a room's stored log; a finished game's record is built by folding
// its log. So a rule about what an event does lives here once, and a log that the rules cannot
// replay (a move the engine refuses, a position that differs) is found wherever it is read.
//
// Every fold checks the event against the game and says in words what does not fit. A match that
// refused an event is not used again: whoever folds a log throws it away (restore, records), and
// the room folds its new events into a copy that replaces its match only once they are durable.

#include <cstdint>
#include <expected>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/bot.hpp"
#include "engine/core/game.hpp"
#include "engine/core/registry.hpp"
#include "protocol/errors.hpp"
#include "protocol/events.hpp"
#include "server/match/seats.hpp"
#include "server/storage/store.hpp"  // room_status

namespace boardroom::server {

struct match_settings {
  engine::game_spec spec;
  int seats = 2;           // before the start; the empty ones are dropped when it starts
  std::uint64_t seed = 0;  // the engine's setup
};

// What a request (or a bot, a timer) asks of the game, with what it needs of the world already
// read: apply() reads no clock, so a time limit comes in as words saying which one was reached.
namespace commands {
// Before the start: a player (or a built-in one, `bot`) takes seat `seat`, or the first free one.
struct join {
  std::string player;
  std::string name;
  std::optional<int> seat;
  const engine::bot* bot = nullptr;
};
// Before the start: the seat is freed (`reason` "timeout" when the server frees it).
struct leave {
  int seat = 0;
  std::optional<std::string> reason;
};
// The game starts with the seated players, set up by the engine from the room's seed; a game the
// engine cannot set up with them ends at once (a game_over without outcome).
struct start {};
// `halts`: this move reaches the time control's limit on game turns (in words); play stops after
// it when the move does not end the game itself.
struct move {
  int seat = 0;
  std::string text;
  std::optional<std::string> halts;
};
// The seat loses a game that ends here (resigned, left, abandoned, flagged, a bot that failed).
struct forfeit {
  int seat = 0;
  std::string reason;
  std::string description;
};
struct offer_draw {
  int seat = 0;
};
struct decline_draw {
  int seat = 0;
};
// Before its first move the seat goes berserk; refused once it has moved, or went berserk. That
// the room allows it and its clock can is the room's to check.
struct berserk {
  int seat = 0;
};
// The administrator ends the game: with `ranks` per seat (adjudicated), or without (aborted).
struct administer {
  std::optional<std::vector<int>> ranks;
  std::string note;
};
// In a game of three or more, the seat leaves play and the engine skips it from now on; refused
// (`cannot_retire`) where the engine cannot retire it. Ends the game when one player is left.
struct retire {
  int seat = 0;
  std::string reason;  // "resignation", "left", "abandonment", "timeout"
};
// The built-in player `bot` plays the seat on.
struct take_over {
  int seat = 0;
  std::string reason;
  const engine::bot* bot = nullptr;
};
}  // namespace commands
using command =
    std::variant<commands::join, commands::leave, commands::start, commands::move,
                 commands::forfeit, commands::offer_draw, commands::decline_draw, commands::berserk,
                 commands::administer, commands::retire, commands::take_over>;

// Whether an event's `position` is this state's: the text without repetition history
// (position_text(), written since protocol 1.1) or the full one (to_text(), in older logs).
bool shows_position(const engine::state& s, const std::string& text);

// The `forced` events that follow a play or a retirement that led to `after`, in order.
std::vector<protocol::event_body> forced_events(const engine::state& after);

// A game ended without a result (admin.abort, a rematch a player left while it opened): every
// seat ranked first with no score, and why.
engine::outcome aborted_outcome(int seats, std::string why);

// Play stopped by a limit (Arimaa's G): the engine's rule decides, or it is a draw for a game
// without one; `why` names the limit.
engine::outcome halted_outcome(const engine::state& s, int seats, const std::string& why);

// A game that ended, as those who wait for it (a tournament) are told: the outcome (none when it
// ended without one), how many moves were played, and which seats went berserk.
struct game_end {
  std::optional<engine::outcome> outcome;
  int moves = 0;
  std::vector<bool> berserk;
};

class match {
 public:
  explicit match(match_settings settings);
  match(const match& other);  // the engine state is cloned
  match& operator=(const match& other);
  match(match&&) noexcept = default;
  match& operator=(match&&) noexcept = default;

  // Applies the next event of the log (its version must be version() + 1), or says why it cannot.
  std::expected<void, std::string> fold(const protocol::event& e);

  // The events a command makes, in order, or the error its sender gets; the match does not
  // change (the caller makes the events durable and folds them). An empty list: nothing to
  // record (a draw offered again). Clock readings are the caller's to add (server/rooms).
  std::expected<std::vector<protocol::event_body>, protocol::error> apply(const command& c) const;

  std::int64_t version() const { return version_; }
  std::int64_t position_version() const { return position_version_; }
  room_status status() const { return status_; }
  const engine::game& game() const { return *settings_->spec.game_ptr; }
  const match_settings& settings() const { return *settings_; }
  const std::vector<match_seat>& seats() const { return seats_; }
  int seat_count() const { return static_cast<int>(seats_.size()); }
  const engine::state* state() const { return state_.get(); }  // null before the start
  const std::vector<std::string>& moves() const { return moves_; }
  const std::optional<engine::outcome>& outcome() const { return outcome_; }
  const std::set<int>& draw_offers() const { return draw_offers_; }
  // The last clock readings in the log (game_started, move, seat_retired, time_added, berserk);
  // null when the game is untimed or has not started.
  const nlohmann::json& last_clocks() const { return last_clocks_; }

  game_end end() const;
  int seat_of(const std::string& player) const;  // -1: none
  int seats_taken() const;
  // The seated players in seat order: who plays once the game starts.
  std::vector<protocol::events::seated> players_seated() const;

 private:
  std::string fold_body(const protocol::event_body& body);
  std::expected<std::vector<protocol::event_body>, protocol::error> apply_join(
      const commands::join& c) const;
  std::expected<std::vector<protocol::event_body>, protocol::error> apply_start() const;
  std::expected<std::vector<protocol::event_body>, protocol::error> apply_retire(
      const commands::retire& c) const;
  std::expected<std::vector<protocol::event_body>, protocol::error> apply_move(
      const commands::move& c) const;
  std::expected<std::vector<protocol::event_body>, protocol::error> apply_draw_offer(
      const commands::offer_draw& c) const;
  std::expected<std::vector<protocol::event_body>, protocol::error> apply_administer(
      const commands::administer& c) const;

  // Shared, not copied, by the copy a room makes of its match for every batch: it never changes.
  std::shared_ptr<const match_settings> settings_;
  room_status status_ = room_status::waiting;
  std::vector<match_seat> seats_;
  std::unique_ptr<engine::state> state_;
  std::vector<std::string> moves_;  // canonical notation, in order
  std::optional<engine::outcome> outcome_;
  std::set<int> draw_offers_;  // seats offering a draw since the last move
  nlohmann::json last_clocks_;
  std::int64_t version_ = 0;
  std::int64_t position_version_ = 0;  // of the last event that changed the position
  std::size_t forced_folded_ = 0;      // `forced` events folded since the last play
};

}  // namespace boardroom::server
