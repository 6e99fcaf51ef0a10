#include "bots/stop_signal.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <csignal>

namespace boardroom::bots {

namespace {

int pipe_fds[2] = {-1, -1};
std::atomic<int> arrived{0};

extern "C" void on_stop_signal(int signal) {
  arrived.store(signal);
  const char byte = 1;
  [[maybe_unused]] auto n = write(pipe_fds[1], &byte, 1);  // async-signal-safe
}

}  // namespace

void install_stop_signals() {
  if (pipe_fds[0] >= 0) return;
  if (pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) != 0) return;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

int stop_fd() {
  return pipe_fds[0];
}

int stop_signal() {
  return arrived.load();
}

void acknowledge_stop() {
  arrived.store(0);
  char bytes[64];
  while (pipe_fds[0] >= 0 && read(pipe_fds[0], bytes, sizeof bytes) > 0) {
  }
}

}  // namespace boardroom::bots
