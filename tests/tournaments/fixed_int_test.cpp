// The two's-complement integer of the Dutch weights against boost's on random operands.

#include "server/tournaments/fixed_int.hpp"

#include <cstdint>
#include <random>

#include <gtest/gtest.h>
#include <boost/multiprecision/cpp_int.hpp>

namespace boardroom::test {
namespace {

using tournaments::fixed_int;
using big = boost::multiprecision::int256_t;
using mine = fixed_int<4>;

big to_big(const mine& x) {
  const bool negative = x.negative();
  const mine m = negative ? -x : x;
  big r = 0;
  for (int i = 3; i >= 0; --i)
    r = (r << 64) + m.limb_at(i);
  return negative ? big(-r) : r;
}

// A random value of up to 250 bits (so that sums and shifts by a few bits stay in range).
mine random_value(std::mt19937_64& rng) {
  mine x = static_cast<std::int64_t>(rng() >> 1);
  const int shifts = static_cast<int>(rng() % 4);
  for (int i = 0; i < shifts; ++i) {
    x <<= 60;
    x += static_cast<std::int64_t>(rng() >> 4);
  }
  if (rng() % 2 == 0) x = -x;
  return x;
}

TEST(FixedInt, AgreesWithBoost) {
  std::mt19937_64 rng(256);
  for (int trial = 0; trial < 20000; ++trial) {
    const mine a = random_value(rng);
    const mine b = random_value(rng);
    const big A = to_big(a), B = to_big(b);
    ASSERT_EQ(to_big(a + b), A + B);
    ASSERT_EQ(to_big(a - b), A - B);
    ASSERT_EQ(a < b, A < B);
    ASSERT_EQ(a == b, A == B);
    ASSERT_EQ(a <= a, true);
    const int s = static_cast<int>(rng() % 5);
    ASSERT_EQ(to_big((a >> 10) << s), (A >> 10) << s);  // boost's >> rounds down too
    ASSERT_EQ(to_big(a >> s), A >> s);
    const std::int64_t f = static_cast<std::int64_t>(rng() % 1000) - 500;
    ASSERT_EQ(to_big((a >> 12) * f), (A >> 12) * f);
    const std::int64_t d = 1 + static_cast<std::int64_t>(rng() % 1000);
    ASSERT_EQ(to_big(a / d), A / d);
    ASSERT_EQ(to_big(a % d), A % d);
  }
  EXPECT_EQ(to_big(mine(-1) << 200), big(-1) << 200);
  EXPECT_EQ(to_big(mine(1) << 255 >> 255), big(-1));  // the sign bit, shifted back
  EXPECT_TRUE(mine(-5) < 0);
  EXPECT_TRUE(mine(5) > 0);
  EXPECT_EQ(mine(7) % 2, 1);
}

}  // namespace
}  // namespace boardroom::test
