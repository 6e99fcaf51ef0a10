#pragma once
// The wall clock in milliseconds since 1970, as events, records and the store carry time. (Room
// clocks read the steady clock through rooms/clock_source.hpp instead.)

#include <chrono>
#include <cstdint>

namespace boardroom::server {

inline std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace boardroom::server
