#include "tests/support/raw_ws.hpp"

#include <array>
#include <functional>
#include <random>
#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

namespace boardroom::test {

namespace net = boost::asio;
using tcp = net::ip::tcp;

unsigned short ws_frame::close_code() const {
  if (payload.size() < 2) return 1005;  // "no status received" (RFC 6455 7.4.1)
  return static_cast<unsigned short>((static_cast<unsigned char>(payload[0]) << 8) |
                                     static_cast<unsigned char>(payload[1]));
}

std::string ws_frame::close_reason() const {
  return payload.size() > 2 ? payload.substr(2) : std::string();
}

std::string encode_ws_frame(int opcode, std::string_view payload, bool fin, bool masked) {
  std::string out;
  out.push_back(static_cast<char>((fin ? 0x80 : 0x00) | (opcode & 0x0F)));
  const char mask_bit = masked ? static_cast<char>(0x80) : 0;
  std::uint64_t n = payload.size();
  if (n < 126) {
    out.push_back(static_cast<char>(mask_bit | static_cast<char>(n)));
  } else if (n <= 0xFFFF) {
    out.push_back(static_cast<char>(mask_bit | 126));
    for (int shift = 8; shift >= 0; shift -= 8)
      out.push_back(static_cast<char>((n >> shift) & 0xFF));
  } else {
    out.push_back(static_cast<char>(mask_bit | 127));
    for (int shift = 56; shift >= 0; shift -= 8)
      out.push_back(static_cast<char>((n >> shift) & 0xFF));
  }
  if (!masked) return out.append(payload);
  // Clients must mask with a key the server cannot predict; any key tests the server's unmasking.
  static thread_local std::mt19937 rng(std::random_device{}());
  std::array<char, 4> key;
  for (char& k : key)
    k = static_cast<char>(rng() & 0xFF);
  out.append(key.data(), key.size());
  for (std::size_t i = 0; i < payload.size(); ++i)
    out.push_back(static_cast<char>(payload[i] ^ key[i % 4]));
  return out;
}

std::string close_payload(unsigned short code, std::string_view reason) {
  std::string out;
  out.push_back(static_cast<char>(code >> 8));
  out.push_back(static_cast<char>(code & 0xFF));
  return out.append(reason);
}

std::string ws_upgrade_request(std::uint16_t port, const std::string& path,
                               const std::string& extra_headers) {
  // The sample key of RFC 6455 1.3, whose accept value is known: the handshake is checked too.
  return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
         extra_headers + "\r\n";
}

std::string raw_exchange(std::uint16_t port, std::string_view bytes,
                         std::chrono::milliseconds timeout) {
  net::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(socket, net::buffer(bytes.data(), bytes.size()));
  std::string in;
  std::array<char, 16 * 1024> chunk;
  bool ended = false;
  std::function<void()> read = [&] {
    socket.async_read_some(net::buffer(chunk), [&](boost::system::error_code ec, std::size_t n) {
      in.append(chunk.data(), n);
      if (ec) {
        ended = true;
        return;
      }
      read();
    });
  };
  read();
  io.run_for(timeout);
  if (!ended) {
    boost::system::error_code ignored;
    socket.close(ignored);
    io.restart();
    io.run();  // the cancelled read's handler, before `chunk` goes
  }
  return in;
}

raw_ws::raw_ws(std::uint16_t port, const std::string& path, const std::string& extra_headers) {
  socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  socket_.set_option(tcp::no_delay(true));
  send_bytes(ws_upgrade_request(port, path, extra_headers));
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  std::size_t end;
  while ((end = in_.find("\r\n\r\n")) == std::string::npos) {
    if (!fill(in_.size() + 1, deadline)) throw std::runtime_error("no handshake response");
  }
  std::string head = in_.substr(0, end);
  in_.erase(0, end + 4);
  if (!head.starts_with("HTTP/1.1 101") ||
      head.find("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") == std::string::npos) {
    throw std::runtime_error("bad handshake response: " + head);
  }
}

void raw_ws::send_frame(int opcode, std::string_view payload, bool fin, bool masked) {
  send_bytes(encode_ws_frame(opcode, payload, fin, masked));
}

void raw_ws::send_bytes(std::string_view bytes) {
  net::write(socket_, net::buffer(bytes.data(), bytes.size()));
}

std::string encode_ws_request(std::int64_t id, const std::string& method,
                              const std::string& params_json) {
  return encode_ws_frame(ws_opcode::text, R"({"jsonrpc":"2.0","id":)" + std::to_string(id) +
                                              R"(,"method":")" + method + R"(","params":)" +
                                              params_json + "}");
}

void raw_ws::send_request(std::int64_t id, const std::string& method,
                          const std::string& params_json) {
  send_bytes(encode_ws_request(id, method, params_json));
}

// Reads until `in_` holds at least `need` bytes; false on end of connection or deadline.
bool raw_ws::fill(std::size_t need, std::chrono::steady_clock::time_point deadline) {
  std::array<char, 16 * 1024> chunk;
  while (in_.size() < need) {
    if (ended_) return false;
    auto left = deadline - std::chrono::steady_clock::now();
    if (left <= std::chrono::steady_clock::duration::zero()) return false;
    bool done = false;
    boost::system::error_code ec;
    std::size_t got = 0;
    socket_.async_read_some(net::buffer(chunk), [&](boost::system::error_code e, std::size_t n) {
      done = true;
      ec = e;
      got = n;
    });
    io_.restart();
    io_.run_for(left);
    if (!done) {
      // Timed out: cancel the read and let its handler run before `chunk` goes.
      socket_.cancel();
      io_.restart();
      io_.run();
      if (ec == net::error::operation_aborted) return false;
    }
    in_.append(chunk.data(), got);
    if (ec) {
      ended_ = true;  // EOF or reset: what arrived before it still counts
      return in_.size() >= need;
    }
  }
  return true;
}

std::optional<ws_frame> raw_ws::read_frame(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  if (!fill(2, deadline)) return std::nullopt;
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(in_[i]); };
  ws_frame f;
  f.fin = (byte(0) & 0x80) != 0;
  f.opcode = byte(0) & 0x0F;
  bool masked = (byte(1) & 0x80) != 0;  // servers do not mask; handled all the same
  std::uint64_t len = byte(1) & 0x7F;
  std::size_t header = 2;
  if (len >= 126) {
    std::size_t ext = len == 126 ? 2 : 8;
    if (!fill(2 + ext, deadline)) return std::nullopt;
    len = 0;
    for (std::size_t i = 0; i < ext; ++i)
      len = (len << 8) | byte(2 + i);
    header += ext;
  }
  std::size_t key_at = header;
  if (masked) header += 4;
  if (!fill(header + len, deadline)) return std::nullopt;
  f.payload = in_.substr(header, len);
  if (masked) {
    for (std::size_t i = 0; i < f.payload.size(); ++i)
      f.payload[i] = static_cast<char>(f.payload[i] ^ in_[key_at + i % 4]);
  }
  in_.erase(0, header + len);
  return f;
}

std::optional<ws_frame> raw_ws::read_data(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    auto f = read_frame(left);
    if (!f || (f->opcode != ws_opcode::ping && f->opcode != ws_opcode::pong)) return f;
  }
}

std::optional<unsigned short> raw_ws::read_close(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    auto f = read_frame(left);
    if (!f) return std::nullopt;
    if (f->opcode == ws_opcode::close) return f->close_code();
  }
}

bool raw_ws::wait_eof(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!ended_) {
    in_.clear();
    if (!fill(1, deadline) && !ended_) return false;
  }
  return true;
}

void raw_ws::reset() {
  boost::system::error_code ignored;
  socket_.set_option(net::socket_base::linger(true, 0), ignored);
  socket_.close(ignored);
  ended_ = true;
}

void raw_ws::shut() {
  boost::system::error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_send, ignored);
  socket_.close(ignored);
  ended_ = true;
}

}  // namespace boardroom::test
