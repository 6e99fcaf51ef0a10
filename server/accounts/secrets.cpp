#include "server/accounts/secrets.hpp"

#include <sodium.h>

#include <stdexcept>

namespace boardroom::server {

void sodium_ready() {
  static const bool initialised = [] {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
    return true;
  }();
  (void)initialised;
}

std::string to_hex(const void* data, std::size_t size) {
  std::string out(size * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), static_cast<const unsigned char*>(data), size);
  out.pop_back();  // the terminating zero
  return out;
}

std::string sha256_hex(std::string_view data) {
  sodium_ready();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  return to_hex(digest, sizeof digest);
}

std::expected<std::string, std::string> hash_password(std::string_view password,
                                                      password_cost cost) {
  sodium_ready();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.passes, cost.memory_bytes,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return std::unexpected(std::string("not enough memory to hash a password"));
  }
  return std::string(out);
}

bool password_matches(std::string_view hash, std::string_view password) {
  sodium_ready();
  if (hash.size() >= crypto_pwhash_STRBYTES) return false;
  std::string stored(hash);  // zero-terminated, as libsodium reads it
  return crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0;
}

}  // namespace boardroom::server
