#pragma once
// A position of Esiema: the balls in the pits, every player's reserve and losses, and where the
// game stands (setup or play, who acts, passes in a row, the draw window). Applying an action
// also runs everything the rules make happen before the next decision: the end of the setup,
// eliminations at the start of a turn, passes of players without any action, the draw rule and
// the end of the game. So whenever a position is not over, the player to act has an action.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/esiema/board.hpp"
#include "engine/esiema/move.hpp"
#include "engine/esiema/rules.hpp"

namespace boardroom::engine::esiema {

struct pit_contents {
  std::array<std::uint8_t, max_players> small{};  // small balls by seat
  std::uint8_t mothers = 0;                       // bit s: seat s's mother lies here
  std::uint8_t total = 0;                         // every ball, mothers included

  bool has_mother(int seat) const { return (mothers >> seat) & 1; }
  bool holds_ball_of(int seat) const { return small[seat] > 0 || has_mother(seat); }
  bool operator==(const pit_contents&) const = default;
};

enum class phase : std::uint8_t { setup, play, over };

// What the rules did on their own while an action or a retirement was applied: a player passed
// (no action) or was eliminated (nothing left to act with), in order. Kept outside the position
// so positions stay comparable and perft pays nothing for it.
struct forced_event {
  bool elimination = false;  // else a pass
  int seat = 0;
  bool operator==(const forced_event&) const = default;
};
using forced_log = std::vector<forced_event>;
enum class ending : std::uint8_t { none, last_player, draw_window, no_actions };

struct position {
  int players = 2;
  std::array<pit_contents, num_pits> pits{};
  std::array<int, max_players> reserve{};   // small balls in hand
  std::array<int, max_players> captured{};  // small balls lost to captures
  std::array<int, max_players> retired{};   // balls taken out of the game on going out
  std::array<pit, max_players> mother_pit{no_pit, no_pit, no_pit, no_pit, no_pit, no_pit};
  std::array<int, max_players> out{};    // 0: still playing; k: the k-th player eliminated
  std::array<int, max_players> order{};  // seats in turn order; order[0] begins both phases
  int to_move = 0;                       // a seat
  enum phase stage = phase::setup;
  ending end = ending::none;
  int passes = 0;           // passes in a row since the last action or elimination
  int draw_countdown = -1;  // turns left in the draw window; -1 while it has not begun

  // The start of a game: empty board, everything in hand, turn order and first player as the
  // rules say, drawn from `seed` where they are drawn by lot.
  static position start(const rules& r, std::uint64_t seed);

  bool operator==(const position&) const = default;

  bool is_over() const { return stage == phase::over; }
  bool in_game(int seat) const { return out[seat] == 0; }
  int remaining() const;
  int eliminated() const;  // players out so far
  int small_on_board(int seat) const;
  int owned_small(int seat) const { return small_on_board(seat) + reserve[seat]; }
  int placed(int seat) const;  // setup: balls on the board (nothing is captured in the setup)

  // Reproduction: the mother lies alone in its pit and there is reserve to add.
  bool can_reproduce(int seat) const;
  // No small ball of `seat` on the board and the option requires reproducing then.
  bool must_reproduce(int seat, const rules& r) const;
  // Some action (a sowing or a reproduction) is legal for `seat` in the play phase.
  bool has_action(int seat, const rules& r) const;

  // Applies a legal action of to_move (legality.hpp checks) and runs the rules up to the next
  // decision or the end.
  // `log`, where given, receives the passes and eliminations that followed.
  void play_unchecked(const move& m, const rules& r, forced_log* log = nullptr);

  // A player in the game leaves it for good (resigned or abandoned): they are out as if
  // eliminated, in the order of going out, and the game goes on without them.
  // `log` as for play_unchecked() (the retired player's own going out is not logged).
  void retire(int seat, const rules& r, forced_log* log = nullptr);

  int next_after(int seat) const;  // the next seat in turn order still in the game

 private:
  void drop(pit p, ball b);
  void sow(const move& m);
  void after_setup_placement(const rules& r, forced_log* log);
  void after_turn(const rules& r, forced_log* log);
  void start_turn(int seat, const rules& r, forced_log* log);
  void eliminate(int seat);
  void check_draw_window(const rules& r);
  void finish(ending e);
};

}  // namespace boardroom::engine::esiema
