#pragma once
// One plain HTTP connection: serves the JSON API, health and metrics, or hands the socket to a
// WebSocket session when the client asks for an upgrade on /ws (from an allowed origin).

#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/admission.hpp"
#include "server/hub.hpp"

namespace boardroom::server {

class http_session : public abortable, public std::enable_shared_from_this<http_session> {
 public:
  http_session(boost::asio::ip::tcp::socket&& socket, hub& h, admission::ticket place);
  void run();
  void abort() override;

  using request = boost::beast::http::request<boost::beast::http::string_body>;
  using response = boost::beast::http::response<boost::beast::http::string_body>;

 private:
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  response route(const request& req) const;
  void reply(response res);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<response> pending_;
  hub& hub_;
  admission::ticket place_;
};

// Whether a WebSocket upgrade from the page at `origin` may proceed: no Origin (not a browser),
// an origin in `allowed` ("*" allows all), or, when `allowed` is empty, a page from the host the
// client connected to (the Host header, port included).
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

}  // namespace boardroom::server
