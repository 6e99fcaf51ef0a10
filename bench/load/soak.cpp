// The soak mode's player: it plays like any other, but at random moments its connection dies
// and it comes back the way the protocol says a client should (docs/protocol.md, "Events and
// versions" and "Disconnecting, leaving, coming back"): hello with its resume token, then
// room.sync from the last version it applied. On the way it checks the server's promise that
// every event of a room reaches it exactly once, live or through room.sync.

#include <set>

#include "bench/load/client.hpp"

namespace boardroom::load::detail {
namespace {

class soak_player final : public client {
 public:
  soak_player(net::io_context& io, const options& o, tally& t, std::shared_ptr<table> group,
              int seat)
      : client(io, o, t, role::player, std::move(group), seat),
        drop_timer_(strand_),
        back_timer_(strand_) {}

  void wind_down() override;

 private:
  // What this client has seen of one room it is a member of.
  struct room_log {
    std::int64_t last = 0;               // every version up to here applied, each once
    std::map<std::int64_t, json> ahead;  // arrived after a gap, waiting for room.sync
    std::set<std::int64_t> live;         // versions delivered on the current connection
    bool syncing = false;
    bool resume_sync = false;  // the sync after coming back
    bool audit = false;        // the final sync: whatever it brings, the live stream lost
    bool over = false;         // game_over applied
    bool leaving = false;
  };

  void on_connected() override;
  void on_connect_failed() override;
  void on_closed() override;
  void on_event(const json& e) override;
  void on_result(const pending_request& req, const json& r) override;
  void on_failure(const pending_request& req, const std::string& code) override;
  void join(const std::string& room) override;

  void schedule_drop();
  void drop();
  void come_back_later();
  void sync(const std::string& room, room_log& log);
  void synced(const std::string& room, room_log& log, std::int64_t since, const json& r);
  void apply(const std::string& room, room_log& log, const json& e);
  void drain(const std::string& room, room_log& log);
  void sync_done(room_log& log);
  void gone(const std::string& room);
  void resumed();
  void audit();

  soak_counts& counts() { return tally_.soak; }

  std::map<std::string, room_log> rooms_;
  std::string token_;
  bool resuming_ = false;  // from the new connection until every room is synced
  int resume_syncs_ = 0;
  std::string deferred_join_;  // told of a new room while away
  net::steady_timer drop_timer_;
  net::steady_timer back_timer_;
};

void soak_player::on_connected() {
  if (token_.empty()) {
    client::on_connected();
    if (!deferred_join_.empty()) client::join(std::exchange(deferred_join_, ""));
    return schedule_drop();
  }
  resuming_ = true;
  request("hello", hello_params({{"resume_token", token_}}));
}

void soak_player::schedule_drop() {
  if (opts_.drop_rate <= 0 || stopping) return;
  std::exponential_distribution<double> wait(opts_.drop_rate / 60.0);
  drop_timer_.expires_after(
      std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(wait(rng_))));
  drop_timer_.async_wait(
      [self = std::static_pointer_cast<soak_player>(shared_from_this())](beast::error_code ec) {
        if (!ec) self->drop();
      });
}

void soak_player::drop() {
  if (stopping) return;
  // Not while a room is being created, joined or left: the client would not know where it is.
  // That is a real client's problem too, but not the one this run looks for.
  if (!connected() || resuming_ || room_.empty() || awaiting("room.create") ||
      awaiting("room.join") || awaiting("room.leave")) {
    drop_timer_.expires_after(std::chrono::milliseconds(200));
    drop_timer_.async_wait(
        [self = std::static_pointer_cast<soak_player>(shared_from_this())](beast::error_code ec) {
          if (!ec) self->drop();
        });
    return;
  }
  ++counts().drops;
  drop_connection();
  come_back_later();
}

void soak_player::come_back_later() {
  paused_ = true;
  resuming_ = false;
  resume_syncs_ = 0;
  for (auto& [id, log] : rooms_) {
    log.live.clear();
    log.syncing = log.resume_sync = false;
  }
  // Well under the server's reconnect grace period (60 s by default): the seat is still held.
  back_timer_.expires_after(
      std::chrono::milliseconds(std::uniform_int_distribution(100, 1000)(rng_)));
  back_timer_.async_wait(
      [self = std::static_pointer_cast<soak_player>(shared_from_this())](beast::error_code ec) {
        if (!ec) self->connect();
      });
}

void soak_player::on_connect_failed() {
  if (token_.empty()) return;  // never got in: nothing to resume
  ++counts().failed_reconnects;
  come_back_later();
}

void soak_player::on_closed() {
  // The server closed the connection (a limit, a timeout): come back as after a drop.
  ++tally_.errors["closed_by_server"];
  drop_connection();
  if (!token_.empty()) come_back_later();
}

void soak_player::on_event(const json& e) {
  auto it = rooms_.find(e.value("room", ""));
  if (it == rooms_.end()) return;  // a room left already
  auto& [room, log] = *it;
  const std::int64_t v = e["version"];
  if (!log.live.insert(v).second) return ++counts().duplicated, void();  // twice on one connection
  if (v <= log.last) return ++counts().redelivered, void();
  if (v == log.last + 1) {
    apply(room, log, e);
    return drain(room, log);
  }
  log.ahead.emplace(v, e);
  if (log.syncing) return;  // the sync on its way brings the rest
  ++counts().live_gaps;
  sync(room, log);
}

void soak_player::sync(const std::string& room, room_log& log) {
  log.syncing = true;
  request("room.sync", {{"room", room}, {"since", log.last}});
}

void soak_player::on_result(const pending_request& req, const json& r) {
  if (req.method == "hello") {
    token_ = r["resume_token"];
    if (!resuming_) return;
    if (r.value("resumed", false)) {
      ++counts().resumes;
    } else {
      ++tally_.errors["not_resumed"];
    }
    std::set<std::string> listed;
    for (const auto& room : r["rooms"])
      listed.insert(room.get<std::string>());
    for (auto it = rooms_.begin(); it != rooms_.end();) {
      auto& [room, log] = *it;
      if (!listed.contains(room)) {
        if (!log.over) gone(room);
        it = rooms_.erase(it);
        continue;
      }
      log.resume_sync = true;
      ++resume_syncs_;
      sync(room, log);
      ++it;
    }
    if (resume_syncs_ == 0) resumed();
    return;
  }
  if (req.method == "room.create" || req.method == "room.join") {
    auto& log = rooms_[r["room"].get<std::string>()];
    log.last = r["snapshot"]["version"];  // the snapshot stands for every version up to its own
  } else if (req.method == "room.sync") {
    auto it = rooms_.find(r["room"].get<std::string>());
    if (it != rooms_.end()) synced(it->first, it->second, req.params["since"], r);
    return;
  } else if (req.method == "room.leave") {
    auto it = rooms_.find(r["room"].get<std::string>());
    if (it == rooms_.end()) return;
    if (it->second.over && it->second.ahead.empty()) ++counts().rooms_complete;
    rooms_.erase(it);
    return;
  }
  client::on_result(req, r);
}

void soak_player::synced(const std::string& room, room_log& log, std::int64_t since,
                         const json& r) {
  log.syncing = false;
  if (r.contains("snapshot")) {
    // The server no longer had every event after `since`: nothing to check, start over from it.
    ++counts().snapshot_syncs;
    const json& s = r["snapshot"];
    log.last = std::max(log.last, s["version"].get<std::int64_t>());
    log.ahead.erase(log.ahead.begin(), log.ahead.upper_bound(log.last));
    log.over = s["status"] != "waiting" && s["status"] != "playing";
    if (room == room_) {
      mirror_.reset();
      if (s["status"] == "playing") {
        auto made = table_->spec().game_ptr->state_from_text(table_->seats(), table_->spec().params,
                                                             s["position"].get<std::string>());
        if (made) mirror_ = std::move(*made);
      } else if (log.over && seat_ == 0 && !stopping) {
        ++tally_.games_finished;
        request("room.create", create_request());
      }
    }
  } else {
    for (const json& e : r["events"]) {
      const std::int64_t v = e["version"];
      if (v <= since) {
        ++counts().duplicated;  // the server sent what the client said it had
        continue;
      }
      if (v <= log.last) {
        ++counts().redelivered;  // applied live while the sync was on its way
        continue;
      }
      if (log.ahead.erase(v)) ++counts().redelivered;  // its live copy waited for this sync
      if (v > log.last + 1) {
        counts().lost += static_cast<std::uint64_t>(v - log.last - 1);  // a hole in the answer
        log.last = v - 1;
      }
      if (log.audit) ++counts().lost;  // the connection was up, yet it never came
      apply(room, log, e);
    }
    const std::int64_t version = r["version"];
    if (version > log.last) {
      counts().lost += static_cast<std::uint64_t>(version - log.last);
      log.last = version;
    }
  }
  if (log.audit) ++counts().rooms_audited;
  log.audit = false;
  drain(room, log);
  if (!log.ahead.empty() && !log.syncing) sync(room, log);
  sync_done(log);
}

void soak_player::sync_done(room_log& log) {
  if (!log.resume_sync) return;
  log.resume_sync = false;
  if (--resume_syncs_ == 0) resumed();
}

void soak_player::apply(const std::string& room, room_log& log, const json& e) {
  log.last = e["version"];
  ++counts().events;
  const std::string type = e["type"];
  if (type == "game_over") log.over = true;
  if (type == "game_started") {
    // Both players are here, so both are done with their previous rooms: leave those, which
    // closes them (finished rooms would otherwise stay for ten minutes and grow the server).
    for (auto& [id, other] : rooms_) {
      if (id == room || !other.over || other.leaving) continue;
      other.leaving = true;
      request("room.leave", {{"room", id}});
    }
  }
  client::apply_event(e);
}

void soak_player::drain(const std::string& room, room_log& log) {
  while (!log.ahead.empty() && log.ahead.begin()->first <= log.last + 1) {
    auto node = log.ahead.extract(log.ahead.begin());
    if (node.key() == log.last + 1) {
      apply(room, log, node.mapped());
    } else {
      ++counts().redelivered;
    }
  }
}

void soak_player::on_failure(const pending_request& req, const std::string&) {
  if (req.method != "room.sync" && req.method != "room.leave") return;
  auto it = rooms_.find(req.params["room"].get<std::string>());
  if (it == rooms_.end()) return;
  if (req.method == "room.sync") {
    if (!it->second.over) gone(it->first);
    it->second.syncing = false;
    sync_done(it->second);
  }
  rooms_.erase(it);
}

void soak_player::gone(const std::string& room) {
  // The room closed before this client saw its end: a finished room is held for a dropped player
  // for the reconnect grace period only. Not a lost event (the room and its log are gone), but
  // the table must go on to its next game.
  ++counts().rooms_gone;
  if (room != room_) return;
  mirror_.reset();
  if (seat_ == 0 && !stopping) request("room.create", create_request());
}

void soak_player::resumed() {
  resuming_ = false;
  paused_ = false;
  if (stopping) return audit();
  if (!deferred_join_.empty()) client::join(std::exchange(deferred_join_, ""));
  maybe_move();
  schedule_drop();
}

void soak_player::join(const std::string& room) {
  if (paused_ || !connected()) {
    deferred_join_ = room;  // after the sync: the old room's end first
    return;
  }
  client::join(room);
}

void soak_player::wind_down() {
  net::post(strand_, [self = std::static_pointer_cast<soak_player>(shared_from_this())] {
    self->stopping = true;
    self->drop_timer_.cancel();
    self->think_timer_.cancel();
    // A client away now audits once it is back (resumed()).
    if (self->connected() && !self->resuming_) self->audit();
  });
}

void soak_player::audit() {
  // Everything that happened before the server answers this sync was sent on this connection
  // before the answer; so whatever the answer brings that the client has not seen was lost.
  for (auto& [room, log] : rooms_) {
    if (log.leaving || log.syncing) continue;
    log.audit = true;
    sync(room, log);
  }
}

}  // namespace

std::shared_ptr<client> make_soak_player(net::io_context& io, const options& o, tally& t,
                                         std::shared_ptr<table> group, int seat) {
  return std::make_shared<soak_player>(io, o, t, std::move(group), seat);
}

}  // namespace boardroom::load::detail
