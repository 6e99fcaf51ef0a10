#include "tests/support/ws_client.hpp"

#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "tests/support/schema.hpp"

namespace boardroom::test {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

struct ws_client::impl {
  net::io_context io;
  websocket::stream<tcp::socket> ws{io};
  beast::flat_buffer buffer;
  std::thread thread;

  mutable std::mutex mutex;
  std::condition_variable changed;
  std::deque<json> inbox;
  bool is_open = false;
  std::optional<unsigned short> close_code;
  std::vector<std::string> schema_failures;  // frames that break the documented protocol

  std::deque<std::pair<std::string, bool>> outbox;  // frame, is_text
  bool writing = false;
  std::int64_t next_id = 1;

  void do_read() {
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
      if (ec) {
        std::lock_guard lock(mutex);
        is_open = false;
        close_code = ec == websocket::error::closed ? ws.reason().code : 1006;
        changed.notify_all();
        return;
      }
      std::string text = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      {
        std::lock_guard lock(mutex);
        json parsed = json::parse(text, nullptr, false);
        // Every frame the server sends must match the published schema.
        std::string problems =
            parsed.is_discarded() ? "not JSON" : validate(parsed, "server_message.schema.json");
        if (!problems.empty()) schema_failures.push_back(problems + "\n  in " + text);
        inbox.push_back(parsed.is_discarded() ? json{{"unparsable", text}} : parsed);
        changed.notify_all();
      }
      do_read();
    });
  }

  void enqueue(std::string frame, bool text) {
    net::post(io, [this, frame = std::move(frame), text]() mutable {
      outbox.emplace_back(std::move(frame), text);
      if (!writing) do_write();
    });
  }

  void do_write() {
    if (outbox.empty()) return;
    writing = true;
    ws.text(outbox.front().second);
    ws.async_write(net::buffer(outbox.front().first), [this](beast::error_code ec, std::size_t) {
      writing = false;
      if (ec) return;
      outbox.pop_front();
      do_write();
    });
  }

  template <class Pred>
  std::optional<json> take(Pred pred, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex);
    std::optional<json> found;
    changed.wait_for(lock, timeout, [&] {
      for (auto it = inbox.begin(); it != inbox.end(); ++it) {
        if (pred(*it)) {
          found = std::move(*it);
          inbox.erase(it);
          return true;
        }
      }
      return !is_open;
    });
    return found;
  }
};

ws_client::ws_client(std::uint16_t port, const std::string& path)
    : impl_(std::make_unique<impl>()) {
  tcp::resolver resolver(impl_->io);
  auto endpoints = resolver.resolve("127.0.0.1", std::to_string(port));
  net::connect(impl_->ws.next_layer(), endpoints);
  impl_->ws.handshake("127.0.0.1:" + std::to_string(port), path);
  impl_->is_open = true;
  impl_->do_read();
  impl_->thread = std::thread([this] { impl_->io.run(); });
}

ws_client::~ws_client() {
  net::post(impl_->io, [this] {
    beast::error_code ignored;
    impl_->ws.next_layer().close(ignored);
  });
  impl_->thread.join();
  for (const auto& failure : impl_->schema_failures) {
    ADD_FAILURE() << "server frame breaks server_message.schema.json: " << failure;
  }
}

bool ws_client::connected() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->is_open;
}

void ws_client::send_text(std::string text) {
  impl_->enqueue(std::move(text), true);
}
void ws_client::send_binary(std::string bytes) {
  impl_->enqueue(std::move(bytes), false);
}

std::int64_t ws_client::send_request(const std::string& method, json params) {
  std::int64_t id;
  {
    std::lock_guard lock(impl_->mutex);
    id = impl_->next_id++;
  }
  send_text(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
  return id;
}

std::optional<json> ws_client::wait_response(std::int64_t id, std::chrono::milliseconds timeout) {
  return impl_->take(
      [id](const json& f) { return f.contains("id") && f["id"] == id && !f.contains("method"); },
      timeout);
}

json ws_client::call(const std::string& method, json params, std::chrono::milliseconds timeout) {
  auto id = send_request(method, std::move(params));
  auto reply = wait_response(id, timeout);
  if (!reply)
    return json{
        {"error", {{"code", 0}, {"message", "no reply"}, {"data", {{"code", "test_timeout"}}}}}};
  return *reply;
}

json ws_client::hello(const std::string& name, std::optional<std::string> resume_token) {
  json params{{"protocol", 1}, {"name", name}};
  if (resume_token) params["resume_token"] = *resume_token;
  auto reply = call("hello", params);
  return reply.value("result", json::object());
}

std::optional<json> ws_client::wait_notification(const std::function<bool(const json&)>& pred,
                                                 std::chrono::milliseconds timeout) {
  return impl_->take(
      [&](const json& f) { return f.contains("method") && !f.contains("id") && pred(f); }, timeout);
}

std::optional<json> ws_client::wait_event(const std::string& type, const std::string& room,
                                          std::chrono::milliseconds timeout) {
  auto found = wait_notification(
      [&](const json& f) {
        return f["method"] == "room.event" && f["params"]["type"] == type &&
               (room.empty() || f["params"]["room"] == room);
      },
      timeout);
  if (!found) return std::nullopt;
  return (*found)["params"];
}

std::deque<json> ws_client::drain() {
  std::lock_guard lock(impl_->mutex);
  return std::exchange(impl_->inbox, {});
}

std::optional<unsigned short> ws_client::wait_closed(std::chrono::milliseconds timeout) {
  std::unique_lock lock(impl_->mutex);
  impl_->changed.wait_for(lock, timeout, [&] { return !impl_->is_open; });
  return impl_->close_code;
}

void ws_client::drop() {
  net::post(impl_->io, [this] {
    beast::error_code ignored;
    impl_->ws.next_layer().shutdown(tcp::socket::shutdown_both, ignored);
    impl_->ws.next_layer().close(ignored);
  });
  wait_closed(2s);
}

void ws_client::close() {
  net::post(impl_->io, [this] {
    impl_->ws.async_close(websocket::close_code::normal, [](beast::error_code) {});
  });
  wait_closed(2s);
}

http_reply http_get(std::uint16_t port, const std::string& target) {
  net::io_context io;
  tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  stream.connect(resolver.resolve("127.0.0.1", std::to_string(port)));
  beast::http::request<beast::http::string_body> req{beast::http::verb::get, target, 11};
  req.set(beast::http::field::host, "127.0.0.1");
  beast::http::write(stream, req);
  beast::flat_buffer buffer;
  beast::http::response<beast::http::string_body> res;
  beast::http::read(stream, buffer, res);
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return {static_cast<int>(res.result_int()), std::string(res[beast::http::field::content_type]),
          res.body(), std::string(res["Content-Security-Policy"])};
}

long long metric_value(std::uint16_t port, const std::string& name) {
  const std::string metrics = http_get(port, "/metrics").body;
  const std::string line = "\n" + name + " ";
  const auto at = metrics.find(line);
  EXPECT_NE(at, std::string::npos) << name << " in " << metrics;
  return at == std::string::npos ? -1 : std::stoll(metrics.substr(at + line.size()));
}

}  // namespace boardroom::test
