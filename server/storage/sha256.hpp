#pragma once
// SHA-256 (FIPS 180-4), for storing resume tokens as hashes: the database never holds a token a
// thief could replay. Small and self-contained; the test checks the standard vectors.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace boardroom::server {

std::array<std::uint8_t, 32> sha256(std::string_view data);

// The digest as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace boardroom::server
