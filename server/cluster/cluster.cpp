#include "server/cluster/cluster.hpp"

#include <spdlog/spdlog.h>

namespace boardroom::server {

namespace leases {
namespace {

constexpr std::string_view room_prefix = "boardroom:room:";
constexpr std::string_view lobby_prefix = "boardroom:lobby:";
constexpr const char* nodes_key = "boardroom:nodes";
const std::string desk_key = "boardroom:desk";  // the node that runs tournaments and pairing
constexpr std::size_t renew_batch = 500;

std::string room_key(std::string_view room) {
  return std::string(room_prefix) + std::string(room);
}

// KEYS: leases; ARGV[1]: this node's URL, ARGV[2]: the lease in ms. 1 for each lease still ours
// (renewed), 0 for each that is not.
constexpr const char* renew_script = R"(
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out)";

// KEYS[1]: a lease; ARGV[1]: this node's URL. Deletes the lease only if it is ours.
constexpr const char* release_script = R"(
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0)";

}  // namespace
}  // namespace leases

store_result<std::unique_ptr<cluster>> cluster::join(const cluster_settings& settings) {
  if (settings.node_url.empty()) return std::unexpected("a cluster node needs its --node-url");
  if (settings.lease < std::chrono::milliseconds(300)) {
    return std::unexpected("--lease-ms must be at least 300");
  }
  // A Redis call never waits longer than a third of the period: a slow Redis must not stall
  // renewals past the fence.
  auto link = redis_link::open(settings.redis, settings.lease / 9);
  if (!link) return std::unexpected(link.error());
  return std::unique_ptr<cluster>(new cluster(settings, std::move(*link)));
}

store_result<bool> cluster::claim_key(const std::string& key) {
  auto sent = std::chrono::steady_clock::now();
  auto r = link_->command({"SET", key, url(), "NX", "PX", std::to_string(settings_.lease.count())});
  if (!r) return std::unexpected(r.error());
  if (r->is_nil()) return false;
  std::lock_guard lock(mutex_);
  held_[key] = fence_from(sent);
  return true;
}

store_result<std::optional<std::string>> cluster::owner_of_key(const std::string& key) {
  auto r = link_->command({"GET", key});
  if (!r) return std::unexpected(r.error());
  if (r->is_nil()) return std::optional<std::string>{};
  return std::optional<std::string>(r->text);
}

store_result<bool> cluster::claim(const std::string& room) {
  return claim_key(leases::room_key(room));
}

store_result<std::optional<std::string>> cluster::owner_of(const std::string& room) {
  return owner_of_key(leases::room_key(room));
}

store_result<bool> cluster::claim_desk() {
  return claim_key(leases::desk_key);
}

store_result<std::optional<std::string>> cluster::desk_owner() {
  return owner_of_key(leases::desk_key);
}

void cluster::release(const std::string& room) {
  std::string key = leases::room_key(room);
  {
    std::lock_guard lock(mutex_);
    held_.erase(key);
  }
  auto r = link_->command({"EVAL", leases::release_script, "1", key, url()});
  // Not fatal: the lease then expires by itself.
  if (!r) spdlog::warn("cannot release the lease of room {}: {}", room, r.error());
}

cluster::renewal cluster::renew() {
  std::vector<std::string> keys;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [key, until] : held_)
      keys.push_back(key);
  }
  renewal lost;
  for (std::size_t from = 0; from < keys.size(); from += leases::renew_batch) {
    std::size_t to = std::min(keys.size(), from + leases::renew_batch);
    std::vector<std::string> args{"EVAL", leases::renew_script, std::to_string(to - from)};
    args.insert(args.end(), keys.begin() + static_cast<std::ptrdiff_t>(from),
                keys.begin() + static_cast<std::ptrdiff_t>(to));
    args.push_back(url());
    args.push_back(std::to_string(settings_.lease.count()));
    auto sent = std::chrono::steady_clock::now();
    auto r = link_->command(args);
    if (!r) spdlog::warn("cannot renew {} leases: {}", to - from, r.error());
    std::lock_guard lock(mutex_);
    for (std::size_t i = from; i < to; ++i) {
      auto it = held_.find(keys[i]);
      if (it == held_.end()) continue;  // released meanwhile
      bool renewed = r && r->items.size() == to - from && r->items[i - from].integer == 1;
      if (renewed) {
        it->second = fence_from(sent);
        continue;
      }
      if (!r && it->second > std::chrono::steady_clock::now()) continue;  // again next time
      // Another node has it, or Redis has been out of reach for longer than the fence allows.
      if (keys[i] == leases::desk_key) {
        lost.desk = true;
      } else {
        lost.rooms.push_back(keys[i].substr(leases::room_prefix.size()));
      }
      held_.erase(it);
    }
  }
  return lost;
}

store_result<std::vector<std::string>> cluster::unowned(const std::vector<std::string>& rooms) {
  std::vector<std::string> out;
  for (std::size_t from = 0; from < rooms.size(); from += leases::renew_batch) {
    std::size_t to = std::min(rooms.size(), from + leases::renew_batch);
    std::vector<std::string> args{"MGET"};
    for (std::size_t i = from; i < to; ++i)
      args.push_back(leases::room_key(rooms[i]));
    auto r = link_->command(args);
    if (!r) return std::unexpected(r.error());
    for (std::size_t i = from; i < to && i - from < r->items.size(); ++i) {
      if (r->items[i - from].is_nil()) out.push_back(rooms[i]);
    }
  }
  return out;
}

bool cluster::holds(std::string_view room) const {
  return holds_key(leases::room_key(room));
}

bool cluster::holds_desk() const {
  return holds_key(leases::desk_key);
}

bool cluster::holds_key(const std::string& key) const {
  std::lock_guard lock(mutex_);
  auto it = held_.find(key);
  return it != held_.end() && std::chrono::steady_clock::now() < it->second;
}

std::vector<std::string> cluster::exchange_lobby(const std::string& listing) {
  std::string mine = std::string(leases::lobby_prefix) + url();
  std::string expiry = std::to_string(3 * period().count());
  std::vector<std::string> others;
  if (auto r = link_->command({"SET", mine, listing, "PX", expiry}); !r) {
    spdlog::warn("cannot publish the lobby: {}", r.error());
    return others;
  }
  (void)link_->command({"SADD", leases::nodes_key, url()});
  auto nodes = link_->command({"SMEMBERS", leases::nodes_key});
  if (!nodes) return others;
  std::vector<std::string> names;
  std::vector<std::string> keys{"MGET"};
  for (const auto& node : nodes->items) {
    if (node.text == url()) continue;
    names.push_back(node.text);
    keys.push_back(std::string(leases::lobby_prefix) + node.text);
  }
  if (names.empty()) return others;
  auto listings = link_->command(keys);  // one round trip for every other node
  if (!listings || listings->items.size() != names.size()) return others;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (listings->items[i].is_nil()) {
      // The node has not published for three periods: gone (it adds itself again if it is not).
      (void)link_->command({"SREM", leases::nodes_key, names[i]});
      continue;
    }
    others.push_back(std::move(listings->items[i].text));
  }
  return others;
}

}  // namespace boardroom::server
