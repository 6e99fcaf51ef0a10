#include "server/rooms/time_control.hpp"

#include <array>
#include <cctype>
#include <optional>
#include <utility>

namespace boardroom::server {

namespace {

using std::chrono::milliseconds;

constexpr std::array<std::pair<char, std::int64_t>, 4> units{
    {{'d', 86'400'000}, {'h', 3'600'000}, {'m', 60'000}, {'s', 1'000}}};

constexpr milliseconds max_duration{30LL * 86'400'000};  // 30 days: anything longer is a typo

std::expected<milliseconds, std::string> parse_duration(std::string_view text,
                                                        std::string_view what) {
  auto bad = [&](const std::string& why) {
    return std::unexpected(std::string(what) + ": '" + std::string(text) + "' " + why);
  };
  if (text.empty()) return bad("is empty; write e.g. 30s, 5m or 1h30m");
  std::int64_t total = 0;
  std::size_t next_unit = 0;  // units must come largest first, each once
  std::size_t i = 0;
  while (i < text.size()) {
    std::int64_t n = 0;
    std::size_t digits = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      if (++digits > 7) return bad("has a number that is too long");
      n = n * 10 + (text[i++] - '0');
    }
    if (digits == 0) return bad("is not a duration; write e.g. 30s, 5m or 1h30m");
    if (i == text.size()) return bad("needs a unit after " + std::to_string(n) + " (d, h, m or s)");
    std::size_t u = next_unit;
    while (u < units.size() && units[u].first != text[i])
      ++u;
    if (u == units.size()) {
      return bad("has the unit '" + std::string(1, text[i]) +
                 "' where d, h, m or s (largest first, each once) can stand");
    }
    total += n * units[u].second;
    next_unit = u + 1;
    ++i;
  }
  if (total > max_duration.count()) return bad("is longer than 30 days");
  return milliseconds(total);
}

std::expected<milliseconds, std::string> positive(std::expected<milliseconds, std::string> d,
                                                  std::string_view what) {
  if (d && d->count() == 0) return std::unexpected(std::string(what) + " must be more than 0s");
  return d;
}

}  // namespace

std::string duration_text(milliseconds d) {
  std::int64_t left = d.count() / 1000 * 1000;
  if (left == 0) return "0s";
  std::string out;
  for (const auto& [unit, ms] : units) {
    if (left >= ms) {
      out += std::to_string(left / ms) + unit;
      left %= ms;
    }
  }
  return out;
}

std::expected<time_control, std::string> parse_time_control(std::string_view text) {
  time_control tc;
  const auto colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  const std::string_view args = colon == std::string_view::npos ? "" : text.substr(colon + 1);
  auto needs_args = [&](std::string_view example) -> std::optional<std::string> {
    if (colon == std::string_view::npos || args.empty()) {
      return std::string(kind) + " needs its times: " + std::string(example);
    }
    return std::nullopt;
  };
  if (kind == "none") {
    if (colon != std::string_view::npos) return std::unexpected("none takes no times");
    return tc;
  }
  if (kind == "sudden_death") {
    if (auto e = needs_args("sudden_death:5m")) return std::unexpected(*e);
    auto initial = positive(parse_duration(args, "sudden_death time"), "sudden_death time");
    if (!initial) return std::unexpected(initial.error());
    tc.kind = clock_kind::sudden_death;
    tc.initial = *initial;
    return tc;
  }
  if (kind == "fischer") {
    if (auto e = needs_args("fischer:5m+3s")) return std::unexpected(*e);
    const auto plus = args.find('+');
    if (plus == std::string_view::npos) {
      return std::unexpected("fischer needs an increment after '+': fischer:5m+3s");
    }
    auto initial = positive(parse_duration(args.substr(0, plus), "fischer time"), "fischer time");
    if (!initial) return std::unexpected(initial.error());
    auto increment = parse_duration(args.substr(plus + 1), "fischer increment");
    if (!increment) return std::unexpected(increment.error());
    tc.kind = clock_kind::fischer;
    tc.initial = *initial;
    tc.increment = *increment;
    return tc;
  }
  if (kind == "per_move" || kind == "correspondence") {
    const bool slow = kind == "correspondence";
    if (auto e = needs_args(slow ? "correspondence:3d" : "per_move:30s"))
      return std::unexpected(*e);
    auto per_move = positive(parse_duration(args, std::string(kind) + " time"), kind);
    if (!per_move) return std::unexpected(per_move.error());
    if (slow && *per_move < std::chrono::hours(1)) {
      return std::unexpected("correspondence is for slow games: at least 1h per move");
    }
    tc.kind = slow ? clock_kind::correspondence : clock_kind::per_move;
    tc.per_move = *per_move;
    return tc;
  }
  if (auto declared = engine::find_clock_kind(kind); declared.kind) {
    const std::string name(declared.kind->name());
    if (auto e = needs_args(name + ":" + std::string(declared.kind->example())))
      return std::unexpected(*e);
    auto rules = declared.kind->parse(args);
    if (!rules) return std::unexpected(name + " " + rules.error().message);
    tc.kind = clock_kind::declared;
    tc.declared = declared;
    tc.rules = std::move(*rules);
    return tc;
  }
  std::string known = "none, sudden_death:5m, fischer:5m+3s, per_move:30s, correspondence:3d";
  for (const auto& d : engine::declared_clock_kinds())
    known += ", " + std::string(d.kind->name()) + ":" + std::string(d.kind->example());
  return std::unexpected("unknown time control '" + std::string(kind) + "'; one of " + known);
}

bool operator==(const time_control& a, const time_control& b) {
  if (a.kind != b.kind || a.initial != b.initial || a.increment != b.increment ||
      a.per_move != b.per_move || a.declared.kind != b.declared.kind) {
    return false;
  }
  // Declared controls are equal when their canonical texts are.
  return !a.rules || !b.rules ? a.rules == b.rules : a.rules->text() == b.rules->text();
}

std::optional<std::string> time_control_misfit(const time_control& tc, const engine::game& g) {
  if (tc.kind != clock_kind::declared || tc.declared.game == &g) return std::nullopt;
  return "the " + std::string(tc.declared.kind->name()) + " time control is for " +
         std::string(tc.declared.game->display_name()) +
         " games; use sudden_death, fischer, per_move or correspondence";
}

std::string time_control_text(const time_control& tc) {
  switch (tc.kind) {
    case clock_kind::none:
      return "none";
    case clock_kind::sudden_death:
      return "sudden_death:" + duration_text(tc.initial);
    case clock_kind::fischer:
      return "fischer:" + duration_text(tc.initial) + "+" + duration_text(tc.increment);
    case clock_kind::per_move:
      return "per_move:" + duration_text(tc.per_move);
    case clock_kind::correspondence:
      return "correspondence:" + duration_text(tc.per_move);
    case clock_kind::declared:
      return std::string(tc.declared.kind->name()) + ":" + tc.rules->text();
  }
  return "none";
}

std::string speed_class(const time_control& tc) {
  using namespace std::chrono_literals;
  std::chrono::milliseconds expected{0};
  switch (tc.kind) {
    case clock_kind::none:
      return "untimed";
    case clock_kind::correspondence:
      return "correspondence";
    case clock_kind::sudden_death:
    case clock_kind::fischer:
      expected = tc.initial + 40 * tc.increment;
      break;
    case clock_kind::per_move:
      expected = 40 * tc.per_move;
      break;
    case clock_kind::declared:
      expected = tc.rules->initial_bank() + 40 * tc.rules->turn_allowance(0ms);
      break;
  }
  if (expected < 30s) return "ultrabullet";
  if (expected < 3min) return "bullet";
  if (expected < 8min) return "blitz";
  if (expected < 25min) return "rapid";
  return "classical";
}

bool berserkable(const time_control& tc) {
  return (tc.kind == clock_kind::sudden_death || tc.kind == clock_kind::fischer) &&
         tc.initial.count() > 0;
}

std::chrono::milliseconds berserk_penalty(const time_control& tc) {
  if (!berserkable(tc) || tc.initial < 40 * tc.increment) return std::chrono::milliseconds(0);
  return tc.initial / 2;
}

}  // namespace boardroom::server
