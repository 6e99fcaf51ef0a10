#include "server/rooms/ids.hpp"

#include <sodium.h>

#include <algorithm>
#include <ctime>

#include "server/accounts/secrets.hpp"

namespace boardroom::server {

std::uint64_t random_seed() {
  sodium_ready();
  std::uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  return seed;
}

std::string random_hex(std::size_t bytes) {
  sodium_ready();
  std::string raw(bytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  return to_hex(raw.data(), raw.size());
}

namespace {
constexpr char alphabet[] = "23456789abcdefghjkmnpqrstuvwxyz";  // no 0/o, 1/l/i, in ASCII order
constexpr std::uint64_t base = sizeof(alphabet) - 1;
constexpr std::size_t time_digits = 7;
// The last second the time digits hold, 31^7 - 1 ("zzzzzzz").
constexpr std::int64_t last_second = [] {
  std::uint64_t seconds = 1;
  for (std::size_t i = 0; i < time_digits; ++i)
    seconds *= base;
  return static_cast<std::int64_t>(seconds - 1);
}();
}  // namespace

std::string random_code(std::size_t length) {
  sodium_ready();
  // Random bytes drawn together, a few spare: each call asks the operating system (a system call,
  // where randombytes_uniform made one per character). A byte from 248 up is passed over, so that
  // every character is as likely as the others (248 = 8 * 31).
  constexpr unsigned limit = 256 - 256 % base;
  std::string out;
  out.reserve(length);
  std::string bytes;
  while (out.size() < length) {
    bytes.resize(length - out.size() + 8);
    randombytes_buf(bytes.data(), bytes.size());
    for (const char b : bytes) {
      const auto u = static_cast<unsigned char>(b);
      if (u < limit && out.size() < length) out += alphabet[u % base];
    }
  }
  return out;
}

std::string new_room_id(std::int64_t unix_seconds) {
  auto seconds = static_cast<std::uint64_t>(std::clamp<std::int64_t>(unix_seconds, 0, last_second));
  std::string id = "r" + std::string(time_digits, alphabet[0]);
  for (std::size_t i = time_digits; i >= 1 && seconds > 0; --i, seconds /= base)
    id[i] = alphabet[seconds % base];
  return id + random_code(10);
}

std::string new_room_id() {
  return new_room_id(std::time(nullptr));
}

}  // namespace boardroom::server
