#include "server/cluster/redis_link.hpp"

#include <sys/time.h>

#include <charconv>
#include <optional>

#include <hiredis/hiredis.h>

namespace boardroom::server {

namespace redis {
namespace {

struct endpoint {
  std::string host;  // empty for a Unix socket
  int port = 6379;
  std::string path;
};

std::optional<endpoint> parse(std::string_view text) {
  if (text.starts_with("unix:") && text.size() > 5)
    return endpoint{"", 0, std::string(text.substr(5))};
  constexpr std::string_view scheme = "redis://";
  if (!text.starts_with(scheme)) return std::nullopt;
  std::string_view rest = text.substr(scheme.size());
  if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  endpoint e;
  if (auto colon = rest.rfind(':'); colon != std::string_view::npos) {
    std::string_view port = rest.substr(colon + 1);
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), e.port);
    if (ec != std::errc{} || end != port.data() + port.size() || e.port <= 0 || e.port > 65535)
      return std::nullopt;
    rest = rest.substr(0, colon);
  }
  if (rest.empty() || rest.find_first_of("/@?") != std::string_view::npos) return std::nullopt;
  e.host = std::string(rest);
  return e;
}

timeval to_timeval(std::chrono::milliseconds ms) {
  return {static_cast<time_t>(ms.count() / 1000),
          static_cast<suseconds_t>(ms.count() % 1000 * 1000)};
}

redis_reply convert(const redisReply& r) {
  redis_reply out;
  switch (r.type) {
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
      out.type = redis_reply::kind::text;
      out.text.assign(r.str, r.len);
      break;
    case REDIS_REPLY_INTEGER:
      out.type = redis_reply::kind::integer;
      out.integer = r.integer;
      break;
    case REDIS_REPLY_ARRAY:
      out.type = redis_reply::kind::array;
      for (size_t i = 0; i < r.elements; ++i)
        out.items.push_back(convert(*r.element[i]));
      break;
    default:
      break;  // nil
  }
  return out;
}

}  // namespace
}  // namespace redis

bool is_redis_address(std::string_view text) {
  return redis::parse(text).has_value();
}

redis_link::redis_link(std::string address, std::chrono::milliseconds timeout)
    : address_(std::move(address)), timeout_(timeout) {}

redis_link::~redis_link() {
  if (context_) redisFree(context_);
}

store_result<std::unique_ptr<redis_link>> redis_link::open(std::string address,
                                                           std::chrono::milliseconds timeout) {
  if (!is_redis_address(address)) {
    return std::unexpected("--redis must be redis://HOST[:PORT] or unix:PATH, not '" + address +
                           "'");
  }
  std::unique_ptr<redis_link> link(new redis_link(std::move(address), timeout));
  if (auto ok = link->command({"PING"}); !ok) return std::unexpected(ok.error());
  return link;
}

store_result<void> redis_link::connect() {
  if (context_) redisFree(context_);
  auto where = *redis::parse(address_);
  timeval tv = redis::to_timeval(timeout_);
  context_ = where.host.empty() ? redisConnectUnixWithTimeout(where.path.c_str(), tv)
                                : redisConnectWithTimeout(where.host.c_str(), where.port, tv);
  if (!context_ || context_->err) {
    std::string why = context_ ? context_->errstr : "out of memory";
    if (context_) redisFree(context_);
    context_ = nullptr;
    return std::unexpected("cannot connect to Redis at " + address_ + ": " + why);
  }
  redisSetTimeout(context_, tv);
  return {};
}

store_result<redis_reply> redis_link::command(const std::vector<std::string>& args) {
  std::lock_guard lock(mutex_);
  // One retry on a fresh connection: the old one may have been closed by Redis meanwhile.
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!context_) {
      if (auto ok = connect(); !ok) return std::unexpected(ok.error());
    }
    std::vector<const char*> argv;
    std::vector<size_t> lengths;
    for (const auto& a : args) {
      argv.push_back(a.data());
      lengths.push_back(a.size());
    }
    auto* raw = static_cast<redisReply*>(
        redisCommandArgv(context_, static_cast<int>(args.size()), argv.data(), lengths.data()));
    if (!raw) {
      std::string why = context_->errstr;
      redisFree(context_);
      context_ = nullptr;
      if (attempt == 1) return std::unexpected("Redis at " + address_ + ": " + why);
      continue;
    }
    std::unique_ptr<redisReply, void (*)(void*)> reply(raw, freeReplyObject);
    if (reply->type == REDIS_REPLY_ERROR) {
      return std::unexpected("Redis refused " + args.front() + ": " +
                             std::string(reply->str, reply->len));
    }
    return redis::convert(*reply);
  }
  return std::unexpected("Redis at " + address_ + " cannot be reached");
}

}  // namespace boardroom::server
