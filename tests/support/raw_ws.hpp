#pragma once
// A WebSocket client that builds its frames by hand, for tests of the framing layer itself:
// fragments, control frames, bad opcodes, unmasked or truncated frames, a TCP reset in the middle
// of a frame. Everything is synchronous with a timeout; nothing runs in the background.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace boardroom::test {

namespace ws_opcode {
inline constexpr int continuation = 0x0;
inline constexpr int text = 0x1;
inline constexpr int binary = 0x2;
inline constexpr int close = 0x8;
inline constexpr int ping = 0x9;
inline constexpr int pong = 0xA;
}  // namespace ws_opcode

struct ws_frame {
  bool fin = true;
  int opcode = ws_opcode::text;
  std::string payload;

  // For close frames: the status code (1005 when the frame carries none) and the reason.
  unsigned short close_code() const;
  std::string close_reason() const;
};

// One frame as a client sends it: masked (RFC 6455 5.3) unless `masked` is false, which only a
// test of the server's checks wants.
std::string encode_ws_frame(int opcode, std::string_view payload, bool fin = true,
                            bool masked = true);
// A JSON-RPC request as one masked text frame (several can go out in one write).
std::string encode_ws_request(std::int64_t id, const std::string& method,
                              const std::string& params_json);
// The payload of a close frame: a status code and a reason.
std::string close_payload(unsigned short code, std::string_view reason = "");

// Sends `bytes` to 127.0.0.1:port as they are and returns everything the server sends back until
// it ends the connection or `timeout` passes (for HTTP answers to hand-made requests).
std::string raw_exchange(std::uint16_t port, std::string_view bytes,
                         std::chrono::milliseconds timeout = std::chrono::seconds(5));

// The opening handshake of a WebSocket connection as raw_ws sends it, with `extra_headers` (each
// ending in "\r\n") added.
std::string ws_upgrade_request(std::uint16_t port, const std::string& path = "/ws",
                               const std::string& extra_headers = "");

class raw_ws {
 public:
  // Connects to 127.0.0.1:port and performs the opening handshake (throws when it fails).
  explicit raw_ws(std::uint16_t port, const std::string& path = "/ws",
                  const std::string& extra_headers = "");
  raw_ws(const raw_ws&) = delete;
  raw_ws& operator=(const raw_ws&) = delete;

  // Whole frames, or any bytes at all (a frame cut short).
  void send_frame(int opcode, std::string_view payload, bool fin = true, bool masked = true);
  void send_bytes(std::string_view bytes);
  // A JSON-RPC request as one text frame.
  void send_request(std::int64_t id, const std::string& method, const std::string& params_json);

  // The next frame from the server; nothing when the connection ended or `timeout` passed first
  // (ended() tells which).
  std::optional<ws_frame> read_frame(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // The next data frame, answering nothing and skipping pings (the server's keep-alive).
  std::optional<ws_frame> read_data(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // Reads until a close frame arrives and returns its code; nothing when the connection ended
  // without one or `timeout` passed.
  std::optional<unsigned short> read_close(
      std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // Whether the server ended the TCP connection (EOF or reset) during the last read.
  bool ended() const { return ended_; }
  // Waits until the server ends the TCP connection; false if it is still open after `timeout`
  // (frames that arrive meanwhile are discarded).
  bool wait_eof(std::chrono::milliseconds timeout = std::chrono::seconds(5));

  // Ends the connection with a TCP reset (SO_LINGER 0, then close): no FIN, no close frame.
  void reset();
  // Closes the socket normally (FIN), without a close frame.
  void shut();

 private:
  bool fill(std::size_t need, std::chrono::steady_clock::time_point deadline);

  boost::asio::io_context io_;
  boost::asio::ip::tcp::socket socket_{io_};
  std::string in_;  // received bytes not yet parsed into frames
  bool ended_ = false;
};

}  // namespace boardroom::test
