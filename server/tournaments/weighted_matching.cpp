// Edmonds' maximum weight matching; see weighted_matching.hpp. The names follow van Rantwijk's
// description of the algorithm so that the two can be read side by side:
//   - every edge k has two endpoints, 2k (its u) and 2k+1 (its v); p ^ 1 is the other end;
//   - vertices are 0..n-1, blossoms n..2n-1; a top-level blossom is one without a parent;
//   - labels: 0 free, 1 S (outer), 2 T (inner); 4 and 5 mark the breadcrumbs of scan_blossom;
//   - the slack of edge k is dual[u] + dual[v] - 2 w(k) (blossom duals enter only through the
//     tightness of the edges inside a blossom, which the algorithm keeps).
// Weights are doubled on entry so that every dual stays an integer when deltas are halved: tight
// edges join vertices of the same parity, the roots of the trees start with the same parity and
// change together, so two outer vertices' slack is even.
//
// Warm starts (max_weight_matching_from) begin with some vertices paired and the single ones at
// the dual their edges need, not above every other vertex's, so a paired outer vertex may reach a
// dual of 0 before its root does, and a single vertex may already be at 0. Both are optimal
// where they are: the roots are the single vertices of positive dual; an outer vertex reaching 0
// is left single and the path to its root changes hands (make_single), and a tight edge to a
// single vertex at 0 is an augmenting path. Without a warm start neither happens, and the stages
// are van Rantwijk's.

#include "server/tournaments/weighted_matching.hpp"

#include <algorithm>
#include <cstddef>

namespace boardroom::tournaments {

namespace {

template <class W>
class blossom_matcher {
 public:
  blossom_matcher(int n, const std::vector<weighted_edge<W>>& input) : n_(n) {
    edges_.reserve(input.size());
    for (const auto& e : input) {
      if (e.weight > 0 && e.u != e.v) {
        W w = e.weight + e.weight;
        W twice = w + w;
        edges_.push_back({e.u, e.v, std::move(w), std::move(twice)});
      }
    }
    const int m = static_cast<int>(edges_.size());
    endpoint_.resize(2 * static_cast<std::size_t>(m));
    neighbend_.assign(static_cast<std::size_t>(n), {});
    W max_weight = 0;
    for (int k = 0; k < m; ++k) {
      const auto& e = edges_[at(k)];
      endpoint_[at(2 * k)] = e.u;
      endpoint_[at(2 * k + 1)] = e.v;
      neighbend_[at(e.u)].push_back(2 * k + 1);
      neighbend_[at(e.v)].push_back(2 * k);
      if (e.w > max_weight) max_weight = e.w;
    }
    const auto twice = at(2 * n);
    mate_.assign(at(n), -1);
    label_.assign(twice, 0);
    labelend_.assign(twice, -1);
    inblossom_.resize(at(n));
    for (int v = 0; v < n; ++v)
      inblossom_[at(v)] = v;
    blossomparent_.assign(twice, -1);
    blossomchilds_.assign(twice, {});
    blossomendps_.assign(twice, {});
    blossombase_.assign(twice, -1);
    for (int v = 0; v < n; ++v)
      blossombase_[at(v)] = v;
    bestedge_.assign(twice, -1);
    blossombestedges_.assign(twice, {});
    has_bestedges_.assign(twice, false);
    for (int b = 2 * n - 1; b >= n; --b)
      unused_.push_back(b);
    dual_.assign(twice, W(0));
    for (int v = 0; v < n; ++v)
      dual_[at(v)] = max_weight;
    allowedge_.assign(at(m), false);
  }

  std::vector<int> run() {
    while (run_stage()) {
    }
    std::vector<int> mate(at(n_), -1);
    for (int v = 0; v < n_; ++v) {
      if (mate_[at(v)] >= 0) mate[at(v)] = endpoint_[at(mate_[at(v)])];
    }
    return mate;
  }

  // Starts from `mate` and the vertex duals `dual` of an optimum for other weights instead of
  // from nothing. The pairs whose edge is still tight are kept; an edge the duals no longer
  // cover loses its endpoints' pairs; every single vertex then gets the same even dual, the
  // smallest that covers its edges. There are no blossoms yet, so the stages start from there,
  // and only the pairs lost cost a stage each.
  void warm_start(const std::vector<int>& mate, const std::vector<W>& dual) {
    const int m = static_cast<int>(edges_.size());
    for (int v = 0; v < n_; ++v)
      dual_[at(v)] = dual[at(v)];
    for (int k = 0; k < m; ++k) {
      const auto& e = edges_[at(k)];
      if (mate[at(e.u)] == e.v && slack(k) == 0) {
        mate_[at(e.u)] = 2 * k + 1;
        mate_[at(e.v)] = 2 * k;
      }
    }
    const auto single = [&](int v) { return mate_[at(v)] < 0; };
    for (int k = 0; k < m; ++k) {
      const auto& e = edges_[at(k)];
      if (!single(e.u) && !single(e.v) && slack(k) < 0) {
        mate_[at(endpoint_[at(mate_[at(e.u)])])] = -1;
        mate_[at(e.u)] = -1;
      }
    }
    W top = 0;
    for (int k = 0; k < m; ++k) {
      const auto& e = edges_[at(k)];
      if (single(e.u) && single(e.v)) {
        if (e.w > top) top = e.w;
      } else if (single(e.u) || single(e.v)) {
        W need = e.twice;
        need -= dual_[at(single(e.u) ? e.v : e.u)];
        if (need > top) top = std::move(need);
      }
    }
    if (top % 2 != 0) top += 1;  // every root of the same parity: see run_stage
    for (int v = 0; v < n_; ++v) {
      if (single(v)) dual_[at(v)] = top;
    }
  }

  // Every vertex's dual with those of the blossoms around it added: duals for the same weights
  // without blossoms (every edge still covered), which warm_start takes.
  std::vector<W> flat_duals() const {
    std::vector<W> dual(dual_.begin(), dual_.begin() + n_);
    for (int b = n_; b < 2 * n_; ++b) {
      if (blossombase_[at(b)] >= 0 && dual_[at(b)] != 0)
        for_leaves(b, [&](int v) { dual[at(v)] += dual_[at(b)]; });
    }
    return dual;
  }

 private:
  struct edge {
    int u, v;
    W w;
    W twice;  // 2 w, which every slack subtracts
  };

  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  // Python-style indexing into a blossom's cyclic lists (the walks step through negative j).
  static int cyc(const std::vector<int>& list, int j) {
    const int size = static_cast<int>(list.size());
    return list[at(((j % size) + size) % size)];
  }

  W slack(int k) const {
    const auto& e = edges_[at(k)];
    W s = dual_[at(e.u)];
    s += dual_[at(e.v)];
    s -= e.twice;
    return s;
  }

  template <class F>
  void for_leaves(int b, F&& f) const {
    if (b < n_) {
      f(b);
      return;
    }
    for (const int t : blossomchilds_[at(b)])
      for_leaves(t, f);
  }

  void assign_label(int w, int t, int p) {
    const int b = inblossom_[at(w)];
    label_[at(w)] = label_[at(b)] = t;
    labelend_[at(w)] = labelend_[at(b)] = p;
    bestedge_[at(w)] = bestedge_[at(b)] = -1;
    if (t == 1) {
      for_leaves(b, [&](int v) { queue_.push_back(v); });
    } else {
      const int base = blossombase_[at(b)];
      const int mp = mate_[at(base)];
      assign_label(endpoint_[at(mp)], 1, mp ^ 1);
    }
  }

  // Walks back from v and w towards their roots: the base of the new blossom if the two trees
  // meet, -1 if they are different trees (an augmenting path).
  int scan_blossom(int v, int w) {
    std::vector<int> path;
    int base = -1;
    while (v != -1 || w != -1) {
      int b = inblossom_[at(v)];
      if (label_[at(b)] & 4) {
        base = blossombase_[at(b)];
        break;
      }
      path.push_back(b);
      label_[at(b)] = 5;
      if (labelend_[at(b)] == -1) {
        v = -1;
      } else {
        v = endpoint_[at(labelend_[at(b)])];
        b = inblossom_[at(v)];
        v = endpoint_[at(labelend_[at(b)])];
      }
      if (w != -1) std::swap(v, w);
    }
    for (const int b : path)
      label_[at(b)] = 1;
    return base;
  }

  void add_blossom(int base, int k) {
    int v = edges_[at(k)].u;
    int w = edges_[at(k)].v;
    const int bb = inblossom_[at(base)];
    int bv = inblossom_[at(v)];
    int bw = inblossom_[at(w)];
    const int b = unused_.back();
    unused_.pop_back();
    blossombase_[at(b)] = base;
    blossomparent_[at(b)] = -1;
    blossomparent_[at(bb)] = b;
    auto& path = blossomchilds_[at(b)];
    auto& endps = blossomendps_[at(b)];
    path.clear();
    endps.clear();
    while (bv != bb) {
      blossomparent_[at(bv)] = b;
      path.push_back(bv);
      endps.push_back(labelend_[at(bv)]);
      v = endpoint_[at(labelend_[at(bv)])];
      bv = inblossom_[at(v)];
    }
    path.push_back(bb);
    std::reverse(path.begin(), path.end());
    std::reverse(endps.begin(), endps.end());
    endps.push_back(2 * k);
    while (bw != bb) {
      blossomparent_[at(bw)] = b;
      path.push_back(bw);
      endps.push_back(labelend_[at(bw)] ^ 1);
      w = endpoint_[at(labelend_[at(bw)])];
      bw = inblossom_[at(w)];
    }
    label_[at(b)] = 1;
    labelend_[at(b)] = labelend_[at(bb)];
    dual_[at(b)] = 0;
    for_leaves(b, [&](int leaf) {
      if (label_[at(inblossom_[at(leaf)])] == 2) queue_.push_back(leaf);
      inblossom_[at(leaf)] = b;
    });
    // The least-slack edge from the new blossom to every other S-blossom.
    std::vector<int> bestedgeto(at(2 * n_), -1);
    const auto consider = [&](int kk) {
      int i = edges_[at(kk)].u;
      int j = edges_[at(kk)].v;
      if (inblossom_[at(j)] == b) std::swap(i, j);
      const int bj = inblossom_[at(j)];
      if (bj != b && label_[at(bj)] == 1 &&
          (bestedgeto[at(bj)] == -1 || slack(kk) < slack(bestedgeto[at(bj)]))) {
        bestedgeto[at(bj)] = kk;
      }
    };
    for (const int sub : path) {
      if (!has_bestedges_[at(sub)]) {
        for_leaves(sub, [&](int leaf) {
          for (const int p : neighbend_[at(leaf)])
            consider(p / 2);
        });
      } else {
        for (const int kk : blossombestedges_[at(sub)])
          consider(kk);
      }
      blossombestedges_[at(sub)].clear();
      has_bestedges_[at(sub)] = false;
      bestedge_[at(sub)] = -1;
    }
    auto& best = blossombestedges_[at(b)];
    best.clear();
    for (const int kk : bestedgeto) {
      if (kk != -1) best.push_back(kk);
    }
    has_bestedges_[at(b)] = true;
    bestedge_[at(b)] = -1;
    for (const int kk : best) {
      if (bestedge_[at(b)] == -1 || slack(kk) < slack(bestedge_[at(b)])) bestedge_[at(b)] = kk;
    }
  }

  void expand_blossom(int b, bool endstage) {
    const std::vector<int> childs = blossomchilds_[at(b)];
    for (const int s : childs) {
      blossomparent_[at(s)] = -1;
      if (s < n_) {
        inblossom_[at(s)] = s;
      } else if (endstage && dual_[at(s)] == 0) {
        expand_blossom(s, endstage);
      } else {
        for_leaves(s, [&](int leaf) { inblossom_[at(leaf)] = s; });
      }
    }
    if (!endstage && label_[at(b)] == 2) {
      // The T-blossom is replaced by the even-length path through it from the entry child to
      // the base; its sub-blossoms are relabelled along that path.
      const auto& endps = blossomendps_[at(b)];
      const int entrychild = inblossom_[at(endpoint_[at(labelend_[at(b)] ^ 1)])];
      auto [j, jstep, endptrick] = walk_to_base(
          childs,
          static_cast<int>(std::find(childs.begin(), childs.end(), entrychild) - childs.begin()));
      int p = labelend_[at(b)];
      while (j != 0) {
        label_[at(endpoint_[at(p ^ 1)])] = 0;
        label_[at(endpoint_[at(cyc(endps, j - endptrick) ^ endptrick ^ 1)])] = 0;
        assign_label(endpoint_[at(p ^ 1)], 2, p);
        allowedge_[at(cyc(endps, j - endptrick) / 2)] = true;
        j += jstep;
        p = cyc(endps, j - endptrick) ^ endptrick;
        allowedge_[at(p / 2)] = true;
        j += jstep;
      }
      const int bv = cyc(childs, j);
      label_[at(endpoint_[at(p ^ 1)])] = label_[at(bv)] = 2;
      labelend_[at(endpoint_[at(p ^ 1)])] = labelend_[at(bv)] = p;
      bestedge_[at(bv)] = -1;
      j += jstep;
      while (cyc(childs, j) != entrychild) {
        const int sub = cyc(childs, j);
        if (label_[at(sub)] == 1) {
          j += jstep;
          continue;
        }
        int labelled = -1;
        for_leaves(sub, [&](int leaf) {
          if (labelled == -1 && label_[at(leaf)] != 0) labelled = leaf;
        });
        if (labelled != -1) {
          label_[at(labelled)] = 0;
          label_[at(endpoint_[at(mate_[at(blossombase_[at(sub)])])])] = 0;
          assign_label(labelled, 2, labelend_[at(labelled)]);
        }
        j += jstep;
      }
    }
    label_[at(b)] = labelend_[at(b)] = -1;
    blossomchilds_[at(b)].clear();
    blossomendps_[at(b)].clear();
    blossombase_[at(b)] = -1;
    blossombestedges_[at(b)].clear();
    has_bestedges_[at(b)] = false;
    bestedge_[at(b)] = -1;
    unused_.push_back(b);
  }

  // The way from child i of a blossom round to its base along an even number of edges: the start
  // index (negative when going forwards), the step, and which end of each edge comes first.
  struct base_walk {
    int j;
    int jstep;
    int endptrick;
  };
  static base_walk walk_to_base(const std::vector<int>& childs, int i) {
    if (i & 1) return {i - static_cast<int>(childs.size()), 1, 0};
    return {i, -1, 1};
  }

  // Swaps matched and unmatched edges along the path through blossom b from vertex v to the
  // base, which makes v the new base.
  void augment_blossom(int b, int v) {
    int t = v;
    while (blossomparent_[at(t)] != b)
      t = blossomparent_[at(t)];
    if (t >= n_) augment_blossom(t, v);
    auto& childs = blossomchilds_[at(b)];
    auto& endps = blossomendps_[at(b)];
    const int i = static_cast<int>(std::find(childs.begin(), childs.end(), t) - childs.begin());
    auto [j, jstep, endptrick] = walk_to_base(childs, i);
    while (j != 0) {
      j += jstep;
      t = cyc(childs, j);
      const int p = cyc(endps, j - endptrick) ^ endptrick;
      if (t >= n_) augment_blossom(t, endpoint_[at(p)]);
      j += jstep;
      t = cyc(childs, j);
      if (t >= n_) augment_blossom(t, endpoint_[at(p ^ 1)]);
      mate_[at(endpoint_[at(p)])] = p ^ 1;
      mate_[at(endpoint_[at(p ^ 1)])] = p;
    }
    std::rotate(childs.begin(), childs.begin() + i, childs.end());
    std::rotate(endps.begin(), endps.begin() + i, endps.end());
    blossombase_[at(b)] = blossombase_[at(childs.front())];
  }

  void augment_matching(int k) {
    swap_to_root(edges_[at(k)].u, 2 * k + 1);
    swap_to_root(edges_[at(k)].v, 2 * k);
  }

  // Swaps matched and unmatched edges along the path from s to the root of its tree, s taking
  // the endpoint p (-1: none).
  void swap_to_root(int s, int p) {
    for (;;) {
      const int bs = inblossom_[at(s)];
      if (bs >= n_) augment_blossom(bs, s);
      mate_[at(s)] = p;
      if (labelend_[at(bs)] == -1) break;
      const int t = endpoint_[at(labelend_[at(bs)])];
      const int bt = inblossom_[at(t)];
      s = endpoint_[at(labelend_[at(bt)])];
      const int j = endpoint_[at(labelend_[at(bt)] ^ 1)];
      if (bt >= n_) augment_blossom(bt, j);
      mate_[at(j)] = labelend_[at(bt)];
      p = labelend_[at(bt)] ^ 1;
    }
  }

  // Leaves the outer vertex x single, swapping matched and unmatched edges along the path from
  // x to the root of its tree: the root is paired, x is not.
  void make_single(int x) { swap_to_root(x, -1); }

  // One stage: grow alternating trees from every single vertex until an augmenting path is
  // found (true) or the duals show that none improves the weight (false: the matching is
  // optimal).
  bool run_stage() {
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(bestedge_.begin(), bestedge_.end(), -1);
    for (int b = n_; b < 2 * n_; ++b) {
      blossombestedges_[at(b)].clear();
      has_bestedges_[at(b)] = false;
    }
    std::fill(labelend_.begin(), labelend_.end(), -1);
    std::fill(allowedge_.begin(), allowedge_.end(), false);
    queue_.clear();
    bool roots = false;
    for (int v = 0; v < n_; ++v) {
      if (mate_[at(v)] == -1 && dual_[at(v)] > 0 && label_[at(inblossom_[at(v)])] == 0) {
        assign_label(v, 1, -1);
        roots = true;
      }
    }
    if (!roots) return false;
    bool augmented = false;
    for (;;) {
      while (!queue_.empty() && !augmented) {
        const int v = queue_.back();
        queue_.pop_back();
        for (const int p : neighbend_[at(v)]) {
          const int k = p / 2;
          const int w = endpoint_[at(p)];
          if (inblossom_[at(v)] == inblossom_[at(w)]) continue;
          W kslack = 0;
          if (!allowedge_[at(k)]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge_[at(k)] = true;
          }
          if (allowedge_[at(k)]) {
            if (label_[at(inblossom_[at(w)])] == 0 &&
                mate_[at(blossombase_[at(inblossom_[at(w)])])] == -1) {
              // A single vertex whose dual is 0 already (warm starts only): the path to it
              // pairs a root at no cost.
              augment_matching(k);
              augmented = true;
              break;
            } else if (label_[at(inblossom_[at(w)])] == 0) {
              assign_label(w, 2, p ^ 1);
            } else if (label_[at(inblossom_[at(w)])] == 1) {
              const int base = scan_blossom(v, w);
              if (base >= 0) {
                add_blossom(base, k);
              } else {
                augment_matching(k);
                augmented = true;
                break;
              }
            } else if (label_[at(w)] == 0) {
              label_[at(w)] = 2;
              labelend_[at(w)] = p ^ 1;
            }
          } else if (label_[at(inblossom_[at(w)])] == 1) {
            const int b = inblossom_[at(v)];
            if (bestedge_[at(b)] == -1 || kslack < slack(bestedge_[at(b)])) bestedge_[at(b)] = k;
          } else if (label_[at(w)] == 0) {
            if (bestedge_[at(w)] == -1 || kslack < slack(bestedge_[at(w)])) bestedge_[at(w)] = k;
          }
        }
      }
      if (augmented) break;

      // No augmenting path with the current duals: change them by the largest delta that keeps
      // them feasible, which makes a new edge tight, expands a T-blossom, or proves optimality.
      // Type 1: an outer vertex's dual reaches 0, a single one's first among equals.
      int deltatype = 1;
      int deltaedge = -1;
      int deltablossom = -1;
      int deltavertex = -1;
      W delta = 0;
      for (int v = 0; v < n_; ++v) {
        if (label_[at(inblossom_[at(v)])] != 1) continue;
        if (deltavertex == -1 || dual_[at(v)] < delta ||
            (dual_[at(v)] == delta && mate_[at(v)] == -1 && mate_[at(deltavertex)] != -1)) {
          delta = dual_[at(v)];
          deltavertex = v;
        }
      }
      for (int v = 0; v < n_; ++v) {
        if (label_[at(inblossom_[at(v)])] == 0 && bestedge_[at(v)] != -1) {
          W d = slack(bestedge_[at(v)]);
          if (d < delta) {
            delta = std::move(d);
            deltatype = 2;
            deltaedge = bestedge_[at(v)];
          }
        }
      }
      for (int b = 0; b < 2 * n_; ++b) {
        if (blossomparent_[at(b)] == -1 && label_[at(b)] == 1 && bestedge_[at(b)] != -1) {
          W d = slack(bestedge_[at(b)]) / 2;
          if (d < delta) {
            delta = std::move(d);
            deltatype = 3;
            deltaedge = bestedge_[at(b)];
          }
        }
      }
      for (int b = n_; b < 2 * n_; ++b) {
        if (blossombase_[at(b)] >= 0 && blossomparent_[at(b)] == -1 && label_[at(b)] == 2 &&
            dual_[at(b)] < delta) {
          delta = dual_[at(b)];
          deltatype = 4;
          deltablossom = b;
        }
      }
      for (int v = 0; v < n_; ++v) {
        const int l = label_[at(inblossom_[at(v)])];
        if (l == 1) {
          dual_[at(v)] -= delta;
        } else if (l == 2) {
          dual_[at(v)] += delta;
        }
      }
      for (int b = n_; b < 2 * n_; ++b) {
        if (blossombase_[at(b)] >= 0 && blossomparent_[at(b)] == -1) {
          if (label_[at(b)] == 1) {
            dual_[at(b)] += delta;
          } else if (label_[at(b)] == 2) {
            dual_[at(b)] -= delta;
          }
        }
      }
      if (deltatype == 1) {
        // Optimal for this vertex: it ends single (after a warm start, a paired outer vertex
        // may get there before its root; the path between them then changes hands, at no cost,
        // and the root is paired instead). The stage ends as after an augmentation.
        make_single(deltavertex);
        augmented = true;
        break;
      }
      if (deltatype == 2) {
        allowedge_[at(deltaedge)] = true;
        int i = edges_[at(deltaedge)].u;
        if (label_[at(inblossom_[at(i)])] == 0) i = edges_[at(deltaedge)].v;
        queue_.push_back(i);
      } else if (deltatype == 3) {
        allowedge_[at(deltaedge)] = true;
        queue_.push_back(edges_[at(deltaedge)].u);
      } else {
        expand_blossom(deltablossom, false);
      }
    }
    if (!augmented) return false;
    for (int b = n_; b < 2 * n_; ++b) {
      if (blossomparent_[at(b)] == -1 && blossombase_[at(b)] >= 0 && label_[at(b)] == 1 &&
          dual_[at(b)] == 0) {
        expand_blossom(b, true);
      }
    }
    return true;
  }

  int n_;
  std::vector<edge> edges_;
  std::vector<int> endpoint_;
  std::vector<std::vector<int>> neighbend_;
  std::vector<int> mate_;  // the remote endpoint of the matched edge, -1 if single
  std::vector<int> label_, labelend_, inblossom_, blossomparent_, blossombase_, bestedge_;
  std::vector<std::vector<int>> blossomchilds_, blossomendps_, blossombestedges_;
  std::vector<bool> has_bestedges_;
  std::vector<int> unused_;
  std::vector<W> dual_;
  std::vector<bool> allowedge_;
  std::vector<int> queue_;
};

}  // namespace

template <class Weight>
std::vector<int> max_weight_matching(int vertices,
                                     const std::vector<weighted_edge<Weight>>& edges) {
  if (vertices <= 0) return {};
  return blossom_matcher<Weight>(vertices, edges).run();
}

template <class Weight>
void max_weight_matching_from(int vertices, const std::vector<weighted_edge<Weight>>& edges,
                              std::vector<int>& mate, std::vector<Weight>& dual) {
  if (vertices <= 0) return;
  blossom_matcher<Weight> matcher(vertices, edges);
  matcher.warm_start(mate, dual);
  mate = matcher.run();
  dual = matcher.flat_duals();
}

#define BOARDROOM_MATCHING_WEIGHT(W)                                                           \
  template std::vector<int> max_weight_matching<W>(int, const std::vector<weighted_edge<W>>&); \
  template void max_weight_matching_from<W>(int, const std::vector<weighted_edge<W>>&,         \
                                            std::vector<int>&, std::vector<W>&);
BOARDROOM_MATCHING_WEIGHT(std::int64_t)
BOARDROOM_MATCHING_WEIGHT(int256)
BOARDROOM_MATCHING_WEIGHT(int512)
BOARDROOM_MATCHING_WEIGHT(wide_weight)
#undef BOARDROOM_MATCHING_WEIGHT

}  // namespace boardroom::tournaments
