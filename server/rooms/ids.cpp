#include "server/rooms/ids.hpp"

#include <sodium.h>

#include "server/accounts/secrets.hpp"

namespace boardroom::server {

std::string random_hex(std::size_t bytes) {
  sodium_ready();
  std::string raw(bytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  return to_hex(raw.data(), raw.size());
}

std::string random_code(std::size_t length) {
  static constexpr char alphabet[] = "23456789abcdefghjkmnpqrstuvwxyz";  // no 0/o, 1/l/i
  sodium_ready();
  std::string out;
  for (std::size_t i = 0; i < length; ++i)
    out += alphabet[randombytes_uniform(sizeof(alphabet) - 1)];  // without modulo bias
  return out;
}

}  // namespace boardroom::server
