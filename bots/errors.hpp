#pragma once
// What ends a bridge's run early, each with a sentence for its operator.

#include <stdexcept>
#include <string>

namespace boardroom::bots {

// The engine died, answered something the protocol does not allow, played an illegal move or
// did not answer in time.
struct engine_failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The server closed the connection, could not be reached, or refused what the bridge needs.
struct server_failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// SIGINT or SIGTERM arrived: the bridge winds down (bots/stop_signal.hpp).
struct stop_requested : std::runtime_error {
  explicit stop_requested(int signal)
      : std::runtime_error("stopped by signal " + std::to_string(signal)), signal_number(signal) {}
  int signal_number;
};

}  // namespace boardroom::bots
