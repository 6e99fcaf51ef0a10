#pragma once
// The one game loop both bridges share: a seated game followed event by event (room.sync after a
// gap), the engine asked whenever the bridge's seat must act, its move sent with game.move, until
// the game is over. Other notifications go to the mode that started the game (a challenge that
// arrives meanwhile).

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "bots/engine_adapter.hpp"
#include "bots/room_game.hpp"
#include "bots/rpc_connection.hpp"

namespace boardroom::bots {

struct loop_settings {
  // The longest an engine may take for one decision; 0: the time left on its clock and 10 s
  // more in a timed room, 10 minutes in an untimed one.
  std::chrono::milliseconds move_timeout{0};
};

class game_loop {
 public:
  game_loop(rpc_connection& conn, engine_adapter& engine, loop_settings settings,
            std::function<void(const json&)> other_notifications)
      : conn_(conn), engine_(engine), settings_(settings), other_(std::move(other_notifications)) {}

  // Plays `g` (the bridge seated, brought up to date from a snapshot) to its end. Throws
  // engine_failure when the engine fails (its illegal move included), server_failure when the
  // server cannot be reached or refuses what it must not.
  void play(room_game& g);

  // The game being played; null between games.
  const room_game* current() const { return current_; }
  // The room whose game play() left unfinished (it threw), for a caller that resigns it.
  const std::optional<std::string>& unfinished_room() const { return unfinished_; }

  // Handles one notification (an event of the current game, or anything else).
  void handle(const json& notification);

  // Brings `g` forward from the server (room.sync since its version).
  void sync(room_game& g);

 private:
  // Handles what the server has sent without waiting; whether the decision is still wanted.
  bool drain_and_still_my_turn();
  steady_clock::time_point decision_deadline(const room_game& g) const;

  rpc_connection& conn_;
  engine_adapter& engine_;
  loop_settings settings_;
  std::function<void(const json&)> other_;
  room_game* current_ = nullptr;
  std::optional<std::string> unfinished_;
};

}  // namespace boardroom::bots
