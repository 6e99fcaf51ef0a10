#include "engine/core/registry.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "engine/amazons/amazons.hpp"
#include "engine/arimaa/arimaa.hpp"
#include "engine/core/bot.hpp"
#include "engine/esiema/esiema.hpp"
#include "engine/shiamgon/shiamgon.hpp"
#include "engine/sisyphos/sisyphos.hpp"

namespace boardroom::engine {

std::span<const game* const> all_games() {
  // One line per game: the only place that knows which games exist.
  static const std::array<const game*, 5> games{
      &sisyphos::the_game(), &amazons::the_game(),  &arimaa::the_game(),
      &esiema::the_game(),   &shiamgon::the_game(),
  };
  return games;
}

const game* find_game(std::string_view key) {
  for (const game* g : all_games()) {
    if (g->key() == key) return g;
  }
  return nullptr;
}

std::string game_spec::text() const {
  std::string out(game_ptr->key());
  if (params.empty()) return out;
  out += '(';
  bool first = true;
  for (const auto& [name, value] : params) {  // std::map: sorted, so the text is canonical
    out += (first ? "" : ",") + name + "=" + param_text(value);
    first = false;
  }
  return out + ')';
}

namespace {

result<const game*> lookup(std::string_view key) {
  const game* g = find_game(key);
  if (g) return g;
  std::string list;
  for (const game* each : all_games())
    list += (list.empty() ? "" : ", ") + std::string(each->key());
  return fail("unknown_game", "unknown game '" + std::string(key) + "'; known: " + list, "game");
}

const param_spec* find_spec(const game& g, const std::string& name) {
  for (const auto& s : g.param_specs()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

std::string trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && space(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && space(s.back()))
    s.remove_suffix(1);
  return std::string(s);
}

// A value whose spec is not known: an integer when it reads as one, a boolean for true and
// false, else a string.
param_value untyped_value(const std::string& text) {
  if (text == "true" || text == "false") return text == "true";
  std::int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec == std::errc() && end == text.data() + text.size() && !text.empty()) return n;
  return text;
}

}  // namespace

result<game_spec> parse_game_spec(std::string_view raw) {
  const std::string trimmed = trim(raw);
  std::string_view text = trimmed;
  auto open = text.find('(');
  std::string key = trim(text.substr(0, open));
  auto g = lookup(key);
  if (!g) return std::unexpected(g.error());
  param_map given;
  if (open != std::string_view::npos) {
    if (text.back() != ')') {
      return fail("bad_game_spec", "a game spec's parameter list must end with ')'", "game");
    }
    std::string_view body = text.substr(open + 1, text.size() - open - 2);
    while (!trim(body).empty()) {
      auto comma = body.find(',');
      std::string_view item = body.substr(0, comma);
      auto eq = item.find('=');
      if (eq == std::string_view::npos) {
        return fail("bad_game_spec", "expected name=value, not '" + trim(item) + "'", "game");
      }
      std::string name = trim(item.substr(0, eq));
      if (given.contains(name)) {
        return fail("bad_game_spec", "parameter '" + name + "' is given twice", name);
      }
      const param_spec* spec = find_spec(**g, name);
      if (!spec) {
        // Perhaps an old name that upgrade_params() knows; if not, resolve_params() names it
        // as unknown.
        given[name] = untyped_value(trim(item.substr(eq + 1)));
      } else {
        auto value = parse_param_text(*spec, trim(item.substr(eq + 1)));
        if (!value) return std::unexpected(value.error());
        given[name] = *value;
      }
      body = comma == std::string_view::npos ? std::string_view{} : body.substr(comma + 1);
    }
  }
  auto upgraded = (*g)->upgrade_params(std::move(given));
  if (!upgraded) return std::unexpected(upgraded.error());
  auto params = resolve_params((*g)->param_specs(), *upgraded);
  if (!params) return std::unexpected(params.error());
  return game_spec{*g, std::move(*params)};
}

result<game_spec> make_game_spec(std::string_view key, const nlohmann::json& params) {
  auto g = lookup(key);
  if (!g) return std::unexpected(g.error());
  if (!params.is_null() && !params.is_object()) {
    return fail("bad_parameter", "params must be an object", "params");
  }
  param_map given;
  if (params.is_object()) {
    for (const auto& [name, value] : params.items()) {
      if (value.is_boolean()) {
        given[name] = value.get<bool>();
      } else if (value.is_number_integer()) {
        given[name] = value.get<std::int64_t>();
      } else if (value.is_string()) {
        given[name] = value.get<std::string>();
      } else {
        return fail("bad_parameter",
                    "parameter '" + name + "' must be an integer, a boolean or a string", name);
      }
    }
  }
  auto upgraded = (*g)->upgrade_params(std::move(given));
  if (!upgraded) return std::unexpected(upgraded.error());
  auto resolved = resolve_params((*g)->param_specs(), *upgraded);
  if (!resolved) return std::unexpected(resolved.error());
  return game_spec{*g, std::move(*resolved)};
}

nlohmann::json catalogue_json(const game& g) {
  nlohmann::json params = nlohmann::json::array();
  for (const auto& s : g.param_specs())
    params.push_back(spec_json(s));
  nlohmann::json bots = nlohmann::json::array();
  for (const bot* b : bots_for(g)) {
    bots.push_back({{"name", b->name()}, {"description", b->description()}});
  }
  return {{"key", g.key()},
          {"bots", bots},
          {"name", g.display_name()},
          {"min_players", g.players().min},
          {"max_players", g.players().max},
          {"player_names", g.player_names(g.players().min)},
          {"draw_offers", g.draws_by_agreement()},
          {"params", params}};
}

}  // namespace boardroom::engine
