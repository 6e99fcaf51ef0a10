#include "protocol/messages.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <string_view>

#include <boost/container/small_vector.hpp>

#include "engine/core/text.hpp"

namespace boardroom::protocol {

using nlohmann::json;

namespace {

// Reads named fields from a params object, remembering which ones were consumed so that leftover
// (unknown) fields can be reported.
class reader {
 public:
  explicit reader(const json& params) : params_(params) {}

  template <class T>
  void required(const char* name, T& out) {
    if (failed()) return;
    auto it = params_.find(name);
    if (it == params_.end()) {
      error_ = params_error("missing_field", std::string("missing field '") + name + "'", name);
      return;
    }
    read(name, *it, out);
  }

  template <class T>
  void optional(const char* name, std::optional<T>& out) {
    if (failed()) return;
    auto it = params_.find(name);
    seen_.push_back(name);  // null is the same as absent
    if (it == params_.end() || it->is_null()) return;
    T value{};
    read(name, *it, value);
    out = std::move(value);
  }

  template <class T>
  void optional(const char* name, T& out) {
    if (failed()) return;
    auto it = params_.find(name);
    seen_.push_back(name);
    if (it != params_.end() && !it->is_null()) read(name, *it, out);
  }

  void range(const char* name, std::optional<std::int64_t> value, std::int64_t lo,
             std::int64_t hi) {
    if (failed() || !value || (*value >= lo && *value <= hi)) return;
    error_ = params_error("out_of_range",
                          std::string("field '") + name + "' must be between " +
                              std::to_string(lo) + " and " + std::to_string(hi),
                          name);
  }

  std::optional<error> finish() {
    if (failed()) return error_;
    for (const auto& [key, value] : params_.items()) {
      if (std::ranges::find(seen_, key) == seen_.end()) {
        return params_error("unknown_field", "unknown field '" + key + "'", key);
      }
    }
    return std::nullopt;
  }

 private:
  bool failed() const { return error_.has_value(); }

  void wrong_type(const char* name, const char* expected) {
    error_ =
        params_error("wrong_type", std::string("field '") + name + "' must be " + expected, name);
  }

  void read(const char* name, const json& value, std::string& out) {
    seen_.push_back(name);
    if (!value.is_string()) return wrong_type(name, "a string");
    out = value.get<std::string>();
  }
  void read(const char* name, const json& value, bool& out) {
    seen_.push_back(name);
    if (!value.is_boolean()) return wrong_type(name, "true or false");
    out = value.get<bool>();
  }
  void read(const char* name, const json& value, std::int64_t& out) {
    seen_.push_back(name);
    if (!value.is_number_integer()) return wrong_type(name, "an integer");
    out = value.get<std::int64_t>();
  }
  void read(const char* name, const json& value, int& out) {
    std::int64_t wide = 0;
    read(name, value, wide);
    if (failed()) return;
    if (wide < -1'000'000 || wide > 1'000'000) return wrong_type(name, "a small integer");
    out = static_cast<int>(wide);
  }
  void read(const char* name, const json& value, std::vector<int>& out) {
    seen_.push_back(name);
    if (!value.is_array() || value.empty() || value.size() > 64) {
      return wrong_type(name, "an array of 1 to 64 integers");
    }
    for (const auto& item : value) {
      if (!item.is_number_integer() || item.get<std::int64_t>() < 1 ||
          item.get<std::int64_t>() > 64) {
        return wrong_type(name, "an array of integers from 1 to 64");
      }
      out.push_back(item.get<int>());
    }
  }
  void read(const char* name, const json& value, json& out) {
    seen_.push_back(name);
    if (!value.is_object()) return wrong_type(name, "an object");
    out = value;
  }
  void read(const char* name, const json& value, std::vector<seat_bot>& out) {
    seen_.push_back(name);
    if (!value.is_array()) return wrong_type(name, "an array of {seat, bot}");
    for (const auto& item : value) {
      auto seat = item.find("seat");
      auto bot = item.find("bot");
      if (!item.is_object() || item.size() != 2 || seat == item.end() || bot == item.end() ||
          !seat->is_number_integer() || !bot->is_string()) {
        return wrong_type(name, "an array of {seat, bot}");
      }
      std::int64_t index = seat->get<std::int64_t>();
      if (index < 0 || index > 63)
        return wrong_type(name, "an array of {seat, bot} with seats 0 to 63");
      out.push_back({static_cast<int>(index), bot->get<std::string>()});
    }
  }

  void read(const char* name, const json& value, std::vector<std::string>& out) {
    seen_.push_back(name);
    if (!value.is_array() || value.size() > 1024) {
      return wrong_type(name, "an array of at most 1024 strings");
    }
    for (const auto& item : value) {
      if (!item.is_string() || item.get_ref<const std::string&>().size() > 64) {
        return wrong_type(name, "an array of strings of at most 64 bytes");
      }
      out.push_back(item.get<std::string>());
    }
  }
  void read(const char* name, const json& value, std::vector<std::vector<std::string>>& out) {
    seen_.push_back(name);
    if (!value.is_array() || value.size() > 512) {
      return wrong_type(name, "an array of at most 512 tables");
    }
    for (const auto& item : value) {
      std::vector<std::string> table;
      read(name, item, table);
      if (failed()) return;
      out.push_back(std::move(table));
    }
  }

  const json& params_;
  // The names read (literals, so views): a set allocated a node for each. Kept in place up to
  // room.create's dozen; a tournament's 19 fields, or a name read once per table, go to the heap.
  boost::container::small_vector<std::string_view, 16> seen_;
  std::optional<error> error_;
};

// Field limits: generous for real use, small enough that no single request costs much.
constexpr std::size_t max_name_length = 40;
constexpr std::size_t max_move_length = 1024;
constexpr std::size_t max_note_length = 200;
constexpr std::size_t max_password_length = 128;
constexpr std::size_t max_id_length = 64;

template <class T>
using parse_fn = std::function<void(reader&, T&)>;

template <class T>
std::expected<message, error> parse_as(const json& params, const parse_fn<T>& fields) {
  T out{};
  reader r(params);
  fields(r, out);
  if (auto e = r.finish()) return std::unexpected(*e);
  return message{std::move(out)};
}

std::expected<message, error> parse_hello(const json& params) {
  return parse_as<hello>(params, [](reader& r, hello& m) {
    r.required("protocol", m.protocol);
    r.required("name", m.name);
    r.optional("resume_token", m.resume_token);
    r.optional("password", m.password);
    r.optional("move_event_in_result", m.move_event_in_result);
  });
}

using parser = std::expected<message, error> (*)(const json&);

struct method_entry {
  std::string_view name;
  parser parse;
};

constexpr auto room_only = [](auto tag) {
  using T = decltype(tag);
  return +[](const json& p) {
    return parse_as<T>(p, [](reader& r, T& m) { r.required("room", m.room); });
  };
};

constexpr auto tournament_only = [](auto tag) {
  using T = decltype(tag);
  return +[](const json& p) {
    return parse_as<T>(p, [](reader& r, T& m) { r.required("tournament", m.tournament); });
  };
};

constexpr auto directed = [](auto tag) {
  using T = decltype(tag);
  return +[](const json& p) {
    return parse_as<T>(p, [](reader& r, T& m) {
      r.required("tournament", m.tournament);
      r.optional("token", m.token);
    });
  };
};

constexpr auto challenge_only = [](auto tag) {
  using T = decltype(tag);
  return +[](const json& p) {
    return parse_as<T>(p, [](reader& r, T& m) { r.required("challenge", m.challenge); });
  };
};

// The single table of methods: index i parses variant alternative i.
const std::array<method_entry, std::variant_size_v<message>> methods{{
    {"hello", parse_hello},
    {"lobby.games", [](const json& p) { return parse_as<lobby_games>(p, [](reader&, auto&) {}); }},
    {"lobby.list",
     [](const json& p) {
       return parse_as<lobby_list>(p, [](reader& r, lobby_list& m) { r.optional("game", m.game); });
     }},
    {"lobby.subscribe",
     [](const json& p) {
       return parse_as<lobby_subscribe>(
           p, [](reader& r, lobby_subscribe& m) { r.optional("game", m.game); });
     }},
    {"lobby.unsubscribe",
     [](const json& p) { return parse_as<lobby_unsubscribe>(p, [](reader&, auto&) {}); }},
    {"room.create",
     [](const json& p) {
       return parse_as<room_create>(p, [](reader& r, room_create& m) {
         r.required("game", m.game);
         r.optional("params", m.params);
         r.optional("seats", m.seats);
         r.optional("public", m.is_public);
         r.optional("seat", m.seat);
         r.optional("auto_start", m.auto_start);
         r.optional("bots", m.bots);
         r.optional("practice", m.practice);
         r.optional("time_control", m.time_control);
         r.optional("vacated_seats", m.vacated_seats);
         r.optional("rated", m.rated);
         r.optional("berserk", m.berserk);
         r.range("seats", m.seats, 1, 64);
         r.range("seat", m.seat, -1, 63);
       });
     }},
    {"room.join",
     [](const json& p) {
       return parse_as<room_join>(p, [](reader& r, room_join& m) {
         r.required("room", m.room);
         r.optional("seat", m.seat);
         r.optional("invite_code", m.invite_code);
         r.range("seat", m.seat, 0, 63);
       });
     }},
    {"room.spectate",
     [](const json& p) {
       return parse_as<room_spectate>(p, [](reader& r, room_spectate& m) {
         r.required("room", m.room);
         r.optional("invite_code", m.invite_code);
       });
     }},
    {"room.leave", room_only(room_leave{})},
    {"room.start", room_only(room_start{})},
    {"room.rematch", room_only(room_rematch{})},
    {"room.sync",
     [](const json& p) {
       return parse_as<room_sync>(p, [](reader& r, room_sync& m) {
         r.required("room", m.room);
         r.required("since", m.since);
         r.range("since", m.since, 0, INT64_MAX);
       });
     }},
    {"game.move",
     [](const json& p) {
       return parse_as<game_move>(p, [](reader& r, game_move& m) {
         r.required("room", m.room);
         r.required("move", m.move);
         r.optional("version", m.version);
         r.range("version", m.version, 0, INT64_MAX);
       });
     }},
    {"game.resign", room_only(game_resign{})},
    {"game.legal_moves",
     [](const json& p) {
       return parse_as<game_legal_moves>(p, [](reader& r, game_legal_moves& m) {
         r.required("room", m.room);
         r.optional("offset", m.offset);
         r.optional("limit", m.limit);
         r.optional("after", m.after);
         r.optional("sample", m.sample);
         r.range("offset", m.offset, 0, INT64_MAX);
         r.range("limit", m.limit, 1, max_moves_page);
         r.range("sample", m.sample, 1, max_move_sample);
       });
     }},
    {"game.analyze", room_only(game_analyze{})},
    {"game.offer_draw", room_only(game_offer_draw{})},
    {"game.decline_draw", room_only(game_decline_draw{})},
    {"game.berserk", room_only(game_berserk{})},
    {"chat.send",
     [](const json& p) {
       return parse_as<chat_send>(p, [](reader& r, chat_send& m) {
         r.required("room", m.room);
         r.required("text", m.text);
       });
     }},
    {"chat.mute",
     [](const json& p) {
       return parse_as<chat_mute>(p, [](reader& r, chat_mute& m) {
         r.required("player", m.player);
         r.optional("muted", m.muted);
       });
     }},
    {"admin.remove_chat",
     [](const json& p) {
       return parse_as<admin_remove_chat>(p, [](reader& r, admin_remove_chat& m) {
         r.required("room", m.room);
         r.required("token", m.token);
         r.required("line", m.line);
         r.range("line", m.line, 1, INT64_MAX);
       });
     }},
    {"admin.abort",
     [](const json& p) {
       return parse_as<admin_abort>(p, [](reader& r, admin_abort& m) {
         r.required("room", m.room);
         r.required("token", m.token);
         r.optional("note", m.note);
       });
     }},
    {"admin.adjudicate",
     [](const json& p) {
       return parse_as<admin_adjudicate>(p, [](reader& r, admin_adjudicate& m) {
         r.required("room", m.room);
         r.required("token", m.token);
         r.required("ranks", m.ranks);
         r.optional("note", m.note);
       });
     }},
    {"admin.add_time",
     [](const json& p) {
       return parse_as<admin_add_time>(p, [](reader& r, admin_add_time& m) {
         r.required("room", m.room);
         r.required("token", m.token);
         r.required("seat", m.seat);
         r.required("seconds", m.seconds);
         r.range("seat", m.seat, 0, 63);
         r.range("seconds", m.seconds, 1, 30LL * 86'400);
       });
     }},
    {"game.view", room_only(game_view{})},
    {"account.register",
     [](const json& p) {
       return parse_as<account_register>(p, [](reader& r, account_register& m) {
         r.required("password", m.password);
         r.optional("bot", m.bot);
       });
     }},
    {"tournament.create",
     [](const json& p) {
       return parse_as<tournament_create>(p, [](reader& r, tournament_create& m) {
         r.required("name", m.name);
         r.required("game", m.game);
         r.optional("params", m.params);
         r.required("system", m.system);
         r.optional("table_size", m.table_size);
         r.optional("rounds", m.rounds);
         r.optional("time_control", m.time_control);
         r.optional("fixed_schedule", m.fixed_schedule);
         r.optional("manual_pairing", m.manual_pairing);
         r.optional("duration_seconds", m.duration_seconds);
         r.optional("accelerated", m.accelerated);
         r.optional("berserk", m.berserk);
         r.optional("starts_at_ms", m.starts_at_ms);
         r.optional("rated", m.rated);
         r.optional("public", m.is_public);
         r.optional("min_rating", m.min_rating);
         r.optional("max_rating", m.max_rating);
         r.optional("max_players", m.max_players);
         r.optional("no_show_seconds", m.no_show_seconds);
         r.range("table_size", m.table_size, 2, 6);
         r.range("rounds", m.rounds, 1, 100);
         r.range("starts_at_ms", m.starts_at_ms, 0, INT64_MAX);
         r.range("max_players", m.max_players, 2, 1'000);
         r.range("no_show_seconds", m.no_show_seconds, 5, 86'400);
         r.range("duration_seconds", m.duration_seconds, 10, 7 * 86'400);
       });
     }},
    {"tournament.list",
     [](const json& p) { return parse_as<tournament_list>(p, [](reader&, auto&) {}); }},
    {"tournament.get", tournament_only(tournament_get{})},
    {"tournament.watch", tournament_only(tournament_watch{})},
    {"tournament.unwatch", tournament_only(tournament_unwatch{})},
    {"tournament.join",
     [](const json& p) {
       return parse_as<tournament_join>(p, [](reader& r, tournament_join& m) {
         r.required("tournament", m.tournament);
         r.optional("invite_code", m.invite_code);
       });
     }},
    {"tournament.withdraw", tournament_only(tournament_withdraw{})},
    {"tournament.start", directed(tournament_start{})},
    {"tournament.cancel", directed(tournament_cancel{})},
    {"tournament.pair",
     [](const json& p) {
       return parse_as<tournament_pair>(p, [](reader& r, tournament_pair& m) {
         r.required("tournament", m.tournament);
         r.required("tables", m.tables);
         r.optional("byes", m.byes);
         r.optional("token", m.token);
       });
     }},
    {"tournament.set_result",
     [](const json& p) {
       return parse_as<tournament_set_result>(p, [](reader& r, tournament_set_result& m) {
         r.required("tournament", m.tournament);
         r.required("round", m.round);
         r.required("board", m.board);
         r.required("ranks", m.ranks);
         r.optional("token", m.token);
         r.range("round", m.round, 1, 1'000);
         r.range("board", m.board, 1, 1'000);
       });
     }},
    {"tournament.add_player",
     [](const json& p) {
       return parse_as<tournament_add_player>(p, [](reader& r, tournament_add_player& m) {
         r.required("tournament", m.tournament);
         r.optional("player", m.player);
         r.optional("bot", m.bot);
         r.optional("token", m.token);
       });
     }},
    {"tournament.remove_player",
     [](const json& p) {
       return parse_as<tournament_remove_player>(p, [](reader& r, tournament_remove_player& m) {
         r.required("tournament", m.tournament);
         r.required("player", m.player);
         r.optional("token", m.token);
       });
     }},
    {"seek.create",
     [](const json& p) {
       return parse_as<seek_create>(p, [](reader& r, seek_create& m) {
         r.required("game", m.game);
         r.optional("params", m.params);
         r.optional("time_control", m.time_control);
         r.optional("rated", m.rated);
         r.optional("max_gap", m.max_gap);
         r.optional("min_players", m.min_players);
         r.optional("max_players", m.max_players);
         r.optional("bot", m.bot);
         r.range("max_gap", m.max_gap, 0, 10'000);
         r.range("min_players", m.min_players, 2, 6);
         r.range("max_players", m.max_players, 2, 6);
       });
     }},
    {"seek.cancel",
     [](const json& p) {
       return parse_as<seek_cancel>(p,
                                    [](reader& r, seek_cancel& m) { r.required("seek", m.seek); });
     }},
    {"seek.list",
     [](const json& p) {
       return parse_as<seek_list>(p, [](reader& r, seek_list& m) { r.optional("game", m.game); });
     }},
    {"challenge.create",
     [](const json& p) {
       return parse_as<challenge_create>(p, [](reader& r, challenge_create& m) {
         r.required("to", m.to);
         r.required("game", m.game);
         r.optional("params", m.params);
         r.optional("time_control", m.time_control);
         r.optional("rated", m.rated);
         r.optional("seat", m.seat);
         r.optional("expires_in_ms", m.expires_in_ms);
         r.range("seat", m.seat, 0, 1);
         r.range("expires_in_ms", m.expires_in_ms, 1'000, 3'600'000);
       });
     }},
    {"challenge.accept", challenge_only(challenge_accept{})},
    {"challenge.decline",
     [](const json& p) {
       return parse_as<challenge_decline>(p, [](reader& r, challenge_decline& m) {
         r.required("challenge", m.challenge);
         r.optional("reason", m.reason);
       });
     }},
    {"challenge.cancel", challenge_only(challenge_cancel{})},
}};

std::optional<error> check_lengths(const message& m) {
  if (auto* t = std::get_if<tournament_create>(&m)) {
    if (t->name.empty() || t->name.size() > max_name_length * 2) {
      return params_error("out_of_range",
                          "name must be 1 to " + std::to_string(max_name_length * 2) + " bytes",
                          "name");
    }
  }
  if (auto* h = std::get_if<hello>(&m)) {
    if (h->name.empty() || h->name.size() > max_name_length) {
      return params_error("out_of_range",
                          "name must be 1 to " + std::to_string(max_name_length) + " bytes",
                          "name");
    }
  }
  const std::string* password = nullptr;
  if (auto* h = std::get_if<hello>(&m); h && h->password) password = &*h->password;
  if (auto* a = std::get_if<account_register>(&m)) password = &a->password;
  if (password && (password->empty() || password->size() > max_password_length)) {
    return params_error("out_of_range",
                        "password must be 1 to " + std::to_string(max_password_length) + " bytes",
                        "password");
  }
  const std::optional<std::string>* note = nullptr;
  if (auto* a = std::get_if<admin_abort>(&m)) note = &a->note;
  if (auto* a = std::get_if<admin_adjudicate>(&m)) note = &a->note;
  const char* note_field = "note";
  if (auto* d = std::get_if<challenge_decline>(&m)) note = &d->reason, note_field = "reason";
  if (note && *note && (*note)->size() > max_note_length) {
    return params_error(
        "out_of_range",
        std::string(note_field) + " must be at most " + std::to_string(max_note_length) + " bytes",
        note_field);
  }
  // Ids and names of players, seeks and challenges: a longer one names nothing, and is not
  // worth echoing back in an error.
  const std::string* id = nullptr;
  const char* id_field = "";
  if (auto* c = std::get_if<challenge_create>(&m)) id = &c->to, id_field = "to";
  if (auto* c = std::get_if<seek_cancel>(&m)) id = &c->seek, id_field = "seek";
  if (auto* c = std::get_if<challenge_accept>(&m)) id = &c->challenge, id_field = "challenge";
  if (auto* c = std::get_if<challenge_decline>(&m)) id = &c->challenge, id_field = "challenge";
  if (auto* c = std::get_if<challenge_cancel>(&m)) id = &c->challenge, id_field = "challenge";
  if (id && (id->empty() || id->size() > max_id_length)) {
    return params_error(
        "out_of_range",
        std::string(id_field) + " must be 1 to " + std::to_string(max_id_length) + " bytes",
        id_field);
  }
  if (auto* mv = std::get_if<game_move>(&m); mv && mv->move.size() > max_move_length) {
    return params_error("out_of_range",
                        "move must be at most " + std::to_string(max_move_length) + " bytes",
                        "move");
  }
  if (auto* l = std::get_if<game_legal_moves>(&m);
      l && l->after && l->after->size() > max_move_length) {
    return params_error("out_of_range",
                        "after must be at most " + std::to_string(max_move_length) + " bytes",
                        "after");
  }
  return std::nullopt;
}

// Names and notes are shown to other people and written into records: no character that breaks
// a line, reorders what is around it or cannot be seen (engine/core/text.hpp lists them).
std::optional<error> check_text(const message& m) {
  if (auto* t = std::get_if<tournament_create>(&m)) {
    if (auto bad = engine::text::find_refused(t->name)) {
      return params_error("bad_name",
                          "name must not contain " + engine::text::describe(*bad) + " (at byte " +
                              std::to_string(bad->offset) + ")",
                          "name");
    }
  }
  if (auto* h = std::get_if<hello>(&m)) {
    if (auto bad = engine::text::find_refused(h->name)) {
      return params_error("bad_name",
                          "name must not contain " + engine::text::describe(*bad) + " (at byte " +
                              std::to_string(bad->offset) + ")",
                          "name");
    }
  }
  if (auto* c = std::get_if<chat_send>(&m)) {
    if (auto bad = engine::text::find_refused(c->text)) {
      return params_error("bad_text",
                          "text must not contain " + engine::text::describe(*bad) + " (at byte " +
                              std::to_string(bad->offset) + ")",
                          "text");
    }
  }
  const std::optional<std::string>* note = nullptr;
  if (auto* a = std::get_if<admin_abort>(&m)) note = &a->note;
  if (auto* a = std::get_if<admin_adjudicate>(&m)) note = &a->note;
  const char* note_field = "note";
  if (auto* d = std::get_if<challenge_decline>(&m)) note = &d->reason, note_field = "reason";
  if (note && *note) {
    if (auto bad = engine::text::find_refused(**note)) {
      return params_error("bad_note",
                          std::string(note_field) + " must not contain " +
                              engine::text::describe(*bad) + " (at byte " +
                              std::to_string(bad->offset) + ")",
                          note_field);
    }
  }
  return std::nullopt;
}

}  // namespace

bool is_tournament_request(const message& m) {
  return std::visit([](const auto& r) { return tournament_method<std::decay_t<decltype(r)>>; }, m);
}

bool is_matchmaking_request(const message& m) {
  return std::visit([](const auto& r) { return matchmaking_method<std::decay_t<decltype(r)>>; }, m);
}

std::string_view method_name(const message& m) {
  return methods[m.index()].name;
}

std::optional<error> check_message(const message& m) {
  if (auto e = check_lengths(m)) return e;
  return check_text(m);
}

std::expected<message, error> parse_message(const envelope& env) {
  for (const auto& entry : methods) {
    if (entry.name != env.method) continue;
    auto parsed = entry.parse(env.params);
    if (!parsed) return parsed;
    if (auto e = check_message(*parsed)) return std::unexpected(*e);
    return parsed;
  }
  return std::unexpected(error{rpc_code::method_not_found, "method_not_found",
                               "unknown method '" + env.method + "'", "method"});
}

}  // namespace boardroom::protocol
