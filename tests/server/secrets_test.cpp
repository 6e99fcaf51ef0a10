// Secrets: SHA-256 against the FIPS 180-2 examples and the padding boundaries, Argon2id password
// hashes, random ids.

#include "server/accounts/secrets.hpp"

#include <map>
#include <set>

#include <gtest/gtest.h>

#include "server/rooms/ids.hpp"

namespace boardroom::server {
namespace {

TEST(Sha256, StandardVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(
      sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklm"
                 "nopqklmnopqrlmnopqrsmnopqrstnopqrstu"),
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Lengths around the block size: the padding takes one block or two.
TEST(Sha256, PaddingBoundaries) {
  const std::pair<int, const char*> cases[] = {
      {55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
      {56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"},
      {63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"},
      {64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"},
      {65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"},
      {119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"},
      {120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"},
  };
  for (const auto& [n, digest] : cases)
    EXPECT_EQ(sha256_hex(std::string(n, 'a')), digest) << n;
}

// The cheapest cost libsodium allows, so that the tests stay quick; the server's default is its
// "interactive" level (2 passes, 64 MiB).
constexpr password_cost cheap{1, 8 * 1024};

TEST(Passwords, AHashIsArgon2idWithItsCostAndASaltOfItsOwn) {
  auto first = hash_password("correct horse battery staple", cheap);
  auto second = hash_password("correct horse battery staple", cheap);
  ASSERT_TRUE(first && second);
  EXPECT_EQ(first->rfind("$argon2id$v=19$m=8,t=1,p=1$", 0), 0u) << *first;
  EXPECT_NE(*first, *second) << "the same password hashed twice must differ (salt)";
  EXPECT_TRUE(password_matches(*first, "correct horse battery staple"));
  EXPECT_TRUE(password_matches(*second, "correct horse battery staple"));
}

TEST(Passwords, AWrongPasswordOrAMangledHashDoesNotMatch) {
  auto hash = hash_password("s3cret-enough", cheap);
  ASSERT_TRUE(hash);
  EXPECT_FALSE(password_matches(*hash, "s3cret-enougH"));
  EXPECT_FALSE(password_matches(*hash, ""));
  EXPECT_FALSE(password_matches("", "s3cret-enough"));
  EXPECT_FALSE(password_matches("$argon2id$v=19$m=8,t=1,p=1$garbage", "s3cret-enough"));
  EXPECT_FALSE(password_matches(std::string(4096, '$'), "s3cret-enough"));
  std::string flipped = *hash;
  flipped.back() = flipped.back() == 'A' ? 'B' : 'A';
  EXPECT_FALSE(password_matches(flipped, "s3cret-enough"));
}

TEST(Ids, RandomIdsAreHexOfTheirLengthAndCodesAvoidLookAlikes) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    auto id = random_hex(8);
    ASSERT_EQ(id.size(), 16u);
    EXPECT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos) << id;
    seen.insert(id);
    auto code = random_code(6);
    ASSERT_EQ(code.size(), 6u);
    EXPECT_EQ(code.find_first_of("01ilo"), std::string::npos) << code;
  }
  EXPECT_EQ(seen.size(), 200u);
}

TEST(Ids, EveryCharacterOfACodeIsEquallyLikely) {
  // Bytes taken modulo the alphabet's 31 characters would favour the first eight by an eighth
  // (256 = 8 * 31 + 8): about 10,900 of each where 10,000 are expected here, nine standard
  // deviations (98) off.
  const std::string alphabet = "23456789abcdefghjkmnpqrstuvwxyz";
  const std::string code = random_code(310'000);
  ASSERT_EQ(code.size(), 310'000u);
  std::map<char, int> counts;
  for (char c : code)
    ++counts[c];
  ASSERT_EQ(counts.size(), alphabet.size());
  for (char c : alphabet) {
    EXPECT_NEAR(counts[c], 10'000, 500) << c;  // five standard deviations
  }
}

TEST(Ids, SeedsAreSixtyFourRandomBits) {
  std::set<std::uint64_t> seen;
  bool high_bits = false;  // std::random_device, used before, gave 32
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t seed = random_seed();
    seen.insert(seed);
    high_bits = high_bits || (seed >> 32) != 0;
  }
  EXPECT_EQ(seen.size(), 200u);
  EXPECT_TRUE(high_bits);
}

TEST(Ids, RoomIdsSortByTheSecondTheyAreMadeAndEndUnguessable) {
  const std::string alphabet = "23456789abcdefghjkmnpqrstuvwxyz";
  // 2026-11-29 00:00 UTC in seconds, written by hand in base 31: 1795910400 = 2*31^6 + 0*31^5 +
  // 22*31^4 + 19*31^3 + 20*31^2 + 10*31 + 17: the characters at positions 2, 0, 22, 19, 20, 10
  // and 17 of the alphabet.
  ASSERT_EQ(
      2 * 887503681LL + 0 * 28629151LL + 22 * 923521LL + 19 * 29791LL + 20 * 961LL + 10 * 31LL + 17,
      1795910400LL);
  const std::string id = new_room_id(1795910400);
  ASSERT_EQ(id.size(), 18u);
  EXPECT_EQ(id.substr(0, 8), "r42rnpck");
  EXPECT_EQ(new_room_id(27512614110).substr(0, 8), "rzzzzzzz");  // 31^7 - 1, the last second
  EXPECT_EQ(new_room_id(27512614111).substr(0, 8), "rzzzzzzz");  // and after it, still last
  EXPECT_EQ(id.substr(8).find_first_not_of(alphabet), std::string::npos) << id;
  EXPECT_EQ(new_room_id(0).substr(0, 8), "r2222222");
  EXPECT_EQ(new_room_id(-5).substr(0, 8), "r2222222");  // a clock before 1970 sorts first
  // Later seconds sort after earlier ones, whatever the random part (the alphabet's order is
  // ASCII's), across a carry into every digit too (31^k - 1, then 31^k).
  const std::int64_t seconds[] = {0,          1,          30,         31,         960,
                                  961,        29790,      29791,      923520,     923521,
                                  28629150,   28629151,   887503680,  887503681,  1795910400,
                                  1795910401, 1795910430, 1795910431, 27512614110};
  for (std::size_t i = 1; i < std::size(seconds); ++i)
    for (int k = 0; k < 20; ++k)
      EXPECT_LT(new_room_id(seconds[i - 1]), new_room_id(seconds[i])) << seconds[i];
  // Two ids of one second differ in their random part.
  std::set<std::string> same_second;
  for (int i = 0; i < 200; ++i)
    same_second.insert(new_room_id(1795910400));
  EXPECT_EQ(same_second.size(), 200u);
}

}  // namespace
}  // namespace boardroom::server
