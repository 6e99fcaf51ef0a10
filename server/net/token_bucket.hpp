#pragma once
// A token bucket: `rate` tokens a second, at most `burst` saved up. One shape for every rate limit
// (requests per connection, connections, rooms and identities per address).

#include <algorithm>
#include <chrono>

namespace boardroom::server {

class token_bucket {
 public:
  using time_point = std::chrono::steady_clock::time_point;

  token_bucket(double rate, double burst, time_point now)
      : rate_(rate), burst_(burst), tokens_(burst), refilled_(now) {}

  // Takes one token if there is one.
  bool take(time_point now) {
    refill(now);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

  // Whether the bucket has refilled completely: it then remembers nothing worth keeping.
  bool full(time_point now) const {
    return tokens_ + std::chrono::duration<double>(now - refilled_).count() * rate_ >= burst_;
  }

 private:
  void refill(time_point now) {
    if (now <= refilled_) return;
    tokens_ =
        std::min(burst_, tokens_ + std::chrono::duration<double>(now - refilled_).count() * rate_);
    refilled_ = now;
  }

  double rate_;
  double burst_;
  double tokens_;
  time_point refilled_;
};

}  // namespace boardroom::server
