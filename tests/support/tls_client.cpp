#include "tests/support/tls_client.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>
#include <sys/stat.h>

#include <cstdio>
#include <expected>
#include <functional>
#include <stdexcept>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/net/streams.hpp"

namespace boardroom::test {

namespace net = boost::asio;
namespace ssl = net::ssl;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

namespace {

void require(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("making the test certificate: ") + what);
}

void write_pem(const std::string& path, const std::function<int(FILE*)>& write) {
  FILE* f = std::fopen(path.c_str(), "w");
  require(f != nullptr, "cannot open a file");
  int ok = write(f);
  std::fclose(f);
  require(ok == 1, "cannot write PEM");
}

// Runs the asynchronous operation `start` begins until it completes, or until `timeout` makes the
// lowest layer close the socket: synchronous Beast calls over TLS would ignore any timeout.
template <class Start>
beast::error_code finish(net::io_context& io, beast::tcp_stream& lowest,
                         std::chrono::milliseconds timeout, Start start) {
  lowest.expires_after(timeout);
  std::optional<beast::error_code> result;
  start([&](beast::error_code ec, auto&&...) { result = ec; });
  io.restart();
  io.run();
  return result.value_or(net::error::timed_out);
}

void check(beast::error_code ec, const char* what) {
  if (ec) throw std::runtime_error(std::string(what) + ": " + ec.message());
}

// A client context that trusts `ca_file` alone, TLS 1.2 and up.
std::unique_ptr<ssl::context> client_context(const std::string& ca_file) {
  auto ctx = std::make_unique<ssl::context>(ssl::context::tls_client);
  ctx->set_verify_mode(ssl::verify_peer);
  ctx->load_verify_file(ca_file);
  return ctx;
}

// TCP connection and TLS handshake, the certificate checked against 127.0.0.1. The server's TLS
// stream, whose OpenSSL operations are compiled once, in the server's library.
void open_tls(net::io_context& io, server::tls_stream& stream, std::uint16_t port) {
  auto& lowest = beast::get_lowest_layer(stream);
  check(finish(io, lowest, 5s,
               [&](auto handler) {
                 lowest.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                                      std::move(handler));
               }),
        "connect");
  stream.next_layer().set_verify_callback(ssl::host_name_verification("127.0.0.1"));
  check(finish(io, lowest, 5s,
               [&](auto handler) {
                 stream.async_handshake(ssl::stream_base::client, std::move(handler));
               }),
        "TLS handshake");
}

}  // namespace

tls_files make_self_signed(const std::string& dir, const std::string& stem) {
  static int serial = 1;
  EVP_PKEY* key = EVP_EC_gen("P-256");
  require(key != nullptr, "EVP_EC_gen");
  X509* cert = X509_new();
  require(cert != nullptr, "X509_new");
  X509_set_version(cert, 2);  // v3, for the subjectAltName
  ASN1_INTEGER_set(X509_get_serialNumber(cert), serial++);
  X509_gmtime_adj(X509_getm_notBefore(cert), -3600);
  X509_gmtime_adj(X509_getm_notAfter(cert), 24 * 3600);
  X509_set_pubkey(cert, key);
  X509_NAME* name = X509_get_subject_name(cert);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("127.0.0.1"), -1, -1, 0);
  X509_set_issuer_name(cert, name);
  X509V3_CTX v3;
  X509V3_set_ctx_nodb(&v3);
  X509V3_set_ctx(&v3, cert, cert, nullptr, nullptr, 0);
  // Clients check the address they connected to against the subjectAltName, not the CN.
  X509_EXTENSION* san = X509V3_EXT_conf_nid(nullptr, &v3, NID_subject_alt_name, "IP:127.0.0.1");
  require(san != nullptr && X509_add_ext(cert, san, -1) == 1, "subjectAltName");
  X509_EXTENSION_free(san);
  require(X509_sign(cert, key, EVP_sha256()) > 0, "X509_sign");

  tls_files files{dir + "/" + stem + "-cert.pem", dir + "/" + stem + "-key.pem"};
  write_pem(files.cert, [&](FILE* f) { return PEM_write_X509(f, cert); });
  write_pem(files.key, [&](FILE* f) {
    return PEM_write_PrivateKey(f, key, nullptr, nullptr, 0, nullptr, nullptr);
  });
  chmod(files.key.c_str(), 0600);
  X509_free(cert);
  EVP_PKEY_free(key);
  return files;
}

http_reply https_get(std::uint16_t port, const std::string& target, const std::string& ca_file) {
  net::io_context io;
  auto ctx = client_context(ca_file);
  server::tls_stream stream(tcp::socket(io), *ctx);
  open_tls(io, stream, port);
  auto& lowest = beast::get_lowest_layer(stream);
  http::request<http::string_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  check(finish(io, lowest, 5s,
               [&](auto handler) { http::async_write(stream, req, std::move(handler)); }),
        "write");
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  check(finish(io, lowest, 5s,
               [&](auto handler) { http::async_read(stream, buffer, res, std::move(handler)); }),
        "read");
  beast::error_code ignored;
  lowest.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return {static_cast<int>(res.result_int()), std::string(res[http::field::content_type]),
          res.body(), std::string(res["Content-Security-Policy"])};
}

struct wss_client::impl {
  net::io_context io;
  std::unique_ptr<ssl::context> ctx;
  std::optional<websocket::stream<server::tls_stream>> ws;
  beast::flat_buffer buffer;
  int status = 0;
  std::int64_t next_id = 1;

  beast::tcp_stream& lowest() { return beast::get_lowest_layer(*ws); }

  // The next message, or the error that ended the connection.
  std::expected<std::string, beast::error_code> read(std::chrono::milliseconds timeout) {
    auto ec = finish(io, lowest(), timeout,
                     [&](auto handler) { ws->async_read(buffer, std::move(handler)); });
    if (ec) return std::unexpected(ec);
    std::string text = beast::buffers_to_string(buffer.data());
    buffer.consume(buffer.size());
    return text;
  }
};

wss_client::wss_client(std::uint16_t port, const std::string& ca_file, const std::string& origin)
    : impl_(std::make_unique<impl>()) {
  impl_->ctx = client_context(ca_file);
  impl_->ws.emplace(tcp::socket(impl_->io), *impl_->ctx);
  open_tls(impl_->io, impl_->ws->next_layer(), port);
  if (!origin.empty()) {
    impl_->ws->set_option(websocket::stream_base::decorator(
        [origin](websocket::request_type& req) { req.set(http::field::origin, origin); }));
  }
  websocket::response_type res;
  auto ec = finish(impl_->io, impl_->lowest(), 5s, [&](auto handler) {
    impl_->ws->async_handshake(res, "127.0.0.1:" + std::to_string(port), "/ws", std::move(handler));
  });
  impl_->status = static_cast<int>(res.result_int());
  if (ec && ec != websocket::error::upgrade_declined) check(ec, "WebSocket handshake");
}

wss_client::~wss_client() {
  beast::error_code ignored;
  impl_->lowest().socket().close(ignored);
}

int wss_client::upgrade_status() const {
  return impl_->status;
}

std::optional<json> wss_client::call(const std::string& method, json params,
                                     std::chrono::milliseconds timeout) {
  std::int64_t id = impl_->next_id++;
  std::string request =
      json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump();
  impl_->ws->text(true);
  if (finish(impl_->io, impl_->lowest(), timeout, [&](auto handler) {
        impl_->ws->async_write(net::buffer(request), std::move(handler));
      })) {
    return std::nullopt;
  }
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left <= 0ms) return std::nullopt;
    auto text = impl_->read(left);
    if (!text) return std::nullopt;
    json reply = json::parse(*text, nullptr, false);
    if (reply.is_object() && reply.value("id", json()) == id) return reply;
  }
}

std::optional<unsigned short> wss_client::wait_closed(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left <= 0ms) return std::nullopt;
    auto text = impl_->read(left);
    if (text) continue;
    if (text.error() == websocket::error::closed) return impl_->ws->reason().code;
    if (text.error() == beast::error::timeout) return std::nullopt;
    return 1006;
  }
}

}  // namespace boardroom::test
