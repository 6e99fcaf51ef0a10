#include "server/match/match.hpp"

#include <algorithm>

namespace boardroom::server {

namespace ev = protocol::events;

std::string bot_player(int seat, const engine::bot& b) {
  return "bot:" + std::string(b.name()) + ":" + std::to_string(seat);
}

bool resigned(const std::string& reason) {
  return reason == "resignation" || reason == "left";
}

void seat_player(match_seat& s, const std::string& player, const std::string& name,
                 const engine::bot* b) {
  s.player = player;
  s.name = name;
  s.bot = b;
  s.connected = true;
}

void hand_to_bot(match_seat& s, int index, const engine::bot& b) {
  s.name += " (" + std::string(b.name()) + " bot)";
  s.player = bot_player(index, b);
  s.bot = &b;
  s.connected = true;
}

bool shows_position(const engine::state& s, const std::string& text) {
  return text == s.position_text() || text == s.to_text();
}

match::match(match_settings settings)
    : settings_(std::make_shared<const match_settings>(std::move(settings))),
      seats_(std::max(settings_->seats, 0)) {}

match::match(const match& other)
    : settings_(other.settings_),
      status_(other.status_),
      seats_(other.seats_),
      state_(other.state_ ? other.state_->clone() : nullptr),
      moves_(other.moves_),
      outcome_(other.outcome_),
      draw_offers_(other.draw_offers_),
      last_clocks_(other.last_clocks_),
      version_(other.version_),
      position_version_(other.position_version_),
      forced_folded_(other.forced_folded_) {}

match& match::operator=(const match& other) {
  if (this != &other) *this = match(other);
  return *this;
}

std::expected<void, std::string> match::fold(const protocol::event& e) {
  if (e.version != version_ + 1) {
    return std::unexpected("version " + std::to_string(e.version) + " does not follow " +
                           std::to_string(version_));
  }
  if (auto problem = fold_body(e.body); !problem.empty()) return std::unexpected(problem);
  version_ = e.version;
  if (protocol::changes_position(e.body)) position_version_ = e.version;
  return {};
}

// Each branch checks first and changes after; see the header for a refused event.
std::string match::fold_body(const protocol::event_body& body) {
  const auto& g = game();
  auto seat_index = [&](int index) { return index >= 0 && index < seat_count() ? index : -1; };
  if (const auto* joined = std::get_if<ev::player_joined>(&body)) {
    int index = seat_index(joined->seat);
    if (status_ != room_status::waiting || index < 0 || !seats_[index].player.empty()) {
      return "no free seat " + std::to_string(joined->seat) + " in a waiting room";
    }
    const engine::bot* b = nullptr;
    if (joined->bot) {
      b = engine::find_bot(g, *joined->bot);
      if (!b) return "there is no bot '" + *joined->bot + "' any more";
    }
    seat_player(seats_[index], joined->player, joined->name, b);
  } else if (const auto* left = std::get_if<ev::player_left>(&body)) {
    int index = seat_index(left->seat);
    if (status_ != room_status::waiting || index < 0) return "no such seat in a waiting room";
    seats_[index] = match_seat{};
  } else if (const auto* dropped = std::get_if<ev::player_dropped>(&body)) {
    int index = seat_index(dropped->seat);
    if (index < 0) return "no such seat";
    seats_[index].connected = false;
  } else if (const auto* returned = std::get_if<ev::player_returned>(&body)) {
    int index = seat_index(returned->seat);
    if (index < 0) return "no such seat";
    seats_[index].connected = true;
  } else if (const auto* started = std::get_if<ev::game_started>(&body)) {
    if (status_ != room_status::waiting) return "a second start";
    if (started->players != players_seated()) return "the players are not the seated ones";
    const int n = static_cast<int>(started->players.size());
    auto made = g.new_state(n, settings_->spec.params, settings_->seed);
    if (!made) return "the engine cannot set the game up: " + made.error().message;
    if (!shows_position(**made, started->position)) {
      return "the engine sets up a different position: " + (*made)->position_text();
    }
    // Starting early drops the empty seats; the seated players keep their order.
    std::erase_if(seats_, [](const match_seat& s) { return s.player.empty(); });
    state_ = std::move(*made);
    status_ = room_status::playing;
    last_clocks_ = started->clocks.value_or(nlohmann::json());
  } else if (const auto* moved = std::get_if<ev::move>(&body)) {
    if (status_ != room_status::playing) return "a move outside a game";
    if (moved->seat != state_->current_player()) {
      return "a move by seat " + std::to_string(moved->seat) + ", but seat " +
             std::to_string(state_->current_player()) + " is to move";
    }
    auto played = state_->play(moved->played);
    if (!played) return "the engine rejects '" + moved->played + "': " + played.error().message;
    if (*played != moved->played || !shows_position(*state_, moved->position)) {
      return "'" + moved->played + "' leads to a different position: " + state_->position_text();
    }
    moves_.push_back(*played);
    ++seats_[moved->seat].moves;
    forced_folded_ = 0;
    draw_offers_.clear();  // a move answers every offer
    if (moved->clocks) last_clocks_ = *moved->clocks;
  } else if (const auto* taken = std::get_if<ev::seat_taken_over>(&body)) {
    int index = seat_index(taken->seat);
    if (status_ != room_status::playing || index < 0) return "a seat taken over outside a game";
    const engine::bot* b = engine::find_bot(g, taken->bot);
    if (!b) return "there is no bot '" + taken->bot + "' any more";
    if (resigned(taken->reason)) mark_gone(seats_, index);  // played on, but it ranks last
    hand_to_bot(seats_[index], index, *b);
  } else if (const auto* retired = std::get_if<ev::seat_retired>(&body)) {
    int index = seat_index(retired->seat);
    if (status_ != room_status::playing || index < 0) return "a seat retired outside a game";
    if (auto done = state_->retire(index); !done) {
      return "the engine refuses to retire seat " + std::to_string(index) + ": " +
             done.error().message;
    }
    if (!shows_position(*state_, retired->position)) {
      return "the retirement leads to a different position: " + state_->position_text();
    }
    seats_[index].retired = true;
    forced_folded_ = 0;
    mark_gone(seats_, index);
    draw_offers_.clear();  // the position changed, as after a move
    if (retired->clocks) last_clocks_ = *retired->clocks;
  } else if (const auto* f = std::get_if<ev::forced>(&body)) {
    if (status_ != room_status::playing) return "a forced step outside a game";
    const auto steps = state_->forced_by_last_play();
    if (forced_folded_ >= steps.size()) return "the rules forced nothing more after the last play";
    const engine::forced_step& step = steps[forced_folded_];
    if (step.kind != f->kind || step.player != f->seat) {
      return std::string("the rules forced ") + engine::forced_name(step.kind) + " of seat " +
             std::to_string(step.player) + " here";
    }
    ++forced_folded_;
  } else if (const auto* offered = std::get_if<ev::draw_offered>(&body)) {
    int index = seat_index(offered->seat);
    if (status_ != room_status::playing || index < 0) return "a draw offer outside a game";
    draw_offers_.insert(index);
  } else if (std::holds_alternative<ev::draw_declined>(body)) {
    if (status_ != room_status::playing) return "a declined draw outside a game";
    draw_offers_.clear();
  } else if (const auto* added = std::get_if<ev::time_added>(&body)) {
    if (status_ != room_status::playing) return "time added outside a game";
    last_clocks_ = added->clocks;
  } else if (const auto* b = std::get_if<ev::berserk>(&body)) {
    int index = seat_index(b->seat);
    if (status_ != room_status::playing || index < 0) return "berserk outside a game";
    if (seats_[index].berserk || seats_[index].moves > 0) {
      return "seat " + std::to_string(index) + " cannot go berserk any more";
    }
    seats_[index].berserk = true;
    last_clocks_ = b->clocks;
  } else if (const auto* said = std::get_if<ev::chat>(&body)) {
    // Chat changes nothing of the game; it is in the log to be kept in order and in the record.
    if (said->channel != "players" && said->channel != "spectators") {
      return "a chat line in channel '" + said->channel + "'";
    }
    if (said->hidden) return "a hidden chat line (only ever sent, never stored)";
  } else if (const auto* removed = std::get_if<ev::chat_removed>(&body)) {
    if (removed->line < 1 || removed->line > version_) return "a removal of a line not yet said";
  } else if (const auto* over = std::get_if<ev::game_over>(&body)) {
    if (status_ != room_status::playing && status_ != room_status::waiting) return "a second end";
    if (over->outcome) outcome_ = *over->outcome;
    status_ = room_status::finished;
  } else if (std::holds_alternative<ev::room_closed>(body)) {
    status_ = room_status::closed;
  }
  return "";
}

std::vector<protocol::event_body> forced_events(const engine::state& after) {
  std::vector<protocol::event_body> out;
  for (const auto& step : after.forced_by_last_play())
    out.push_back(ev::forced{step.kind, step.player, step.description});
  return out;
}

game_end match::end() const {
  game_end e{outcome_, static_cast<int>(moves_.size()), {}};
  for (const auto& s : seats_)
    e.berserk.push_back(s.berserk);
  return e;
}

int match::seat_of(const std::string& player) const {
  for (int i = 0; i < seat_count(); ++i) {
    if (seats_[i].player == player) return i;
  }
  return -1;
}

int match::seats_taken() const {
  return static_cast<int>(
      std::count_if(seats_.begin(), seats_.end(), [](const auto& s) { return !s.player.empty(); }));
}

std::vector<protocol::events::seated> match::players_seated() const {
  return boardroom::server::players_seated(seats_);
}

}  // namespace boardroom::server
