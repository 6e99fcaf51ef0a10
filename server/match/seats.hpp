#pragma once
// The rules about seats, written once for the match (its seats) and the live room (whose seats are
// the match's plus a connection and a grace timer): who is out of the contest, how the seats out
// of it rank, what a built-in player taking a seat over changes.

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/bot.hpp"
#include "engine/core/game.hpp"
#include "protocol/events.hpp"

namespace boardroom::server {

struct match_seat {
  std::string player;  // empty: free
  std::string name;
  const engine::bot* bot = nullptr;  // a built-in player holds the seat
  bool connected = false;            // as the log says: joined or returned, not dropped
  bool retired = false;  // out of play (the engine skips it); its player may stay and watch
  int gone = 0;          // k: the k-th seat out of the contest (retired, or resigned to the bot)
  int moves = 0;         // moves this seat has played
  bool berserk = false;  // went berserk (game.berserk)
};

// "bot:random:2": the identity a built-in player holds a seat under.
std::string bot_player(int seat, const engine::bot& b);
// A seat given up of the player's own will (resigned, left), as against taken from them.
bool resigned(const std::string& reason);

// A player (or a built-in one, `b`) takes a free seat.
void seat_player(match_seat& s, const std::string& player, const std::string& name,
                 const engine::bot* b);
// The built-in player `b` plays seat `index` on.
void hand_to_bot(match_seat& s, int index, const engine::bot& b);

// The seated players in seat order: who plays once the game starts (empty seats are dropped).
template <class Seat>
std::vector<protocol::events::seated> players_seated(const std::vector<Seat>& seats) {
  std::vector<protocol::events::seated> players;
  for (const auto& s : seats) {
    if (!s.player.empty()) players.push_back({s.player, s.name});
  }
  return players;
}

// Seat `index` is the next one out of the contest.
template <class Seat>
void mark_gone(std::vector<Seat>& seats, int index) {
  int before = 0;
  for (const auto& s : seats)
    before += s.gone > 0;
  seats[index].gone = before + 1;
}

template <class Seat>
int seats_in_play(const std::vector<Seat>& seats) {
  return static_cast<int>(
      std::count_if(seats.begin(), seats.end(), [](const auto& s) { return s.gone == 0; }));
}

// No seat is left to a person.
template <class Seat>
bool bots_only(const std::vector<Seat>& seats) {
  return std::all_of(seats.begin(), seats.end(),
                     [](const auto& s) { return s.bot != nullptr || s.retired; });
}

// Seats out of the contest rank below every other seat, a later one above an earlier one. An
// engine's outcome (`by_engine`) ranks its retired players itself (Esiema by the order of going
// out, which counts the eliminations of its rules too), so there only a resigned seat that the bot
// played on (a game that cannot retire players) is moved down, whatever its result.
template <class Seat>
engine::outcome ranked(const std::vector<Seat>& seats, engine::outcome result, bool by_engine) {
  const int n = static_cast<int>(seats.size());
  if (static_cast<int>(result.ranks.size()) != n) return result;
  auto demoted = [&](int i) { return seats[i].gone > 0 && !(by_engine && seats[i].retired); };
  std::vector<int> ranks(n);
  for (int i = 0; i < n; ++i) {
    int below = 0;  // playing seats ranked better, or demoted seats that left later
    for (int j = 0; j < n; ++j) {
      if (demoted(i)) {
        below += !demoted(j) || seats[j].gone > seats[i].gone;
      } else {
        below += !demoted(j) && result.ranks[j] < result.ranks[i];
      }
    }
    ranks[i] = below + 1;
  }
  result.ranks = std::move(ranks);
  return result;
}

}  // namespace boardroom::server
