#pragma once
// Every stable error code, in one table: the closed set a client can switch on (the `data.code` of
// a JSON-RPC error) and the reasons engines and tools give. A code is written as its wire name
// ("illegal_move") and checked at compile time against this table, so a misspelt code does not
// compile; codes read from outside go through error_code::from_name().

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>

namespace boardroom::engine {

// X(name, scope): scope `wire` codes reach clients (docs/protocol.md §3 lists each, the schema's
// error_code enumerates them); `local` ones are said only by the command line's tools.
#define BOARDROOM_ERROR_CODES(X)          \
  /* the envelope (JSON-RPC) */           \
  X(parse_error, wire)                    \
  X(invalid_request, wire)                \
  X(method_not_found, wire)               \
  /* params of a known method */          \
  X(missing_field, wire)                  \
  X(wrong_type, wire)                     \
  X(out_of_range, wire)                   \
  X(unknown_field, wire)                  \
  X(bad_name, wire)                       \
  X(bad_note, wire)                       \
  /* connections and identities */        \
  X(rate_limited, wire)                   \
  X(hello_required, wire)                 \
  X(already_hello, wire)                  \
  X(unsupported_version, wire)            \
  X(identity_rate, wire)                  \
  X(name_taken, wire)                     \
  X(bad_credentials, wire)                \
  X(bad_password, wire)                   \
  X(already_registered, wire)             \
  X(password_rate, wire)                  \
  X(account_required, wire)               \
  X(storage_failed, wire)                 \
  /* rooms and seats */                   \
  X(unknown_game, wire)                   \
  X(bad_parameter, wire)                  \
  X(bad_seats, wire)                      \
  X(bad_seat, wire)                       \
  X(too_many_rooms, wire)                 \
  X(room_rate, wire)                      \
  X(unknown_room, wire)                   \
  X(room_elsewhere, wire)                 \
  X(room_moving, wire)                    \
  X(desk_elsewhere, wire)                 \
  X(cluster_unavailable, wire)            \
  X(bad_invite_code, wire)                \
  X(already_seated, wire)                 \
  X(game_started, wire)                   \
  X(seat_taken, wire)                     \
  X(room_full, wire)                      \
  X(not_in_room, wire)                    \
  X(not_creator, wire)                    \
  X(not_enough_players, wire)             \
  X(unknown_bot, wire)                    \
  X(bad_time_control, wire)               \
  X(bad_vacated_seats, wire)              \
  /* play */                              \
  X(not_your_seat, wire)                  \
  X(game_not_started, wire)               \
  X(game_over, wire)                      \
  X(not_your_turn, wire)                  \
  X(stale_version, wire)                  \
  X(illegal_move, wire)                   \
  X(bad_notation, wire)                   \
  X(no_steps, wire)                       \
  X(analysis_not_allowed, wire)           \
  X(no_analysis, wire)                    \
  X(no_table, wire)                       \
  X(draws_not_allowed, wire)              \
  X(berserk_not_allowed, wire)            \
  X(already_berserk, wire)                \
  X(berserk_too_late, wire)               \
  X(bad_text, wire)                       \
  X(chat_too_fast, wire)                  \
  X(unknown_chat_line, wire)              \
  X(no_draw_offer, wire)                  \
  X(game_not_over, wire)                  \
  X(rematch_unavailable, wire)            \
  /* tournaments */                       \
  X(unknown_tournament, wire)             \
  X(bad_system, wire)                     \
  X(not_director, wire)                   \
  X(entry_closed, wire)                   \
  X(already_entered, wire)                \
  X(not_entered, wire)                    \
  X(tournament_full, wire)                \
  X(rating_out_of_range, wire)            \
  X(too_many_tournaments, wire)           \
  X(bad_pairing, wire)                    \
  X(round_in_progress, wire)              \
  X(tournament_over, wire)                \
  X(tournament_not_running, wire)         \
  X(bad_start_time, wire)                 \
  X(bad_result, wire)                     \
  /* quick pairing and challenges */      \
  X(unknown_seek, wire)                   \
  X(too_many_seeks, wire)                 \
  X(unknown_challenge, wire)              \
  X(unknown_player, wire)                 \
  X(too_many_challenges, wire)            \
  /* the administrator */                 \
  X(not_admin, wire)                      \
  X(bad_ranks, wire)                      \
  X(not_timed, wire)                      \
  /* engines, tools, metrics: not sent */ \
  X(bad_players, local)                   \
  X(bad_player, local)                    \
  X(bad_game_spec, local)                 \
  X(cannot_retire, local)                 \
  X(already_retired, local)               \
  X(bad_table, local)                     \
  X(table_mismatch, local)                \
  X(solver_overflow, local)               \
  X(io_error, local)                      \
  X(wrong_game, local)                    \
  X(bad_archive, local)                   \
  X(bad_event, local)                     \
  X(slow_consumer, local)

enum class errc : std::uint8_t {
#define BOARDROOM_ERROR_ENUM(name, scope) name,
  BOARDROOM_ERROR_CODES(BOARDROOM_ERROR_ENUM)
#undef BOARDROOM_ERROR_ENUM
};

enum class error_scope : std::uint8_t { wire, local };

struct error_code_entry {
  std::string_view name;
  error_scope scope;
};

inline constexpr std::array error_codes{
#define BOARDROOM_ERROR_ENTRY(name, scope) error_code_entry{#name, error_scope::scope},
    BOARDROOM_ERROR_CODES(BOARDROOM_ERROR_ENTRY)
#undef BOARDROOM_ERROR_ENTRY
};

// One code of the table. Made from the enum, from a string literal (checked when compiling), or
// from text read at run time (from_name()).
class error_code {
 public:
  constexpr error_code(errc value) : value_(value) {}
  template <std::size_t N>
  consteval error_code(const char (&name)[N]) : value_(find(name).value()) {}

  static constexpr std::optional<error_code> from_name(std::string_view name) {
    auto found = find(name);
    if (!found) return std::nullopt;
    return error_code(*found);
  }

  constexpr errc value() const { return value_; }
  constexpr std::string_view name() const { return error_codes[index()].name; }
  constexpr error_scope scope() const { return error_codes[index()].scope; }
  constexpr bool operator==(const error_code&) const = default;

 private:
  constexpr std::size_t index() const { return static_cast<std::size_t>(value_); }
  static constexpr std::optional<errc> find(std::string_view name) {
    for (std::size_t i = 0; i < error_codes.size(); ++i) {
      if (error_codes[i].name == name) return static_cast<errc>(i);
    }
    return std::nullopt;
  }

  errc value_;
};

inline std::ostream& operator<<(std::ostream& out, error_code c) {
  return out << c.name();
}

}  // namespace boardroom::engine
