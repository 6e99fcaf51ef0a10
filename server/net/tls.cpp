#include "server/net/tls.hpp"

#include <openssl/ssl.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace boardroom::server {

namespace ssl = boost::asio::ssl;

namespace {

// Mozilla's "intermediate" TLS 1.2 list: ECDHE key exchange (forward secrecy) and AEAD ciphers
// only. TLS 1.3 has its own, all of them fine.
constexpr const char* tls12_ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
    "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
    "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

// Read first on our own: OpenSSL's words for a missing file ("system lib") tell the operator
// less than the system's ("No such file or directory").
std::expected<void, std::string> readable(const std::string& what, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::unexpected("cannot read the " + what + " " + path + ": " + std::strerror(errno));
  return {};
}

}  // namespace

std::expected<std::unique_ptr<ssl::context>, std::string> make_tls_context(
    const std::string& cert_file, const std::string& key_file) {
  if (cert_file.empty() != key_file.empty()) {
    return std::unexpected(
        "--tls-cert and --tls-key go together: give both (to serve https:// and wss://) or "
        "neither");
  }
  if (auto ok = readable("TLS certificate file", cert_file); !ok)
    return std::unexpected(ok.error());
  if (auto ok = readable("TLS key file", key_file); !ok) return std::unexpected(ok.error());

  auto ctx = std::make_unique<ssl::context>(ssl::context::tls_server);
  // SSL 3, TLS 1.0 and 1.1 have known weaknesses; every client worth serving speaks 1.2.
  SSL_CTX_set_min_proto_version(ctx->native_handle(), TLS1_2_VERSION);
  ctx->set_options(ssl::context::default_workarounds | ssl::context::no_compression |
                   ssl::context::single_dh_use);
  if (SSL_CTX_set_cipher_list(ctx->native_handle(), tls12_ciphers) != 1) {
    return std::unexpected("this OpenSSL offers none of the TLS 1.2 ciphers the server uses");
  }
  // An encrypted key would make OpenSSL ask for its pass phrase on the terminal, blocking the
  // start; with no pass phrase it fails with words instead.
  ctx->set_password_callback(
      [](std::size_t, ssl::context::password_purpose) { return std::string(); });
  boost::system::error_code ec;
  ctx->use_certificate_chain_file(cert_file, ec);
  if (ec) {
    return std::unexpected(
        "cannot use the TLS certificate file " + cert_file +
        " (a PEM certificate chain, the server's certificate first): " + ec.message());
  }
  ctx->use_private_key_file(key_file, ssl::context::pem, ec);
  if (ec) {
    return std::unexpected("cannot use the TLS key file " + key_file +
                           " (the certificate's PEM private key, unencrypted): " + ec.message());
  }
  if (SSL_CTX_check_private_key(ctx->native_handle()) != 1) {
    return std::unexpected("the TLS key file " + key_file +
                           " does not hold the private key of the certificate in " + cert_file);
  }
  return ctx;
}

}  // namespace boardroom::server
