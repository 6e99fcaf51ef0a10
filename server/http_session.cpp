#include "server/http_session.hpp"

#include <algorithm>
#include <cctype>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "engine/core/registry.hpp"
#include "protocol/rpc.hpp"
#include "server/records_api.hpp"
#include "server/ws_session.hpp"

namespace boardroom::server {

namespace beast = boost::beast;
namespace http = beast::http;
using nlohmann::json;

namespace {

constexpr std::size_t max_request_body = 8 * 1024;

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

std::string lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Every answer has the same headers; the body is JSON unless said otherwise. Read-only routes
// may be read by any web page (CORS): nothing they serve depends on who asks.
http_session::response make_response(const http_session::request& req, http::status status,
                                     std::string_view content_type, std::string body) {
  http_session::response res{status, req.version()};
  res.set(http::field::server, "boardroom");
  res.set(http::field::content_type, content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.set(http::field::access_control_allow_origin, "*");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

http_session::response error_response(const http_session::request& req, http::status status,
                                      std::string code, std::string message) {
  return make_response(
      req, status, "application/json",
      protocol::to_json_text({{"error", {{"code", std::move(code)}, {"message", message}}}}));
}

}  // namespace

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  std::string o = lowercase(origin);
  if (allowed.empty()) {
    // "https://example.org:8443" -> "example.org:8443", compared with the Host header.
    auto scheme = o.find("://");
    if (scheme == std::string::npos) return false;
    std::string origin_host = o.substr(scheme + 3);
    std::string h = lowercase(host);
    if (origin_host == h) return true;
    // The default ports may be written on one side and left out on the other.
    for (auto [prefix, port] : {std::pair{"http://", ":80"}, std::pair{"https://", ":443"}}) {
      if (o.starts_with(prefix) && (origin_host + port == h || origin_host == h + port))
        return true;
    }
    return false;
  }
  return std::any_of(allowed.begin(), allowed.end(),
                     [&](const std::string& each) { return each == "*" || lowercase(each) == o; });
}

http_session::http_session(boost::asio::ip::tcp::socket&& socket, hub& h, admission::ticket place)
    : stream_(std::move(socket)), hub_(h), place_(std::move(place)) {}

void http_session::run() {
  place_.watch(weak_from_this());
  do_read();
}

void http_session::abort() {
  boost::asio::post(stream_.get_executor(), [self = shared_from_this()] {
    beast::error_code ignored;
    self->stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    self->stream_.socket().close(ignored);
  });
}

void http_session::do_read() {
  parser_.emplace();
  parser_->body_limit(max_request_body);
  // A refused client has a moment to send its request and read why, no more.
  stream_.expires_after(place_.refused()
                            ? std::min<std::chrono::milliseconds>(
                                  std::chrono::seconds(2), hub_.settings().limit.http_timeout)
                            : hub_.settings().limit.http_timeout);
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
  auto refuse = [&](const refusal& why, std::string_view client) {
    spdlog::info("{}: refused: {}", client, why.message);
    auto res = error_response(req, http::status::too_many_requests, why.code, why.message);
    res.keep_alive(false);
    reply(std::move(res));
  };
  if (place_.refused()) return refuse(*place_.refused(), place_.address());
  if (place_.awaits_client()) {
    boost::system::error_code ignored;
    auto peer = stream_.socket().remote_endpoint(ignored).address();
    if (auto charged =
            hub_.gate().charge(place_, peer, req["X-Forwarded-For"], req[http::field::forwarded]);
        !charged) {
      return refuse(charged.error(), place_.address());
    }
  }
  if (beast::websocket::is_upgrade(req) && path_of(req.target()) == "/ws") {
    if (!origin_allowed(req[http::field::origin], req[http::field::host],
                        hub_.settings().allowed_origins)) {
      hub_.stats().count_refusal("origin");
      spdlog::info("{}: refused: WebSocket from the page at {}", place_.address(),
                   std::string(req[http::field::origin]));
      auto res = error_response(req, http::status::forbidden, "origin_not_allowed",
                                "WebSocket connections from this web page are not allowed");
      res.keep_alive(false);
      return reply(std::move(res));
    }
    stream_.expires_never();  // the WebSocket session sets its own timeouts
    std::make_shared<ws_session>(stream_.release_socket(), hub_, std::move(place_))
        ->run(std::move(req));
    return;
  }
  response res;
  try {
    res = route(req);
  } catch (const std::exception& e) {
    // No request may end a session with an exception; an answer it cannot get is a 500.
    spdlog::error("{} {}: {}", std::string(req.method_string()),
                  protocol::to_json_text(std::string(req.target())), e.what());
    res = error_response(req, http::status::internal_server_error, "internal_error",
                         "the request could not be answered");
  }
  if (place_.over_capacity()) res.keep_alive(false);  // a spare place: one answer, then free it
  if (req.method() == http::verb::head) {
    // The headers of the GET, no body: a body here would be read as the next response.
    auto length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  reply(std::move(res));
}

void http_session::reply(response res) {
  pending_ = std::make_shared<response>(std::move(res));
  bool keep_alive = pending_->keep_alive();
  http::async_write(
      stream_, *pending_,
      beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive));
}

http_session::response http_session::route(const request& req) const {
  auto json_reply = [&](const json& body) {
    return make_response(req, http::status::ok, "application/json", protocol::to_json_text(body));
  };
  std::string_view path = path_of(req.target());
  if (req.method() == http::verb::options) {
    // A CORS preflight: every route is read-only.
    auto res = make_response(req, http::status::no_content, "text/plain; charset=utf-8", "");
    res.set(http::field::access_control_allow_methods, "GET, HEAD, OPTIONS");
    res.set(http::field::access_control_max_age, "86400");
    return res;
  }
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    auto res = error_response(req, http::status::method_not_allowed, "method_not_allowed",
                              "only GET and HEAD are served");
    res.set(http::field::allow, "GET, HEAD, OPTIONS");
    return res;
  }
  if (path == "/healthz") {
    return make_response(req, http::status::ok, "text/plain; charset=utf-8", "ok\n");
  }
  if (path == "/metrics") {
    return make_response(req, http::status::ok, "text/plain; version=0.0.4; charset=utf-8",
                         hub_.stats().prometheus_text());
  }
  if (path == "/api/v1/games") {
    json games = json::array();
    for (const auto* g : engine::all_games())
      games.push_back(engine::catalogue_json(*g));
    return json_reply({{"games", games}});
  }
  if (path == "/api/v1/rooms") {
    return json_reply({{"rooms", hub_.public_rooms(query_param(req.target(), "game"))}});
  }
  if (path == records_path || path.starts_with(std::string(records_path) + "/")) {
    auto reply = serve_records(hub_.storage(), path, [&](std::string_view name) {
      return query_param(req.target(), name);
    });
    return make_response(req, static_cast<http::status>(reply.status), reply.content_type,
                         reply.body);
  }
  if (path == "/ws") {
    return error_response(req, http::status::upgrade_required, "upgrade_required",
                          "/ws speaks WebSocket; send an upgrade request");
  }
  return error_response(req, http::status::not_found, "not_found",
                        "no such path: " + std::string(path));
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
