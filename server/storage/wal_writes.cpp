#include "server/storage/wal_writes.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

namespace boardroom::server {
namespace {

// A frame's header is 24 bytes (SQLite's file format, "WAL Frame Header Format"); bytes 4 to 7
// hold, in a commit's last frame, the database's size in pages after the commit (never 0), and 0
// in every other frame. Nothing else SQLite writes to the log is 24 bytes long: its header is 32,
// a page at least 512.
constexpr int frame_header_bytes = 24;
// Gathered beyond this, the bytes are written in the middle of a commit: a transaction of
// thousands of pages is not held in memory twice.
constexpr std::size_t max_gathered = 1u << 20;
// SQLite's unix VFS writes less than 128 KiB in one call (it masks a write's length to 17 bits,
// and a longer write ends in SQLITE_FULL): what is gathered goes to it in pieces of this many.
constexpr std::size_t max_write = 124u << 10;

// Whether a write of `n` bytes at `at` is a whole frame, header and page: the log's header is
// 32 bytes, then frames of 24 bytes and a page, whose size is a power of two from 512 to 65536.
bool whole_frame(int n, sqlite3_int64 at) {
  const int page = n - frame_header_bytes;
  return page >= 512 && page <= 65536 && std::has_single_bit(static_cast<unsigned>(page)) &&
         at >= 32 && (at - 32) % n == 0;
}

// A write-ahead log open through this VFS.
struct wal_file {
  vfs_layer::file layer;      // the file of the VFS under this one is stored right after this
  std::string gathered;       // frames appended to the log and not written yet
  sqlite3_int64 at = 0;       // the offset in the file of gathered's first byte
  sqlite3_int64 end = 0;      // the end of what the log holds since its header, written or not
  sqlite3_int64 page_at = 0;  // the offset of the page of the last header gathered, if it is due
  bool page_due = false;      // the last write gathered was a frame's header
  bool commit_frame = false;  // ... and that frame ends a commit
};
static_assert(std::is_standard_layout_v<wal_file>, "SQLite's sqlite3_file is its first member");

wal_file& wal(sqlite3_file* f) {
  return *std::launder(reinterpret_cast<wal_file*>(f));
}
using vfs_layer::real_of;

// Writes what is gathered. On a failure it is dropped, and the call that wrote it (a write, a
// read, a sync...) fails with the write's error: the transaction those frames belong to fails,
// and the store rolls it back, which forgets them.
int write_gathered(wal_file& w) {
  int rc = SQLITE_OK;
  for (std::size_t done = 0; done < w.gathered.size() && rc == SQLITE_OK; done += max_write) {
    const std::size_t n = std::min(max_write, w.gathered.size() - done);
    rc = w.layer.real->pMethods->xWrite(w.layer.real, w.gathered.data() + done, static_cast<int>(n),
                                        w.at + static_cast<sqlite3_int64>(done));
  }
  w.gathered.clear();
  return rc;
}

int gather(wal_file& w, const void* in, int n, sqlite3_int64 at) {
  if (!w.gathered.empty() && at != w.at + static_cast<sqlite3_int64>(w.gathered.size())) {
    if (const int rc = write_gathered(w); rc != SQLITE_OK) return rc;
  }
  if (w.gathered.empty()) w.at = at;
  try {
    w.gathered.append(static_cast<const char*>(in), static_cast<std::size_t>(n));
  } catch (const std::bad_alloc&) {  // not through SQLite's C frames
    return SQLITE_IOERR_NOMEM;
  }
  return SQLITE_OK;
}

// Only frames appended at the log's end are gathered: a header, the page after it, or both in one
// write. The rest is written at once, after what is gathered: the log's header (at offset 0,
// which starts the log anew), a frame rewritten in place (a page the transaction had written
// before, or a header whose checksum SQLite rewrites after the commit's frames,
// walRewriteChecksums) and a piece of a frame split at a sync point (padding to a sector, which
// SQLite does only without powersafe overwrite). So when a commit returns nothing is left here.
int file_write(sqlite3_file* f, const void* in, int n, sqlite3_int64 at) {
  wal_file& w = wal(f);
  const bool appended = at >= w.end && at > 0;
  const bool page_due = std::exchange(w.page_due, false) && at == w.page_at;
  w.end = at == 0 ? n : std::max(w.end, at + n);
  const auto* bytes = static_cast<const unsigned char*>(in);
  const bool commit = n >= 8 && (bytes[4] | bytes[5] | bytes[6] | bytes[7]) != 0;
  if (appended && n == frame_header_bytes) {
    w.page_due = true;
    w.page_at = at + n;
    w.commit_frame = commit;
    return gather(w, in, n, at);
  }
  if (appended && (page_due || whole_frame(n, at))) {
    if (const int rc = gather(w, in, n, at); rc != SQLITE_OK) return rc;
    // The commit's last page (after its header, or with it: SQLite 3.40 writes them apart, and a
    // version that wrote them together would still be seen here): the commit is whole.
    const bool commit_ends = page_due ? w.commit_frame : commit;
    return commit_ends || w.gathered.size() >= max_gathered ? write_gathered(w) : SQLITE_OK;
  }
  if (const int rc = write_gathered(w); rc != SQLITE_OK) return rc;
  return w.layer.real->pMethods->xWrite(w.layer.real, in, n, at);
}

int file_read(sqlite3_file* f, void* out, int n, sqlite3_int64 at) {
  if (const int rc = write_gathered(wal(f)); rc != SQLITE_OK) return rc;
  return real_of(f)->pMethods->xRead(real_of(f), out, n, at);
}
int file_truncate(sqlite3_file* f, sqlite3_int64 size) {
  wal_file& w = wal(f);
  if (const int rc = write_gathered(w); rc != SQLITE_OK) return rc;
  w.end = std::min(w.end, size);
  return real_of(f)->pMethods->xTruncate(real_of(f), size);
}
int file_sync(sqlite3_file* f, int flags) {
  if (const int rc = write_gathered(wal(f)); rc != SQLITE_OK) return rc;
  return real_of(f)->pMethods->xSync(real_of(f), flags);
}
int file_size(sqlite3_file* f, sqlite3_int64* size) {
  if (const int rc = write_gathered(wal(f)); rc != SQLITE_OK) return rc;
  return real_of(f)->pMethods->xFileSize(real_of(f), size);
}
int file_control(sqlite3_file* f, int op, void* arg) {
  if (const int rc = write_gathered(wal(f)); rc != SQLITE_OK) return rc;
  return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
}
int file_close(sqlite3_file* f) {
  wal_file& w = wal(f);
  const int written = write_gathered(w);
  const int closed = w.layer.real->pMethods->xClose(w.layer.real);
  w.~wal_file();
  return written != SQLITE_OK ? written : closed;
}

// Version 1: a log is neither shared memory nor memory-mapped (those are the database file's).
const sqlite3_io_methods wal_methods{1,
                                     file_close,
                                     file_read,
                                     file_write,
                                     file_truncate,
                                     file_sync,
                                     file_size,
                                     vfs_layer::lock,
                                     vfs_layer::unlock,
                                     vfs_layer::check_reserved_lock,
                                     file_control,
                                     vfs_layer::sector_size,
                                     vfs_layer::device_characteristics,
                                     nullptr,
                                     nullptr,
                                     nullptr,
                                     nullptr,
                                     nullptr,
                                     nullptr};

int vfs_open(sqlite3_vfs* vfs, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
  sqlite3_vfs* real = reinterpret_cast<vfs_layer::vfs*>(vfs)->real;
  // Every other file is the VFS under this one's, opened in the same memory (which is larger).
  if ((flags & SQLITE_OPEN_WAL) == 0) return real->xOpen(real, name, f, flags, out_flags);
  auto* w = new (f) wal_file{};
  sqlite3_file* under = w->layer.real = reinterpret_cast<sqlite3_file*>(w + 1);
  const int rc = real->xOpen(real, name, under, flags, out_flags);
  if (rc == SQLITE_OK && under->pMethods) {
    w->layer.base.pMethods = &wal_methods;
    return rc;
  }
  // SQLite calls xClose only when pMethods is set: a failed open is undone here.
  if (under->pMethods) under->pMethods->xClose(under);
  w->~wal_file();
  f->pMethods = nullptr;
  return rc == SQLITE_OK ? SQLITE_CANTOPEN : rc;
}

std::atomic<int> wal_vfs_count{0};  // for their names: one VFS per store opened

}  // namespace

std::unique_ptr<wal_writes_vfs> wal_writes_vfs::over_default() {
  sqlite3_vfs* real = sqlite3_vfs_find(nullptr);
  if (!real) return nullptr;
  std::unique_ptr<wal_writes_vfs> v(new wal_writes_vfs());
  v->name_ = "boardroom-wal-writes-" + std::to_string(wal_vfs_count++);
  v->layered_ = {*real, real};
  sqlite3_vfs& vfs = v->layered_.base;
  vfs.szOsFile = static_cast<int>(sizeof(wal_file)) + real->szOsFile;
  vfs.zName = v->name_.c_str();
  vfs.pNext = nullptr;
  vfs.xOpen = vfs_open;
  // The other calls (delete, access, full pathname, randomness, time) are the real VFS's: they
  // look at the VFS they are given no further than the copy holds.
  if (sqlite3_vfs_register(&vfs, 0) != SQLITE_OK) return nullptr;
  v->registered_ = true;
  return v;
}

wal_writes_vfs::~wal_writes_vfs() {
  if (registered_) sqlite3_vfs_unregister(&layered_.base);
}

}  // namespace boardroom::server
