#pragma once
// Unguessable identifiers from libsodium's CSPRNG (the operating system's random source).

#include <cstddef>
#include <string>

namespace boardroom::server {

// `bytes` random bytes as lowercase hex.
std::string random_hex(std::size_t bytes);

// A short code people can type: `length` characters from an alphabet without look-alikes.
std::string random_code(std::size_t length);

}  // namespace boardroom::server
