#pragma once
// The contract between every rule engine and the rest of boardroom.
//
// A `game` describes one game (its key, players and parameters) and makes `state`s. A `state` is a
// position plus everything the rules need to continue from it. The server only ever calls the
// checked path: `play(move_text)`, which either applies a legal move and returns its canonical
// notation, or leaves the state untouched and says precisely why the move is illegal. Engines add
// their own fast unchecked paths (make/unmake on a compact move type) for perft, solvers and bots,
// and expose them through `perft()`.

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/error.hpp"
#include "engine/core/params.hpp"

namespace boardroom::engine {

inline constexpr int no_player = -1;

// The kinds of decision a player can be asked for: an ordinary move, placing pieces before play
// (Arimaa's setup), or an answer out of turn (a Shiamgon displacement).
enum class decision { move, setup, displacement };
const char* decision_name(decision d);  // "move", "setup", "displacement"
std::optional<decision> decision_from_name(std::string_view name);

// A player asked for a decision now.
struct actor {
  int player = no_player;
  engine::decision kind = engine::decision::move;
  bool operator==(const actor&) const = default;
};

class bot;
class clock_kind;
class record_format;
class offline_tools;
class json_writer;

struct outcome {
  std::vector<int> ranks;      // per player; 1 is best, equal ranks share a place
  std::vector<double> scores;  // per player, in the game's own unit (1/0 for win/loss games)
  std::string reason;          // stable code: "goal", "move_limit", "resignation", ...
  std::string description;     // for people: "Sisyphos reached a5"

  std::vector<int> winners() const;  // players with rank 1
  // Each player's share of the others they finished ahead of, a tie counting half: 1 for a sole
  // winner, 0 for a sole loser, 0.5 each in a draw of two (what a search or a match scores).
  std::vector<double> shares() const;
};

// What the rules did on their own in the last play() or retire(): a player passed because they
// could not move (Esiema), or was put out of the game (Shiamgon). Clients are told of each.
enum class forced { pass, elimination };
const char* forced_name(forced f);  // "pass", "elimination"
std::optional<forced> forced_from_name(std::string_view name);
struct forced_step {
  engine::forced kind = engine::forced::pass;
  int player = no_player;
  std::string description;  // for people: "Blue cannot sow and passes"
  bool operator==(const forced_step&) const = default;
};

// The legal ways to go on from part of a turn (see state::continuations()).
struct continuation {
  std::vector<std::string> next;  // the legal next parts, in the game's own notation
  bool may_end = false;           // whether the turn may end with the part already chosen
  bool operator==(const continuation&) const = default;
};

class state {
 public:
  virtual ~state() = default;

  virtual int num_players() const = 0;

  // The player whose decision is needed now, including out-of-turn decisions; no_player when the
  // game is over.
  virtual int current_player() const = 0;

  // Who may act now and what they decide: what a client needs to tell "your turn" without reading
  // the position. The default is current_player() making a move; empty once the game is over.
  virtual std::vector<actor> to_act() const;

  // Checked: applies `move` if it is legal for current_player() and returns its canonical
  // notation; otherwise returns the reason and leaves the state exactly as it was.
  virtual result<std::string> play(std::string_view move) = 0;

  // What the rules did on their own in the last play() or retire(), in order; empty where
  // nothing was forced (the default).
  virtual std::vector<forced_step> forced_by_last_play() const { return {}; }

  // Every legal move of current_player() in canonical notation; empty when the game is over.
  // Where lists_all_moves() is false, only part of them (see there).
  virtual std::vector<std::string> legal_moves() const = 0;

  // For games whose turns are long (an Arimaa turn is up to four steps, and a start position has
  // 24,902 of them): given the part of a turn of current_player() already chosen, in the game's
  // notation ("Ed2n Ed3n"; "" for nothing yet), the legal next parts, each of which can still
  // end in a legal turn, and whether the turn may end there. Refused with the reason where the
  // chosen part cannot begin a legal turn; games whose turns are not made of parts refuse with
  // the code "no_steps" (the default), and a game that is over with "game_over".
  virtual result<continuation> continuations(std::string_view chosen) const;

  // Whether legal_moves() is the complete list. A game whose positions can have too many moves
  // to list (an Esiema sowing can be played tens of millions of ways) returns false where it
  // leaves moves out: legal_moves() then lists only the kinds of move it can list (possibly
  // none), random_move() still draws from every legal move, count_moves() counts them where it
  // can, and play() remains the judge of any other move. An empty list with nothing left out
  // means the game is over, so a position that leaves moves out is never terminal.
  virtual bool lists_all_moves() const { return true; }

  // The exact number of legal moves, or nothing where the game cannot compute it in reasonable
  // time. The default counts legal_moves(); games that leave moves out override it.
  virtual std::optional<std::uint64_t> count_moves() const;

  // One legal move drawn at random (bots, load tests); empty once the game is over. Games whose
  // move lists are too large to enumerate override it (and must where lists_all_moves() can be
  // false).
  virtual std::string random_move(std::mt19937_64& rng) const;

  // A legal move drawn quickly for a search's random playouts and for the moves it tries, not
  // necessarily uniformly; the default is random_move(). Arimaa draws a turn step by step instead
  // of among all its turns (tens of thousands, listed for a uniform draw); Esiema draws a capture
  // half the time, which a uniformly drawn sowing almost never is.
  virtual std::string playout_move(std::mt19937_64& rng) const { return random_move(rng); }

  virtual bool is_terminal() const = 0;
  virtual std::optional<engine::outcome> outcome() const = 0;
  // The result when play is stopped before its end by a game-time limit (Arimaa's G, decided by
  // material); nullopt for games without such a rule.
  virtual std::optional<engine::outcome> outcome_when_halted() const { return std::nullopt; }

  // For a search whose playouts stop before the end: each player's expected share of the others
  // they will finish ahead of (as outcome::shares(), values in [0, 1]), judged from this position;
  // nullopt where the game cannot judge an unfinished position. Unlike outcome_when_halted() it
  // is no rule and ends no game, so a game whose rules never judge a halted game (Esiema) can
  // still guide a search. The default is the shares of outcome_when_halted(), and of outcome()
  // once the game is over.
  virtual std::optional<std::vector<double>> estimated_shares() const;

  // Takes `player` out of play for good (they resigned or abandoned a game of three or more):
  // from then on the game goes on without them and current_player() is never theirs again; a
  // retirement that leaves one player in play ends the game. The outcome ranks retired players
  // below everyone still in play, a later retirement above an earlier one. Refused, with the
  // state untouched, for a game that is over or a player already retired; games without a rule
  // for a leaving player refuse it with the code "cannot_retire" (the default).
  virtual result<void> retire(int player);

  // The canonical text of the position: equal positions print equal text, and the game's
  // state_from_text() reads it back.
  virtual std::string to_text() const = 0;

  // The position alone, for clients and events: to_text() less what only the rules' memory needs
  // (Shiamgon's positions seen before, which grow with every turn). Not always readable by
  // state_from_text(); the default is to_text().
  virtual std::string position_text() const { return to_text(); }

  // A structured view for clients: enough to draw the position without knowing the rules, written
  // as one JSON value, straight (json_writer.hpp). The server writes it into the frame of every
  // move it sends, in place; view_text() is the value alone, and view() reads that into a
  // document, for the callers that want one.
  virtual void write_view(json_writer& w) const = 0;
  std::string view_text() const;
  nlohmann::json view() const;

  virtual std::unique_ptr<state> clone() const = 0;

  // Number of legal move sequences of `depth` moves. The default walks play() on clones; engines
  // override it with their fast paths (and must where lists_all_moves() can be false).
  virtual std::uint64_t perft(int depth) const;
};

// What every retire() checks first: the game is not over, `player` is one of its players and
// has not retired (`retired`, as the engine knows it).
result<void> check_retire(const state& s, int player, bool retired);

struct player_range {
  int min = 2;
  int max = 2;
};

class game {
 public:
  virtual ~game() = default;

  virtual std::string_view key() const = 0;           // "sisyphos"
  virtual std::string_view display_name() const = 0;  // "Come on, Sisyphos"
  virtual player_range players() const = 0;
  virtual const std::vector<param_spec>& param_specs() const = 0;
  // Reads parameters that were renamed into their current names, so that specs stored before
  // (a room's "shiamgon(first_player=2)", seats counted from 1) still make the same game; the
  // result then goes to resolve_params(). parse_game_spec() and make_game_spec() call it. The
  // default renames nothing. Errors: bad_parameter (an old value out of its old range, or an old
  // name given together with its new one).
  virtual result<param_map> upgrade_params(param_map given) const { return given; }
  virtual std::vector<std::string> player_names(int players) const;  // "Sisyphos", "Spirits"

  // `params` must come from resolve_params(param_specs(), ...). `seed` drives anything random in
  // the setup (lots, first player); the same seed gives the same state.
  virtual result<std::unique_ptr<state>> new_state(int players, const param_map& params,
                                                   std::uint64_t seed) const = 0;

  virtual result<std::unique_ptr<state>> state_from_text(int players, const param_map& params,
                                                         std::string_view text) const = 0;

  // Bots beyond the generic random one (bot.hpp), e.g. a perfect player from a solved table.
  virtual std::vector<const bot*> own_bots() const { return {}; }

  // Whether players may agree to a draw (Arimaa's rules forbid it).
  virtual bool draws_by_agreement() const { return true; }

  // The value of `s` and of each legal move, for hints and analysis, as JSON for clients; games
  // without an evaluator say so with the code "no_analysis".
  virtual result<nlohmann::json> analyze(const state& s) const;

  // Loads what the game keeps in the server's data directory (Sisyphos: its solved tables), once
  // at start. Returns what was loaded, for the log ("" for nothing); a file that is there but
  // cannot be used is an error, so a server never runs quietly without the data it was given.
  virtual result<std::string> load_data(const std::string& dir) const { return std::string(); }

  // What a game declares beyond its rules, so that the server and the command line serve it
  // without knowing the game: its own kinds of time control (clock_rules.hpp), the record
  // formats of its community (record_format.hpp), and tools that run offline, such as a solver
  // (offline_tools.hpp). A game declares none of them by default.
  virtual std::vector<const clock_kind*> clock_kinds() const { return {}; }
  virtual std::vector<const record_format*> record_formats() const { return {}; }
  virtual const offline_tools* tools() const { return nullptr; }
};

}  // namespace boardroom::engine
