#pragma once
// One HTTP connection, plain or TLS: serves the JSON API, health and metrics, or hands the stream
// to a WebSocket session when the client asks for an upgrade on /ws (from an allowed origin).
// Over TLS the handshake comes first, within the same time as a request.

#include <chrono>
#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/net/admission.hpp"
#include "server/net/streams.hpp"
#include "server/rooms/hub.hpp"

namespace boardroom::server {

using http_request = boost::beast::http::request<boost::beast::http::string_body>;
using http_response = boost::beast::http::response<boost::beast::http::string_body>;

// `Stream` is plain_stream or tls_stream (the only two compiled).
template <class Stream>
class http_session : public abortable, public std::enable_shared_from_this<http_session<Stream>> {
 public:
  http_session(Stream&& stream, hub& h, admission::ticket place);
  void run();
  void abort() override;

  using request = http_request;
  using response = http_response;

 private:
  std::chrono::milliseconds request_timeout() const;
  void on_handshake(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  response route(const request& req) const;          // every route but the records
  response route_records(const request& req) const;  // on the store's thread
  // What `route_it` answers, or a 500 when it throws.
  template <class Route>
  response answer(const request& req, Route&& route_it) const;
  void finish(const request& req, response res);  // HEAD, spare places, then reply()
  void reply(response res);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void end();  // no more requests: TLS close_notify, then our half of the TCP connection

  Stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<response> pending_;
  hub& hub_;
  admission::ticket place_;
};

extern template class http_session<plain_stream>;
extern template class http_session<tls_stream>;

// Whether a WebSocket upgrade from the page at `origin` may proceed: no Origin (not a browser),
// an origin in `allowed` ("*" allows all), or, when `allowed` is empty, a page from the host the
// client connected to (the Host header, port included).
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

}  // namespace boardroom::server
