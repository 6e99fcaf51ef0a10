#include "server/match/move_listing.hpp"

#include <random>
#include <set>

#include "protocol/events.hpp"

namespace boardroom::server {

using nlohmann::json;

json to_act_json(const engine::state& s) {
  return protocol::to_act_json(s.to_act());
}

namespace {

// Samples need no reproducibility (they are suggestions, not events) and must not disturb the
// room's own generator, whose draws are the bots'.
std::mt19937_64& sample_rng() {
  thread_local std::mt19937_64 rng{std::random_device{}()};
  return rng;
}

json sample_of(const engine::state& s, int n) {
  // Distinct moves; a position with fewer legal moves than asked for gives them all (a draw that
  // keeps repeating ends the search after a bounded number of tries).
  std::set<std::string> seen;
  json moves = json::array();
  for (int tries = 0; tries < n * 8 && static_cast<int>(moves.size()) < n; ++tries) {
    std::string m = s.random_move(sample_rng());
    if (m.empty()) break;
    if (seen.insert(m).second) moves.push_back(std::move(m));
  }
  return moves;
}

}  // namespace

std::expected<json, protocol::error> list_moves(const engine::state& s,
                                                const protocol::game_legal_moves& request) {
  json out{{"to_move", s.current_player()}, {"to_act", to_act_json(s)}};
  if (request.sample) {
    if (request.limit || request.offset > 0 || request.after) {
      return std::unexpected(protocol::app_error(
          "bad_parameter", "sample cannot be combined with offset, limit or after", "sample"));
    }
    out["moves"] = sample_of(s, *request.sample);
    out["sampled"] = true;
    out["complete"] = false;
    return out;
  }
  std::vector<std::string> all;
  if (request.after) {
    // A turn one part at a time (Arimaa's steps): the parts legal after those already chosen.
    auto next = s.continuations(*request.after);
    if (!next) {
      return std::unexpected(protocol::app_error(next.error().code, next.error().message, "after"));
    }
    all = std::move(next->next);
    out["after"] = *request.after;
    out["can_end"] = next->may_end;
    out["complete"] = true;
  } else {
    all = s.legal_moves();
    // Esiema's sowings can number millions: then only part is listed, and clients build the
    // move themselves or ask for a sample (any legal move is accepted).
    out["complete"] = s.lists_all_moves();
  }
  const auto total = static_cast<std::int64_t>(all.size());
  const std::int64_t from = std::min(request.offset, total);
  const std::int64_t to = request.limit ? std::min(total, from + *request.limit) : total;
  json moves = json::array();
  for (std::int64_t i = from; i < to; ++i)
    moves.push_back(std::move(all[i]));
  out["moves"] = std::move(moves);
  if (request.limit || request.offset > 0) {
    out["offset"] = from;
    out["total"] = total;
  }
  return out;
}

json view_json(const engine::state& s) {
  return {{"to_act", to_act_json(s)}, {"position", s.position_text()}, {"view", s.view()}};
}

}  // namespace boardroom::server
