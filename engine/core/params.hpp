#pragma once
// Typed game parameters: a game declares its specs, clients send values, resolve() checks them.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/core/error.hpp"

namespace boardroom::engine {

using param_value = std::variant<std::int64_t, bool, std::string>;
using param_map = std::map<std::string, param_value>;

struct param_spec {
  enum class kind { integer, boolean, choice };

  std::string name;
  kind type = kind::integer;
  param_value default_value;
  std::int64_t min = 0;              // integer only, inclusive
  std::int64_t max = 0;              // integer only, inclusive
  std::vector<std::int64_t> values;  // integer only: when not empty, the only values allowed
  std::vector<std::string> choices;  // choice only
  // Choice only: the player counts a choice is played with, where a choice (a board) offers only
  // some of the game's; a choice not named offers all of them. The engine's new_state() is the
  // judge, this tells clients in advance.
  std::map<std::string, std::vector<int>> players_by_choice;
  std::string description;

  static param_spec integer(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                            std::string description);
  // An integer that takes only some values in its range (board sizes); min and max are the
  // smallest and the largest of them. The first value is not necessarily the default.
  static param_spec integer_of(std::string name, std::int64_t def, std::vector<std::int64_t> values,
                               std::string description);
  static param_spec boolean(std::string name, bool def, std::string description);
  static param_spec choice(std::string name, std::vector<std::string> choices,
                           std::string description);  // the first choice is the default
};

// Fills in defaults and rejects unknown names, wrong types and out-of-range values.
result<param_map> resolve_params(const std::vector<param_spec>& specs, const param_map& given);

// Reads a value written as text ("8", "true", "perlhuhn2007") according to its spec.
result<param_value> parse_param_text(const param_spec& spec, const std::string& text);

std::string param_text(const param_value& value);
nlohmann::json param_json(const param_value& value);
nlohmann::json spec_json(const param_spec& spec);

// For game::upgrade_params(), which reads old parameter names into new ones.
// Takes `old_name` out of `given`: nothing when it is not there, else its value, which must be an
// integer in [min, max]. Errors: bad_parameter.
result<std::optional<std::int64_t>> take_old_integer(param_map& given, const std::string& old_name,
                                                     std::int64_t min, std::int64_t max);
// Puts `value` under `new_name`, which must not be given as well (the old and the new name of one
// parameter). Errors: bad_parameter.
result<void> put_renamed(param_map& given, const std::string& old_name, const std::string& new_name,
                         param_value value);

// Typed access to a resolved map; the spec guarantees presence and type.
std::int64_t get_int(const param_map& params, const std::string& name);
bool get_bool(const param_map& params, const std::string& name);
const std::string& get_choice(const param_map& params, const std::string& name);

}  // namespace boardroom::engine
