#pragma once
// How a room runs what arrives (room.hpp: "Every request runs through on_strand()..."): the
// member templates behind it, in a header so that every source file of the room (room.cpp,
// room_chat.cpp) can instantiate them for its own requests.

#include <utility>

#include <boost/asio/post.hpp>

#include "server/rooms/room.hpp"

namespace boardroom::server {

template <class F>
void room::on_strand(F&& f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
    self->when_free(std::move(f));
  });
}

template <class F>
void room::when_free(F&& f) {
  if (awaiting_store_) {
    held_.emplace_back(std::forward<F>(f));
  } else {
    f();
  }
}

template <class F>
void room::when_due(boost::asio::steady_timer& timer, F f) {
  timer.async_wait(
      [self = shared_from_this(), f = std::move(f)](boost::system::error_code ec) mutable {
        if (!ec) self->when_free(std::move(f));
      });
}

}  // namespace boardroom::server
