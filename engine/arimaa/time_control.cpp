#include "engine/arimaa/time_control.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace boardroom::engine::arimaa {

namespace {

using std::chrono::seconds;

constexpr std::int64_t max_number = 999'999'999;  // keeps every sum far from overflowing

std::unexpected<rule_error> bad(std::string_view field, std::string message) {
  return fail("bad_time_control", std::string(field) + ": " + std::move(message),
              std::string(field));
}

std::optional<std::int64_t> number(std::string_view digits) {
  if (digits.empty() || digits.size() > 9) return std::nullopt;
  std::int64_t n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::int64_t unit_seconds(char unit) {
  switch (unit) {
    case 'd':
      return 86400;
    case 'h':
      return 3600;
    case 'm':
      return 60;
    default:
      return 1;
  }
}

// "90", "2m30s", "7h13s", "0:30". `default_unit` applies to a bare number ('m' or 'h'); a colon
// form counts from that unit down: minutes:seconds, or hours:minutes for 'h'.
result<seconds> duration(std::string_view field, std::string_view text, char default_unit) {
  std::string example = default_unit == 'h' ? "8, 7h30m or 8:30" : "2, 15s, 2m30s or 0:30";
  std::string quoted = "'" + std::string(text) + "'";
  if (text.empty()) return bad(field, "is empty; expected a time such as " + example);
  if (auto bare = number(text)) return seconds(*bare * unit_seconds(default_unit));
  if (text.find_first_not_of("0123456789") == std::string_view::npos) {
    return bad(field, quoted + " is too large");
  }

  if (text.find(':') != std::string_view::npos) {
    std::vector<std::int64_t> parts;
    for (std::string_view rest = text;;) {
      auto colon = rest.find(':');
      auto n = number(rest.substr(0, colon));
      if (!n) return bad(field, quoted + " is not a time; expected, e.g., " + example);
      parts.push_back(*n);
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
    std::size_t max_parts = default_unit == 'h' ? 2 : 3;
    if (parts.size() > max_parts) {
      return bad(field, quoted + " has too many colons; expected, e.g., " + example);
    }
    // From the right: seconds (or minutes for G) below 60, then the next unit up.
    std::int64_t unit = default_unit == 'h' ? 60 : 1;
    std::int64_t total = 0;
    for (std::size_t i = parts.size(); i-- > 0; unit *= 60) {
      if (i > 0 && parts[i] >= 60) {
        return bad(field, quoted + ": after a colon come at most 59 " +
                              (unit == 1 ? "seconds" : "minutes"));
      }
      total += parts[i] * unit;
    }
    return seconds(total);
  }

  std::int64_t total = 0;
  std::string_view order = "dhms";
  std::size_t next_unit = 0;  // units must come largest first, each once
  for (std::string_view rest = text; !rest.empty();) {
    auto unit_at = rest.find_first_not_of("0123456789");
    if (unit_at == 0 || unit_at == std::string_view::npos) {
      return bad(field, quoted +
                            " is not a time: every number needs a unit (d, h, m or s), "
                            "e.g. " +
                            example);
    }
    auto n = number(rest.substr(0, unit_at));
    auto unit = order.find(rest[unit_at], next_unit);
    if (!n) return bad(field, quoted + " has a number that is too large");
    if (unit == std::string_view::npos) {
      bool known = order.find(rest[unit_at]) != std::string_view::npos;
      return bad(field, quoted + (known ? ": units go from the largest to the smallest, each once"
                                        : ": '" + std::string(1, rest[unit_at]) +
                                              "' is no unit; use d, h, m or s"));
    }
    total += *n * unit_seconds(order[unit]);
    next_unit = unit + 1;
    rest.remove_prefix(unit_at + 1);
  }
  return seconds(total);
}

std::string duration_text(seconds s) {
  std::int64_t left = s.count();
  if (left == 0) return "0";
  std::string out;
  for (char unit : {'d', 'h', 'm', 's'}) {
    std::int64_t n = left / unit_seconds(unit);
    left %= unit_seconds(unit);
    if (n) out += std::to_string(n) + unit;
  }
  return out;
}

}  // namespace

result<time_control> parse_time_control(std::string_view text) {
  std::vector<std::string_view> fields;
  for (std::string_view rest = text;;) {
    auto slash = rest.find('/');
    fields.push_back(rest.substr(0, slash));
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  if (fields.size() < 2 || fields.size() > 6) {
    return fail("bad_time_control",
                "a time control is M/R/P/L/G/T with at least M and R, such as 2/2/100/10/8 or "
                "15s/2m30s, not '" +
                    std::string(text) + "'");
  }
  time_control tc;
  auto m = duration("M", fields[0], 'm');
  if (!m) return std::unexpected(m.error());
  auto r = duration("R", fields[1], 'm');
  if (!r) return std::unexpected(r.error());
  tc.per_turn = *m;
  tc.reserve = *r;
  if (fields.size() > 2) {
    auto p = number(fields[2]);
    if (!p || *p > 100) {
      return bad("P", "'" + std::string(fields[2]) +
                          "' is not a percentage: a whole number from 0 to 100");
    }
    tc.percent = static_cast<int>(*p);
  }
  if (fields.size() > 3) {
    auto l = duration("L", fields[3], 'm');
    if (!l) return std::unexpected(l.error());
    tc.reserve_limit = *l;
  }
  if (fields.size() > 4) {
    std::string_view g = fields[4];
    if (g.size() > 1 && g.back() == 't') {
      auto turns = number(g.substr(0, g.size() - 1));
      if (!turns || *turns > max_number) {
        return bad("G", "'" + std::string(g) + "' is not a number of turns such as 60t");
      }
      tc.game_turns = static_cast<int>(*turns);
    } else {
      auto d = duration("G", g, 'h');
      if (!d) return std::unexpected(d.error());
      tc.game_time = *d;
    }
  }
  if (fields.size() > 5) {
    auto t = duration("T", fields[5], 'm');
    if (!t) return std::unexpected(t.error());
    tc.turn_limit = *t;
  }
  if (tc.per_turn.count() == 0 && tc.reserve.count() == 0) {
    return bad("M", "M and R are both 0: there would be no time for a single turn");
  }
  return tc;
}

std::string time_control_text(const time_control& tc) {
  std::string g = tc.game_turns ? std::to_string(tc.game_turns) + "t" : duration_text(tc.game_time);
  return duration_text(tc.per_turn) + "/" + duration_text(tc.reserve) + "/" +
         std::to_string(tc.percent) + "/" + duration_text(tc.reserve_limit) + "/" + g + "/" +
         duration_text(tc.turn_limit);
}

std::chrono::milliseconds turn_allowance(const time_control& tc,
                                         std::chrono::milliseconds reserve) {
  std::chrono::milliseconds allowed = tc.per_turn + reserve;
  if (tc.turn_limit.count() > 0)
    allowed = std::min<std::chrono::milliseconds>(allowed, tc.turn_limit);
  return allowed;
}

std::chrono::milliseconds reserve_after_turn(const time_control& tc,
                                             std::chrono::milliseconds reserve,
                                             std::chrono::milliseconds used) {
  std::chrono::milliseconds per_turn = tc.per_turn;
  if (used <= per_turn) {
    reserve += (per_turn - used) * tc.percent / 100;
  } else {
    reserve -= used - per_turn;
  }
  if (tc.reserve_limit.count() > 0) {
    reserve = std::min<std::chrono::milliseconds>(reserve, tc.reserve_limit);
  }
  return reserve;
}

}  // namespace boardroom::engine::arimaa
