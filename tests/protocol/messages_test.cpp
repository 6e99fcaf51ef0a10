// The envelope parser and the typed request parser, without any server.

#include <gtest/gtest.h>

#include "protocol/messages.hpp"
#include "protocol/rpc.hpp"

namespace boardroom::protocol {
namespace {

using nlohmann::json;

std::expected<message, error> parse(const std::string& text) {
  auto env = parse_envelope(text);
  if (!env) return std::unexpected(env.error().error);
  return parse_message(*env);
}

TEST(Envelope, RejectsWhatIsNotAJsonRpcRequest) {
  EXPECT_EQ(parse_envelope("{").error().error.rpc, rpc_code::parse_error);
  EXPECT_EQ(parse_envelope("42").error().error.rpc, rpc_code::invalid_request);
  EXPECT_EQ(parse_envelope("[]").error().error.message, "batch requests are not supported");
  auto no_version = parse_envelope(R"({"id":3,"method":"hello"})");
  EXPECT_EQ(no_version.error().error.field, "jsonrpc");
  EXPECT_EQ(no_version.error().id, 3);  // recovered, so the client can match the error
  EXPECT_EQ(parse_envelope(R"({"jsonrpc":"2.0","id":{},"method":"x"})").error().error.field, "id");
  EXPECT_EQ(parse_envelope(R"({"jsonrpc":"2.0","id":1,"method":7})").error().error.field, "method");
  EXPECT_EQ(
      parse_envelope(R"({"jsonrpc":"2.0","id":1,"method":"x","params":[1]})").error().error.field,
      "params");
}

TEST(Envelope, AcceptsStringAndIntegerIdsAndMissingParams) {
  auto a = parse_envelope(R"({"jsonrpc":"2.0","id":"abc","method":"lobby.games"})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->id, "abc");
  EXPECT_TRUE(a->params.is_object());
  EXPECT_TRUE(parse_envelope(R"({"jsonrpc":"2.0","id":9,"method":"m","params":{}})"));
}

TEST(Messages, ParsesEveryMethodIntoItsType) {
  auto hello_msg = parse(
      R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"name":"ann","resume_token":"t"}})");
  ASSERT_TRUE(hello_msg);
  auto& h = std::get<hello>(*hello_msg);
  EXPECT_EQ(h.name, "ann");
  EXPECT_EQ(h.resume_token, "t");

  auto create = parse(
      R"({"jsonrpc":"2.0","id":1,"method":"room.create","params":{"game":"sisyphos","seats":2,"public":false,"seat":-1}})");
  ASSERT_TRUE(create);
  auto& c = std::get<room_create>(*create);
  EXPECT_FALSE(c.is_public);
  EXPECT_EQ(c.seat, -1);
  EXPECT_TRUE(c.auto_start);

  auto mv = parse(
      R"({"jsonrpc":"2.0","id":1,"method":"game.move","params":{"room":"r1","move":"e3-d4","version":7}})");
  ASSERT_TRUE(mv);
  EXPECT_EQ(std::get<game_move>(*mv).version, 7);
  EXPECT_EQ(method_name(*mv), "game.move");

  for (const char* method : {"room.leave", "room.start", "game.resign", "game.legal_moves"}) {
    auto m = parse(std::string(R"({"jsonrpc":"2.0","id":1,"method":")") + method +
                   R"(","params":{"room":"r"}})");
    ASSERT_TRUE(m) << method;
    EXPECT_EQ(method_name(*m), method);
  }
}

TEST(Messages, FieldErrorsAreTypedAndNamed) {
  auto missing = parse(R"({"jsonrpc":"2.0","id":1,"method":"game.move","params":{"room":"r"}})");
  EXPECT_EQ(missing.error().code, "missing_field");
  EXPECT_EQ(missing.error().field, "move");
  EXPECT_EQ(missing.error().rpc, rpc_code::invalid_params);

  auto typed =
      parse(R"({"jsonrpc":"2.0","id":1,"method":"room.join","params":{"room":"r","seat":"1"}})");
  EXPECT_EQ(typed.error().code, "wrong_type");
  EXPECT_EQ(typed.error().field, "seat");

  auto range =
      parse(R"({"jsonrpc":"2.0","id":1,"method":"room.join","params":{"room":"r","seat":99}})");
  EXPECT_EQ(range.error().code, "out_of_range");

  auto unknown = parse(R"({"jsonrpc":"2.0","id":1,"method":"lobby.games","params":{"x":1}})");
  EXPECT_EQ(unknown.error().code, "unknown_field");
  EXPECT_EQ(unknown.error().field, "x");

  auto long_move =
      parse(R"({"jsonrpc":"2.0","id":1,"method":"game.move","params":{"room":"r","move":")" +
            std::string(2000, 'a') + "\"}}");
  EXPECT_EQ(long_move.error().code, "out_of_range");

  auto empty_name =
      parse(R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"name":""}})");
  EXPECT_EQ(empty_name.error().field, "name");

  auto null_optional = parse(
      R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"name":"x","resume_token":null}})");
  ASSERT_TRUE(null_optional);  // null is the same as absent
  EXPECT_FALSE(std::get<hello>(*null_optional).resume_token.has_value());

  auto method = parse(R"({"jsonrpc":"2.0","id":1,"method":"room.fly"})");
  EXPECT_EQ(method.error().rpc, rpc_code::method_not_found);
}

TEST(Writer, ProducesJsonRpcFramesAndSurvivesInvalidUtf8) {
  auto ok = json::parse(write_result(5, {{"a", 1}}));
  EXPECT_EQ(ok["jsonrpc"], "2.0");
  EXPECT_EQ(ok["id"], 5);
  auto err = json::parse(write_error("x", app_error("not_your_turn", "wait", "")));
  EXPECT_EQ(err["error"]["data"]["code"], "not_your_turn");
  EXPECT_FALSE(err["error"]["data"].contains("field"));
  auto note = json::parse(write_notification("room.event", {{"k", "v"}}));
  EXPECT_FALSE(note.contains("id"));
  // A client's invalid UTF-8 echoed into a message must not throw.
  auto bad = write_error(1, app_error("bad_notation", std::string("bad \xff move")));
  EXPECT_FALSE(bad.empty());
}

}  // namespace
}  // namespace boardroom::protocol
