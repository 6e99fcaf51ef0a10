#pragma once
// Unguessable identifiers from libsodium's CSPRNG (the operating system's random source).

#include <cstddef>
#include <cstdint>
#include <string>

namespace boardroom::server {

// A game's seed, 64 random bits. (Not std::random_device: in a virtual machine its constructor
// asks the processor for its features, an exit to the hypervisor, once per room made: half a
// per cent of the server's samples in the closed loop; and it gives 32 bits.)
std::uint64_t random_seed();

// `bytes` random bytes as lowercase hex.
std::string random_hex(std::size_t bytes);

// A short code people can type: `length` characters from an alphabet without look-alikes.
std::string random_code(std::size_t length);

// A room's id: `r`, the second it is made in seven characters of random_code's alphabet (whose
// order is ASCII's, so that ids made in later seconds sort after earlier ones; from the year 2841
// on, past seven characters, every id has the last second's), then ten random characters (as
// unguessable as the ids before the time was added).
// Why the time: `events` and `game_players` are keyed by room id (and `rooms` and
// `finished_games` indexed by it), and a game's rows go into them when it ends. With random ids
// they went to a random page of tables that only grow, which SQLite had to read back from the
// file (its cache holds a few megabytes) and split; in creation order they go among the rows of
// the games made at about the same time, which end at about the same time too, near the tables'
// ends (docs/performance.md, "Against a Node.js peer; room ids in creation order").
std::string new_room_id(std::int64_t unix_seconds);
std::string new_room_id();  // made now

}  // namespace boardroom::server
