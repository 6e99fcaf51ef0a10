#pragma once
// One WebSocket connection, plain or TLS: reads frames, enforces the per-connection limits, hands
// typed requests to the hub, and writes replies and events with exactly one write in flight and a
// bounded queue.

#include <atomic>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/net/admission.hpp"
#include "server/net/peer.hpp"
#include "server/net/send_budget.hpp"
#include "server/net/streams.hpp"
#include "server/net/token_bucket.hpp"
#include "server/rooms/hub.hpp"

namespace boardroom::server {

// `Stream` is plain_stream or tls_stream (the only two compiled).
template <class Stream>
class ws_session final : public peer,
                         public metered,
                         public std::enable_shared_from_this<ws_session<Stream>> {
 public:
  // `stream` is the upgraded HTTP session's, TLS state and all; `place` the connection's
  // admission ticket, carried over with it.
  ws_session(Stream&& stream, hub& h, admission::ticket place);
  ~ws_session() override;

  void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);

  // peer
  void send(frame_ptr frame) override;
  void close(unsigned short code, std::string reason) override;
  // metered
  std::size_t queued_bytes() const override { return queued_bytes_.load(); }
  void abort() override;

 private:
  void on_accept(boost::beast::error_code ec);
  void on_hello_deadline(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle_frame(std::string_view text);
  void greeted(client_context ctx);  // the hello is answered: read on
  void enqueue(frame_ptr frame);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void do_close();
  void drop(const char* why);  // hard close, no close frame (slow or dead peer); why may be null
  void forget_queue(std::size_t keep);

  boost::beast::websocket::stream<Stream> ws_;
  boost::beast::flat_buffer buffer_;
  hub& hub_;
  const limits& limit_;
  admission::ticket place_;
  client_context ctx_;
  bool registered_ = false;
  bool greeting_ = false;  // a hello is being answered; reading waits
  boost::asio::steady_timer hello_deadline_;

  std::deque<frame_ptr> queue_;
  std::atomic<std::size_t> queued_bytes_ = 0;  // read by the send budget from other threads
  bool writing_ = false;
  std::optional<boost::beast::websocket::close_reason> close_pending_;
  bool closed_ = false;

  token_bucket requests_;
  std::chrono::steady_clock::time_point refusals_since_;
  int refusals_ = 0;  // refused requests since refusals_since_
};

extern template class ws_session<plain_stream>;
extern template class ws_session<tls_stream>;

}  // namespace boardroom::server
