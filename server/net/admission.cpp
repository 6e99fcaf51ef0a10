#include "server/net/admission.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include <spdlog/spdlog.h>

namespace boardroom::server {

namespace net = boost::asio;
using steady = std::chrono::steady_clock;

namespace {

// Entries of addresses with nothing open and nothing remembered are dropped this often.
constexpr auto sweep_every = std::chrono::seconds(10);

net::ip::address_v6 as_v6(const net::ip::address& a) {
  return a.is_v4() ? net::ip::make_address_v6(net::ip::v4_mapped, a.to_v4()) : a.to_v6();
}

std::expected<net::ip::network_v6, std::string> parse_block(const std::string& text) {
  boost::system::error_code ec;
  auto slash = text.find('/');
  auto a = net::ip::make_address(text.substr(0, slash), ec);
  if (ec) return std::unexpected("'" + text + "' is not an address or a CIDR block");
  int max_bits = a.is_v4() ? 32 : 128;
  int bits = max_bits;
  if (slash != std::string::npos) {
    try {
      std::size_t used = 0;
      bits = std::stoi(text.substr(slash + 1), &used);
      if (used != text.size() - slash - 1) bits = -1;
    } catch (const std::exception&) {
      bits = -1;
    }
    if (bits < 0 || bits > max_bits) return std::unexpected("'" + text + "': bad prefix length");
  }
  // IPv4 blocks live among the v4-mapped IPv6 addresses: one kind of block to test against.
  return net::ip::network_v6(as_v6(a), static_cast<unsigned short>(a.is_v4() ? bits + 96 : bits))
      .canonical();
}

bool within(const net::ip::address_v6& a, const std::vector<net::ip::network_v6>& blocks) {
  return std::any_of(blocks.begin(), blocks.end(), [&](const auto& block) {
    return net::ip::network_v6(a, block.prefix_length()).canonical() == block;
  });
}

std::expected<std::vector<net::ip::network_v6>, std::string> parse_blocks(
    const std::vector<std::string>& texts, const char* flag) {
  std::vector<net::ip::network_v6> out;
  for (const auto& text : texts) {
    auto block = parse_block(text);
    if (!block) return std::unexpected(std::string(flag) + " " + block.error());
    out.push_back(*block);
  }
  return out;
}

// One address as a header writes it: "198.51.100.7", "198.51.100.7:4711", "[2001:db8::1]:80",
// "\"[2001:db8::1]\"", "2001:db8::1". Nothing for "unknown", obfuscated names or garbage.
std::optional<net::ip::address> header_address(std::string_view text) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
      s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
      s.remove_suffix(1);
    return s;
  };
  text = trim(text);
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
    text = text.substr(1, text.size() - 2);
  }
  if (!text.empty() && text.front() == '[') {
    auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    text = text.substr(1, close - 1);
  } else if (std::count(text.begin(), text.end(), ':') == 1) {
    text = text.substr(0, text.find(':'));  // IPv4 with a port
  }
  boost::system::error_code ec;
  auto a = net::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return a;
}

// Splits on `sep`; the pieces are views into `text`.
std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    auto at = text.find(sep);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

std::string address_text(const net::ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) {
    return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6()).to_string();
  }
  return a.to_string();
}

std::string forwarded_client(std::string_view forwarded_for, std::string_view forwarded,
                             const std::function<bool(const net::ip::address&)>& is_trusted) {
  // The list as the proxies built it, client first; each proxy appends the address it saw.
  std::vector<std::optional<net::ip::address>> hops;
  if (!forwarded.empty()) {
    for (auto element : split(forwarded, ',')) {
      std::optional<net::ip::address> hop;
      for (auto pair : split(element, ';')) {
        auto eq = pair.find('=');
        if (eq == std::string_view::npos) continue;
        std::string key;
        for (char c : pair.substr(0, eq))
          if (c != ' ' && c != '\t') key += static_cast<char>(std::tolower(c));
        if (key == "for") hop = header_address(pair.substr(eq + 1));
      }
      hops.push_back(hop);
    }
  } else {
    for (auto each : split(forwarded_for, ','))
      hops.push_back(header_address(each));
  }
  // From the right: our own proxies' entries are honest, the first other one is the client. An
  // entry that is not an address ends the walk: what stands left of it cannot be trusted.
  for (auto it = hops.rbegin(); it != hops.rend(); ++it) {
    if (!*it) return "";
    if (!is_trusted(**it)) return address_text(**it);
  }
  return "";
}

// ---- admission --------------------------------------------------------------------------------

std::expected<std::unique_ptr<admission>, std::string> admission::make(const config& cfg,
                                                                       metrics& stats,
                                                                       int max_connections) {
  auto trusted = parse_blocks(cfg.trusted_proxies, "--trusted-proxy");
  if (!trusted) return std::unexpected(trusted.error());
  auto exempt = parse_blocks(cfg.exempt_addresses, "--exempt");
  if (!exempt) return std::unexpected(exempt.error());
  return std::unique_ptr<admission>(
      new admission(cfg.limit, stats, std::move(*trusted), std::move(*exempt), max_connections));
}

admission::admission(const limits& lim, metrics& stats, blocks trusted, blocks exempt,
                     int max_connections)
    : limit_(lim),
      metrics_(stats),
      trusted_(std::move(trusted)),
      exempt_(std::move(exempt)),
      max_connections_(max_connections),
      swept_(steady::now()) {}

bool admission::trusted(const net::ip::address& a) const {
  return within(as_v6(a), trusted_);
}

bool admission::exempt(const std::string& address) const {
  if (exempt_.empty()) return false;
  boost::system::error_code ec;
  auto a = net::ip::make_address(address, ec);
  return !ec && within(as_v6(a), exempt_);
}

admission::per_address& admission::entry_locked(const std::string& address,
                                                steady::time_point now) {
  auto it = addresses_.find(address);
  if (it != addresses_.end()) return it->second;
  double connects = limit_.connections_per_second_per_address;
  double rooms = limit_.rooms_per_minute_per_address;
  double identities = limit_.identities_per_minute_per_address;
  double checks = limit_.password_checks_per_minute_per_address;
  return addresses_
      .emplace(address, per_address{.connects = token_bucket(connects, connects * 5, now),
                                    .rooms = token_bucket(rooms / 60, rooms, now),
                                    .identities = token_bucket(identities / 60, identities, now),
                                    .password_checks = token_bucket(checks / 60, checks, now)})
      .first->second;
}

std::expected<admission::ticket, refusal> admission::admit(const net::ip::address& peer) {
  auto now = steady::now();
  std::lock_guard lock(mutex_);
  if (now - swept_ > sweep_every) sweep_locked(now);
  if (open_ >= max_connections_ + spare_places) {
    metrics_.count_refusal("server_full");
    return std::unexpected(refusal{"server_full", "the server is full"});
  }
  ticket t;
  t.owner_ = this;
  t.id_ = next_id_++;
  if (trusted(peer)) {
    t.awaits_client_ = true;
  } else if (auto charged = charge_locked(t, address_text(peer), now); !charged) {
    t.owner_ = nullptr;  // nothing to give back yet
    if (refusing_ >= refusal_places) return std::unexpected(charged.error());
    ++refusing_;
    t.owner_ = this;
    t.refused_ = charged.error();
    return t;
  }
  t.over_capacity_ = open_ >= max_connections_;
  ++open_;
  ++metrics_.sockets;
  return t;
}

std::expected<void, refusal> admission::charge(ticket& t, const net::ip::address& peer,
                                               std::string_view forwarded_for,
                                               std::string_view forwarded) {
  if (!t.awaits_client_) return {};
  auto client = forwarded_client(forwarded_for, forwarded,
                                 [this](const net::ip::address& a) { return trusted(a); });
  // A proxy that names nobody is charged itself: its clients share one allowance.
  if (client.empty()) client = address_text(peer);
  std::lock_guard lock(mutex_);
  t.awaits_client_ = false;
  return charge_locked(t, client, steady::now());
}

std::expected<void, refusal> admission::charge_locked(ticket& t, const std::string& address,
                                                      steady::time_point now) {
  t.address_ = address;
  if (exempt(address)) return {};
  per_address& entry = entry_locked(address, now);
  if (entry.open >= limit_.max_connections_per_address) {
    metrics_.count_refusal("too_many_connections");
    return std::unexpected(
        refusal{"too_many_connections", "your address has " + std::to_string(entry.open) +
                                            " open connections; the limit is " +
                                            std::to_string(limit_.max_connections_per_address)});
  }
  if (!entry.connects.take(now)) {
    metrics_.count_refusal("connection_rate");
    return std::unexpected(
        refusal{"connection_rate", "too many new connections from your address"});
  }
  ++entry.open;
  t.counted_ = true;
  return {};
}

bool admission::take(const std::string& address, token_bucket per_address::*bucket,
                     const char* what) {
  if (exempt(address)) return true;
  auto now = steady::now();
  std::lock_guard lock(mutex_);
  if ((entry_locked(address, now).*bucket).take(now)) return true;
  spdlog::info("{}: refused: too many {} created", address, what);
  return false;
}

bool admission::allow_room(const std::string& address) {
  return take(address, &per_address::rooms, "rooms");
}

bool admission::allow_identity(const std::string& address) {
  return take(address, &per_address::identities, "identities");
}

bool admission::allow_password_check(const std::string& address) {
  return take(address, &per_address::password_checks, "password_checks");
}

void admission::release(ticket& t) {
  std::lock_guard lock(mutex_);
  watched_.erase(t.id_);
  if (t.refused_) {
    --refusing_;
    return;
  }
  --open_;
  --metrics_.sockets;
  if (!t.counted_) return;
  if (auto it = addresses_.find(t.address_); it != addresses_.end()) --it->second.open;
}

void admission::sweep_locked(steady::time_point now) {
  swept_ = now;
  std::erase_if(addresses_, [&](auto& pair) {
    auto& e = pair.second;
    return e.open == 0 && e.connects.full(now) && e.rooms.full(now) && e.identities.full(now) &&
           e.password_checks.full(now);
  });
}

int admission::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

void admission::abort_all() {
  std::vector<std::shared_ptr<abortable>> all;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, weak] : watched_)
      if (auto a = weak.lock()) all.push_back(std::move(a));
  }
  for (auto& a : all)
    a->abort();
}

// ---- ticket -----------------------------------------------------------------------------------

admission::ticket::ticket(ticket&& other) noexcept {
  *this = std::move(other);
}

admission::ticket& admission::ticket::operator=(ticket&& other) noexcept {
  if (this == &other) return *this;
  if (owner_) owner_->release(*this);
  owner_ = std::exchange(other.owner_, nullptr);
  id_ = other.id_;
  address_ = std::move(other.address_);
  counted_ = other.counted_;
  refused_ = std::move(other.refused_);
  over_capacity_ = other.over_capacity_;
  awaits_client_ = other.awaits_client_;
  return *this;
}

admission::ticket::~ticket() {
  if (owner_) owner_->release(*this);
}

void admission::ticket::watch(std::weak_ptr<abortable> who) {
  if (!owner_) return;
  std::lock_guard lock(owner_->mutex_);
  owner_->watched_[id_] = std::move(who);
}

}  // namespace boardroom::server
