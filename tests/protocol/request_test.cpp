// A frame read whole (parse_request), and game.move read without a document (read_move): the
// fast way must read exactly what the general way reads, or give up.

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "protocol/request.hpp"

namespace boardroom::protocol {
namespace {

using nlohmann::json;

// The general way: the envelope's document, then the message.
std::expected<request, envelope_error> general(std::string_view frame) {
  auto env = parse_envelope(frame);
  if (!env) return std::unexpected(env.error());
  auto msg = parse_message(*env);
  if (!msg) return std::unexpected(envelope_error{env->id, msg.error()});
  return request{env->id, std::move(*msg)};
}

// Whether `fast` reads `frame` as the general way does, the id's type included (an unsigned
// number and a signed one are written the same but are not the same value to nlohmann::json).
void expect_same_as_general(std::string_view frame, const request& fast) {
  SCOPED_TRACE(std::string(frame));
  auto slow = general(frame);
  ASSERT_TRUE(slow) << slow.error().error.message;
  EXPECT_EQ(fast.id, slow->id);
  EXPECT_EQ(fast.id.type(), slow->id.type());
  const auto* a = std::get_if<game_move>(&fast.msg);
  const auto* b = std::get_if<game_move>(&slow->msg);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->room, b->room);
  EXPECT_EQ(a->move, b->move);
  EXPECT_EQ(a->version, b->version);
}

TEST(ReadMove, ReadsTheUsualShapesAsTheGeneralParserDoes) {
  const std::vector<std::string> frames = {
      R"({"jsonrpc":"2.0","id":5,"method":"game.move","params":{"room":"rmbe2eps8u3","move":"e3-d4","version":3}})",
      R"({"id":"m-17","jsonrpc":"2.0","method":"game.move","params":{"move":"d1-d7/g7","room":"r1"}})",
      R"({"params":{"version":null,"room":"r","move":"b2b3 c2c3"},"method":"game.move","id":0,"jsonrpc":"2.0"})",
      " \t\r\n{ \"jsonrpc\" : \"2.0\" ,\n \"id\" : 123456789012345678 , \"method\":\"game.move\","
      " \"params\" : { \"room\" : \"x\" , \"move\" : \"a1-a2/a3\" , \"version\" : 0 } } \n",
      R"({"jsonrpc":"2.0","id":1,"method":"game.move","params":{"room":"","move":""}})",
      R"({"jsonrpc":"2.0","id":1,"method":"game.move","params":{"room":"r","move":"Ra1n Ra2n Ra3x ~"}})",
  };
  for (const auto& frame : frames) {
    auto fast = read_move(frame);
    ASSERT_TRUE(fast) << frame;
    expect_same_as_general(frame, *fast);
  }
  // The fields themselves, not only their agreement.
  auto first = read_move(frames[0]);
  EXPECT_EQ(first->id, 5);
  EXPECT_EQ(std::get<game_move>(first->msg).room, "rmbe2eps8u3");
  EXPECT_EQ(std::get<game_move>(first->msg).move, "e3-d4");
  EXPECT_EQ(std::get<game_move>(first->msg).version, 3);
  EXPECT_EQ(read_move(frames[1])->id, "m-17");
  EXPECT_FALSE(std::get<game_move>(read_move(frames[2])->msg).version);
}

TEST(ReadMove, LeavesEverythingElseToTheGeneralParser) {
  const std::string head = R"({"jsonrpc":"2.0","id":1,"method":"game.move","params":)";
  const std::vector<std::string> frames = {
      head + R"({"room":"r","move":"e3-d4"})",                  // missing the closing brace
      head + R"({"room":"r","move":"e3\u002dd4"}})",            // an escape
      head + R"({"room":"r","move":"e3-d4\"x"}})",              // an escaped quote
      head + "{\"room\":\"r\xc3\xa9\",\"move\":\"e3-d4\"}}",    // not ASCII
      head + "{\"room\":\"r\x7f\",\"move\":\"e3-d4\"}}",        // not printable
      head + R"({"room":"r","move":"e3-d4","version":-1}})",    // a sign
      head + R"({"room":"r","move":"e3-d4","version":1.0}})",   // a fraction
      head + R"({"room":"r","move":"e3-d4","version":1e3}})",   // an exponent
      head + R"({"room":"r","move":"e3-d4","version":0123}})",  // a leading zero
      head + R"({"room":"r","move":"e3-d4","version":1234567890123456789}})",  // 19 digits
      head + R"({"room":"r","move":"e3-d4","version":"3"}})",  // a string for a number
      head + R"({"room":"r","room":"s","move":"e3-d4"}})",     // a repeated key
      head + R"({"room":"r","move":"e3-d4","extra":1}})",      // an unknown field
      head + R"({"room":"r"}})",                               // a missing field
      head + R"({"room":"r","move":"e3-d4",}})",               // a trailing comma
      head + R"({"room":"r","move":"e3-d4"}} x)",              // text after the object
      head + R"({"room":"r","move":")" + std::string(1025, 'a') + R"("}})",  // too long a move
      R"({"jsonrpc":"2.0","id":null,"method":"game.move","params":{"room":"r","move":"e3-d4"}})",
      R"({"jsonrpc":"2.0","method":"game.move","params":{"room":"r","move":"e3-d4"}})",
      R"({"jsonrpc":"2.0","id":-4,"method":"game.move","params":{"room":"r","move":"e3-d4"}})",
      R"({"jsonrpc":"2.0","id":true,"method":"game.move","params":{"room":"r","move":"e3-d4"}})",
      R"({"jsonrpc":"1.0","id":1,"method":"game.move","params":{"room":"r","move":"e3-d4"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"game.resign","params":{"room":"r"}})",
      R"({"jsonrpc":"2.0","id":1,"method":"game.move"})",
      R"([{"jsonrpc":"2.0","id":1,"method":"game.move","params":{"room":"r","move":"e3-d4"}}])",
      "\xef\xbb\xbf" + head + R"({"room":"r","move":"e3-d4"}})",  // a byte order mark
      "",
  };
  for (const auto& frame : frames)
    EXPECT_FALSE(read_move(frame)) << frame;
}

TEST(ParseRequest, AnswersAsTheEnvelopeAndTheMessageDo) {
  // Refusals keep their codes, fields and recovered ids.
  auto bad_json = parse_request("{");
  ASSERT_FALSE(bad_json);
  EXPECT_EQ(bad_json.error().error.code.name(), "parse_error");
  EXPECT_TRUE(bad_json.error().id.is_null());

  auto notification = parse_request(R"({"jsonrpc":"2.0","method":"lobby.games"})");
  ASSERT_FALSE(notification);
  EXPECT_EQ(notification.error().error.code.name(), "invalid_request");
  EXPECT_EQ(notification.error().error.field, "id");

  auto unknown = parse_request(R"({"jsonrpc":"2.0","id":"u","method":"game.fly"})");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().error.code.name(), "method_not_found");
  EXPECT_EQ(unknown.error().id, "u");

  auto extra = parse_request(
      R"({"jsonrpc":"2.0","id":8,"method":"game.move","params":{"room":"r","move":"e3-d4","x":1}})");
  ASSERT_FALSE(extra);
  EXPECT_EQ(extra.error().error.code.name(), "unknown_field");
  EXPECT_EQ(extra.error().error.field, "x");
  EXPECT_EQ(extra.error().id, 8);

  auto long_move = parse_request(
      R"({"jsonrpc":"2.0","id":8,"method":"game.move","params":{"room":"r","move":")" +
      std::string(1025, 'a') + R"("}})");
  ASSERT_FALSE(long_move);
  EXPECT_EQ(long_move.error().error.code.name(), "out_of_range");
  EXPECT_EQ(long_move.error().error.field, "move");

  // Other requests are read the general way.
  auto sync = parse_request(
      R"({"jsonrpc":"2.0","id":2,"method":"room.sync","params":{"room":"r","since":4}})");
  ASSERT_TRUE(sync);
  EXPECT_EQ(std::get<room_sync>(sync->msg).since, 4);
  EXPECT_EQ(sync->id, 2);
}

// Frames made from the usual shape by random changes (the keys' order, spaces, a character put
// in or taken out, a value swapped for another kind): whenever the fast way accepts one, the
// general way reads it the same; and the fast way accepts enough of them to make that count.
TEST(ReadMove, AgreesWithTheGeneralParserOnRandomFrames) {
  std::mt19937 rng(20261128);
  auto pick = [&](const std::vector<std::string>& from) {
    return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
  };
  // Each value from its usual kinds three times in four, else from the odd ones.
  auto value = [&](const std::vector<std::string>& usual, const std::vector<std::string>& odd) {
    return rng() % 4 ? pick(usual) : pick(odd);
  };
  const std::vector<std::string> spaces = {"", "", "", " ", "\n", "\t ", "\r\n"};
  const std::vector<std::string> ids = {"0", "7", "42", "\"a\"", "\"\"", "999999999999999999"};
  const std::vector<std::string> odd_ids = {"-1", "1.5", "null", "true", "\"\\u0041\"", "01"};
  const std::vector<std::string> versions = {"0", "12", "null"};
  const std::vector<std::string> odd_versions = {"-3", "2.0", "\"1\"", "1e2", "[]", "{}"};
  const std::vector<std::string> texts = {"\"e3-d4\"", "\"\"", "\"d1-d7/g7\""};
  const std::vector<std::string> odd_texts = {"7", "null", "\"a\\\"b\"", "\"\xc3\xa9\"",
                                              "\"tab\there\""};
  const std::string junk = "{}[]\",:\\ 0-9aenlu\x01\x7f\xff";
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    auto sp = [&] { return pick(spaces); };
    std::vector<std::string> params = {"\"room\"" + sp() + ":" + sp() + value(texts, odd_texts),
                                       "\"move\"" + sp() + ":" + sp() + value(texts, odd_texts)};
    if (rng() % 2)
      params.push_back("\"version\"" + sp() + ":" + sp() + value(versions, odd_versions));
    std::shuffle(params.begin(), params.end(), rng);
    std::string inner = "{" + sp();
    for (std::size_t i = 0; i < params.size(); ++i)
      inner += (i ? "," + sp() : "") + params[i] + sp();
    inner += "}";
    std::vector<std::string> fields = {
        "\"jsonrpc\":" + sp() + "\"2.0\"", "\"id\":" + value(ids, odd_ids),
        "\"method\":" + sp() + "\"game.move\"", "\"params\":" + sp() + inner};
    std::shuffle(fields.begin(), fields.end(), rng);
    std::string frame = sp() + "{";
    for (std::size_t i = 0; i < fields.size(); ++i)
      frame += (i ? "," : "") + sp() + fields[i] + sp();
    frame += "}" + sp();
    const int changes = static_cast<int>(rng() % 3);
    for (int c = 0; c < changes && !frame.empty(); ++c) {
      const auto at = rng() % frame.size();
      if (rng() % 2) {
        frame.erase(at, 1);
      } else {
        frame.insert(frame.begin() + static_cast<std::ptrdiff_t>(at), junk[rng() % junk.size()]);
      }
    }
    if (auto fast = read_move(frame)) {
      ++accepted;
      expect_same_as_general(frame, *fast);
    }
  }
  // Enough of the frames were taken the fast way for the agreement to mean something.
  EXPECT_GT(accepted, 2000);
}

}  // namespace
}  // namespace boardroom::protocol
