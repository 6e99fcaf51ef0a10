#include "tests/support/test_server.hpp"

#include <stdlib.h>

#include <filesystem>
#include <stdexcept>

#include <spdlog/spdlog.h>

namespace boardroom::test {

server::limits test_limits() {
  server::limits l;
  l.reconnect_grace = std::chrono::milliseconds(5'000);
  l.idle_timeout = std::chrono::milliseconds(10'000);
  // Every test client comes from 127.0.0.1: the per-address limits are tested on their own.
  l.max_connections_per_address = 1'000'000;
  l.connections_per_second_per_address = 1e6;
  l.rooms_per_minute_per_address = 1e6;
  l.identities_per_minute_per_address = 1e6;
  l.password_checks_per_minute_per_address = 1e6;
  // libsodium's least Argon2id cost: the tests check what a hash does, not how long it takes.
  l.password_passes = 1;
  l.password_memory_bytes = 8 * 1024;
  return l;
}

temp_dir::temp_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "boardroom-test-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a temporary directory");
  path_ = pattern;
}

temp_dir::~temp_dir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

test_server_options on_dir(const std::string& data_dir, server::limits limit) {
  test_server_options o;
  o.limit = limit;
  o.data_dir = data_dir;
  return o;
}

test_server_options with_store(std::shared_ptr<server::store> storage) {
  test_server_options o;
  o.storage = std::move(storage);
  return o;
}

test_server::test_server(server::limits limit, int threads)
    : test_server([&] {
        test_server_options o;
        o.limit = limit;
        o.threads = threads;
        return o;
      }()) {}

test_server::test_server(test_server_options options) {
  spdlog::set_level(spdlog::level::warn);
  if (options.data_dir.empty() && !options.storage) {
    own_dir_ = std::make_unique<temp_dir>();
    options.data_dir = own_dir_->path();
  }
  data_dir_ = options.data_dir;
  server::config cfg;
  cfg.host = "127.0.0.1";
  cfg.port = 0;
  cfg.threads = options.threads;
  cfg.data_dir = options.data_dir;
  cfg.log_level = "warn";
  cfg.limit = options.limit;
  cfg.admin_token = options.admin_token;
  cfg.rating_model = options.rating_model;
  cfg.trusted_proxies = options.trusted_proxies;
  cfg.allowed_origins = options.allowed_origins;
  cfg.tls_cert = options.tls_cert;
  cfg.tls_key = options.tls_key;
  clock_ = options.clock;
  server_ = std::make_unique<server::server>(cfg, std::move(options.storage), clock_);
  auto port = server_->start();
  if (!port) throw std::runtime_error(port.error());
  port_ = *port;
  thread_ = std::thread([this] { server_->run(/*handle_signals=*/false); });
}

void test_server::advance(std::chrono::nanoseconds d) {
  clock_->advance(d);
  server_->clocks_changed();
}

test_server::~test_server() {
  server_->stop();
  thread_.join();
  server_.reset();  // closes the store before the directory goes
}

}  // namespace boardroom::test
