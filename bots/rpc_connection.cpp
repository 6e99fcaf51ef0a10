#include "bots/rpc_connection.hpp"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <mutex>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "bots/errors.hpp"
#include "bots/stop_signal.hpp"

namespace boardroom::bots {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

std::optional<server_url> parse_server_url(std::string_view text) {
  constexpr std::string_view scheme = "ws://";
  if (!text.starts_with(scheme)) return std::nullopt;
  text.remove_prefix(scheme.size());
  server_url url;
  const auto slash = text.find('/');
  std::string_view authority = text.substr(0, slash);
  if (slash != std::string_view::npos) url.path = std::string(text.substr(slash));
  if (authority.starts_with('[')) {  // [::1]:8080
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    url.host = std::string(authority.substr(1, close - 1));
    authority.remove_prefix(close + 1);
    if (!authority.empty() && !authority.starts_with(':')) return std::nullopt;
  } else {
    url.host = std::string(authority.substr(0, authority.find(':')));
    authority.remove_prefix(url.host.size());
  }
  if (authority.starts_with(':')) {
    url.port = std::string(authority.substr(1));
    if (url.port.empty() || url.port.find_first_not_of("0123456789") != std::string::npos) {
      return std::nullopt;
    }
  }
  if (url.host.empty()) return std::nullopt;
  return url;
}

// The socket's side, on its own thread. Frames read are parsed and queued; `ready` (an eventfd
// counting as a semaphore) is readable while the queue holds frames, and for good once the
// connection has ended.
struct rpc_connection::impl {
  net::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  beast::flat_buffer buffer;
  std::thread thread;
  int ready = -1;

  std::mutex mutex;
  std::deque<json> inbox;  // parsed frames, oldest first
  bool ended = false;      // no more frames will come
  std::string end_reason;

  std::deque<std::string> outbox;  // on the io thread only
  bool writing = false;

  ~impl() {
    if (ready >= 0) ::close(ready);
  }

  void signal_ready() {
    const std::uint64_t one = 1;
    [[maybe_unused]] auto n = write(ready, &one, sizeof one);
  }

  void do_read() {
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
      if (ec) {
        std::lock_guard lock(mutex);
        ended = true;
        if (ec == websocket::error::closed) {
          end_reason =
              "the server closed the connection (code " + std::to_string(ws.reason().code) +
              (ws.reason().reason.empty()
                   ? ""
                   : ", " + std::string(ws.reason().reason.data(), ws.reason().reason.size())) +
              ")";
        } else {
          end_reason = "the connection to the server failed: " + ec.message();
        }
        signal_ready();
        return;
      }
      json frame = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
      buffer.consume(buffer.size());
      if (!frame.is_discarded()) {
        std::lock_guard lock(mutex);
        inbox.push_back(std::move(frame));
        signal_ready();
      }
      do_read();
    });
  }

  void do_write() {
    if (outbox.empty() || writing) return;
    writing = true;
    ws.async_write(net::buffer(outbox.front()), [this](beast::error_code ec, std::size_t) {
      writing = false;
      if (ec) return;  // the read side reports the end
      outbox.pop_front();
      do_write();
    });
  }
};

rpc_connection::rpc_connection(const server_url& url, std::chrono::milliseconds timeout)
    : impl_(std::make_unique<impl>()) {
  impl& c = *impl_;
  c.ready = eventfd(0, EFD_CLOEXEC | EFD_SEMAPHORE | EFD_NONBLOCK);
  if (c.ready < 0) throw server_failure("cannot make an eventfd");
  tcp::resolver resolver(c.io);
  beast::error_code failure;
  bool connected = false;
  beast::get_lowest_layer(c.ws).expires_after(timeout);
  resolver.async_resolve(url.host, url.port, [&](beast::error_code ec, auto results) {
    if (ec) return void(failure = ec);
    beast::get_lowest_layer(c.ws).async_connect(results, [&](beast::error_code ec2, auto) {
      if (ec2) return void(failure = ec2);
      beast::error_code ignored;
      beast::get_lowest_layer(c.ws).socket().set_option(tcp::no_delay(true), ignored);
      c.ws.async_handshake(url.host + ":" + url.port, url.path, [&](beast::error_code ec3) {
        if (ec3) return void(failure = ec3);
        connected = true;
      });
    });
  });
  c.io.run_for(timeout);
  const std::string where = "ws://" + url.host + ":" + url.port + url.path;
  if (!connected) {
    throw server_failure("cannot connect to " + where + ": " +
                         (failure ? failure.message() : std::string("no answer in time")));
  }
  beast::get_lowest_layer(c.ws).expires_never();
  c.ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  c.ws.read_message_max(64 << 20);
  c.io.restart();
  c.do_read();
  c.thread = std::thread([&c] { c.io.run(); });
}

rpc_connection::~rpc_connection() {
  impl& c = *impl_;
  net::post(c.io, [&c] {
    beast::get_lowest_layer(c.ws).cancel();
    beast::error_code ignored;
    beast::get_lowest_layer(c.ws).socket().close(ignored);
  });
  if (c.thread.joinable()) c.thread.join();
}

void rpc_connection::close() {
  impl& c = *impl_;
  net::post(c.io,
            [&c] { c.ws.async_close(websocket::close_code::normal, [](beast::error_code) {}); });
  // The read loop ends when the server echoes the close; wait for that a moment.
  const auto deadline = steady_clock::now() + std::chrono::seconds(2);
  while (steady_clock::now() < deadline) {
    {
      std::lock_guard lock(c.mutex);
      if (c.ended) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::int64_t rpc_connection::send(const std::string& method, json params) {
  const std::int64_t id = next_id_++;
  std::string frame =
      json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}}
          .dump();
  impl& c = *impl_;
  net::post(c.io, [&c, frame = std::move(frame)]() mutable {
    c.outbox.push_back(std::move(frame));
    c.do_write();
  });
  return id;
}

int rpc_connection::ready_fd() const {
  return impl_->ready;
}

std::optional<json> rpc_connection::next_frame(steady_clock::time_point deadline) {
  impl& c = *impl_;
  for (;;) {
    {
      std::lock_guard lock(c.mutex);
      if (!c.inbox.empty()) {
        std::uint64_t one = 0;
        [[maybe_unused]] auto n = read(c.ready, &one, sizeof one);
        json frame = std::move(c.inbox.front());
        c.inbox.pop_front();
        return frame;
      }
      if (c.ended) throw server_failure(c.end_reason);
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd fds[2] = {{c.ready, POLLIN, 0}, {stop_fd(), POLLIN, 0}};
    poll(fds, stop_fd() >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (stop_signal() != 0) throw stop_requested(stop_signal());
  }
}

std::expected<json, rpc_error> rpc_connection::call(const std::string& method, json params,
                                                    std::chrono::milliseconds timeout) {
  const std::int64_t id = send(method, std::move(params));
  const auto deadline = steady_clock::now() + timeout;
  for (;;) {
    auto frame = next_frame(deadline);
    if (!frame) throw server_failure("the server did not answer " + method + " in time");
    if (!frame->contains("id")) {
      notifications_.push_back(std::move(*frame));
      continue;
    }
    if ((*frame)["id"] != id) continue;  // an answer to a request sent without waiting
    if (const auto e = frame->find("error"); e != frame->end()) {
      rpc_error err;
      err.message = e->value("message", std::string());
      if (const auto data = e->find("data"); data != e->end() && data->is_object()) {
        err.code = data->value("code", std::string());
        err.field = data->value("field", std::string());
      }
      return std::unexpected(std::move(err));
    }
    return frame->value("result", json::object());
  }
}

bool rpc_connection::has_pending() {
  if (!notifications_.empty()) return true;
  impl& c = *impl_;
  std::lock_guard lock(c.mutex);
  return !c.inbox.empty() || c.ended;
}

std::optional<json> rpc_connection::next_notification(steady_clock::time_point deadline) {
  for (;;) {
    if (!notifications_.empty()) {
      json n = std::move(notifications_.front());
      notifications_.pop_front();
      return n;
    }
    auto frame = next_frame(deadline);
    if (!frame) return std::nullopt;
    if (!frame->contains("id")) return frame;
  }
}

}  // namespace boardroom::bots
