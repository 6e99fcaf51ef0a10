// Peers that stop reading or stop answering: the server must not wait on them or buffer for them.

#include <gtest/gtest.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

TEST(SilentPeer, PeerThatNeverAnswersPingsIsClosedAfterIdleTimeout) {
  auto limit = test_limits();
  // Long enough that the answering client's pong always comes in time, even under
  // ThreadSanitizer on a busy machine (at 400 ms it once did not).
  limit.idle_timeout = std::chrono::milliseconds(1000);
  test_server srv(limit);
  ws_client answering(srv.port());  // Beast answers pings while it reads
  answering.hello("alice");

  // A peer that completes the upgrade and then never reads (so never pongs) or writes.
  net::io_context io;
  tcp::socket raw(io);
  raw.connect({net::ip::make_address("127.0.0.1"), srv.port()});
  std::string upgrade =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  net::write(raw, net::buffer(upgrade));
  std::this_thread::sleep_for(3000ms);
  // Whatever the server sent (101, a ping), it must then have closed the TCP connection.
  std::vector<char> sink(65536);
  boost::system::error_code ec;
  raw.non_blocking(true);
  for (int i = 0; i < 10 && ec != net::error::eof; ++i) {
    raw.read_some(net::buffer(sink), ec);
    if (ec == net::error::would_block) std::this_thread::sleep_for(50ms);
  }
  EXPECT_TRUE(ec == net::error::eof || ec == net::error::connection_reset) << ec.message();
  EXPECT_TRUE(answering.connected());
  EXPECT_NE(http_get(srv.port(), "/metrics").body.find("reason=\"idle_timeout\""),
            std::string::npos);
}

TEST(SilentPeer, ReaderThatStopsReadingIsDisconnectedNotBuffered) {
  auto limit = test_limits();
  limit.max_queued_bytes = 64 * 1024;
  limit.requests_per_second = 1e6;
  limit.request_burst = 1e6;
  test_server srv(limit);

  net::io_context io;
  beast::websocket::stream<tcp::socket> ws(io);
  ws.next_layer().open(tcp::v4());
  ws.next_layer().set_option(net::socket_base::receive_buffer_size(4096));
  ws.next_layer().connect({net::ip::make_address("127.0.0.1"), srv.port()});
  ws.handshake("127.0.0.1", "/ws");
  ws.write(net::buffer(std::string(
      R"({"jsonrpc":"2.0","id":0,"method":"hello","params":{"protocol":1,"name":"slow"}})")));
  // Ask for the catalogue over and over and never read a reply.
  std::string ask = R"({"jsonrpc":"2.0","id":1,"method":"lobby.games"})";
  beast::error_code ec;
  for (int i = 0; i < 20000 && !ec; ++i)
    ws.write(net::buffer(ask), ec);

  // The server cut us off: the metrics count a slow consumer, and once the connection's last
  // operation has finished it is gone from the count too (not necessarily at the same moment).
  // Up to 30 s: the server may still be answering what the kernel's buffers hold, and under
  // AddressSanitizer on a loaded machine that took more than 5 s once.
  std::string metrics;
  for (int i = 0; i < 600; ++i) {
    metrics = http_get(srv.port(), "/metrics").body;
    if (metrics.find("code=\"slow_consumer\"") != std::string::npos &&
        metrics.find("boardroom_connections 0") != std::string::npos) {
      break;
    }
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_NE(metrics.find("boardroom_errors_total{code=\"slow_consumer\"} 1"), std::string::npos)
      << metrics;
  EXPECT_NE(metrics.find("boardroom_connections 0"), std::string::npos);
}

}  // namespace
}  // namespace boardroom::test
