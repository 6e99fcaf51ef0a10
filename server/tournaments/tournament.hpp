#pragma once
// A tournament as a value: its settings and everything that happened to it, folded from its event
// log, as a room's match is folded from the room's. The server (server/tournaments/
// tournament_desk.hpp) decides and stores events; this only folds them and reads the result:
// entrants, rounds, scores and standings. Folding is pure, so a restarted server rebuilds a
// tournament by folding its stored log, exactly as it was.
//
// Scores are kept in units of 1/120 of a point, so that they stay integers for every table size
// (2 to 6 players share a game's point by placings, see table_points()).

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace boardroom::tournaments {

constexpr int point = 120;  // one point in score units

enum class system_kind { round_robin, swiss, knockout, tables, arena };
std::string_view system_text(system_kind s);
std::optional<system_kind> system_from_text(std::string_view text);

struct tournament_settings {
  std::string id;
  std::string name;
  std::string creator;  // identity id: the director
  std::string game;     // game key
  std::string spec;     // canonical game spec
  int table_size = 2;   // players per game
  std::string time_control = "none";
  system_kind system = system_kind::swiss;
  int rounds = 0;  // swiss and tables: rounds; round robin: cycles (1 or 2); knockout: 0
  bool fixed_schedule = false;    // tables: everyone meets everyone equally often
  bool manual_pairing = false;    // swiss, tables: the director pairs every round
  bool accelerated = false;       // swiss: the Baku Acceleration Method (dutch.hpp)
  std::int64_t duration_ms = 0;   // arena: how long it pairs, from the start
  bool berserk = false;           // arena: players may go berserk (room.hpp)
  std::int64_t starts_at_ms = 0;  // 0: started by the director
  bool rated = false;
  bool is_public = true;
  std::string invite_code;  // private tournaments: needed to enter
  std::optional<int> min_rating;
  std::optional<int> max_rating;
  int max_players = 64;
  std::int64_t no_show_ms = 60'000;  // a paired player absent this long forfeits the game
  std::int64_t created_ms = 0;
};

nlohmann::json settings_json(const tournament_settings& s, bool with_invite);
std::expected<tournament_settings, std::string> settings_from_json(const nlohmann::json& j);

struct entrant {
  std::string player;  // identity id
  std::string name;
  int rating = 0;   // at entry (0: none)
  std::string bot;  // a built-in player's name, else empty
  bool withdrawn = false;
  int first_round = 1;  // a late entry misses the rounds before
};

struct game_result {
  std::vector<int> ranks;       // per seat, 1 is best
  std::string reason;           // the room's outcome reason, "forfeit", "director", ...
  std::vector<bool> forfeited;  // per seat: lost without playing (absent, withdrawn)
  std::optional<int> moves;     // moves played, every seat's (none: not known, as when set by hand)
  std::vector<bool> berserk;    // per seat: went berserk (arena)
};

struct table {
  int board = 0;           // 1-based within the round
  std::string room;        // the room it is played in; empty when decided without a game
  std::vector<int> seats;  // entrant indices in seat order (the first moves first)
  std::optional<game_result> result;
};

enum class bye_kind { pairing, requested_half, zero };
struct bye {
  int entrant = 0;
  bye_kind kind = bye_kind::pairing;
};

struct round {
  int number = 0;
  std::vector<table> tables;
  std::vector<bye> byes;
  bool complete() const;
};

enum class phase { entry, running, finished, cancelled };
std::string_view phase_text(phase p);

struct standing {
  int entrant = 0;
  int place = 0;  // equal places share a number
  int score = 0;  // in units
  std::vector<double> tiebreaks;
};

// The share of a game's point for seat `seat` of a result: the players it beat plus half the
// players it tied with, over the others at the table (a win is 1, a draw 1/2 in a game of two;
// at a table of four the places are worth 1, 2/3, 1/3 and 0). A forfeited seat gets 0 and its
// share goes to those who came.
int table_points(const game_result& r, int seat);

class tournament {
 public:
  // The events, each a JSON object with "type":
  //   created {settings}                         the first event
  //   entered {player, name, rating, bot?, first_round}
  //   withdrew {player}
  //   started {at_ms}
  //   paired {round, tables: [{board, room, seats: [player...]}], byes: [{player, kind}]}
  //   result {round, board, ranks, reason, forfeited, moves?, berserk?}
  //   finished {at_ms} / cancelled {at_ms}
  std::expected<void, std::string> fold(const nlohmann::json& event);

  const tournament_settings& settings() const { return settings_; }
  phase status() const { return phase_; }
  const std::vector<entrant>& entrants() const { return entrants_; }
  const std::vector<round>& rounds() const { return rounds_; }
  const std::vector<std::pair<int, int>>& result_order() const { return result_order_; }
  int events() const { return events_; }
  int index_of(std::string_view player) const;  // -1 when not an entrant
  int active_count() const;                     // entrants not withdrawn
  // Rounds the tournament will have (knockout: from the field at the start).
  int planned_rounds() const;
  std::int64_t started_ms() const { return started_ms_; }
  // Arena: when pairing stops (games then in progress still count).
  std::int64_t ends_at_ms() const { return started_ms_ + settings_.duration_ms; }
  // Tables without a result yet, in any round.
  bool games_in_progress() const;
  bool current_round_complete() const { return rounds_.empty() || rounds_.back().complete(); }

  int score(int entrant) const;                    // units, over every round so far
  int score_before(int entrant, int round) const;  // rounds 1 .. round-1
  // Players `entrant` met over the board (forfeits are not games), with repetitions.
  std::vector<int> opponents(int entrant) const;
  // Ranked: score, then the system's tie-breaks (see tournament.cpp, and docs/tournaments.md).
  std::vector<standing> standings() const;
  std::vector<std::string> tiebreak_names() const;

 private:
  tournament_settings settings_;
  phase phase_ = phase::entry;
  std::vector<entrant> entrants_;
  std::vector<round> rounds_;
  int events_ = 0;
  std::int64_t started_ms_ = 0;
  int knockout_rounds_ = 0;  // fixed at the start
  // Arena: the tables in the order their results came (round, board): a streak is counted in it.
  std::vector<std::pair<int, int>> result_order_;
};

// An arena player's record (lichess's rules): a win 2 points, a draw 1, a loss 0; after two wins
// in a row every further win is worth 4 and a draw 2 ("on fire"), until a game is not won. A draw
// in fewer than 20 moves (ten each) scores nothing. A player who went berserk and won a game of
// at least 14 moves (seven each) earns one point more.
constexpr int arena_quick_draw_moves = 20;     // a draw shorter than this scores nothing
constexpr int arena_berserk_bonus_moves = 14;  // a berserk win this long earns the bonus

struct arena_record {
  int points = 0;
  int games = 0;
  int wins = 0;
  int losses = 0;
  int berserk_wins = 0;  // wins that earned the berserk bonus
  bool on_fire = false;
  double performance = 0;  // (opponents' ratings + 400 x (wins - losses)) / games
};
arena_record arena_record_of(const tournament& t, int entrant);

std::string_view bye_text(bye_kind k);
std::optional<bye_kind> bye_from_text(std::string_view text);
int bye_points(bye_kind k);  // units

}  // namespace boardroom::tournaments
