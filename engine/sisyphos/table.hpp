#pragma once
// A solved variant: one byte per node (solver.hpp says what a byte means), built in memory or
// mapped from a file, and what can be read off it.
//
// File format (all integers little-endian), a 64-byte header and then the bytes in indexer order:
//   0   8  magic "BRSISYTB"
//   8   4  format version (1)
//   12  1  edition (0 forum2007, 1 perlhuhn2007)
//   13  1  Sisyphos stones      14  1  spirit stones      15  1  zero
//   16  8  number of nodes (both sides to move)
//   24  8  checksum of the bytes (table::checksum_of)
//   32  4  longest forced win, in Sisyphos turns
//   36 28  zero
// The header's size keeps the bytes aligned in a mapping; the node count and the checksum catch
// a file that is truncated, corrupt, or from another indexing.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/sisyphos/solver.hpp"
#include "engine/sisyphos/solver_index.hpp"
#include "engine/sisyphos/solver_node.hpp"

namespace boardroom::engine::sisyphos {

class table {
 public:
  static result<std::shared_ptr<const table>> build(const sisyphos::variant& v, int threads = 2,
                                                    const progress_fn& progress = {});
  // Maps the file read-only (the pages are shared between processes and loaded on demand) and
  // checks its header and checksum.
  static result<std::shared_ptr<const table>> load(const std::string& path);
  // Takes bytes from elsewhere (tests); they must have the variant's size.
  static std::shared_ptr<const table> from_values(const sisyphos::variant& v,
                                                  std::vector<std::uint8_t> values);

  result<void> save(const std::string& path) const;

  const sisyphos::variant& variant() const { return variant_; }
  const indexer& index() const { return index_; }
  std::span<const std::uint8_t> values() const { return {data_, index_.size()}; }

  std::uint8_t raw(const node& n) const { return data_[index_.index(n)]; }
  // Sisyphos turns to a forced win, ignoring the move limit; nullopt when he has none.
  std::optional<int> turns_to_win(const node& n) const {
    std::uint8_t v = raw(n);
    return v == no_win ? std::nullopt : std::optional<int>(v);
  }

  static std::uint64_t checksum_of(std::span<const std::uint8_t> bytes);

 private:
  table(const sisyphos::variant& v, std::shared_ptr<const void> owner, const std::uint8_t* data)
      : variant_(v), index_(v), owner_(std::move(owner)), data_(data) {}

  sisyphos::variant variant_;
  indexer index_;
  std::shared_ptr<const void> owner_;  // a vector or a mapping
  const std::uint8_t* data_;
};

// What the solve command prints: counts over the nodes still in play (a5 and e1 free).
struct table_summary {
  std::uint64_t nodes = 0;     // all indexed nodes, both sides to move
  std::uint64_t terminal = 0;  // of them with a5 or e1 taken
  // [side to move][value]: nodes in play by value, [..][no_win] where Sisyphos cannot force a win.
  std::array<std::array<std::uint64_t, 256>, num_sides> distribution{};
  int longest_win = 0;   // the largest value with Sisyphos to move
  node longest_example;  // the first such node in index order
};

table_summary summarize(const table& t);

// The minimax equations at a node in play: with Sisyphos to move, value = 1 + the smallest value
// after his moves; with the spirits to move, value = the largest after theirs (no_win absorbing,
// a spirit on e1 is no_win). Checks `samples` random nodes (every node if that is at least the
// table's size); the full variants generate moves with the engine's `position`, independently
// of the solver's generator. Returns the nodes checked, or the first violation.
result<std::uint64_t> check_equations(const table& t, std::uint64_t samples, std::uint64_t seed);

}  // namespace boardroom::engine::sisyphos
