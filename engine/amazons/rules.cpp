#include "engine/amazons/rules.hpp"

#include <algorithm>
#include <string>

namespace boardroom::engine::amazons {

result<rules> rules_from_params(const param_map& params) {
  auto size = get_int(params, "board_size");
  if (!valid_size(static_cast<int>(size))) {
    return fail("bad_parameter",
                "parameter 'board_size' must be 6, 8 or 10, not " + std::to_string(size),
                "board_size");
  }
  rules r;
  r.size = static_cast<int>(size);
  r.swap = get_bool(params, "swap");
  r.komi = static_cast<int>(get_int(params, "komi"));
  return r;
}

std::array<square, 4> start_squares(const rules& r, colour c) {
  // (file, rank) of White's amazons, 0-based; Black's are their mirror images across the middle
  // rank. 10x10: d1 g1 a4 j4; 8x8: c1 f1 a3 h3; 6x6: b1 e1 a2 f2 (rules/amazons.md).
  struct place {
    int file, rank;
  };
  std::array<place, 4> white{};
  switch (r.size) {
    case 6:
      white = {place{1, 0}, {4, 0}, {0, 1}, {5, 1}};
      break;
    case 8:
      white = {place{2, 0}, {5, 0}, {0, 2}, {7, 2}};
      break;
    default:
      white = {place{3, 0}, {6, 0}, {0, 3}, {9, 3}};
      break;
  }
  const auto& g = r.geometry();
  std::array<square, 4> out{};
  for (int i = 0; i < 4; ++i) {
    int rank = c == colour::white ? white[i].rank : r.size - 1 - white[i].rank;
    out[i] = g.make_square(white[i].file, rank);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace boardroom::engine::amazons
