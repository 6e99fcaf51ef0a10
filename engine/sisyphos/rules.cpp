#include "engine/sisyphos/rules.hpp"

namespace boardroom::engine::sisyphos {

std::string_view edition_name(edition e) {
  return e == edition::forum2007 ? "forum2007" : "perlhuhn2007";
}

rules rules::of(edition e, int move_limit) {
  rules r;
  r.source = e;
  r.reenter_on_start_squares_only = e == edition::perlhuhn2007;
  r.move_limit = move_limit == 0 ? edition_move_limit(e) : move_limit;
  return r;
}

rules rules_from_params(const param_map& params) {
  edition e =
      get_choice(params, "edition") == "perlhuhn2007" ? edition::perlhuhn2007 : edition::forum2007;
  return rules::of(e, static_cast<int>(get_int(params, "move_limit")));
}

}  // namespace boardroom::engine::sisyphos
