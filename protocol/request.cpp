#include "protocol/request.hpp"

#include <cstdint>
#include <string>

namespace boardroom::protocol {

using nlohmann::json;

namespace {

// A cursor over a frame for the few shapes read_move() takes. Each reader says nullopt or false
// at anything else, valid JSON or not: the general parser then reads the frame and answers it.
class scanner {
 public:
  explicit scanner(std::string_view text) : text_(text) {}

  bool eat(char c) {
    skip_space();
    if (at_ >= text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }
  bool next_is(char c) {
    skip_space();
    return at_ < text_.size() && text_[at_] == c;
  }
  bool at_end() {
    skip_space();
    return at_ == text_.size();
  }
  // Printable ASCII without escapes: such text reads the same whatever parses it.
  std::optional<std::string_view> string() {
    if (!eat('"')) return std::nullopt;
    for (std::size_t i = at_; i < text_.size(); ++i) {
      const auto c = static_cast<unsigned char>(text_[i]);
      if (c == '"') {
        const auto out = text_.substr(at_, i - at_);
        at_ = i + 1;
        return out;
      }
      if (c == '\\' || c < 0x20 || c >= 0x7f) return std::nullopt;
    }
    return std::nullopt;
  }
  // 0 or up to 18 digits without a leading zero, not followed by a fraction or an exponent: an
  // unsigned integer to nlohmann::json, far from its limits.
  std::optional<std::uint64_t> whole_number() {
    skip_space();
    const std::size_t from = at_;
    std::uint64_t value = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9')
      value = value * 10 + static_cast<std::uint64_t>(text_[at_++] - '0');
    const std::size_t digits = at_ - from;
    if (digits == 0 || digits > 18 || (digits > 1 && text_[from] == '0')) return std::nullopt;
    if (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E'))
      return std::nullopt;
    return value;
  }
  bool null() {
    skip_space();
    if (text_.substr(at_, 4) != "null") return false;
    at_ += 4;
    return true;
  }
  // `{` members `}`, each value read by `member(key)`, which says whether it could.
  template <class Member>
  bool object(Member&& member) {
    if (!eat('{')) return false;
    if (eat('}')) return true;
    do {
      const auto key = string();
      if (!key || !eat(':') || !member(*key)) return false;
    } while (eat(','));
    return eat('}');
  }

 private:
  void skip_space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

// Each field once: a repeated key (which a document keeps the last of) is left to the general
// parser.
bool once(bool& seen) {
  if (seen) return false;
  seen = true;
  return true;
}

}  // namespace

std::optional<request> read_move(std::string_view frame) {
  scanner in(frame);
  json id;
  game_move move;
  bool has_id = false, has_rpc = false, has_method = false, has_params = false;
  bool has_room = false, has_move = false, has_version = false;
  auto param = [&](std::string_view key) {
    if (key == "room" && once(has_room)) {
      const auto room = in.string();
      if (room) move.room = *room;
      return room.has_value();
    }
    if (key == "move" && once(has_move)) {
      const auto text = in.string();
      if (text) move.move = *text;
      return text.has_value();
    }
    if (key == "version" && once(has_version)) {
      if (in.null()) return true;  // the same as absent
      const auto version = in.whole_number();
      if (version) move.version = static_cast<std::int64_t>(*version);
      return version.has_value();
    }
    return false;
  };
  auto field = [&](std::string_view key) {
    if (key == "jsonrpc" && once(has_rpc)) return in.string() == "2.0";
    if (key == "method" && once(has_method)) return in.string() == "game.move";
    if (key == "params" && once(has_params)) return in.object(param);
    if (key == "id" && once(has_id)) {
      if (in.next_is('"')) {
        const auto text = in.string();
        if (text) id = std::string(*text);
        return text.has_value();
      }
      const auto number = in.whole_number();
      if (number) id = *number;  // unsigned, as nlohmann::json reads a number without a sign
      return number.has_value();
    }
    return false;
  };
  if (!in.object(field) || !in.at_end()) return std::nullopt;
  if (!has_id || !has_rpc || !has_method || !has_room || !has_move) return std::nullopt;
  message msg{std::move(move)};
  if (check_message(msg)) return std::nullopt;  // refused: the general way says why
  return request{std::move(id), std::move(msg)};
}

std::expected<request, envelope_error> parse_request(std::string_view frame) {
  if (auto move = read_move(frame)) return std::move(*move);
  auto env = parse_envelope(frame);
  if (!env) return std::unexpected(std::move(env.error()));
  if (env->id.is_null()) {
    return std::unexpected(
        envelope_error{nullptr,
                       {rpc_code::invalid_request, "invalid_request",
                        "every request needs an id (this server accepts no notifications)", "id"}});
  }
  auto msg = parse_message(*env);
  if (!msg) return std::unexpected(envelope_error{std::move(env->id), std::move(msg.error())});
  return request{std::move(env->id), std::move(*msg)};
}

}  // namespace boardroom::protocol
