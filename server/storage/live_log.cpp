#include "server/storage/live_log.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <zlib.h>

namespace boardroom::server {
namespace {

constexpr std::string_view magic = "boardroom live log 1\n";

// A record: the payload's length (4 bytes) and CRC-32 (4), then the payload: the room id's
// length (2), the room id, the version (8) and the event's text. Integers are little-endian.
constexpr std::size_t record_header = 8;

void put_at(char* at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    at[i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

void put(std::string& out, std::uint64_t value, int bytes) {
  out.append(static_cast<std::size_t>(bytes), '\0');
  put_at(out.data() + out.size() - bytes, value, bytes);
}

std::uint64_t get(const char* at, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i)
    value |= std::uint64_t(static_cast<unsigned char>(at[i])) << (8 * i);
  return value;
}

// CRC-32 (IEEE 802.3). zlib's takes several bytes a step where Boost's crc_32_type took one: a
// third of the instructions of a record's write (docs/performance.md).
std::uint32_t crc_of(std::string_view bytes) {
  return static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

void encode(std::string& out, std::string_view room, const stored_event& e) {
  const std::size_t start = out.size();
  out.append(record_header, '\0');  // filled in once the payload is written
  put(out, room.size(), 2);
  out.append(room);
  put(out, static_cast<std::uint64_t>(e.version), 8);
  out.append(e.body);
  const std::string_view payload(out.data() + start + record_header,
                                 out.size() - start - record_header);
  put_at(out.data() + start, payload.size(), 4);
  put_at(out.data() + start + 4, crc_of(payload), 4);
}

// A record's length in the log (encode below).
std::size_t encoded_size(std::string_view room, const stored_event& e) {
  return record_header + 2 + room.size() + 8 + e.body.size();
}

struct record {
  std::string room;
  stored_event event;
};

// The records of a log, up to the first one that a crash cut short or that is damaged.
std::vector<record> decode(std::string_view text) {
  std::vector<record> out;
  std::size_t at = magic.size();
  while (text.size() >= at + record_header) {
    const std::size_t length = get(text.data() + at, 4);
    if (length < 10 || length > text.size() - at - record_header) break;
    const std::string_view payload = text.substr(at + record_header, length);
    if (crc_of(payload) != get(text.data() + at + 4, 4)) break;
    const std::size_t room_length = get(payload.data(), 2);
    if (2 + room_length + 8 > payload.size()) break;
    record r;
    r.room = std::string(payload.substr(2, room_length));
    r.event.version = static_cast<std::int64_t>(get(payload.data() + 2 + room_length, 8));
    r.event.body = std::string(payload.substr(2 + room_length + 8));
    out.push_back(std::move(r));
    at += record_header + length;
  }
  return out;
}

// A file through SQLite's default VFS, the layer the database's own files go through: the log
// lives on the same volume as SQLite sees it, and fails as the database would.
class vfs_file {
 public:
  static constexpr std::size_t write_piece = 64 * 1024;

  vfs_file(const vfs_file&) = delete;
  vfs_file& operator=(const vfs_file&) = delete;
  ~vfs_file() {
    if (file_ && file_->pMethods) file_->pMethods->xClose(file_);
    std::free(file_);
  }

  static store_result<std::unique_ptr<vfs_file>> open(const std::string& path) {
    sqlite3_vfs* vfs = sqlite3_vfs_find(nullptr);
    std::unique_ptr<vfs_file> f(new vfs_file(vfs, path));
    if (!f->file_) return std::unexpected("out of memory opening '" + path + "'");
    int flags = 0;
    const int rc =
        vfs->xOpen(vfs, f->path_.c_str(), f->file_,
                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_SUPER_JOURNAL, &flags);
    if (rc != SQLITE_OK) return std::unexpected(f->failure("open", rc));
    return f;
  }

  store_result<std::string> read_all() {
    sqlite3_int64 size = 0;
    if (int rc = file_->pMethods->xFileSize(file_, &size); rc != SQLITE_OK)
      return std::unexpected(failure("read", rc));
    std::string text(static_cast<std::size_t>(size), '\0');
    if (size == 0) return text;
    if (int rc = file_->pMethods->xRead(file_, text.data(), static_cast<int>(size), 0);
        rc != SQLITE_OK) {
      return std::unexpected(failure("read", rc));
    }
    return text;
  }
  // Writes at `at`; `sync`: and makes it durable (the data, not the times).
  store_result<void> write(std::string_view bytes, std::size_t at, bool sync) {
    int rc = SQLITE_OK;
    // In pieces: the VFS is made for pages, and its unix write takes at most 128 KiB at a time.
    for (std::size_t done = 0; rc == SQLITE_OK && done < bytes.size(); done += write_piece) {
      const auto n = std::min(write_piece, bytes.size() - done);
      rc = file_->pMethods->xWrite(file_, bytes.data() + done, static_cast<int>(n),
                                   static_cast<sqlite3_int64>(at + done));
    }
    if (rc == SQLITE_OK && sync)
      rc = file_->pMethods->xSync(file_, SQLITE_SYNC_NORMAL | SQLITE_SYNC_DATAONLY);
    if (rc != SQLITE_OK) return std::unexpected(failure("write", rc));
    return {};
  }
  store_result<void> truncate(std::size_t size) {
    if (int rc = file_->pMethods->xTruncate(file_, static_cast<sqlite3_int64>(size));
        rc != SQLITE_OK) {
      return std::unexpected(failure("write", rc));
    }
    return {};
  }

 private:
  vfs_file(sqlite3_vfs* vfs, const std::string& path)
      : file_(static_cast<sqlite3_file*>(std::calloc(1, static_cast<std::size_t>(vfs->szOsFile)))),
        path_(path) {}

  std::string failure(const char* what, int rc) const {
    return std::string("cannot ") + what + " the live log '" + path_ + "': " + sqlite3_errstr(rc);
  }

  sqlite3_file* file_;
  const std::string path_;  // the VFS keeps a pointer to it until the file is closed
};

bool is_end(room_status s) {
  return s == room_status::finished || s == room_status::closed;
}

struct text_hash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

class live_log_store final : public store {
 public:
  live_log_store(std::unique_ptr<store> database, std::string data_dir, sync_mode sync,
                 live_log_limits limits)
      : db_(std::move(database)), dir_(std::move(data_dir)), sync_(sync), limits_(limits) {}

  // Replays what the two files hold into the database and starts the log empty.
  store_result<void> open() {
    std::vector<record> records;
    for (int i = 0; i < 2; ++i) {
      const std::string path = dir_ + "/" + live_log_files[i];
      auto file = vfs_file::open(path);
      if (!file) return std::unexpected(file.error());
      auto text = (*file)->read_all();
      if (!text) return std::unexpected(text.error());
      if (!text->empty() && !text->starts_with(magic))
        return std::unexpected("'" + path + "' is not a live log of boardroom");
      auto found = decode(*text);
      records.insert(records.end(), std::make_move_iterator(found.begin()),
                     std::make_move_iterator(found.end()));
      files_[i] = std::move(*file);
    }
    if (auto ok = replay(std::move(records)); !ok) return ok;
    return rewrite();
  }

  store_result<void> save_identity(const identity_record& identity) override {
    return db_->save_identity(identity);
  }
  store_result<std::optional<identity_record>> find_identity(std::string_view token_hash) override {
    return db_->find_identity(token_hash);
  }
  store_result<int> expire_identities(std::int64_t cutoff_ms,
                                      const std::vector<std::string>& keep) override {
    return db_->expire_identities(cutoff_ms, keep);
  }

  store_result<void> create_room(const room_record& room,
                                 std::span<const stored_event> events) override {
    const event_append one = room_creation(room, events);
    return std::move(append_group({&one, 1}).front());
  }

  store_result<void> append_events(std::string_view room, std::span<const stored_event> events,
                                   std::optional<room_status> status) override {
    const event_append one{room, events, status};
    return std::move(append_group({&one, 1}).front());
  }

  std::vector<store_result<void>> append_group(std::span<const event_append> group) override {
    std::lock_guard lock(mutex_);
    std::vector<store_result<void>> results(group.size());
    const auto to_database = rooms_for_database(group);
    log_part(group, to_database, results);
    if (!to_database.empty()) database_part(group, to_database, results);
    // A rewrite that fails leaves the old file, which is still whole: the next group tries again.
    if (rewrite_due(size_, live_bytes_)) (void)rewrite();
    return results;
  }

  // Under `normal`, a group whose appends all stay in the log is one write to the page cache (and
  // now and then one of zeros ahead). Not while another thread holds the log (a room read from the
  // database holds it throughout), and not when a rewrite is due with this group: that one
  // flushes a file, and waits for a group on the store's thread.
  std::optional<std::vector<store_result<void>>> append_at_once(
      std::span<const event_append> group) override {
    if (sync_ != sync_mode::normal) return std::nullopt;
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return std::nullopt;
    std::size_t bytes = 0;
    for (const auto& a : group) {
      for (const auto& e : a.events)
        bytes += encoded_size(a.room, e);
    }
    if (rewrite_due(size_ + bytes, live_bytes_ + bytes) || !rooms_for_database(group).empty())
      return std::nullopt;
    std::vector<store_result<void>> results(group.size());
    log_part(group, {}, results);
    return results;
  }

  store_result<void> set_status(std::string_view room, room_status status) override {
    const event_append one{room, {}, status};
    return std::move(append_group({&one, 1}).front());
  }

  store_result<bool> create_account(const account_record& account) override {
    return db_->create_account(account);
  }
  store_result<std::optional<account_record>> find_account(std::string_view name) override {
    return db_->find_account(name);
  }
  store_result<std::optional<account_record>> account_of(std::string_view player) override {
    return db_->account_of(player);
  }
  store_result<void> add_login_token(std::string_view player, std::string_view token_hash,
                                     std::int64_t created_ms) override {
    return db_->add_login_token(player, token_hash, created_ms);
  }
  store_result<std::vector<rating_record>> leaderboard(std::string_view game,
                                                       std::string_view speed, int limit,
                                                       int offset) override {
    return db_->leaderboard(game, speed, limit, offset);
  }
  store_result<std::vector<rating_record>> ratings_of(std::string_view player) override {
    return db_->ratings_of(player);
  }
  store_result<bool> seed_rating(const rating_record& rating) override {
    return db_->seed_rating(rating);
  }
  store_result<std::vector<rating_change>> rating_history(std::string_view player,
                                                          int limit) override {
    return db_->rating_history(player, limit);
  }

  store_result<std::vector<stored_room>> load_unfinished_rooms() override {
    std::lock_guard lock(mutex_);
    auto rooms = db_->load_unfinished_rooms();
    if (!rooms) return rooms;
    for (auto& r : *rooms) {
      with_logged_events(r);
      rooms_[r.record.id].last = r.events.empty() ? 0 : r.events.back().version;
    }
    return rooms;
  }
  store_result<std::vector<std::string>> unfinished_room_ids() override {
    return db_->unfinished_room_ids();
  }
  store_result<std::optional<stored_room>> load_room(std::string_view room) override {
    std::lock_guard lock(mutex_);
    auto found = db_->load_room(room);
    if (found && *found) with_logged_events(**found);
    return found;
  }

  store_result<record_page> find_records(const record_query& query) override {
    return db_->find_records(query);
  }
  store_result<void> append_tournament(std::string_view id, std::int64_t first,
                                       std::span<const std::string> events,
                                       std::string_view status) override {
    return db_->append_tournament(id, first, events, status);
  }
  store_result<std::vector<stored_tournament>> load_open_tournaments() override {
    return db_->load_open_tournaments();
  }
  store_result<std::optional<stored_tournament>> load_tournament(std::string_view id) override {
    return db_->load_tournament(id);
  }

 private:
  struct live_room {
    std::int64_t last = 0;              // the room's last version, in the log or the database
    std::vector<stored_event> pending;  // its events that only the log holds, in order
  };
  using room_set = std::unordered_set<std::string_view>;

  // The rooms whose appends in `group` go to the database (see the header). A room writes one
  // group at a time (room::persist_then), so it has one append here; should it have more, all go
  // to the database, which keeps them in order.
  room_set rooms_for_database(std::span<const event_append> group) const {
    room_set out, seen;
    for (const auto& a : group) {
      const auto it = rooms_.find(a.room);
      if (a.status || a.rated || a.created || it == rooms_.end() || !seen.insert(a.room).second ||
          it->second.pending.size() + a.events.size() > limits_.max_pending_events) {
        out.insert(a.room);
      }
    }
    return out;
  }

  // The group's other appends: one write to the end of the log, one fdatasync under `full`.
  void log_part(std::span<const event_append> group, const room_set& to_database,
                std::vector<store_result<void>>& results) {
    buffer_.clear();
    std::vector<std::size_t> logged;
    for (std::size_t i = 0; i < group.size(); ++i) {
      const event_append& a = group[i];
      if (to_database.contains(a.room) || a.events.empty()) continue;
      const std::int64_t last = rooms_.find(a.room)->second.last;
      for (std::size_t k = 0; k < a.events.size(); ++k) {
        if (a.events[k].version != last + 1 + static_cast<std::int64_t>(k)) {
          results[i] = std::unexpected("cannot append to room " + std::string(a.room) +
                                       ": version " + std::to_string(a.events[k].version) +
                                       " does not follow " + std::to_string(last + k));
          break;
        }
      }
      if (!results[i]) continue;
      for (const auto& e : a.events)
        encode(buffer_, a.room, e);
      logged.push_back(i);
    }
    if (logged.empty()) return;
    if (auto ok = append_to_log(); !ok) {
      for (auto i : logged)
        results[i] = std::unexpected(ok.error());
      return;
    }
    live_bytes_ += buffer_.size();  // the records of the appends in `logged`
    for (auto i : logged) {
      live_room& r = rooms_.find(group[i].room)->second;
      r.pending.insert(r.pending.end(), group[i].events.begin(), group[i].events.end());
      r.last = r.pending.back().version;
    }
  }

  // Whether a log of `size` bytes, of which `live` are events only it holds, is to be rewritten.
  bool rewrite_due(std::size_t size, std::size_t live) const {
    return size >= limits_.compact_bytes && size >= 4 * live;
  }

  // The file's length for records up to `end`: zeros ahead to the next multiple of zeros_ahead.
  std::size_t zeroed_length(std::size_t end) const {
    return (end / limits_.zeros_ahead + 1) * limits_.zeros_ahead;
  }

  store_result<void> append_to_log() {
    vfs_file& file = *files_[current_];
    const std::size_t end = size_ + buffer_.size();
    if (end > zeroed_) {  // zeros ahead first, synced with the records below
      const std::size_t length = zeroed_length(end);
      if (auto ok = file.write(std::string(length - zeroed_, '\0'), zeroed_, false); !ok) return ok;
      zeroed_ = length;
    }
    if (auto ok = file.write(buffer_, size_, sync_ == sync_mode::full); !ok) {
      // Zeros again where the group was, so that nothing of it can be read back.
      (void)file.write(std::string(buffer_.size(), '\0'), size_, false);
      return ok;
    }
    size_ = end;
    return {};
  }

  // The appends of `to_database`, each room's logged events in front of its own.
  void database_part(std::span<const event_append> group, const room_set& to_database,
                     std::vector<store_result<void>>& results) {
    std::vector<event_append> parts;
    std::vector<std::size_t> index;
    std::vector<std::vector<stored_event>> joined;
    joined.reserve(group.size());  // the parts' spans point into it
    room_set carried;
    for (std::size_t i = 0; i < group.size(); ++i) {
      const event_append& a = group[i];
      if (!to_database.contains(a.room)) continue;
      event_append part = a;
      const auto it = rooms_.find(a.room);
      // Not in front of a creation: one that names a live room's id fails, and the events would
      // be lost to the room's own append after it.
      if (!a.created && it != rooms_.end() && !it->second.pending.empty() &&
          carried.insert(a.room).second) {
        auto& events = joined.emplace_back(it->second.pending);
        events.insert(events.end(), a.events.begin(), a.events.end());
        part.events = events;
      }
      parts.push_back(part);
      index.push_back(i);
    }
    auto answers = db_->append_group(parts);
    for (std::size_t k = 0; k < parts.size(); ++k) {
      const event_append& a = group[index[k]];
      results[index[k]] = std::move(answers[k]);
      if (!results[index[k]]) continue;
      if (a.created) {  // known from now on, unless it was made finished
        if (!is_end(a.created->status))
          rooms_[std::string(a.room)].last = a.events.empty() ? 0 : a.events.back().version;
        continue;
      }
      const auto it = rooms_.find(a.room);
      if (it != rooms_.end() && carried.contains(a.room)) {
        for (const auto& e : it->second.pending)
          live_bytes_ -= encoded_size(a.room, e);
        it->second.pending.clear();
      }
      if (a.status && is_end(*a.status)) {
        if (it != rooms_.end()) rooms_.erase(it);
      } else if (a.events.empty()) {
        continue;
      } else if (it != rooms_.end()) {
        it->second.last = a.events.back().version;
      } else if (a.status) {  // waiting or playing: a room this store did not know yet
        rooms_[std::string(a.room)].last = a.events.back().version;
      }
    }
  }

  void with_logged_events(stored_room& r) const {
    const auto it = rooms_.find(r.record.id);
    if (it == rooms_.end()) return;
    r.events.insert(r.events.end(), it->second.pending.begin(), it->second.pending.end());
  }

  // At opening: the events the database lacks, room by room, in one transaction. Both files are
  // read (a crash may have come while one was being rewritten into the other); a version that
  // both hold is the same event. A room the database does not know, or whose next version the
  // log lacks, keeps what the database has.
  store_result<void> replay(std::vector<record> records) {
    std::unordered_map<std::string, std::vector<stored_event>, text_hash, std::equal_to<>> by_room;
    for (auto& r : records)
      by_room[r.room].push_back(std::move(r.event));
    std::vector<event_append> appends;
    std::vector<std::vector<stored_event>> missing;
    missing.reserve(by_room.size());
    for (auto& [room, events] : by_room) {
      auto found = db_->load_room(room);
      if (!found) return std::unexpected(found.error());
      if (!*found) continue;
      std::ranges::stable_sort(events, {}, &stored_event::version);
      std::int64_t last = (*found)->events.empty() ? 0 : (*found)->events.back().version;
      auto& lacking = missing.emplace_back();
      for (const auto& e : events) {
        if (e.version == last + 1) {
          lacking.push_back(e);
          ++last;
        }
      }
      if (!lacking.empty()) appends.push_back({room, lacking, std::nullopt});
    }
    if (appends.empty()) return {};
    for (auto& ok : db_->append_group(appends)) {
      if (!ok)
        return std::unexpected("cannot replay the live log into the database: " + ok.error());
    }
    return {};
  }

  // Writes the events that only the log holds into the other file, makes it durable, goes on
  // with it and empties the first. A crash before the end leaves the first file whole.
  store_result<void> rewrite() {
    const int next = 1 - current_;
    std::string text(magic);
    for (const auto& [room, r] : rooms_) {
      for (const auto& e : r.pending)
        encode(text, room, e);
    }
    const std::size_t length = zeroed_length(text.size());
    const std::size_t live = text.size();
    text.resize(length, '\0');
    if (auto ok = files_[next]->truncate(0); !ok) return ok;
    if (auto ok = files_[next]->write(text, 0, true); !ok) return ok;
    (void)files_[current_]->truncate(0);  // its events are in the other file
    current_ = next;
    size_ = live;
    zeroed_ = length;
    return {};
  }

  std::unique_ptr<store> db_;
  const std::string dir_;
  const sync_mode sync_;
  const live_log_limits limits_;
  std::mutex mutex_;
  std::array<std::unique_ptr<vfs_file>, 2> files_;
  int current_ = 0;             // the file being appended to
  std::size_t size_ = 0;        // the length of its records, magic included
  std::size_t zeroed_ = 0;      // its length: zeros from size_ on
  std::size_t live_bytes_ = 0;  // the encoded length of the events that only the log holds
  std::unordered_map<std::string, live_room, text_hash, std::equal_to<>> rooms_;
  std::string buffer_;  // a group's records, reused
};

}  // namespace

store_result<std::unique_ptr<store>> with_live_log(std::unique_ptr<store> database,
                                                   const std::string& data_dir, sync_mode sync,
                                                   live_log_limits limits) {
  auto s = std::make_unique<live_log_store>(std::move(database), data_dir, sync, limits);
  if (auto ok = s->open(); !ok) return std::unexpected(ok.error());
  return std::unique_ptr<store>(std::move(s));
}

}  // namespace boardroom::server
