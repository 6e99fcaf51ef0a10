#pragma once
// A client mistake as a value: a stable machine-readable code and a sentence a player understands.

#include <expected>
#include <string>
#include <string_view>
#include <utility>

#include "engine/core/error_code.hpp"

namespace boardroom::engine {

struct rule_error {
  error_code code;      // "illegal_move", "bad_notation", "bad_parameter", ... (error_code.hpp)
  std::string message;  // for people: "the target c2 holds your own stone"
  std::string field;    // the offending parameter or input, where there is one
};

template <class T>
using result = std::expected<T, rule_error>;

inline std::unexpected<rule_error> fail(error_code code, std::string message,
                                        std::string field = {}) {
  return std::unexpected(rule_error{code, std::move(message), std::move(field)});
}

// A move that breaks a rule; the message says which, in the players' words.
inline std::unexpected<rule_error> illegal(std::string message) {
  return fail("illegal_move", std::move(message));
}

// A piece of the player's input inside a message: "unexpected 'x' in rank 3".
std::string quote(std::string_view text);

}  // namespace boardroom::engine
