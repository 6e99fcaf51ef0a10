#pragma once
// The listener's TLS: a server context made once at start from the operator's PEM files, shared
// by every connection.

#include <expected>
#include <memory>
#include <string>

#include <boost/asio/ssl/context.hpp>

namespace boardroom::server {

// TLS 1.2 and 1.3 only, forward-secret AEAD ciphers for TLS 1.2 (OpenSSL's defaults for 1.3).
// `cert_file` holds the certificate chain, the server's own certificate first; `key_file` its
// private key, unencrypted. Fails with words for the operator: a file that cannot be read, that
// holds no PEM certificate or key, or a key that does not belong to the certificate.
std::expected<std::unique_ptr<boost::asio::ssl::context>, std::string> make_tls_context(
    const std::string& cert_file, const std::string& key_file);

}  // namespace boardroom::server
