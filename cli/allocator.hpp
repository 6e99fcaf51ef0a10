#pragma once
// The allocator the executable runs on: mimalloc where it is linked (BOARDROOM_MIMALLOC, the
// default outside the sanitizer builds; why in docs/performance.md), else the C library's malloc,
// or the sanitizer's that replaces it.
// The start-up log names it, which is also what keeps the library linked: nothing else in the
// program calls it by name.

#include <string>

#ifdef BOARDROOM_MIMALLOC
#include <mimalloc.h>
#endif

namespace boardroom::cli {

inline std::string allocator_name() {
#ifdef BOARDROOM_MIMALLOC
  const int v = mi_version();  // 209 for 2.0.9
  return "mimalloc " + std::to_string(v / 100) + "." + std::to_string(v / 10 % 10) + "." +
         std::to_string(v % 10);
#else
  return "the C library's malloc (or a sanitizer's)";
#endif
}

}  // namespace boardroom::cli
