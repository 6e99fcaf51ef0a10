#include "server/http_session.hpp"

#include <cctype>

#include <boost/beast/websocket.hpp>

#include "engine/core/registry.hpp"
#include "server/records_api.hpp"
#include "server/ws_session.hpp"

namespace boardroom::server {

namespace beast = boost::beast;
namespace http = beast::http;
using nlohmann::json;

namespace {

constexpr std::size_t max_request_body = 8 * 1024;
constexpr auto http_timeout = std::chrono::seconds(30);

// "/api/v1/rooms?game=amazons" -> path and the value of one query parameter.
std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}

// "%20" and "+" -> " ": a player name in a query arrives encoded.
std::string percent_decoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && i + 2 < text.size() &&
               std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
               std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::optional<std::string> query_param(std::string_view target, std::string_view name) {
  auto q = target.find('?');
  if (q == std::string_view::npos) return std::nullopt;
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    auto amp = rest.find('&');
    std::string_view pair = rest.substr(0, amp);
    auto eq = pair.find('=');
    if (pair.substr(0, eq) == name && eq != std::string_view::npos) {
      return percent_decoded(pair.substr(eq + 1));
    }
    rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
  }
  return std::nullopt;
}

}  // namespace

http_session::http_session(boost::asio::ip::tcp::socket&& socket, hub& h)
    : stream_(std::move(socket)), hub_(h) {}

void http_session::run() {
  do_read();
}

void http_session::do_read() {
  parser_.emplace();
  parser_->body_limit(max_request_body);
  stream_.expires_after(http_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  if (ec) return;
  request req = parser_->release();
  if (beast::websocket::is_upgrade(req) && path_of(req.target()) == "/ws") {
    stream_.expires_never();  // the WebSocket session sets its own timeouts
    std::make_shared<ws_session>(stream_.release_socket(), hub_)->run(std::move(req));
    return;
  }
  pending_ = std::make_shared<response>(route(req));
  bool keep_alive = pending_->keep_alive();
  http::async_write(
      stream_, *pending_,
      beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive));
}

http_session::response http_session::route(const request& req) const {
  auto make = [&](http::status status, std::string content_type, std::string body) {
    response res{status, req.version()};
    res.set(http::field::server, "boardroom");
    res.set(http::field::content_type, content_type);
    res.keep_alive(req.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
  };
  auto json_reply = [&](http::status status, const json& body) {
    return make(status, "application/json", body.dump());
  };
  auto error = [&](http::status status, std::string code, std::string message) {
    return json_reply(status, {{"error", {{"code", code}, {"message", message}}}});
  };

  std::string_view path = path_of(req.target());
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    return error(http::status::method_not_allowed, "method_not_allowed", "only GET is served");
  }
  if (path == "/healthz") return make(http::status::ok, "text/plain", "ok\n");
  if (path == "/metrics") {
    return make(http::status::ok, "text/plain; version=0.0.4", hub_.stats().prometheus_text());
  }
  if (path == "/api/v1/games") {
    json games = json::array();
    for (const auto* g : engine::all_games())
      games.push_back(engine::catalogue_json(*g));
    return json_reply(http::status::ok, {{"games", games}});
  }
  if (path == "/api/v1/rooms") {
    return json_reply(http::status::ok,
                      {{"rooms", hub_.public_rooms(query_param(req.target(), "game"))}});
  }
  if (path == records_path || path.starts_with(std::string(records_path) + "/")) {
    auto reply = serve_records(hub_.storage(), path, [&](std::string_view name) {
      return query_param(req.target(), name);
    });
    return make(static_cast<http::status>(reply.status), reply.content_type, reply.body);
  }
  if (path == "/ws") {
    return error(http::status::upgrade_required, "upgrade_required",
                 "/ws speaks WebSocket; send an upgrade request");
  }
  return error(http::status::not_found, "not_found", "no such path: " + std::string(path));
}

void http_session::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  pending_.reset();
  if (ec) return;
  if (!keep_alive) {
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  do_read();
}

}  // namespace boardroom::server
