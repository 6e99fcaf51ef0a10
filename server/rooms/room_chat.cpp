// A room's chat. Lines are events of the room's log, so they are durable, in order with the game
// and in its record; the players' and the spectators' channels are kept apart as lichess keeps
// them: whoever may not read a line (or muted its writer) gets it hidden, without its words, so
// that every member still sees every version and no gap makes a client resynchronise.

#include "protocol/rpc.hpp"
#include "server/rooms/room.hpp"

namespace boardroom::server {

using nlohmann::json;
using protocol::app_error;
namespace ev = protocol::events;

namespace {

// The channel a member writes in: a seat still in play speaks with the other players; everyone
// else (spectators, a retired seat) with the spectators.
std::string channel_of(const match& m, const std::string& player) {
  const int seat = m.seat_of(player);
  return seat >= 0 && !m.seats()[seat].retired ? "players" : "spectators";
}

}  // namespace

bool room::reads(const std::string& viewer, const ev::chat& line) const {
  if (line.channel != channel_of(match_, viewer)) return false;
  return viewer == line.player || !host_.muted(viewer, line.player);
}

namespace {

json hidden_json(const protocol::event& e, const ev::chat& line) {
  protocol::event hidden = e;
  hidden.body = ev::chat{line.channel, "", "", "", true};
  return protocol::to_json(hidden);
}

}  // namespace

json room::event_for(const event& e, const std::string& viewer) const {
  const auto* line = std::get_if<ev::chat>(&e.typed.body);
  if (line && !reads(viewer, *line)) return hidden_json(e.typed, *line);
  // The frame is the event as it was sent, view included (the body held does without it).
  return json::parse(*e.frame)["params"];
}

frame_ptr room::frame_for(const event& e, const std::string& viewer, frame_ptr& hidden) const {
  const auto* line = std::get_if<ev::chat>(&e.typed.body);
  if (!line || reads(viewer, *line)) return e.frame;
  // The same for everyone who may not read it: made once.
  if (!hidden)
    hidden = make_frame(protocol::write_notification("room.event", hidden_json(e.typed, *line)));
  return hidden;
}

void room::note_chat(const protocol::event& e) {
  if (const auto* said = std::get_if<ev::chat>(&e.body)) {
    chat_.push_back({e.version, e.at, *said, false});
    while (static_cast<int>(chat_.size()) > limit_.chat_kept)
      chat_.pop_front();
  } else if (const auto* removed = std::get_if<ev::chat_removed>(&e.body)) {
    for (auto& l : chat_) {
      if (l.line == removed->line) l.removed = true;
    }
  }
}

json room::chat_json(const std::string& viewer) const {
  json lines = json::array();
  for (const auto& l : chat_) {
    if (l.removed || !reads(viewer, l.said)) continue;
    lines.push_back({{"line", l.line},
                     {"at", l.at},
                     {"channel", l.said.channel},
                     {"player", l.said.player},
                     {"name", l.said.name},
                     {"text", l.said.text}});
  }
  return lines;
}

void room::chat(member who, std::string text, json id) {
  on_strand([this, who = std::move(who), text = std::move(text), id = std::move(id)] {
    if (!is_member(who.player) || current() == status::closed) {
      return fail(who, id, app_error("not_in_room", "you are not in this room", "room"));
    }
    if (text.empty() || text.size() > limit_.chat_max_bytes) {
      return fail(
          who, id,
          protocol::params_error(
              "out_of_range",
              "text must be 1 to " + std::to_string(limit_.chat_max_bytes) + " bytes", "text"));
    }
    const auto now = std::chrono::steady_clock::now();
    const double per_minute = limit_.chat_lines_per_minute;
    if (chat_rate_.size() > 64) {  // writers whose bucket is full again are remembered no more
      std::erase_if(chat_rate_, [&](const auto& kv) { return kv.second.full(now); });
    }
    auto [bucket, fresh] = chat_rate_.try_emplace(who.player, per_minute / 60, per_minute, now);
    if (!bucket->second.take(now)) {
      return fail(who, id,
                  app_error("chat_too_fast", "at most " + std::to_string(int(per_minute)) +
                                                 " chat lines a minute in a room"));
    }
    const std::string& name = seat_of(who.player) >= 0 ? seats()[seat_of(who.player)].name
                                                       : spectators_.at(who.player).name;
    emit(ev::chat{channel_of(match_, who.player), who.player, name, text, false},
         [this, who, id](bool ok) {
           if (!ok) return fail(who, id, storage_failed());
           reply(*who.conn, id, {{"room", settings_.id}, {"line", match_.version()}});
         });
  });
}

void room::remove_chat(member who, json id, std::int64_t line) {
  on_strand([this, who = std::move(who), id = std::move(id), line] {
    if (current() == status::closed) {
      return fail(who, id, app_error("unknown_room", "there is no such room", "room"));
    }
    auto it = std::find_if(chat_.begin(), chat_.end(),
                           [&](const chat_line& l) { return l.line == line && !l.removed; });
    if (it == chat_.end()) {
      return fail(
          who, id,
          app_error("unknown_chat_line",
                    "event " + std::to_string(line) + " is not a chat line this room still shows",
                    "line"));
    }
    emit(ev::chat_removed{line}, [this, who, id](bool ok) {
      if (!ok) return fail(who, id, storage_failed());
      reply(*who.conn, id, {{"room", settings_.id}, {"version", match_.version()}});
    });
  });
}

}  // namespace boardroom::server
