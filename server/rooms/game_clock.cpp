#include "server/rooms/game_clock.hpp"

#include <algorithm>

namespace boardroom::server {

using json = nlohmann::json;

game_clock::game_clock(time_control tc, int seats) : tc_(std::move(tc)) {
  milliseconds first{0};
  if (tc_.kind == clock_kind::sudden_death || tc_.kind == clock_kind::fischer) first = tc_.initial;
  if (tc_.kind == clock_kind::declared) first = tc_.rules->initial_bank();
  bank_.assign(static_cast<std::size_t>(std::max(seats, 0)), first);
  berserk_.assign(bank_.size(), false);
}

void game_clock::start(int seat, time_point now) {
  running_ = seat;
  turn_started_ = now;
  turn_extra_ = turn_prior_ = milliseconds(0);
}

game_clock::milliseconds game_clock::allowance(int seat) const {
  switch (tc_.kind) {
    case clock_kind::none:
      return milliseconds(0);
    case clock_kind::sudden_death:
    case clock_kind::fischer:
      return bank_[seat];
    case clock_kind::per_move:
    case clock_kind::correspondence:
      return tc_.per_move;
    case clock_kind::declared:
      return tc_.rules->turn_allowance(bank_[seat]);
  }
  return milliseconds(0);
}

game_clock::milliseconds game_clock::used(time_point now) const {
  return std::chrono::duration_cast<milliseconds>(now - turn_started_) + turn_prior_;
}

void game_clock::moved(int next, time_point now) {
  if (timed() && running_ >= 0) {
    const milliseconds u = used(now);
    milliseconds& bank = bank_[running_];
    switch (tc_.kind) {
      case clock_kind::sudden_death:
        bank = std::max(bank - u, milliseconds(0));
        break;
      case clock_kind::fischer:
        bank = std::max(bank - u, milliseconds(0)) +
               (berserk_[running_] ? milliseconds(0) : tc_.increment);
        break;
      case clock_kind::declared:
        bank = tc_.rules->bank_after_turn(bank, u);
        game_used_ += u;
        break;
      case clock_kind::none:
      case clock_kind::per_move:
      case clock_kind::correspondence:
        break;
    }
  }
  start(next, now);
}

std::optional<game_clock::time_point> game_clock::flag_at() const {
  if (!timed() || running_ < 0) return std::nullopt;
  return turn_started_ + allowance(running_) + turn_extra_ - turn_prior_;
}

std::optional<game_clock::time_point> game_clock::halt_at() const {
  if (tc_.kind != clock_kind::declared || tc_.rules->game_time().count() == 0 || running_ < 0) {
    return std::nullopt;
  }
  return turn_started_ + (tc_.rules->game_time() - game_used_) - turn_prior_;
}

bool game_clock::turn_limit_reached(std::size_t moves, int seats) const {
  return tc_.kind == clock_kind::declared && tc_.rules->game_turns() > 0 &&
         moves >=
             static_cast<std::size_t>(tc_.rules->game_turns()) * static_cast<std::size_t>(seats);
}

void game_clock::add_time(int seat, milliseconds extra) {
  if (seat < 0 || seat >= static_cast<int>(bank_.size())) return;
  if (tc_.kind == clock_kind::per_move || tc_.kind == clock_kind::correspondence) {
    if (seat == running_) turn_extra_ += extra;
    return;
  }
  bank_[seat] += extra;
}

void game_clock::berserk(int seat) {
  if (seat < 0 || seat >= static_cast<int>(bank_.size()) || berserk_[seat]) return;
  berserk_[seat] = true;
  bank_[seat] = std::max(bank_[seat] - berserk_penalty(tc_), milliseconds(0));
}

json game_clock::readings(time_point now) const {
  if (!timed()) return nullptr;
  json remaining = json::array();
  for (int i = 0; i < static_cast<int>(bank_.size()); ++i) {
    milliseconds left = allowance(i);
    if (i == running_) {
      left = std::max(std::chrono::duration_cast<milliseconds>(*flag_at() - now), milliseconds(0));
    }
    remaining.push_back(left.count());
  }
  json out{{"running", running_ >= 0 ? json(running_) : json(nullptr)},
           {"remaining_ms", std::move(remaining)}};
  if (tc_.kind == clock_kind::declared) {
    json reserve = json::array();
    for (auto r : bank_)
      reserve.push_back(r.count());
    out["reserve_ms"] = std::move(reserve);
    out["game_ms"] = (game_used_ + (running_ >= 0 ? used(now) : milliseconds(0))).count();
  }
  if (std::find(berserk_.begin(), berserk_.end(), true) != berserk_.end()) {
    out["berserk"] = berserk_;
  }
  return out;
}

void game_clock::resume(const json& readings, time_point now) {
  if (!timed() || !readings.is_object()) return;
  const json& remaining = readings.at("remaining_ms");
  const int running = readings.at("running").is_null() ? -1 : readings["running"].get<int>();
  if (const auto b = readings.find("berserk"); b != readings.end() && b->is_array()) {
    for (std::size_t i = 0; i < berserk_.size() && i < b->size(); ++i)
      berserk_[i] = (*b)[i].is_boolean() && (*b)[i].get<bool>();
  }
  switch (tc_.kind) {
    case clock_kind::sudden_death:
    case clock_kind::fischer:
      for (std::size_t i = 0; i < bank_.size() && i < remaining.size(); ++i)
        bank_[i] = milliseconds(remaining[i].get<std::int64_t>());
      break;
    case clock_kind::declared: {
      const json& reserve = readings.at("reserve_ms");
      for (std::size_t i = 0; i < bank_.size() && i < reserve.size(); ++i)
        bank_[i] = milliseconds(reserve[i].get<std::int64_t>());
      game_used_ = milliseconds(readings.at("game_ms").get<std::int64_t>());
      break;
    }
    case clock_kind::none:
    case clock_kind::per_move:
    case clock_kind::correspondence:
      break;
  }
  start(running, now);
  if (running >= 0 && running < static_cast<int>(remaining.size())) {
    // What the move had used when the reading was taken stays used; the rest is still its own.
    const milliseconds left(remaining[running].get<std::int64_t>());
    turn_prior_ = std::max(allowance(running) - left, milliseconds(0));
    if (tc_.kind == clock_kind::declared) game_used_ -= turn_prior_;
  }
}

}  // namespace boardroom::server
