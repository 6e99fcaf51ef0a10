#pragma once
// What the AEI bridge translates between the server and an AEI engine: moves (the server writes
// Arimaa turns in the official long notation with the turn's tag and its captures, "3s Ed7s
// Ed6s cf6x"; AEI speaks bare steps, "Ed7s Ed6s") and clocks (a room's time control and the
// server's readings as the tc* options and the reserves). Pure functions, no engine, no socket.

#include <chrono>
#include <expected>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace boardroom::bots::aei {

// A move of the server's record as `makemove` takes it: the steps (or placements) alone, without
// the turn's tag and without capture tokens (they follow from the steps, and AEI engines read
// steps). "3s Ed7s Ed6s cf6x" -> "Ed7s Ed6s".
std::string to_aei_move(std::string_view server_move);

// An engine's `bestmove` as the server takes it, `moves_played` moves into the game: the turn's
// tag put in front ("Ed2n" -> "2g Ed2n"; a single untagged step would otherwise be taken as the
// first step of a turn still open). A move that already has a tag is kept as written; the server
// judges it. The error says what is wrong with the text (not its legality, which is the
// server's).
std::expected<std::string, std::string> from_aei_move(std::string_view bestmove,
                                                      std::size_t moves_played);

// The turn's tag for the next move, `moves_played` moves into the game: "1g", "1s", "2g", ...
std::string next_turn_tag(std::size_t moves_played);

// The `setoption` values (name, value in whole seconds) for a room's canonical time control and
// the last clock reading (`clocks`, null when untimed), `since_reading` after it arrived:
//   arimaa:M/R/P/L/G/T   tcmove M, tcreserve R, tcpercent P, tcmax L, tctotal G (or tcturns for
//                        G in turns), tcturntime T; greserve and sreserve from the reading's
//                        reserves
//   fischer:X+I          tcmove I, tcreserve X, tcpercent 100 (the same clock: the unused part
//                        of I kept, time beyond I taken from the rest); each reserve is the
//                        player's time left less I (when less than I is left: tcmove is what is
//                        left and the reserve 0)
//   sudden_death:X       tcmove 0, tcreserve X, tcpercent 100; reserves: the time left
//   per_move:X, correspondence:X   tcmove X, tcreserve 0, tcpercent 0; reserves 0
//   none                 nothing (the engine's own defaults)
// The running seat's time left is counted down by `since_reading`. Reserves are rounded down,
// so an engine never believes it has more time than the server gives it.
std::vector<std::pair<std::string, long long>> time_options(
    std::string_view time_control, const nlohmann::json& clocks,
    std::chrono::milliseconds since_reading);

}  // namespace boardroom::bots::aei
