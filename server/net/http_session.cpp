#include "server/net/http_session.hpp"

#include <algorithm>
#include <cctype>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "engine/core/registry.hpp"
#include "protocol/rpc.hpp"
#include "server/net/web_assets.hpp"
#include "server/net/ws_session.hpp"
#include "server/ratings/ratings_api.hpp"
#include "server/records/records_api.hpp"

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
http_response make_response(const http_request& req, http::status status,
                            std::string_view content_type, std::string body) {
  http_response res{status, req.version()};
  res.set(http::field::server, "boardroom");
  res.set(http::field::content_type, content_type);
  res.set("X-Content-Type-Options", "nosniff");
  res.set(http::field::access_control_allow_origin, "*");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

http_response error_response(const http_request& req, http::status status, std::string code,
                             std::string message) {
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

template <class Stream>
http_session<Stream>::http_session(Stream&& stream, hub& h, admission::ticket place)
    : stream_(std::move(stream)), hub_(h), place_(std::move(place)) {}

template <class Stream>
void http_session<Stream>::run() {
  place_.watch(this->weak_from_this());
  if constexpr (is_tls<Stream>) {
    // The handshake counts against the request's time: a client that opens a socket and says
    // nothing holds its place no longer over TLS than in clear.
    beast::get_lowest_layer(stream_).expires_after(request_timeout());
    stream_.async_handshake(
        boost::asio::ssl::stream_base::server,
        beast::bind_front_handler(&http_session::on_handshake, this->shared_from_this()));
  } else {
    do_read();
  }
}

template <class Stream>
void http_session<Stream>::on_handshake(beast::error_code ec) {
  if (ec) {
    // Plain HTTP to the TLS port, an old protocol version, a client that gave up: nothing to
    // answer in a language it would understand. Debug only: scanners make these all day.
    spdlog::debug("{}: TLS handshake failed: {}", place_.address(), ec.message());
    return;
  }
  do_read();
}

template <class Stream>
void http_session<Stream>::abort() {
  boost::asio::post(stream_.get_executor(), [self = this->shared_from_this()] {
    auto& socket = beast::get_lowest_layer(self->stream_).socket();
    beast::error_code ignored;
    socket.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  });
}

// A refused client has a moment to send its request and read why, no more.
template <class Stream>
std::chrono::milliseconds http_session<Stream>::request_timeout() const {
  auto full = hub_.settings().limit.http_timeout;
  return place_.refused() ? std::min<std::chrono::milliseconds>(std::chrono::seconds(2), full)
                          : full;
}

template <class Stream>
void http_session<Stream>::do_read() {
  parser_.emplace();
  parser_->body_limit(max_request_body);
  beast::get_lowest_layer(stream_).expires_after(request_timeout());
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&http_session::on_read, this->shared_from_this()));
}

template <class Stream>
void http_session<Stream>::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return end();
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
    auto peer = beast::get_lowest_layer(stream_).socket().remote_endpoint(ignored).address();
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
    // The WebSocket session sets its own timeouts. It takes the whole stream: over TLS the
    // encryption state goes with the socket.
    beast::get_lowest_layer(stream_).expires_never();
    std::make_shared<ws_session<Stream>>(std::move(stream_), hub_, std::move(place_))
        ->run(std::move(req));
    return;
  }
  if ((req.method() == http::verb::get || req.method() == http::verb::head) &&
      (is_records_route(path_of(req.target())) || is_ratings_route(path_of(req.target())) ||
       is_tournaments_route(path_of(req.target())))) {
    // Records and ratings read the database: on the store's thread, so a long query stalls no
    // room and no connection served by this io thread. The answer comes back on this session's
    // strand.
    auto shared = std::make_shared<request>(std::move(req));
    boost::asio::post(hub_.storage_executor(), [self = this->shared_from_this(), shared] {
      response res = self->answer(*shared, [&] { return self->route_records(*shared); });
      boost::asio::post(self->stream_.get_executor(),
                        [self, shared, res = std::move(res)]() mutable {
                          self->finish(*shared, std::move(res));
                        });
    });
    return;
  }
  finish(req, answer(req, [&] { return route(req); }));
}

template <class Stream>
template <class Route>
http_response http_session<Stream>::answer(const request& req, Route&& route_it) const {
  try {
    return route_it();
  } catch (const std::exception& e) {
    // No request may end a session with an exception; an answer it cannot get is a 500.
    spdlog::error("{} {}: {}", std::string(req.method_string()),
                  protocol::to_json_text(std::string(req.target())), e.what());
    return error_response(req, http::status::internal_server_error, "internal_error",
                          "the request could not be answered");
  }
}

template <class Stream>
void http_session<Stream>::finish(const request& req, response res) {
  if (place_.over_capacity()) res.keep_alive(false);  // a spare place: one answer, then free it
  if (req.method() == http::verb::head) {
    // The headers of the GET, no body: a body here would be read as the next response.
    auto length = res.body().size();
    res.body().clear();
    res.content_length(length);
  }
  reply(std::move(res));
}

template <class Stream>
void http_session<Stream>::reply(response res) {
  pending_ = std::make_shared<response>(std::move(res));
  bool keep_alive = pending_->keep_alive();
  http::async_write(
      stream_, *pending_,
      beast::bind_front_handler(&http_session::on_write, this->shared_from_this(), keep_alive));
}

template <class Stream>
http_response http_session<Stream>::route(const request& req) const {
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
  if (path == "/ws") {
    return error_response(req, http::status::upgrade_required, "upgrade_required",
                          "/ws speaks WebSocket; send an upgrade request");
  }
  if (const web_asset* asset = find_web_asset(path == "/" ? "/index.html" : path)) {
    auto res = make_response(req, http::status::ok, asset->content_type, std::string(asset->body));
    // The page and its scripts come from this server alone and talk only to it.
    res.set("Content-Security-Policy",
            "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
            "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
    res.set(http::field::cache_control, "no-cache");
    return res;
  }
  return error_response(req, http::status::not_found, "not_found",
                        "no such path: " + std::string(path));
}

template <class Stream>
http_response http_session<Stream>::route_records(const request& req) const {
  auto lookup = [&](std::string_view name) { return query_param(req.target(), name); };
  const auto path = path_of(req.target());
  if (is_tournaments_route(path)) {  // the desk lives on this (the store's) thread
    if (auto desk = hub_.desk_elsewhere()) {
      // A cluster whose tournaments another node runs (docs/scaling.md): ask there.
      auto res = error_response(req, http::status::temporary_redirect, "desk_elsewhere",
                                "tournaments are run by " + *desk);
      res.set(http::field::location, *desk + std::string(req.target()));
      return res;
    }
    auto reply = hub_.desk().serve(path, lookup);
    return make_response(req, static_cast<http::status>(reply.status), reply.content_type,
                         reply.body);
  }
  auto reply =
      is_ratings_route(path)
          ? serve_ratings(hub_.storage(), path, lookup, hub_.settings().limit.max_ratings_page,
                          std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::system_clock::now().time_since_epoch())
                              .count())
          : serve_records(hub_.storage(), path, lookup);
  return make_response(req, static_cast<http::status>(reply.status), reply.content_type,
                       reply.body);
}

template <class Stream>
void http_session<Stream>::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  pending_.reset();
  if (ec) return;
  if (!keep_alive) return end();
  do_read();
}

template <class Stream>
void http_session<Stream>::end() {
  auto close_send = [](Stream& stream) {
    beast::error_code ignored;
    beast::get_lowest_layer(stream).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send,
                                                      ignored);
  };
  if constexpr (is_tls<Stream>) {
    // close_notify tells the client the answer is complete (not cut off by an attacker); its
    // own close_notify is awaited briefly, as many clients just close the socket.
    beast::get_lowest_layer(stream_).expires_after(
        std::min<std::chrono::milliseconds>(std::chrono::seconds(2), request_timeout()));
    stream_.async_shutdown([self = this->shared_from_this(), close_send](beast::error_code) {
      close_send(self->stream_);
    });
  } else {
    close_send(stream_);
  }
}

template class http_session<plain_stream>;
template class http_session<tls_stream>;

}  // namespace boardroom::server
