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
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/bot.hpp"
#include "engine/core/game.hpp"
#include "engine/core/registry.hpp"
#include "protocol/events.hpp"
#include "server/match/seats.hpp"
#include "server/storage/store.hpp"  // room_status

namespace boardroom::server {

struct match_settings {
  engine::game_spec spec;
  int seats = 2;           // before the start; the empty ones are dropped when it starts
  std::uint64_t seed = 0;  // the engine's setup
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

  std::int64_t version() const { return version_; }
  std::int64_t position_version() const { return position_version_; }
  room_status status() const { return status_; }
  const engine::game& game() const { return *settings_.spec.game_ptr; }
  const match_settings& settings() const { return settings_; }
  const std::vector<match_seat>& seats() const { return seats_; }
  int seat_count() const { return static_cast<int>(seats_.size()); }
  const engine::state* state() const { return state_.get(); }  // null before the start
  const std::vector<std::string>& moves() const { return moves_; }
  const std::optional<engine::outcome>& outcome() const { return outcome_; }
  const std::set<int>& draw_offers() const { return draw_offers_; }
  // The last clock readings in the log (game_started, move, seat_retired, time_added); null
  // when the game is untimed or has not started.
  const nlohmann::json& last_clocks() const { return last_clocks_; }

  int seat_of(const std::string& player) const;  // -1: none
  int seats_taken() const;
  // The seated players in seat order: who plays once the game starts.
  std::vector<protocol::events::seated> players_seated() const;

 private:
  std::string fold_body(const protocol::event_body& body);

  match_settings settings_;
  room_status status_ = room_status::waiting;
  std::vector<match_seat> seats_;
  std::unique_ptr<engine::state> state_;
  std::vector<std::string> moves_;  // canonical notation, in order
  std::optional<engine::outcome> outcome_;
  std::set<int> draw_offers_;  // seats offering a draw since the last move
  nlohmann::json last_clocks_;
  std::int64_t version_ = 0;
  std::int64_t position_version_ = 0;  // of the last event that changed the position
};

}  // namespace boardroom::server
