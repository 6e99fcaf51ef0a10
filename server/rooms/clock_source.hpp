#pragma once
// Where rooms read the time for their clocks. The server uses the steady clock; tests substitute
// a clock they move by hand, so no test has to sleep for a flag to fall.

#include <chrono>
#include <cstdint>

namespace boardroom::server {

class clock_source {
 public:
  virtual ~clock_source() = default;
  virtual std::chrono::steady_clock::time_point now() const = 0;
};

class steady_clock_source final : public clock_source {
 public:
  std::chrono::steady_clock::time_point now() const override {
    return std::chrono::steady_clock::now();
  }
};

// The wall clock in milliseconds since 1970, as events, records and the store carry time.
inline std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace boardroom::server
