#pragma once
// Who may connect, and how often: the server-wide connection count and the limits per client
// address (open connections, new connections, rooms and identities created). A connection holds
// a ticket for as long as its socket is open; the ticket's address is the one it is charged to.
//
// Behind a reverse proxy every connection comes from the proxy: its X-Forwarded-For / Forwarded
// header names the client, and is believed only when the proxy is in config::trusted_proxies.
// Such a connection is charged at accept to nobody, and to the named client when its first
// request arrives (charge()).
//
// Every open connection also registers something that can cut it off (abort_all() at shutdown,
// when the close handshakes did not finish in time).

#include <chrono>
#include <cstdint>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>

#include "server/config.hpp"
#include "server/metrics.hpp"
#include "server/net/token_bucket.hpp"

namespace boardroom::server {

// Something with a socket that can be cut off from any thread.
class abortable {
 public:
  virtual ~abortable() = default;
  virtual void abort() = 0;
};

// Why a connection or a creation was refused: a stable code and words for the client.
struct refusal {
  std::string code;  // "server_full", "too_many_connections", "connection_rate", ...
  std::string message;
};

class admission {
 public:
  // Fails with words for the operator when a trusted proxy is not an address or CIDR block.
  // `max_connections` is the limit in force (config's, lowered to what descriptors allow).
  static std::expected<std::unique_ptr<admission>, std::string> make(const config& cfg,
                                                                     metrics& stats,
                                                                     int max_connections);

  class ticket {
   public:
    ticket() = default;
    ticket(ticket&& other) noexcept;
    ticket& operator=(ticket&& other) noexcept;
    ticket(const ticket&) = delete;
    ticket& operator=(const ticket&) = delete;
    ~ticket();

    // Over the connection limit, but within the few spare places kept for saying so (the
    // session answers with a refusal instead of serving).
    bool over_capacity() const { return over_capacity_; }
    // The client's address as charged ("" until a proxied connection names its client).
    const std::string& address() const { return address_; }
    // Whether the peer is a trusted proxy whose request must still name the client.
    bool awaits_client() const { return awaits_client_; }
    // Refused at accept: the session answers the request with this and closes. Such a socket
    // holds no place among the open connections, only one of the few kept for refusals.
    const std::optional<refusal>& refused() const { return refused_; }

    // Who can cut this connection off; replaced when the socket changes hands.
    void watch(std::weak_ptr<abortable> who);

   private:
    friend class admission;
    admission* owner_ = nullptr;
    std::uint64_t id_ = 0;
    std::string address_;
    bool counted_ = false;  // among its address's open connections
    bool over_capacity_ = false;
    bool awaits_client_ = false;
    std::optional<refusal> refused_;
  };

  // At accept: counts the socket, and charges its peer unless that is a trusted proxy. A peer over
  // its address's limits gets a ticket that says so (refused()), while places for saying so are
  // free; past them, and when the server is full, nothing: the socket is to be closed at once.
  std::expected<ticket, refusal> admit(const boost::asio::ip::address& peer);

  // At a proxied connection's first request: charges the client that the forwarding headers name
  // (the proxy itself when they name nobody).
  std::expected<void, refusal> charge(ticket& t, const boost::asio::ip::address& peer,
                                      std::string_view forwarded_for, std::string_view forwarded);

  // Costly creations, per address: false when the address has used up its allowance.
  bool allow_room(const std::string& address);
  bool allow_identity(const std::string& address);
  // A password check (a log-in or a registration) from this address.
  bool allow_password_check(const std::string& address);

  // Sockets open now, upgraded or not.
  int open() const;
  // Cuts every open connection off (shutdown, after the grace for close handshakes).
  void abort_all();

  int max_connections() const { return max_connections_; }
  static constexpr int spare_places = 16;    // over capacity: kept to answer "server is full"
  static constexpr int refusal_places = 64;  // sockets being told why they were refused

 private:
  struct per_address {
    int open = 0;
    token_bucket connects;
    token_bucket rooms;
    token_bucket identities;
    token_bucket password_checks;
  };

  using blocks = std::vector<boost::asio::ip::network_v6>;  // IPv4 as v4-mapped v6
  admission(const limits& lim, metrics& stats, blocks trusted, blocks exempt, int max_connections);

  bool trusted(const boost::asio::ip::address& a) const;
  bool exempt(const std::string& address) const;
  per_address& entry_locked(const std::string& address, std::chrono::steady_clock::time_point now);
  std::expected<void, refusal> charge_locked(ticket& t, const std::string& address,
                                             std::chrono::steady_clock::time_point now);
  bool take(const std::string& address, token_bucket per_address::*bucket, const char* what);
  void release(ticket& t);
  void sweep_locked(std::chrono::steady_clock::time_point now);

  const limits& limit_;
  metrics& metrics_;
  blocks trusted_;
  blocks exempt_;
  int max_connections_;

  mutable std::mutex mutex_;
  int open_ = 0;
  int refusing_ = 0;  // tickets with refused()
  std::uint64_t next_id_ = 1;
  std::unordered_map<std::string, per_address> addresses_;
  std::map<std::uint64_t, std::weak_ptr<abortable>> watched_;
  std::chrono::steady_clock::time_point swept_;
};

// The client a trusted proxy names: the right-most address in X-Forwarded-For (or the `for=` of
// Forwarded, which wins) that is not itself a trusted proxy. Empty when the headers name nobody
// usable. `is_trusted` says which addresses are proxies.
std::string forwarded_client(
    std::string_view forwarded_for, std::string_view forwarded,
    const std::function<bool(const boost::asio::ip::address&)>& is_trusted);

// An address as it is charged and logged: IPv4-mapped IPv6 addresses as plain IPv4.
std::string address_text(const boost::asio::ip::address& a);

}  // namespace boardroom::server
