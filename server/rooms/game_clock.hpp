#pragma once
// The clocks of one game: whose clock runs, what every seat has left, when the running seat's flag
// falls. Pure arithmetic over the time points it is given; the room owns the time source and the
// timer, so tests drive this with any times they like.
//
// Readings (the `clocks` object of events and snapshots) say, for every seat, the time it has
// before its flag falls if its clock runs from the reading on: the running seat's time left in
// this move, the others' full allowance for their next move (their bank; or the time per move).
// A kind a game declares (Arimaa's) adds each seat's bank as `reserve_ms` and the game time used;
// once a seat has gone berserk, `berserk` says which seats have (so that a restart keeps it).

#include <chrono>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/rooms/time_control.hpp"

namespace boardroom::server {

class game_clock {
 public:
  using time_point = std::chrono::steady_clock::time_point;
  using milliseconds = std::chrono::milliseconds;

  game_clock() = default;  // untimed
  game_clock(time_control tc, int seats);

  const time_control& control() const { return tc_; }
  bool timed() const { return tc_.timed(); }
  int running() const { return running_; }

  // The game starts with `seat` to move (or nobody, -1).
  void start(int seat, time_point now);

  // The running seat moved at `now` (callers check flag_at first): its time is charged, then
  // `next` runs (-1: nobody, the game is over). The same seat may run again (Arimaa setup, a
  // Shiamgon decision after one's own placement): each decision is timed on its own.
  void moved(int next, time_point now);

  void stop(time_point now) { moved(-1, now); }

  // When the running seat's flag falls; nullopt when nobody runs or the game is untimed.
  std::optional<time_point> flag_at() const;
  // A declared game-time limit (Arimaa's G as a duration): when play is halted; nullopt when
  // there is no such limit.
  std::optional<time_point> halt_at() const;
  // A declared turn limit (Arimaa's G as turns): whether `moves` moves by `seats` seats have
  // used it up.
  bool turn_limit_reached(std::size_t moves, int seats) const;

  // Time given by an administrator: to the seat's bank (Fischer, sudden death, a declared kind:
  // Arimaa's reserve), or its current move (fixed time per move, correspondence).
  void add_time(int seat, milliseconds extra);

  // The seat goes berserk (time_control.hpp: berserkable()): its bank loses the penalty and its
  // moves earn no increment from now on. The room checks that it may.
  void berserk(int seat);
  bool berserk_of(int seat) const {
    return seat >= 0 && seat < static_cast<int>(berserk_.size()) && berserk_[seat];
  }

  nlohmann::json readings(time_point now) const;

  // After a restart: the clocks as the last stored reading left them, the running seat's move
  // going on from `now` with the time it had left then. Downtime is charged to nobody.
  void resume(const nlohmann::json& readings, time_point now);

 private:
  milliseconds allowance(int seat) const;  // a whole move's time, before it starts
  milliseconds used(time_point now) const;

  time_control tc_;
  std::vector<milliseconds> bank_;  // Fischer, sudden death: time left; declared: the bank
  std::vector<bool> berserk_;       // per seat: went berserk (no increment)
  int running_ = -1;
  time_point turn_started_{};
  milliseconds turn_extra_{0};  // given to the running move by an administrator (per-move kinds)
  milliseconds turn_prior_{0};  // used by the running move before a restart
  milliseconds game_used_{0};   // declared game-time limit: time used by completed moves
};

}  // namespace boardroom::server
