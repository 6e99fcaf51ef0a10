// The player model of the Dutch pairing; see dutch_players.hpp.

#include "server/tournaments/dutch_players.hpp"

#include <algorithm>
#include <map>

namespace boardroom::tournaments::dutch_detail {

namespace {

// Paired in that round: an opponent (a forfeit too) or the pairing-allocated bye.
bool took_part(const trf_round& r) {
  return r.opponent != 0 || r.result == trf_result::pairing_allocated_bye ||
         r.result == trf_result::forfeit_win;
}

const trf_round* round_of(const trf_player& p, int round) {  // 1-based, nullptr when absent
  if (round < 1 || round > static_cast<int>(p.rounds.size())) return nullptr;
  return &p.rounds[static_cast<std::size_t>(round - 1)];
}

int score_before(const trf_player& p, int round) {  // rounds 1..round-1
  int sum = 0;
  for (int r = 1; r < round; ++r) {
    if (const auto* entry = round_of(p, r)) sum += half_points(entry->result);
  }
  return sum;
}

// A float in `round`: points without a game are a downfloat; otherwise the scores before the
// round decide, forfeits included (an absent opponent is one's own score: no float). `virtual_of`
// gives a player's virtual points in that round (accelerated pairings), in half points.
template <class Virtual>
float_kind float_in(const trf_tournament& t, const trf_player& p, int round,
                    const Virtual& virtual_of) {
  const auto* entry = round_of(p, round);
  if (entry == nullptr) return float_kind::none;
  if (!played_over_the_board(*entry) && half_points(entry->result) > 0) return float_kind::down;
  const auto* opponent = entry->opponent != 0 ? t.find(entry->opponent) : nullptr;
  if (opponent == nullptr) return float_kind::none;
  const int mine = score_before(p, round) + virtual_of(p, round);
  const int theirs = score_before(*opponent, round) + virtual_of(*opponent, round);
  return mine > theirs ? float_kind::down : mine < theirs ? float_kind::up : float_kind::none;
}

void set_colours(player& s) {
  int whites = 0, blacks = 0, in_a_row = 0;
  colour last = colour::none;
  for (const auto c : s.played) {
    ++(c == colour::white ? whites : blacks);
    in_a_row = c == last ? in_a_row + 1 : 1;
    last = c;
  }
  const colour fewer = whites > blacks ? colour::black : colour::white;
  s.imbalance = std::abs(whites - blacks);
  s.preference = s.imbalance > 1   ? fewer
                 : in_a_row > 1    ? opposite(last)
                 : s.imbalance > 0 ? fewer
                 : in_a_row > 0    ? opposite(last)
                                   : colour::none;
  s.repeated = in_a_row > 1 ? last : colour::none;
  s.strong = !s.absolute_preference() && s.imbalance > 0;
}

// The colour of pairing number 1 in the first round with colours, from the first player paired
// by then (the next one's colour inverted, and so on, if that one had no colour): the
// pairing-number rule of colour allocation starts from it.
colour first_round_colour(const std::vector<const trf_player*>& ranked) {
  int first = 0;
  for (const auto* p : ranked) {
    for (int r = 1; r <= static_cast<int>(p->rounds.size()); ++r) {
      if (p->rounds[static_cast<std::size_t>(r - 1)].colour != trf_colour::none &&
          (first == 0 || r < first)) {
        first = r;
      }
    }
  }
  if (first == 0) return colour::white;
  int number = 0;  // pairing numbers among those paired by that round
  for (const auto* p : ranked) {
    bool paired = false;
    for (int r = 1; r <= first; ++r) {
      if (const auto* e = round_of(*p, r)) paired = paired || took_part(*e);
    }
    if (!paired) continue;
    const auto* e = round_of(*p, first);
    if (e != nullptr && e->colour != trf_colour::none) {
      const colour c = e->colour == trf_colour::white ? colour::white : colour::black;
      return number % 2 == 0 ? c : opposite(c);
    }
    ++number;
  }
  return colour::white;
}

// The colours of the most recent games, counted back separately for each player, in which the
// two had different colours.
bool last_difference(const player& a, const player& b, colour& a_colour) {
  auto i = a.played.rbegin();
  auto j = b.played.rbegin();
  for (; i != a.played.rend() && j != b.played.rend(); ++i, ++j) {
    if (*i != *j) {
      a_colour = *i;
      return true;
    }
  }
  return false;
}

}  // namespace

int baku_virtual_points(int rank_index, int players, int round, int total_rounds) {
  const int ga = 2 * ((players + 3) / 4);
  const int accelerated = (total_rounds + 1) / 2;
  const int full = (accelerated + 1) / 2;
  if (rank_index >= ga || round < 1 || round > accelerated) return 0;
  return round <= full ? 2 : 1;
}

std::string read_field(const trf_tournament& t, field& out, bool baku) {
  int played = 0;
  for (const auto& p : t.players) {
    for (int r = 1; r <= static_cast<int>(p.rounds.size()); ++r) {
      if (took_part(p.rounds[static_cast<std::size_t>(r - 1)])) played = std::max(played, r);
    }
  }
  if (t.total_rounds != 0 && played + 1 > t.total_rounds) {
    return "all " + std::to_string(t.total_rounds) + " rounds are paired";
  }
  out.played_rounds = played;
  out.last_round = t.total_rounds != 0 && played + 1 == t.total_rounds;

  std::vector<const trf_player*> ranked;
  for (const auto& p : t.players)
    ranked.push_back(&p);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto* a, const auto* b) { return a->start_rank < b->start_rank; });
  out.first_colour = first_round_colour(ranked);
  std::map<int, int> rank_of;  // starting rank -> position in the list
  for (std::size_t i = 0; i < ranked.size(); ++i)
    rank_of[ranked[i]->start_rank] = static_cast<int>(i);
  const int players = static_cast<int>(ranked.size());
  const auto virtual_of = [&](const trf_player& p, int round) {
    if (!baku) return 0;
    return baku_virtual_points(rank_of.at(p.start_rank), players, round, t.total_rounds);
  };

  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const auto& p = *ranked[i];
    if (static_cast<int>(p.rounds.size()) > played) continue;  // already entered for the round
    player s;
    s.id = p.start_rank;
    s.rank_index = static_cast<int>(i);
    s.score = score_before(p, played + 1) + virtual_of(p, played + 1);
    for (int r = 1; r <= played; ++r) {
      const auto* e = round_of(p, r);
      if (e != nullptr && played_over_the_board(*e)) {
        s.played.push_back(e->colour == trf_colour::white ? colour::white : colour::black);
        s.met.insert(e->opponent);
      } else {
        ++s.unplayed;
      }
      // C2: a full point without playing rules the bye out.
      if (e != nullptr && !played_over_the_board(*e) && half_points(e->result) == 2) {
        s.bye_eligible = false;
      }
    }
    set_colours(s);
    s.float1 = played >= 1 ? float_in(t, p, played, virtual_of) : float_kind::none;
    s.float2 = played >= 2 ? float_in(t, p, played - 1, virtual_of) : float_kind::none;
    out.players.push_back(std::move(s));
  }
  std::stable_sort(out.players.begin(), out.players.end(), [](const auto& a, const auto& b) {
    return a.score != b.score ? a.score > b.score : a.rank_index < b.rank_index;
  });
  return {};
}

bool compatible(const player& a, const player& b, const field& f) {
  if (a.met.contains(b.id) || b.met.contains(a.id)) return false;
  if (!a.absolute_preference() || !b.absolute_preference() || a.preference != b.preference) {
    return true;
  }
  // Topscorers: more than half the possible points, when the last round is paired.
  return f.last_round && (a.score > f.played_rounds || b.score > f.played_rounds);
}

colour colour_of(const player& a, const player& b, const field& f) {
  const auto ap = a.preference;
  const auto bp = b.preference;
  if (ap == colour::none || bp == colour::none || ap != bp) {  // both can be granted
    if (ap != colour::none) return ap;
    if (bp != colour::none) return opposite(bp);
  } else {
    // The same preference: the stronger one wins, then alternation.
    if (a.absolute_preference() && (a.imbalance > b.imbalance || !b.absolute_preference())) {
      return ap;
    }
    if (b.absolute_preference() && (b.imbalance > a.imbalance || !a.absolute_preference())) {
      return opposite(bp);
    }
    if (a.strong && !b.strong) return ap;
    if (b.strong && !a.strong) return opposite(bp);
    colour mine = colour::none;
    if (last_difference(a, b, mine)) return opposite(mine);
  }
  // Still open: the higher-ranked player's preference, or its pairing number.
  const bool a_higher = a.score != b.score ? a.score > b.score : a.rank_index < b.rank_index;
  const player& higher = a_higher ? a : b;
  if (ap != colour::none) return a_higher ? ap : opposite(bp);
  const colour higher_colour =
      higher.rank_index % 2 == 0 ? f.first_colour : opposite(f.first_colour);
  return a_higher ? higher_colour : opposite(higher_colour);
}

}  // namespace boardroom::tournaments::dutch_detail
