// The FIDE (Dutch) System by exhaustive search; what it implements is listed in
// dutch_reference.hpp.

#include "server/tournaments/dutch_reference.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>

namespace boardroom::tournaments {

namespace dutch_reference_detail {

enum class float_kind { none, down, up };
enum strength { no_preference, mild, strong, absolute };

trf_colour opposite(trf_colour c) {
  return c == trf_colour::white   ? trf_colour::black
         : c == trf_colour::black ? trf_colour::white
                                  : trf_colour::none;
}

struct player_state {
  const trf_player* source = nullptr;
  int id = 0;     // starting rank
  int score = 0;  // half points before the round to pair
  int group = 0;  // index of its score among the distinct scores, highest first
  int played_games = 0;
  int colour_difference = 0;         // whites - blacks
  std::vector<trf_colour> colours;   // per round, none when no game was played
  std::vector<trf_colour> sequence;  // colours of played games only
  trf_colour preference = trf_colour::none;
  strength preference_strength = no_preference;
  bool bye_eligible = true;
  bool topscorer = false;
  float_kind float1 = float_kind::none;  // in the last round
  float_kind float2 = float_kind::none;  // the round before
  std::set<int> met;                     // starting ranks of opponents over the board
};

int score_before(const trf_player& p, int round) {  // rounds 1..round-1
  int sum = 0;
  for (int r = 0; r < round - 1 && r < static_cast<int>(p.rounds.size()); ++r) {
    sum += half_points(p.rounds[static_cast<std::size_t>(r)].result);
  }
  return sum;
}

float_kind float_in(const trf_tournament& t, const trf_player& p, int round) {
  if (round < 1 || round > static_cast<int>(p.rounds.size())) return float_kind::none;
  const auto& r = p.rounds[static_cast<std::size_t>(round - 1)];
  if (!played_over_the_board(r))
    return half_points(r.result) > 0 ? float_kind::down : float_kind::none;
  const auto* opponent = t.find(r.opponent);
  if (opponent == nullptr) return float_kind::none;
  const int mine = score_before(p, round);
  const int theirs = score_before(*opponent, round);
  return mine > theirs ? float_kind::down : mine < theirs ? float_kind::up : float_kind::none;
}

void set_preference(player_state& s) {
  if (s.sequence.empty()) return;
  const auto last = s.sequence.back();
  const bool repeated = s.sequence.size() >= 2 && s.sequence[s.sequence.size() - 2] == last;
  if (s.colour_difference > 1 || s.colour_difference < -1 || repeated) {
    s.preference_strength = absolute;
    s.preference = s.colour_difference > 1    ? trf_colour::black
                   : s.colour_difference < -1 ? trf_colour::white
                                              : opposite(last);
  } else if (s.colour_difference != 0) {
    s.preference_strength = strong;
    s.preference = s.colour_difference > 0 ? trf_colour::black : trf_colour::white;
  } else {
    s.preference_strength = mild;
    s.preference = opposite(last);
  }
}

// C3: two players with the same absolute preference may meet only if one is a topscorer.
bool compatible(const player_state& a, const player_state& b) {
  if (a.met.contains(b.id)) return false;
  return !(a.preference_strength == absolute && b.preference_strength == absolute &&
           a.preference == b.preference && !a.topscorer && !b.topscorer);
}

// The colour of `higher` (the higher-ranked of the two) under the allocation rules.
trf_colour colour_of_higher(const player_state& higher, const player_state& lower) {
  const auto hp = higher.preference;
  const auto lp = lower.preference;
  if (hp != trf_colour::none && (lp == trf_colour::none || lp != hp)) return hp;  // both granted
  if (hp == trf_colour::none && lp != trf_colour::none) return opposite(lp);
  if (hp != trf_colour::none) {  // the same preference
    if (higher.preference_strength != lower.preference_strength) {
      return higher.preference_strength > lower.preference_strength ? hp : opposite(lp);
    }
    if (higher.preference_strength == absolute &&
        std::abs(higher.colour_difference) != std::abs(lower.colour_difference)) {
      return std::abs(higher.colour_difference) > std::abs(lower.colour_difference) ? hp
                                                                                    : opposite(lp);
    }
    // Alternate from the last round in which they had different colours.
    const auto rounds = std::min(higher.colours.size(), lower.colours.size());
    for (auto r = rounds; r-- > 0;) {
      const auto h = higher.colours[r];
      const auto l = lower.colours[r];
      if (h != trf_colour::none && l != trf_colour::none && h != l) return opposite(h);
    }
    return hp;
  }
  // Nobody has a preference: the higher-ranked player's pairing number decides.
  return higher.id % 2 == 1 ? trf_colour::white : trf_colour::black;
}

struct search {
  std::vector<player_state> players;  // in pairing order: score, then starting rank
  int groups = 0;
  std::vector<int> mate;  // index of the opponent, -1 for the bye, -2 while unassigned
  std::optional<std::vector<int>> best_cost;
  std::vector<int> best_mate;

  // The lexicographic cost of a complete pairing: smaller is better.
  // With `criteria`, also the C6-C17 part of every bracket, without the order that follows it.
  std::vector<int> cost(std::vector<std::vector<int>>* criteria = nullptr) const {
    constexpr int absent = 1000;
    std::vector<int> v;
    const int n = static_cast<int>(players.size());
    int bye = -1;
    for (int i = 0; i < n; ++i) {
      if (mate[static_cast<std::size_t>(i)] == -1) bye = i;
    }
    const auto& at = [&](int i) -> const player_state& {
      return players[static_cast<std::size_t>(i)];
    };
    v.push_back(bye >= 0 ? at(bye).score : -1);  // C5
    // Games by the bracket they are made in: the lower player's score group.
    std::vector<std::vector<std::pair<int, int>>> made(static_cast<std::size_t>(groups));
    for (int i = 0; i < n; ++i) {
      const int j = mate[static_cast<std::size_t>(i)];
      if (j > i) made[static_cast<std::size_t>(at(j).group)].push_back({i, j});
    }
    const auto bracket_pairs = [&](int k) {
      v.push_back(-static_cast<int>(made[static_cast<std::size_t>(k)].size()));  // C6 / C8
      for (int g = 0; g <= k; ++g) {                                             // C7 / C8
        v.push_back(-static_cast<int>(std::count_if(
            made[static_cast<std::size_t>(k)].begin(), made[static_cast<std::size_t>(k)].end(),
            [&](const auto& pr) { return at(pr.first).group == g; })));
      }
    };
    for (int k = 0; k < groups; ++k) {
      const auto& games = made[static_cast<std::size_t>(k)];
      const auto bracket_start = static_cast<std::ptrdiff_t>(v.size());
      bracket_pairs(k);
      if (k + 1 < groups) bracket_pairs(k + 1);
      const auto c9_at = static_cast<std::ptrdiff_t>(v.size()) - bracket_start;
      v.push_back(bye >= 0 ? -at(bye).played_games : 0);  // C9
      int c10 = 0, c11 = 0, c12 = 0, c13 = 0, c14 = 0, c15 = 0, c16 = 0, c17 = 0;
      for (const auto& [hi, lo] : games) {
        const auto& h = at(hi);
        const auto& l = at(lo);
        const auto hc = colour_of_higher(h, l);
        for (const auto* p : {&h, &l}) {
          const auto c = p == &h ? hc : opposite(hc);
          if (p->topscorer) {
            const int cd = p->colour_difference + (c == trf_colour::white ? 1 : -1);
            c10 += std::abs(cd) > 2;
            const auto& s = p->sequence;
            c11 += s.size() >= 2 && s[s.size() - 1] == c && s[s.size() - 2] == c;
          }
          if (p->preference != trf_colour::none && p->preference != c) {
            ++c12;
            c13 += p->preference_strength >= strong;
          }
          // Residents of this bracket paired here after a downfloat are a gain.
          if (p->group == k) {
            c14 -= p->float1 == float_kind::down;
            c16 -= p->float2 == float_kind::down;
          }
        }
        if (h.score > l.score) {
          c15 += l.float1 == float_kind::up;
          c17 += l.float2 == float_kind::up;
        }
      }
      v.insert(v.end(), {c10, c11, c12, c13, c14, c15, c16, c17});
      if (criteria != nullptr) {  // without C9, which this search ranks in every bracket
        criteria->emplace_back(v.begin() + bracket_start, v.end());
        criteria->back().erase(criteria->back().begin() + c9_at);
      }
      // The order of the bracket procedure (approximated; see dutch_reference.hpp).
      std::vector<int> residents;
      for (int i = 0; i < n; ++i) {
        if (at(i).group == k) residents.push_back(i);
      }
      const auto position = [&](int i) {
        return static_cast<int>(std::find(residents.begin(), residents.end(), i) -
                                residents.begin());
      };
      for (const int r : residents) {  // the lowest residents float
        const int m = mate[static_cast<std::size_t>(r)];
        v.push_back(m < 0 || at(m).group > k ? 1 : 0);
      }
      std::vector<int> mdp_partners;
      std::vector<int> remainder;
      for (const auto& [hi, lo] : games) {
        if (at(hi).group < k) {
          mdp_partners.push_back(position(lo));
        } else {
          remainder.push_back(hi);
          remainder.push_back(lo);
        }
      }
      mdp_partners.resize(residents.size(), absent);
      v.insert(v.end(), mdp_partners.begin(), mdp_partners.end());
      std::sort(remainder.begin(), remainder.end());
      const auto half = remainder.size() / 2;
      int exchanges = 0;
      std::vector<int> s1_partners;
      for (std::size_t x = 0; x < half; ++x) {
        const int partner = mate[static_cast<std::size_t>(remainder[x])];
        const auto where = static_cast<std::size_t>(
            std::find(remainder.begin(), remainder.end(), partner) - remainder.begin());
        exchanges += where < half;
        s1_partners.push_back(static_cast<int>(where));
      }
      s1_partners.resize(residents.size(), absent);
      v.push_back(exchanges);
      v.insert(v.end(), s1_partners.begin(), s1_partners.end());
    }
    return v;
  }

  void run(bool bye_needed) {
    const auto n = players.size();
    std::size_t i = 0;
    while (i < n && mate[i] != -2)
      ++i;
    if (i == n) {
      auto c = cost();
      if (!best_cost || c < *best_cost) {
        best_cost = std::move(c);
        best_mate = mate;
      }
      return;
    }
    if (bye_needed && players[i].bye_eligible) {
      mate[i] = -1;
      run(false);
      mate[i] = -2;
    }
    for (std::size_t j = i + 1; j < n; ++j) {
      if (mate[j] != -2 || !compatible(players[i], players[j])) continue;
      mate[i] = static_cast<int>(j);
      mate[j] = static_cast<int>(i);
      run(bye_needed);
      mate[i] = mate[j] = -2;
    }
  }
};

}  // namespace dutch_reference_detail

namespace dutch_reference_detail {

// The players to pair, sorted and grouped, ready to search.
std::expected<search, std::string> prepare(const trf_tournament& t) {
  // The rounds played: the last one in which anybody has an opponent or a pairing-allocated bye.
  int played = 0;
  for (const auto& p : t.players) {
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
      if (p.rounds[r].opponent != 0 || p.rounds[r].result == trf_result::pairing_allocated_bye) {
        played = std::max(played, static_cast<int>(r) + 1);
      }
    }
  }
  const int round = played + 1;
  if (t.total_rounds != 0 && round > t.total_rounds) {
    return std::unexpected("all " + std::to_string(t.total_rounds) + " rounds are paired");
  }
  const bool final_round = t.total_rounds != 0 && round == t.total_rounds;

  search s;
  for (const auto& p : t.players) {
    if (static_cast<int>(p.rounds.size()) > played) continue;  // already entered for the round
    player_state st;
    st.source = &p;
    st.id = p.start_rank;
    st.score = score_before(p, round);
    for (int r = 1; r <= played; ++r) {
      const auto* entry = r <= static_cast<int>(p.rounds.size())
                              ? &p.rounds[static_cast<std::size_t>(r - 1)]
                              : nullptr;
      trf_colour c = trf_colour::none;
      if (entry != nullptr && played_over_the_board(*entry)) {
        c = entry->colour;
        ++st.played_games;
        st.colour_difference += c == trf_colour::white ? 1 : -1;
        st.sequence.push_back(c);
        st.met.insert(entry->opponent);
      }
      if (entry != nullptr && (entry->result == trf_result::pairing_allocated_bye ||
                               entry->result == trf_result::full_point_bye ||
                               entry->result == trf_result::forfeit_win)) {
        st.bye_eligible = false;  // C2
      }
      st.colours.push_back(c);
    }
    set_preference(st);
    st.topscorer = final_round && st.score > played;  // more than half the possible points
    st.float1 = float_in(t, p, played);
    st.float2 = float_in(t, p, played - 1);
    s.players.push_back(std::move(st));
  }
  if (s.players.size() > static_cast<std::size_t>(dutch_reference_max_players)) {
    return std::unexpected(std::to_string(s.players.size()) + " players to pair; this search " +
                           "handles at most " + std::to_string(dutch_reference_max_players));
  }
  std::sort(s.players.begin(), s.players.end(), [](const auto& a, const auto& b) {
    return a.score != b.score ? a.score > b.score : a.id < b.id;
  });
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    if (i > 0 && s.players[i].score != s.players[i - 1].score) ++s.groups;
    s.players[i].group = s.groups;
  }
  if (!s.players.empty()) ++s.groups;
  s.mate.assign(s.players.size(), -2);
  return s;
}

}  // namespace dutch_reference_detail

std::expected<pairing, std::string> pair_dutch_exhaustive(const trf_tournament& t) {
  using namespace dutch_reference_detail;
  auto prepared = prepare(t);
  if (!prepared) return std::unexpected(prepared.error());
  auto& s = *prepared;
  s.run(s.players.size() % 2 == 1);
  if (!s.best_cost) return std::unexpected("no pairing satisfies the absolute criteria");

  // Boards: the higher score in the pair first, then the sum of scores, then the higher rank.
  struct board {
    int high, low;  // indices in pairing order
  };
  std::vector<board> boards;
  pairing result;
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    const int m = s.best_mate[i];
    if (m == -1) result.bye = s.players[i].id;
    if (m > static_cast<int>(i)) boards.push_back({static_cast<int>(i), m});
  }
  const auto& at = [&](int i) -> const player_state& {
    return s.players[static_cast<std::size_t>(i)];
  };
  std::sort(boards.begin(), boards.end(), [&](const board& a, const board& b) {
    const int a_max = std::max(at(a.high).score, at(a.low).score);
    const int b_max = std::max(at(b.high).score, at(b.low).score);
    if (a_max != b_max) return a_max > b_max;
    const int a_sum = at(a.high).score + at(a.low).score;
    const int b_sum = at(b.high).score + at(b.low).score;
    if (a_sum != b_sum) return a_sum > b_sum;
    return a.high < b.high;
  });
  for (const auto& b : boards) {
    const auto& h = at(b.high);
    const auto& l = at(b.low);
    result.boards.push_back(colour_of_higher(h, l) == trf_colour::white
                                ? pairing_board{h.id, l.id}
                                : pairing_board{l.id, h.id});
  }
  return result;
}

std::expected<dutch_reference_criteria, std::string> dutch_exhaustive_criteria(
    const trf_tournament& t, const pairing& p) {
  using namespace dutch_reference_detail;
  auto prepared = prepare(t);
  if (!prepared) return std::unexpected(prepared.error());
  auto& s = *prepared;
  const int n = static_cast<int>(s.players.size());
  const auto index = [&](int id) {
    for (int i = 0; i < n; ++i) {
      if (s.players[static_cast<std::size_t>(i)].id == id) return i;
    }
    return -1;
  };
  for (const auto& b : p.boards) {
    const int w = index(b.white), x = index(b.black);
    if (w < 0 || x < 0 || w == x || s.mate[static_cast<std::size_t>(w)] != -2 ||
        s.mate[static_cast<std::size_t>(x)] != -2) {
      return std::unexpected("not a pairing of these players");
    }
    if (!compatible(s.players[static_cast<std::size_t>(w)],
                    s.players[static_cast<std::size_t>(x)])) {
      return std::unexpected("breaks C1 or C3");
    }
    s.mate[static_cast<std::size_t>(w)] = x;
    s.mate[static_cast<std::size_t>(x)] = w;
  }
  int unpaired = 0;
  for (int i = 0; i < n; ++i) {
    if (s.mate[static_cast<std::size_t>(i)] != -2) continue;
    if (s.players[static_cast<std::size_t>(i)].id != p.bye) return std::unexpected("incomplete");
    if (!s.players[static_cast<std::size_t>(i)].bye_eligible) return std::unexpected("breaks C2");
    s.mate[static_cast<std::size_t>(i)] = -1;
    ++unpaired;
  }
  if (unpaired != n % 2) return std::unexpected("incomplete");
  dutch_reference_criteria result;
  const auto cost = s.cost(&result.brackets);
  result.bye_score = cost.front();
  for (int i = 0; i < n; ++i) {
    if (s.mate[static_cast<std::size_t>(i)] == -1) {
      result.bye_played_games = s.players[static_cast<std::size_t>(i)].played_games;
    }
  }
  for (int k = 0; k < s.groups; ++k)
    result.games.emplace_back();
  for (int i = 0; i < n; ++i) {
    const int j = s.mate[static_cast<std::size_t>(i)];
    if (j > i) {
      result.games[static_cast<std::size_t>(s.players[static_cast<std::size_t>(j)].group)]
          .push_back({s.players[static_cast<std::size_t>(i)].id,
                      s.players[static_cast<std::size_t>(j)].id});
    }
  }
  return result;
}

}  // namespace boardroom::tournaments
