#pragma once
// One connection to Redis through hiredis (Debian's libhiredis), for the cluster's leases and
// shared lobby. Commands are sent in argument form (binary-safe: no quoting), one at a time under
// a mutex, with a timeout, so a Redis that stops answering costs a caller at most that long. A
// broken connection is opened again at the next command.
//
// The address is `redis://HOST[:PORT]` (port 6379 by default) or `unix:PATH` for a local socket.

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/store.hpp"  // store_result: errors are sentences, as the store's

struct redisContext;

namespace boardroom::server {

// A reply, as far as the cluster reads them: nil, a string (bulk or status), an integer, or an
// array of replies.
struct redis_reply {
  enum class kind { nil, text, integer, array };
  kind type = kind::nil;
  std::string text;
  long long integer = 0;
  std::vector<redis_reply> items;

  bool is_nil() const { return type == kind::nil; }
};

class redis_link {
 public:
  // Connects (and says PING), or tells why not.
  static store_result<std::unique_ptr<redis_link>> open(std::string address,
                                                        std::chrono::milliseconds timeout);
  ~redis_link();
  redis_link(const redis_link&) = delete;
  redis_link& operator=(const redis_link&) = delete;

  // Thread-safe. An error reply from Redis is an error here too.
  store_result<redis_reply> command(const std::vector<std::string>& args);

  const std::string& address() const { return address_; }

 private:
  redis_link(std::string address, std::chrono::milliseconds timeout);
  store_result<void> connect();  // under mutex_

  std::string address_;
  std::chrono::milliseconds timeout_;
  std::mutex mutex_;
  redisContext* context_ = nullptr;
};

// Whether `text` has one of the two forms above (checked before anything is opened).
bool is_redis_address(std::string_view text);

}  // namespace boardroom::server
