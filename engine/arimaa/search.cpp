#include "engine/arimaa/search.hpp"

#include <algorithm>
#include <cassert>

#include "engine/arimaa/zobrist.hpp"

namespace boardroom::engine::arimaa {

namespace {

// Open addressing from 64-bit keys to 32-bit values. clear() is O(1): a slot belongs to the
// current search only if it carries the current stamp, so the memory is reused from search to
// search without being wiped.
class key_table {
 public:
  void clear() {
    if (slots_.empty()) slots_.resize(initial_size);
    if (++stamp_ == 0) {  // wrapped: old stamps would look current
      std::fill(slots_.begin(), slots_.end(), slot{});
      stamp_ = 1;
    }
    used_ = 0;
  }

  // The value stored for `key`, inserting `fresh` if it is new; the flag says it was new.
  std::pair<std::uint32_t*, bool> find_or_insert(std::uint64_t key, std::uint32_t fresh) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
      slot& s = slots_[i];
      if (s.stamp != stamp_) {
        s = {key, stamp_, fresh};
        ++used_;
        return {&s.value, true};
      }
      if (s.key == key) return {&s.value, false};
    }
  }

 private:
  static constexpr std::size_t initial_size = std::size_t{1} << 14;

  struct slot {
    std::uint64_t key = 0;
    std::uint32_t stamp = 0;
    std::uint32_t value = 0;
  };

  void grow() {
    std::vector<slot> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, slot{});
    std::uint32_t live = stamp_;
    stamp_ = 1;
    used_ = 0;
    for (const slot& s : old) {
      if (s.stamp == live) find_or_insert(s.key, s.value);
    }
  }

  std::vector<slot> slots_;
  std::uint32_t stamp_ = 0;
  std::size_t used_ = 0;
};

// Scratch tables per thread: the server may run games on several threads at once.
struct scratch {
  key_table searched;  // board key -> fewest steps used when the node was searched
  key_table results;   // board key -> index into the output (or nothing, when counting)
};

scratch& thread_scratch() {
  thread_local scratch s;
  return s;
}

enum class goal { list, count, any };

class turn_search {
 public:
  turn_search(const position& pos, forbidden_keys forbidden, goal g, std::vector<found_turn>* out)
      : pos_(pos), goal_(g), out_(out), tables_(thread_scratch()) {
    // Compare results by board key: the side to move after the turn is always the opponent.
    std::uint64_t side = opponent(pos.to_move()) == colour::silver ? zobrist::silver_to_move : 0;
    for (std::uint64_t k : forbidden)
      forbidden_.push_back(k ^ side);
    start_key_ = pos.board_key();
    tables_.searched.clear();
    tables_.results.clear();
  }

  void run() { visit(0); }
  std::uint64_t found() const { return found_; }

 private:
  static constexpr int max_steps = step_path::capacity;

  void visit(int used) {
    std::uint64_t key = pos_.board_key();
    if (used == max_steps) {  // most nodes: nothing to search below, only the result to keep
      if (key != start_key_) record(key);
      return;
    }
    auto [fewest, fresh] = tables_.searched.find_or_insert(key, static_cast<std::uint32_t>(used));
    if (!fresh) {
      if (*fewest <= static_cast<std::uint32_t>(used)) return;
      *fewest = static_cast<std::uint32_t>(used);
    }
    if (used > 0 && key != start_key_) record(key);
    if (done_) return;
    expand(used);
  }

  void record(std::uint64_t key) {
    if (std::find(forbidden_.begin(), forbidden_.end(), key) != forbidden_.end()) return;
    if (goal_ == goal::any) {
      ++found_;
      done_ = true;
      return;
    }
    auto next = static_cast<std::uint32_t>(found_);
    auto [at, fresh] = tables_.results.find_or_insert(key, next);
    if (fresh) {
      ++found_;
      if (goal_ == goal::list) out_->push_back({key, path_});
    } else if (goal_ == goal::list && path_.size() < (*out_)[*at].steps.size()) {
      (*out_)[*at].steps = path_;  // a shorter way to the same position
    }
  }

  // Makes the step, searches on (`then` decides how), takes it back.
  template <class Then>
  void with_step(square from, square to, Then then) {
    piece mover = *pos_.at(from);
    capture c = pos_.make_step(from, to);
    path_.push({mover, step(from, direction_between(from, to)), c});
    then();
    path_.pop();
    pos_.unmake_step(from, to, c);
  }

  void expand(int used) {
    colour us = pos_.to_move();
    colour them = opponent(us);
    bitboard empty = ~pos_.occupied();
    bitboard mobile = pos_.pieces(us) & ~pos_.frozen(us);
    bool two_left = used + 2 <= max_steps;

    // weaker[k]: enemy pieces weaker than kind k; stronger[k]: our mobile pieces stronger than k.
    std::array<bitboard, num_kinds> weaker{};
    std::array<bitboard, num_kinds> stronger{};
    for (int k = 1; k < num_kinds; ++k)
      weaker[k] = weaker[k - 1] | pos_.pieces(them, static_cast<kind>(k - 1));
    for (int k = num_kinds - 2; k >= 0; --k)
      stronger[k] = stronger[k + 1] | (pos_.pieces(us, static_cast<kind>(k + 1)) & mobile);

    // Single steps of our own pieces, each also as the first half of every pull it allows.
    for (kind k : all_kinds) {
      for (bitboard movers = pos_.pieces(us, k) & mobile; movers; movers &= movers - 1) {
        square from = first_square(movers);
        for (direction d : all_directions) {
          if (k == kind::rabbit && d == backwards(us)) continue;
          bitboard to = shift(bit(from), d) & empty;
          if (!to) continue;
          with_step(from, first_square(to), [&] {
            visit(used + 1);
            if (!two_left || done_) return;
            for (bitboard pulled = weaker[index(k)] & neighbours(bit(from)); pulled;
                 pulled &= pulled - 1) {
              with_step(first_square(pulled), from, [&] { visit(used + 2); });
              if (done_) return;
            }
          });
          if (done_) return;
        }
      }
    }

    // Pushes: an enemy piece steps away, then one of our stronger pieces next to it follows.
    if (!two_left) return;
    for (int k = 0; k + 1 < num_kinds; ++k) {
      for (bitboard victims = pos_.pieces(them, static_cast<kind>(k)) & neighbours(stronger[k]);
           victims; victims &= victims - 1) {
        square from = first_square(victims);
        bitboard pushers = stronger[k] & neighbours(bit(from));
        for (bitboard to = neighbours(bit(from)) & empty; to; to &= to - 1) {
          with_step(from, first_square(to), [&] {
            for (bitboard p = pushers; p; p &= p - 1) {
              with_step(first_square(p), from, [&] { visit(used + 2); });
              if (done_) return;
            }
          });
          if (done_) return;
        }
      }
    }
  }

  position pos_;
  goal goal_;
  std::vector<found_turn>* out_;
  scratch& tables_;
  std::vector<std::uint64_t> forbidden_;
  std::uint64_t start_key_ = 0;
  step_path path_;
  std::uint64_t found_ = 0;
  bool done_ = false;
};

}  // namespace

void generate_turns(const position& pos, forbidden_keys forbidden, std::vector<found_turn>& out) {
  out.clear();
  turn_search search(pos, forbidden, goal::list, &out);
  search.run();
}

std::uint64_t count_turns(const position& pos, forbidden_keys forbidden) {
  turn_search search(pos, forbidden, goal::count, nullptr);
  search.run();
  return search.found();
}

bool has_turn(const position& pos, forbidden_keys forbidden) {
  turn_search search(pos, forbidden, goal::any, nullptr);
  search.run();
  return search.found() > 0;
}

position after_steps(const position& pos, const step_path& steps) {
  position out = pos;
  for (const made_step& m : steps)
    out.make_step(m.s.from(), m.s.to());
  return out;
}

}  // namespace boardroom::engine::arimaa
