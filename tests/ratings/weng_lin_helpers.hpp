#pragma once
// Shared by the Weng-Lin tests: one game rated and compared with a published vector.

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "server/ratings/weng_lin.hpp"

namespace boardroom::test {

// OpenSkill's model-level tests call the models without the dynamics term.
inline ratings::weng_lin_settings without_tau() {
  ratings::weng_lin_settings s;
  s.tau = 0;
  return s;
}

inline std::vector<ratings::weng_lin_rating> rated(ratings::weng_lin_model m,
                                                   const std::vector<ratings::weng_lin_rating>& p,
                                                   const std::vector<int>& ranks,
                                                   const ratings::weng_lin_settings& s = {}) {
  return ratings::weng_lin_update(m, p, ranks, s);
}

// The published vectors have every digit OpenSkill computed; 1e-9 leaves room only for the
// order of floating-point operations.
inline void expect_ratings(const std::vector<ratings::weng_lin_rating>& actual,
                           const std::vector<ratings::weng_lin_rating>& expected,
                           double tolerance = 1e-9) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    EXPECT_NEAR(actual[i].mu, expected[i].mu, tolerance) << "player " << i;
    EXPECT_NEAR(actual[i].sigma, expected[i].sigma, tolerance) << "player " << i;
  }
}

}  // namespace boardroom::test
