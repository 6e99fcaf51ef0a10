#pragma once
// The two kinds of connection the listener serves: plain TCP, or TLS over it (--tls-cert). Each
// session is one template over the stream, compiled for both in its .cpp file.
//
// The TLS stream hides OpenSSL's stream behind handlers of one type (any_completion_handler), so
// that its read, write, handshake and shutdown operations are compiled once, in streams.cpp,
// rather than once for every operation of Beast's that reads or writes through them (HTTP
// requests and responses, WebSocket accept, frames, pings and close). That halved the cost of
// compiling the sessions; a TLS read or write pays one indirect call for it.

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/asio/any_completion_handler.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream_base.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

namespace boardroom::server {

using plain_stream = boost::beast::tcp_stream;

// Up to eight buffers of a sequence, as one concrete type: a read or write "some" may stop short
// of the whole sequence, and OpenSSL's stream takes no more than one record's worth anyway.
template <class Buffer>
class buffer_list {
 public:
  template <class Sequence>
  explicit buffer_list(const Sequence& buffers) {
    auto it = boost::asio::buffer_sequence_begin(buffers);
    auto end = boost::asio::buffer_sequence_end(buffers);
    for (; it != end && count_ < items_.size(); ++it) {
      Buffer b(*it);
      if (b.size() != 0) items_[count_++] = b;
    }
  }
  const Buffer* begin() const { return items_.data(); }
  const Buffer* end() const { return items_.data() + count_; }

 private:
  std::array<Buffer, 8> items_{};
  std::size_t count_ = 0;
};

class tls_stream {
 public:
  using next_layer_type = boost::beast::ssl_stream<boost::beast::tcp_stream>;
  using executor_type = next_layer_type::executor_type;
  using io_handler =
      boost::asio::any_completion_handler<void(boost::system::error_code, std::size_t)>;
  using done_handler = boost::asio::any_completion_handler<void(boost::system::error_code)>;

  tls_stream(boost::asio::ip::tcp::socket&& socket, boost::asio::ssl::context& context);

  executor_type get_executor() noexcept { return stream_.get_executor(); }
  next_layer_type& next_layer() noexcept { return stream_; }
  const next_layer_type& next_layer() const noexcept { return stream_; }

  template <class MutableBufferSequence, class Handler>
  auto async_read_some(const MutableBufferSequence& buffers, Handler&& handler) {
    return start_some<boost::asio::mutable_buffer, Handler>(&tls_stream::read_some, buffers,
                                                            handler);
  }

  template <class ConstBufferSequence, class Handler>
  auto async_write_some(const ConstBufferSequence& buffers, Handler&& handler) {
    return start_some<boost::asio::const_buffer, Handler>(&tls_stream::write_some, buffers,
                                                          handler);
  }

  template <class Handler>
  auto async_handshake(boost::asio::ssl::stream_base::handshake_type type, Handler&& handler) {
    return boost::asio::async_initiate<Handler, void(boost::system::error_code)>(
        [this](done_handler h, boost::asio::ssl::stream_base::handshake_type t) {
          handshake(t, std::move(h));
        },
        handler, type);
  }

  template <class Handler>
  auto async_shutdown(Handler&& handler) {
    return boost::asio::async_initiate<Handler, void(boost::system::error_code)>(
        [this](done_handler h) { shutdown(std::move(h)); }, handler);
  }

  // The end of a WebSocket connection: close_notify, then the TCP teardown.
  void teardown(boost::beast::role_type role, done_handler handler);

 private:
  void read_some(const buffer_list<boost::asio::mutable_buffer>& buffers, io_handler handler);
  void write_some(const buffer_list<boost::asio::const_buffer>& buffers, io_handler handler);
  void handshake(boost::asio::ssl::stream_base::handshake_type type, done_handler handler);
  void shutdown(done_handler handler);

  // A read or write "some" (`op`, in streams.cpp) with the handler erased and the buffers listed.
  template <class Buffer, class Handler, class Sequence>
  auto start_some(void (tls_stream::*op)(const buffer_list<Buffer>&, io_handler),
                  const Sequence& buffers, Handler& handler) {
    return boost::asio::async_initiate<Handler, void(boost::system::error_code, std::size_t)>(
        [this, op](io_handler h, const buffer_list<Buffer>& b) { (this->*op)(b, std::move(h)); },
        handler, buffer_list<Buffer>(buffers));
  }

  next_layer_type stream_;
};

// Found by Beast's WebSocket stream through argument-dependent lookup when it closes.
template <class Handler>
void async_teardown(boost::beast::role_type role, tls_stream& stream, Handler&& handler) {
  stream.teardown(role, tls_stream::done_handler(std::forward<Handler>(handler)));
}

template <class Stream>
inline constexpr bool is_tls = std::is_same_v<Stream, tls_stream>;

}  // namespace boardroom::server
