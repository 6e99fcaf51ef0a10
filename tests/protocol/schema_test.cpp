// The protocol's JSON Schema files (protocol/schema/) against the examples in docs/protocol.md,
// against the request parser, and against documents that must fail.
//
// docs/protocol.md marks each ```json block with what it is (see the comment at its top):
// "request", "invalid-request", "response [METHOD]", "notification" or "definition NAME".

#include <algorithm>
#include <atomic>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/error_code.hpp"
#include "protocol/events.hpp"
#include "protocol/messages.hpp"
#include "protocol/rpc.hpp"
#include "tests/support/schema.hpp"

namespace boardroom::test {
namespace {

using nlohmann::json;

constexpr const char* request_schema = "request.schema.json";
constexpr const char* server_schema = "server_message.schema.json";

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string& protocol_md() {
  static const std::string text = read_file(BOARDROOM_SOURCE_DIR "/docs/protocol.md");
  return text;
}

// A fenced code block of the markdown: its info string split into words, and its text.
struct block {
  int line = 0;  // of the opening fence
  std::vector<std::string> info;
  std::string text;

  std::string kind() const { return info.size() > 1 ? info[1] : ""; }
  std::string arg() const { return info.size() > 2 ? info[2] : ""; }
  std::string where() const { return "docs/protocol.md:" + std::to_string(line); }
};

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;)
    out.push_back(w);
  return out;
}

// Every fenced block outside HTML comments (the conventions comment shows fences as examples).
std::vector<block> fenced_blocks(const std::string& markdown) {
  std::vector<block> out;
  std::istringstream in(markdown);
  std::string line;
  int number = 0;
  bool in_comment = false;
  std::optional<block> open;
  while (std::getline(in, line)) {
    ++number;
    auto first = line.find_first_not_of(' ');
    std::string trimmed = first == std::string::npos ? "" : line.substr(first);
    if (open) {
      std::string fence = trimmed.substr(0, trimmed.find_last_not_of(' ') + 1);
      if (fence.size() >= 3 && fence.find_first_not_of('`') == std::string::npos) {
        out.push_back(std::move(*open));
        open.reset();
      } else {
        open->text += line + "\n";
      }
      continue;
    }
    if (in_comment) {
      if (line.find("-->") != std::string::npos) in_comment = false;
      continue;
    }
    if (line.find("<!--") != std::string::npos && line.find("-->") == std::string::npos) {
      in_comment = true;
      continue;
    }
    if (trimmed.starts_with("```")) {
      open = block{number, words(trimmed.substr(3)), ""};
    }
  }
  EXPECT_FALSE(open.has_value()) << "unclosed code block at docs/protocol.md:" << open->line;
  return out;
}

std::vector<block> json_blocks() {
  std::vector<block> out;
  for (auto& b : fenced_blocks(protocol_md())) {
    if (!b.info.empty() && b.info[0] == "json") out.push_back(std::move(b));
  }
  return out;
}

std::vector<block> blocks_of_kind(const std::string& kind) {
  std::vector<block> out;
  for (auto& b : json_blocks()) {
    if (b.kind() == kind) out.push_back(std::move(b));
  }
  return out;
}

json parse_block(const block& b) {
  json doc = json::parse(b.text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(doc.is_discarded()) << b.where() << ": not valid JSON:\n" << b.text;
  return doc;
}

// "room.create" -> "room_create_result".
std::string result_definition(std::string method) {
  std::replace(method.begin(), method.end(), '.', '_');
  return method + "_result";
}

// What the server's own parser says about a frame: "" when it is accepted.
std::string parser_verdict(const json& frame) {
  auto env = protocol::parse_envelope(frame.dump());
  if (!env) return std::string(env.error().error.code.name());
  if (env->id.is_null()) return "invalid_request";  // the session refuses requests without id
  auto msg = protocol::parse_message(*env);
  if (!msg) return std::string(msg.error().code.name());
  return "";
}

std::vector<std::string> methods() {
  std::vector<std::string> out;
  for (const auto& m : schema_document(request_schema)["definitions"]["method"]["enum"]) {
    out.push_back(m);
  }
  return out;
}

std::set<std::string> error_codes() {
  const json& defs = schema_document(server_schema)["definitions"];
  std::set<std::string> out;
  for (const auto& branch : defs["error_code"]["anyOf"]) {
    const json* list = &branch;
    if (branch.contains("$ref")) {
      std::string ref = branch["$ref"];
      list = &defs[ref.substr(std::string("#/definitions/").size())];
    }
    for (const auto& code : (*list)["enum"])
      out.insert(code.get<std::string>());
  }
  return out;
}

// ---- the examples in docs/protocol.md ------------------------------------------------------

TEST(DocExamples, EveryJsonBlockIsClassified) {
  const std::set<std::string> kinds{"request", "invalid-request", "response", "notification",
                                    "definition"};
  auto blocks = json_blocks();
  EXPECT_GE(blocks.size(), 60u);
  for (const auto& b : blocks) {
    EXPECT_TRUE(kinds.contains(b.kind()))
        << b.where() << ": a ```json block needs a kind: request, invalid-request, "
        << "response [METHOD], notification or definition NAME";
    parse_block(b);
  }
}

TEST(DocExamples, RequestsValidateAndTheServerAcceptsThem) {
  auto blocks = blocks_of_kind("request");
  EXPECT_GE(blocks.size(), 14u);
  for (const auto& b : blocks) {
    SCOPED_TRACE(b.where());
    json doc = parse_block(b);
    EXPECT_EQ(validate(doc, request_schema), "") << doc.dump();
    EXPECT_EQ(parser_verdict(doc), "") << doc.dump();
  }
}

TEST(DocExamples, InvalidRequestsFailTheSchema) {
  auto blocks = blocks_of_kind("invalid-request");
  EXPECT_GE(blocks.size(), 3u);
  for (const auto& b : blocks) {
    SCOPED_TRACE(b.where());
    json doc = parse_block(b);
    EXPECT_NE(validate(doc, request_schema), "") << doc.dump();
  }
}

TEST(DocExamples, ResponsesValidateAndResultsMatchTheirMethod) {
  auto blocks = blocks_of_kind("response");
  EXPECT_GE(blocks.size(), 40u);
  const auto known = methods();
  for (const auto& b : blocks) {
    SCOPED_TRACE(b.where());
    json doc = parse_block(b);
    EXPECT_EQ(validate(doc, server_schema), "") << doc.dump();
    EXPECT_TRUE(doc.contains("id")) << "a response has an id";
    if (!b.arg().empty()) {
      EXPECT_NE(std::find(known.begin(), known.end(), b.arg()), known.end())
          << "unknown method " << b.arg();
    }
    if (doc.contains("result")) {
      ASSERT_FALSE(b.arg().empty())
          << "a result example must name its method: ```json response METHOD";
      EXPECT_EQ(validate(doc["result"], server_schema, result_definition(b.arg())), "")
          << doc["result"].dump();
    }
  }
}

TEST(DocExamples, NotificationsValidate) {
  auto blocks = blocks_of_kind("notification");
  EXPECT_GE(blocks.size(), 10u);
  for (const auto& b : blocks) {
    SCOPED_TRACE(b.where());
    json doc = parse_block(b);
    EXPECT_EQ(validate(doc, server_schema), "") << doc.dump();
    EXPECT_FALSE(doc.contains("id")) << "a notification has no id";
  }
}

TEST(DocExamples, DefinitionsValidate) {
  auto blocks = blocks_of_kind("definition");
  EXPECT_GE(blocks.size(), 5u);
  for (const auto& b : blocks) {
    SCOPED_TRACE(b.where());
    ASSERT_FALSE(b.arg().empty()) << "```json definition NAME";
    json doc = parse_block(b);
    EXPECT_EQ(validate(doc, server_schema, b.arg()), "") << doc.dump();
  }
}

TEST(DocExamples, EveryMethodHasARequestAndAResult) {
  std::set<std::string> requested, answered;
  for (const auto& b : blocks_of_kind("request"))
    requested.insert(parse_block(b).value("method", ""));
  for (const auto& b : blocks_of_kind("response")) {
    if (parse_block(b).contains("result")) answered.insert(b.arg());
  }
  for (const auto& m : methods()) {
    EXPECT_TRUE(requested.contains(m)) << "no request example for " << m;
    EXPECT_TRUE(answered.contains(m)) << "no result example for " << m;
  }
}

TEST(DocExamples, EveryNotificationAndEventTypeHasAnExample) {
  std::set<std::string> seen;
  for (const auto& b : blocks_of_kind("notification")) {
    json doc = parse_block(b);
    std::string method = doc.value("method", "");
    seen.insert(method == "room.event" ? doc["params"].value("type", "") : method);
  }
  const json& types =
      schema_document(server_schema)["definitions"]["room_event"]["properties"]["type"]["enum"];
  // The schema names every type of the closed set, and no other.
  EXPECT_EQ(types.size(), std::variant_size_v<protocol::event_body>);
  for (const auto& type : types)
    EXPECT_TRUE(seen.contains(type)) << "no example of " << type;
  EXPECT_TRUE(seen.contains("lobby.update"));
}

// The table of stable codes in section 3.2 and the schema's list are the same set.
TEST(DocExamples, ErrorCodeTableMatchesTheSchema) {
  const std::string& md = protocol_md();
  auto begin = md.find("### 3.2 Stable codes");
  auto end = md.find("\n## ", begin);
  ASSERT_NE(begin, std::string::npos);
  std::istringstream section(md.substr(begin, end - begin));
  std::set<std::string> documented;
  bool in_table = false;  // past the header row
  for (std::string line; std::getline(section, line);) {
    if (line.starts_with("| ---")) in_table = true;
    if (!in_table || !line.starts_with("| `")) continue;
    auto close = line.find('`', 3);
    documented.insert(line.substr(3, close - 3));
  }
  EXPECT_EQ(documented, error_codes());
}

// The one table of codes (engine/core/error_code.hpp) against the schema: what the schema
// enumerates (and, above, the document's table) is exactly the table's codes sent to clients.
TEST(ErrorCodes, TheSchemaEnumeratesExactlyTheTablesCodesSentToClients) {
  std::set<std::string> wire;
  for (const auto& e : engine::error_codes) {
    if (e.scope == engine::error_scope::wire) wire.emplace(e.name);
  }
  EXPECT_EQ(error_codes(), wire);
}

TEST(ErrorCodes, NamesAreUniqueAndReadBack) {
  std::set<std::string_view> names;
  for (const auto& e : engine::error_codes) {
    EXPECT_TRUE(names.insert(e.name).second) << e.name << " twice";
    auto back = engine::error_code::from_name(e.name);
    ASSERT_TRUE(back) << e.name;
    EXPECT_EQ(back->name(), e.name);
  }
  EXPECT_FALSE(engine::error_code::from_name("no_such_code"));
  // A literal is checked when compiling: error_code("no_such_code") does not compile.
  static_assert(engine::error_code("illegal_move").name() == "illegal_move");
  static_assert(engine::error_code("illegal_move") == engine::errc::illegal_move);
}

// ---- requests: the schema and the parser agree -----------------------------------------------

json request(const std::string& method, json params) {
  return {{"jsonrpc", "2.0"}, {"id", 1}, {"method", method}, {"params", std::move(params)}};
}

TEST(RequestSchema, AcceptsWhatTheParserAccepts) {
  const std::vector<json> frames{
      request("hello", {{"protocol", 1}, {"name", "x"}, {"resume_token", "abc"}}),
      request("hello", {{"protocol", 1}, {"name", std::string(40, 'n')}}),
      json{{"jsonrpc", "2.0"}, {"id", "req-1"}, {"method", "lobby.games"}},
      json{{"jsonrpc", "2.0"}, {"id", -5}, {"method", "lobby.list"}},
      request("lobby.games", json::object()),
      request("lobby.list", {{"game", "sisyphos"}}),
      request("lobby.subscribe", json::object()),
      request("lobby.unsubscribe", json::object()),
      request("room.create", {{"game", "sisyphos"},
                              {"params", {{"edition", "perlhuhn2007"}, {"move_limit", 40}}},
                              {"seats", 2},
                              {"public", false},
                              {"seat", -1},
                              {"auto_start", false}}),
      request("room.create", {{"game", "anything"}, {"seats", 64}, {"seat", 63}}),
      request("room.join", {{"room", "r1"}, {"seat", 0}, {"invite_code", "abc"}}),
      request("room.spectate", {{"room", "r1"}, {"invite_code", "abc"}}),
      request("room.leave", {{"room", "r1"}}),
      request("room.start", {{"room", "r1"}}),
      request("room.sync", {{"room", "r1"}, {"since", 0}}),
      request("game.move", {{"room", "r1"}, {"move", std::string(1024, 'm')}, {"version", 0}}),
      request("game.resign", {{"room", "r1"}}),
      request("game.legal_moves", {{"room", "r1"}}),
  };
  for (const auto& f : frames) {
    EXPECT_EQ(validate(f, request_schema), "") << f.dump();
    EXPECT_EQ(parser_verdict(f), "") << f.dump();
  }
}

TEST(RequestSchema, RejectsWhatTheParserRejects) {
  json no_params = request("room.join", nullptr);
  no_params.erase("params");
  json hello_no_params = request("hello", nullptr);
  hello_no_params.erase("params");
  const std::vector<std::pair<json, std::string>> cases{
      // The envelope.
      {json::array({request("lobby.games", json::object())}), "invalid_request"},
      {json("hello"), "invalid_request"},
      {json{{"id", 1}, {"method", "lobby.games"}}, "invalid_request"},
      {json{{"jsonrpc", "1.0"}, {"id", 1}, {"method", "lobby.games"}}, "invalid_request"},
      {json{{"jsonrpc", 2.0}, {"id", 1}, {"method", "lobby.games"}}, "invalid_request"},
      {json{{"jsonrpc", "2.0"}, {"method", "lobby.games"}}, "invalid_request"},
      {json{{"jsonrpc", "2.0"}, {"id", nullptr}, {"method", "lobby.games"}}, "invalid_request"},
      {json{{"jsonrpc", "2.0"}, {"id", 1.5}, {"method", "lobby.games"}}, "invalid_request"},
      {json{{"jsonrpc", "2.0"}, {"id", json::object()}, {"method", "lobby.games"}},
       "invalid_request"},
      {json{{"jsonrpc", "2.0"}, {"id", 1}}, "invalid_request"},
      {json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", 3}}, "invalid_request"},
      {request("lobby.games", json::array({1})), "invalid_request"},
      {request("lobby.chat", json::object()), "method_not_found"},
      // Missing fields.
      {request("hello", {{"protocol", 1}}), "missing_field"},
      {hello_no_params, "missing_field"},
      {request("room.create", json::object()), "missing_field"},
      {no_params, "missing_field"},
      {request("room.sync", {{"room", "r1"}}), "missing_field"},
      {request("game.move", {{"room", "r1"}}), "missing_field"},
      // Wrong types.
      {request("hello", {{"protocol", "1"}, {"name", "x"}}), "wrong_type"},
      {request("hello", {{"protocol", 1.0}, {"name", "x"}}), "wrong_type"},
      {request("hello", {{"protocol", 1}, {"name", 7}}), "wrong_type"},
      {request("lobby.list", {{"game", 5}}), "wrong_type"},
      {request("room.create", {{"game", "sisyphos"}, {"public", "no"}}), "wrong_type"},
      {request("room.create", {{"game", "sisyphos"}, {"params", "edition=x"}}), "wrong_type"},
      {request("room.join", {{"room", 12}}), "wrong_type"},
      {request("room.sync", {{"room", "r1"}, {"since", 1.0}}), "wrong_type"},
      {request("game.move", {{"room", "r1"}, {"move", json::array()}}), "wrong_type"},
      // Out of range.
      {request("hello", {{"protocol", 1}, {"name", ""}}), "out_of_range"},
      {request("hello", {{"protocol", 1}, {"name", std::string(41, 'n')}}), "out_of_range"},
      {request("room.create", {{"game", "sisyphos"}, {"seats", 0}}), "out_of_range"},
      {request("room.create", {{"game", "sisyphos"}, {"seats", 65}}), "out_of_range"},
      {request("room.create", {{"game", "sisyphos"}, {"seat", -2}}), "out_of_range"},
      {request("room.create", {{"game", "sisyphos"}, {"seat", 64}}), "out_of_range"},
      {request("room.join", {{"room", "r1"}, {"seat", -1}}), "out_of_range"},
      {request("room.sync", {{"room", "r1"}, {"since", -1}}), "out_of_range"},
      {request("game.move", {{"room", "r1"}, {"move", std::string(1025, 'm')}}), "out_of_range"},
      {request("game.move", {{"room", "r1"}, {"move", "e3-d4"}, {"version", -1}}), "out_of_range"},
      // Characters a name or note may not hold (the schema's pattern knows the ASCII ones).
      {request("hello", {{"protocol", 1}, {"name", "al\nice"}}), "bad_name"},
      {request("hello", {{"protocol", 1}, {"name", std::string("a\0b", 3)}}), "bad_name"},
      {request("admin.abort", {{"room", "r1"}, {"token", "t"}, {"note", "a\tb"}}), "bad_note"},
      // Unknown fields.
      {request("hello", {{"protocol", 1}, {"name", "x"}, {"colour", "red"}}), "unknown_field"},
      {request("lobby.games", {{"game", "sisyphos"}}), "unknown_field"},
      {request("lobby.unsubscribe", {{"game", "sisyphos"}}), "unknown_field"},
      {request("room.leave", {{"room", "r1"}, {"seat", 0}}), "unknown_field"},
      {request("game.resign", {{"room", "r1"}, {"reason", "tired"}}), "unknown_field"},
  };
  for (const auto& [frame, code] : cases) {
    EXPECT_NE(validate(frame, request_schema), "") << frame.dump();
    EXPECT_EQ(parser_verdict(frame), code) << frame.dump();
  }
}

// Stricter than the parser on purpose: the schema describes what a v1 client should send.
TEST(RequestSchema, IsStricterThanTheParserWhereDocumented) {
  json extra_member = request("lobby.games", json::object());
  extra_member["comment"] = "ignored by the server";
  EXPECT_NE(validate(extra_member, request_schema), "");
  EXPECT_EQ(parser_verdict(extra_member), "");

  json future_client = request("hello", {{"protocol", 2}, {"name", "x"}});  // the hub refuses it
  EXPECT_NE(validate(future_client, request_schema), "");
  EXPECT_EQ(parser_verdict(future_client), "");

  json float_param = request("room.create", {{"game", "sisyphos"}, {"params", {{"x", 1.5}}}});
  EXPECT_NE(validate(float_param, request_schema), "");  // the game refuses it: bad_parameter
  EXPECT_EQ(parser_verdict(float_param), "");
}

// Looser than the parser where a pattern cannot say it: regex dialects read non-ASCII
// differently (code points, UTF-16 units or bytes), so the schema's pattern stops at ASCII.
TEST(RequestSchema, IsLooserThanTheParserWhereDocumented) {
  for (const char* name : {"evil\u202egnp", "al\u200bice", "c1\u0085"}) {
    json frame = request("hello", {{"protocol", 1}, {"name", name}});
    EXPECT_EQ(parser_verdict(frame), "bad_name") << frame.dump();
  }
  const std::string description = schema_document(
      request_schema)["definitions"]["hello_params"]["properties"]["name"]["description"];
  EXPECT_NE(description.find("bidi"), std::string::npos) << description;
}

TEST(RequestSchema, NamesTheFailingField) {
  auto why = validate(request("hello", {{"protocol", 1}, {"name", 7}}), request_schema);
  EXPECT_NE(why.find("/params/name"), std::string::npos) << why;
}

// ---- server messages -------------------------------------------------------------------------

// Every error the real parser produces, written by the real writer, is a valid server message.
TEST(ServerSchema, AcceptsTheErrorsTheServerWrites) {
  const std::vector<std::string> frames{
      "{",
      "[1]",
      "42",
      R"({"id":3,"method":"hello"})",
      R"({"jsonrpc":"2.0","id":{},"method":"x"})",
      R"({"jsonrpc":"2.0","id":"a","method":7})",
      R"({"jsonrpc":"2.0","id":1,"method":"x","params":[1]})",
      R"({"jsonrpc":"2.0","id":1,"method":"lobby.chat"})",
      R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"name":"x"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"name":""}})",
      R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":"1","name":"x"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"name":"x","y":1}})",
      R"({"jsonrpc":"2.0","id":1,"method":"room.sync","params":{"room":"r","since":-4}})",
      R"({"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocol":1,"name":"a\u202eb"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"admin.abort","params":{"room":"r","token":"t","note":"a\nb"}})",
  };
  for (const auto& frame : frames) {
    auto env = protocol::parse_envelope(frame);
    std::string written;
    if (!env) {
      written = protocol::write_error(env.error().id, env.error().error);
    } else {
      auto msg = protocol::parse_message(*env);
      ASSERT_FALSE(msg.has_value()) << frame;
      written = protocol::write_error(env->id, msg.error());
    }
    EXPECT_EQ(validate(json::parse(written), server_schema), "") << frame << " -> " << written;
  }
  for (const auto& e : {protocol::app_error("not_your_turn", "it is bob's turn (seat 1)"),
                        protocol::app_error("unknown_room", "there is no room r1", "room")}) {
    auto written = json::parse(protocol::write_error(7, e));
    EXPECT_EQ(validate(written, server_schema), "") << written.dump();
  }
  auto result = json::parse(protocol::write_result("x", {{"subscribed", false}}));
  EXPECT_EQ(validate(result, server_schema), "") << result.dump();
}

json error_response(int code, json data) {
  return {{"jsonrpc", "2.0"},
          {"id", 1},
          {"error", {{"code", code}, {"message", "m"}, {"data", std::move(data)}}}};
}

json move_event() {
  return {{"type", "move"},      {"room", "r1"}, {"version", 4},
          {"at", 1795305809686}, {"seat", 0},    {"ply", 1},
          {"move", "e3-d4"},     {"to_move", 1}, {"position", "ss3/s2S1/5/4S/2SSS s S0s0 1"}};
}

json notification(json event) {
  return {{"jsonrpc", "2.0"}, {"method", "room.event"}, {"params", std::move(event)}};
}

TEST(ServerSchema, RejectsMalformedResponses) {
  EXPECT_EQ(validate(error_response(-32000, {{"code", "not_your_turn"}}), server_schema), "");
  EXPECT_EQ(
      validate(error_response(-32602, {{"code", "wrong_type"}, {"field", "x"}}), server_schema),
      "");

  std::vector<json> bad{
      error_response(-32000, {{"code", "no_such_code"}}),
      error_response(-32000, {{"code", "missing_field"}, {"field", "x"}}),  // wrong rpc code
      error_response(-32602, {{"code", "missing_field"}}),                  // no field
      error_response(-32602, {{"code", "not_your_turn"}}),
      error_response(-32700, {{"code", "invalid_request"}}),
      error_response(-32000, json::object()),
      error_response(-32000, {{"code", "game_over"}, {"detail", "x"}}),
      json{{"jsonrpc", "2.0"}, {"id", 1}, {"error", {{"code", -32000}, {"message", "m"}}}},
      json{{"jsonrpc", "2.0"},
           {"id", 1},
           {"error", {{"code", "-32000"}, {"message", "m"}, {"data", {{"code", "game_over"}}}}}},
      json{{"jsonrpc", "1.0"}, {"id", 1}, {"result", {{"subscribed", false}}}},
      json{{"jsonrpc", "2.0"}, {"id", nullptr}, {"result", {{"subscribed", false}}}},
      json{{"jsonrpc", "2.0"}, {"result", {{"subscribed", false}}}},
      json{{"jsonrpc", "2.0"}, {"id", 1}, {"result", {{"subscribed", true}}}},
      json{{"jsonrpc", "2.0"}, {"id", 1}, {"result", {{"unheard_of", 1}}}},
      json{{"jsonrpc", "2.0"},
           {"id", 1},
           {"result", {{"subscribed", false}}},
           {"error", {{"code", -32000}, {"message", "m"}, {"data", {{"code", "game_over"}}}}}},
  };
  for (const auto& doc : bad)
    EXPECT_NE(validate(doc, server_schema), "") << doc.dump();
}

TEST(ServerSchema, RejectsMalformedNotifications) {
  EXPECT_EQ(validate(notification(move_event()), server_schema), "");

  auto with = [](auto change) {
    json e = move_event();
    change(e);
    return notification(e);
  };
  std::vector<json> bad{
      with([](json& e) { e.erase("position"); }),
      with([](json& e) { e["colour"] = "red"; }),
      with([](json& e) { e["type"] = "chat"; }),
      with([](json& e) { e["version"] = "4"; }),
      with([](json& e) { e["ply"] = 0; }),
      with([](json& e) { e["to_move"] = "bob"; }),
      with([](json& e) { e.erase("at"); }),
      notification({{"type", "player_left"},
                    {"room", "r1"},
                    {"version", 3},
                    {"at", 1},
                    {"seat", 0},
                    {"player", "p1"},
                    {"name", "erin"},
                    {"reason", "bored"}}),
      notification(
          {{"type", "room_closed"}, {"room", "r1"}, {"version", 3}, {"at", 1}, {"seat", 0}}),
      json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "room.event"}, {"params", move_event()}},
      json{{"jsonrpc", "2.0"}, {"method", "room.chat"}, {"params", move_event()}},
      json{{"jsonrpc", "2.0"},
           {"method", "lobby.update"},
           {"params", {{"change", "renamed"}, {"room", json::object()}}}},
  };
  for (const auto& doc : bad)
    EXPECT_NE(validate(doc, server_schema), "") << doc.dump();
}

json waiting_snapshot() {
  return {{"room", "r1"},
          {"version", 1},
          {"game", "sisyphos"},
          {"spec", "sisyphos(edition=forum2007,move_limit=0)"},
          {"params", {{"edition", "forum2007"}, {"move_limit", 0}}},
          {"status", "waiting"},
          {"public", true},
          {"creator", "p1"},
          {"seats",
           {{{"seat", 0},
             {"role", "Sisyphos"},
             {"player", "p1"},
             {"name", "a"},
             {"connected", true},
             {"bot", nullptr},
             {"retired", false}},
            {{"seat", 1},
             {"role", "Spirits"},
             {"player", nullptr},
             {"name", ""},
             {"connected", false},
             {"bot", "random"},
             {"retired", false}}}},
          {"spectators", 0},
          {"your_seat", 0},
          {"moves", json::array()},
          {"outcome", nullptr},
          {"practice", false}};
}

TEST(ServerSchema, ChecksSnapshots) {
  EXPECT_EQ(validate(waiting_snapshot(), server_schema, "snapshot"), "");

  auto with = [](auto change) {
    json s = waiting_snapshot();
    change(s);
    return s;
  };
  std::vector<json> bad{
      with([](json& s) { s.erase("your_seat"); }),
      with([](json& s) { s["status"] = "paused"; }),
      with([](json& s) { s["public"] = false; }),            // a private room shows its code
      with([](json& s) { s["invite_code"] = "abcdefgh"; }),  // a public one has none
      with([](json& s) { s["status"] = "playing"; }),        // playing: position and view
      with([](json& s) { s["seats"][1]["player"] = 5; }),
      with([](json& s) { s["params"]["edition"] = 1.5; }),
      with([](json& s) {
        s["status"] = "playing";
        s["to_move"] = 0;
        s["position"] = "ss3/s4/4S/4S/2SSS S S0s0 0";
        s["view"] = {{"files", "abcdef"}};  // a Sisyphos view must be one
      }),
  };
  for (const auto& doc : bad)
    EXPECT_NE(validate(doc, server_schema, "snapshot"), "") << doc.dump();
}

TEST(ServerSchema, ChecksResultsByMethod) {
  json sync_events{{"room", "r1"}, {"version", 3}, {"events", json::array()}};
  EXPECT_EQ(validate(sync_events, server_schema, "room_sync_result"), "");
  json both = sync_events;
  both["snapshot"] = waiting_snapshot();
  EXPECT_NE(validate(both, server_schema, "room_sync_result"), "");

  json moved{{"room", "r1"}, {"move", "e3-d4"}, {"version", 4}};
  EXPECT_EQ(validate(moved, server_schema, "game_move_result"), "");
  EXPECT_NE(validate(moved, server_schema, "room_start_result"), "");
  moved.erase("move");
  EXPECT_NE(validate(moved, server_schema, "game_move_result"), "");

  json limits{{"max_frame_bytes", 65536},    {"requests_per_second", 50.0},
              {"request_burst", 200.0},      {"idle_timeout_ms", 60000},
              {"reconnect_grace_ms", 60000}, {"rooms_per_identity", 10}};
  json hello{{"protocol", 1},          {"server", "boardroom"}, {"player", "p1"},
             {"name", "alice"},        {"resume_token", "t"},   {"resumed", false},
             {"rooms", json::array()}, {"limits", limits}};
  EXPECT_EQ(validate(hello, server_schema, "hello_result"), "");
  hello["protocol"] = 2;
  EXPECT_NE(validate(hello, server_schema, "hello_result"), "");
  hello["protocol"] = 1;
  hello["limits"].erase("request_burst");
  EXPECT_NE(validate(hello, server_schema, "hello_result"), "");
}

// ---- the validator itself --------------------------------------------------------------------

TEST(Validator, NamesDefinitionsThreeWays) {
  json outcome{{"ranks", {1, 2}},
               {"scores", {1.0, 0.0}},
               {"winners", {0}},
               {"reason", "goal"},
               {"description", "Sisyphos reached a5"}};
  EXPECT_EQ(validate(outcome, server_schema, "outcome"), "");
  EXPECT_EQ(validate(outcome, server_schema, "#/definitions/outcome"), "");
  EXPECT_EQ(validate(outcome, server_schema, "/definitions/outcome"), "");
  EXPECT_NE(validate(json::object(), server_schema, "#/definitions/outcome"), "");
}

TEST(Validator, ReportsMissingSchemasAndDefinitions) {
  EXPECT_NE(validate(json::object(), "no_such.schema.json").find("schema error"),
            std::string::npos);
  EXPECT_NE(validate(json::object(), server_schema, "no_such_definition").find("schema error"),
            std::string::npos);
}

TEST(Validator, IsSafeToUseFromManyThreads) {
  json frame = request("room.sync", {{"room", "r1"}, {"since", 3}});
  json bad = request("room.sync", {{"room", "r1"}});
  std::vector<std::thread> threads;
  std::atomic<int> failures = 0;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 25; ++i) {
        // Different definitions per thread, so the cache is filled concurrently as well.
        std::string def = i % 2 ? "" : (t % 2 ? "room_sync_params" : "room_leave_params");
        if (validate(frame, request_schema) != "") ++failures;
        if (validate(bad, request_schema) == "") ++failures;
        if (!def.empty() &&
            validate(frame["params"], request_schema, def).empty() != (t % 2 == 1)) {
          ++failures;
        }
      }
    });
  }
  for (auto& th : threads)
    th.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace boardroom::test
