#pragma once
// Group commit for the rooms' event logs. A room hands its events to append() (a new room its
// record and first events to create()) and learns the outcome on its own strand: every write of
// a live room goes this way, so no store call runs on an io thread (but the one below); the appends
// made while the io loop works through what it has read go to the store together, in one
// transaction (store::append_group). One commit per group instead of one per move spares each move
// most of the commit's cost (the write-ahead log's pages and their bookkeeping) without weakening
// the promise: a room replies and broadcasts only in the continuation, after its events are
// durable.
//
// The group closes when a pass through the io loop brings no new appends (or after a few passes,
// or at `max_group` appends), so a lone move waits for one extra pass and no timer. The commit
// itself runs on the store's thread (`storage_exec`, one thread): its write and fsync never stall
// an io thread. While one group is being committed the next one gathers, however long the commit
// takes, and goes to the store as soon as it is done: with an fsync per commit (`--sync full`),
// the groups grow with the disk's latency instead of each waiting for an fsync of its own.
// One exception: a group the store takes at once (store::append_at_once: under `--sync normal`,
// appends that only go to the end of the live log) is made by the io thread that closed it, when
// no commit is in hand. Its write is a copy into the page cache, cheaper than the two
// switches between threads it spares (docs/architecture.md, "Moves under --sync normal are
// written by the io thread").

#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/io_context.hpp>

#include "server/metrics.hpp"
#include "server/storage/store.hpp"

namespace boardroom::server {

class journal {
 public:
  using continuation = std::move_only_function<void(store_result<void>)>;

  journal(boost::asio::io_context& io, boost::asio::any_io_executor storage_exec, store& storage,
          metrics& stats)
      : io_(io), storage_exec_(std::move(storage_exec)), store_(storage), metrics_(stats) {}

  // Thread-safe. `then` runs on `where` with the store's verdict on these events.
  // `rated`: the events end a rated game, whose ratings change in the same transaction.
  void append(std::string room, std::vector<stored_event> events, std::optional<room_status> status,
              boost::asio::any_io_executor where, continuation then,
              std::optional<rated_game> rated = std::nullopt);
  // Thread-safe. The room's record with its first events, in the group like any append (many
  // rooms opened at once, a tournament's round, are one commit).
  void create(room_record record, std::vector<stored_event> events,
              boost::asio::any_io_executor where, continuation then);

  // In a cluster: a room's events are written only while `may_write(room)` says this node owns
  // it (cluster.hpp: the fence); the others get an error and nothing is written. Set before the
  // first append.
  void set_fence(std::function<bool(std::string_view room)> may_write) {
    fence_ = std::move(may_write);
  }

  static constexpr std::size_t max_group = 256;
  static constexpr int max_passes = 4;

 private:
  struct entry {
    std::string room;
    std::vector<stored_event> events;
    std::optional<room_status> status;
    boost::asio::any_io_executor where;
    continuation then;
    std::optional<room_record> created;  // a new room (event_append::created)
    std::optional<rated_game> rated;
  };

  void enqueue(entry e);
  void flush();
  // A closed group: made here when the store takes it at once (store::append_at_once),
  // otherwise by commit_later().
  void commit_soon(std::vector<entry> group);
  // On the store's thread: commits `group`, then hands on what gathered meanwhile.
  void commit_later(std::vector<entry> group);
  void commit(std::vector<entry> group);
  void counted(std::size_t appends);  // a commit of `appends` in the metrics
  // Each entry's continuation on its executor, with its result.
  static void answer(std::vector<entry>& group, std::vector<store_result<void>> results);
  // The next group from what is pending (at most max_group); `committing_` says whether there is
  // one.
  std::vector<entry> take_next();
  static event_append append_of(const entry& e);

  boost::asio::io_context& io_;
  boost::asio::any_io_executor storage_exec_;
  store& store_;
  metrics& metrics_;
  std::mutex mutex_;
  std::vector<entry> pending_;
  bool scheduled_ = false;   // a flush() is posted
  bool committing_ = false;  // a group is with the store; commit_later() takes the next
  std::size_t seen_ = 0;     // appends pending when flush() last looked
  int passes_ = 0;           // flush() passes for the current group
  std::function<bool(std::string_view)> fence_;
};

}  // namespace boardroom::server
