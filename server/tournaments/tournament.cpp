// Folding a tournament's events, and what its state says: scores, opponents, standings.

#include "server/tournaments/tournament.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>

#include "server/tournaments/tiebreaks.hpp"

namespace boardroom::tournaments {

using nlohmann::json;

namespace {

constexpr std::array<std::pair<system_kind, std::string_view>, 5> systems{{
    {system_kind::round_robin, "round_robin"},
    {system_kind::swiss, "swiss"},
    {system_kind::knockout, "knockout"},
    {system_kind::tables, "tables"},
    {system_kind::arena, "arena"},
}};

constexpr std::array<std::pair<bye_kind, std::string_view>, 3> byes{{
    {bye_kind::pairing, "pairing"},
    {bye_kind::requested_half, "half"},
    {bye_kind::zero, "zero"},
}};

template <class T>
T get_or(const json& j, const char* key, T fallback) {
  auto it = j.find(key);
  return it == j.end() || it->is_null() ? fallback : it->get<T>();
}

}  // namespace

std::string_view system_text(system_kind s) {
  for (const auto& [kind, text] : systems) {
    if (kind == s) return text;
  }
  return "swiss";
}

std::optional<system_kind> system_from_text(std::string_view text) {
  for (const auto& [kind, name] : systems) {
    if (name == text) return kind;
  }
  return std::nullopt;
}

std::string_view bye_text(bye_kind k) {
  for (const auto& [kind, text] : byes) {
    if (kind == k) return text;
  }
  return "zero";
}

std::optional<bye_kind> bye_from_text(std::string_view text) {
  for (const auto& [kind, name] : byes) {
    if (name == text) return kind;
  }
  return std::nullopt;
}

int bye_points(bye_kind k) {
  return k == bye_kind::pairing ? point : k == bye_kind::requested_half ? point / 2 : 0;
}

std::string_view phase_text(phase p) {
  switch (p) {
    case phase::entry:
      return "entry";
    case phase::running:
      return "running";
    case phase::finished:
      return "finished";
    case phase::cancelled:
      return "cancelled";
  }
  return "entry";
}

json settings_json(const tournament_settings& s, bool with_invite) {
  json j{{"id", s.id},
         {"name", s.name},
         {"creator", s.creator},
         {"game", s.game},
         {"spec", s.spec},
         {"table_size", s.table_size},
         {"time_control", s.time_control},
         {"system", system_text(s.system)},
         {"rounds", s.rounds},
         {"fixed_schedule", s.fixed_schedule},
         {"manual_pairing", s.manual_pairing},
         {"duration_ms", s.duration_ms},
         {"accelerated", s.accelerated},
         {"berserk", s.berserk},
         {"starts_at_ms", s.starts_at_ms},
         {"rated", s.rated},
         {"is_public", s.is_public},
         {"max_players", s.max_players},
         {"no_show_ms", s.no_show_ms},
         {"created_ms", s.created_ms}};
  if (s.min_rating) j["min_rating"] = *s.min_rating;
  if (s.max_rating) j["max_rating"] = *s.max_rating;
  if (with_invite && !s.invite_code.empty()) j["invite_code"] = s.invite_code;
  return j;
}

std::expected<tournament_settings, std::string> settings_from_json(const json& j) {
  try {
    tournament_settings s;
    s.id = j.at("id").get<std::string>();
    s.name = j.at("name").get<std::string>();
    s.creator = j.at("creator").get<std::string>();
    s.game = j.at("game").get<std::string>();
    s.spec = j.at("spec").get<std::string>();
    s.table_size = j.at("table_size").get<int>();
    s.time_control = j.at("time_control").get<std::string>();
    auto system = system_from_text(j.at("system").get<std::string>());
    if (!system) return std::unexpected("unknown system " + j.at("system").dump());
    s.system = *system;
    s.rounds = j.at("rounds").get<int>();
    s.fixed_schedule = get_or(j, "fixed_schedule", false);
    s.manual_pairing = get_or(j, "manual_pairing", false);
    s.duration_ms = get_or<std::int64_t>(j, "duration_ms", 0);
    s.accelerated = get_or(j, "accelerated", false);
    s.berserk = get_or(j, "berserk", false);
    s.starts_at_ms = get_or<std::int64_t>(j, "starts_at_ms", 0);
    s.rated = get_or(j, "rated", false);
    s.is_public = get_or(j, "is_public", true);
    s.invite_code = get_or<std::string>(j, "invite_code", "");
    if (j.contains("min_rating")) s.min_rating = j["min_rating"].get<int>();
    if (j.contains("max_rating")) s.max_rating = j["max_rating"].get<int>();
    s.max_players = j.at("max_players").get<int>();
    s.no_show_ms = j.at("no_show_ms").get<std::int64_t>();
    s.created_ms = get_or<std::int64_t>(j, "created_ms", 0);
    return s;
  } catch (const json::exception& e) {
    return std::unexpected(std::string("bad settings: ") + e.what());
  }
}

bool round::complete() const {
  return std::all_of(tables.begin(), tables.end(), [](const table& t) { return t.result; });
}

int table_points(const game_result& r, int seat) {
  const int n = static_cast<int>(r.ranks.size());
  if (n < 2 || seat < 0 || seat >= n) return 0;
  auto forfeited = [&](int i) {
    return i < static_cast<int>(r.forfeited.size()) && r.forfeited[i];
  };
  if (forfeited(seat)) return 0;
  int halves = 0;  // half points won against the others
  for (int other = 0; other < n; ++other) {
    if (other == seat) continue;
    if (forfeited(other) || r.ranks[seat] < r.ranks[other]) {
      halves += 2;
    } else if (r.ranks[seat] == r.ranks[other]) {
      halves += 1;
    }
  }
  return halves * (point / 2) / (n - 1);  // n - 1 divides 60 for n <= 6
}

int tournament::index_of(std::string_view player) const {
  for (std::size_t i = 0; i < entrants_.size(); ++i) {
    if (entrants_[i].player == player) return static_cast<int>(i);
  }
  return -1;
}

int tournament::active_count() const {
  return static_cast<int>(std::count_if(entrants_.begin(), entrants_.end(),
                                        [](const entrant& e) { return !e.withdrawn; }));
}

int tournament::planned_rounds() const {
  switch (settings_.system) {
    case system_kind::round_robin: {
      const int n = static_cast<int>(entrants_.size());
      if (n < 2) return 0;  // no schedule (round_robin_schedule)
      const int per_cycle = n % 2 == 0 ? n - 1 : n;
      return per_cycle * std::max(1, settings_.rounds);
    }
    case system_kind::knockout:
      return knockout_rounds_;
    case system_kind::arena:
      return 0;  // as many waves as the time allows
    default:
      return settings_.rounds;
  }
}

std::expected<void, std::string> tournament::fold(const json& event) {
  try {
    const std::string type = event.at("type").get<std::string>();
    if (events_ == 0 && type != "created") return std::unexpected("the first event is not created");
    if (type == "created") {
      if (events_ != 0) return std::unexpected("created twice");
      auto s = settings_from_json(event.at("settings"));
      if (!s) return std::unexpected(s.error());
      settings_ = std::move(*s);
    } else if (type == "entered") {
      entrant e{.player = event.at("player").get<std::string>(),
                .name = event.at("name").get<std::string>(),
                .rating = get_or(event, "rating", 0),
                .bot = get_or<std::string>(event, "bot", ""),
                .withdrawn = false,
                .first_round = get_or(event, "first_round", 1)};
      if (int i = index_of(e.player); i >= 0) {
        entrants_[i].withdrawn = false;  // a return after a withdrawal
      } else {
        entrants_.push_back(std::move(e));
      }
    } else if (type == "withdrew") {
      int i = index_of(event.at("player").get<std::string>());
      if (i < 0) return std::unexpected("withdrew: not an entrant");
      if (phase_ == phase::entry) {  // before the start nothing refers to them yet
        entrants_.erase(entrants_.begin() + i);
      } else {
        entrants_[i].withdrawn = true;
      }
    } else if (type == "started") {
      if (phase_ != phase::entry) return std::unexpected("started twice");
      started_ms_ = event.at("at_ms").get<std::int64_t>();  // may throw: before any change
      phase_ = phase::running;
      // Starting ranks: rating first (FIDE's order for a Swiss; the Berger numbers and the
      // knockout seeds follow it too), then the order of entry. Late entries rank after.
      std::stable_sort(entrants_.begin(), entrants_.end(),
                       [](const entrant& a, const entrant& b) { return a.rating > b.rating; });
      if (settings_.system == system_kind::knockout) {
        int n = active_count();
        while ((1 << knockout_rounds_) < n)
          ++knockout_rounds_;
      }
    } else if (type == "paired") {
      if (phase_ != phase::running) return std::unexpected("paired: the tournament is not running");
      round r;
      r.number = event.at("round").get<int>();
      if (r.number != static_cast<int>(rounds_.size()) + 1) {
        return std::unexpected("paired: round " + std::to_string(r.number) + " out of order");
      }
      std::vector<bool> placed(entrants_.size(), false);  // nobody twice in a round
      auto place = [&](int i) {
        const bool fresh = !placed[i];
        placed[i] = true;
        return fresh;
      };
      for (const auto& t : event.at("tables")) {
        table made{.board = t.at("board").get<int>(),
                   .room = get_or<std::string>(t, "room", ""),
                   .seats = {},
                   .result = std::nullopt};
        for (const auto& p : t.at("seats")) {
          int i = index_of(p.get<std::string>());
          if (i < 0) return std::unexpected("paired: " + p.dump() + " is not an entrant");
          if (!place(i)) return std::unexpected("paired: " + p.dump() + " is paired twice");
          made.seats.push_back(i);
        }
        r.tables.push_back(std::move(made));
      }
      for (const auto& b : event.at("byes")) {
        int i = index_of(b.at("player").get<std::string>());
        auto kind = bye_from_text(b.at("kind").get<std::string>());
        if (i < 0 || !kind) return std::unexpected("paired: bad bye " + b.dump());
        if (!place(i)) return std::unexpected("paired: " + b.dump() + " is paired twice");
        r.byes.push_back({i, *kind});
      }
      rounds_.push_back(std::move(r));
    } else if (type == "result") {
      const int number = event.at("round").get<int>();
      const int board = event.at("board").get<int>();
      if (number < 1 || number > static_cast<int>(rounds_.size())) {
        return std::unexpected("result: no round " + std::to_string(number));
      }
      auto& tables = rounds_[number - 1].tables;
      auto it = std::find_if(tables.begin(), tables.end(),
                             [&](const table& t) { return t.board == board; });
      if (it == tables.end()) return std::unexpected("result: no board " + std::to_string(board));
      game_result result{.ranks = event.at("ranks").get<std::vector<int>>(),
                         .reason = get_or<std::string>(event, "reason", ""),
                         .forfeited = event.value("forfeited", std::vector<bool>{}),
                         .moves = std::nullopt,
                         .berserk = {}};
      const int seats = static_cast<int>(it->seats.size());
      if (static_cast<int>(result.ranks.size()) != seats ||
          std::any_of(result.ranks.begin(), result.ranks.end(),
                      [&](int k) { return k < 1 || k > seats; })) {
        return std::unexpected("result: ranks do not match the table");
      }
      result.forfeited.resize(result.ranks.size(), false);
      if (event.contains("moves")) result.moves = event["moves"].get<int>();
      result.berserk = event.value("berserk", std::vector<bool>{});
      result.berserk.resize(result.ranks.size(), false);
      if (!it->result) result_order_.emplace_back(number, board);
      it->result = std::move(result);
    } else if (type == "finished") {
      phase_ = phase::finished;
    } else if (type == "cancelled") {
      phase_ = phase::cancelled;
    } else {
      return std::unexpected("unknown event type " + type);
    }
  } catch (const json::exception& e) {
    return std::unexpected(std::string("bad event: ") + e.what());
  }
  ++events_;
  return {};
}

int tournament::score_before(int who, int before) const {
  int sum = 0;
  for (const auto& r : rounds_) {
    if (r.number >= before) break;
    for (const auto& t : r.tables) {
      if (!t.result) continue;
      for (std::size_t s = 0; s < t.seats.size(); ++s) {
        if (t.seats[s] == who) sum += table_points(*t.result, static_cast<int>(s));
      }
    }
    for (const auto& b : r.byes) {
      if (b.entrant == who) sum += bye_points(b.kind);
    }
  }
  return sum;
}

int tournament::score(int who) const {
  if (settings_.system == system_kind::arena) return arena_record_of(*this, who).points * point;
  return score_before(who, static_cast<int>(rounds_.size()) + 1);
}

bool tournament::games_in_progress() const {
  for (const auto& r : rounds_) {
    for (const auto& t : r.tables) {
      if (!t.result) return true;
    }
  }
  return false;
}

arena_record arena_record_of(const tournament& t, int who) {
  arena_record a;
  int streak = 0;  // wins in a row
  double opponents = 0;
  for (const auto& [number, board] : t.result_order()) {
    const auto& tables = t.rounds()[number - 1].tables;
    auto tb = std::find_if(tables.begin(), tables.end(),
                           [&](const table& x) { return x.board == board; });
    if (tb == tables.end() || !tb->result || tb->seats.size() != 2) continue;
    auto at = std::find(tb->seats.begin(), tb->seats.end(), who);
    if (at == tb->seats.end()) continue;
    const int seat = static_cast<int>(at - tb->seats.begin());
    const game_result& res = *tb->result;
    const int share = table_points(res, seat);  // point, point / 2 or 0
    const bool won = share == point;
    const bool quick_draw = share == point / 2 && res.moves && *res.moves < arena_quick_draw_moves;
    const bool fire = streak >= 2;
    const int base = won ? 2 : share == 0 || quick_draw ? 0 : 1;
    a.points += fire ? base * 2 : base;
    if (won && res.berserk[seat] && res.moves && *res.moves >= arena_berserk_bonus_moves) {
      ++a.points;
      ++a.berserk_wins;
    }
    streak = won ? streak + 1 : 0;
    const bool forfeit = tb->result->forfeited[0] || tb->result->forfeited[1];
    if (forfeit) continue;  // not a game: no performance
    ++a.games;
    a.wins += share == point;
    a.losses += share == 0;
    opponents += t.entrants()[tb->seats[1 - seat]].rating;
  }
  a.on_fire = streak >= 2;
  if (a.games > 0) a.performance = (opponents + 400.0 * (a.wins - a.losses)) / a.games;
  return a;
}

std::vector<int> tournament::opponents(int who) const {
  std::vector<int> met;
  for (const auto& r : rounds_) {
    for (const auto& t : r.tables) {
      if (std::find(t.seats.begin(), t.seats.end(), who) == t.seats.end()) continue;
      if (t.result && std::any_of(t.result->forfeited.begin(), t.result->forfeited.end(),
                                  [](bool f) { return f; })) {
        continue;  // a forfeit is not a game
      }
      for (int other : t.seats) {
        if (other != who) met.push_back(other);
      }
    }
  }
  return met;
}

namespace {

// The two-player rounds in the shape of the FIDE tie-break functions (server/tournaments/
// tiebreaks.hpp): every entrant has a record for every round, rounds not yet decided left out.
tournament_results two_player_results(const tournament& t) {
  const auto n = t.entrants().size();
  tournament_results results(n);
  for (const auto& r : t.rounds()) {
    std::vector<round_record> records(n);  // zero-point byes unless a table or bye says else
    for (const auto& tb : r.tables) {
      if (tb.seats.size() != 2 || !tb.result) continue;
      for (int s = 0; s < 2; ++s) {
        const int me = tb.seats[s];
        const double pts = table_points(*tb.result, s) / static_cast<double>(point);
        const bool forfeit = tb.result->forfeited[0] || tb.result->forfeited[1];
        records[me] = {forfeit ? (pts > 0 ? round_kind::forfeit_win : round_kind::forfeit_loss)
                               : round_kind::played,
                       tb.seats[1 - s], pts};
      }
    }
    for (const auto& b : r.byes) {
      records[b.entrant] = {b.kind == bye_kind::pairing          ? round_kind::pairing_allocated_bye
                            : b.kind == bye_kind::requested_half ? round_kind::half_point_bye
                                                                 : round_kind::zero_point_bye,
                            -1, bye_points(b.kind) / static_cast<double>(point)};
    }
    for (std::size_t i = 0; i < n; ++i)
      results[i].push_back(records[i]);
  }
  return results;
}

// Knockout: how far each entrant came: the rounds it was in, plus one once it has gone through
// the last round played (the winner of the final is ahead of the finalist, a player through to a
// round not yet paired ahead of those who lost), so that the bracket's order is the standings'.
// Who goes through a game is decided as in systems.cpp: the better rank, a draw sending the second
// seat through, nobody when both forfeited.
int knockout_depth(const tournament& t, int who) {
  int depth = 0;
  bool through = false;
  for (const auto& r : t.rounds()) {
    bool here =
        std::any_of(r.byes.begin(), r.byes.end(), [&](const bye& b) { return b.entrant == who; });
    through = here;
    for (const auto& tb : r.tables) {
      auto at = std::find(tb.seats.begin(), tb.seats.end(), who);
      if (at == tb.seats.end()) continue;
      here = true;
      through = false;
      if (!tb.result || tb.seats.size() != 2) continue;
      const auto& res = *tb.result;
      if (res.forfeited[0] && res.forfeited[1]) continue;
      const int winner = res.ranks[0] < res.ranks[1] ? 0 : 1;
      through = at - tb.seats.begin() == winner;
    }
    if (!here) break;
    ++depth;
    if (!through) break;
  }
  return depth + (through ? 1 : 0);
}

}  // namespace

std::vector<std::string> tournament::tiebreak_names() const {
  switch (settings_.system) {
    case system_kind::round_robin:
      return {"direct_encounter", "sonneborn_berger", "wins"};
    case system_kind::swiss:
      return {"buchholz_cut1", "buchholz", "sonneborn_berger", "wins"};
    case system_kind::knockout:
      return {"rounds_reached"};
    case system_kind::tables:
      return {"first_places", "sum_of_placings"};
    case system_kind::arena:
      return {"performance"};
  }
  return {};
}

std::vector<standing> tournament::standings() const {
  const int n = static_cast<int>(entrants_.size());
  std::vector<standing> rows(n);
  const bool two = settings_.table_size == 2;
  const auto results = two ? two_player_results(*this) : tournament_results{};
  const tiebreak_rules rules{.round_robin = settings_.system == system_kind::round_robin,
                             .cap_dummy_score = false};
  for (int i = 0; i < n; ++i) {
    standing& s = rows[i];
    s.entrant = i;
    s.score = score(i);
    switch (settings_.system) {
      case system_kind::round_robin:
        s.tiebreaks = {0, sonneborn_berger(results, i, rules), double(wins(results, i))};
        break;
      case system_kind::swiss:
        if (two) {
          s.tiebreaks = {buchholz_cut1(results, i, rules), buchholz(results, i, rules),
                         sonneborn_berger(results, i, rules), double(wins(results, i))};
        }
        break;
      case system_kind::knockout:
        s.tiebreaks = {double(knockout_depth(*this, i))};
        break;
      case system_kind::tables: {
        int firsts = 0;
        int placings = 0;
        for (const auto& r : rounds_) {
          for (const auto& t : r.tables) {
            auto at = std::find(t.seats.begin(), t.seats.end(), i);
            if (at == t.seats.end() || !t.result) continue;
            const int place = t.result->ranks[at - t.seats.begin()];
            // A first place counts when the game was played: nobody at the table forfeited.
            const auto& gone = t.result->forfeited;
            firsts +=
                place == 1 && std::none_of(gone.begin(), gone.end(), [](bool f) { return f; });
            placings += place;
          }
        }
        s.tiebreaks = {double(firsts), double(placings)};
        break;
      }
      case system_kind::arena:
        s.tiebreaks = {std::round(arena_record_of(*this, i).performance)};
        break;
    }
  }
  // Direct encounter among each group tied on points (round robin): computed once the groups
  // are known, and only when every two of a group met.
  auto by_score = [](const standing& a, const standing& b) { return a.score > b.score; };
  std::stable_sort(rows.begin(), rows.end(), by_score);
  if (settings_.system == system_kind::round_robin && two) {
    for (std::size_t lo = 0; lo < rows.size();) {
      std::size_t hi = lo;
      while (hi < rows.size() && rows[hi].score == rows[lo].score)
        ++hi;
      std::vector<int> tied;
      for (std::size_t k = lo; k < hi; ++k)
        tied.push_back(rows[k].entrant);
      if (tied.size() > 1) {
        if (auto de = direct_encounter(results, tied)) {
          for (std::size_t k = lo; k < hi; ++k)
            rows[k].tiebreaks[0] = (*de)[k - lo];
        }
      }
      lo = hi;
    }
  }
  const bool lower_last = settings_.system == system_kind::tables;  // sum of placings: lower wins
  const bool knockout = settings_.system == system_kind::knockout;
  auto better = [&](const standing& a, const standing& b) {
    // A knockout ranks by how far each came; a bye's point does not make a winner.
    if (knockout && a.tiebreaks[0] != b.tiebreaks[0]) return a.tiebreaks[0] > b.tiebreaks[0];
    if (a.score != b.score) return a.score > b.score;
    for (std::size_t k = 0; k < a.tiebreaks.size(); ++k) {
      if (a.tiebreaks[k] == b.tiebreaks[k]) continue;
      const bool lower_wins = lower_last && k + 1 == a.tiebreaks.size();
      return lower_wins ? a.tiebreaks[k] < b.tiebreaks[k] : a.tiebreaks[k] > b.tiebreaks[k];
    }
    return false;
  };
  std::stable_sort(rows.begin(), rows.end(), better);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    rows[k].place = k > 0 && !better(rows[k - 1], rows[k]) ? rows[k - 1].place : int(k) + 1;
  }
  return rows;
}

}  // namespace boardroom::tournaments
