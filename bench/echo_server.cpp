// The baseline for server CPU per move: a bare Beast WebSocket echo server, written the way the
// Beast examples write one (one strand per connection, one read and one write at a time). The load
// generator's echo mode measures its CPU per round trip in the same run as boardroom's per move.
//   build/release/bench/echo_server 9001

#include <cstdlib>
#include <iostream>
#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

class session : public std::enable_shared_from_this<session> {
 public:
  explicit session(tcp::socket&& socket) : ws_(std::move(socket)) {}

  void run() {
    ws_.async_accept([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->do_read();
    });
  }

 private:
  void do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->ws_.text(self->ws_.got_text());
      self->ws_.async_write(self->buffer_.data(), [self](beast::error_code ec2, std::size_t) {
        if (ec2) return;
        self->buffer_.consume(self->buffer_.size());
        self->do_read();
      });
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
};

void do_accept(net::io_context& io, tcp::acceptor& acceptor) {
  acceptor.async_accept(net::make_strand(io), [&](beast::error_code ec, tcp::socket socket) {
    if (!ec) std::make_shared<session>(std::move(socket))->run();
    do_accept(io, acceptor);
  });
}

int main(int argc, char** argv) {
  unsigned short port = argc > 1 ? static_cast<unsigned short>(std::atoi(argv[1])) : 9001;
  net::io_context io{1};
  tcp::acceptor acceptor(io, {net::ip::make_address("127.0.0.1"), port});
  std::cout << "listening on 127.0.0.1:" << acceptor.local_endpoint().port() << std::endl;
  do_accept(io, acceptor);
  net::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) { io.stop(); });
  io.run();
  return 0;
}
