#pragma once
// Every error a client can receive: a JSON-RPC numeric code plus our stable string code.
//
// JSON-RPC 2.0 reserves -32700..-32600 for envelope problems; everything the application decides
// (seats, turns, rules) is -32000 with the reason in `data.code`, so clients switch on the string.

#include <string>

#include "engine/core/error_code.hpp"

namespace boardroom::protocol {

namespace rpc_code {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;
inline constexpr int application = -32000;
}  // namespace rpc_code

// The closed set of codes, one table for the engines and the protocol (engine/core/error_code.hpp).
using engine::errc;
using engine::error_code;

struct error {
  int rpc = rpc_code::application;
  error_code code;       // "not_your_turn", "illegal_move", ...
  std::string message;   // for people
  std::string field;     // the offending field, when there is one
  std::string url = {};  // room_elsewhere: the node to ask instead
};

inline error app_error(error_code code, std::string message, std::string field = {}) {
  return {rpc_code::application, code, std::move(message), std::move(field)};
}

inline error params_error(error_code code, std::string message, std::string field) {
  return {rpc_code::invalid_params, code, std::move(message), std::move(field)};
}

}  // namespace boardroom::protocol
