// The hub's part in a cluster (server/cluster/cluster.hpp): rooms under leases, requests for rooms
// elsewhere, the shared lobby, and taking over the rooms of a node that died.

#include <spdlog/spdlog.h>

#include "server/rooms/hub.hpp"
#include "server/tournaments/tournament_desk.hpp"

namespace boardroom::server {

using nlohmann::json;
using protocol::app_error;

protocol::error cluster_unavailable(const std::string& why) {
  return app_error("cluster_unavailable",
                   "the cluster cannot tell where rooms are right now (" + why + "); try again");
}

void hub::join_cluster(cluster& node, boost::asio::any_io_executor lookups) {
  cluster_ = &node;
  desk_ready_ = false;  // until this node claims the desk at start and restores it
  lookups_ = std::move(lookups);
  journal_.set_fence([&node](std::string_view room) { return node.holds(room); });
}

void hub::look_up(std::shared_ptr<peer> conn, json id, std::function<void()> lookup) {
  if (++lookups_pending_ > config_.limit.cluster_lookups) {
    --lookups_pending_;
    metrics_.count_refusal("cluster_lookups");
    return fail(*conn, id, cluster_unavailable("too many requests for rooms elsewhere at once"));
  }
  boost::asio::post(lookups_, [this, lookup = std::move(lookup)] {
    lookup();
    --lookups_pending_;
  });
}

void hub::room_not_here(std::shared_ptr<peer> conn, json id, std::string room_id) {
  look_up(conn, id, [this, conn, id, room_id = std::move(room_id)] {
    auto elsewhere = [&](const std::string& url) {
      auto e = app_error("room_elsewhere",
                         "room " + room_id + " is on another node: connect to " + url +
                             ", say hello with your resume token and ask again",
                         "room");
      e.url = url;
      fail(*conn, id, e);
    };
    auto moving = [&] {
      fail(*conn, id,
           app_error("room_moving",
                     "room " + room_id + " is being brought back on a node; ask again shortly",
                     "room"));
    };
    auto owner = cluster_->owner_of(room_id);
    if (!owner) return fail(*conn, id, cluster_unavailable(owner.error()));
    if (*owner) {
      // This node holds the lease but has not opened the room yet (a takeover under way).
      if (**owner == cluster_->url()) return moving();
      return elsewhere(**owner);
    }
    auto adopted = adopt(room_id);
    if (!adopted) return fail(*conn, id, cluster_unavailable(adopted.error()));
    switch (*adopted) {
      case adoption::adopted:
        return moving();
      case adoption::owned_elsewhere:
        if (auto now = cluster_->owner_of(room_id); now && *now) return elsewhere(**now);
        return moving();
      case adoption::unknown:
      case adoption::unreadable:
        return fail(*conn, id, app_error("unknown_room", "there is no room " + room_id, "room"));
    }
  });
}

std::optional<std::string> hub::desk_elsewhere() const {
  if (!cluster_) return std::nullopt;
  std::string url;
  {
    std::lock_guard lock(mutex_);
    url = desk_url_;
  }
  // ws://host:port/ws -> http://host:port (wss -> https)
  if (url.starts_with("ws")) url.replace(0, 2, "http");
  if (url.ends_with("/ws")) url.resize(url.size() - 3);
  if (url.empty()) return std::nullopt;
  return url;
}

void hub::desk_not_here(std::shared_ptr<peer> conn, json id) {
  look_up(conn, id, [this, conn, id] {
    auto owner = cluster_->desk_owner();
    if (!owner) return fail(*conn, id, cluster_unavailable(owner.error()));
    if (!*owner) {
      return fail(*conn, id, cluster_unavailable("no node runs the tournaments at this moment"));
    }
    if (**owner == cluster_->url()) {
      return fail(*conn, id, cluster_unavailable("this node is taking the tournaments over"));
    }
    auto e = app_error("desk_elsewhere",
                       "tournaments and quick pairing are run by another node: connect to " +
                           **owner + ", say hello with your resume token and ask again");
    e.url = **owner;
    fail(*conn, id, e);
  });
}

store_result<hub::adoption> hub::adopt(const std::string& room_id) {
  auto stored = store_.load_room(room_id);
  if (!stored) return std::unexpected(stored.error());
  if (!*stored || ((*stored)->record.status != room_status::waiting &&
                   (*stored)->record.status != room_status::playing)) {
    return adoption::unknown;
  }
  // A tournament's rooms go where the desk is, which records their results.
  if (is_tournament_id((*stored)->record.creator) && !cluster_->holds_desk()) {
    return adoption::owned_elsewhere;
  }
  auto mine = cluster_->claim(room_id);
  if (!mine) return std::unexpected(mine.error());
  if (!*mine) return adoption::owned_elsewhere;
  // The log may have grown between the read above and the claim (the old owner's last commit,
  // within its fence): read it again now that no one else can write it.
  stored = store_.load_room(room_id);
  if (!stored) {
    cluster_->release(room_id);
    return std::unexpected(stored.error());
  }
  if (!*stored) return adoption::unknown;
  auto ok = reinstate(**stored, true);
  if (!ok || *ok == reinstated::unreadable) cluster_->release(room_id);
  if (!ok) return std::unexpected(ok.error());
  if (*ok == reinstated::unreadable) return adoption::unreadable;
  if (*ok == reinstated::ended) return adoption::unknown;
  spdlog::info("took over room {}", room_id);
  return adoption::adopted;
}

void hub::cluster_tick() {
  // Leases first: a room whose lease is lost must stop here before anything else happens to it.
  auto lost = cluster_->renew();
  if (lost.desk) {
    // Only a node cut off from Redis for a whole lease gets here; another node runs the desk now.
    spdlog::error("lost the desk's lease: its tournaments and seeks stop here");
    desk_->shut_down();
    pairing_->shut_down();
  }
  for (const auto& room_id : lost.rooms) {
    std::shared_ptr<room> r;
    {
      std::lock_guard lock(mutex_);
      auto it = rooms_.find(room_id);
      if (it == rooms_.end()) continue;
      r = it->second;
      forget_room_locked(room_id, r->creator());
    }
    spdlog::warn("lost the lease of room {}: it is another node's now", room_id);
    r->evict();
  }

  // The shared lobby: every other node's public rooms, tournaments and seeks.
  std::vector<json> others;
  for (const auto& text : cluster_->exchange_lobby(lobby_.here().dump())) {
    auto listing = json::parse(text, nullptr, false);
    if (listing.is_object()) others.push_back(std::move(listing));
  }
  lobby_.set_elsewhere(others);

  // The desk, when no node runs it. Its tournaments come back a lease later: by then every lease
  // of the node that ran it has run out, so that all their rooms have come here (below) first.
  if (!cluster_->holds_desk()) {
    if (auto won = cluster_->claim_desk(); won && *won) {
      desk_due_ = std::chrono::steady_clock::now() + cluster_->lease();
    }
  }
  {
    auto owner = cluster_->holds_desk() ? store_result<std::optional<std::string>>{}
                                        : cluster_->desk_owner();
    std::lock_guard lock(mutex_);
    desk_url_ = owner && *owner ? **owner : "";
  }

  // Rooms that no node owns (their node died, or gave up its lease): take them over.
  auto ids = store_.unfinished_room_ids();
  if (!ids) return spdlog::warn("cannot look for rooms without a node: {}", ids.error());
  std::vector<std::string> candidates;
  for (auto& room_id : *ids) {
    if (!has_room(room_id)) candidates.push_back(std::move(room_id));
  }
  auto orphans = cluster_->unowned(candidates);
  if (!orphans) return spdlog::warn("cannot look for rooms without a node: {}", orphans.error());
  for (const auto& room_id : *orphans) {
    if (auto ok = adopt(room_id); !ok) spdlog::warn("room {}: {}", room_id, ok.error());
  }
  if (desk_due_ && std::chrono::steady_clock::now() >= *desk_due_) {
    desk_due_.reset();
    boost::asio::post(storage_exec_, [this] {
      if (auto n = desk_->restore(); !n) {
        spdlog::error("cannot take the tournaments over: {}", n.error());
      } else {
        spdlog::info("this node runs the tournaments ({} taken over) and quick pairing now", *n);
      }
      desk_ready_ = true;
    });
  }
}

}  // namespace boardroom::server
