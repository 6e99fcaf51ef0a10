#pragma once
// A text frame as the server reads it: the envelope (rpc.hpp) and the message (messages.hpp) in
// one step, with the request that every move of every game sends read straight from the text.

#include <expected>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "protocol/rpc.hpp"

namespace boardroom::protocol {

struct request {
  nlohmann::json id;
  message msg;
};

// The envelope, the refusal of notifications (every request needs an id), then the message. An
// error carries whatever id could be recovered, so that the client can match the answer.
std::expected<request, envelope_error> parse_request(std::string_view frame);

// `game.move` in its usual shape (one object of the envelope's fields and the move's, strings of
// printable ASCII without escapes, integer ids and versions), read without a JSON document: a
// document cost about twenty allocations per move. Anything else gives nullopt, and
// parse_request() reads it the general way, errors and all. Exposed so that the tests and the
// fuzz target can check that both ways read the same.
std::optional<request> read_move(std::string_view frame);

}  // namespace boardroom::protocol
