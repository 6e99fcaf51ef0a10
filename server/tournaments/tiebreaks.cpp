// Tie-breaks after FIDE C.07 (2023); the rules for unplayed rounds are summed up in tiebreaks.hpp.

#include "server/tournaments/tiebreaks.hpp"

#include <algorithm>
#include <unordered_map>

namespace boardroom::tournaments {

namespace tiebreak_detail {

constexpr double win_points = 1.0;
constexpr double draw_points = 0.5;

bool is_bye(round_kind k) {
  return k != round_kind::played && k != round_kind::forfeit_win && k != round_kind::forfeit_loss;
}

bool is_requested_bye(round_kind k) {
  return k == round_kind::half_point_bye || k == round_kind::zero_point_bye;
}

// Article 16.1.2: a round the player chose not to play.
bool is_vur(round_kind k) {
  return is_requested_bye(k) || k == round_kind::forfeit_loss;
}

// Article 16.2.5: a requested bye followed only by VURs (or in the last round).
bool is_terminal_request(const std::vector<round_record>& rounds, std::size_t r) {
  if (!is_requested_bye(rounds[r].kind)) return false;
  return std::all_of(rounds.begin() + static_cast<std::ptrdiff_t>(r) + 1, rounds.end(),
                     [](const round_record& later) { return is_vur(later.kind); });
}

double expected_points(round_kind k) {
  switch (k) {
    case round_kind::forfeit_win:
    case round_kind::pairing_allocated_bye:
    case round_kind::full_point_bye:
      return win_points;
    case round_kind::half_point_bye:
      return draw_points;
    case round_kind::forfeit_loss:
    case round_kind::zero_point_bye:
    case round_kind::played:
      return 0;
  }
  return 0;
}

// What round r of `player` adds to a Buchholz: the opponent's adjusted score for a game, the
// dummy's score for an unplayed round.
double contribution(const tournament_results& results, int player, std::size_t r,
                    const tiebreak_rules& rules) {
  const auto& record = results[static_cast<std::size_t>(player)][r];
  if (record.kind == round_kind::played) return adjusted_score(results, record.opponent);
  const bool forfeit = !is_bye(record.kind);
  if (rules.round_robin && forfeit && record.opponent >= 0) {
    return score(results, record.opponent);  // 15.2: a regular game
  }
  const double own = score(results, player);
  if (!rules.cap_dummy_score) return own;
  if (forfeit && record.opponent >= 0)
    return std::min(own, adjusted_score(results, record.opponent));
  const auto rounds = results[static_cast<std::size_t>(player)].size();
  return std::min(own, draw_points * static_cast<double>(rounds));
}

}  // namespace tiebreak_detail

std::expected<void, std::string> check_results(const tournament_results& results) {
  using namespace tiebreak_detail;
  const auto players = results.size();
  const auto rounds = players == 0 ? 0 : results[0].size();
  for (std::size_t p = 0; p < players; ++p) {
    const auto where = [&](std::size_t r) {
      return "player " + std::to_string(p) + ", round " + std::to_string(r + 1) + ": ";
    };
    if (results[p].size() != rounds) {
      return std::unexpected("player " + std::to_string(p) + " has " +
                             std::to_string(results[p].size()) + " rounds, not " +
                             std::to_string(rounds));
    }
    for (std::size_t r = 0; r < rounds; ++r) {
      const auto& rec = results[p][r];
      if (is_bye(rec.kind)) {
        if (rec.opponent != -1) return std::unexpected(where(r) + "a bye with an opponent");
        if (rec.points != expected_points(rec.kind)) {
          return std::unexpected(where(r) + "points do not match the bye");
        }
        continue;
      }
      if (rec.kind == round_kind::played) {
        if (rec.points != 0 && rec.points != draw_points && rec.points != win_points) {
          return std::unexpected(where(r) + "a game's points must be 0, 1/2 or 1");
        }
      } else if (rec.points != expected_points(rec.kind)) {
        return std::unexpected(where(r) + "points do not match the forfeit");
      }
      if (rec.opponent == -1 && rec.kind != round_kind::played) continue;  // opponent unknown
      if (rec.opponent < 0 || static_cast<std::size_t>(rec.opponent) >= players ||
          static_cast<std::size_t>(rec.opponent) == p) {
        return std::unexpected(where(r) + "no such opponent");
      }
      const auto& other = results[static_cast<std::size_t>(rec.opponent)][r];
      if (other.opponent != static_cast<int>(p)) {
        return std::unexpected(where(r) + "the opponent was paired with someone else");
      }
      const bool consistent =
          rec.kind == round_kind::played
              ? other.kind == round_kind::played && rec.points + other.points == win_points
              : other.kind != round_kind::played &&
                    !(rec.kind == round_kind::forfeit_win && other.kind == round_kind::forfeit_win);
      if (!consistent) return std::unexpected(where(r) + "the opponent's record disagrees");
    }
  }
  return {};
}

double score(const tournament_results& results, int player) {
  double sum = 0;
  for (const auto& rec : results[static_cast<std::size_t>(player)])
    sum += rec.points;
  return sum;
}

double adjusted_score(const tournament_results& results, int player) {
  using namespace tiebreak_detail;
  const auto& rounds = results[static_cast<std::size_t>(player)];
  double sum = 0;
  for (std::size_t r = 0; r < rounds.size(); ++r) {
    sum += is_terminal_request(rounds, r) ? draw_points : rounds[r].points;
  }
  return sum;
}

double buchholz(const tournament_results& results, int player, const tiebreak_rules& rules) {
  double sum = 0;
  const auto rounds = results[static_cast<std::size_t>(player)].size();
  for (std::size_t r = 0; r < rounds; ++r) {
    sum += tiebreak_detail::contribution(results, player, r, rules);
  }
  return sum;
}

double buchholz_cut1(const tournament_results& results, int player, const tiebreak_rules& rules) {
  using namespace tiebreak_detail;
  const auto& records = results[static_cast<std::size_t>(player)];
  if (records.empty()) return 0;
  double sum = 0;
  double lowest = 0;
  std::optional<double> lowest_vur;
  for (std::size_t r = 0; r < records.size(); ++r) {
    const double value = contribution(results, player, r, rules);
    sum += value;
    lowest = r == 0 ? value : std::min(lowest, value);
    // 16.5 concerns Swiss tournaments only.
    if (!rules.round_robin && is_vur(records[r].kind)) {
      lowest_vur = lowest_vur ? std::min(*lowest_vur, value) : value;
    }
  }
  // 16.5.1: a VUR's contribution is cut first; it can never be below the least value.
  return sum - lowest_vur.value_or(lowest);
}

double sonneborn_berger(const tournament_results& results, int player,
                        const tiebreak_rules& rules) {
  double sum = 0;
  const auto& records = results[static_cast<std::size_t>(player)];
  for (std::size_t r = 0; r < records.size(); ++r) {
    if (records[r].points == 0) continue;
    sum += records[r].points * tiebreak_detail::contribution(results, player, r, rules);
  }
  return sum;
}

int wins(const tournament_results& results, int player) {
  const auto& records = results[static_cast<std::size_t>(player)];
  return static_cast<int>(std::count_if(records.begin(), records.end(), [](const round_record& r) {
    return r.points == tiebreak_detail::win_points;
  }));
}

int games_won(const tournament_results& results, int player) {
  const auto& records = results[static_cast<std::size_t>(player)];
  return static_cast<int>(std::count_if(records.begin(), records.end(), [](const round_record& r) {
    return r.kind == round_kind::played && r.points == tiebreak_detail::win_points;
  }));
}

std::optional<std::vector<double>> direct_encounter(const tournament_results& results,
                                                    std::span<const int> tied) {
  std::vector<double> points(tied.size(), 0.0);
  for (std::size_t i = 0; i < tied.size(); ++i) {
    for (std::size_t j = i + 1; j < tied.size(); ++j) {
      bool met = false;
      const auto& mine = results[static_cast<std::size_t>(tied[i])];
      const auto& theirs = results[static_cast<std::size_t>(tied[j])];
      for (std::size_t r = 0; r < mine.size(); ++r) {
        if (tiebreak_detail::is_bye(mine[r].kind) || mine[r].opponent != tied[j]) continue;
        met = true;
        points[i] += mine[r].points;
        points[j] += theirs[r].points;
      }
      if (!met) return std::nullopt;
    }
  }
  return points;
}

std::expected<tournament_results, std::string> results_from_trf(const trf_tournament& tournament,
                                                                int rounds) {
  if (rounds < 0) return std::unexpected("negative number of rounds");
  std::unordered_map<int, int> index_of;  // starting rank -> index
  for (std::size_t i = 0; i < tournament.players.size(); ++i) {
    index_of.emplace(tournament.players[i].start_rank, static_cast<int>(i));
  }
  tournament_results results(tournament.players.size());
  for (std::size_t i = 0; i < tournament.players.size(); ++i) {
    const auto& p = tournament.players[i];
    for (std::size_t r = 0; r < static_cast<std::size_t>(rounds); ++r) {
      round_record rec;  // a zero-point bye: what a round the line does not reach means
      if (r < p.rounds.size()) {
        const auto& t = p.rounds[r];
        const auto found = index_of.find(t.opponent);
        const int opponent = t.opponent != 0 && found != index_of.end() ? found->second : -1;
        switch (t.result) {
          case trf_result::win:
          case trf_result::unrated_win:
            rec = {round_kind::played, opponent, 1.0};
            break;
          case trf_result::draw:
          case trf_result::unrated_draw:
            rec = {round_kind::played, opponent, 0.5};
            break;
          case trf_result::loss:
          case trf_result::unrated_loss:
            rec = {round_kind::played, opponent, 0.0};
            break;
          case trf_result::forfeit_win:
            rec = {round_kind::forfeit_win, opponent, 1.0};
            break;
          case trf_result::forfeit_loss:
            rec = {round_kind::forfeit_loss, opponent, 0.0};
            break;
          case trf_result::pairing_allocated_bye:
            rec = {round_kind::pairing_allocated_bye, -1, 1.0};
            break;
          case trf_result::full_point_bye:
            rec = {round_kind::full_point_bye, -1, 1.0};
            break;
          case trf_result::half_point_bye:
            rec = {round_kind::half_point_bye, -1, 0.5};
            break;
          case trf_result::zero_point_bye:
          case trf_result::not_paired:
            break;
        }
        if (rec.kind == round_kind::played && opponent < 0) {
          return std::unexpected("player " + std::to_string(p.start_rank) + ", round " +
                                 std::to_string(r + 1) + ": a game without an opponent");
        }
      }
      results[i].push_back(rec);
    }
  }
  if (auto checked = check_results(results); !checked) return std::unexpected(checked.error());
  return results;
}

}  // namespace boardroom::tournaments
