// Many rooms played at once from several threads: no room sees another's moves.

#include <atomic>
#include <random>
#include <thread>

#include <gtest/gtest.h>
#include <boost/asio/ip/tcp.hpp>

#include "engine/core/registry.hpp"
#include "tests/server/helpers.hpp"

namespace boardroom::test {
namespace {

// Plays one whole random game; returns an empty string or what went wrong.
std::string play_one_game(std::uint16_t port, int seed) {
  ws_client a(port), b(port);
  a.hello("a" + std::to_string(seed));
  b.hello("b" + std::to_string(seed));
  std::string room = start_sisyphos(a, b);
  ws_client* seat[2] = {&a, &b};
  std::mt19937_64 rng(seed);
  std::vector<std::string> played;
  while (true) {
    auto moves = legal_moves(a, room);
    if (moves.is_null() || moves["moves"].empty()) break;
    int p = moves["to_move"];
    std::string move = moves["moves"][rng() % moves["moves"].size()];
    auto reply = seat[p]->call("game.move", {{"room", room}, {"move", move}});
    if (reply.contains("error")) return reply.dump();
    played.push_back(reply["result"]["move"]);
  }
  // Each client saw exactly this room's moves, in order.
  for (ws_client* c : seat) {
    for (const auto& m : played) {
      auto e = c->wait_event("move", "", 5s);
      if (!e) return "missing move event";
      if ((*e)["room"] != room) return "event from another room";
      if ((*e)["move"] != m) return "moves out of order";
    }
    if (!c->wait_event("game_over", room)) return "no game_over";
  }
  return "";
}

TEST(Concurrency, RoomsPlayedInParallelDoNotInterfere) {
  test_server srv(test_limits(), 4);
  constexpr int threads = 6;
  constexpr int games_per_thread = 4;
  std::vector<std::thread> pool;
  std::atomic<int> finished{0};
  std::vector<std::string> failures(threads * games_per_thread);
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (int g = 0; g < games_per_thread; ++g) {
        int seed = t * games_per_thread + g;
        failures[seed] = play_one_game(srv.port(), seed);
        ++finished;
      }
    });
  }
  for (auto& th : pool)
    th.join();
  EXPECT_EQ(finished.load(), threads * games_per_thread);
  for (const auto& f : failures)
    EXPECT_EQ(f, "");
}

// The server stops while connections are being accepted on its other threads: the accept handler
// and the shutdown must not touch the acceptor at the same time (ThreadSanitizer checks it).
TEST(Concurrency, StopsWhileConnectionsArrive) {
  namespace net = boost::asio;
  for (int round = 0; round < 5; ++round) {
    auto srv = std::make_unique<test_server>(test_limits(), 4);
    net::ip::tcp::endpoint at(net::ip::make_address("127.0.0.1"), srv->port());
    std::atomic<bool> done{false};
    std::vector<std::thread> clients;
    for (int t = 0; t < 2; ++t) {
      clients.emplace_back([&] {
        while (!done) {
          net::io_context io;
          net::ip::tcp::socket s(io);
          boost::system::error_code ignored;
          s.connect(at, ignored);
        }
      });
    }
    std::this_thread::sleep_for(20ms);
    srv.reset();
    done = true;
    for (auto& c : clients)
      c.join();
  }
}

}  // namespace
}  // namespace boardroom::test
