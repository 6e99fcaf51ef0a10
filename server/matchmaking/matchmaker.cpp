#include "server/matchmaking/matchmaker.hpp"

#include <algorithm>
#include <random>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "server/matchmaking/pairing.hpp"
#include "server/ratings/rate_game.hpp"
#include "server/rooms/assigned.hpp"
#include "server/rooms/hub.hpp"
#include "server/rooms/ids.hpp"
#include "server/rooms/room_terms.hpp"
#include "server/unix_time.hpp"

namespace boardroom::server {

using nlohmann::json;
using protocol::app_error;
using steady = std::chrono::steady_clock;

namespace {

// The identity that opens quick pairing's and challenges' rooms (records name it as their
// creator); it has no token, so nobody can speak as it.
constexpr const char* pairing_identity = "quick-pairing";

protocol::error unknown_seek(const std::string& id) {
  return app_error("unknown_seek", "you have no seek " + id, "seek");
}
protocol::error unknown_challenge(const std::string& id) {
  return app_error("unknown_challenge", "there is no challenge " + id + " for you", "challenge");
}

// Whether `player` may add one more to `waiting` (seeks or challenges, by id, each with its
// maker): within what one identity and the server may have waiting.
template <class Map>
std::optional<protocol::error> over_limit(const Map& waiting, const std::string& player,
                                          int per_identity, int on_server, engine::error_code code,
                                          const std::string& what) {
  const auto mine = std::count_if(waiting.begin(), waiting.end(),
                                  [&](const auto& w) { return w.second.maker() == player; });
  if (mine >= per_identity) {
    return app_error(code, "you have " + std::to_string(mine) + " " + what +
                               " waiting; the limit is " + std::to_string(per_identity));
  }
  if (static_cast<int>(waiting.size()) >= on_server) {
    return app_error(code,
                     "the server has as many " + what + " waiting as it takes; try again soon");
  }
  return std::nullopt;
}

}  // namespace

matchmaker::matchmaker(hub& host, store& storage, boost::asio::any_io_executor exec)
    : hub_(host), store_(storage), exec_(exec), round_timer_(exec) {}

matchmaker::~matchmaker() = default;

void matchmaker::handle(const std::shared_ptr<peer>& conn, const client_context& ctx,
                        const json& id, protocol::message m) {
  person who{ctx.player, ctx.name, hub_.is_bot_account(ctx.player), conn};
  boost::asio::post(exec_, [this, conn, who = std::move(who), id, m = std::move(m)] {
    if (shut_) return;
    auto settle = [&](const answer& a) {
      if (a) return reply(*conn, id, *a);
      hub_.stats().count_error(a.error().code);
      reply_error(*conn, id, a.error());
    };
    if (auto* s = std::get_if<protocol::seek_create>(&m)) return settle(create_seek(who, *s));
    if (auto* s = std::get_if<protocol::seek_cancel>(&m))
      return settle(cancel_seek(who.player, s->seek));
    if (auto* s = std::get_if<protocol::seek_list>(&m))
      return settle(json{{"seeks", hub_.directory().seeks(s->game)}});
    if (auto* c = std::get_if<protocol::challenge_create>(&m))
      return settle(create_challenge(who, *c));
    if (auto* c = std::get_if<protocol::challenge_accept>(&m))
      return settle(accept(who.player, c->challenge));
    if (auto* c = std::get_if<protocol::challenge_decline>(&m))
      return settle(decline(who.player, *c));
    if (auto* c = std::get_if<protocol::challenge_cancel>(&m))
      return settle(cancel_challenge(who.player, c->challenge));
  });
}

// ---- seeks -----------------------------------------------------------------------------------

matchmaker::answer matchmaker::create_seek(const person& who, const protocol::seek_create& m) {
  const auto& lim = hub_.settings().limit;
  auto game = engine::make_game_spec(m.game, m.params);
  if (!game) {
    const auto& e = game.error();
    return std::unexpected(app_error(e.code, e.message, e.field.empty() ? "params" : e.field));
  }
  const auto range = game->game_ptr->players();
  const int low = m.min_players.value_or(range.min);
  const int high = m.max_players.value_or(range.max);
  if (low < range.min || high > range.max || low > high) {
    return std::unexpected(
        app_error("bad_seats",
                  std::string(game->game_ptr->display_name()) + " is played by " +
                      std::to_string(range.min) + " to " + std::to_string(range.max) +
                      " players; min_players and max_players must lie within that, in order",
                  low < range.min || low > high ? "min_players" : "max_players"));
  }
  // Every table size the seek accepts must set up; the smallest is checked with its reasons.
  auto terms = check_terms(m.game, m.params, low, m.time_control);
  if (!terms) return std::unexpected(terms.error());
  int largest = low;
  while (largest < high && check_terms(m.game, m.params, largest + 1, m.time_control))
    ++largest;
  const engine::bot* bot = nullptr;
  if (m.bot) {
    bot = engine::find_bot(*terms->spec.game_ptr, *m.bot);
    if (!bot) {
      return std::unexpected(app_error(
          "unknown_bot", "there is no bot '" + *m.bot + "' for " + std::string(m.game), "bot"));
    }
    if (m.rated) {
      return std::unexpected(
          app_error("bad_parameter", "a rated game has no built-in bots", "rated"));
    }
  }
  if (m.rated && !hub_.is_account(who.player)) return std::unexpected(account_required());
  if (auto full = over_limit(seeks_, who.player, lim.seeks_per_identity, lim.max_seeks,
                             "too_many_seeks", "seeks")) {
    return std::unexpected(*full);
  }
  seek s;
  s.id = "s" + random_code(10);
  s.who = who;
  s.spec = terms->spec;
  s.timing = terms->timing;
  s.rated = m.rated;
  s.rating = entry_rating(store_, who.player, *s.spec.game_ptr, speed_class(s.timing));
  s.max_gap = m.max_gap.value_or(-1);
  s.min_players = low;
  s.max_players = largest;
  s.bot = bot;
  s.since = steady::now();
  s.created_ms = unix_ms_now();
  s.pool = s.spec.text() + "|" + time_control_text(s.timing) + "|" + (s.rated ? "rated" : "casual");
  const std::string id = s.id;
  auto& made = seeks_.emplace(id, std::move(s)).first->second;
  json summary = seek_summary(made);
  hub_.directory().publish_seek("added", summary);
  const auto waiting = std::count_if(seeks_.begin(), seeks_.end(),
                                     [&](const auto& e) { return e.second.pool == made.pool; });
  if (waiting >= lim.seek_round_size) {
    boost::asio::post(exec_, [this] { pairing_round(); });
  } else {
    arm_round();
  }
  return json{{"seek", id}, {"summary", summary}};
}

matchmaker::answer matchmaker::cancel_seek(const std::string& player, const std::string& seek_id) {
  auto it = seeks_.find(seek_id);
  if (it == seeks_.end() || it->second.who.player != player)
    return std::unexpected(unknown_seek(seek_id));
  withdraw(seek_id);
  return json{{"seek", seek_id}, {"cancelled", true}};
}

json matchmaker::seek_summary(const seek& s) const {
  return {{"seek", s.id},
          {"game", s.spec.game_ptr->key()},
          {"spec", s.spec.text()},
          {"time_control", time_control_text(s.timing)},
          {"rated", s.rated},
          {"player", s.who.player},
          {"name", s.who.name},
          {"bot_account", s.who.bot_account},
          {"rating", s.rating},
          {"min_players", s.min_players},
          {"max_players", s.max_players},
          {"created_at", s.created_ms}};
}

void matchmaker::withdraw(const std::string& seek_id) {
  auto it = seeks_.find(seek_id);
  if (it == seeks_.end()) return;
  hub_.directory().publish_seek("removed", seek_summary(it->second));
  seeks_.erase(it);
}

void matchmaker::arm_round() {
  if (round_armed_ || shut_ || seeks_.empty()) return;
  round_armed_ = true;
  round_timer_.expires_after(hub_.settings().limit.seek_round_interval);
  round_timer_.async_wait([this](const boost::system::error_code& ec) {
    round_armed_ = false;
    if (ec || shut_) return;
    pairing_round();
  });
}

void matchmaker::pairing_round() {
  if (shut_) return;
  const auto& lim = hub_.settings().limit;
  const matchmaking::pairing_policy policy{lim.seek_gap_start, lim.seek_gap_per_second,
                                           lim.seek_rematch_after, lim.seek_smaller_tables_after};
  const auto now = steady::now();
  std::map<std::string, std::vector<const seek*>> pools;
  for (const auto& [id, s] : seeks_)
    pools[s.pool].push_back(&s);
  std::vector<std::vector<std::string>> games;  // seek ids, in seat order
  for (auto& [key, members] : pools) {
    // Neighbours by rating are matched together, a batch at a time: a weighted matching costs
    // the cube of the players in it.
    std::stable_sort(members.begin(), members.end(),
                     [](const seek* a, const seek* b) { return a->rating < b->rating; });
    for (std::size_t from = 0; from < members.size();
         from += static_cast<std::size_t>(lim.pairing_batch)) {
      const auto to = std::min(members.size(), from + static_cast<std::size_t>(lim.pairing_batch));
      std::vector<matchmaking::waiting_player> batch;
      for (auto i = from; i < to; ++i) {
        const seek& s = *members[i];
        auto last = last_opponent_.find(s.who.player);
        batch.push_back({s.who.player, s.rating,
                         std::chrono::duration_cast<std::chrono::milliseconds>(now - s.since),
                         s.max_gap, s.min_players, s.max_players,
                         last == last_opponent_.end() ? "" : last->second});
      }
      const bool two_only =
          std::all_of(batch.begin(), batch.end(), [](const auto& w) { return w.max_players == 2; });
      std::vector<std::vector<int>> tables;
      if (two_only) {
        for (auto [a, b] : matchmaking::pair_players(batch, policy))
          tables.push_back({a, b});
      } else {
        tables = matchmaking::fill_tables(batch, policy);
      }
      for (const auto& t : tables) {
        std::vector<std::string> ids;
        for (int i : t)
          ids.push_back(members[from + static_cast<std::size_t>(i)]->id);
        games.push_back(std::move(ids));
      }
    }
  }
  std::mt19937_64 draw(random_seed());
  for (auto& ids : games) {
    std::shuffle(ids.begin(), ids.end(), draw);  // seats are drawn
    const seek first = seeks_.at(ids.front());
    std::vector<person> players;
    for (const auto& id : ids)
      players.push_back(seeks_.at(id).who);
    if (players.size() == 2) {
      last_opponent_[players[0].player] = players[1].player;
      last_opponent_[players[1].player] = players[0].player;
    }
    for (const auto& id : ids)
      withdraw(id);
    open_game(first.spec, first.timing, first.rated, players, {}, "seek", ids);
  }
  // Seeks that name a bot and waited long enough play it, at the smallest table they accept.
  std::vector<std::string> tired;
  for (const auto& [id, s] : seeks_) {
    if (s.bot && now - s.since >= lim.seek_bot_wait) tired.push_back(id);
  }
  for (const auto& id : tired) {
    const seek s = seeks_.at(id);
    withdraw(id);
    std::map<int, const engine::bot*> bots;
    const int seat = static_cast<int>(draw() % static_cast<unsigned>(s.min_players));
    for (int i = 0; i < s.min_players; ++i) {
      if (i != seat) bots[i] = s.bot;
    }
    std::vector<person> players(static_cast<std::size_t>(s.min_players));
    std::vector<std::string> refs(players.size());
    players[static_cast<std::size_t>(seat)] = s.who;
    refs[static_cast<std::size_t>(seat)] = s.id;
    open_game(s.spec, s.timing, s.rated, players, bots, "seek", refs);
  }
  // Trim the memory of who played whom to the players still waiting and the freshly paired.
  if (last_opponent_.size() > static_cast<std::size_t>(4 * lim.max_seeks)) last_opponent_.clear();
  arm_round();
}

// ---- rooms -----------------------------------------------------------------------------------

bool matchmaker::creator_saved() {
  if (creator_saved_) return true;
  auto saved = store_.save_identity({pairing_identity, "quick pairing", "pairing:", unix_ms_now()});
  if (!saved) {
    ++hub_.stats().store_errors_total;
    spdlog::error("quick pairing: {}", saved.error());
    return false;
  }
  return creator_saved_ = true;
}

std::string matchmaker::open_game(const engine::game_spec& spec, const time_control& timing,
                                  bool rated, const std::vector<person>& players,
                                  const std::map<int, const engine::bot*>& bots,
                                  const std::string& via, const std::vector<std::string>& refs) {
  // No room after all: the players hear so, and may seek or challenge again (each other too: a
  // game that never was is no rematch).
  const auto unassigned = [this, via, players] {
    for (const auto& p : players) {
      if (auto conn = p.conn.lock())
        conn->send(make_frame(protocol::write_notification(
            "game.unassigned", {{"via", via}, {"reason", "the server could not open the room"}})));
    }
    if (via != "seek") return;  // only a seek's pairing is remembered
    boost::asio::post(exec_, [this, players] {
      for (const auto& p : players) {
        auto last = last_opponent_.find(p.player);
        if (last != last_opponent_.end() &&
            std::ranges::any_of(players, [&](const person& q) { return q.player == last->second; }))
          last_opponent_.erase(last);
      }
    });
  };
  if (!creator_saved()) {
    unassigned();
    return {};
  }
  const int seats = static_cast<int>(players.size());
  room_settings rs{.id = new_room_id(),
                   .spec = spec,
                   .seats = seats,
                   .is_public = true,
                   .auto_start = true,
                   .invite_code = "",
                   .creator = pairing_identity,
                   .seed = random_seed(),
                   .bots = bots,
                   .practice = false,
                   .created = std::chrono::system_clock::now(),
                   .timing = timing,
                   .vacated = vacated_policy::bot,
                   .rated = rated,
                   .berserk = false,
                   .entrants = {},
                   .no_show_grace = std::chrono::milliseconds(0)};
  for (int i = 0; i < seats; ++i) {
    if (bots.contains(i)) continue;
    const person& p = players[static_cast<std::size_t>(i)];
    rs.entrants.push_back({i, p.player, p.name, p.conn});
  }
  const std::string room_id = rs.id;
  auto told = game_assigned(rs, via, refs, [&players](const std::string& player) {
    return std::ranges::any_of(
        players, [&](const person& p) { return p.player == player && p.bot_account; });
  });
  hub_.open_server_room(std::move(rs), [told = std::move(told), unassigned](bool opened) {
    if (!opened) return unassigned();
    send_all(told);
  });
  return room_id;
}

// ---- challenges ------------------------------------------------------------------------------

matchmaker::answer matchmaker::create_challenge(const person& who,
                                                const protocol::challenge_create& m) {
  const auto& lim = hub_.settings().limit;
  auto terms = check_terms(m.game, m.params, 2, m.time_control);
  if (!terms) return std::unexpected(terms.error());
  std::mt19937_64 draw(random_seed());
  const int from_seat = m.seat.value_or(static_cast<int>(draw() % 2));
  const std::string id = "c" + random_code(10);
  if (m.to.starts_with("bot:")) {  // a built-in bot accepts at once
    const std::string name = m.to.substr(4);
    const engine::bot* bot = engine::find_bot(*terms->spec.game_ptr, name);
    if (!bot) {
      return std::unexpected(app_error(
          "unknown_bot", "there is no bot '" + name + "' for " + std::string(m.game), "to"));
    }
    if (m.rated) {
      return std::unexpected(
          app_error("bad_parameter", "a rated game has no built-in bots", "rated"));
    }
    std::vector<person> players(2);
    std::vector<std::string> refs(2);
    players[static_cast<std::size_t>(from_seat)] = who;
    refs[static_cast<std::size_t>(from_seat)] = id;
    const std::string room = open_game(terms->spec, terms->timing, false, players,
                                       {{1 - from_seat, bot}}, "challenge", refs);
    if (room.empty()) return std::unexpected(storage_failed());
    return json{{"challenge", id}, {"accepted", true}, {"room", room}, {"seat", from_seat}};
  }
  auto target = hub_.find_connected(m.to);
  if (!target) {
    return std::unexpected(
        app_error("unknown_player",
                  "no connected player has the id or the name '" + m.to +
                      "' (a guest's name must be one no other connected player has)",
                  "to"));
  }
  if (target->player == who.player) {
    return std::unexpected(app_error("bad_parameter", "you cannot challenge yourself", "to"));
  }
  if (m.rated) {
    if (!hub_.is_account(who.player)) return std::unexpected(account_required());
    if (!target->account) {
      return std::unexpected(
          app_error("bad_parameter",
                    target->name + " plays as a guest: rated games are for accounts", "rated"));
    }
  }
  if (auto full = over_limit(challenges_, who.player, lim.challenges_per_identity,
                             lim.max_challenges, "too_many_challenges", "challenges")) {
    return std::unexpected(*full);
  }
  const auto wait =
      m.expires_in_ms ? std::chrono::milliseconds(*m.expires_in_ms) : lim.challenge_expiry;
  challenge c;
  c.id = id;
  c.from = who;
  c.to = {target->player, target->name, target->bot, target->conn};
  c.spec = terms->spec;
  c.timing = terms->timing;
  c.rated = m.rated;
  c.from_seat = m.seat.value_or(-1);
  c.expires_ms = unix_ms_now() + wait.count();
  c.timer = std::make_unique<boost::asio::steady_timer>(exec_, wait);
  c.timer->async_wait([this, id](const boost::system::error_code& ec) {
    if (ec || shut_) return;
    end_challenge(id, "challenge.expired", {{"challenge", id}}, true, true);
  });
  json offer{
      {"challenge", id},
      {"from", {{"player", who.player}, {"name", who.name}, {"bot_account", who.bot_account}}},
      {"game", c.spec.game_ptr->key()},
      {"spec", c.spec.text()},
      {"time_control", time_control_text(c.timing)},
      {"rated", c.rated},
      {"seat", c.from_seat < 0 ? json(nullptr) : json(1 - c.from_seat)},
      {"expires_at_ms", c.expires_ms}};
  if (auto conn = c.to.conn.lock())
    conn->send(make_frame(protocol::write_notification("challenge.received", offer)));
  const auto expires = c.expires_ms;
  challenges_.emplace(id, std::move(c));
  return json{{"challenge", id}, {"accepted", false}, {"expires_at_ms", expires}};
}

matchmaker::answer matchmaker::accept(const std::string& player, const std::string& id) {
  auto it = challenges_.find(id);
  if (it == challenges_.end() || it->second.to.player != player)
    return std::unexpected(unknown_challenge(id));
  challenge c = std::move(it->second);
  challenges_.erase(it);
  c.timer->cancel();
  const int from_seat = c.from_seat >= 0 ? c.from_seat : static_cast<int>(random_seed() % 2);
  std::vector<person> players(2);
  players[static_cast<std::size_t>(from_seat)] = c.from;
  players[static_cast<std::size_t>(1 - from_seat)] = c.to;
  const std::string room = open_game(c.spec, c.timing, c.rated, players, {}, "challenge", {id, id});
  if (room.empty()) return std::unexpected(storage_failed());
  return json{{"challenge", id}, {"room", room}, {"seat", 1 - from_seat}};
}

matchmaker::answer matchmaker::decline(const std::string& player,
                                       const protocol::challenge_decline& m) {
  auto it = challenges_.find(m.challenge);
  if (it == challenges_.end() || it->second.to.player != player)
    return std::unexpected(unknown_challenge(m.challenge));
  end_challenge(m.challenge, "challenge.declined",
                {{"challenge", m.challenge}, {"reason", m.reason.value_or("")}}, true, false);
  return json{{"challenge", m.challenge}, {"declined", true}};
}

matchmaker::answer matchmaker::cancel_challenge(const std::string& player, const std::string& id) {
  auto it = challenges_.find(id);
  if (it == challenges_.end() || it->second.from.player != player)
    return std::unexpected(unknown_challenge(id));
  end_challenge(id, "challenge.cancelled", {{"challenge", id}, {"reason", "cancelled"}}, false,
                true);
  return json{{"challenge", id}, {"cancelled", true}};
}

void matchmaker::end_challenge(const std::string& id, const std::string& method, const json& params,
                               bool to_challenger, bool to_target) {
  auto it = challenges_.find(id);
  if (it == challenges_.end()) return;
  auto frame = make_frame(protocol::write_notification(method, params));
  if (auto conn = it->second.from.conn.lock(); conn && to_challenger) conn->send(frame);
  if (auto conn = it->second.to.conn.lock(); conn && to_target) conn->send(frame);
  it->second.timer->cancel();
  challenges_.erase(it);
}

// ---- connections -----------------------------------------------------------------------------

void matchmaker::disconnected(const peer* conn, const std::string& player) {
  if (player.empty()) return;
  boost::asio::post(exec_, [this, conn, player] {
    if (shut_) return;
    // The connection that made it, gone (or replaced by a newer one of the same player).
    auto gone = [&](const person& p) {
      if (p.player != player) return false;
      auto c = p.conn.lock();
      return !c || c.get() == conn;
    };
    std::vector<std::string> seeks;
    for (const auto& [id, s] : seeks_) {
      if (gone(s.who)) seeks.push_back(id);
    }
    for (const auto& id : seeks)
      withdraw(id);
    std::vector<std::pair<std::string, bool>> challenges;  // id, the challenger is gone
    for (const auto& [id, c] : challenges_) {
      if (gone(c.from) || gone(c.to)) challenges.emplace_back(id, gone(c.from));
    }
    for (const auto& [id, challenger_gone] : challenges) {
      end_challenge(id, "challenge.cancelled", {{"challenge", id}, {"reason", "gone"}},
                    !challenger_gone, challenger_gone);
    }
  });
}

void matchmaker::shut_down() {
  boost::asio::post(exec_, [this] {
    shut_ = true;
    round_timer_.cancel();
    for (auto& [id, c] : challenges_)
      c.timer->cancel();
  });
}

}  // namespace boardroom::server
