#include "protocol/rpc.hpp"

#include <string>
#include <string_view>

#include "engine/core/json_writer.hpp"

namespace boardroom::protocol {

using nlohmann::json;

std::expected<envelope, envelope_error> parse_envelope(std::string_view frame) {
  json doc = json::parse(frame.begin(), frame.end(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    return std::unexpected(envelope_error{
        nullptr, {rpc_code::parse_error, "parse_error", "the message is not valid JSON", ""}});
  }
  auto invalid = [](json id, std::string message, std::string field) {
    return std::unexpected(envelope_error{
        std::move(id), {rpc_code::invalid_request, "invalid_request", std::move(message), field}});
  };
  if (doc.is_array()) return invalid(nullptr, "batch requests are not supported", "");
  if (!doc.is_object()) return invalid(nullptr, "a request must be a JSON object", "");

  json id = nullptr;
  if (auto it = doc.find("id"); it != doc.end()) {
    if (!it->is_string() && !it->is_number_integer()) {
      return invalid(nullptr, "id must be a string or an integer", "id");
    }
    id = *it;
  }
  auto version = doc.find("jsonrpc");
  if (version == doc.end() || *version != "2.0") {
    return invalid(id, "jsonrpc must be \"2.0\"", "jsonrpc");
  }
  auto method = doc.find("method");
  if (method == doc.end() || !method->is_string()) {
    return invalid(id, "method must be a string", "method");
  }
  envelope out{id, method->get<std::string>(), json::object()};
  if (auto params = doc.find("params"); params != doc.end()) {
    if (!params->is_object()) {
      return invalid(id, "params must be an object (named parameters)", "params");
    }
    out.params = std::move(*params);
  }
  return out;
}

// Invalid UTF-8 from a client (echoed in an error message) must not make dump() throw.
std::string to_json_text(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string write_result(const json& id, const json& result) {
  return write_result_text(id, to_json_text(result));
}

// Byte for byte what dumping {"jsonrpc", "id", "result"} gives (object keys are sorted), without
// copying the id and the result into a document first.
std::string write_result_text(const json& id, std::string_view result) {
  std::string out = result_opening(id, result.size() + 1);
  out.append(result) += '}';
  return out;
}

namespace {

// The three parts one after the other, in a string with room for `more` bytes after them.
std::string opening(std::string_view head, std::string_view middle, std::string_view tail,
                    std::size_t more) {
  std::string out;
  out.reserve(head.size() + middle.size() + tail.size() + more);
  out.append(head).append(middle).append(tail);
  return out;
}

}  // namespace

std::string result_opening(const json& id, std::size_t more) {
  return opening(R"({"id":)", to_json_text(id), R"(,"jsonrpc":"2.0","result":)", more);
}

std::string write_error(const json& id, const error& e) {
  json data{{"code", e.code.name()}};
  if (!e.field.empty()) data["field"] = e.field;
  if (!e.url.empty()) data["url"] = e.url;
  return to_json_text(json{{"jsonrpc", "2.0"},
                           {"id", id},
                           {"error", {{"code", e.rpc}, {"message", e.message}, {"data", data}}}});
}

std::string write_notification(std::string_view method, const json& params) {
  return write_notification_text(method, to_json_text(params));
}

// Byte for byte what dumping {"jsonrpc", "method", "params"} gives (object keys are sorted).
std::string write_notification_text(std::string_view method, std::string_view params) {
  std::string out = notification_opening(method, params.size() + 1);
  out.append(params) += '}';
  return out;
}

std::string notification_opening(std::string_view method, std::size_t more) {
  engine::json_writer name(method.size() + 2);  // escaped as a document would escape it
  name.value(method);
  return opening(R"({"jsonrpc":"2.0","method":)", name.text(), R"(,"params":)", more);
}

std::string_view notification_params(std::string_view frame) {
  constexpr std::string_view key = R"(,"params":)";
  // The first such key: the method's name before it is a JSON string, whose quotes are escaped.
  const auto at = frame.find(key) + key.size();
  return frame.substr(at, frame.size() - at - 1);  // up to the notification's closing brace
}

}  // namespace boardroom::protocol
