#pragma once
// TLS for the tests: a self-signed certificate made at test time, and synchronous clients that
// trust that certificate alone (an https GET, a wss:// connection). Every operation has a
// timeout; nothing runs in the background.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/ws_client.hpp"

namespace boardroom::test {

struct tls_files {
  std::string cert;  // PEM certificate
  std::string key;   // PEM private key, unencrypted, mode 600
};

// A fresh P-256 key and a self-signed certificate for 127.0.0.1 (as subjectAltName), valid for a
// day, written into `dir` as STEM-cert.pem and STEM-key.pem. Throws when OpenSSL fails.
tls_files make_self_signed(const std::string& dir, const std::string& stem = "server");

// GET https://127.0.0.1:PORT/target, trusting only the certificate in `ca_file` (and checking it
// names 127.0.0.1). Throws when the connection, the handshake or the exchange fails.
http_reply https_get(std::uint16_t port, const std::string& target, const std::string& ca_file);

class wss_client {
 public:
  // Opens wss://127.0.0.1:PORT/ws trusting only `ca_file`, sending `origin` as the Origin header
  // unless it is empty. Throws when TCP or TLS fails; an upgrade the server declines leaves
  // upgrade_status() at its HTTP status (not 101), and the client unusable.
  wss_client(std::uint16_t port, const std::string& ca_file, const std::string& origin = "");
  ~wss_client();
  wss_client(const wss_client&) = delete;
  wss_client& operator=(const wss_client&) = delete;

  int upgrade_status() const;

  // A JSON-RPC request; returns its response (notifications before it are skipped), nothing when
  // the connection ended or `timeout` passed.
  std::optional<json> call(const std::string& method, json params = json::object(),
                           std::chrono::milliseconds timeout = 5s);

  // Reads until the server closes; returns its close code (1006 when the TCP connection ended
  // without a close frame), nothing when `timeout` passed first.
  std::optional<unsigned short> wait_closed(std::chrono::milliseconds timeout = 5s);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace boardroom::test
