// The real SQLite store on a volume that fails under it: a VFS over SQLite's own whose files
// stop accepting writes or syncs on demand, as a disk does when it breaks or when the kernel
// remounts it read-only. faulty_store (tests/support) fails calls above SQLite; this fails them
// below it, so the store's own handling of SQLite's I/O errors is what is tested.
//
// What --sync is for: under `full` a commit returns only after its fsync, so a volume that can no
// longer make writes durable fails the commit and the move is refused; under `normal` the commit
// stops at the operating system's cache and the same move is acknowledged, to be lost if the
// cache never reaches the disk.

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "server/config.hpp"
#include "server/storage/sqlite_vfs_layer.hpp"
#include "server/storage/wal_writes.hpp"
#include "tests/server/helpers.hpp"
#include "tests/server/store_samples.hpp"

namespace boardroom::test {
namespace {

using namespace std::chrono_literals;

struct failing_file {
  server::vfs_layer::file layer;  // SQLite's own file is stored right after this struct
  bool wal;                       // a write-ahead log
};

std::atomic<bool> fail_writes{false};  // write and truncate fail (read-only, or no disk at all)
std::atomic<bool> fail_syncs{false};   // fsync fails (the data never reaches the disk)
std::atomic<int> syncs{0};             // fsyncs that succeeded
std::atomic<int> wal_writes{0};        // writes that reached a write-ahead log

sqlite3_vfs* real_vfs = nullptr;

using server::vfs_layer::real_of;

int file_close(sqlite3_file* f) {
  return real_of(f)->pMethods->xClose(real_of(f));
}
int file_read(sqlite3_file* f, void* out, int n, sqlite3_int64 at) {
  return real_of(f)->pMethods->xRead(real_of(f), out, n, at);
}
int file_write(sqlite3_file* f, const void* in, int n, sqlite3_int64 at) {
  if (fail_writes) return SQLITE_IOERR_WRITE;
  if (reinterpret_cast<failing_file*>(f)->wal) ++wal_writes;
  return real_of(f)->pMethods->xWrite(real_of(f), in, n, at);
}
int file_truncate(sqlite3_file* f, sqlite3_int64 size) {
  if (fail_writes) return SQLITE_IOERR_TRUNCATE;
  return real_of(f)->pMethods->xTruncate(real_of(f), size);
}
int file_sync(sqlite3_file* f, int flags) {
  if (fail_writes || fail_syncs) return SQLITE_IOERR_FSYNC;
  int rc = real_of(f)->pMethods->xSync(real_of(f), flags);
  if (rc == SQLITE_OK) ++syncs;
  return rc;
}
int file_size(sqlite3_file* f, sqlite3_int64* size) {
  return real_of(f)->pMethods->xFileSize(real_of(f), size);
}
int file_control(sqlite3_file* f, int op, void* arg) {
  return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
}
int file_shm_map(sqlite3_file* f, int region, int size, int extend, void volatile** out) {
  return real_of(f)->pMethods->xShmMap(real_of(f), region, size, extend, out);
}
int file_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
  return real_of(f)->pMethods->xShmLock(real_of(f), offset, n, flags);
}
void file_shm_barrier(sqlite3_file* f) {
  real_of(f)->pMethods->xShmBarrier(real_of(f));
}
int file_shm_unmap(sqlite3_file* f, int delete_flag) {
  return real_of(f)->pMethods->xShmUnmap(real_of(f), delete_flag);
}
int file_fetch(sqlite3_file* f, sqlite3_int64 at, int n, void** out) {
  *out = nullptr;  // no memory map: every read goes through file_read
  (void)f, (void)at, (void)n;
  return SQLITE_OK;
}
int file_unfetch(sqlite3_file*, sqlite3_int64, void*) {
  return SQLITE_OK;
}

const sqlite3_io_methods failing_methods{3,
                                         file_close,
                                         file_read,
                                         file_write,
                                         file_truncate,
                                         file_sync,
                                         file_size,
                                         server::vfs_layer::lock,
                                         server::vfs_layer::unlock,
                                         server::vfs_layer::check_reserved_lock,
                                         file_control,
                                         server::vfs_layer::sector_size,
                                         server::vfs_layer::device_characteristics,
                                         file_shm_map,
                                         file_shm_lock,
                                         file_shm_barrier,
                                         file_shm_unmap,
                                         file_fetch,
                                         file_unfetch};

int vfs_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
  auto* file = reinterpret_cast<failing_file*>(f);
  file->layer.real = reinterpret_cast<sqlite3_file*>(file + 1);
  file->wal = (flags & SQLITE_OPEN_WAL) != 0;
  int rc = real_vfs->xOpen(real_vfs, name, file->layer.real, flags, out_flags);
  // SQLite calls xClose only when pMethods is set: leave it null when the real open failed.
  file->layer.base.pMethods =
      rc == SQLITE_OK && file->layer.real->pMethods ? &failing_methods : nullptr;
  return rc;
}

sqlite3_vfs failing_vfs_of(sqlite3_vfs* real) {
  sqlite3_vfs v = *real;
  v.szOsFile = static_cast<int>(sizeof(failing_file)) + real->szOsFile;
  v.zName = "boardroom-failing-volume";
  v.pNext = nullptr;
  v.xOpen = vfs_open;
  // The other calls (delete, access, full pathname, randomness, time) take the real VFS's
  // pointer: they never look at it beyond what the copy holds.
  return v;
}

// Makes the failing VFS SQLite's default while it lives, and the volume healthy again after.
class failing_volume {
 public:
  failing_volume() {
    real_vfs = sqlite3_vfs_find(nullptr);
    vfs_ = failing_vfs_of(real_vfs);
    sqlite3_vfs_register(&vfs_, 1);
  }
  ~failing_volume() {
    heal();
    sqlite3_vfs_register(real_vfs, 1);
    sqlite3_vfs_unregister(&vfs_);
  }
  void heal() {
    fail_writes = false;
    fail_syncs = false;
  }

 private:
  sqlite3_vfs vfs_{};
};

std::shared_ptr<server::store> store_on(const std::string& dir, server::sync_mode sync) {
  auto s = server::open_sqlite_store(dir, sync);
  EXPECT_TRUE(s.has_value()) << s.error();
  return s ? std::shared_ptr<server::store>(std::move(*s)) : nullptr;
}

TEST(FailingVolume, FullSyncIsTheDefault) {
  EXPECT_EQ(server::config{}.sync, "full");
}

// Under `full`, every acknowledged move was fsynced; when the volume fails, moves are refused
// with storage_failed and not played, and what was acknowledged is there after a restart.
TEST(FailingVolume, UnderFullSyncAMoveTheVolumeCannotKeepIsRefused) {
  failing_volume volume;
  temp_dir dir;
  json alice;
  std::string room;
  json first_move;
  {
    test_server srv(with_store(store_on(dir.path(), server::sync_mode::full)));
    ws_client a(srv.port()), b(srv.port());
    alice = a.hello("alice");
    b.hello("bob");
    room = start_sisyphos(a, b);
    auto before = legal_moves(a, room);
    first_move = before["moves"][0];
    const int synced = syncs;
    auto played = a.call("game.move", {{"room", room}, {"move", first_move}});
    ASSERT_EQ(error_code(played), "") << played.dump();
    EXPECT_GT(syncs.load(), synced) << "a move was acknowledged without an fsync";
    ASSERT_TRUE(a.wait_event("move", room).has_value());
    ASSERT_TRUE(b.wait_event("move", room).has_value());

    // The disk takes writes into the cache but cannot make them durable (an I/O error on
    // writeback, a device gone): the commit fails, the move is refused and not played.
    fail_syncs = true;
    auto next = legal_moves(b, room);
    auto refused = b.call("game.move", {{"room", room}, {"move", next["moves"][0]}});
    EXPECT_EQ(error_code(refused), "storage_failed") << refused.dump();
    EXPECT_FALSE(a.wait_event("move", room, 300ms));
    EXPECT_EQ(legal_moves(b, room)["version"], next["version"]);

    // Remounted read-only: writes fail too. Nothing that changes anything is acknowledged.
    fail_writes = true;
    EXPECT_EQ(error_code(b.call("game.move", {{"room", room}, {"move", next["moves"][0]}})),
              "storage_failed");
    EXPECT_EQ(error_code(a.call("room.create", {{"game", "sisyphos"}})), "storage_failed");
    ws_client c(srv.port());
    EXPECT_EQ(error_code(c.call("hello", {{"protocol", 1}, {"name", "carol"}})), "storage_failed");
    EXPECT_EQ(legal_moves(b, room)["version"], next["version"]);
  }
  // The volume comes back (after a repair, on another machine): the game is there with the move
  // that was acknowledged. The refused one may be there too: its bytes reached the file before
  // the fsync failed, and SQLite's recovery takes a complete transaction it finds in the log. A
  // storage_failed from a failing disk means "not acknowledged", not "not on the disk", as for a
  // move whose answer never arrived (docs/protocol.md, section 5.1); room.sync tells.
  volume.heal();
  test_server srv(on_dir(dir.path()));
  ws_client again(srv.port());
  again.hello("alice", alice["resume_token"].get<std::string>());
  json moves = snapshot_of(again, room)["moves"];
  ASSERT_GE(moves.size(), 1u);
  EXPECT_LE(moves.size(), 2u);
  EXPECT_EQ(moves[0], first_move);
}

// A commit's frames reach the write-ahead log in one write (server/storage/wal_writes.hpp), and
// by the time the commit returns: a room with its first events is four frames of the log (eight
// writes when each frame's header and page were written apart), and the file read on its own
// ends with the commit's frame.
TEST(FailingVolume, ACommitReachesTheWriteAheadLogInOneWrite) {
  failing_volume volume;
  temp_dir dir;
  for (auto sync : {server::sync_mode::normal, server::sync_mode::full}) {
    const std::string data = dir.path() + (sync == server::sync_mode::full ? "/full" : "/normal");
    auto s = store_on(data, sync);
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->save_identity({"p1", "alice", std::string(64, 'a'), 0}));
    for (int i = 0; i < 3; ++i) {
      const int before = wal_writes;
      const std::string room = "r" + std::to_string(i);
      const std::vector<stored_event> events{{1, R"({"type":"room_created"})"},
                                             {2, R"({"type":"joined"})"}};
      auto created = s->create_room(sample_room(room, "p1"), events);
      ASSERT_TRUE(created) << created.error();
      EXPECT_EQ(wal_writes - before, 1) << room;
      const std::string wal = data + "/boardroom.db-wal";
      const auto size = static_cast<std::int64_t>(std::filesystem::file_size(wal));
      constexpr std::int64_t frame = 24 + 4096;
      ASSERT_GT(size, 32);
      ASSERT_EQ((size - 32) % frame, 0) << size;
      std::ifstream in(wal, std::ios::binary);
      in.seekg(size - frame);
      std::array<unsigned char, 8> header{};
      in.read(reinterpret_cast<char*>(header.data()), header.size());
      EXPECT_NE(header[4] | header[5] | header[6] | header[7], 0) << "the last frame ends a commit";
    }
    // Read back through the log: what was written is what is read.
    auto r1 = s->load_room("r1");
    ASSERT_TRUE(r1 && *r1) << (r1 ? "no room" : r1.error());
    ASSERT_EQ((*r1)->events.size(), 2u);
    EXPECT_EQ((*r1)->events[1].body, R"({"type":"joined"})");
  }
}

// The layer's rule on a log written by hand: a frame whose header says it ends a commit reaches
// the file once its page is written, whether header and page come apart (as SQLite 3.40 writes
// them) or together; the frames before it wait, and anything else done to the file (a sync here)
// writes what waits first.
TEST(FailingVolume, TheWriteAheadLogLayerWritesAtEachCommitAndBeforeAnythingElse) {
  failing_volume volume;  // under the layer: it counts the writes that reach the file
  temp_dir dir;
  auto layer = server::wal_writes_vfs::over_default();
  ASSERT_TRUE(layer);
  sqlite3_vfs* vfs = sqlite3_vfs_find(layer->name());
  ASSERT_NE(vfs, nullptr);
  const std::string db = dir.path() + "/x.db";
  std::ofstream(db) << "x";  // a log's file is made beside its database
  auto memory = std::make_unique<std::max_align_t[]>(
      static_cast<std::size_t>(vfs->szOsFile) / sizeof(std::max_align_t) + 1);
  auto* f = reinterpret_cast<sqlite3_file*>(memory.get());
  const std::string wal = db + "-wal";
  int out = 0;
  ASSERT_EQ(vfs->xOpen(vfs, wal.c_str(), f,
                       SQLITE_OPEN_WAL | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &out),
            SQLITE_OK);
  constexpr int page = 4096;
  auto frame_at = [](int k) { return sqlite3_int64{32} + k * (24 + page); };
  // A frame's header (bytes 4 to 7: the database's size after a commit, 0 in other frames) and
  // its page, in one buffer.
  auto frame = [](unsigned char pages_after_commit) {
    std::vector<unsigned char> bytes(24 + page, 7);
    std::fill(bytes.begin(), bytes.begin() + 24, 0);
    bytes[7] = pages_after_commit;
    return bytes;
  };
  auto write = [&](const std::vector<unsigned char>& bytes, std::size_t from, std::size_t n,
                   sqlite3_int64 at) {
    ASSERT_EQ(f->pMethods->xWrite(f, bytes.data() + from, static_cast<int>(n), at), SQLITE_OK);
  };
  const int before = wal_writes;
  auto written = [&] { return wal_writes - before; };
  write(std::vector<unsigned char>(32, 1), 0, 32, 0);  // the log's header: at once
  EXPECT_EQ(written(), 1);
  const auto plain = frame(0), commit = frame(2);
  write(plain, 0, 24, frame_at(0));  // header and page apart
  write(plain, 24, page, frame_at(0) + 24);
  EXPECT_EQ(written(), 1);
  write(commit, 0, 24, frame_at(1));
  EXPECT_EQ(written(), 1);
  write(commit, 24, page, frame_at(1) + 24);
  EXPECT_EQ(written(), 2);                     // both frames, at once
  write(plain, 0, plain.size(), frame_at(2));  // whole frames
  EXPECT_EQ(written(), 2);
  write(commit, 0, commit.size(), frame_at(3));
  EXPECT_EQ(written(), 3);
  write(plain, 0, plain.size(), frame_at(4));
  EXPECT_EQ(written(), 3);
  EXPECT_EQ(f->pMethods->xSync(f, SQLITE_SYNC_NORMAL), SQLITE_OK);
  EXPECT_EQ(written(), 4);
  sqlite3_int64 size = 0;
  EXPECT_EQ(f->pMethods->xFileSize(f, &size), SQLITE_OK);
  EXPECT_EQ(size, frame_at(5));
  std::vector<unsigned char> back(24 + page);
  EXPECT_EQ(f->pMethods->xRead(f, back.data(), static_cast<int>(back.size()), frame_at(3)),
            SQLITE_OK);
  EXPECT_EQ(back, commit);

  // After a commit SQLite may read its frames back and rewrite their headers in place (new
  // checksums, walRewriteChecksums), the commit's own last: written at once, not gathered.
  auto on_disk = [&](sqlite3_int64 at, std::size_t n) {
    std::ifstream in(wal, std::ios::binary);
    in.seekg(at);
    std::vector<unsigned char> bytes(n);
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(n));
    return bytes;
  };
  auto rewritten = commit;
  rewritten[20] = 9;  // another checksum
  write(rewritten, 0, 24, frame_at(3));
  EXPECT_EQ(written(), 5);
  EXPECT_EQ(on_disk(frame_at(3), 24),
            std::vector<unsigned char>(rewritten.begin(), rewritten.begin() + 24));
  // The log started anew (its header at offset 0 again): frames from the start are appended,
  // and gathered until their commit.
  write(std::vector<unsigned char>(32, 2), 0, 32, 0);
  EXPECT_EQ(written(), 6);
  write(plain, 0, 24, frame_at(0));
  write(plain, 24, page, frame_at(0) + 24);
  EXPECT_EQ(written(), 6);
  write(commit, 0, commit.size(), frame_at(1));
  EXPECT_EQ(written(), 7);
  EXPECT_EQ(on_disk(frame_at(1), commit.size()), commit);
  EXPECT_EQ(f->pMethods->xClose(f), SQLITE_OK);
}

// What `normal` does not survive, stated as a test: the commit does not wait for the disk, so a
// volume that cannot make the move durable still sees it acknowledged.
TEST(FailingVolume, UnderNormalSyncTheMoveIsAcknowledgedBeforeTheDiskHasIt) {
  failing_volume volume;
  temp_dir dir;
  test_server srv(with_store(store_on(dir.path(), server::sync_mode::normal)));
  ws_client a(srv.port()), b(srv.port());
  a.hello("alice");
  b.hello("bob");
  std::string room = start_sisyphos(a, b);
  fail_syncs = true;
  auto moves = legal_moves(a, room);
  auto played = a.call("game.move", {{"room", room}, {"move", moves["moves"][0]}});
  EXPECT_EQ(error_code(played), "") << played.dump();
  // A failing write is still seen: the commit has to reach the operating system.
  fail_writes = true;
  auto next = legal_moves(b, room);
  EXPECT_EQ(error_code(b.call("game.move", {{"room", room}, {"move", next["moves"][0]}})),
            "storage_failed");
}

}  // namespace
}  // namespace boardroom::test
