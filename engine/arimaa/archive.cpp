#include "engine/arimaa/archive.hpp"

#include <algorithm>
#include <ctime>
#include <map>

#include "engine/arimaa/state.hpp"
#include "engine/core/text.hpp"

namespace boardroom::engine::arimaa {

namespace {

std::vector<std::string_view> split(std::string_view s, std::string_view sep) {
  std::vector<std::string_view> parts;
  for (;;) {
    auto at = s.find(sep);
    parts.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return parts;
    s.remove_prefix(at + sep.size());
  }
}

std::string_view trim(std::string_view s) {
  auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// "1770709732 [Tue Feb 10 07:48:52 2026] move 12b received from b [ra6s ha4e Rb3e]", then
// "... gameserver rejected move [ra6s ha4e Rb3e]; push not completed".
std::vector<refused_turn> refusals(std::string_view events) {
  std::vector<refused_turn> out;
  std::string tag;
  for (std::string_view line : split(events, "\\n")) {
    if (auto at = line.find("] move ");
        at != std::string_view::npos && line.find(" received from ") != std::string_view::npos) {
      std::string_view rest = line.substr(at + 7);
      tag = std::string(rest.substr(0, rest.find(' ')));
      continue;
    }
    constexpr std::string_view rejected = "gameserver rejected move [";
    auto at = line.find(rejected);
    if (at == std::string_view::npos) continue;
    std::string_view rest = line.substr(at + rejected.size());
    auto close = rest.find(']');
    if (close == std::string_view::npos) continue;
    std::string_view reason = close + 1 < rest.size() ? rest.substr(close + 1) : "";
    if (reason.starts_with(";")) reason.remove_prefix(1);
    out.push_back({tag, std::string(rest.substr(0, close)), std::string(trim(reason))});
  }
  return out;
}

// "1769941065 [Sun Feb  1 10:17:45 2026] move 1w received from w [...]": the last time per tag.
std::map<std::string, std::int64_t> receipts(std::string_view events) {
  std::map<std::string, std::int64_t> out;
  for (std::string_view line : split(events, "\\n")) {
    auto at = line.find("] move ");
    if (at == std::string_view::npos || line.find(" received from ") == std::string_view::npos) {
      continue;
    }
    std::string_view rest = line.substr(at + 7);
    out[std::string(rest.substr(0, rest.find(' ')))] =
        std::atoll(std::string(trim(line.substr(0, line.find(' ')))).c_str());
  }
  return out;
}

std::string_view termination_name(char code) {
  switch (code) {
    case 'g':
      return "goal";
    case 'm':
      return "immobilization";
    case 'e':
      return "elimination";
    case 't':
      return "timeout";
    case 'r':
      return "resignation";
    case 'i':
      return "illegal move";
    case 'a':
      return "abandonment";
    case 'f':
      return "forfeit";
    case 's':
      return "game-time limit";
    default:
      return "unknown termination";
  }
}

std::string engine_ending(const state& st) {
  if (!st.is_terminal()) return "game goes on";
  auto o = st.outcome();
  return std::string(side_name(st.ending().winner)) + " wins by " + o->reason;
}

bool endings_agree(const archive_game& g, const state& st) {
  std::string_view expected;
  switch (g.termination) {
    case 'g':
      expected = "goal";
      break;
    case 'm':
      expected = "immobilization";
      break;
    case 'e':
      expected = "elimination";
      break;
    default:
      return !st.is_terminal();  // decided by the server, not by the rules
  }
  colour winner = g.result == 'w' ? colour::gold : colour::silver;
  return st.is_terminal() && st.outcome()->reason == expected && st.ending().winner == winner;
}

}  // namespace

result<std::vector<archive_game>> parse_archive(std::string_view text) {
  auto lines = split(text, "\n");
  if (lines.empty() || trim(lines[0]).empty()) {
    return fail("bad_archive", "an archive starts with a header line naming its columns");
  }
  std::map<std::string, std::size_t, std::less<>> column;
  auto header = split(trim(lines[0]), "\t");
  for (std::size_t i = 0; i < header.size(); ++i)
    column[std::string(trim(header[i]))] = i;
  for (std::string_view needed : {"id", "result", "termination", "movelist"}) {
    if (!column.contains(needed)) {
      return fail("bad_archive", "the header has no '" + std::string(needed) + "' column");
    }
  }
  auto field = [&](const std::vector<std::string_view>& fields, std::string_view name) {
    auto at = column.find(name);
    return at != column.end() && at->second < fields.size() ? trim(fields[at->second])
                                                            : std::string_view{};
  };
  std::vector<archive_game> games;
  for (std::size_t n = 1; n < lines.size(); ++n) {
    std::string_view line = lines[n];
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trim(line).empty()) continue;
    auto fields = split(line, "\t");
    if (fields.size() <= column["movelist"]) {
      return fail("bad_archive", "line " + std::to_string(n + 1) + " has " +
                                     std::to_string(fields.size()) + " fields, fewer than the " +
                                     std::to_string(header.size()) + " columns");
    }
    archive_game g;
    g.line = static_cast<int>(n + 1);
    g.id = std::string(field(fields, "id"));
    g.gold = std::string(field(fields, "wusername"));
    g.silver = std::string(field(fields, "busername"));
    auto result = field(fields, "result");
    auto termination = field(fields, "termination");
    g.result = result.size() == 1 ? result[0] : '?';
    g.termination = termination.size() == 1 ? termination[0] : '?';
    g.time_control = std::string(field(fields, "timecontrol"));
    g.start_ts = std::atoll(std::string(field(fields, "startts")).c_str());
    g.end_ts = std::atoll(std::string(field(fields, "endts")).c_str());
    for (std::string_view turn : split(field(fields, "movelist"), "\\n")) {
      turn = trim(turn);
      if (turn.find(' ') != std::string_view::npos) g.turns.emplace_back(turn);
    }
    g.refused = refusals(field(fields, "events"));
    g.received = receipts(field(fields, "events"));
    games.push_back(std::move(g));
  }
  return games;
}

// The archive has no escapes: a tab or a newline in a value would start a field or a game of its
// own. So every value loses its control and invisible characters (names come from a store that
// may predate the checks on names, and from imported files).
std::string field_text(std::string_view value) {
  return text::replace_refused(value);
}

// A part of the movelist or events column, whose lines are separated by the two characters
// backslash and n: a backslash in the part could start a line, so it goes too.
std::string line_text(std::string_view value) {
  std::string out = field_text(value);
  std::replace(out.begin(), out.end(), '\\', '/');
  return out;
}

// "2g" -> "2w", "2s" -> "2b": the engine's tags as the archive writes them.
std::string archive_tag(std::string tag) {
  if (!tag.empty() && tag.back() == 'g') tag.back() = 'w';
  if (!tag.empty() && tag.back() == 's') tag.back() = 'b';
  return tag;
}

// "1769941065 [Sun Feb  1 10:17:45 2026] ": how the official server starts an event line.
std::string event_stamp(std::int64_t unix_seconds) {
  std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm parts{};
  gmtime_r(&t, &parts);
  char date[40];
  std::strftime(date, sizeof date, "%a %b %e %H:%M:%S %Y", &parts);
  return std::to_string(unix_seconds) + " [" + date + "] ";
}

// The events column as far as this struct knows it: when each turn was received, and the turns
// the server refused before it (with their reasons), so that replay() finds them again.
std::string archive_events(const archive_game& g, const std::vector<std::string>& turns) {
  std::map<std::string, std::int64_t> times;  // by the archive's tags
  for (auto [tag, at] : g.received)
    times[archive_tag(tag)] = at;
  std::vector<std::string> lines;
  std::int64_t last = g.start_ts;  // a refused turn is stamped with the time of the line before
  std::size_t next_refusal = 0;
  auto line = [&](std::int64_t at, const std::string& text) {
    lines.push_back(event_stamp(at) + text);
    last = at;
  };
  auto received = [&](const std::string& tag, const std::string& steps, std::int64_t at) {
    const std::string side = tag.empty() ? "" : line_text(tag.substr(tag.size() - 1));
    line(at, "move " + line_text(tag) + " received from " + side + " [" + line_text(steps) + "]");
  };
  auto refusals_for = [&](const std::string& tag) {
    for (; next_refusal < g.refused.size() && g.refused[next_refusal].tag == tag; ++next_refusal) {
      const refused_turn& f = g.refused[next_refusal];
      received(f.tag, f.steps, last);
      line(last, "gameserver rejected move [" + line_text(f.steps) + "]; " + line_text(f.reason));
    }
  };
  for (const std::string& turn : turns) {
    const std::string tag = turn.substr(0, turn.find(' '));
    refusals_for(tag);
    if (auto at = times.find(tag); at != times.end()) {
      received(tag, turn.substr(turn.find(' ') + 1), at->second);
    }
  }
  while (next_refusal < g.refused.size())
    refusals_for(g.refused[next_refusal].tag);
  std::string out;
  for (const auto& l : lines)
    out += (out.empty() ? "" : "\\n") + l;
  return out;
}

std::string write_archive(const std::vector<archive_game>& games) {
  static constexpr std::string_view columns[] = {
      "id",       "wplayerid", "bplayerid", "wusername", "busername",   "wtitle",
      "btitle",   "wcountry",  "bcountry",  "wrating",   "brating",     "wratingk",
      "bratingk", "wtype",     "btype",     "event",     "site",        "timecontrol",
      "postal",   "startts",   "endts",     "result",    "termination", "plycount",
      "mode",     "rated",     "corrupt",   "movelist",  "events"};
  std::string out;
  for (std::string_view c : columns)
    out += std::string(c) + (c == columns[std::size(columns) - 1] ? "\n" : "\t");
  for (const archive_game& g : games) {
    std::string movelist;
    std::vector<std::string> turns;
    int last_number = 0;
    char last_side = 'b';
    for (std::string turn : g.turns) {
      auto space = turn.find(' ');
      if (space == std::string::npos || space < 2) continue;
      turn = archive_tag(turn.substr(0, space)) + turn.substr(space);
      last_number = std::atoi(turn.c_str());
      last_side = turn[space - 1];
      if (!movelist.empty()) movelist += "\\n";
      movelist += line_text(turn);
      turns.push_back(std::move(turn));
    }
    if (last_number > 0) {
      const bool gold_next = last_side == 'b';
      movelist += "\\n" + std::to_string(gold_next ? last_number + 1 : last_number) +
                  (gold_next ? "w" : "b");
    }
    std::map<std::string_view, std::string> value{
        {"id", g.id},
        {"wusername", g.gold},
        {"busername", g.silver},
        {"timecontrol", g.time_control},
        {"postal", "0"},
        {"startts", g.start_ts ? std::to_string(g.start_ts) : ""},
        {"endts", g.end_ts ? std::to_string(g.end_ts) : ""},
        {"result", std::string(1, g.result)},
        {"termination", std::string(1, g.termination)},
        {"plycount", std::to_string(last_number)},
        {"rated", "0"},
        {"corrupt", "0"},
        {"movelist", movelist},
        {"events", archive_events(g, turns)}};
    for (std::string_view c : columns) {
      auto at = value.find(c);
      if (at != value.end())
        out += c == "movelist" || c == "events" ? at->second : field_text(at->second);
      out += c == columns[std::size(columns) - 1] ? "\n" : "\t";
    }
  }
  return out;
}

replay_report replay(const archive_game& game) {
  replay_report r;
  r.id = game.id;
  r.turns_recorded = static_cast<int>(game.turns.size());
  r.refusals = static_cast<int>(game.refused.size());
  r.recorded = std::string(game.result == 'w'   ? "Gold"
                           : game.result == 'b' ? "Silver"
                                                : "nobody") +
               " wins by " + std::string(termination_name(game.termination)) + " (" +
               game.termination + ")";
  state st;
  std::size_t next_refusal = 0;
  // The server's refusals for the turn about to be played must be the engine's too.
  auto try_refusals = [&](std::string_view tag) {
    for (; next_refusal < game.refused.size() && game.refused[next_refusal].tag == tag;
         ++next_refusal) {
      const refused_turn& f = game.refused[next_refusal];
      state copy = st;
      auto played = copy.play(f.tag + " " + f.steps);
      if (!played) {
        ++r.refusals_shared;
      } else if (r.refusal_disagreement.empty()) {
        r.refusal_disagreement = f.tag + " " + f.steps + " (server: " + f.reason + ")";
      }
    }
  };
  for (const std::string& turn : game.turns) {
    try_refusals(turn.substr(0, turn.find(' ')));
    auto played = st.play(turn);
    if (!played) {
      r.first_illegal = turn + ": " + played.error().message;
      break;
    }
    ++r.turns_played;
  }
  if (r.first_illegal.empty()) {
    // Refusals after the last turn (an illegal-move ending): tried on the final position.
    while (next_refusal < game.refused.size())
      try_refusals(game.refused[next_refusal].tag);
  }
  r.engine = engine_ending(st);
  r.agrees = r.first_illegal.empty() && r.refusals_shared == r.refusals &&
             (game.termination != 'i' || r.refusals > 0) && endings_agree(game, st);
  return r;
}

std::string report_line(const replay_report& r) {
  std::string out = r.id + "\t";
  if (r.first_illegal.empty()) {
    out += "legal (" + std::to_string(r.turns_played) + " turns)";
  } else {
    out += "illegal at " + r.first_illegal;
  }
  if (r.refusals > 0) {
    out += "\trefused by the server: " + std::to_string(r.refusals) +
           ", by the engine too: " + std::to_string(r.refusals_shared);
    if (!r.refusal_disagreement.empty()) out += " (engine accepts " + r.refusal_disagreement + ")";
  }
  out += "\trecorded: " + r.recorded + "\tengine: " + r.engine;
  out += r.agrees ? "\tagrees" : "\tDIFFERS";
  return out;
}

std::string summary_line(const std::vector<replay_report>& reports) {
  int legal = 0;
  int agree = 0;
  int refusals = 0;
  int shared = 0;
  for (const auto& r : reports) {
    legal += r.first_illegal.empty();
    agree += r.agrees;
    refusals += r.refusals;
    shared += r.refusals_shared;
  }
  return std::to_string(reports.size()) + (reports.size() == 1 ? " game: " : " games: ") +
         std::to_string(legal) + " legal, " + std::to_string(agree) +
         " agree with the recorded ending, " + std::to_string(shared) + " of " +
         std::to_string(refusals) + " server refusals refused by the engine too";
}

}  // namespace boardroom::engine::arimaa
