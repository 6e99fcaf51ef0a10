#include "bots/bridge.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <iostream>
#include <limits>
#include <memory>
#include <set>
#include <utility>

#include "bots/aei_adapter.hpp"
#include "bots/errors.hpp"
#include "bots/game_loop.hpp"
#include "bots/line_adapter.hpp"
#include "bots/rpc_connection.hpp"
#include "bots/stop_signal.hpp"
#include "engine/core/params.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::bots {

namespace {

using namespace std::chrono_literals;

class bridge {
 public:
  explicit bridge(const bridge_options& o) : o_(o) {}
  int run();

 private:
  std::string command_name() const {
    return o_.protocol == engine_protocol::aei ? "boardroom aei" : "boardroom engine";
  }
  void say(const std::string& text) const {
    std::cerr << command_name() << ": " << text << std::endl;
  }
  bool plays(const std::string& game_text) const;
  std::expected<json, rpc_error> hello(json params);
  void greet();
  void play(room_game& g);                        // to its end, and its result on stdout
  room_game whole_room(const std::string& room);  // its snapshot, as a member
  void play_room();
  void take_games();  // --accept and --seek
  void play_assigned(const std::string& room);
  void queue(const std::string& room);  // a room opened for the bridge, to play once free
  void on_notification(const json& n);  // anything but the current game's events
  void answer_rematch();                // the request in rematch_asked_, once its game is over here
  void resign_current();
  bool cancel_seek();  // false when an open seek could not be withdrawn (it was paired)

  const bridge_options& o_;
  engine::game_spec wanted_;
  bool exact_params_ = false;
  std::unique_ptr<engine_adapter> engine_;
  std::unique_ptr<rpc_connection> conn_;
  std::unique_ptr<game_loop> loop_;
  std::set<std::string> rooms_played_;
  std::deque<std::string> assigned_;  // rooms opened for the bridge, not yet played
  std::optional<std::string> open_seek_;
  std::string finished_room_;    // the last game's room, while a rematch of it may be agreed
  std::string rematch_asked_;    // a room whose players asked for a rematch, not yet answered
  std::string rematch_awaited_;  // agreed to, its room not yet opened (players still to ask)
  int games_played_ = 0;
};

bool bridge::plays(const std::string& game_text) const {
  const auto spec = engine::parse_game_spec(game_text);
  if (!spec || spec->game_ptr != wanted_.game_ptr) return false;
  return !exact_params_ || spec->text() == wanted_.text();
}

// hello, asking for the event of each of our moves in its answer (one frame fewer a move: the
// game loop folds it from there); a server older than that field refuses it by name, and is
// greeted again without it.
std::expected<json, rpc_error> bridge::hello(json params) {
  params["move_event_in_result"] = true;
  auto r = conn_->call("hello", params);
  if (r || r.error().code != "unknown_field" || r.error().field != "move_event_in_result") return r;
  params.erase("move_event_in_result");
  return conn_->call("hello", params);
}

void bridge::greet() {
  json params{{"protocol", 1}, {"name", o_.name}};
  if (o_.password) params["password"] = *o_.password;
  auto r = hello(params);
  if (!r && o_.password && r.error().code == "bad_credentials") {
    // No account of that name (or a wrong password, which the guest's hello below tells): claim
    // the name as a bot account.
    r = hello({{"protocol", 1}, {"name", o_.name}});
    if (!r && r.error().code == "name_taken") {
      throw server_failure("the password does not log in to the account " + o_.name);
    }
    if (!r) throw server_failure("hello was refused: " + r.error().message);
    auto claimed = conn_->call("account.register", {{"password", *o_.password}, {"bot", true}});
    if (!claimed) {
      throw server_failure("cannot register the account " + o_.name + ": " +
                           claimed.error().message);
    }
    say("registered the bot account " + claimed->value("name", o_.name));
    (*r)["account"] = true;
    (*r)["bot_account"] = true;
  }
  if (!r) throw server_failure("hello was refused: " + r.error().message);
  const std::string kind = r->value("bot_account", false) ? ", a bot account"
                           : r->value("account", false)   ? ", an account"
                                                          : "";
  say("connected to " + o_.url + " as " + r->value("name", o_.name) + " (" +
      r->value("player", std::string()) + ")" + kind);
}

void bridge::play(room_game& g) {
  say("playing seat " + std::to_string(g.seat) + " of room " + g.room + " (" + g.spec + ")");
  loop_->play(g);
  std::cout << "room " << g.room << ": " << g.result_for_seat() << " ("
            << g.outcome.value("reason", std::string("no result")) << ": "
            << g.outcome.value("description", std::string()) << ")" << std::endl;
  ++games_played_;
}

room_game bridge::whole_room(const std::string& room) {
  room_game g;
  g.room = room;
  // A `since` newer than the room gets its snapshot.
  g.version = std::numeric_limits<std::int64_t>::max() / 2;
  loop_->sync(g);
  return g;
}

void bridge::play_room() {
  json where{{"room", o_.room}};
  if (o_.invite_code) where["invite_code"] = *o_.invite_code;
  // Watched first, so that a room of another game is refused without sitting down.
  room_game g;
  auto watched = conn_->call("room.spectate", where);
  if (!watched && watched.error().code == "already_seated") {
    g = whole_room(o_.room);  // an account coming back to its game
  } else if (!watched) {
    throw server_failure("cannot enter room " + o_.room + ": " + watched.error().message);
  } else {
    g.apply_snapshot(watched->value("snapshot", json::object()));
  }
  if (!plays(g.spec)) {
    throw server_failure("room " + o_.room + " plays " + g.spec + "; the engine plays " +
                         wanted_.text());
  }
  if (g.seat < 0) {
    json join = where;
    if (o_.seat) join["seat"] = *o_.seat;
    auto joined = conn_->call("room.join", join);
    if (!joined) {
      throw server_failure("cannot take a seat in room " + o_.room + ": " + joined.error().message);
    }
    g.apply_snapshot(joined->value("snapshot", json::object()));
  }
  play(g);
}

void bridge::play_assigned(const std::string& room) {
  if (!rooms_played_.insert(room).second) return;
  room_game g = whole_room(room);
  if (g.seat < 0) throw server_failure("the server opened room " + room + " without a seat for us");
  if (!plays(g.spec)) {
    say("room " + room + " plays " + g.spec + ", not " + wanted_.text() + ": resigning it");
    conn_->call("game.resign", {{"room", room}});
    return;
  }
  play(g);
  finished_room_ = room;
  // Asked while the engine was still thinking about the game's last move: answered now.
  if (rematch_asked_ == room) answer_rematch();
}

void bridge::on_notification(const json& n) {
  const std::string method = n.value("method", std::string());
  const json& p = n.value("params", json::object());
  if (method == "game.assigned") {
    const std::string room = p.value("room", std::string());
    if (open_seek_ && p.value("via", std::string()) == "seek") open_seek_.reset();
    if (p.value("via", std::string()) == "rematch") rematch_awaited_.clear();
    queue(room);
    return;
  }
  if (method == "room.rematch_asked" && o_.rematch) {
    rematch_asked_ = p.value("room", std::string());
    if (rematch_asked_ == finished_room_) answer_rematch();
    return;
  }
  if (method == "room.rematch_called_off" && p.value("room", std::string()) == rematch_awaited_) {
    say("the rematch in room " + rematch_awaited_ + " was called off");
    rematch_awaited_.clear();
    return;
  }
  if (method == "game.unassigned") {  // paired, but no room: seek again
    if (p.value("via", std::string()) == "seek") open_seek_.reset();
    say("the server could not open the game it paired: " + p.value("reason", std::string()));
    return;
  }
  if (method != "challenge.received") return;
  const json challenge = p.value("challenge", json());
  const std::string game = p.value("spec", p.value("game", std::string()));
  const std::string from = p.value("from", json::object()).value("name", std::string("someone"));
  std::string refusal;
  if (o_.source != game_source::accept) {
    refusal = "not taking challenges";
  } else if (!plays(game)) {
    refusal = "plays only " + wanted_.text();
  } else if (loop_->current() || !assigned_.empty() || !rematch_awaited_.empty()) {
    refusal = "busy";
  } else if (o_.games > 0 && games_played_ >= o_.games) {
    refusal = "done for now";
  }
  if (!refusal.empty()) {
    say("declining the challenge from " + from + " (" + game + "): " + refusal);
    conn_->send("challenge.decline", {{"challenge", challenge}, {"reason", refusal}});
    return;
  }
  auto accepted = conn_->call("challenge.accept", {{"challenge", challenge}});
  if (!accepted) {
    say("the challenge from " + from + " could not be accepted: " + accepted.error().message);
    return;
  }
  say("accepted the challenge from " + from + " (" + game + ")");
  queue(accepted->value("room", std::string()));
}

// The opponents of the game just played ask for another: with --rematch, the bridge agrees while
// it is free and has games left to play. Its request completes the set (bots never ask first), and
// the new room comes with game.assigned like any other game. One answer per game.
void bridge::answer_rematch() {
  const std::string room = std::exchange(rematch_asked_, std::string());
  finished_room_.clear();
  if (loop_->current() || !assigned_.empty() || (o_.games > 0 && games_played_ >= o_.games)) {
    return say("not agreeing to a rematch in room " + room + ": busy or done");
  }
  // One game at a time: this one rather than a stranger's, unless the seek was paired meanwhile.
  if (!cancel_seek()) {
    return say("not agreeing to a rematch in room " + room + ": the seek was paired meanwhile");
  }
  auto r = conn_->call("room.rematch", {{"room", room}});
  if (!r) return say("the rematch in room " + room + " failed: " + r.error().message);
  say("agreed to a rematch in room " + room);
  // The answer names the new room once it opened; with more players to ask, game.assigned will,
  // and until then the bridge takes no other game.
  const json next = r->value("rematch", json());
  if (next.is_string()) {
    queue(next.get<std::string>());
  } else {
    rematch_awaited_ = room;
  }
}

// Once: a room is told twice (an answer and game.assigned), and a second entry would make the
// bridge look busy when a rematch is asked right after the game.
void bridge::queue(const std::string& room) {
  if (rooms_played_.contains(room) || std::ranges::find(assigned_, room) != assigned_.end()) return;
  assigned_.push_back(room);
}

void bridge::take_games() {
  const bool seeking = o_.source == game_source::seek;
  while (o_.games == 0 || games_played_ < o_.games) {
    if (!assigned_.empty()) {
      const std::string room = assigned_.front();
      assigned_.pop_front();
      play_assigned(room);
      continue;
    }
    if (seeking && !open_seek_ && rematch_awaited_.empty()) {
      json seek{{"game", std::string(wanted_.game_ptr->key())}};
      if (exact_params_) {
        json params = json::object();
        for (const auto& [name, value] : wanted_.params)
          params[name] = engine::param_json(value);
        seek["params"] = params;
      }
      if (o_.time_control) seek["time_control"] = *o_.time_control;
      if (o_.rated) seek["rated"] = true;
      auto r = conn_->call("seek.create", seek);
      if (!r) throw server_failure("seek.create was refused: " + r.error().message);
      open_seek_ = r->value("seek", std::string());
      say("seeking a game of " + wanted_.text() + " (seek " + *open_seek_ + ")");
    }
    if (auto n = conn_->next_notification(steady_clock::now() + 1s)) {
      loop_->handle(*n);  // no game is current: everything goes to on_notification
    }
  }
}

void bridge::resign_current() {
  if (!loop_ || !loop_->unfinished_room() || !conn_) return;
  const std::string room = *loop_->unfinished_room();
  try {
    auto r = conn_->call("game.resign", {{"room", room}}, 5s);
    if (r) return say("resigned the game in room " + room);
    if (r.error().code == "game_not_started") {  // give the seat back instead
      auto left = conn_->call("room.leave", {{"room", room}}, 5s);
      return say(left ? "left room " + room + " before its game started"
                      : "could not leave room " + room + ": " + left.error().message);
    }
    if (r.error().code == "game_over") return say("the game in room " + room + " was over");
    say("could not resign the game in room " + room + ": " + r.error().message);
  } catch (const std::exception& e) {
    say("could not resign the game in room " + room + ": " + e.what());
  }
}

bool bridge::cancel_seek() {
  if (!open_seek_ || !conn_) return true;
  bool withdrawn = false;
  try {
    withdrawn = conn_->call("seek.cancel", {{"seek", *open_seek_}}, 5s).has_value();
  } catch (const std::exception&) {
    // the connection is gone, and the seek with it
  }
  open_seek_.reset();
  return withdrawn;
}

int bridge::run() {
  install_stop_signals();
  auto spec = engine::parse_game_spec(o_.game);
  if (!spec) {
    say(spec.error().message);
    return 2;
  }
  wanted_ = *spec;
  exact_params_ = o_.game.find('(') != std::string::npos;
  const auto url = parse_server_url(o_.url);
  if (!url) {
    say("--url must be ws://HOST[:PORT][/PATH], not '" + o_.url + "'");
    return 2;
  }
  try {
    auto process = std::make_unique<engine_process>(o_.engine_command, o_.verbose);
    if (o_.protocol == engine_protocol::aei) {
      engine_ = std::make_unique<aei_adapter>(std::move(process));
    } else {
      engine_ = std::make_unique<line_adapter>(std::move(process));
    }
    engine_->start(steady_clock::now() + o_.start_timeout);
    say("engine " + (engine_->engine_name().empty() ? o_.engine_command : engine_->engine_name()) +
        " is ready");
    conn_ = std::make_unique<rpc_connection>(*url, o_.start_timeout);
    loop_ = std::make_unique<game_loop>(*conn_, *engine_, loop_settings{o_.move_timeout},
                                        [this](const json& n) { on_notification(n); });
    greet();
    if (o_.source == game_source::room) {
      play_room();
    } else {
      take_games();
    }
    cancel_seek();
    const std::string end = engine_->quit();
    if (end != "exited with status 0") say("the engine " + end + " after quit");
    conn_->close();
    return 0;
  } catch (const engine_failure& e) {
    say("engine failure: " + std::string(e.what()));
    resign_current();
    cancel_seek();
    if (engine_) say("the engine " + engine_->process().finish(0ms));
    return 1;
  } catch (const server_failure& e) {
    say(e.what());
    if (engine_) say("the engine " + engine_->quit(1s));
    return 1;
  } catch (const stop_requested& e) {
    acknowledge_stop();
    say(e.what());
    resign_current();
    cancel_seek();
    if (engine_) say("the engine " + engine_->quit(1s));
    return 128 + e.signal_number;
  } catch (const std::exception& e) {  // a reply of the wrong shape, say: no crash, exit 1
    say("unexpected failure: " + std::string(e.what()));
    if (engine_) say("the engine " + engine_->quit(1s));
    return 1;
  }
}

}  // namespace

int run_bridge(const bridge_options& options) {
  return bridge(options).run();
}

}  // namespace boardroom::bots
