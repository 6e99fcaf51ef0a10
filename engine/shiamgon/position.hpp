#pragma once
// A whole game in progress: who stands where, whose turn it is, a placement whose displacements
// are still being decided, placements and prisoners, passes, and the positions seen so far (the
// repetition rule). Everything here assumes legal input; legality.cpp checks moves first.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/shiamgon/geometry.hpp"
#include "engine/shiamgon/rules.hpp"

namespace boardroom::engine::shiamgon {

enum class ending { none, all_passed, repetition, turn_cap, last_player };

// A repetition key in 16 hex digits.
std::string key_text(std::uint64_t k);

// A placement on `target` by `placer` whose displacements are not finished: `waiting` are the
// opponents still to be dealt with, in turn order; the first of them decides now.
struct displacement {
  int placer = 0;
  int target = 0;
  std::vector<int> waiting;

  friend bool operator==(const displacement&, const displacement&) = default;
};

// One encircled cluster taken off the board, for views and tests.
struct capture {
  int owner = 0;
  std::vector<int> cells;
  int completed_by = 0;
};

class position {
 public:
  using prisoner_table = std::array<std::array<int, max_players>, max_players>;

  // The start of a game: `board` from start_board(), `first` the seat to place first.
  static position start(const shiamgon::rules& r, std::vector<int> board, int first);

  const shiamgon::rules& rules() const { return rules_; }
  const shiamgon::geometry& geometry() const { return rules_.geometry(); }
  int owner(int c) const { return board_[c]; }
  const std::vector<int>& board() const { return board_; }
  cell_set stones(int seat) const;
  cell_set empty_cells() const;

  int to_move() const { return to_move_; }
  const std::optional<displacement>& pending() const { return pending_; }
  // The seat whose decision is needed: the displaced player while a displacement waits.
  int decider() const;
  ending end() const { return end_; }
  bool over() const { return end_ != ending::none; }

  int placements(int seat) const { return placements_[seat]; }
  // 0 while `seat` plays; k when it was the k-th player to retire (see retire()).
  int retired(int seat) const { return retired_[seat]; }
  const std::array<int, max_players>& retirements() const { return retired_; }
  int retired_count() const;
  // held[h][o]: stones of seat o that seat h holds as prisoners.
  const prisoner_table& held() const { return held_; }
  int prisoners_won(int seat) const;
  int stones_lost(int seat) const;
  int score(int seat) const;
  int passes_in_row() const { return passes_in_row_; }
  int turns() const { return turns_; }
  const std::vector<std::uint64_t>& seen() const { return seen_; }
  // The keys as the position text writes them: 16 hex digits each, separated by commas.
  std::string_view seen_text() const {
    return std::string_view(seen_text_).substr(0, seen_text_.empty() ? 0 : seen_text_.size() - 1);
  }
  // Clusters captured by the last move (placement or shift), with the automatic steps after it.
  const std::vector<capture>& last_captures() const { return last_captures_; }
  // The seats that passed automatically after the last move or retirement, in order.
  const std::vector<int>& last_passes() const { return last_passes_; }

  // --- the rules ---
  // Cells `seat` may reach: at most two fields from an own stone, not across a continuous wall.
  cell_set reach(int seat) const;
  bool reaches(int seat, int t) const;  // the same for one cell
  // Cells adjacent to two or more stones of one and the same opponent of `seat`.
  cell_set crowded(int seat) const;
  // Cells at most two fields from a stone of `seat`, walls ignored (for error messages).
  cell_set near(int seat) const;
  // Every legal placement of `seat`.
  cell_set placements_for(int seat) const;
  // The stone the deciding player must shift and where it may go (empty, adjacent to it, not
  // adjacent to the new stone); only while a displacement waits.
  int displaced_stone() const;
  cell_set shift_targets() const;

  // The distance-2 route s -> m -> t by a player other than m's owner is blocked when m's owner
  // has wall-linked stones next to m on both sides of the route.
  bool route_blocked(int s, int m, int t) const;

  // Unchecked moves: a placement by to_move() and a shift by decider().
  void place(int target);
  void shift(int to);

  // `seat` leaves the game for good (resigned or abandoned; engine decision, see rules.md): its
  // stones stay on the board, it passes every turn from now on, any displacement it has to
  // decide is made for it (the first qualifying cell), and it ranks below every player still in
  // the game. When one player is left in the game, it has won. Unchecked: `seat` plays and the
  // game is not over.
  void retire(int seat);

  // The key of the repetition rule: a 64-bit hash of the board and the player to move.
  std::uint64_t key() const;

  // For reading positions from text.
  position(const shiamgon::rules& r, std::vector<int> board, int to_move,
           std::optional<displacement> pending, std::array<int, max_players> placements,
           prisoner_table held, int passes, int turns, ending end, std::vector<std::uint64_t> seen,
           std::array<int, max_players> retired = {})
      : rules_(r),
        board_(std::move(board)),
        to_move_(to_move),
        pending_(std::move(pending)),
        placements_(placements),
        held_(held),
        passes_in_row_(passes),
        turns_(turns),
        end_(end),
        seen_(std::move(seen)),
        retired_(retired) {
    index_board();
    for (auto k : seen_)
      seen_text_ += key_text(k) + ",";
    // A position read from text is asked at once whether it has a move, then for its moves.
    if (!over() && !pending_) remember_moves();
  }

 private:
  position() = default;
  void put(int c, int seat);
  void index_board();
  void remember_moves();  // placements_for(to_move_) into moves_
  // Slots of m's neighbours holding wall-linked stones of m's owner.
  std::uint32_t wall_slots(int m) const;
  int stone_next_to(int seat, int c) const;
  void capture_encircled(int actor, std::pair<int, int> changed);
  void share_prisoners(int owner, int completer, int size, const std::array<int, max_players>& s);
  void continue_displacements();
  void begin_turn();
  bool pass();  // the player to move passes; false when that ended the game

  shiamgon::rules rules_;
  std::vector<int> board_;
  int to_move_ = 0;
  std::optional<displacement> pending_;
  std::array<int, max_players> placements_{};
  prisoner_table held_{};
  int passes_in_row_ = 0;
  int turns_ = 0;
  ending end_ = ending::none;
  std::vector<std::uint64_t> seen_;  // sorted
  std::string seen_text_;            // each key in 16 hex digits and a comma, in the same order
  std::array<int, max_players> retired_{};  // see retired()
  bool full_check_ = true;                  // the next encirclement check looks at every cluster
  cell_set moves_;                          // placements_for(to_move_) while moves_known_
  bool moves_known_ = false;
  std::uint64_t board_key_ = 0;  // the Zobrist hash of the board (position.cpp)
  std::vector<capture> last_captures_;
  std::vector<int> last_passes_;
  // The board again as sets, kept in step by put().
  std::array<cell_set, max_players> owned_{};
  cell_set empty_;
};

}  // namespace boardroom::engine::shiamgon
