// Any bytes a client can send as a text frame: either a typed message or a clean error whose
// reply is valid JSON-RPC. Never a crash, never an exception.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "protocol/messages.hpp"
#include "protocol/rpc.hpp"

using namespace boardroom::protocol;

namespace {

// A reply the server would send must itself be a JSON-RPC 2.0 object.
void check_reply(const std::string& reply) {
  auto parsed = nlohmann::json::parse(reply, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object() || parsed.value("jsonrpc", "") != "2.0")
    std::abort();
}

void check_error(const nlohmann::json& id, const error& e) {
  if (e.code.name().empty() || e.message.empty()) std::abort();  // every refusal says what and why
  check_reply(write_error(id, e));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view frame(reinterpret_cast<const char*>(data), size);
  auto env = parse_envelope(frame);
  if (!env) {
    check_error(env.error().id, env.error().error);
    return 0;
  }
  if (!env->params.is_object()) std::abort();  // the envelope promises an object
  auto message = parse_message(*env);
  if (!message) {
    check_error(env->id, message.error());
    return 0;
  }
  if (method_name(*message) != env->method) std::abort();  // parsed as what was asked for
  check_reply(write_result(env->id, nlohmann::json::object()));
  return 0;
}
