// The tournament desk: requests, rounds, rooms and results; see tournament_desk.hpp.

#include "server/tournaments/tournament_desk.hpp"

#include <algorithm>
#include <random>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "engine/core/bot.hpp"
#include "engine/core/registry.hpp"
#include "protocol/rpc.hpp"
#include "server/ratings/rate_game.hpp"
#include "server/records/records.hpp"
#include "server/rooms/hub.hpp"
#include "server/rooms/ids.hpp"
#include "server/rooms/time_control.hpp"
#include "server/tournaments/systems.hpp"
#include "server/tournaments/trf.hpp"
#include "server/unix_time.hpp"

namespace boardroom::server {

using nlohmann::json;
using protocol::app_error;
using protocol::error;
namespace tn = tournaments;

struct tournament_desk::live {
  tn::tournament t;
  std::map<const peer*, std::weak_ptr<peer>> watchers;
  std::unique_ptr<boost::asio::steady_timer> start_timer;
  std::unique_ptr<boost::asio::steady_timer> tick;  // an arena's pairing clock
};

namespace {

// An arena also pairs on this clock (besides at every game's end and every entry): for players
// who came back, and to notice its end.
constexpr std::chrono::seconds arena_tick{2};

error unknown_tournament(const std::string& id) {
  return app_error("unknown_tournament", "there is no tournament " + id, "tournament");
}

error not_director() {
  return app_error("not_director",
                   "only the tournament's director (its creator) or an administrator may do that");
}

error storage_error() {
  return app_error("storage_failed", "the tournament could not be stored; nothing changed");
}

const engine::game* game_of(const tn::tournament_settings& s) {
  return engine::find_game(s.game);
}

// The bot an entrant id names: "bot:random:3" is the third built-in "random" entered.
// How a game that ended while the server was down ended, read from its room's log as its record:
// nothing when that log holds no finished game (the director then sets the result).
game_end end_of_record(const stored_room& room) {
  game_end end;
  auto record = record_json(room);
  if (!record) return end;
  try {
    end.outcome = protocol::outcome_from_json((*record)["outcome"]);
  } catch (const json::exception&) {
    return end;
  }
  end.moves = static_cast<int>((*record)["moves"].size());
  end.berserk.assign((*record)["players"].size(), false);
  for (const json& seat : record->value("berserk", json::array())) {
    if (seat.is_number_integer() && seat.get<std::size_t>() < end.berserk.size())
      end.berserk[seat.get<std::size_t>()] = true;
  }
  return end;
}

std::string bot_entrant_id(const std::string& bot, int n) {
  return "bot:" + bot + ":" + std::to_string(n);
}

}  // namespace

tournament_desk::tournament_desk(hub& host, store& storage, boost::asio::any_io_executor exec)
    : hub_(host), store_(storage), exec_(std::move(exec)) {}

tournament_desk::~tournament_desk() = default;

tournament_desk::live* tournament_desk::find(const std::string& id) {
  auto it = tournaments_.find(id);
  if (it != tournaments_.end()) return it->second.get();
  // A finished tournament no longer in memory is read back (lists, standings, exports).
  auto stored = store_.load_tournament(id);
  if (!stored || !*stored) return nullptr;
  auto l = std::make_unique<live>();
  for (const auto& text : (*stored)->events) {
    auto e = json::parse(text, nullptr, false);
    if (e.is_discarded() || !l->t.fold(e)) return nullptr;
  }
  return tournaments_.emplace(id, std::move(l)).first->second.get();
}

bool tournament_desk::is_director(const live& t, const std::string& player,
                                  const std::optional<std::string>& token) const {
  return (!player.empty() && t.t.settings().creator == player) || (token && hub_.is_admin(*token));
}

// ---- requests ---------------------------------------------------------------------------------

void tournament_desk::handle(const std::shared_ptr<peer>& conn, const client_context& ctx,
                             const json& id, protocol::message m) {
  boost::asio::post(
      exec_, [this, conn, player = ctx.player, name = ctx.name, id, m = std::move(m)]() mutable {
        on_request(conn, player, name, id, std::move(m));
      });
}

void tournament_desk::on_request(const std::shared_ptr<peer>& conn, const std::string& player,
                                 const std::string& name, const json& id, protocol::message m) {
  auto answer = [&](const std::expected<json, error>& r) {
    if (r) return reply(*conn, id, *r);
    hub_.stats().count_error(r.error().code);
    reply_error(*conn, id, r.error());
  };
  if (auto* c = std::get_if<protocol::tournament_create>(&m)) return answer(create(player, *c));
  if (std::holds_alternative<protocol::tournament_list>(m)) {
    json list = json::array();
    for (const auto& [tid, t] : tournaments_) {
      if (t->t.settings().is_public) list.push_back(summary(*t));
    }
    return answer(json{{"tournaments", list}});
  }
  if (auto* j = std::get_if<protocol::tournament_join>(&m)) return answer(join(player, name, *j));
  // Every other request names a tournament.
  const std::string tid = std::visit(
      [](const auto& r) -> std::string {
        if constexpr (requires { r.tournament; }) {
          return r.tournament;
        } else {
          return {};
        }
      },
      m);
  live* t = find(tid);
  if (!t) return answer(std::unexpected(unknown_tournament(tid)));
  std::visit(
      [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, protocol::tournament_get>) {
          answer(details(*t));
        } else if constexpr (std::is_same_v<T, protocol::tournament_watch>) {
          t->watchers[conn.get()] = conn;
          answer(details(*t));
        } else if constexpr (std::is_same_v<T, protocol::tournament_unwatch>) {
          t->watchers.erase(conn.get());
          answer(json::object());
        } else if constexpr (std::is_same_v<T, protocol::tournament_withdraw>) {
          answer(withdraw(*t, player));
        } else if constexpr (requires { r.token; }) {
          if (!is_director(*t, player, r.token)) return answer(std::unexpected(not_director()));
          if constexpr (std::is_same_v<T, protocol::tournament_start>) {
            answer(start(*t));
          } else if constexpr (std::is_same_v<T, protocol::tournament_cancel>) {
            if (t->t.status() == tn::phase::finished || t->t.status() == tn::phase::cancelled) {
              return answer(std::unexpected(app_error("tournament_over", "it is over already")));
            }
            if (!append(*t, {{{"type", "cancelled"}, {"at_ms", unix_ms_now()}}})) {
              return answer(std::unexpected(storage_error()));
            }
            t->start_timer.reset();
            notify(*t, "tournament.update", {{"tournament", tid}, {"change", "cancelled"}});
            publish_summary(*t, "closed");
            answer(summary(*t));
          } else if constexpr (std::is_same_v<T, protocol::tournament_pair>) {
            answer(pair_by_hand(*t, r));
          } else if constexpr (std::is_same_v<T, protocol::tournament_set_result>) {
            answer(set_result(*t, r));
          } else if constexpr (std::is_same_v<T, protocol::tournament_add_player>) {
            answer(add_player(*t, r));
          } else if constexpr (std::is_same_v<T, protocol::tournament_remove_player>) {
            answer(withdraw(*t, r.player));
          }
        }
      },
      m);
}

std::expected<json, error> tournament_desk::create(const std::string& player,
                                                   const protocol::tournament_create& m) {
  const auto& lim = hub_.settings().limit;
  int mine = 0;
  int open = 0;
  for (const auto& [tid, t] : tournaments_) {
    const auto phase = t->t.status();
    if (phase != tn::phase::entry && phase != tn::phase::running) continue;
    ++open;
    mine += t->t.settings().creator == player;
  }
  if (mine >= lim.tournaments_per_identity || open >= lim.max_open_tournaments) {
    return std::unexpected(app_error(
        "too_many_tournaments",
        mine >= lim.tournaments_per_identity
            ? "you already direct " + std::to_string(mine) + " open tournaments; the limit is " +
                  std::to_string(lim.tournaments_per_identity)
            : "the server runs as many tournaments as it may; try again later"));
  }
  auto spec = engine::make_game_spec(m.game, m.params);
  if (!spec) {
    const auto& e = spec.error();
    return std::unexpected(app_error(e.code, e.message, e.field.empty() ? "params" : e.field));
  }
  const auto& g = *spec->game_ptr;
  auto system = tn::system_from_text(m.system);
  if (!system) {
    return std::unexpected(app_error(
        "bad_system", "system is round_robin, swiss, knockout, tables or arena, not " + m.system,
        "system"));
  }
  const int size = m.table_size.value_or(g.players().min);
  if (size < g.players().min || size > g.players().max) {
    return std::unexpected(app_error("bad_seats",
                                     std::string(g.display_name()) + " is played by " +
                                         std::to_string(g.players().min) + " to " +
                                         std::to_string(g.players().max) + " players",
                                     "table_size"));
  }
  if ((*system == tn::system_kind::tables) != (size > 2)) {
    return std::unexpected(
        app_error("bad_system",
                  size > 2 ? "games of three or more players are played in the tables system"
                           : "the tables system is for games of three to six players; use swiss",
                  "system"));
  }
  int rounds = m.rounds.value_or(*system == tn::system_kind::round_robin ? 1 : 5);
  if (*system == tn::system_kind::round_robin && rounds > 2) {
    return std::unexpected(
        app_error("bad_parameter", "a round robin is single (rounds 1) or double (2)", "rounds"));
  }
  const bool by_hand_ok = *system == tn::system_kind::swiss || *system == tn::system_kind::tables;
  if (m.manual_pairing && !by_hand_ok) {
    return std::unexpected(app_error(
        "bad_parameter", "manual_pairing is for Swiss and tables tournaments", "manual_pairing"));
  }
  if (*system == tn::system_kind::knockout) rounds = 0;  // the field decides
  if ((*system == tn::system_kind::arena) != m.duration_seconds.has_value()) {
    return std::unexpected(app_error("bad_parameter",
                                     "an arena, and only an arena, runs for duration_seconds",
                                     "duration_seconds"));
  }
  if (*system == tn::system_kind::arena) rounds = 0;  // as many games as the time allows
  if (m.accelerated && *system != tn::system_kind::swiss) {
    return std::unexpected(
        app_error("bad_parameter", "accelerated pairings are for a Swiss", "accelerated"));
  }
  if (m.fixed_schedule && *system != tn::system_kind::tables) {
    return std::unexpected(
        app_error("bad_parameter", "fixed_schedule is for the tables system", "fixed_schedule"));
  }
  auto timing = parse_time_control(m.time_control.value_or("none"));
  if (!timing)
    return std::unexpected(app_error("bad_time_control", timing.error(), "time_control"));
  if (auto misfit = time_control_misfit(*timing, g)) {
    return std::unexpected(app_error("bad_time_control", *misfit, "time_control"));
  }
  // Berserk is lichess's, for an arena: on by default where the clock allows it.
  if (m.berserk.value_or(false) && *system != tn::system_kind::arena) {
    return std::unexpected(app_error("bad_parameter", "berserk is for an arena", "berserk"));
  }
  if (m.berserk.value_or(false) && !berserkable(*timing)) {
    return std::unexpected(app_error(
        "bad_parameter",
        "berserk needs a time control with a bank of time: sudden death or Fischer", "berserk"));
  }
  const bool berserk =
      *system == tn::system_kind::arena && m.berserk.value_or(berserkable(*timing));
  const auto now = unix_ms_now();
  if (m.starts_at_ms && (*m.starts_at_ms < now || *m.starts_at_ms > now + 90LL * 86'400'000)) {
    return std::unexpected(app_error(
        "bad_start_time", "starts_at_ms must be in the next 90 days (unix ms)", "starts_at_ms"));
  }
  if (m.min_rating && m.max_rating && *m.min_rating > *m.max_rating) {
    return std::unexpected(
        app_error("bad_parameter", "min_rating is above max_rating", "min_rating"));
  }
  const int max_players = std::min(m.max_players.value_or(64), lim.max_tournament_players);
  tn::tournament_settings s{.id = "t" + random_code(10),
                            .name = m.name,
                            .creator = player,
                            .game = std::string(g.key()),
                            .spec = spec->text(),
                            .table_size = size,
                            .time_control = time_control_text(*timing),
                            .system = *system,
                            .rounds = rounds,
                            .fixed_schedule = m.fixed_schedule,
                            .manual_pairing = m.manual_pairing,
                            .accelerated = m.accelerated,
                            .duration_ms = m.duration_seconds.value_or(0) * 1000LL,
                            .berserk = berserk,
                            .starts_at_ms = m.starts_at_ms.value_or(0),
                            .rated = m.rated,
                            .is_public = m.is_public,
                            .invite_code = m.is_public ? "" : random_code(8),
                            .min_rating = m.min_rating,
                            .max_rating = m.max_rating,
                            .max_players = max_players,
                            .no_show_ms = m.no_show_seconds.value_or(60) * 1000LL,
                            .created_ms = now};
  // The tournament is an identity of its own: it creates its games' rooms (the records name it
  // as their creator). It has no token: nobody can speak as it.
  if (auto saved = store_.save_identity({s.id, "tournament " + s.name, "tournament:" + s.id, now});
      !saved) {
    spdlog::error("tournament {}: {}", s.id, saved.error());
    return std::unexpected(storage_error());
  }
  auto l = std::make_unique<live>();
  const std::vector<json> first{{{"type", "created"}, {"settings", tn::settings_json(s, true)}}};
  if (!append(*l, first)) return std::unexpected(storage_error());
  live& made = *tournaments_.emplace(s.id, std::move(l)).first->second;
  arm_start(made);
  publish_summary(made, "opened");
  json out{{"tournament", s.id}, {"summary", summary(made)}};
  if (!s.invite_code.empty()) out["invite_code"] = s.invite_code;
  return out;
}

int tournament_desk::entry_rating(const std::string& player, const tn::tournament_settings& s) {
  auto tc = parse_time_control(s.time_control);
  const auto* g = game_of(s);
  return g ? server::entry_rating(store_, player, *g, tc ? speed_class(*tc) : "") : 1500;
}

std::expected<json, error> tournament_desk::join(const std::string& player, const std::string& name,
                                                 const protocol::tournament_join& m) {
  live* t = find(m.tournament);
  if (!t) return std::unexpected(unknown_tournament(m.tournament));
  const auto& s = t->t.settings();
  if (!s.invite_code.empty() && m.invite_code != s.invite_code) {
    return std::unexpected(app_error(
        "bad_invite_code", "this tournament is private: its invite code is needed", "invite_code"));
  }
  if (s.rated && !hub_.is_account(player)) {
    return std::unexpected(
        app_error("account_required", "a rated tournament is for accounts: register a password"));
  }
  const int at = t->t.index_of(player);
  if (at >= 0 && !t->t.entrants()[at].withdrawn) {
    return std::unexpected(app_error("already_entered", "you are entered already"));
  }
  const tn::phase phase = t->t.status();
  // Late entries: a Swiss (or tables) tournament takes them until its last round is paired.
  const bool late_ok = s.system == tn::system_kind::arena
                           ? unix_ms_now() < t->t.ends_at_ms()
                           : (s.system == tn::system_kind::swiss ||
                              (s.system == tn::system_kind::tables && !s.fixed_schedule)) &&
                                 static_cast<int>(t->t.rounds().size()) < t->t.planned_rounds();
  if (phase != tn::phase::entry && !(phase == tn::phase::running && late_ok)) {
    return std::unexpected(app_error("entry_closed", "this tournament takes no more entries"));
  }
  if (t->t.active_count() >= s.max_players) {
    return std::unexpected(app_error("tournament_full", "this tournament is full"));
  }
  const int rating = entry_rating(player, s);
  if ((s.min_rating && rating < *s.min_rating) || (s.max_rating && rating > *s.max_rating)) {
    return std::unexpected(
        app_error("rating_out_of_range",
                  "your rating " + std::to_string(rating) + " is outside the tournament's range"));
  }
  json e{{"type", "entered"},
         {"player", player},
         {"name", name},
         {"rating", rating},
         {"first_round", static_cast<int>(t->t.rounds().size()) + 1}};
  if (!append(*t, {e})) return std::unexpected(storage_error());
  notify(*t, "tournament.update",
         {{"tournament", s.id}, {"change", "entered"}, {"player", player}, {"name", name}});
  publish_summary(*t, "updated");
  if (s.system == tn::system_kind::arena) advance(*t);  // someone new waits
  return summary(*t);
}

std::expected<json, error> tournament_desk::add_player(live& t,
                                                       const protocol::tournament_add_player& m) {
  const auto& s = t.t.settings();
  if (t.t.status() != tn::phase::entry && t.t.status() != tn::phase::running) {
    return std::unexpected(app_error("entry_closed", "this tournament is over"));
  }
  if (t.t.status() == tn::phase::running &&
      (s.fixed_schedule || s.system == tn::system_kind::round_robin ||
       s.system == tn::system_kind::knockout)) {
    return std::unexpected(
        app_error("entry_closed",
                  "a round robin's schedule and a knockout's bracket are fixed at the start"));
  }
  if (t.t.status() == tn::phase::running && s.system == tn::system_kind::arena &&
      unix_ms_now() >= t.t.ends_at_ms()) {
    return std::unexpected(app_error("entry_closed", "the arena's time is up"));
  }
  if (m.player.has_value() == m.bot.has_value()) {
    return std::unexpected(
        app_error("bad_parameter", "name either a player (an identity id) or a bot", "player"));
  }
  if (t.t.active_count() >= s.max_players) {
    return std::unexpected(app_error("tournament_full", "this tournament is full"));
  }
  json e{{"type", "entered"}, {"first_round", static_cast<int>(t.t.rounds().size()) + 1}};
  if (m.bot) {
    const auto* g = game_of(s);
    const engine::bot* b = g ? engine::find_bot(*g, *m.bot) : nullptr;
    if (!b) return std::unexpected(app_error("unknown_bot", "no bot " + *m.bot, "bot"));
    if (s.rated) {
      return std::unexpected(
          app_error("bad_parameter", "a rated tournament has no built-in bots", "bot"));
    }
    int n = 1;
    while (t.t.index_of(bot_entrant_id(*m.bot, n)) >= 0)
      ++n;
    e["player"] = bot_entrant_id(*m.bot, n);
    e["name"] = *m.bot + " bot " + std::to_string(n);
    e["bot"] = *m.bot;
    e["rating"] = 0;
  } else {
    auto name = hub_.name_of(*m.player);
    bool account = hub_.is_account(*m.player);
    if (!name) {  // not connected now: an account is known to the store all the same
      if (auto stored = store_.account_of(*m.player); stored && *stored) {
        name = (*stored)->name;
        account = true;
      }
    }
    if (!name) {
      return std::unexpected(app_error(
          "bad_parameter", "no player " + *m.player + " is known to the server", "player"));
    }
    if (s.rated && !account) {
      return std::unexpected(app_error("account_required", "a rated tournament is for accounts"));
    }
    const int at = t.t.index_of(*m.player);
    if (at >= 0 && !t.t.entrants()[at].withdrawn) {
      return std::unexpected(app_error("already_entered", "that player is entered already"));
    }
    e["player"] = *m.player;
    e["name"] = *name;
    e["rating"] = entry_rating(*m.player, s);
  }
  if (!append(t, {e})) return std::unexpected(storage_error());
  notify(
      t, "tournament.update",
      {{"tournament", s.id}, {"change", "entered"}, {"player", e["player"]}, {"name", e["name"]}});
  publish_summary(t, "updated");
  if (s.system == tn::system_kind::arena) advance(t);  // someone new waits
  return json{{"player", e["player"]}, {"summary", summary(t)}};
}

std::expected<json, error> tournament_desk::withdraw(live& t, const std::string& player) {
  const int at = t.t.index_of(player);
  if (at < 0 || t.t.entrants()[at].withdrawn) {
    return std::unexpected(app_error("not_entered", "not an entrant of this tournament", "player"));
  }
  if (t.t.status() != tn::phase::entry && t.t.status() != tn::phase::running) {
    return std::unexpected(app_error("tournament_over", "this tournament is over"));
  }
  if (!append(t, {{{"type", "withdrew"}, {"player", player}}})) {
    return std::unexpected(storage_error());
  }
  notify(t, "tournament.update",
         {{"tournament", t.t.settings().id}, {"change", "withdrew"}, {"player", player}});
  publish_summary(t, "updated");
  return summary(t);
}

std::expected<json, error> tournament_desk::start(live& t) {
  if (t.t.status() != tn::phase::entry) {
    return std::unexpected(app_error("entry_closed", "this tournament has started already"));
  }
  const auto* g = game_of(t.t.settings());
  const int needed = std::max(2, g ? g->players().min : 2);
  if (t.t.active_count() < needed) {
    return std::unexpected(app_error("not_enough_players",
                                     "a tournament needs at least " + std::to_string(needed) +
                                         " players; it has " + std::to_string(t.t.active_count())));
  }
  const json started{{"type", "started"}, {"at_ms", unix_ms_now()}};
  if (!t.t.settings().manual_pairing && t.t.settings().system != tn::system_kind::arena) {
    // The first round must be pairable (a fixed schedule needs its numbers): found out now,
    // while the tournament can still take or lose entries, not after it started.
    tn::tournament trial = t.t;
    (void)trial.fold(started);
    if (auto first = tn::pair_next(trial, needed); !first) {
      return std::unexpected(
          app_error("bad_pairing", "the first round cannot be paired: " + first.error()));
    }
  }
  if (!append(t, {started})) return std::unexpected(storage_error());
  arm_arena(t);
  t.start_timer.reset();
  notify(t, "tournament.update", {{"tournament", t.t.settings().id}, {"change", "started"}});
  advance(t);
  publish_summary(t, "updated");
  return summary(t);
}

void tournament_desk::arm_start(live& t) {
  const auto at = t.t.settings().starts_at_ms;
  if (at == 0 || t.t.status() != tn::phase::entry) return;
  t.start_timer = std::make_unique<boost::asio::steady_timer>(
      exec_, std::chrono::milliseconds(std::max<std::int64_t>(0, at - unix_ms_now())));
  const std::string id = t.t.settings().id;
  t.start_timer->async_wait([this, id](boost::system::error_code ec) {
    if (ec) return;
    live* l = find(id);
    if (!l || l->t.status() != tn::phase::entry) return;
    if (auto started = start(*l); !started) {
      // Too few came: the tournament is called off, as announced start times promise.
      spdlog::info("tournament {} did not start at its time: {}", id, started.error().message);
      if (append(*l, {{{"type", "cancelled"}, {"at_ms", unix_ms_now()}}})) {
        notify(*l, "tournament.update",
               {{"tournament", id}, {"change", "cancelled"}, {"reason", started.error().message}});
        publish_summary(*l, "closed");
      }
    }
  });
}

// ---- rounds
// --------------------------------------------------------------------------------------

void tournament_desk::finish(live& t) {
  if (!append(t, {{{"type", "finished"}, {"at_ms", unix_ms_now()}}})) {
    return retry(t.t.settings().id, [this](live& again) { advance(again); });
  }
  t.tick.reset();
  notify(t, "tournament.update", {{"tournament", t.t.settings().id}, {"change", "finished"}});
  notify(t, "tournament.standings", standings_json(t));
  publish_summary(t, "closed");
}

// An arena pairs whoever waits: players not withdrawn, connected (or built in), not in a game.
// After its end it pairs no more and finishes when the last game does.
void tournament_desk::arena_wave(live& t) {
  if (unix_ms_now() >= t.t.ends_at_ms()) {
    if (!t.t.games_in_progress()) finish(t);
    return;
  }
  std::set<int> busy;
  for (const auto& r : t.t.rounds()) {
    for (const auto& tb : r.tables) {
      if (!tb.result) busy.insert(tb.seats.begin(), tb.seats.end());
    }
  }
  std::vector<int> waiting;
  for (int i = 0; i < static_cast<int>(t.t.entrants().size()); ++i) {
    const auto& e = t.t.entrants()[i];
    if (e.withdrawn || busy.contains(i)) continue;
    if (e.bot.empty() && hub_.connection_of(e.player).expired()) continue;
    waiting.push_back(i);
  }
  auto tables = tn::pair_arena(t.t, std::move(waiting));
  if (!tables.empty()) open_round(t, std::move(tables), {});
}

void tournament_desk::arm_arena(live& t) {
  if (t.t.settings().system != tn::system_kind::arena || t.t.status() != tn::phase::running) {
    return;
  }
  t.tick = std::make_unique<boost::asio::steady_timer>(exec_, arena_tick);
  const std::string id = t.t.settings().id;
  t.tick->async_wait([this, id](boost::system::error_code ec) {
    if (ec) return;
    live* l = find(id);
    if (!l || l->t.status() != tn::phase::running) return;
    arena_wave(*l);
    arm_arena(*l);
  });
}

void tournament_desk::advance(live& t) {
  if (t.t.status() != tn::phase::running) return;
  if (t.t.settings().system == tn::system_kind::arena) return arena_wave(t);
  if (!t.t.current_round_complete()) return;
  if (tn::tournament_over(t.t)) return finish(t);
  if (t.t.settings().manual_pairing) {  // the director pairs every round (tournament.pair)
    notify(t, "tournament.update",
           {{"tournament", t.t.settings().id},
            {"change", "pairing_due"},
            {"round", static_cast<int>(t.t.rounds().size()) + 1}});
    return;
  }
  const auto* g = game_of(t.t.settings());
  auto next = tn::pair_next(t.t, g ? g->players().min : 2);
  if (!next) {
    // The director pairs by hand (tournament.pair); everyone is told why it waits.
    spdlog::warn("tournament {}: round {} cannot be paired: {}", t.t.settings().id,
                 t.t.rounds().size() + 1, next.error());
    notify(t, "tournament.update",
           {{"tournament", t.t.settings().id},
            {"change", "pairing_failed"},
            {"reason", next.error()}});
    return;
  }
  open_round(t, std::move(next->tables), std::move(next->byes));
}

void tournament_desk::open_round(live& t, std::vector<std::vector<int>> tables,
                                 std::vector<tn::bye> byes) {
  const int number = static_cast<int>(t.t.rounds().size()) + 1;
  const auto& people = t.t.entrants();
  json paired{
      {"type", "paired"}, {"round", number}, {"tables", json::array()}, {"byes", json::array()}};
  std::vector<json> decided;  // tables a withdrawal decided: no game
  for (std::size_t b = 0; b < tables.size(); ++b) {
    const auto& seats = tables[b];
    json seat_ids = json::array();
    std::vector<bool> gone;
    for (int who : seats) {
      seat_ids.push_back(people[who].player);
      gone.push_back(people[who].withdrawn);
    }
    const int present = static_cast<int>(std::count(gone.begin(), gone.end(), false));
    json table{{"board", static_cast<int>(b) + 1}, {"seats", seat_ids}};
    if (present == static_cast<int>(seats.size())) {
      table["room"] = new_room_id();
    } else {
      std::vector<int> ranks;
      for (bool g : gone)
        ranks.push_back(g ? 2 : 1);
      decided.push_back({{"type", "result"},
                         {"round", number},
                         {"board", static_cast<int>(b) + 1},
                         {"ranks", ranks},
                         {"reason", "withdrawn"},
                         {"forfeited", gone}});
    }
    paired["tables"].push_back(std::move(table));
  }
  for (const auto& b : byes) {
    paired["byes"].push_back(
        {{"player", people[b.entrant].player}, {"kind", tn::bye_text(b.kind)}});
  }
  std::vector<json> events{paired};
  events.insert(events.end(), decided.begin(), decided.end());
  if (!append(t, events)) {
    spdlog::error("tournament {}: round {} could not be stored; it is paired again in a second",
                  t.t.settings().id, number);
    return retry(t.t.settings().id, [this](live& again) { advance(again); });
  }
  open_rooms(t, number);
  notify(t, "tournament.pairings", round_json(t, number));
  advance(t);  // a round that withdrawals decided entirely
}

// Opens the rooms of a round's tables that have none yet (at pairing, and after a restart for
// rooms the crash kept from being opened).
void tournament_desk::open_rooms(live& t, int number) {
  const auto& s = t.t.settings();
  const auto& r = t.t.rounds()[number - 1];
  auto spec = engine::parse_game_spec(s.spec);
  auto timing = parse_time_control(s.time_control);
  if (!spec || !timing) {
    spdlog::error("tournament {}: its game or time control no longer parses", s.id);
    return;
  }
  std::mt19937_64 seeds(random_seed());
  for (const auto& tb : r.tables) {
    if (tb.room.empty() || tb.result) continue;
    games_[tb.room] = {s.id, {number, tb.board}};
    if (hub_.has_room(tb.room)) continue;
    room_settings rs{.id = tb.room,
                     .spec = *spec,
                     .seats = static_cast<int>(tb.seats.size()),
                     .is_public = s.is_public,
                     .auto_start = true,
                     .invite_code = s.invite_code,  // a private tournament's watchers have it
                     .creator = s.id,
                     .seed = seeds(),
                     .bots = {},
                     .practice = false,
                     .created = std::chrono::system_clock::now(),
                     .timing = *timing,
                     .vacated = vacated_policy::bot,
                     .rated = s.rated,
                     .berserk = s.berserk,
                     .entrants = {},
                     .no_show_grace = std::chrono::milliseconds(s.no_show_ms)};
    for (std::size_t seat = 0; seat < tb.seats.size(); ++seat) {
      const tn::entrant& e = t.t.entrants()[tb.seats[seat]];
      if (!e.bot.empty()) {
        rs.bots[static_cast<int>(seat)] = engine::find_bot(*spec->game_ptr, e.bot);
      } else {
        rs.entrants.push_back(
            {static_cast<int>(seat), e.player, e.name, hub_.connection_of(e.player)});
      }
    }
    hub_.open_server_room(std::move(rs));
  }
}

void tournament_desk::game_ended(const std::string& room, const game_end& end) {
  boost::asio::post(exec_, [this, room, end] {
    auto it = games_.find(room);
    if (it == games_.end()) return;
    const auto [tid, where] = it->second;
    games_.erase(it);
    if (live* t = find(tid)) record_result(*t, where.first, where.second, end);
  });
}

void tournament_desk::record_result(live& t, int number, int board, const game_end& end) {
  const auto& r = t.t.rounds()[number - 1];
  auto tb = std::find_if(r.tables.begin(), r.tables.end(),
                         [&](const tn::table& x) { return x.board == board; });
  if (tb == r.tables.end() || tb->result) return;  // the director decided it meanwhile
  if (t.t.status() != tn::phase::running) return;  // cancelled: its games count no more
  const auto& result = end.outcome;
  if (!result || result->ranks.size() != tb->seats.size()) {
    spdlog::warn("tournament {}: round {} board {} ended without a result; the director sets it",
                 t.t.settings().id, number, board);
    notify(t, "tournament.update",
           {{"tournament", t.t.settings().id},
            {"change", "result_needed"},
            {"round", number},
            {"board", board}});
    return;
  }
  // A player who never came forfeits (all of them, when nobody came): the game is not counted as
  // played, for the pairings and the tie-breaks.
  std::vector<bool> forfeited(result->ranks.size(), false);
  if (result->reason == "no_show") {
    const int worst = *std::max_element(result->ranks.begin(), result->ranks.end());
    const bool all_equal =
        std::all_of(result->ranks.begin(), result->ranks.end(), [&](int k) { return k == worst; });
    for (std::size_t i = 0; i < forfeited.size(); ++i)
      forfeited[i] = all_equal || result->ranks[i] == worst;
  }
  json e{{"type", "result"},       {"round", number},          {"board", board},
         {"ranks", result->ranks}, {"reason", result->reason}, {"forfeited", forfeited},
         {"moves", end.moves}};
  // The arena's bonus needs who went berserk (tournament.hpp: arena_record).
  if (std::find(end.berserk.begin(), end.berserk.end(), true) != end.berserk.end() &&
      end.berserk.size() == tb->seats.size()) {
    e["berserk"] = end.berserk;
  }
  if (!append(t, {e})) {
    return retry(t.t.settings().id, [this, number, board, end](live& again) {
      record_result(again, number, board, end);
    });
  }
  announce_result(t, e);
}

// A stored result: told to everyone, with the standings it makes; then the next round if due.
void tournament_desk::announce_result(live& t, json result_event) {
  result_event.erase("type");
  result_event["tournament"] = t.t.settings().id;
  notify(t, "tournament.result", result_event);
  notify(t, "tournament.standings", standings_json(t));
  advance(t);
}

std::expected<json, error> tournament_desk::set_result(live& t,
                                                       const protocol::tournament_set_result& m) {
  if (t.t.status() != tn::phase::running && t.t.status() != tn::phase::finished) {
    return std::unexpected(app_error("tournament_not_running", "no round has been paired yet"));
  }
  if (m.round > static_cast<int>(t.t.rounds().size())) {
    return std::unexpected(app_error("bad_result", "there is no such round", "round"));
  }
  const auto& r = t.t.rounds()[m.round - 1];
  auto tb = std::find_if(r.tables.begin(), r.tables.end(),
                         [&](const tn::table& x) { return x.board == m.board; });
  if (tb == r.tables.end()) {
    return std::unexpected(app_error("bad_result", "there is no such board", "board"));
  }
  if (m.ranks.size() != tb->seats.size() || std::any_of(m.ranks.begin(), m.ranks.end(), [&](int k) {
        return k > static_cast<int>(m.ranks.size());
      })) {
    return std::unexpected(
        app_error("bad_ranks", "one rank per seat of the table, from 1", "ranks"));
  }
  json e{{"type", "result"},     {"round", m.round},
         {"board", m.board},     {"ranks", m.ranks},
         {"reason", "director"}, {"forfeited", std::vector<bool>(m.ranks.size(), false)}};
  const std::string room = tb->room;  // `tb` goes with the state append() replaces
  if (!append(t, {e})) return std::unexpected(storage_error());
  games_.erase(room);  // the game may go on; its end no longer counts
  announce_result(t, e);
  return round_json(t, m.round);
}

std::expected<json, error> tournament_desk::pair_by_hand(live& t,
                                                         const protocol::tournament_pair& m) {
  if (t.t.status() != tn::phase::running) {
    return std::unexpected(app_error("tournament_not_running", "the tournament is not running"));
  }
  const auto& s = t.t.settings();
  if (s.system != tn::system_kind::swiss && s.system != tn::system_kind::tables) {
    // A round robin's schedule and a knockout's bracket are fixed: a round paired by hand would
    // leave a scheduled round unplayed or a bracket that no longer adds up.
    return std::unexpected(app_error(
        "bad_system", "rounds are paired by hand in Swiss and tables tournaments only", "tables"));
  }
  if (!t.t.current_round_complete()) {
    return std::unexpected(app_error("round_in_progress", "the current round is not finished"));
  }
  if (tn::tournament_over(t.t)) {
    return std::unexpected(app_error("tournament_over", "the last round has been played"));
  }
  const auto* g = game_of(s);
  std::set<int> placed;
  auto place = [&](const std::string& player) -> std::expected<int, error> {
    const int at = t.t.index_of(player);
    if (at < 0 || t.t.entrants()[at].withdrawn) {
      return std::unexpected(app_error("bad_pairing", player + " is not playing", "tables"));
    }
    if (!placed.insert(at).second) {
      return std::unexpected(app_error("bad_pairing", player + " is paired twice", "tables"));
    }
    return at;
  };
  std::vector<std::vector<int>> tables;
  for (const auto& names : m.tables) {
    const int n = static_cast<int>(names.size());
    if (n > s.table_size || n < std::max(2, g ? g->players().min : 2)) {
      return std::unexpected(
          app_error("bad_pairing",
                    "a table seats 2 to " + std::to_string(s.table_size) + " players", "tables"));
    }
    std::vector<int> seats;
    for (const auto& p : names) {
      auto at = place(p);
      if (!at) return std::unexpected(at.error());
      seats.push_back(*at);
    }
    tables.push_back(std::move(seats));
  }
  std::vector<tn::bye> byes;
  for (const auto& p : m.byes) {
    auto at = place(p);
    if (!at) return std::unexpected(at.error());
    // The bye the system itself would give: a point in a Swiss, half a point at tables.
    byes.push_back({*at, s.table_size == 2 ? tn::bye_kind::pairing : tn::bye_kind::requested_half});
  }
  const int number = static_cast<int>(t.t.rounds().size()) + 1;
  for (int i = 0; i < static_cast<int>(t.t.entrants().size()); ++i) {
    const auto& e = t.t.entrants()[i];
    if (placed.contains(i) || e.withdrawn || e.first_round > number) {
      if (!placed.contains(i)) byes.push_back({i, tn::bye_kind::zero});
      continue;
    }
    return std::unexpected(
        app_error("bad_pairing", e.player + " is neither at a table nor given a bye", "tables"));
  }
  open_round(t, std::move(tables), std::move(byes));
  return round_json(t, number);
}

// ---- storage --------------------------------------------------------------------------------

bool tournament_desk::append(live& t, const std::vector<json>& events) {
  tn::tournament after = t.t;
  std::vector<std::string> rows;
  for (const auto& e : events) {
    if (auto ok = after.fold(e); !ok) {
      spdlog::error("tournament {}: event {} does not fold: {}", after.settings().id, e.dump(),
                    ok.error());
      return false;
    }
    rows.push_back(e.dump());
  }
  auto stored = store_.append_tournament(after.settings().id, t.t.events() + 1, rows,
                                         tn::phase_text(after.status()));
  if (!stored) {
    hub_.stats().count_error("storage_failed");
    spdlog::error("tournament {}: {}", after.settings().id, stored.error());
    return false;
  }
  t.t = std::move(after);
  return true;
}

store_result<int> tournament_desk::restore() {
  auto stored = store_.load_open_tournaments();
  if (!stored) return std::unexpected(stored.error());
  int count = 0;
  for (const auto& each : *stored) {
    auto l = std::make_unique<live>();
    bool ok = true;
    for (const auto& text : each.events) {
      auto e = json::parse(text, nullptr, false);
      if (e.is_discarded() || !l->t.fold(e)) {
        spdlog::error("tournament {} cannot be restored: an event does not fold", each.id);
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    live& t = *tournaments_.emplace(each.id, std::move(l)).first->second;
    ++count;
    arm_start(t);
    arm_arena(t);
    if (t.t.status() == tn::phase::running && !t.t.rounds().empty()) {
      const int number = static_cast<int>(t.t.rounds().size());
      // Games that ended while the server was down (or before their result was stored).
      for (const auto& tb : t.t.rounds().back().tables) {
        if (tb.room.empty() || tb.result || hub_.has_room(tb.room)) continue;
        auto room = store_.load_room(tb.room);
        if (!room || !*room) continue;  // never opened: open_rooms() below opens it
        record_result(t, number, tb.board, end_of_record(**room));
      }
      if (t.t.status() == tn::phase::running && static_cast<int>(t.t.rounds().size()) == number)
        open_rooms(t, number);
    }
    advance(t);
    publish_summary(t, "opened");
  }
  return count;
}

// ---- telling --------------------------------------------------------------------------------

void tournament_desk::notify(const live& t, const std::string& method, json params) {
  auto frame = make_frame(protocol::write_notification(method, params));
  std::set<const peer*> sent;
  for (const auto& [p, weak] : t.watchers) {
    if (auto conn = weak.lock(); conn && sent.insert(conn.get()).second) conn->send(frame);
  }
  for (const auto& e : t.t.entrants()) {
    if (!e.bot.empty()) continue;
    if (auto conn = hub_.connection_of(e.player).lock(); conn && sent.insert(conn.get()).second)
      conn->send(frame);
  }
}

void tournament_desk::publish_summary(const live& t, const std::string& change) {
  if (t.t.settings().is_public) hub_.directory().publish_tournament(change, summary(t));
}

std::vector<std::string> tournament_desk::open_tournaments() const {
  std::vector<std::string> open;
  for (const auto& [id, t] : tournaments_) {
    if (t->t.status() == tn::phase::entry || t->t.status() == tn::phase::running)
      open.push_back(id);
  }
  return open;
}

void tournament_desk::disconnected(const peer* conn) {
  boost::asio::post(exec_, [this, conn] {
    for (auto& [id, t] : tournaments_)
      t->watchers.erase(conn);
  });
}

void tournament_desk::shut_down() {
  boost::asio::post(exec_, [this] {
    shut_ = true;
    for (auto& [id, t] : tournaments_) {
      t->start_timer.reset();
      t->tick.reset();
    }
    for (const auto& timer : retries_)  // the store's thread must be free to end
      timer->cancel();
    retries_.clear();
  });
}

void tournament_desk::retry(const std::string& id, std::function<void(live&)> step) {
  if (shut_) return;
  auto timer = std::make_shared<boost::asio::steady_timer>(exec_, std::chrono::seconds(1));
  retries_.insert(timer);
  timer->async_wait([this, timer, id, step = std::move(step)](boost::system::error_code ec) {
    if (ec) return;
    retries_.erase(timer);
    if (live* t = find(id)) step(*t);
  });
}

json tournament_desk::summary(const live& t) const {
  const auto& s = t.t.settings();
  json out = tn::settings_json(s, false);
  out["tournament"] = s.id;
  out.erase("id");
  out["status"] = tn::phase_text(t.t.status());
  out["players"] = t.t.active_count();
  out["round"] = static_cast<int>(t.t.rounds().size());
  out["planned_rounds"] = t.t.planned_rounds();
  return out;
}

json tournament_desk::standings_json(const live& t) const {
  json rows = json::array();
  const auto names = t.t.tiebreak_names();
  for (const auto& st : t.t.standings()) {
    const auto& e = t.t.entrants()[st.entrant];
    json tb = json::object();
    for (std::size_t k = 0; k < names.size() && k < st.tiebreaks.size(); ++k)
      tb[names[k]] = st.tiebreaks[k];
    json row{{"place", st.place},
             {"player", e.player},
             {"name", e.name},
             {"rating", e.rating},
             {"points", st.score / static_cast<double>(tn::point)},
             {"tiebreaks", tb}};
    if (e.withdrawn) row["withdrawn"] = true;
    if (!e.bot.empty()) row["bot"] = e.bot;
    if (t.t.settings().system == tn::system_kind::arena) {
      const auto arena = tn::arena_record_of(t.t, st.entrant);
      row["on_fire"] = arena.on_fire;
      row["berserk_wins"] = arena.berserk_wins;
    }
    rows.push_back(std::move(row));
  }
  return {{"tournament", t.t.settings().id},
          {"round", static_cast<int>(t.t.rounds().size())},
          {"final", t.t.status() == tn::phase::finished},
          {"standings", rows}};
}

json tournament_desk::round_json(const live& t, int number) const {
  const auto& r = t.t.rounds()[number - 1];
  const auto& people = t.t.entrants();
  json tables = json::array();
  for (const auto& tb : r.tables) {
    json seats = json::array();
    for (int who : tb.seats)
      seats.push_back({{"player", people[who].player}, {"name", people[who].name}});
    json row{{"board", tb.board}, {"seats", seats}};
    if (!tb.room.empty()) row["room"] = tb.room;
    if (tb.result) {
      json points = json::array();
      for (std::size_t s = 0; s < tb.seats.size(); ++s)
        points.push_back(tn::table_points(*tb.result, static_cast<int>(s)) /
                         static_cast<double>(tn::point));
      row["result"] = {{"ranks", tb.result->ranks},
                       {"points", points},
                       {"reason", tb.result->reason},
                       {"forfeited", tb.result->forfeited}};
      if (tb.result->moves) row["result"]["moves"] = *tb.result->moves;
      if (std::find(tb.result->berserk.begin(), tb.result->berserk.end(), true) !=
          tb.result->berserk.end()) {
        row["result"]["berserk"] = tb.result->berserk;
      }
    }
    tables.push_back(std::move(row));
  }
  json byes = json::array();
  for (const auto& b : r.byes) {
    byes.push_back({{"player", people[b.entrant].player},
                    {"name", people[b.entrant].name},
                    {"kind", tn::bye_text(b.kind)},
                    {"points", tn::bye_points(b.kind) / static_cast<double>(tn::point)}});
  }
  return {{"tournament", t.t.settings().id}, {"round", number}, {"tables", tables}, {"byes", byes}};
}

json tournament_desk::details(const live& t) const {
  json entrants = json::array();
  for (const auto& e : t.t.entrants()) {
    json row{{"player", e.player}, {"name", e.name}, {"rating", e.rating}};
    if (e.withdrawn) row["withdrawn"] = true;
    if (!e.bot.empty()) row["bot"] = e.bot;
    if (e.first_round > 1) row["first_round"] = e.first_round;
    entrants.push_back(std::move(row));
  }
  json rounds = json::array();
  for (int k = 1; k <= static_cast<int>(t.t.rounds().size()); ++k)
    rounds.push_back(round_json(t, k));
  json standings = standings_json(t);
  return {{"summary", summary(t)},
          {"entrants", entrants},
          {"rounds", rounds},
          {"standings", standings["standings"]}};
}

// Each entrant's results against each other (two-player games): the rows and columns follow the
// standings; a cell lists the games of the pair as "1", "½", "0" (forfeits "+", "-").
json tournament_desk::crosstable(const live& t) const {
  const auto order = t.t.standings();
  std::map<int, int> row_of;
  for (std::size_t k = 0; k < order.size(); ++k)
    row_of[order[k].entrant] = static_cast<int>(k);
  json rows = json::array();
  for (const auto& st : order) {
    const auto& e = t.t.entrants()[st.entrant];
    json cells = json::array();
    for (std::size_t k = 0; k < order.size(); ++k)
      cells.push_back("");
    for (const auto& r : t.t.rounds()) {
      for (const auto& tb : r.tables) {
        auto at = std::find(tb.seats.begin(), tb.seats.end(), st.entrant);
        if (at == tb.seats.end() || !tb.result) continue;
        const int seat = static_cast<int>(at - tb.seats.begin());
        const int pts = tn::table_points(*tb.result, seat);
        const bool forfeit = std::any_of(tb.result->forfeited.begin(), tb.result->forfeited.end(),
                                         [](bool f) { return f; });
        for (int other : tb.seats) {
          if (other == st.entrant) continue;
          std::string mark = forfeit                ? (pts > 0 ? "+" : "-")
                             : pts == tn::point     ? "1"
                             : pts == 0             ? "0"
                             : pts * 2 == tn::point ? "½"
                                                    : std::to_string(pts / double(tn::point));
          auto& cell = cells[row_of[other]];
          cell = cell.get<std::string>() + mark;
        }
      }
    }
    rows.push_back({{"place", st.place},
                    {"player", e.player},
                    {"name", e.name},
                    {"points", st.score / static_cast<double>(tn::point)},
                    {"results", cells}});
  }
  return {{"tournament", t.t.settings().id}, {"rows", rows}};
}

// ---- HTTP -----------------------------------------------------------------------------------

api_reply tournament_desk::serve(std::string_view path, const query_lookup&) {
  constexpr std::string_view base = "/api/v1/tournaments";
  if (path == base) {
    json list = json::array();
    for (const auto& [tid, t] : tournaments_) {
      if (t->t.settings().is_public) list.push_back(summary(*t));
    }
    return {200, "application/json", json{{"tournaments", list}}.dump()};
  }
  std::string_view rest = path.substr(base.size() + 1);
  const std::string tid(rest.substr(0, rest.find('/')));
  rest = rest.size() > tid.size() ? rest.substr(tid.size() + 1) : std::string_view{};
  live* t = find(tid);
  // A private tournament is reachable by its id, as a private room's record is.
  if (!t) return api_error(404, "unknown_tournament", "there is no tournament " + tid);
  if (rest.empty()) return {200, "application/json", details(*t).dump()};
  if (rest == "standings") return {200, "application/json", standings_json(*t).dump()};
  if (rest == "crosstable") return {200, "application/json", crosstable(*t).dump()};
  if (rest == "trf") {
    const auto system = t->t.settings().system;
    if (system != tn::system_kind::swiss && system != tn::system_kind::round_robin) {
      return api_error(404, "not_found",
                       "TRF exports are for two-player Swiss and round-robin tournaments");
    }
    return {200, "text/plain; charset=utf-8", tn::write_trf(tn::tournament_trf(t->t))};
  }
  if (rest.starts_with("rounds/")) {
    const std::string n(rest.substr(7));
    int number = 0;
    for (char c : n) {
      if (c < '0' || c > '9' || number > 100'000)
        return api_error(404, "not_found", "no round " + n);
      number = number * 10 + (c - '0');
    }
    if (number < 1 || number > static_cast<int>(t->t.rounds().size())) {
      return api_error(404, "not_found", "no round " + n);
    }
    return {200, "application/json", round_json(*t, number).dump()};
  }
  return api_error(404, "not_found", "no such path: " + std::string(path));
}

}  // namespace boardroom::server
