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

  for (const char* method :
       {"room.leave", "room.start", "game.resign", "game.legal_moves", "game.view"}) {
    auto m = parse(std::string(R"({"jsonrpc":"2.0","id":1,"method":")") + method +
                   R"(","params":{"room":"r"}})");
    ASSERT_TRUE(m) << method;
    EXPECT_EQ(method_name(*m), method);
  }
}

TEST(Messages, LegalMovesTakePagesStepsAndSamples) {
  auto page = parse(
      R"({"jsonrpc":"2.0","id":1,"method":"game.legal_moves","params":{"room":"r","offset":40,"limit":20}})");
  ASSERT_TRUE(page);
  EXPECT_EQ(std::get<game_legal_moves>(*page).offset, 40);
  EXPECT_EQ(std::get<game_legal_moves>(*page).limit, 20);
  auto steps = parse(
      R"({"jsonrpc":"2.0","id":1,"method":"game.legal_moves","params":{"room":"r","after":"Ed2n"}})");
  ASSERT_TRUE(steps);
  EXPECT_EQ(std::get<game_legal_moves>(*steps).after, "Ed2n");
  auto sample = parse(
      R"({"jsonrpc":"2.0","id":1,"method":"game.legal_moves","params":{"room":"r","sample":100}})");
  ASSERT_TRUE(sample);
  EXPECT_EQ(std::get<game_legal_moves>(*sample).sample, 100);
  auto too_many = parse(
      R"({"jsonrpc":"2.0","id":1,"method":"game.legal_moves","params":{"room":"r","sample":101}})");
  ASSERT_FALSE(too_many);
  EXPECT_EQ(too_many.error().field, "sample");
}

TEST(Messages, FieldErrorsAreTypedAndNamed) {
  auto missing = parse(R"({"jsonrpc":"2.0","id":1,"method":"game.move","params":{"room":"r"}})");
  EXPECT_EQ(missing.error().code.name(), "missing_field");
  EXPECT_EQ(missing.error().field, "move");
  EXPECT_EQ(missing.error().rpc, rpc_code::invalid_params);

  auto typed =
      parse(R"({"jsonrpc":"2.0","id":1,"method":"room.join","params":{"room":"r","seat":"1"}})");
  EXPECT_EQ(typed.error().code.name(), "wrong_type");
  EXPECT_EQ(typed.error().field, "seat");

  auto range =
      parse(R"({"jsonrpc":"2.0","id":1,"method":"room.join","params":{"room":"r","seat":99}})");
  EXPECT_EQ(range.error().code.name(), "out_of_range");

  auto unknown = parse(R"({"jsonrpc":"2.0","id":1,"method":"lobby.games","params":{"x":1}})");
  EXPECT_EQ(unknown.error().code.name(), "unknown_field");
  EXPECT_EQ(unknown.error().field, "x");

  auto long_move =
      parse(R"({"jsonrpc":"2.0","id":1,"method":"game.move","params":{"room":"r","move":")" +
            std::string(2000, 'a') + "\"}}");
  EXPECT_EQ(long_move.error().code.name(), "out_of_range");

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

std::expected<message, error> hello_named(const std::string& name) {
  json frame{{"jsonrpc", "2.0"},
             {"id", 1},
             {"method", "hello"},
             {"params", {{"protocol", 1}, {"name", name}}}};
  return parse(frame.dump());
}

// A name is shown to other players and written into records: nothing that breaks a line,
// reorders the text around it or cannot be seen.
TEST(Messages, NamesRefuseControlBidiAndInvisibleCharacters) {
  const std::vector<std::pair<std::string, std::string>> refused{
      {std::string("a\0b", 3), "U+0000"},
      {"al\nice", "U+000A"},
      {"al\tice", "U+0009"},
      {"al\rice", "U+000D"},
      {"\x1b[31mred", "U+001B"},
      {"del\x7f", "U+007F"},
      {"c1\u0085", "U+0085"},     // next line
      {"c1\u009b31m", "U+009B"},  // control sequence introducer
      {"evil\u202egnp.exe", "U+202E"},
      {"\u202aembedded", "U+202A"},
      {"\u2066isolate\u2069", "U+2066"},
      {"x\u2069", "U+2069"},
      {"mark\u200e", "U+200E"},
      {"mark\u200f", "U+200F"},
      {"al\u200bice", "U+200B"},  // zero-width space
      {"\ufeffalice", "U+FEFF"},
      {"al\u00adice", "U+00AD"},  // soft hyphen
      {"line\u2028break", "U+2028"},
      {"ali\u200dce", "U+200D"},  // a joiner between Latin letters
      {"\u200calice", "U+200C"},
      {"\u0645\u200c", "U+200C"},  // ... or at the end
  };
  for (const auto& [name, code_point] : refused) {
    auto parsed = hello_named(name);
    ASSERT_FALSE(parsed) << json(name).dump();
    EXPECT_EQ(parsed.error().code.name(), "bad_name") << json(name).dump();
    EXPECT_EQ(parsed.error().field, "name");
    EXPECT_EQ(parsed.error().rpc, rpc_code::invalid_params);
    EXPECT_NE(parsed.error().message.find(code_point), std::string::npos) << parsed.error().message;
  }
  const std::vector<std::string> accepted{
      "alice",
      "Jürgen Müller",
      "王小明",
      "Ελένη",
      "سارا",
      "שרה",
      "a b",
      "O'Brien \\o/",
      "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  // Persian needs the non-joiner
      "\U0001F468\u200d\U0001F469\u200d\U0001F467",        // an emoji family needs the joiner
  };
  for (const auto& name : accepted) {
    auto parsed = hello_named(name);
    ASSERT_TRUE(parsed) << json(name).dump() << ": " << parsed.error().message;
    EXPECT_EQ(std::get<hello>(*parsed).name, name);
  }
}

TEST(Messages, AdminNotesRefuseWhatNamesRefuse) {
  for (const char* method : {"admin.abort", "admin.adjudicate"}) {
    json params{{"room", "r"}, {"token", "t"}, {"note", "fine\n# result: forged"}};
    if (std::string(method) == "admin.adjudicate") params["ranks"] = {1, 2};
    json frame{{"jsonrpc", "2.0"}, {"id", 1}, {"method", method}, {"params", params}};
    auto parsed = parse(frame.dump());
    ASSERT_FALSE(parsed) << method;
    EXPECT_EQ(parsed.error().code.name(), "bad_note") << method;
    EXPECT_EQ(parsed.error().field, "note");
    params["note"] = "server maintenance, sorry";
    frame["params"] = params;
    EXPECT_TRUE(parse(frame.dump())) << method;
  }
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

// A result is written as text around the result's own text; it must read exactly as the whole
// message dumped as one document would (sorted keys, compact, invalid UTF-8 replaced).
TEST(Writer, ResultsReadAsTheWholeMessageDumpedAsOneDocument) {
  const json ids[] = {0, -7, 9007199254740993LL, "a", "quote \" and \\ and \n", "bad \xff id"};
  const json results[] = {json::object(),
                          {{"room", "r1"}, {"move", "d1-d5/f7"}, {"version", 4}},
                          json::array({1, "two", nullptr}),
                          "bad \xfe text",
                          true};
  for (const auto& id : ids) {
    for (const auto& result : results) {
      const auto whole = json{{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}.dump(
          -1, ' ', false, json::error_handler_t::replace);
      EXPECT_EQ(write_result(id, result), whole);
      EXPECT_EQ(write_result_text(id, to_json_text(result)), whole);
    }
  }
}

// So is a notification, whatever its method's name holds.
TEST(Writer, NotificationsReadAsTheWholeMessageDumpedAsOneDocument) {
  const json params{{"room", "r1"}, {"version", 3}};
  for (std::string method : {"room.event", "", "a \"quoted\" name", "back\\slash", "tab\there",
                             "caf\xc3\xa9", "bad \xff byte", "del\x7f"}) {
    const auto whole = json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump(
        -1, ' ', false, json::error_handler_t::replace);
    EXPECT_EQ(write_notification_text(method, to_json_text(params)), whole) << method;
  }
}

// notification_params() gives back the params a notification was written with, whatever the
// method's name or the params hold (a move's answer embeds its event this way).
TEST(Writer, NotificationParamsAreReadBackFromTheFrame) {
  const json params{{"text", R"(a ,"params": inside)"}, {"n", 1}};
  for (std::string method : {"room.event", R"(m ,"params":)", ""}) {
    const std::string frame = write_notification_text(method, to_json_text(params));
    EXPECT_EQ(notification_params(frame), to_json_text(params)) << method;
  }
}

}  // namespace
}  // namespace boardroom::protocol
