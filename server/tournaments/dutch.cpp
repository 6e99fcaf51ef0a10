// The FIDE (Dutch) System by weighted matching; dutch.hpp says what it implements and how.
//
// Every edge weight is a number whose digits, most significant first, are the criteria in
// priority order: maximising the total weight of a matching maximises the first criterion, then
// the second among the pairings that tie on the first, and so on. Each digit is wide enough for
// its sum over a whole matching, so no digit carries into the one above. Criteria that concern
// the bracket being paired are only set on edges inside it (and, for C8, into the next score
// group); edges elsewhere carry only the completion digit, which keeps the rest of the round
// pairable without ranking it. The low digits are left free for the order of the procedure,
// which the bracket steps below add and remove as they fix one choice at a time.

#include "server/tournaments/dutch.hpp"

#include <algorithm>
#include <cassert>
#include <map>
#include <utility>

#include "server/tournaments/dutch_players.hpp"
#include "server/tournaments/weighted_matching.hpp"

namespace boardroom::tournaments {

namespace dutch_detail {
namespace {

int bits_for(long long v) {
  int bits = 1;
  while ((v >>= 1) > 0)
    ++bits;
  return bits;
}

// The digits of one weight, most significant first.
template <class weight>
struct digits {
  weight value = 0;
  int width = 0;
  void put(int bits, const weight& v) {
    value <<= bits;
    value += v;
    width += bits;
  }
};

// A digit made of one sub-digit per score present, higher scores more significant; each
// sub-digit holds a count of players of that score.
struct score_digit {
  std::map<int, int> shift;
  int width = 0;
  template <class weight>
  weight unit(int score) const {
    return weight(1) << shift.at(score);
  }
};

// Over signed integers of `bits` bits: the narrowest that holds the field's weights is the fastest.
template <class weight, int bits>
class engine {
 public:
  explicit engine(const field& f) : f_(f), n_(static_cast<int>(f.players.size())) {
    count_bits_ = bits_for(n_) + 1;
    final_.assign(static_cast<std::size_t>(n_), -1);
    mate_.resize(static_cast<std::size_t>(n_));
    for (int v = 0; v < n_; ++v)
      mate_[static_cast<std::size_t>(v)] = v;
    dual_.resize(static_cast<std::size_t>(n_));
    w_.assign(static_cast<std::size_t>(n_), std::vector<weight>(static_cast<std::size_t>(n_)));
  }

  // The partner of every player (by index in f.players), -1 for the bye.
  std::expected<std::vector<int>, std::string> run();
  bool too_wide() const { return too_wide_; }  // run failed for want of bits

 private:
  const player& at(int v) const { return f_.players[static_cast<std::size_t>(v)]; }
  int score(int v) const { return at(v).score; }
  int mate(int v) const { return mate_[static_cast<std::size_t>(v)]; }
  void set_w(int a, int b, const weight& x) {
    w_[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = x;
    w_[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = x;
  }
  bool bye_candidate(int v) const {
    return at(v).bye_eligible && (!odd_ || at(v).score <= bye_score_);
  }
  // The top digit: a pair (the more the better), and players who cannot take the bye paired.
  weight completion(int a, int b) const {
    return odd_ ? 1 + !bye_candidate(a) + !bye_candidate(b) : 1;
  }

  void match();
  void finalize(int a, int b) {
    final_[static_cast<std::size_t>(a)] = b;
    final_[static_cast<std::size_t>(b)] = a;
    mate_[static_cast<std::size_t>(a)] = b;
    mate_[static_cast<std::size_t>(b)] = a;
  }
  std::string choose_bye_score();
  weight base_weight(int h, int l, bool in_current, bool in_next, const score_digit& sd) const;
  int layout_width(const score_digit& sd) const;
  // C9 sums the ranks of two players a pair, at most n of them.
  int c9_bits() const { return bits_for(2LL * static_cast<long long>(n_ + 1) * (n_ + 1)); }
  bool pair_bracket(std::vector<int>& current, int movers, int resident_begin, int next_begin);

  const field& f_;
  int n_;
  int count_bits_ = 0;  // a digit holding a count of players
  std::vector<std::vector<weight>> w_;
  std::vector<int> final_;    // fixed partner, -1 while open
  std::vector<int> mate_;     // in the last matching; a single player is its own mate
  std::vector<weight> dual_;  // the last matching's duals (see max_weight_matching_from)
  int completion_shift_ = 0;  // where the completion digit was in the last matching's weights
  bool odd_ = false;
  int bye_score_ = 0;
  bool c9_ = false;                   // the bracket's downfloater will be the bye: C9 applies
  std::map<int, int> unplayed_rank_;  // C9: by unplayed games, among those of the bye's score
  bool too_wide_ = false;
};

// A maximum weight matching of the players not yet fixed.
template <class weight, int bits>
void engine<weight, bits>::match() {
  std::vector<int> open;
  std::vector<int> index(static_cast<std::size_t>(n_), -1);
  for (int v = 0; v < n_; ++v) {
    if (final_[static_cast<std::size_t>(v)] < 0) {
      index[static_cast<std::size_t>(v)] = static_cast<int>(open.size());
      open.push_back(v);
    }
  }
  std::vector<weighted_edge<weight>> edges;
  for (std::size_t i = 0; i < open.size(); ++i) {
    for (std::size_t j = i + 1; j < open.size(); ++j) {
      const auto& x = w_[static_cast<std::size_t>(open[i])][static_cast<std::size_t>(open[j])];
      if (x > 0) edges.push_back({static_cast<int>(i), static_cast<int>(j), x});
    }
  }
  // Warm: the last matching and its duals, restricted to the open players (a fixed player's
  // partner is fixed too), so that only the players whose edges changed are matched again.
  std::vector<int> m(open.size(), -1);
  std::vector<weight> dual(open.size());
  for (std::size_t i = 0; i < open.size(); ++i) {
    const int u = mate_[static_cast<std::size_t>(open[i])];
    if (u != open[i]) m[i] = index[static_cast<std::size_t>(u)];
    dual[i] = dual_[static_cast<std::size_t>(open[i])];
  }
  max_weight_matching_from(static_cast<int>(open.size()), edges, m, dual);
  for (std::size_t i = 0; i < open.size(); ++i) {
    mate_[static_cast<std::size_t>(open[i])] =
        m[i] < 0 ? open[i] : open[static_cast<std::size_t>(m[i])];
    dual_[static_cast<std::size_t>(open[i])] = std::move(dual[i]);
  }
}

// C4 and C5 over the whole field: complete pairings exist, and the lowest score the bye can go
// to. Also whether C9 applies in the first bracket.
template <class weight, int bits>
std::string engine<weight, bits>::choose_bye_score() {
  std::vector<int> group(static_cast<std::size_t>(n_));  // score groups from the lowest, 0
  for (int v = n_ - 2; v >= 0; --v) {
    group[static_cast<std::size_t>(v)] =
        group[static_cast<std::size_t>(v + 1)] + (score(v) != score(v + 1));
  }
  const int groups = n_ > 0 ? group[0] + 1 : 0;
  for (int a = 0; a < n_; ++a) {
    for (int b = a + 1; b < n_; ++b) {
      if (!compatible(at(a), at(b), f_)) continue;
      digits<weight> d;
      d.put(0, odd_ ? 1 + !at(a).bye_eligible + !at(b).bye_eligible : 1);
      d.put(bits_for(2LL * groups * n_),
            group[static_cast<std::size_t>(a)] + group[static_cast<std::size_t>(b)]);
      d.put(count_bits_, score(b) >= score(0));  // paired inside the top score group
      set_w(a, b, d.value);
    }
  }
  completion_shift_ = bits_for(2LL * groups * n_) + count_bits_;
  match();
  int single = -1, singles = 0;
  for (int v = 0; v < n_; ++v) {
    if (mate(v) == v) {
      single = v;
      ++singles;
    }
  }
  if (singles != (odd_ ? 1 : 0) || (odd_ && !at(single).bye_eligible)) {
    return "no pairing satisfies the absolute criteria";
  }
  if (!odd_) return {};
  bye_score_ = score(single);
  c9_ = bye_score_ >= score(0);
  for (int v = 0; v < n_ && score(v) >= score(0); ++v) {
    if (score(mate(v)) < score(0)) c9_ = false;
  }
  std::vector<int> counts;
  for (int v = 0; v < n_; ++v) {
    if (score(v) == bye_score_) counts.push_back(at(v).unplayed);
  }
  std::sort(counts.begin(), counts.end());
  for (std::size_t i = 0; i < counts.size(); ++i)
    unplayed_rank_[counts[i]] = static_cast<int>(i);
  return {};
}

// The width of every digit below the completion digit, as base_weight lays them out.
template <class weight, int bits>
int engine<weight, bits>::layout_width(const score_digit& sd) const {
  const int c = count_bits_;
  int width = 2 * (c + sd.width) + c9_bits() + 4 * c;
  if (f_.played_rounds >= 1) width += 2 * c + 2 * sd.width;
  if (f_.played_rounds >= 2) width += 2 * c + 2 * sd.width;
  return width + 3 * c + 1;
}

// The weight of a game between h (higher in the pairing order) and l in the bracket being
// paired (in_current: l is in it) or in the next score group (in_next); 0 if they cannot meet.
template <class weight, int bits>
weight engine<weight, bits>::base_weight(int h, int l, bool in_current, bool in_next,
                                         const score_digit& sd) const {
  const player& H = at(h);
  const player& L = at(l);
  if (!compatible(H, L, f_)) return 0;
  const int c = count_bits_;
  digits<weight> d;
  d.put(0, completion(h, l));
  d.put(c, in_current);  // C6 pairs
  d.put(sd.width,
        in_current ? sd.template unit<weight>(H.score) : 0);         // C7 moved-down scores paired
  d.put(c, in_next);                                                 // C8 pairs in the next bracket
  d.put(sd.width, in_next ? sd.template unit<weight>(H.score) : 0);  // C8 scores
  weight c9 = 0;                                                     // C9 bye's unplayed games
  if (c9_) {
    if (H.score == bye_score_) c9 += unplayed_rank_.at(H.unplayed);
    if (L.score == bye_score_) c9 += unplayed_rank_.at(L.unplayed);
  }
  d.put(c9_bits(), c9);
  const bool same = H.preference == L.preference && H.preference != colour::none;
  // C10: a topscorer's colour difference beyond 2 (both absolute by imbalance, same colour).
  d.put(c, in_current && !(H.absolute_imbalance() && L.absolute_imbalance() && same));
  // C11: a third colour in a row: the one who loses the allocation had its colour twice.
  bool c11 = !H.absolute_preference() || !L.absolute_preference() || !same;
  if (!c11) {
    const player& loser = H.imbalance == L.imbalance ? L : H.imbalance > L.imbalance ? L : H;
    c11 = H.imbalance == L.imbalance ? L.repeated == colour::none || L.repeated != H.repeated
                                     : loser.repeated != opposite(L.preference);
  }
  d.put(c, in_current && c11);
  d.put(c, in_current && !same);  // C12 preferences
  const auto strong_or_absolute = [](const player& p) {
    return p.strong || p.absolute_preference();
  };
  d.put(c, in_current && (!strong_or_absolute(H) || !strong_or_absolute(L) ||
                          (H.absolute_preference() && L.absolute_preference()) || !same));  // C13
  const bool moved_down = H.score > L.score;
  const auto down = [](float_kind k) { return k == float_kind::down ? 1 : 0; };
  // C14-C17: residents who floated down paired here (not again), upfloaters not again up.
  if (f_.played_rounds >= 1) {
    d.put(c, in_current ? down(L.float1) + (!moved_down ? down(H.float1) : 0) : 0);
    d.put(c, in_current && !(moved_down && L.float1 == float_kind::up));
  }
  if (f_.played_rounds >= 2) {
    d.put(c, in_current ? down(L.float2) + (!moved_down ? down(H.float2) : 0) : 0);
    d.put(c, in_current && !(moved_down && L.float2 == float_kind::up));
  }
  // C18-C21: the same by score.
  const auto float_scores = [&](float_kind lk, float_kind hk) {
    d.put(sd.width, in_current ? down(lk) * sd.template unit<weight>(L.score) +
                                     down(hk) * sd.template unit<weight>(H.score)
                               : weight(0));
    d.put(sd.width, in_current && !(lk == float_kind::up && moved_down)
                        ? sd.template unit<weight>(H.score)
                        : weight(0));
  };
  if (f_.played_rounds >= 1) float_scores(L.float1, H.float1);
  if (f_.played_rounds >= 2) float_scores(L.float2, H.float2);
  d.put(3 * c + 1, 0);  // the order of the procedure
  assert(d.width == layout_width(sd));
  return d.value;
}

// Pairs one bracket: `current` holds its players, the `movers` moved down first, then the
// residents (vertices resident_begin..next_begin-1); the next score group follows next_begin.
// Fixes the bracket's pairs and leaves its downfloaters in `current` for the next bracket.
template <class weight, int bits>
bool engine<weight, bits>::pair_bracket(std::vector<int>& current, int movers, int resident_begin,
                                        int next_begin) {
  std::vector<int> pb = current;  // the bracket, then the next score group
  int next_end = next_begin;
  while (next_end < n_ && score(next_end) == score(next_begin))
    pb.push_back(next_end++);
  const int cur_size = static_cast<int>(current.size());
  const int size = static_cast<int>(pb.size());

  score_digit sd;
  {
    std::map<int, int> counts;
    for (const int v : pb)
      ++counts[score(v)];
    for (const auto& [s, count] : counts) {
      sd.shift[s] = sd.width;
      sd.width += bits_for(count);
    }
  }
  const int width = layout_width(sd);
  // The completion digit sums to at most 3n/2.
  // The matching's duals reach 8 times the largest weight, and are signed.
  if (width + bits_for(3LL * n_) + 5 > bits) {
    too_wide_ = true;
    return false;
  }

  // The duals of the last matching, scaled as the completion digit moves: outside both brackets
  // the edges keep their weight up to the scale, so the matching there needs no new stage.
  if (width > completion_shift_) {
    for (auto& x : dual_)
      x <<= width - completion_shift_;
  } else if (width < completion_shift_) {
    for (auto& x : dual_)
      x >>= completion_shift_ - width;
  }
  completion_shift_ = width;

  // Every open edge: base weights inside, completion alone elsewhere (shifted to the top).
  std::vector<int> pos(static_cast<std::size_t>(n_), -1);
  for (int i = 0; i < size; ++i)
    pos[static_cast<std::size_t>(pb[static_cast<std::size_t>(i)])] = i;
  std::vector<std::vector<weight>> base(static_cast<std::size_t>(size),
                                        std::vector<weight>(static_cast<std::size_t>(size)));
  for (int a = 0; a < n_; ++a) {
    if (final_[static_cast<std::size_t>(a)] >= 0) continue;
    for (int b = a + 1; b < n_; ++b) {
      if (final_[static_cast<std::size_t>(b)] >= 0) continue;
      const int pa = pos[static_cast<std::size_t>(a)];
      const int pb_ = pos[static_cast<std::size_t>(b)];
      if (pa >= 0 && pb_ >= 0) {
        const int hi = std::min(pa, pb_), lo = std::max(pa, pb_);
        auto x = base_weight(pb[static_cast<std::size_t>(hi)], pb[static_cast<std::size_t>(lo)],
                             lo < cur_size, lo >= cur_size, sd);
        base[static_cast<std::size_t>(hi)][static_cast<std::size_t>(lo)] = x;
        set_w(a, b, x);
      } else {
        set_w(a, b, compatible(at(a), at(b), f_) ? weight(completion(a, b) << width) : weight(0));
      }
    }
  }
  const auto B = [&](int i, int j) -> weight& {  // base weight by bracket positions, i < j
    return base[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
  };
  const auto V = [&](int i) { return pb[static_cast<std::size_t>(i)]; };
  const auto resident = [&](int v) { return v >= resident_begin && v < next_begin; };
  // Paired with a later player of the bracket: in S1 (or an MDP's opponent chosen after it).
  const auto forward = [&](int v) { return mate(v) > v && mate(v) < next_begin; };
  match();

  std::vector<char> fixed(static_cast<std::size_t>(n_), 0);
  const auto is_fixed = [&](int v) { return fixed[static_cast<std::size_t>(v)] != 0; };
  const int residents = cur_size - movers;

  // Which moved-down players are paired here (C7 ties: the higher-ranked of a score first).
  int group_score = -1, remaining = 0, remaining_paired = 0;
  for (int i = 0; i < movers; ++i) {
    const int v = V(i);
    if (i == 0 || score(v) < group_score) {
      group_score = score(v);
      remaining = remaining_paired = 0;
      for (int k = i; k < movers && score(V(k)) >= group_score; ++k) {
        ++remaining;
        remaining_paired += resident(mate(V(k)));
      }
    }
    if (remaining_paired == 0) continue;
    if (remaining <= remaining_paired) {
      fixed[static_cast<std::size_t>(v)] = 1;
      continue;
    }
    --remaining;
    if (!resident(mate(v))) {
      for (int r = movers; r < cur_size; ++r) {
        if (B(i, r) > 0) set_w(v, V(r), B(i, r) + 1);
      }
      match();
    }
    if (resident(mate(v))) {
      fixed[static_cast<std::size_t>(v)] = 1;
      --remaining_paired;
      for (int r = movers; r < cur_size; ++r) {
        if (B(i, r) > 0) set_w(v, V(r), B(i, r) + residents + 1);
      }
    }
  }

  // Their opponents: each the highest resident that keeps the best pairing.
  for (int i = 0; i < movers; ++i) {
    const int v = V(i);
    if (!is_fixed(v)) continue;
    weight addend = size;
    int best = -1;
    for (int r = cur_size - 1; r >= movers; --r) {
      if (is_fixed(V(r)) || B(i, r) == 0) continue;
      set_w(v, V(r), B(i, r) + addend);
      addend += 1;
      best = V(r);
    }
    if (mate(v) != best) match();  // the favoured opponent already taken: nothing changes
    const int u = mate(v);
    fixed[static_cast<std::size_t>(u)] = 1;
    finalize(v, u);
  }

  // The remainder: S1 is its first `pairs` players.
  std::vector<int> rem;
  int pairs = 0;
  for (int r = movers; r < cur_size; ++r) {
    if (mate(V(r)) < resident_begin) continue;  // paired with a moved-down player
    rem.push_back(r);
    if (mate(V(r)) < V(r)) ++pairs;
  }
  const int rn = static_cast<int>(rem.size());
  const auto R = [&](int k) { return rem[static_cast<std::size_t>(k)]; };
  // Fewest exchanges, then the smallest sum of the exchanged S1 positions, with a free low bit.
  const auto ordered = [&](int k, int q) -> weight {
    const weight& b = B(R(k), R(q));
    if (b == 0) return 0;
    weight addend = weight(k < pairs ? 1 : 0) << (2 * count_bits_);
    addend -= k;
    addend <<= 1;
    return b + addend;
  };
  for (int q = 0; q < rn; ++q) {
    for (int k = 0; k < q; ++k)
      set_w(V(R(k)), V(R(q)), ordered(k, q));
  }
  match();
  int exchanges = 0;
  for (int k = 0; k < pairs; ++k)
    exchanges += !forward(V(R(k)));

  // Exchange the lowest S1 players that can be.
  int left = exchanges;
  for (int k = pairs; k > 0 && left > 0;) {
    --k;
    const int v = V(R(k));
    if (forward(v)) {
      for (int q = k + 1; q < rn; ++q) {
        const auto x = ordered(k, q);
        if (x > 0) set_w(v, V(R(q)), x - 1);
      }
      match();
    }
    const bool exchanged = !forward(v);
    left -= exchanged;
    for (int q = k + 1; q < rn; ++q) {
      if (exchanged) B(R(k), R(q)) = 0;
      set_w(v, V(R(q)), ordered(k, q));
    }
  }
  // ... for the highest S2 players that can be.
  left = exchanges;
  for (int k = pairs; k < rn && left > 1; ++k) {
    const int v = V(R(k));
    const bool already = forward(v);
    if (!already) {
      for (int q = k + 1; q < rn; ++q) {
        const auto x = ordered(k, q);
        if (x > 0) set_w(v, V(R(q)), x + 1);
      }
      match();
    }
    if (forward(v)) {
      --left;
      for (int q = 0; q < k; ++q) {
        B(R(q), R(k)) = 0;
        set_w(V(R(q)), v, 0);
      }
      for (int x = cur_size; x < size; ++x) {
        B(R(k), x) = 0;
        set_w(v, V(x), 0);
      }
    }
    if (!already) {
      for (int q = k + 1; q < rn; ++q)
        set_w(v, V(R(q)), ordered(k, q));
    }
  }
  // S1 is now settled: only its players may pair a later remainder player.
  for (int k = 0; k < rn; ++k) {
    for (int q = k + 1; q < rn; ++q) {
      if (!forward(V(R(k))) || forward(V(R(q)))) B(R(k), R(q)) = 0;
      set_w(V(R(k)), V(R(q)), B(R(k), R(q)));
    }
  }

  // Each S1 player in turn takes the highest S2 player that keeps the best pairing.
  for (int k = 0; k < rn; ++k) {
    const int v = V(R(k));
    if (!forward(v)) continue;
    weight addend = 0;
    int best = -1;
    for (int q = rn - 1; q > k; --q) {
      if (is_fixed(V(R(q)))) continue;
      if (B(R(k), R(q)) > 0) {
        set_w(v, V(R(q)), B(R(k), R(q)) + addend);
        best = V(R(q));
      }
      addend += 1;
    }
    if (mate(v) != best) match();
    const int u = mate(v);
    fixed[static_cast<std::size_t>(v)] = fixed[static_cast<std::size_t>(u)] = 1;
    finalize(v, u);
  }

  // The downfloaters and the next score group form the next bracket. C9 applies there if it
  // is the bye's score group and nobody in it has to pair lower.
  std::vector<int> next;
  for (const int v : current) {
    if (final_[static_cast<std::size_t>(v)] < 0) next.push_back(v);
  }
  for (int v = next_begin; v < next_end; ++v)
    next.push_back(v);
  c9_ = odd_ && next_end > next_begin && bye_score_ == score(next_begin);
  for (const int v : next) {
    if (score(mate(v)) < bye_score_) c9_ = false;
  }
  current = std::move(next);
  return true;
}

template <class weight, int bits>
std::expected<std::vector<int>, std::string> engine<weight, bits>::run() {
  odd_ = n_ % 2 == 1;
  if (auto e = choose_bye_score(); !e.empty()) return std::unexpected(e);
  std::vector<int> current;
  int next_begin = 0;
  while (next_begin < n_ && score(next_begin) == score(0))
    current.push_back(next_begin++);
  int movers = 0;
  int resident_begin = 0;
  while (current.size() > 1 || next_begin < n_) {
    const auto before = current.size();
    if (!pair_bracket(current, movers, resident_begin, next_begin)) {
      return std::unexpected(std::to_string(n_) + " players: beyond the weights this pairs");
    }
    if (next_begin == n_ && current.size() >= before) break;  // nothing left to move down to
    // The next score group's first vertex: every player of it follows the downfloaters.
    int group_end = next_begin;
    while (group_end < n_ && score(group_end) == score(next_begin))
      ++group_end;
    movers = static_cast<int>(current.size()) - (group_end - next_begin);
    resident_begin = next_begin;
    next_begin = group_end;
  }
  std::vector<int> partner(static_cast<std::size_t>(n_), -1);
  int singles = 0;
  for (int v = 0; v < n_; ++v) {
    partner[static_cast<std::size_t>(v)] = final_[static_cast<std::size_t>(v)];
    singles += final_[static_cast<std::size_t>(v)] < 0;
  }
  if (singles != (odd_ ? 1 : 0)) return std::unexpected("the brackets did not pair completely");
  return partner;
}

}  // namespace
}  // namespace dutch_detail

std::expected<pairing, std::string> pair_dutch(const trf_tournament& t) {
  return pair_dutch(t, dutch_options{});
}

std::expected<pairing, std::string> pair_dutch(const trf_tournament& t,
                                               const dutch_options& options) {
  using namespace dutch_detail;
  if (options.baku_acceleration && t.total_rounds <= 0) {
    return std::unexpected("the Baku acceleration needs the number of rounds (XXR)");
  }
  field f;
  if (auto e = read_field(t, f, options.baku_acceleration); !e.empty()) {
    return std::unexpected(e);
  }
  // 256 bits hold the weights of a few hundred players; wider integers only when needed.
  engine<int256, 256> e256(f);
  auto partner = e256.run();
  if (!partner && e256.too_wide()) {
    engine<int512, 512> e512(f);
    partner = e512.run();
    if (!partner && e512.too_wide()) partner = engine<wide_weight, wide_weight_bits>(f).run();
  }
  if (!partner) return std::unexpected(partner.error());

  // Boards: the higher player's score, then the lower player's, then the higher's rank.
  struct board {
    int high, low;  // indices in f.players, which is in pairing order
  };
  std::vector<board> boards;
  pairing result;
  for (int i = 0; i < static_cast<int>(f.players.size()); ++i) {
    const int m = (*partner)[static_cast<std::size_t>(i)];
    if (m < 0) result.bye = f.players[static_cast<std::size_t>(i)].id;
    if (m > i) boards.push_back({i, m});
  }
  const auto& at = [&](int i) -> const player& { return f.players[static_cast<std::size_t>(i)]; };
  std::sort(boards.begin(), boards.end(), [&](const board& a, const board& b) {
    if (at(a.high).score != at(b.high).score) return at(a.high).score > at(b.high).score;
    if (at(a.low).score != at(b.low).score) return at(a.low).score > at(b.low).score;
    return at(a.high).rank_index < at(b.high).rank_index;
  });
  for (const auto& b : boards) {
    const auto& h = at(b.high);
    const auto& l = at(b.low);
    result.boards.push_back(colour_of(h, l, f) == colour::white ? pairing_board{h.id, l.id}
                                                                : pairing_board{l.id, h.id});
  }
  return result;
}

std::string write_pairing(const pairing& p) {
  std::string out = std::to_string(p.boards.size() + (p.bye != 0 ? 1 : 0)) + "\n";
  for (const auto& b : p.boards)
    out += std::to_string(b.white) + " " + std::to_string(b.black) + "\n";
  if (p.bye != 0) out += std::to_string(p.bye) + " 0\n";
  return out;
}

}  // namespace boardroom::tournaments
