#pragma once
// Secrets, all through libsodium: resume tokens are stored as SHA-256 hashes (the database never
// holds a token a thief could replay) and passwords as Argon2id hashes with a random salt. The
// tokens and ids themselves come from the same library's CSPRNG (server/rooms/ids.hpp).

#include <cstddef>
#include <expected>
#include <string>
#include <string_view>

namespace boardroom::server {

// libsodium is initialised once, before its first use (thread-safe; every function here calls it).
void sodium_ready();

// `size` bytes as lowercase hex digits.
std::string to_hex(const void* data, std::size_t size);

// The digest as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

// What one password hash costs: Argon2id's passes and memory (config.hpp: limits).
struct password_cost {
  unsigned long long passes = 2;  // libsodium's "interactive" level
  std::size_t memory_bytes = 64u * 1024 * 1024;
};

// The self-describing Argon2id string ("$argon2id$v=19$m=...,t=...,p=1$salt$hash"), or why not
// (out of memory).
std::expected<std::string, std::string> hash_password(std::string_view password,
                                                      password_cost cost);
// Whether `password` is the one `hash` was made from; in time that does not depend on where a
// wrong guess differs.
bool password_matches(std::string_view hash, std::string_view password);

}  // namespace boardroom::server
