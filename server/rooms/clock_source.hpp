#pragma once
// Where rooms read the time for their clocks. The server uses the steady clock; tests substitute
// a clock they move by hand, so no test has to sleep for a flag to fall.

#include <chrono>

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

}  // namespace boardroom::server
