#include "server/net/ws_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/messages.hpp"
#include "protocol/request.hpp"
#include "protocol/rpc.hpp"

namespace boardroom::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using nlohmann::json;

template <class Stream>
ws_session<Stream>::ws_session(Stream&& stream, hub& h, admission::ticket place)
    : ws_(std::move(stream)),
      hub_(h),
      limit_(h.settings().limit),
      place_(std::move(place)),
      hello_deadline_(ws_.get_executor()),
      requests_(limit_.requests_per_second, limit_.request_burst,
                std::chrono::steady_clock::now()) {
  ctx_.address = place_.address();
}

template <class Stream>
ws_session<Stream>::~ws_session() {
  forget_queue(0);
  if (!registered_) return;
  hub_.budget().leave(this);
  --hub_.stats().connections;
  hub_.disconnected(this, ctx_);
}

template <class Stream>
void ws_session<Stream>::run(beast::http::request<beast::http::string_body> upgrade) {
  ws_.set_option(websocket::stream_base::timeout{
      .handshake_timeout = limit_.handshake_timeout,
      .idle_timeout = limit_.idle_timeout,
      .keep_alive_pings = true,  // a ping at half the idle time; a silent peer is closed
  });
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "boardroom"); }));
  ws_.read_message_max(limit_.max_frame_bytes);
  // One frame per message, however large (Beast would cut large ones into fragments): the
  // protocol promises it, and simple clients read one frame as one message.
  ws_.auto_fragment(false);
  ws_.async_accept(upgrade,
                   beast::bind_front_handler(&ws_session::on_accept, this->shared_from_this()));
}

template <class Stream>
void ws_session<Stream>::on_accept(beast::error_code ec) {
  if (ec) return;
  place_.watch(this->weak_from_this());
  if (place_.over_capacity()) {
    hub_.stats().count_refusal("server_full");
    spdlog::info("{}: refused: the server is full", ctx_.address);
    close(websocket::close_code::try_again_later, "server is full");
    return;
  }
  registered_ = true;
  ++hub_.stats().connections;
  ++hub_.stats().connections_total;
  spdlog::info("{}: connected", ctx_.address);
  hub_.connected(this->shared_from_this());
  hub_.budget().enroll(this->shared_from_this());
  hello_deadline_.expires_after(limit_.hello_timeout);
  hello_deadline_.async_wait(
      beast::bind_front_handler(&ws_session::on_hello_deadline, this->shared_from_this()));
  do_read();
}

template <class Stream>
void ws_session<Stream>::on_hello_deadline(beast::error_code ec) {
  if (ec || !ctx_.player.empty()) return;
  hub_.stats().count_refusal("hello_timeout");
  spdlog::info("{}: closed: no hello within {} ms", ctx_.address, limit_.hello_timeout.count());
  close(websocket::close_code::policy_error, "no hello in time");
}

template <class Stream>
void ws_session<Stream>::abort() {
  boost::asio::post(ws_.get_executor(), [self = this->shared_from_this()] { self->drop(nullptr); });
}

template <class Stream>
void ws_session<Stream>::do_read() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&ws_session::on_read, this->shared_from_this()));
}

template <class Stream>
void ws_session<Stream>::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    hello_deadline_.cancel();  // nothing more to read: the session ends with its writes
    // Beast has already answered protocol violations with a close frame: too big (1009),
    // invalid UTF-8 (1007), bad framing (1002). Everything else is a gone peer.
    if (ec != websocket::error::closed && ec != boost::asio::error::operation_aborted) {
      spdlog::debug("{}: {} read ended: {}", ctx_.address, ctx_.player, ec.message());
    }
    // The limits Beast enforces for us are counted like ours.
    if (ec == websocket::error::message_too_big) hub_.stats().count_refusal("message_too_big");
    if (ec == beast::error::timeout) hub_.stats().count_refusal("idle_timeout");
    return;
  }
  if (!ws_.got_text()) {
    close(websocket::close_code::unknown_data, "binary frames are not supported; send JSON text");
    return;
  }
  handle_frame({static_cast<const char*>(buffer_.data().data()), buffer_.size()});
  buffer_.consume(buffer_.size());
  if (!closed_ && !close_pending_ && !greeting_) do_read();
}

template <class Stream>
void ws_session<Stream>::handle_frame(std::string_view text) {
  auto received = std::chrono::steady_clock::now();
  auto req = protocol::parse_request(text);
  auto self = this->shared_from_this();
  auto fail = [&](const json& id, const protocol::error& e) {
    hub_.stats().count_error(e.code);
    reply_error(*self, id, e);
  };
  if (!requests_.take(received)) {
    fail(req ? req->id : req.error().id,
         protocol::app_error("rate_limited",
                             fmt::format("too many requests: at most {:g} per second",
                                         limit_.requests_per_second)));
    // Refusals are counted per second: a client a little over the rate is slowed down, one that
    // keeps hammering is cut off.
    if (received - refusals_since_ > std::chrono::seconds(1)) {
      refusals_since_ = received;
      refusals_ = 0;
    }
    if (++refusals_ >= limit_.flood_close_after) {
      hub_.stats().count_refusal("request_flood");
      spdlog::info("{}: {} closed: request flood", ctx_.address, ctx_.player);
      close(websocket::close_code::policy_error, "request flood");
    }
    return;
  }
  ++hub_.stats().requests_total;
  if (!req) return fail(req.error().id, req.error().error);
  if (auto* h = std::get_if<protocol::hello>(&req->msg)) {
    // The identity may need the store: nothing more is read until the hello is answered, so the
    // next request sees the connection as the hello left it.
    greeting_ = true;
    return hub_.hello(self, ctx_, req->id, std::move(*h), [self](client_context ctx) {
      boost::asio::post(self->ws_.get_executor(),
                        [self, ctx = std::move(ctx)]() mutable { self->greeted(std::move(ctx)); });
    });
  }
  hub_.handle(self, ctx_, req->id, std::move(req->msg), received);
}

template <class Stream>
void ws_session<Stream>::greeted(client_context ctx) {
  if (!ctx.player.empty()) hello_deadline_.cancel();
  ctx_ = std::move(ctx);
  greeting_ = false;
  if (!closed_ && !close_pending_) do_read();
}

// ---- writing ---------------------------------------------------------------------------------

template <class Stream>
void ws_session<Stream>::send(frame_ptr frame) {
  boost::asio::post(ws_.get_executor(), [self = this->shared_from_this(),
                                         frame = std::move(frame)] { self->enqueue(frame); });
}

template <class Stream>
void ws_session<Stream>::enqueue(frame_ptr frame) {
  if (closed_ || close_pending_) return;
  if (queue_.size() >= limit_.max_queued_messages ||
      queued_bytes_ + frame->size() > limit_.max_queued_bytes) {
    // A reader this slow would make us buffer without bound; it gets disconnected instead.
    hub_.stats().count_error("slow_consumer");
    return drop("outgoing queue full");
  }
  queued_bytes_ += frame->size();
  hub_.budget().grew(frame->size());
  queue_.push_back(std::move(frame));
  if (!writing_) do_write();
}

template <class Stream>
void ws_session<Stream>::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(boost::asio::buffer(*queue_.front()),
                  beast::bind_front_handler(&ws_session::on_write, this->shared_from_this()));
}

template <class Stream>
void ws_session<Stream>::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec || closed_) return drop(nullptr);  // the peer is gone, or we cut it off
  queued_bytes_ -= queue_.front()->size();
  hub_.budget().shrank(queue_.front()->size());
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  if (close_pending_) do_close();
}

template <class Stream>
void ws_session<Stream>::close(unsigned short code, std::string reason) {
  boost::asio::post(ws_.get_executor(), [self = this->shared_from_this(), code, reason] {
    if (self->closed_ || self->close_pending_) return;
    websocket::close_reason why;
    why.code = code;
    why.reason = reason;
    self->close_pending_ = why;
    if (!self->writing_) self->do_close();  // otherwise after the queue drains
  });
}

template <class Stream>
void ws_session<Stream>::do_close() {
  if (closed_) return;
  closed_ = true;
  ws_.async_close(*close_pending_, [self = this->shared_from_this()](beast::error_code) {});
}

template <class Stream>
void ws_session<Stream>::drop(const char* why) {
  hello_deadline_.cancel();
  if (!closed_) {
    closed_ = true;
    if (why) spdlog::info("{}: {} dropped: {}", ctx_.address, ctx_.player, why);
  }
  // A write in flight still reads its frame: keep that one until on_write.
  forget_queue(writing_ ? 1 : 0);
  // Closed even after a close handshake began: a peer that never answers it is cut off here.
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both,
                                                 ignored);
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

// Empties the queue down to its first `keep` frames, giving their bytes back to the budget.
template <class Stream>
void ws_session<Stream>::forget_queue(std::size_t keep) {
  while (queue_.size() > keep) {
    queued_bytes_ -= queue_.back()->size();
    hub_.budget().shrank(queue_.back()->size());
    queue_.pop_back();
  }
}

template class ws_session<plain_stream>;
template class ws_session<tls_stream>;

}  // namespace boardroom::server
