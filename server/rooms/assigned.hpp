#pragma once
// game.assigned: what each player the server seats in a room it opens itself (quick pairing, a
// challenge, a rematch) hears, after the room holds them and before its first event, so that a
// bot learns of its game before the game's first move reaches it.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/net/peer.hpp"
#include "server/rooms/room.hpp"

namespace boardroom::server {

struct assigned_notice {
  std::weak_ptr<peer> conn;
  std::string text;  // the whole notification
};

// One notice per entrant of `rs`. `via` names how the game came about ("seek", "challenge",
// "rematch") and `refs[seat]` is that seat's reference under the key `via` (the seek's or the
// challenge's id, the finished room's id); `bot_account` says whether a program plays an account.
std::vector<assigned_notice> game_assigned(
    const room_settings& rs, const std::string& via, const std::vector<std::string>& refs,
    const std::function<bool(const std::string&)>& bot_account);

// Sends each notice whose connection is still there.
void send_all(const std::vector<assigned_notice>& notices);

}  // namespace boardroom::server
