#include "engine/core/params.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>

#include <nlohmann/json.hpp>

namespace boardroom::engine {

param_spec param_spec::integer(std::string name, std::int64_t def, std::int64_t min,
                               std::int64_t max, std::string description) {
  param_spec s;
  s.name = std::move(name);
  s.type = kind::integer;
  s.default_value = def;
  s.min = min;
  s.max = max;
  s.description = std::move(description);
  return s;
}

param_spec param_spec::integer_of(std::string name, std::int64_t def,
                                  std::vector<std::int64_t> values, std::string description) {
  assert(!values.empty() && std::is_sorted(values.begin(), values.end()));
  assert(std::find(values.begin(), values.end(), def) != values.end());
  param_spec s =
      integer(std::move(name), def, values.front(), values.back(), std::move(description));
  s.values = std::move(values);
  return s;
}

param_spec param_spec::boolean(std::string name, bool def, std::string description) {
  param_spec s;
  s.name = std::move(name);
  s.type = kind::boolean;
  s.default_value = def;
  s.description = std::move(description);
  return s;
}

param_spec param_spec::choice(std::string name, std::vector<std::string> choices,
                              std::string description) {
  assert(!choices.empty());
  param_spec s;
  s.name = std::move(name);
  s.type = kind::choice;
  s.default_value = choices.front();
  s.choices = std::move(choices);
  s.description = std::move(description);
  return s;
}

namespace {

const char* kind_name(param_spec::kind k) {
  switch (k) {
    case param_spec::kind::integer:
      return "integer";
    case param_spec::kind::boolean:
      return "boolean";
    case param_spec::kind::choice:
      return "choice";
  }
  return "?";
}

result<param_value> check_value(const param_spec& spec, const param_value& value) {
  auto wrong_type = [&] {
    return fail("bad_parameter",
                "parameter '" + spec.name + "' must be " +
                    (spec.type == param_spec::kind::integer   ? std::string("an integer")
                     : spec.type == param_spec::kind::boolean ? std::string("true or false")
                                                              : std::string("a string")),
                spec.name);
  };
  switch (spec.type) {
    case param_spec::kind::integer: {
      auto* v = std::get_if<std::int64_t>(&value);
      if (!v) return wrong_type();
      if (!spec.values.empty()) {
        if (std::find(spec.values.begin(), spec.values.end(), *v) != spec.values.end()) {
          return value;
        }
        std::string list;
        for (auto each : spec.values)
          list += (list.empty() ? "" : ", ") + std::to_string(each);
        return fail(
            "bad_parameter",
            "parameter '" + spec.name + "' must be one of " + list + ", not " + std::to_string(*v),
            spec.name);
      }
      if (*v < spec.min || *v > spec.max) {
        return fail("bad_parameter",
                    "parameter '" + spec.name + "' must be between " + std::to_string(spec.min) +
                        " and " + std::to_string(spec.max) + ", not " + std::to_string(*v),
                    spec.name);
      }
      return value;
    }
    case param_spec::kind::boolean:
      if (!std::holds_alternative<bool>(value)) return wrong_type();
      return value;
    case param_spec::kind::choice: {
      auto* v = std::get_if<std::string>(&value);
      if (!v) return wrong_type();
      if (std::find(spec.choices.begin(), spec.choices.end(), *v) == spec.choices.end()) {
        std::string list;
        for (const auto& c : spec.choices)
          list += (list.empty() ? "" : ", ") + c;
        return fail("bad_parameter",
                    "parameter '" + spec.name + "' must be one of " + list + ", not '" + *v + "'",
                    spec.name);
      }
      return value;
    }
  }
  return wrong_type();
}

}  // namespace

result<param_map> resolve_params(const std::vector<param_spec>& specs, const param_map& given) {
  for (const auto& [name, value] : given) {
    auto known = std::any_of(specs.begin(), specs.end(), [&](auto& s) { return s.name == name; });
    if (!known) {
      std::string list;
      for (const auto& s : specs)
        list += (list.empty() ? "" : ", ") + s.name;
      return fail("bad_parameter",
                  "unknown parameter '" + name + "'" +
                      (list.empty() ? "; this game has none" : "; known: " + list),
                  name);
    }
  }
  param_map out;
  for (const auto& spec : specs) {
    auto it = given.find(spec.name);
    if (it == given.end()) {
      out[spec.name] = spec.default_value;
      continue;
    }
    auto checked = check_value(spec, it->second);
    if (!checked) return std::unexpected(checked.error());
    out[spec.name] = *checked;
  }
  return out;
}

result<param_value> parse_param_text(const param_spec& spec, const std::string& text) {
  switch (spec.type) {
    case param_spec::kind::integer: {
      std::int64_t v = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc{} || end != text.data() + text.size()) {
        return fail("bad_parameter",
                    "parameter '" + spec.name + "' must be an integer, not '" + text + "'",
                    spec.name);
      }
      return param_value{v};
    }
    case param_spec::kind::boolean:
      if (text == "true" || text == "1") return param_value{true};
      if (text == "false" || text == "0") return param_value{false};
      return fail("bad_parameter",
                  "parameter '" + spec.name + "' must be true or false, not '" + text + "'",
                  spec.name);
    case param_spec::kind::choice:
      return param_value{text};
  }
  return fail("bad_parameter", "unknown parameter kind", spec.name);
}

std::string param_text(const param_value& value) {
  if (auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
  if (auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  return std::get<std::string>(value);
}

nlohmann::json param_json(const param_value& value) {
  return std::visit([](const auto& v) { return nlohmann::json(v); }, value);
}

nlohmann::json spec_json(const param_spec& spec) {
  nlohmann::json j{{"name", spec.name},
                   {"type", kind_name(spec.type)},
                   {"default", param_json(spec.default_value)},
                   {"description", spec.description}};
  if (spec.type == param_spec::kind::integer) {
    j["min"] = spec.min;
    j["max"] = spec.max;
    if (!spec.values.empty()) j["choices"] = spec.values;  // the range has gaps
  }
  if (spec.type == param_spec::kind::choice) {
    j["choices"] = spec.choices;
    if (!spec.players_by_choice.empty()) j["players_by_choice"] = spec.players_by_choice;
  }
  return j;
}

result<std::optional<std::int64_t>> take_old_integer(param_map& given, const std::string& old_name,
                                                     std::int64_t min, std::int64_t max) {
  auto at = given.find(old_name);
  if (at == given.end()) return std::optional<std::int64_t>();
  const auto* n = std::get_if<std::int64_t>(&at->second);
  if (!n || *n < min || *n > max) {
    return fail("bad_parameter",
                "parameter '" + old_name + "' must be an integer from " + std::to_string(min) +
                    " to " + std::to_string(max),
                old_name);
  }
  std::int64_t value = *n;
  given.erase(at);
  return std::optional<std::int64_t>(value);
}

result<void> put_renamed(param_map& given, const std::string& old_name, const std::string& new_name,
                         param_value value) {
  if (given.contains(new_name)) {
    return fail("bad_parameter",
                "parameters '" + old_name + "' and '" + new_name +
                    "' are the same parameter (the old name counts seats from 1): give one",
                new_name);
  }
  given[new_name] = std::move(value);
  return {};
}

std::int64_t get_int(const param_map& params, const std::string& name) {
  return std::get<std::int64_t>(params.at(name));
}

bool get_bool(const param_map& params, const std::string& name) {
  return std::get<bool>(params.at(name));
}

const std::string& get_choice(const param_map& params, const std::string& name) {
  return std::get<std::string>(params.at(name));
}

}  // namespace boardroom::engine
