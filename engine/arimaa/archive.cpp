#include "engine/arimaa/archive.hpp"

#include <map>

#include "engine/arimaa/state.hpp"

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
    for (std::string_view turn : split(field(fields, "movelist"), "\\n")) {
      turn = trim(turn);
      if (turn.find(' ') != std::string_view::npos) g.turns.emplace_back(turn);
    }
    g.refused = refusals(field(fields, "events"));
    games.push_back(std::move(g));
  }
  return games;
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
