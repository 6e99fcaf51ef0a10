#include "server/rooms/ids.hpp"

#include <random>

namespace boardroom::server {

namespace {

// std::random_device reads the kernel's CSPRNG on Linux (getrandom), so tokens are unguessable.
// One device per thread: it is not thread-safe to share.
std::random_device& device() {
  thread_local std::random_device d;
  return d;
}

}  // namespace

std::string random_hex(std::size_t bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes * 2);
  for (std::size_t i = 0; i < bytes; i += 4) {
    unsigned word = device()();
    for (std::size_t j = 0; j < 4 && i + j < bytes; ++j, word >>= 8) {
      out += digits[(word >> 4) & 0xf];
      out += digits[word & 0xf];
    }
  }
  return out;
}

std::string random_code(std::size_t length) {
  static constexpr char alphabet[] = "23456789abcdefghjkmnpqrstuvwxyz";  // no 0/o, 1/l/i
  std::uniform_int_distribution<std::size_t> pick(0, sizeof(alphabet) - 2);
  std::string out;
  for (std::size_t i = 0; i < length; ++i)
    out += alphabet[pick(device())];
  return out;
}

}  // namespace boardroom::server
