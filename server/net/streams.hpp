#pragma once
// The two kinds of connection the listener serves: plain TCP, or TLS over it (--tls-cert). Each
// session is one template over the stream, compiled for both in its .cpp file.

#include <type_traits>

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

namespace boardroom::server {

using plain_stream = boost::beast::tcp_stream;
using tls_stream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

template <class Stream>
inline constexpr bool is_tls = std::is_same_v<Stream, tls_stream>;

}  // namespace boardroom::server
