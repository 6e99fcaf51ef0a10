#include "server/net/streams.hpp"

#include <boost/asio/bind_executor.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/beast/websocket/teardown.hpp>

namespace boardroom::server {

namespace {

// OpenSSL's stream and Beast's teardown post completions with a promise not to block, which an
// erased handler's executor cannot give (Boost 1.81's any_completion_executor). Every handler
// that reaches here came from a session's operation on this stream and runs on its executor
// anyway, so that executor is bound to it again by name.
template <class Handler>
auto on(tls_stream::next_layer_type& stream, Handler handler) {
  return boost::asio::bind_executor(stream.get_executor(), std::move(handler));
}

}  // namespace

tls_stream::tls_stream(boost::asio::ip::tcp::socket&& socket, boost::asio::ssl::context& context)
    : stream_(std::move(socket), context) {}

void tls_stream::read_some(const buffer_list<boost::asio::mutable_buffer>& buffers,
                           io_handler handler) {
  stream_.async_read_some(buffers, on(stream_, std::move(handler)));
}

void tls_stream::write_some(const buffer_list<boost::asio::const_buffer>& buffers,
                            io_handler handler) {
  stream_.async_write_some(buffers, on(stream_, std::move(handler)));
}

void tls_stream::handshake(boost::asio::ssl::stream_base::handshake_type type,
                           done_handler handler) {
  stream_.async_handshake(type, on(stream_, std::move(handler)));
}

void tls_stream::shutdown(done_handler handler) {
  stream_.async_shutdown(on(stream_, std::move(handler)));
}

void tls_stream::teardown(boost::beast::role_type role, done_handler handler) {
  using boost::beast::async_teardown;
  async_teardown(role, stream_, on(stream_, std::move(handler)));
}

}  // namespace boardroom::server
