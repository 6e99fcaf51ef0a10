#pragma once
// One WebSocket connection: reads frames, enforces the per-connection limits, hands typed requests
// to the hub, and writes replies and events with exactly one write in flight and a bounded queue.

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/hub.hpp"
#include "server/peer.hpp"

namespace boardroom::server {

class ws_session final : public peer, public std::enable_shared_from_this<ws_session> {
 public:
  ws_session(boost::asio::ip::tcp::socket&& socket, hub& h);
  ~ws_session() override;

  void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);

  void send(frame_ptr frame) override;
  void close(unsigned short code, std::string reason) override;

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle_frame(std::string_view text);
  bool take_token();  // the request-rate bucket
  void enqueue(frame_ptr frame);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void do_close();
  void drop(const char* why);  // hard close, no close frame (slow or dead peer); why may be null

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  hub& hub_;
  const limits& limit_;
  client_context ctx_;
  bool registered_ = false;

  std::deque<frame_ptr> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  std::optional<boost::beast::websocket::close_reason> close_pending_;
  bool closed_ = false;

  double tokens_;
  std::chrono::steady_clock::time_point refilled_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point refusals_since_;
  int refusals_ = 0;  // refused requests since refusals_since_
};

}  // namespace boardroom::server
