#include "engine/arimaa/record_format.hpp"

#include <algorithm>
#include <cctype>

#include "engine/arimaa/archive.hpp"
#include "engine/arimaa/arimaa.hpp"
#include "engine/arimaa/clock_kind.hpp"

namespace boardroom::engine::arimaa {

namespace {

using nlohmann::json;

// The archive's termination codes and the outcome reasons they stand for.
constexpr std::pair<char, const char*> terminations[] = {
    {'g', "goal"},        {'m', "immobilization"}, {'e', "elimination"},
    {'t', "timeout"},     {'r', "resignation"},    {'i', "illegal_move"},
    {'a', "abandonment"}, {'f', "forfeit"},        {'s', "game_time_limit"}};

// Endings of boardroom's own that the archive knows under another code: leaving a running game
// is giving it up, and a bot that cannot move has forfeited.
constexpr std::pair<char, const char*> export_only_terminations[] = {{'r', "left"},
                                                                     {'f', "bot_failed"}};

// The `source` format of a game that came from the archive.
constexpr const char* archive_source = "arimaa-archive";

// "12w Ed2n": a whole turn or setup has a tag; a step played on its own has none.
bool is_whole_turn(const std::string& move) {
  return !move.empty() && std::isdigit(static_cast<unsigned char>(move[0]));
}

std::string time_control_prefix() {
  return std::string(the_clock_kind().name()) + ":";
}

std::expected<archive_game, std::string> archive_game_of(const recorded_game& game) {
  if (game.players.size() != 2 || !game.ending || game.ending->ranks.size() != 2) {
    return std::unexpected("an Arimaa record has two players");
  }
  archive_game g;
  const json& source = game.source;
  g.id = source.value("format", "") == archive_source ? source.value("id", "") : game.id;
  g.gold = game.players[0];
  g.silver = game.players[1];
  const std::vector<int>& ranks = game.ending->ranks;
  if (ranks == std::vector<int>{1, 2}) {
    g.result = 'w';
  } else if (ranks == std::vector<int>{2, 1}) {
    g.result = 'b';
  } else {
    return std::unexpected("the archive has no result for ranks " + json(ranks).dump());
  }
  const std::string& reason = game.ending->reason;
  for (auto [code, name] : terminations) {
    if (reason == name) g.termination = code;
  }
  for (auto [code, name] : export_only_terminations) {
    if (reason == name) g.termination = code;
  }
  if (g.termination == '?') {
    return std::unexpected("the archive has no termination code for '" + reason + "'");
  }
  std::string tc = game.time_control;
  if (tc.starts_with(time_control_prefix())) tc.erase(0, time_control_prefix().size());
  g.time_control = tc == "none" ? "" : tc;
  g.start_ts = game.started_ms / 1000;
  g.end_ts = game.finished_ms / 1000;
  for (const recorded_move& m : game.moves) {
    if (!is_whole_turn(m.move)) continue;
    g.received[m.move.substr(0, m.move.find(' '))] = m.at_ms / 1000;
    g.turns.push_back(m.move);
  }
  for (const json& f : source.value("refused", json::array())) {
    g.refused.push_back({f.value("tag", ""), f.value("steps", ""), f.value("reason", "")});
  }
  return g;
}

// Whether the game's turns end it by the rules (replay() has found them legal).
bool ends_by_its_turns(const archive_game& game) {
  auto st = the_game().new_state(2, {}, 0);
  if (!st) return false;
  for (const std::string& turn : game.turns) {
    if (!(*st)->play(turn)) return false;
  }
  return (*st)->is_terminal();
}

}  // namespace

std::expected<recorded_game, std::string> recorded_game_of(const archive_game& game) {
  if (game.id.empty()) return std::unexpected("line " + std::to_string(game.line) + ": no id");
  auto report = replay(game);
  if (!report.agrees) return std::unexpected(report_line(report));

  recorded_game out;
  out.id = game.id;
  out.players = {game.gold.empty() ? "Gold" : game.gold,
                 game.silver.empty() ? "Silver" : game.silver};
  out.time_control = game.time_control.empty() ? "none" : time_control_prefix() + game.time_control;
  out.started_ms = game.start_ts * 1000;
  std::int64_t last_ms = out.started_ms;
  for (const std::string& turn : game.turns) {
    auto received = game.received.find(turn.substr(0, turn.find(' ')));
    if (received != game.received.end()) last_ms = std::max(last_ms, received->second * 1000);
    out.moves.push_back({turn, last_ms});
  }
  out.finished_ms = std::max({game.end_ts * 1000, out.started_ms, last_ms});
  // The turns the archive's server refused: they are part of the game's history (an
  // illegal-move ending is one), so an export writes them back.
  out.source = {{"format", archive_source}, {"id", game.id}};
  for (const auto& f : game.refused) {
    out.source["refused"].push_back({{"tag", f.tag}, {"steps", f.steps}, {"reason", f.reason}});
  }
  // Ended by the server (a resignation, a flag fall, ...): the archive says who won and why.
  engine::outcome o;
  const int winner = game.result == 'w' ? 0 : 1;
  o.ranks = {winner == 0 ? 1 : 2, winner == 1 ? 1 : 2};
  o.scores = {winner == 0 ? 1.0 : 0.0, winner == 1 ? 1.0 : 0.0};
  for (auto [code, name] : terminations) {
    if (code == game.termination) o.reason = name;
  }
  o.description = std::string(winner == 0 ? "Gold" : "Silver") + " wins by " + o.reason;
  if (!o.reason.empty() && (game.result == 'w' || game.result == 'b')) {
    out.ending = std::move(o);
  } else if (!ends_by_its_turns(game)) {
    return std::unexpected("line " + std::to_string(game.line) + ": result '" +
                           std::string(1, game.result) + "' and termination '" +
                           std::string(1, game.termination) + "' are not an archive ending");
  }
  return out;
}

namespace {

class format final : public engine::record_format {
 public:
  std::string_view name() const override { return "arimaa"; }
  std::string_view media_type() const override {
    return "text/tab-separated-values; charset=utf-8";
  }
  std::string_view title() const override { return "the official Arimaa game archive"; }

  std::expected<std::string, std::string> write(
      const std::vector<recorded_game>& games) const override {
    std::vector<archive_game> archive;
    for (const auto& g : games) {
      auto converted = archive_game_of(g);
      if (!converted) return std::unexpected(converted.error());
      archive.push_back(std::move(*converted));
    }
    return write_archive(archive);
  }

  std::expected<void, std::string> writable(const recorded_game& game) const override {
    auto converted = archive_game_of(game);
    if (!converted) return std::unexpected(converted.error());
    return {};
  }

  result<std::vector<read_game>> read(std::string_view text) const override {
    auto games = parse_archive(text);
    if (!games) return std::unexpected(games.error());
    std::vector<read_game> out;
    for (const auto& g : *games)
      out.push_back({g.line, g.id, recorded_game_of(g)});
    return out;
  }
};

}  // namespace

const engine::record_format& the_record_format() {
  static const format instance;
  return instance;
}

}  // namespace boardroom::engine::arimaa
