#pragma once
// What a VFS layered over another SQLite VFS shares: it begins with SQLite's VFS and the VFS
// under it, its files with SQLite's file and the file of the VFS under it, and the calls it does
// not change are passed on as they are.
// wal_writes.cpp is one such layer; the tests' failing volume (tests/server) is another.

#include <sqlite3.h>

namespace boardroom::server::vfs_layer {

// A layer as SQLite sees it (its own sqlite3_vfs first), with the VFS under it.
struct vfs {
  sqlite3_vfs base;
  sqlite3_vfs* real;
};

// The start of a layer's file: the memory SQLite gives it holds the file under it right after.
struct file {
  sqlite3_file base;
  sqlite3_file* real;
};

inline sqlite3_file* real_of(sqlite3_file* f) {
  return reinterpret_cast<file*>(f)->real;
}

// The calls passed on unchanged.
inline int lock(sqlite3_file* f, int level) {
  return real_of(f)->pMethods->xLock(real_of(f), level);
}
inline int unlock(sqlite3_file* f, int level) {
  return real_of(f)->pMethods->xUnlock(real_of(f), level);
}
inline int check_reserved_lock(sqlite3_file* f, int* out) {
  return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out);
}
inline int sector_size(sqlite3_file* f) {
  return real_of(f)->pMethods->xSectorSize(real_of(f));
}
inline int device_characteristics(sqlite3_file* f) {
  return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f));
}

}  // namespace boardroom::server::vfs_layer
