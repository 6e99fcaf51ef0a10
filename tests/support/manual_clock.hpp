#pragma once
// A time source that moves only when a test says so: clocks and flags without sleeping.

#include <atomic>
#include <chrono>

#include "server/rooms/clock_source.hpp"

namespace boardroom::test {

class manual_clock final : public server::clock_source {
 public:
  std::chrono::steady_clock::time_point now() const override {
    return std::chrono::steady_clock::time_point(std::chrono::nanoseconds(ns_.load()));
  }
  void advance(std::chrono::nanoseconds d) { ns_ += d.count(); }

 private:
  std::atomic<std::int64_t> ns_{std::chrono::nanoseconds(std::chrono::hours(1)).count()};
};

}  // namespace boardroom::test
