#pragma once
// A signed integer of 64 * Limbs bits in two's complement, for the weights of the Dutch pairing
// (dutch.cpp) and the matching's duals (weighted_matching.hpp). The matching spends its time
// adding, subtracting and comparing these; two's complement makes each a pass over the limbs with
// a carry, where a sign-and-magnitude integer (boost's cpp_int) compares magnitudes first.
// Overflow wraps: the pairing checks beforehand that its weights fit (with the matching's
// headroom). Only what the two need is here: +, -, shifts, comparisons, and multiplication,
// division and remainder by a small int.

#include <array>
#include <compare>
#include <concepts>
#include <cstdint>

namespace boardroom::tournaments {

template <int Limbs>
class fixed_int {
  static_assert(Limbs >= 2);

 public:
  using limb = std::uint64_t;
  __extension__ typedef unsigned __int128 double_limb;  // g++ and clang++ have it

  constexpr fixed_int() = default;
  template <std::integral I>
  constexpr fixed_int(I v) {  // NOLINT: implicit, as for the built-in integers
    const auto x = static_cast<std::int64_t>(v);
    limbs_[0] = static_cast<limb>(x);
    const limb fill = x < 0 ? ~limb{0} : 0;
    for (int i = 1; i < Limbs; ++i)
      limbs_[i] = fill;
  }

  constexpr bool negative() const { return static_cast<std::int64_t>(limbs_[Limbs - 1]) < 0; }

  constexpr fixed_int& operator+=(const fixed_int& o) {
    unsigned char carry = 0;
    for (int i = 0; i < Limbs; ++i) {
      const limb a = limbs_[i];
      const limb s = a + o.limbs_[i];
      const limb t = s + carry;
      carry = static_cast<unsigned char>((s < a) | (t < s));
      limbs_[i] = t;
    }
    return *this;
  }
  constexpr fixed_int& operator-=(const fixed_int& o) {
    unsigned char borrow = 0;
    for (int i = 0; i < Limbs; ++i) {
      const limb a = limbs_[i];
      const limb d = a - o.limbs_[i];
      const limb t = d - borrow;
      borrow = static_cast<unsigned char>((d > a) | (t > d));
      limbs_[i] = t;
    }
    return *this;
  }
  constexpr fixed_int operator-() const {
    fixed_int r;
    r -= *this;
    return r;
  }
  friend constexpr fixed_int operator+(fixed_int a, const fixed_int& b) { return a += b; }
  friend constexpr fixed_int operator-(fixed_int a, const fixed_int& b) { return a -= b; }

  constexpr fixed_int& operator<<=(int bits) {
    if (bits <= 0) return bits == 0 ? *this : *this >>= -bits;
    const int whole = bits / 64, part = bits % 64;
    for (int i = Limbs - 1; i >= 0; --i) {
      limb v = i - whole >= 0 ? limbs_[i - whole] << part : 0;
      if (part != 0 && i - whole - 1 >= 0) v |= limbs_[i - whole - 1] >> (64 - part);
      limbs_[i] = v;
    }
    return *this;
  }
  // Arithmetic: rounds towards minus infinity.
  constexpr fixed_int& operator>>=(int bits) {
    if (bits <= 0) return bits == 0 ? *this : *this <<= -bits;
    const limb fill = negative() ? ~limb{0} : 0;
    const int whole = bits / 64, part = bits % 64;
    for (int i = 0; i < Limbs; ++i) {
      const int from = i + whole;
      limb v = from < Limbs ? limbs_[from] >> part : fill >> part;
      if (part != 0) v |= (from + 1 < Limbs ? limbs_[from + 1] : fill) << (64 - part);
      limbs_[i] = v;
    }
    return *this;
  }
  friend constexpr fixed_int operator<<(fixed_int a, int bits) { return a <<= bits; }
  friend constexpr fixed_int operator>>(fixed_int a, int bits) { return a >>= bits; }

  // By a small factor (|f| < 2^63).
  friend constexpr fixed_int operator*(std::int64_t f, const fixed_int& a) {
    const bool flip = (f < 0) != a.negative();
    const fixed_int m = a.negative() ? -a : a;
    const auto u = static_cast<limb>(f < 0 ? -f : f);
    fixed_int r;
    double_limb carry = 0;
    for (int i = 0; i < Limbs; ++i) {
      const double_limb p = static_cast<double_limb>(m.limbs_[i]) * u + carry;
      r.limbs_[i] = static_cast<limb>(p);
      carry = p >> 64;
    }
    return flip ? -r : r;
  }
  friend constexpr fixed_int operator*(const fixed_int& a, std::int64_t f) { return f * a; }

  // Truncates towards zero, as the built-in division does (d > 0).
  friend constexpr fixed_int operator/(const fixed_int& a, std::int64_t d) {
    fixed_int q = a.negative() ? -a : a;
    const auto u = static_cast<limb>(d);
    double_limb rest = 0;
    for (int i = Limbs - 1; i >= 0; --i) {
      const double_limb cur = (rest << 64) | q.limbs_[i];
      q.limbs_[i] = static_cast<limb>(cur / u);
      rest = cur % u;
    }
    return a.negative() ? -q : q;
  }
  friend constexpr fixed_int operator%(const fixed_int& a, std::int64_t d) { return a - a / d * d; }

  friend constexpr bool operator==(const fixed_int& a, const fixed_int& b) {
    for (int i = 0; i < Limbs; ++i) {
      if (a.limbs_[i] != b.limbs_[i]) return false;
    }
    return true;
  }
  friend constexpr std::strong_ordering operator<=>(const fixed_int& a, const fixed_int& b) {
    const auto ta = static_cast<std::int64_t>(a.limbs_[Limbs - 1]);
    const auto tb = static_cast<std::int64_t>(b.limbs_[Limbs - 1]);
    if (ta != tb) return ta <=> tb;
    for (int i = Limbs - 2; i >= 0; --i) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] <=> b.limbs_[i];
    }
    return std::strong_ordering::equal;
  }
  // With the built-in integers on either side (a template operator would not convert them).
  template <std::integral I>
  friend constexpr bool operator==(const fixed_int& a, I b) {
    return a == fixed_int(b);
  }
  template <std::integral I>
  friend constexpr std::strong_ordering operator<=>(const fixed_int& a, I b) {
    return a <=> fixed_int(b);
  }
  template <std::integral I>
  friend constexpr fixed_int operator+(fixed_int a, I b) {
    return a += fixed_int(b);
  }
  template <std::integral I>
  friend constexpr fixed_int operator+(I a, const fixed_int& b) {
    return fixed_int(a) += b;
  }
  template <std::integral I>
  friend constexpr fixed_int operator-(fixed_int a, I b) {
    return a -= fixed_int(b);
  }

  constexpr limb limb_at(int i) const { return limbs_[i]; }

 private:
  std::array<limb, Limbs> limbs_{};
};

}  // namespace boardroom::tournaments
