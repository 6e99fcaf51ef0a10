// `boardroom aei` and `boardroom engine`: outside engines played as bots on a server (bots/). The
// two commands share their flags; `aei` plays Arimaa with an AEI engine, `engine` any game with
// an engine that speaks boardroom's line protocol (docs/bots.md, "Engines from outside").

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "bots/aei_adapter.hpp"
#include "bots/bridge.hpp"
#include "cli/commands.hpp"

namespace boardroom::cli {

namespace {

struct bridge_flags {
  bots::bridge_options options;
  std::string password;
  std::string password_file;
  std::string room;
  bool accept = false;
  bool seek = false;
  int seat = -1;
  std::string invite_code;
  std::string time_control;
  double move_timeout_s = 0;
  double start_timeout_s = 10;
};

command add_bridge(CLI::App& app, bots::engine_protocol protocol) {
  const bool aei = protocol == bots::engine_protocol::aei;
  auto* sub = app.add_subcommand(
      aei ? "aei" : "engine",
      aei ? "Play an Arimaa engine that speaks AEI as a bot on a server"
          : "Play an engine that speaks boardroom's line protocol as a bot on a server");
  auto f = std::make_shared<bridge_flags>();
  bots::bridge_options& o = f->options;
  o.protocol = protocol;
  o.name = aei ? "aei-bot" : "engine-bot";
  o.game = aei ? std::string(bots::aei_game) : "";
  sub->add_option(
         "--engine", o.engine_command,
         "The engine's command line, as one argument: split on blanks and run directly, or "
         "by /bin/sh -c when it has shell syntax (quotes, $, pipes, redirections, &&)")
      ->required();
  if (!aei) {
    sub->add_option("--game", o.game,
                    "The game the engine plays: a key ('amazons', any parameters) or a spec "
                    "('amazons(board_size=8)', exactly these)")
        ->required();
  }
  sub->add_option("--url", o.url, "The server's WebSocket address")->capture_default_str();
  sub->add_option("--name", o.name, "The bot's name on the server")->capture_default_str();
  auto* password =
      sub->add_option("--password", f->password,
                      "Log in to the account --name, or register it as a bot account when it does "
                      "not exist. Other users can read it with ps: prefer --password-file");
  sub->add_option("--password-file", f->password_file,
                  "A file holding the password (a trailing newline is ignored)")
      ->excludes(password);
  auto* room = sub->add_option("--room", f->room, "Join this room, play its game, then exit");
  auto* accept = sub->add_flag("--accept", f->accept,
                               "Accept challenges to games the engine plays (--games of them)");
  auto* seek = sub->add_flag("--seek", f->seek, "Seek games the engine plays (--games of them)");
  room->excludes(accept)->excludes(seek);
  accept->excludes(seek);
  sub->add_option("--seat", f->seat, "With --room: the seat to take (default: the first free)")
      ->check(CLI::Range(0, 63));
  sub->add_option("--invite-code", f->invite_code, "With --room: a private room's invite code");
  sub->add_option("--games", o.games,
                  "With --accept or --seek: how many games to play before exiting (0: no end)")
      ->check(CLI::Range(0, 1'000'000))
      ->capture_default_str();
  sub->add_option("--time-control", f->time_control,
                  "With --seek: the clocks to seek, e.g. 'fischer:5m+3s' (default: the server's)");
  sub->add_flag("--rated", o.rated, "With --seek: rated games (the bot needs an account)");
  sub->add_flag("--rematch", o.rematch,
                "With --accept or --seek: agree to a rematch when the opponents ask for one (it "
                "counts toward --games)");
  sub->add_option("--move-timeout", f->move_timeout_s,
                  "Seconds the engine may take for one move before the bridge gives up (default: "
                  "its time on the clock and 10 more; 600 in untimed games)")
      ->check(CLI::Range(0.0, 31'536'000.0));
  sub->add_option("--start-timeout", f->start_timeout_s,
                  "Seconds for the engine's handshake and for connecting")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  sub->add_flag("--verbose", o.verbose, "Show every line exchanged with the engine on stderr");

  return [f, password, aei]() -> int {
    bots::bridge_options& opts = f->options;
    const char* name = aei ? "boardroom aei" : "boardroom engine";
    const auto usage = [&](const std::string& text) {
      std::cerr << name << ": " << text << "\n";
      return 2;
    };
    if (f->room.empty() && !f->accept && !f->seek) {
      return usage("say where the games come from: --room ID, --accept or --seek");
    }
    if (!f->room.empty() && opts.rematch) return usage("--rematch needs --accept or --seek");
    opts.source = !f->room.empty() ? bots::game_source::room
                  : f->accept      ? bots::game_source::accept
                                   : bots::game_source::seek;
    opts.room = f->room;
    if (f->seat >= 0) opts.seat = f->seat;
    if (!f->invite_code.empty()) opts.invite_code = f->invite_code;
    if (!f->time_control.empty()) opts.time_control = f->time_control;
    if (password->count() > 0) opts.password = f->password;
    if (!f->password_file.empty()) {
      std::ifstream in(f->password_file, std::ios::binary);
      if (!in) return usage("cannot read the password file " + f->password_file);
      std::ostringstream text;
      text << in.rdbuf();
      std::string secret = text.str();
      while (!secret.empty() && (secret.back() == '\n' || secret.back() == '\r'))
        secret.pop_back();
      if (secret.empty()) return usage("the password file " + f->password_file + " is empty");
      opts.password = secret;
    }
    opts.move_timeout = std::chrono::milliseconds(static_cast<long long>(f->move_timeout_s * 1000));
    opts.start_timeout =
        std::chrono::milliseconds(static_cast<long long>(f->start_timeout_s * 1000));
    return bots::run_bridge(opts);
  };
}

}  // namespace

command add_aei(CLI::App& app) {
  return add_bridge(app, bots::engine_protocol::aei);
}
command add_engine(CLI::App& app) {
  return add_bridge(app, bots::engine_protocol::line);
}

}  // namespace boardroom::cli
