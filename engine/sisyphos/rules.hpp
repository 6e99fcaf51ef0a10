#pragma once
// The rule variants as a plain struct of switches, made from the game's parameters.

#include <cstdint>
#include <string_view>

#include "engine/core/params.hpp"

namespace boardroom::engine::sisyphos {

// Which published rule text: the author's forum post (March 2007) or the printed edition.
enum class edition : std::uint8_t { forum2007, perlhuhn2007 };

std::string_view edition_name(edition e);

constexpr int edition_move_limit(edition e) {
  return e == edition::forum2007 ? 60 : 50;
}

struct rules {
  edition source = edition::forum2007;
  // perlhuhn2007: a stone re-enters only on its side's start squares, never elsewhere.
  bool reenter_on_start_squares_only = false;
  // Sisyphos's turns (re-entries included); after that many the spirits have won.
  int move_limit = edition_move_limit(edition::forum2007);

  // `move_limit` 0 means the edition's own limit.
  static rules of(edition e, int move_limit = 0);
};

// `params` must be resolved against the game's param_specs().
rules rules_from_params(const param_map& params);

}  // namespace boardroom::engine::sisyphos
