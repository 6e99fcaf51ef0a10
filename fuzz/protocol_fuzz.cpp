// Any bytes a client can send as a text frame: either a typed message or a clean error whose
// reply is valid JSON-RPC. Never a crash, never an exception. And a move read the fast way
// (read_move) is read exactly as the general way reads it.

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "protocol/messages.hpp"
#include "protocol/request.hpp"
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

// The fast way took `frame`: the general way must give the same id (and kind of id) and move.
void check_fast(const request& fast, const envelope* env, const message* general) {
  if (!env || !general || fast.id != env->id || fast.id.type() != env->id.type()) std::abort();
  const auto* a = std::get_if<game_move>(&fast.msg);
  const auto* b = std::get_if<game_move>(general);
  if (!a || !b || a->room != b->room || a->move != b->move || a->version != b->version)
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view frame(reinterpret_cast<const char*>(data), size);
  const auto fast = read_move(frame);
  auto env = parse_envelope(frame);
  if (!env) {
    if (fast) std::abort();
    check_error(env.error().id, env.error().error);
    return 0;
  }
  if (!env->params.is_object()) std::abort();  // the envelope promises an object
  auto message = parse_message(*env);
  if (fast) check_fast(*fast, &*env, message ? &*message : nullptr);
  if (!message) {
    check_error(env->id, message.error());
    return 0;
  }
  if (method_name(*message) != env->method) std::abort();  // parsed as what was asked for
  check_reply(write_result(env->id, nlohmann::json::object()));
  return 0;
}
