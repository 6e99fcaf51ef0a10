#pragma once
// The JSON-RPC 2.0 envelope: one parser for incoming frames, one writer for outgoing ones.

#include <expected>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/errors.hpp"

namespace boardroom::protocol {

// A request as it arrives. `id` is null for a notification (no reply is sent for those).
struct envelope {
  nlohmann::json id;
  std::string method;
  nlohmann::json params;  // an object; absent params become {}
};

// When parsing fails, `id` is whatever id could be recovered (null if none), so the error reply
// can still be matched by the client.
struct envelope_error {
  nlohmann::json id;
  protocol::error error;
};

std::expected<envelope, envelope_error> parse_envelope(std::string_view frame);

std::string write_result(const nlohmann::json& id, const nlohmann::json& result);
// The same, around a result already written as JSON text.
std::string write_result_text(const nlohmann::json& id, std::string_view result);
// A result's text up to the result, with room for `more` bytes: a writer that adds the result and
// a closing brace has written what write_result_text() writes.
std::string result_opening(const nlohmann::json& id, std::size_t more);
std::string write_error(const nlohmann::json& id, const error& e);
std::string write_notification(std::string_view method, const nlohmann::json& params);
// The same, around params already written as JSON text (a room event, also stored as this text).
std::string write_notification_text(std::string_view method, std::string_view params);
// A notification's text up to its params, with room for `more` bytes: a writer that adds the
// params and a closing brace has written what write_notification_text() writes.
std::string notification_opening(std::string_view method, std::size_t more);
// The params of a notification that write_notification_text() wrote: a view into `frame`.
std::string_view notification_params(std::string_view frame);

// JSON text the way every outgoing message is written: compact, invalid UTF-8 replaced.
std::string to_json_text(const nlohmann::json& j);

}  // namespace boardroom::protocol
