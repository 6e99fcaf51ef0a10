// Asio and Beast compiled once for the whole project (separate compilation) instead of in every
// translation unit that includes them; their TLS streams (OpenSSL) too.
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
