#include "server/room.hpp"

#include <boost/asio/post.hpp>

#include "protocol/rpc.hpp"
#include "server/lobby.hpp"
#include "server/metrics.hpp"

namespace boardroom::server {

using nlohmann::json;
using protocol::app_error;

namespace {

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

room::room(boost::asio::io_context& io, room_settings settings, const limits& limit,
           room_host& host, lobby& directory, metrics& stats)
    : strand_(boost::asio::make_strand(io)),
      settings_(std::move(settings)),
      limit_(limit),
      host_(host),
      lobby_(directory),
      metrics_(stats),
      seats_(settings_.seats),
      linger_(strand_),
      rng_(settings_.seed) {
  ++metrics_.rooms;
}

template <class F>
void room::on_strand(F&& f) {
  boost::asio::post(strand_,
                    [self = shared_from_this(), f = std::forward<F>(f)]() mutable { f(); });
}

void room::fail(const member& who, const json& id, const protocol::error& e) {
  metrics_.count_error(e.code);
  reply_error(*who.conn, id, e);
}

// ---- requests --------------------------------------------------------------------------------

void room::open(member creator, int seat_index, json id) {
  on_strand([this, creator = std::move(creator), seat_index, id = std::move(id)] {
    for (const auto& [index, b] : settings_.bots)
      seat_bot(index, *b);
    if (seat_index >= 0) {
      take_seat(creator, seat_index);
    } else {  // a creator without a seat (a tournament script) watches the room
      spectators_[creator.player] = {creator.name, creator.conn};
      host_.member_added(creator.player, settings_.id);
    }
    if (settings_.is_public) publish_summary("opened");
    json result{{"room", settings_.id}, {"snapshot", snapshot(creator.player)}};
    if (!settings_.is_public) result["invite_code"] = settings_.invite_code;
    reply(*creator.conn, id, result);
    if (seats_taken() == settings_.seats && settings_.auto_start) begin_game();
  });
}

void room::join(member who, std::optional<int> seat_index, std::optional<std::string> invite,
                json id) {
  on_strand([this, who = std::move(who), seat_index, invite = std::move(invite),
             id = std::move(id)] {
    if (!guard_open(who, id) || !check_invite(invite, who, id)) return;
    if (seat_of(who.player) >= 0) {
      return fail(who, id, app_error("already_seated", "you already hold a seat in this room"));
    }
    if (status_ != status::waiting) {
      return fail(who, id, app_error("game_started", "the game has started; you can spectate"));
    }
    int index = seat_index.value_or(-1);
    if (seat_index) {
      if (index >= settings_.seats) {
        return fail(
            who, id,
            app_error("bad_seat", "this room has seats 0 to " + std::to_string(settings_.seats - 1),
                      "seat"));
      }
      if (!seats_[index].player.empty()) {
        return fail(
            who, id,
            app_error("seat_taken",
                      "seat " + std::to_string(index) + " is taken by " + seats_[index].name,
                      "seat"));
      }
    } else {
      for (int i = 0; i < settings_.seats && index < 0; ++i) {
        if (seats_[i].player.empty()) index = i;
      }
      if (index < 0) return fail(who, id, app_error("room_full", "every seat is taken"));
    }
    spectators_.erase(who.player);  // a spectator may sit down
    take_seat(who, index);
    reply(*who.conn, id, {{"room", settings_.id}, {"snapshot", snapshot(who.player)}});
    if (settings_.is_public) publish_summary("updated");
    if (seats_taken() == settings_.seats && settings_.auto_start) begin_game();
  });
}

void room::spectate(member who, std::optional<std::string> invite, json id) {
  on_strand([this, who = std::move(who), invite = std::move(invite), id = std::move(id)] {
    if (status_ == status::closed) {
      return fail(who, id, app_error("unknown_room", "there is no room " + settings_.id, "room"));
    }
    if (!check_invite(invite, who, id)) return;
    if (seat_of(who.player) >= 0) {
      return fail(who, id, app_error("already_seated", "you hold a seat in this room"));
    }
    if (!spectators_.contains(who.player)) host_.member_added(who.player, settings_.id);
    spectators_[who.player] = {who.name, who.conn};
    reply(*who.conn, id, {{"room", settings_.id}, {"snapshot", snapshot(who.player)}});
    if (settings_.is_public) publish_summary("updated");
  });
}

void room::leave(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    int index = seat_of(who.player);
    if (index >= 0 && status_ == status::playing) {
      forfeit(index, "left", seats_[index].name + " left the game");
    }
    remove_member(who.player);  // frees the seat of a waiting room
    if (index >= 0 && status_ == status::waiting) {
      emit("player_left", {{"seat", index}, {"player", who.player}, {"name", who.name}});
    }
    reply(*who.conn, id, {{"room", settings_.id}, {"left", true}});
    maybe_close();
  });
}

void room::start(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (!guard_open(who, id)) return;
    if (who.player != settings_.creator) {
      return fail(who, id, app_error("not_creator", "only the room's creator can start the game"));
    }
    if (status_ != status::waiting) {
      return fail(who, id, app_error("game_started", "the game has already started"));
    }
    const auto range = settings_.spec.game_ptr->players();
    int taken = seats_taken();
    if (taken < range.min || taken > range.max) {
      return fail(who, id,
                  app_error("not_enough_players",
                            std::string(settings_.spec.game_ptr->display_name()) + " needs " +
                                std::to_string(range.min) + " to " + std::to_string(range.max) +
                                " players; " + std::to_string(taken) + " seated"));
    }
    // Starting early drops the empty seats; the seated players keep their order.
    std::erase_if(seats_, [](const seat& s) { return s.player.empty(); });
    settings_.seats = static_cast<int>(seats_.size());
    begin_game();
    reply(*who.conn, id, {{"room", settings_.id}, {"version", version_}});
  });
}

void room::sync(member who, std::int64_t since, json id) {
  on_strand([this, who = std::move(who), since, id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    std::int64_t oldest = events_.empty() ? version_ + 1 : events_.front().version;
    if (since >= oldest - 1 && since <= version_) {
      json list = json::array();
      for (const auto& e : events_) {
        if (e.version > since) list.push_back(e.body);
      }
      return reply(*who.conn, id,
                   {{"room", settings_.id}, {"version", version_}, {"events", list}});
    }
    // Too old (or from the future): the client gets the whole room instead.
    reply(*who.conn, id,
          {{"room", settings_.id}, {"version", version_}, {"snapshot", snapshot(who.player)}});
  });
}

void room::move(member who, std::string move_text, std::optional<std::int64_t> version, json id,
                std::chrono::steady_clock::time_point received) {
  on_strand([this, who = std::move(who), move_text = std::move(move_text), version,
             id = std::move(id), received] {
    if (auto e = check_mover(who)) return fail(who, id, *e);
    if (version && *version > version_) {
      return fail(who, id,
                  app_error("stale_version",
                            "version " + std::to_string(*version) + " is ahead of the room (" +
                                std::to_string(version_) + ")",
                            "version"));
    }
    if (version && *version < position_version_) {
      return fail(who, id,
                  app_error("stale_version",
                            "the position changed at version " + std::to_string(position_version_) +
                                "; your move was made at " + std::to_string(*version),
                            "version"));
    }
    int mover = state_->current_player();
    auto played = state_->play(move_text);
    if (!played) {
      return fail(
          who, id,
          {protocol::rpc_code::application, played.error().code, played.error().message, "move"});
    }
    reply(*who.conn, id, {{"room", settings_.id}, {"move", *played}, {"version", version_ + 1}});
    after_move(mover, *played);
    metrics_.observe_move_seconds(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - received).count());
  });
}

void room::after_move(int mover, const std::string& played) {
  moves_.push_back(played);
  ++metrics_.moves_total;
  json fields{{"seat", mover},
              {"move", played},
              {"ply", moves_.size()},
              {"to_move", state_->is_terminal() ? json(nullptr) : json(state_->current_player())},
              {"position", state_->to_text()}};
  emit("move", std::move(fields), true);
  if (state_->is_terminal()) return finish(*state_->outcome());
  schedule_bot();
}

// Bots move from their own handler, so a game between bots never runs as one long call.
void room::schedule_bot() {
  if (status_ != status::playing || !seats_[state_->current_player()].bot) return;
  boost::asio::post(strand_, [self = shared_from_this()] { self->bot_move(); });
}

void room::bot_move() {
  if (status_ != status::playing) return;
  int mover = state_->current_player();
  const engine::bot* b = seats_[mover].bot;
  if (!b) return;
  auto choice = b->choose(*state_, rng_);
  auto played = choice ? state_->play(*choice) : std::unexpected(choice.error());
  if (!played) {  // e.g. a table the bot needs is not loaded: the bot's seat loses
    return forfeit(mover, "bot_failed",
                   seats_[mover].name + " could not move: " + played.error().message);
  }
  after_move(mover, *played);
}

void room::resign(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    int index = seat_of(who.player);
    if (index < 0) return fail(who, id, app_error("not_your_seat", "you hold no seat here"));
    if (status_ != status::playing) {
      return fail(who, id,
                  app_error(status_ == status::finished ? "game_over" : "game_not_started",
                            "there is no game in progress"));
    }
    forfeit(index, "resignation", seats_[index].name + " resigned");
    reply(*who.conn, id, {{"room", settings_.id}, {"version", version_}});
  });
}

void room::legal_moves(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    if (status_ != status::playing) {
      return fail(who, id,
                  app_error(status_ == status::finished ? "game_over" : "game_not_started",
                            "there is no game in progress"));
    }
    reply(*who.conn, id,
          {{"room", settings_.id},
           {"version", version_},
           {"to_move", state_->current_player()},
           {"moves", state_->legal_moves()}});
  });
}

void room::analyze(member who, json id) {
  on_strand([this, who = std::move(who), id = std::move(id)] {
    if (!is_member(who.player)) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    if (seat_of(who.player) >= 0 && status_ == status::playing && !settings_.practice) {
      return fail(who, id,
                  app_error("analysis_not_allowed",
                            "players get hints only in practice rooms; spectators always"));
    }
    if (!state_) return fail(who, id, app_error("game_not_started", "the game has not started"));
    auto analysis = settings_.spec.game_ptr->analyze(*state_);
    if (!analysis) {
      return fail(who, id, app_error(analysis.error().code, analysis.error().message));
    }
    reply(*who.conn, id,
          {{"room", settings_.id}, {"version", version_}, {"analysis", std::move(*analysis)}});
  });
}

// ---- connections -----------------------------------------------------------------------------

void room::disconnected(std::string player, const peer* conn) {
  on_strand([this, player = std::move(player), conn] {
    if (auto it = spectators_.find(player); it != spectators_.end()) {
      auto current = it->second.conn.lock();
      if (!current || current.get() == conn) {
        remove_member(player);
        maybe_close();
      }
      return;
    }
    int index = seat_of(player);
    if (index < 0) return;
    seat& s = seats_[index];
    auto current = s.conn.lock();
    if (current && current.get() != conn) return;  // an older connection; the seat moved on
    s.connected = false;
    s.conn.reset();
    if (status_ == status::finished || status_ == status::closed) return maybe_close();
    emit("player_dropped",
         {{"seat", index}, {"player", player}, {"grace_ms", limit_.reconnect_grace.count()}});
    s.grace = std::make_unique<boost::asio::steady_timer>(strand_, limit_.reconnect_grace);
    s.grace->async_wait([self = shared_from_this(), index](boost::system::error_code ec) {
      if (!ec) self->grace_expired(index);
    });
  });
}

void room::reconnected(member who) {
  on_strand([this, who = std::move(who)] {
    if (auto it = spectators_.find(who.player); it != spectators_.end()) {
      it->second.conn = who.conn;
      return;
    }
    int index = seat_of(who.player);
    if (index < 0) return;
    seat& s = seats_[index];
    s.conn = who.conn;
    if (s.connected) return;
    s.connected = true;
    s.grace.reset();  // cancels the timer
    if (status_ == status::waiting || status_ == status::playing) {
      emit("player_returned", {{"seat", index}, {"player", who.player}});
    }
  });
}

void room::grace_expired(int index) {
  if (index >= static_cast<int>(seats_.size())) return;
  const seat& s = seats_[index];
  if (s.connected || s.player.empty()) return;
  const std::string player = s.player;
  const std::string name = s.name;
  const status before = status_;
  // Membership goes first, so that whoever hears of the outcome finds the seat already released.
  remove_member(player);  // frees the seat of a waiting room
  if (before == status::playing) forfeit(index, "abandonment", name + " did not come back in time");
  if (before == status::waiting) {
    emit("player_left",
         {{"seat", index}, {"player", player}, {"name", name}, {"reason", "timeout"}});
  }
  maybe_close();
}

void room::shut_down() {
  on_strand([this] {
    for (auto& s : seats_)
      s.grace.reset();
    linger_.cancel();
  });
}

// ---- game flow -------------------------------------------------------------------------------

void room::take_seat(const member& who, int index) {
  seat& s = seats_[index];
  s.player = who.player;
  s.name = who.name;
  s.connected = true;
  host_.member_added(who.player, settings_.id);
  // The joiner learns of its own arrival from the reply's snapshot, not from the event.
  emit("player_joined", {{"seat", index}, {"player", who.player}, {"name", who.name}});
  s.conn = who.conn;
}

void room::seat_bot(int index, const engine::bot& b) {
  seat& s = seats_[index];
  s.player = "bot:" + std::string(b.name()) + ":" + std::to_string(index);
  s.name = std::string(b.name()) + " bot";
  s.bot = &b;
  s.connected = true;
  emit("player_joined",
       {{"seat", index}, {"player", s.player}, {"name", s.name}, {"bot", b.name()}});
}

// Bots never keep a room open on their own.
bool room::has_humans(bool connected_only) const {
  for (const auto& s : seats_) {
    if (!s.player.empty() && !s.bot && (!connected_only || s.connected)) return true;
  }
  return false;
}

void room::begin_game() {
  auto made =
      settings_.spec.game_ptr->new_state(settings_.seats, settings_.spec.params, settings_.seed);
  if (!made) {  // the spec was validated at creation; only a seat count can still be off
    emit("game_over", {{"outcome", nullptr}, {"error", made.error().message}});
    status_ = status::finished;
    return;
  }
  state_ = std::move(*made);
  status_ = status::playing;
  json players = json::array();
  for (const auto& s : seats_)
    players.push_back({{"player", s.player}, {"name", s.name}});
  emit("game_started",
       {{"players", players},
        {"to_move", state_->current_player()},
        {"position", state_->to_text()}},
       true);
  if (settings_.is_public) publish_summary("updated");
  schedule_bot();
}

void room::forfeit(int index, const std::string& reason, const std::string& description) {
  const int n = static_cast<int>(seats_.size());
  engine::outcome result;
  result.ranks.assign(n, 1);
  result.scores.assign(n, n == 2 ? 1.0 : 0.0);
  result.ranks[index] = n == 1 ? 1 : 2;
  result.scores[index] = 0;
  result.reason = reason;
  result.description = description;
  finish(std::move(result));
}

void room::finish(engine::outcome result) {
  outcome_ = std::move(result);
  status_ = status::finished;
  ++metrics_.games_finished_total;
  for (auto& s : seats_)
    s.grace.reset();
  emit("game_over", {{"outcome", outcome_json()}}, true);
  if (settings_.is_public) publish_summary("updated");
  linger_.expires_after(limit_.finished_room_linger);
  linger_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->close_room();
  });
}

void room::remove_member(const std::string& player) {
  bool removed = spectators_.erase(player) > 0;
  int index = seat_of(player);
  if (index >= 0 && status_ == status::waiting) {
    seats_[index] = seat{};
    removed = true;
  } else if (index >= 0) {
    // A seat in a started game keeps its name for the record; only the connection goes.
    seats_[index].conn.reset();
    seats_[index].connected = false;
    removed = true;
  }
  if (!removed) return;
  host_.member_removed(player, settings_.id);
  if (settings_.is_public && status_ != status::closed) publish_summary("updated");
}

void room::maybe_close() {
  if (status_ == status::closed || status_ == status::playing) return;
  bool anyone = !spectators_.empty() || has_humans(status_ != status::waiting);
  if (!anyone) close_room();
}

void room::close_room() {
  if (status_ == status::closed) return;
  status_ = status::closed;
  linger_.cancel();
  emit("room_closed", {});
  for (auto& s : seats_) {
    s.grace.reset();
    if (!s.player.empty() && !s.bot) host_.member_removed(s.player, settings_.id);
  }
  for (const auto& [player, sp] : spectators_)
    host_.member_removed(player, settings_.id);
  spectators_.clear();
  if (settings_.is_public) publish_summary("closed");
  --metrics_.rooms;
  host_.room_closed(settings_.id, settings_.creator);
}

// ---- checks ----------------------------------------------------------------------------------

bool room::guard_open(const member& who, const json& id) {
  if (status_ == status::closed) {
    fail(who, id, app_error("unknown_room", "there is no room " + settings_.id, "room"));
    return false;
  }
  if (status_ == status::finished) {
    fail(who, id, app_error("game_over", "the game in this room is over"));
    return false;
  }
  return true;
}

bool room::check_invite(const std::optional<std::string>& invite, const member& who,
                        const json& id) {
  if (settings_.is_public || is_member(who.player) || invite == settings_.invite_code) return true;
  fail(who, id,
       app_error("bad_invite_code", "this room is private: a valid invite_code is needed",
                 "invite_code"));
  return false;
}

int room::seat_of(const std::string& player) const {
  for (int i = 0; i < static_cast<int>(seats_.size()); ++i) {
    if (seats_[i].player == player) return i;
  }
  return -1;
}

bool room::is_member(const std::string& player) const {
  return seat_of(player) >= 0 || spectators_.contains(player);
}

int room::seats_taken() const {
  int n = 0;
  for (const auto& s : seats_)
    n += s.player.empty() ? 0 : 1;
  return n;
}

std::optional<protocol::error> room::check_mover(const member& who) const {
  if (status_ == status::closed) return app_error("unknown_room", "there is no such room", "room");
  int index = seat_of(who.player);
  if (index < 0) {
    return app_error("not_your_seat", spectators_.contains(who.player)
                                          ? "spectators cannot move"
                                          : "you hold no seat in this room");
  }
  if (status_ == status::waiting) {
    return app_error("game_not_started", "the game has not started yet");
  }
  if (status_ == status::finished) return app_error("game_over", "the game is over");
  int to_move = state_->current_player();
  if (to_move != index) {
    return app_error("not_your_turn", "it is " + seats_[to_move].name + "'s turn (seat " +
                                          std::to_string(to_move) + ")");
  }
  return std::nullopt;
}

// ---- events and views ------------------------------------------------------------------------

void room::emit(const std::string& type, json fields, bool changes_position) {
  ++version_;
  if (changes_position) position_version_ = version_;
  fields["room"] = settings_.id;
  fields["version"] = version_;
  fields["type"] = type;
  fields["at"] = unix_ms();
  auto frame = make_frame(protocol::write_notification("room.event", fields));
  events_.push_back({version_, std::move(fields), frame});
  while (static_cast<int>(events_.size()) > limit_.events_kept)
    events_.pop_front();
  for (const auto& s : seats_) {
    if (auto c = s.conn.lock()) c->send(frame);
  }
  for (const auto& [player, sp] : spectators_) {
    if (auto c = sp.conn.lock()) c->send(frame);
  }
}

const char* room::status_name() const {
  switch (status_) {
    case status::waiting:
      return "waiting";
    case status::playing:
      return "playing";
    case status::finished:
      return "finished";
    case status::closed:
      return "closed";
  }
  return "?";
}

json room::outcome_json() const {
  if (!outcome_) return nullptr;
  return {{"ranks", outcome_->ranks},
          {"scores", outcome_->scores},
          {"winners", outcome_->winners()},
          {"reason", outcome_->reason},
          {"description", outcome_->description}};
}

json room::snapshot(const std::string& viewer) const {
  const auto& g = *settings_.spec.game_ptr;
  json seats = json::array();
  auto roles = g.player_names(settings_.seats);
  for (int i = 0; i < static_cast<int>(seats_.size()); ++i) {
    const seat& s = seats_[i];
    seats.push_back({{"seat", i},
                     {"role", i < static_cast<int>(roles.size()) ? roles[i] : ""},
                     {"player", s.player.empty() ? json(nullptr) : json(s.player)},
                     {"name", s.name},
                     {"connected", s.connected},
                     {"bot", s.bot ? json(s.bot->name()) : json(nullptr)}});
  }
  json params = json::object();
  for (const auto& [k, v] : settings_.spec.params)
    params[k] = engine::param_json(v);
  int mine = seat_of(viewer);
  json out{{"room", settings_.id},
           {"version", version_},
           {"game", g.key()},
           {"spec", settings_.spec.text()},
           {"params", params},
           {"status", status_name()},
           {"public", settings_.is_public},
           {"creator", settings_.creator},
           {"seats", seats},
           {"spectators", spectators_.size()},
           {"your_seat", mine >= 0 ? json(mine) : json(nullptr)},
           {"moves", moves_},
           {"outcome", outcome_json()},
           {"practice", settings_.practice}};
  if (state_) {
    out["to_move"] = state_->is_terminal() ? json(nullptr) : json(state_->current_player());
    out["position"] = state_->to_text();
    out["view"] = state_->view();
  }
  if (!settings_.is_public && is_member(viewer)) out["invite_code"] = settings_.invite_code;
  return out;
}

json room::summary() const {
  json players = json::array();
  for (int i = 0; i < static_cast<int>(seats_.size()); ++i) {
    if (!seats_[i].player.empty()) players.push_back({{"seat", i}, {"name", seats_[i].name}});
  }
  return {
      {"room", settings_.id},
      {"game", settings_.spec.game_ptr->key()},
      {"spec", settings_.spec.text()},
      {"status", status_name()},
      {"seats", settings_.seats},
      {"seats_taken", seats_taken()},
      {"players", players},
      {"spectators", spectators_.size()},
      {"created_at",
       std::chrono::duration_cast<std::chrono::milliseconds>(created_.time_since_epoch()).count()}};
}

void room::publish_summary(const std::string& change) {
  lobby_.publish(change, summary());
}

}  // namespace boardroom::server
