#pragma once
// FIDE Tournament Report File (TRF-2016): reading and writing.
//
// The format is FIDE's "Data Exchange Format" (Handbook C.04 Annex 2, "TRF16"): one record a line,
// its kind in columns 1-3, every field at a fixed column. This reads the records a pairing needs:
//   012  tournament name (column 5 on)
//   001  a player: starting rank (5-8), sex (10), title (11-13), name (15-47), rating (49-52),
//        federation (54-56), FIDE id (58-68), birth date (70-79), points (81-84), rank (86-89),
//        then one 10-column block per round from column 92: opponent (92-95, "0000" for none),
//        colour (97: w, b or -) and result (99), the next round at 102-105, 107, 109, and so on.
//   XXR  total number of rounds of the tournament (an extension pairing programs share, not
//        part of TRF16 itself: the number of rounds a pairing must plan for).
// Every other record (022 city, 042 dates, 132 round dates, ...) is kept verbatim and written
// back, so a file survives a round trip through this model.
//
// Bad input never throws: reading returns the first problem and its line number.

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace boardroom::tournaments {

enum class trf_colour : char { none = '-', white = 'w', black = 'b' };

// The result codes of TRF16, keyed by the character the file uses.
enum class trf_result : char {
  win = '1',
  draw = '=',
  loss = '0',
  forfeit_win = '+',
  forfeit_loss = '-',
  unrated_win = 'W',
  unrated_draw = 'D',
  unrated_loss = 'L',
  half_point_bye = 'H',
  full_point_bye = 'F',
  pairing_allocated_bye = 'U',
  zero_point_bye = 'Z',
  not_paired = ' ',  // a blank result: no game and no points in that round
};

// One round of one player. `opponent` is the opponent's starting rank, 0 for none.
struct trf_round {
  int opponent = 0;
  trf_colour colour = trf_colour::none;
  trf_result result = trf_result::not_paired;

  friend bool operator==(const trf_round&, const trf_round&) = default;
};

struct trf_player {
  int start_rank = 0;
  char sex = ' ';
  std::string title;
  std::string name;
  int rating = 0;  // 0: unrated (a blank field)
  std::string federation;
  std::int64_t fide_id = 0;  // 0: none (a blank field)
  std::string birth_date;    // as written, e.g. "1984/03/21"; TRF16 allows partial dates
  int points_tenths = 0;     // points times ten: TRF16 writes them with one decimal, "10.5"
  int rank = 0;
  std::vector<trf_round> rounds;  // rounds[0] is round 1

  friend bool operator==(const trf_player&, const trf_player&) = default;
};

struct trf_tournament {
  std::string name;
  int total_rounds = 0;                  // from XXR; 0 when the file has no XXR line
  std::vector<trf_player> players;       // in file order
  std::vector<std::string> other_lines;  // records this model does not interpret, verbatim

  // The player with this starting rank, or nullptr.
  const trf_player* find(int start_rank) const;

  friend bool operator==(const trf_tournament&, const trf_tournament&) = default;
};

struct trf_error {
  int line = 0;  // 1-based
  std::string message;

  friend bool operator==(const trf_error&, const trf_error&) = default;
};

// A result's points in half points (a win or a full-point bye 2, a draw or a half-point bye 1):
// integers, as pairings count them.
int half_points(trf_result r);
// Whether a round was a game over the board (a forfeit or a bye is not).
bool played_over_the_board(const trf_round& r);

// Reads a whole file. Lines may end in "\n", "\r\n" or a lone "\r" (older pairing programs write
// the last). Trailing blanks are insignificant, as fixed columns may be cut short.
std::expected<trf_tournament, trf_error> read_trf(std::string_view text);

// Writes the 012 line, the other records, the 001 lines and the XXR line, "\n"-terminated, each
// field at its TRF16 column, trailing blanks trimmed.
std::string write_trf(const trf_tournament& tournament);

// One 001 line, as write_trf writes it.
std::string write_trf_player(const trf_player& player);

}  // namespace boardroom::tournaments
