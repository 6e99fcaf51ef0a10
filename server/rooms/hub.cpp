#include "server/rooms/hub.hpp"

#include <algorithm>
#include <expected>
#include <random>
#include <vector>

#include <spdlog/spdlog.h>

#include "server/accounts/secrets.hpp"
#include "server/rooms/ids.hpp"
#include "server/rooms/room_terms.hpp"
#include "server/unix_time.hpp"

namespace boardroom::server {

using nlohmann::json;
using protocol::app_error;

namespace {

// Whether the game can retire a player (engine::state::retire) at this seat count: tried on the
// game set up for it.
bool retires_players(const engine::state& set_up) {
  return set_up.clone()->retire(0).has_value();
}

template <class... F>
struct overloaded : F... {
  using F::operator()...;
};
// Spelled out for compilers without class template argument deduction for aggregates (clang < 17).
template <class... F>
overloaded(F...) -> overloaded<F...>;

}  // namespace

hub::hub(boost::asio::io_context& io, const config& cfg, metrics& stats, store& storage,
         boost::asio::any_io_executor storage_exec, const clock_source& time, admission& gate,
         send_budget& budget)
    : io_(io),
      config_(cfg),
      metrics_(stats),
      store_(storage),
      time_(time),
      gate_(gate),
      budget_(budget),
      storage_exec_(std::move(storage_exec)),
      journal_(io, storage_exec_, storage, stats),
      // A hash no password matches, checked for unknown names so that they cost what a wrong
      // password costs: the time of an answer does not tell which names have accounts.
      decoy_hash_(hash_password(random_hex(16),
                                {cfg.limit.password_passes, cfg.limit.password_memory_bytes})
                      .value_or("")),
      desk_(std::make_unique<tournament_desk>(*this, storage, storage_exec_)),
      pairing_(std::make_unique<matchmaker>(*this, storage, storage_exec_)),
      thinkers_(static_cast<std::size_t>(std::max(1, cfg.limit.bot_threads))) {}

hub::~hub() = default;

void hub::clocks_changed() {
  std::vector<std::shared_ptr<room>> open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, r] : rooms_)
      open.push_back(r);
  }
  for (const auto& r : open)
    r->clock_changed();
}

void hub::fail(peer& conn, const json& id, const protocol::error& e) {
  metrics_.count_error(e.code);
  reply_error(conn, id, e);
}

std::shared_ptr<room> hub::find_room(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

void hub::handle(const std::shared_ptr<peer>& conn, client_context& ctx, const json& id,
                 protocol::message msg, std::chrono::steady_clock::time_point received) {
  if (ctx.player.empty()) {
    return fail(*conn, id, app_error("hello_required", "say hello first"));
  }
  member who{.player = ctx.player,
             .name = ctx.name,
             .conn = conn,
             .move_event_in_result = ctx.move_event_in_result};
  if (cluster_ && !(desk_ready_ && cluster_->holds_desk()) &&
      (protocol::is_tournament_request(msg) || protocol::is_matchmaking_request(msg))) {
    return desk_not_here(conn, id);
  }
  if (protocol::is_tournament_request(msg)) return desk_->handle(conn, ctx, id, std::move(msg));
  if (protocol::is_matchmaking_request(msg)) {
    return pairing_->handle(conn, ctx, id, std::move(msg));
  }

  // Requests about one room: look it up, then hand over to the room's strand.
  auto with_room = [&](const std::string& room_id, auto&& call) {
    auto r = find_room(room_id);
    if (!r && cluster_) return room_not_here(conn, id, room_id);
    if (!r)
      return fail(*conn, id, app_error("unknown_room", "there is no room " + room_id, "room"));
    call(*r);
  };

  std::visit(
      overloaded{
          [&](const protocol::account_register& m) {
            if (m.password.size() < 8) {
              return fail(
                  *conn, id,
                  app_error("bad_password", "a password needs at least 8 bytes", "password"));
            }
            if (!gate_.allow_password_check(ctx.address)) {
              metrics_.count_refusal("password_rate");
              return fail(*conn, id,
                          app_error("password_rate",
                                    "too many password checks from your address; try "
                                    "again in a minute"));
            }
            boost::asio::post(storage_exec_,
                              [this, conn, ctx, id, password = m.password, bot = m.bot] {
                                register_account(conn, ctx, id, password, bot);
                              });
          },
          [&](const protocol::hello&) {
            // Sessions send hello to hello(): it answers after the store has.
            fail(*conn, id, app_error("already_hello", "this connection said hello"));
          },
          [&](const protocol::lobby_games&) {
            json games = json::array();
            for (const auto* g : engine::all_games())
              games.push_back(engine::catalogue_json(*g));
            reply(*conn, id, {{"games", games}});
          },
          [&](const protocol::lobby_list& m) {
            reply(*conn, id,
                  {{"rooms", lobby_.list(m.game)},
                   {"tournaments", lobby_.tournaments(m.game)},
                   {"seeks", lobby_.seeks(m.game)}});
          },
          [&](const protocol::lobby_subscribe& m) { lobby_.subscribe(conn, m.game, id); },
          [&](const protocol::lobby_unsubscribe&) {
            lobby_.unsubscribe(conn.get());
            reply(*conn, id, {{"subscribed", false}});
          },
          [&](const protocol::room_create& m) { on_create(conn, ctx, id, m); },
          [&](protocol::room_join& m) {
            with_room(m.room, [&](room& r) {
              r.join({who.player, who.name, who.conn, is_account(who.player)}, m.seat,
                     m.invite_code, id);
            });
          },
          [&](protocol::room_spectate& m) {
            with_room(m.room, [&](room& r) { r.spectate(who, m.invite_code, id); });
          },
          [&](const protocol::room_leave& m) {
            with_room(m.room, [&](room& r) { r.leave(who, id); });
          },
          [&](const protocol::room_start& m) {
            with_room(m.room, [&](room& r) { r.start(who, id); });
          },
          [&](const protocol::room_rematch& m) {
            with_room(m.room, [&](room& r) { r.rematch(who, ctx.address, id); });
          },
          [&](const protocol::room_sync& m) {
            with_room(m.room, [&](room& r) { r.sync(who, m.since, id); });
          },
          [&](protocol::game_move& m) {
            with_room(m.room,
                      [&](room& r) { r.move(who, std::move(m.move), m.version, id, received); });
          },
          [&](const protocol::game_resign& m) {
            with_room(m.room, [&](room& r) { r.resign(who, id); });
          },
          [&](const protocol::game_legal_moves& m) {
            with_room(m.room, [&](room& r) { r.legal_moves(who, m, id); });
          },
          [&](const protocol::game_view& m) {
            with_room(m.room, [&](room& r) { r.view(who, id); });
          },
          [&](const protocol::game_analyze& m) {
            with_room(m.room, [&](room& r) { r.analyze(who, id); });
          },
          [&](const protocol::game_offer_draw& m) {
            with_room(m.room, [&](room& r) { r.offer_draw(who, id); });
          },
          [&](const protocol::game_decline_draw& m) {
            with_room(m.room, [&](room& r) { r.decline_draw(who, id); });
          },
          [&](const protocol::game_berserk& m) {
            with_room(m.room, [&](room& r) { r.berserk(who, id); });
          },
          [&](const protocol::chat_send& m) {
            with_room(m.room, [&](room& r) { r.chat(who, m.text, id); });
          },
          [&](const protocol::chat_mute& m) { mute(*conn, ctx.player, id, m); },
          [&](const protocol::admin_remove_chat& m) {
            if (!is_admin(m.token)) return fail(*conn, id, not_admin());
            with_room(m.room, [&](room& r) { r.remove_chat(who, id, m.line); });
          },
          [&](const protocol::admin_abort& m) {
            if (!is_admin(m.token)) return fail(*conn, id, not_admin());
            with_room(m.room,
                      [&](room& r) { r.administer(who, id, std::nullopt, m.note.value_or("")); });
          },
          [&](const protocol::admin_adjudicate& m) {
            if (!is_admin(m.token)) return fail(*conn, id, not_admin());
            with_room(m.room,
                      [&](room& r) { r.administer(who, id, m.ranks, m.note.value_or("")); });
          },
          [&](const protocol::admin_add_time& m) {
            if (!is_admin(m.token)) return fail(*conn, id, not_admin());
            with_room(m.room, [&](room& r) {
              r.add_time(who, id, m.seat, std::chrono::seconds(m.seconds));
            });
          },
          []<class T>(const T&) requires protocol::tournament_method<T>{},   // the desk's, above
          []<class T>(const T&) requires protocol::matchmaking_method<T>{},  // the matchmaker's
      },
      msg);
}

bool hub::is_admin(const std::string& token) const {
  if (config_.admin_token.empty() || token.size() != config_.admin_token.size()) return false;
  // Compared in constant time: the comparison must not tell how much of a guess was right.
  unsigned char diff = 0;
  for (std::size_t i = 0; i < token.size(); ++i)
    diff |= static_cast<unsigned char>(token[i] ^ config_.admin_token[i]);
  return diff == 0;
}

protocol::error hub::not_admin() {
  return app_error("not_admin", "this needs the server's admin token", "token");
}

namespace {}  // namespace

protocol::error account_required() {
  return app_error("account_required",
                   "rated games are for accounts: register your name (account.register) or log "
                   "in, then join");
}

namespace {

protocol::error name_taken(const std::string& name) {
  return app_error("name_taken",
                   "the name " + name +
                       " belongs to an account: log in with its password, or choose another name",
                   "name");
}

// Names as the accounts table compares them (SQLite's NOCASE: ASCII letters only).
std::string fold_case(std::string name) {
  for (char& c : name) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return name;
}

}  // namespace

void hub::hello(std::shared_ptr<peer> conn, client_context ctx, json id, protocol::hello m,
                greeting greeted) {
  auto refuse = [&](const protocol::error& e) {
    fail(*conn, id, e);
    greeted(std::move(ctx));
  };
  if (!ctx.player.empty()) {
    return refuse(app_error("already_hello", "this connection has already said hello"));
  }
  if (m.protocol != protocol::protocol_version) {
    return refuse(app_error(
        "unsupported_version",
        "this server speaks protocol " + std::to_string(protocol::protocol_version), "protocol"));
  }
  ctx.move_event_in_result = m.move_event_in_result;
  if (m.password) {
    if (!gate_.allow_password_check(ctx.address)) {
      metrics_.count_refusal("password_rate");
      return refuse(app_error("password_rate",
                              "too many password checks from your address; try again in a minute"));
    }
    boost::asio::post(storage_exec_,
                      [this, conn = std::move(conn), ctx = std::move(ctx), id = std::move(id),
                       m = std::move(m), greeted = std::move(greeted)]() mutable {
                        log_in(conn, std::move(ctx), id, std::move(m), std::move(greeted));
                      });
    return;
  }
  if (m.resume_token) {  // an identity in memory, under the same name, needs no store
    std::string token_hash = sha256_hex(*m.resume_token);
    std::optional<known_identity> known;
    {
      std::lock_guard lock(mutex_);
      if (auto it = tokens_.find(token_hash); it != tokens_.end()) {
        const identity& ident = identities_[it->second];
        // A guest whose name an account claimed since its last hello goes to the store, which
        // refuses the name.
        if (ident.name == m.name && (ident.account || !claimed_.contains(fold_case(m.name)))) {
          known = known_identity{it->second, *m.resume_token, token_hash,
                                 true,       ident.account,   ident.bot};
        }
      }
    }
    if (known)
      return greet(conn, std::move(ctx), id, std::move(m.name), *known, std::move(greeted));
  }
  boost::asio::post(storage_exec_,
                    [this, conn = std::move(conn), ctx = std::move(ctx), id = std::move(id),
                     m = std::move(m), greeted = std::move(greeted)]() mutable {
                      identify(conn, std::move(ctx), id, std::move(m), std::move(greeted));
                    });
}

protocol::error hub::store_error(const std::string& why) {
  ++metrics_.store_errors_total;
  spdlog::error("{}", why);
  return storage_failed();
}

void hub::rename(const identity_record& record) {
  // The name on record is for people only: not worth a refusal.
  if (auto ok = store_.save_identity(record); !ok) {
    ++metrics_.store_errors_total;
    spdlog::warn("{}", ok.error());
  }
}

void hub::identify(const std::shared_ptr<peer>& conn, client_context ctx, const json& id,
                   protocol::hello m, greeting greeted) {
  auto refuse = [&](const protocol::error& e) {
    fail(*conn, id, e);
    greeted(std::move(ctx));
  };
  // A name an account holds is that account's alone.
  auto holder = store_.find_account(m.name);
  if (!holder) return refuse(store_error(holder.error()));
  if (m.resume_token) {  // an identity from before, or from before a restart
    std::string token_hash = sha256_hex(*m.resume_token);
    auto found = store_.find_identity(token_hash);
    if (!found) return refuse(store_error(found.error()));
    if (*found) {
      const std::string player = (*found)->id;
      auto own = store_.account_of(player);
      if (!own) return refuse(store_error(own.error()));
      if (*own) {  // an account keeps the name it claimed, whatever the hello says
        return greet(conn, std::move(ctx), id, (*own)->name,
                     {player, *m.resume_token, token_hash, true, true, (*own)->bot},
                     std::move(greeted));
      }
      if (*holder) return refuse(name_taken(m.name));
      if ((*found)->name != m.name) rename({player, m.name, token_hash, 0});
      return greet(conn, std::move(ctx), id, std::move(m.name),
                   {player, *m.resume_token, token_hash, true, false}, std::move(greeted));
    }
  }
  if (*holder) return refuse(name_taken(m.name));
  if (!gate_.allow_identity(ctx.address)) {
    metrics_.count_refusal("identity_rate");
    return refuse(app_error("identity_rate",
                            "too many new identities from your address; try again later, or "
                            "say hello with your resume token"));
  }
  // Stored before it is handed out: a token in the client's hands always resumes.
  std::string token = random_hex(32);
  known_identity made{"p" + random_hex(8), token, sha256_hex(token), false, false};
  if (auto ok = store_.save_identity({made.player, m.name, made.token_hash, unix_ms_now()}); !ok) {
    return refuse(store_error(ok.error()));
  }
  greet(conn, std::move(ctx), id, std::move(m.name), std::move(made), std::move(greeted));
}

void hub::log_in(const std::shared_ptr<peer>& conn, client_context ctx, const json& id,
                 protocol::hello m, greeting greeted) {
  auto refuse = [&](const protocol::error& e) {
    fail(*conn, id, e);
    greeted(std::move(ctx));
  };
  auto found = store_.find_account(m.name);
  if (!found) return refuse(store_error(found.error()));
  // One answer for an unknown name and a wrong password: which names have accounts is not
  // for guessing.
  const std::string& hash = *found ? (*found)->password_hash : decoy_hash_;
  if (!password_matches(hash, *m.password) || !*found) {
    return refuse(app_error("bad_credentials", "no account has this name and password"));
  }
  // Every log-in gets a token of its own; the account's earlier tokens keep working.
  std::string token = random_hex(32);
  known_identity who{(*found)->player, token, sha256_hex(token), true, true, (*found)->bot};
  if (auto ok = store_.add_login_token(who.player, who.token_hash, unix_ms_now()); !ok) {
    return refuse(store_error(ok.error()));
  }
  greet(conn, std::move(ctx), id, (*found)->name, std::move(who), std::move(greeted));
}

void hub::register_account(const std::shared_ptr<peer>& conn, const client_context& ctx,
                           const json& id, const std::string& password, bool bot) {
  auto own = store_.account_of(ctx.player);
  if (!own) return fail(*conn, id, store_error(own.error()));
  if (*own) {
    return fail(*conn, id,
                app_error("already_registered", "this identity is the account " + (*own)->name));
  }
  const auto& lim = config_.limit;
  auto hash = hash_password(password, {lim.password_passes, lim.password_memory_bytes});
  if (!hash) return fail(*conn, id, store_error(hash.error()));
  auto created = store_.create_account({ctx.player, ctx.name, *hash, unix_ms_now(), bot});
  if (!created) return fail(*conn, id, store_error(created.error()));
  if (!*created) return fail(*conn, id, name_taken(ctx.name));
  {
    std::lock_guard lock(mutex_);
    identity& ident = identities_[ctx.player];
    ident.account = true;
    ident.bot = bot;
    claimed_.insert(fold_case(ctx.name));
  }
  reply(*conn, id,
        {{"player", ctx.player}, {"name", ctx.name}, {"account", true}, {"bot_account", bot}});
}

std::optional<std::string> hub::name_of(const std::string& player) const {
  std::lock_guard lock(mutex_);
  auto it = identities_.find(player);
  if (it == identities_.end() || it->second.name.empty()) return std::nullopt;
  return it->second.name;
}

std::weak_ptr<peer> hub::connection_of(const std::string& player) const {
  std::lock_guard lock(mutex_);
  auto it = identities_.find(player);
  return it == identities_.end() ? std::weak_ptr<peer>{} : it->second.conn;
}

std::optional<hub::connected_player> hub::find_connected(const std::string& id_or_name) const {
  std::lock_guard lock(mutex_);
  auto shown = [](const std::string& id, const identity& i) {
    return connected_player{id, i.name, i.account, i.bot, i.conn};
  };
  if (auto it = identities_.find(id_or_name); it != identities_.end() && !it->second.conn.expired())
    return shown(it->first, it->second);
  const std::string folded = fold_case(id_or_name);
  std::optional<connected_player> found;
  int guests = 0;
  for (const auto& [id, i] : identities_) {
    if (i.conn.expired() || fold_case(i.name) != folded) continue;
    if (i.account) return shown(id, i);  // an account's name is its own
    if (i.name == id_or_name && ++guests == 1) found = shown(id, i);
  }
  return guests == 1 ? found : std::nullopt;
}

bool hub::has_room(const std::string& id) const {
  std::lock_guard lock(mutex_);
  return rooms_.contains(id);
}

void hub::open_server_room(room_settings settings, std::function<void(bool)> opened) {
  (void)open_filled(std::move(settings), std::move(opened), nullptr);
}

std::optional<protocol::error> hub::open_rematch(room_settings settings, const std::string& address,
                                                 std::function<void(bool)> opened) {
  return open_filled(std::move(settings), std::move(opened), &address);
}

std::optional<protocol::error> hub::room_rate(const std::string& address) {
  if (gate_.allow_room(address)) return std::nullopt;
  metrics_.count_refusal("room_rate");
  return app_error("room_rate", "too many rooms created from your address; try again later");
}

std::optional<protocol::error> hub::room_limit_locked(const std::string& creator) {
  const int have = identities_[creator].rooms_created;
  if (have < config_.limit.rooms_per_identity) return std::nullopt;
  return app_error("too_many_rooms", "you already have " + std::to_string(have) +
                                         " open rooms; the limit is " +
                                         std::to_string(config_.limit.rooms_per_identity));
}

std::optional<protocol::error> hub::open_filled(room_settings settings,
                                                std::function<void(bool)> opened,
                                                const std::string* limited_from) {
  if (limited_from) {
    {
      std::lock_guard lock(mutex_);
      if (auto refused = room_limit_locked(settings.creator)) return refused;
    }
    if (auto refused = room_rate(*limited_from)) return refused;
  }
  if (cluster_) {
    if (auto mine = cluster_->claim(settings.id); !mine || !*mine) {
      spdlog::warn("cannot open room {}: {}", settings.id, mine ? "its id is taken" : mine.error());
      if (opened) boost::asio::post(io_, [opened] { opened(false); });
      return std::nullopt;
    }
  }
  auto r = std::make_shared<room>(io_, std::move(settings), config_.limit, *this, lobby_, metrics_,
                                  store_);
  {
    std::lock_guard lock(mutex_);
    if (limited_from) {  // checked again: another room of the creator's may have opened meanwhile
      if (auto refused = room_limit_locked(r->creator())) {
        if (cluster_) boost::asio::post(lookups_, [this, id = r->id()] { cluster_->release(id); });
        return refused;
      }
    }
    rooms_[r->id()] = r;
    // The tournament's, quick pairing's or the rematch's creator.
    ++identities_[r->creator()].rooms_created;
  }
  r->open({}, -1, nullptr, std::move(opened));
  return std::nullopt;
}

void hub::think(std::function<void()> work) {
  boost::asio::post(thinkers_, std::move(work));
}

void hub::game_ended(const std::string& room, const game_end& end) {
  desk_->game_ended(room, end);
}

void hub::mute(peer& conn, const std::string& player, const json& id,
               const protocol::chat_mute& m) {
  if (m.player == player) {
    return fail(conn, id, app_error("bad_parameter", "you cannot mute yourself", "player"));
  }
  {
    std::lock_guard lock(mutex_);
    auto& muted = identities_[player].muted;
    if (m.muted && !muted.contains(m.player) &&
        static_cast<int>(muted.size()) >= config_.limit.mutes_per_identity) {
      return fail(
          conn, id,
          protocol::params_error("out_of_range",
                                 "you may mute at most " +
                                     std::to_string(config_.limit.mutes_per_identity) + " players",
                                 "player"));
    }
    if (m.muted) {
      muted.insert(m.player);
    } else {
      muted.erase(m.player);
    }
  }
  reply(conn, id, {{"player", m.player}, {"muted", m.muted}});
}

bool hub::muted(const std::string& viewer, const std::string& writer) const {
  std::lock_guard lock(mutex_);
  auto it = identities_.find(viewer);
  return it != identities_.end() && it->second.muted.contains(writer);
}

bool hub::is_bot_account(const std::string& player) const {
  std::lock_guard lock(mutex_);
  auto it = identities_.find(player);
  return it != identities_.end() && it->second.bot;
}

bool hub::is_account(const std::string& player) const {
  std::lock_guard lock(mutex_);
  auto it = identities_.find(player);
  return it != identities_.end() && it->second.account;
}

void hub::greet(const std::shared_ptr<peer>& conn, client_context ctx, const json& id,
                std::string name, known_identity who, greeting greeted) {
  std::shared_ptr<peer> replaced;
  std::vector<std::string> rooms;
  {
    std::lock_guard lock(mutex_);
    tokens_[who.token_hash] = who.player;
    identity& ident = identities_[who.player];
    ident.name = name;
    ident.token_hashes.insert(who.token_hash);
    ident.account = who.account;
    ident.bot = who.bot;
    replaced = ident.conn.lock();
    ident.conn = conn;
    rooms.assign(ident.rooms.begin(), ident.rooms.end());
  }
  ctx.player = who.player;
  ctx.name = name;
  const auto& lim = config_.limit;
  reply(*conn, id,
        {{"protocol", protocol::protocol_version},
         {"server", "boardroom"},
         {"player", who.player},
         {"name", name},
         {"resume_token", who.token},
         {"resumed", who.resumed},
         {"account", who.account},
         {"bot_account", who.bot},
         {"rooms", rooms},
         {"limits",
          {{"max_frame_bytes", lim.max_frame_bytes},
           {"requests_per_second", lim.requests_per_second},
           {"request_burst", lim.request_burst},
           {"idle_timeout_ms", lim.idle_timeout.count()},
           {"reconnect_grace_ms", lim.reconnect_grace.count()},
           {"rooms_per_identity", lim.rooms_per_identity}}}});
  // After the reply, so the client knows its identity before the rooms' events arrive.
  if (replaced && replaced != conn) replaced->close(1008, "replaced by a newer connection");
  for (const auto& room_id : rooms) {
    if (auto r = find_room(room_id)) r->reconnected({who.player, name, conn});
  }
  greeted(std::move(ctx));
}

void hub::on_create(const std::shared_ptr<peer>& conn, const client_context& ctx, const json& id,
                    const protocol::room_create& m) {
  if (auto refused = room_rate(ctx.address)) return fail(*conn, id, *refused);
  auto terms = check_terms(m.game, m.params, m.seats, m.time_control);
  if (!terms) return fail(*conn, id, terms.error());
  auto& spec = terms->spec;
  const int seats = terms->seats;
  std::map<int, const engine::bot*> bots;
  for (const auto& [index, name] : m.bots) {
    const engine::bot* b = engine::find_bot(*spec.game_ptr, name);
    if (!b) {
      std::string known;
      for (const auto* each : engine::bots_for(*spec.game_ptr)) {
        known += (known.empty() ? "" : ", ") + std::string(each->name());
      }
      return fail(*conn, id,
                  app_error("unknown_bot",
                            "there is no bot '" + name + "' for " +
                                std::string(spec.game_ptr->key()) + "; known: " + known,
                            "bots"));
    }
    if (index >= seats || bots.contains(index)) {
      return fail(*conn, id,
                  app_error("bad_seat", "bot seats must be distinct seats of the room", "bots"));
    }
    bots[index] = b;
  }
  // The creator takes the first seat no bot holds, unless it names one (-1: none).
  int seat = m.seat.value_or(-1);
  if (!m.seat) {
    for (int i = 0; i < seats && seat < 0; ++i) {
      if (!bots.contains(i)) seat = i;
    }
  }
  if (seat >= seats || bots.contains(seat)) {
    return fail(
        *conn, id,
        app_error("bad_seat", "seat " + std::to_string(seat) + " is not a free seat of this room",
                  "seat"));
  }
  auto vacated = parse_vacated_policy(m.vacated_seats.value_or("bot"));
  if (!vacated) {
    return fail(
        *conn, id,
        app_error("bad_vacated_seats",
                  "vacated_seats is \"bot\" or \"retire\", not \"" + *m.vacated_seats + "\"",
                  "vacated_seats"));
  }
  if (*vacated == vacated_policy::retire && !retires_players(*terms->set_up)) {
    return fail(*conn, id,
                app_error("bad_vacated_seats",
                          std::string(spec.game_ptr->display_name()) +
                              " has no rule for a player who leaves the game: vacated seats can "
                              "only be played on by the bot",
                          "vacated_seats"));
  }
  if (m.rated) {
    // Ratings are for people who keep their name: no guests, no built-in players, no hints.
    if (!m.bots.empty() || m.practice) {
      return fail(*conn, id,
                  app_error("bad_parameter",
                            "a rated room has no built-in bots and no practice hints", "rated"));
    }
    if (seat >= 0 && !is_account(ctx.player)) return fail(*conn, id, account_required());
  }
  if (m.berserk && !berserkable(terms->timing)) {
    return fail(*conn, id,
                app_error("bad_parameter",
                          "berserk needs a time control with a bank of time: sudden death or "
                          "Fischer with an initial time",
                          "berserk"));
  }
  room_settings settings{.id = new_room_id(),
                         .spec = std::move(spec),
                         .seats = seats,
                         .is_public = m.is_public,
                         .auto_start = m.auto_start,
                         .invite_code = m.is_public ? "" : random_code(8),
                         .creator = ctx.player,
                         .seed = terms->seed,
                         .bots = std::move(bots),
                         .practice = m.practice,
                         .created = std::chrono::system_clock::now(),
                         .timing = terms->timing,
                         .vacated = *vacated,
                         .rated = m.rated,
                         .berserk = m.berserk,
                         .entrants = {},
                         .no_show_grace = std::chrono::milliseconds(0)};
  if (cluster_) {
    // A fresh random id: nobody else holds it, unless Redis cannot be reached.
    if (auto mine = cluster_->claim(settings.id); !mine || !*mine) {
      return fail(*conn, id,
                  cluster_unavailable(mine ? "the new room's id is taken" : mine.error()));
    }
  }
  std::shared_ptr<room> r;
  {
    std::lock_guard lock(mutex_);
    if (auto refused = room_limit_locked(ctx.player)) return fail(*conn, id, *refused);
    ++identities_[ctx.player].rooms_created;
    r = std::make_shared<room>(io_, std::move(settings), config_.limit, *this, lobby_, metrics_,
                               store_);
    rooms_[r->id()] = r;
  }
  r->open({ctx.player, ctx.name, conn}, seat, id);
}

void hub::connected(const std::shared_ptr<peer>& conn) {
  std::lock_guard lock(mutex_);
  connections_[conn.get()] = conn;
}

void hub::disconnected(const peer* conn, const client_context& ctx) {
  lobby_.unsubscribe(conn);
  desk_->disconnected(conn);
  pairing_->disconnected(conn, ctx.player);
  std::vector<std::shared_ptr<room>> rooms;
  {
    std::lock_guard lock(mutex_);
    connections_.erase(conn);
    auto it = identities_.find(ctx.player);
    if (it == identities_.end()) return;
    if (it->second.conn.lock().get() == conn || it->second.conn.expired()) it->second.conn.reset();
    for (const auto& room_id : it->second.rooms) {
      if (auto r = rooms_.find(room_id); r != rooms_.end()) rooms.push_back(r->second);
    }
    prune_locked(ctx.player);
  }
  for (auto& r : rooms)
    r->disconnected(ctx.player, conn);
}

// An identity with no connection, no rooms and no open rooms of its own has nothing to resume.
void hub::prune_locked(const std::string& player) {
  auto it = identities_.find(player);
  if (it == identities_.end()) return;
  const identity& ident = it->second;
  if (!ident.conn.expired() || !ident.rooms.empty() || ident.rooms_created > 0) return;
  for (const auto& hash : ident.token_hashes)
    tokens_.erase(hash);
  identities_.erase(it);
}

void hub::member_added(const std::string& player, const std::string& room) {
  std::lock_guard lock(mutex_);
  identities_[player].rooms.insert(room);
}

void hub::member_removed(const std::string& player, const std::string& room) {
  std::lock_guard lock(mutex_);
  auto it = identities_.find(player);
  if (it == identities_.end()) return;
  it->second.rooms.erase(room);
  prune_locked(player);
}

void hub::room_closed(const std::string& room, const std::string& creator) {
  if (cluster_) boost::asio::post(lookups_, [this, room] { cluster_->release(room); });
  std::lock_guard lock(mutex_);
  forget_room_locked(room, creator);
}

void hub::forget_room_locked(const std::string& room, const std::string& creator) {
  rooms_.erase(room);
  if (auto it = identities_.find(creator); it != identities_.end()) {
    --it->second.rooms_created;
    prune_locked(creator);
  }
}

store_result<hub::restore_report> hub::restore() {
  restore_report report;
  if (!cluster_) {
    auto stored = store_.load_unfinished_rooms();
    if (!stored) return std::unexpected(stored.error());
    for (const auto& each : *stored) {
      auto ok = reinstate(each, false);
      if (!ok) return std::unexpected(ok.error());
      report.rooms += *ok == reinstated::open ? 1 : 0;
      report.failed += *ok == reinstated::unreadable ? 1 : 0;
    }
    return report;
  }
  // In a cluster, only the rooms that no other node owns, each under its lease.
  auto ids = store_.unfinished_room_ids();
  if (!ids) return std::unexpected(ids.error());
  for (const auto& room_id : *ids) {
    auto adopted = adopt(room_id);
    if (!adopted) return std::unexpected(adopted.error());
    report.rooms += *adopted == adoption::adopted ? 1 : 0;
    report.failed += *adopted == adoption::unreadable ? 1 : 0;
  }
  return report;
}

store_result<hub::reinstated> hub::reinstate(const stored_room& each, bool running) {
  auto r = room::restore(io_, each, config_.limit, *this, lobby_, metrics_, store_);
  if (!r) {
    spdlog::error("room {} cannot be restored, its log: {}; it stays in the store as it is",
                  each.record.id, r.error());
    return reinstated::unreadable;
  }
  room_status status = (*r)->restored_status();
  if (status != room_status::waiting && status != room_status::playing) {
    // The status is written with the event that sets it, so only a store changed by other
    // means gets here; the log is what counts.
    if (auto ok = store_.set_status(each.record.id, status); !ok)
      return std::unexpected(ok.error());
    if (cluster_) cluster_->release(each.record.id);
    return reinstated::ended;
  }
  if (!running) {  // at start, before the io threads run
    {
      std::lock_guard lock(mutex_);
      rooms_[(*r)->id()] = *r;
      ++identities_[(*r)->creator()].rooms_created;
    }
    if (auto ok = (*r)->resume_after_restart(); !ok) return std::unexpected(ok.error());
    return reinstated::open;
  }
  // While the server runs: resumed on its strand, posted under the lock, so that it runs before
  // any request that finds the room.
  std::lock_guard lock(mutex_);
  rooms_[(*r)->id()] = *r;
  ++identities_[(*r)->creator()].rooms_created;
  (*r)->resume_after_takeover([id = (*r)->id()](store_result<void> ok) {
    if (!ok) spdlog::error("room {} taken over but not resumed: {}", id, ok.error());
  });
  return reinstated::open;
}

store_result<int> hub::expire_guests() {
  std::vector<std::string> keep;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [player, ident] : identities_)
      keep.push_back(player);
  }
  // An open tournament is the identity its rooms are created by, however long it waits.
  for (auto& id : desk_->open_tournaments())
    keep.push_back(std::move(id));
  auto cutoff = std::chrono::system_clock::now() - config_.limit.guest_expiry;
  auto gone = store_.expire_identities(
      std::chrono::duration_cast<std::chrono::milliseconds>(cutoff.time_since_epoch()).count(),
      keep);
  if (gone && *gone > 0) spdlog::info("forgot {} identities that never played", *gone);
  return gone;
}

json hub::public_rooms(const std::optional<std::string>& game) const {
  return lobby_.list(game);
}

void hub::shut_down() {
  std::vector<std::shared_ptr<peer>> conns;
  std::vector<std::shared_ptr<room>> rooms;
  {
    std::lock_guard lock(mutex_);
    for (auto& [p, weak] : connections_) {
      if (auto c = weak.lock()) conns.push_back(std::move(c));
    }
    for (auto& [id, r] : rooms_)
      rooms.push_back(r);
  }
  desk_->shut_down();
  pairing_->shut_down();
  for (auto& r : rooms)
    r->shut_down();
  for (auto& c : conns)
    c->close(1001, "server shutting down");
}

}  // namespace boardroom::server
