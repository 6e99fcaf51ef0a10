#pragma once
// Exact fractions over int64: the discs' angles and the contact shares between cells. The wall
// rule compares shares against 40 %, and 40 % occurs exactly at the boundary between the 6- and
// the 15-cell rings, so floating point is not good enough.

#include <compare>
#include <cstdint>
#include <numeric>
#include <string>

namespace boardroom::engine::shiamgon {

class fraction {
 public:
  constexpr fraction(std::int64_t num = 0, std::int64_t den = 1) : num_(num), den_(den) {
    if (den_ < 0) {
      num_ = -num_;
      den_ = -den_;
    }
    std::int64_t g = std::gcd(num_ < 0 ? -num_ : num_, den_);
    if (g > 1) {
      num_ /= g;
      den_ /= g;
    }
  }

  constexpr std::int64_t num() const { return num_; }
  constexpr std::int64_t den() const { return den_; }

  friend constexpr fraction operator+(fraction a, fraction b) {
    return {a.num_ * b.den_ + b.num_ * a.den_, a.den_ * b.den_};
  }
  friend constexpr fraction operator-(fraction a, fraction b) {
    return {a.num_ * b.den_ - b.num_ * a.den_, a.den_ * b.den_};
  }
  friend constexpr fraction operator*(fraction a, fraction b) {
    return {a.num_ * b.num_, a.den_ * b.den_};
  }
  friend constexpr fraction operator/(fraction a, fraction b) {
    return {a.num_ * b.den_, a.den_ * b.num_};
  }
  friend constexpr bool operator==(fraction a, fraction b) = default;
  friend constexpr std::strong_ordering operator<=>(fraction a, fraction b) {
    return a.num_ * b.den_ <=> b.num_ * a.den_;
  }

  // The largest integer not above the fraction.
  constexpr std::int64_t floor() const {
    return num_ >= 0 ? num_ / den_ : -((-num_ + den_ - 1) / den_);
  }
  double to_double() const { return static_cast<double>(num_) / static_cast<double>(den_); }
  std::string text() const {
    return den_ == 1 ? std::to_string(num_) : std::to_string(num_) + "/" + std::to_string(den_);
  }

 private:
  std::int64_t num_;
  std::int64_t den_;
};

constexpr fraction min(fraction a, fraction b) {
  return a < b ? a : b;
}
constexpr fraction max(fraction a, fraction b) {
  return a < b ? b : a;
}

}  // namespace boardroom::engine::shiamgon
