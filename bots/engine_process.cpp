#include "bots/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <thread>
#include <utility>
#include <vector>

#include "bots/errors.hpp"
#include "bots/stop_signal.hpp"

namespace boardroom::bots {

namespace {

// Whether `command` needs a shell: quotes, variables, pipes, redirections, globs, several
// commands, an assignment before the program. A command without any of them is split on blanks
// and run directly, so the engine is the bridge's child (and dies with it, see PR_SET_PDEATHSIG).
bool needs_shell(const std::string& command) {
  if (command.find_first_of("|&;<>()$`\\\"'*?[]#~{}\n") != std::string::npos) return true;
  const auto first = command.substr(0, command.find_first_of(" \t"));
  return first.find('=') != std::string::npos;
}

std::vector<std::string> split_blanks(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  for (char c : command + " ") {
    if (c != ' ' && c != '\t') {
      word += c;
    } else if (!word.empty()) {
      words.push_back(std::exchange(word, {}));
    }
  }
  return words;
}

std::string status_text(int status) {
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    return "exited with status 127 (no such command?)";
  }
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  }
  return "ended (status " + std::to_string(status) + ")";
}

}  // namespace

engine_process::engine_process(std::string command, bool verbose)
    : command_(std::move(command)), verbose_(verbose) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) throw engine_failure("cannot make a pipe for the engine");
  if (pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]);
    throw engine_failure("cannot make a pipe for the engine");
  }
  // Everything exec needs is made before fork: between fork and exec only async-signal-safe
  // calls are allowed.
  std::vector<std::string> words = needs_shell(command_)
                                       ? std::vector<std::string>{"/bin/sh", "-c", command_}
                                       : split_blanks(command_);
  if (words.empty()) throw engine_failure("the engine's command line is empty");
  std::vector<char*> argv;
  for (auto& w : words)
    argv.push_back(w.data());
  argv.push_back(nullptr);
  const pid_t parent = getpid();
  pid_ = fork();
  if (pid_ < 0) {
    ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
    throw engine_failure(std::string("cannot start the engine: ") + std::strerror(errno));
  }
  if (pid_ == 0) {
    // Only async-signal-safe calls between fork and exec.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGTERM);  // a bridge that dies takes its engine along
    if (getppid() != parent) _exit(127);
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  setpgid(pid_, pid_);  // also here, so that the group exists whichever runs first
  ::close(in[0]);
  ::close(out[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
}

engine_process::~engine_process() {
  if (pid_ > 0 && !wait_status_) finish(std::chrono::milliseconds(500));
  if (to_engine_ >= 0) ::close(to_engine_);
  if (from_engine_ >= 0) ::close(from_engine_);
}

std::optional<std::string> engine_process::exit_status() {
  if (!wait_status_ && pid_ > 0) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      wait_status_ = status;
      // Whatever the shell left behind in the group goes too. The group's id stays reserved
      // while it has members, so this cannot reach anyone else's processes.
      kill(-pid_, SIGKILL);
    }
  }
  if (!wait_status_) return std::nullopt;
  return status_text(*wait_status_);
}

std::string engine_process::describe_end() {
  // The output ends a moment before the process: give it that moment to be reaped.
  for (int i = 0; i < 50 && !exit_status(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  auto status = exit_status();
  return status ? "the engine " + *status : std::string("the engine closed its output");
}

void engine_process::send(const std::string& text) {
  if (verbose_) std::cerr << "> " << text << std::endl;
  std::string data = text + "\n";
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(to_engine_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      throw engine_failure("cannot send '" + text + "' to the engine: " + describe_end());
    }
    done += static_cast<std::size_t>(n);
  }
}

engine_process::read_result engine_process::read_line(steady_clock::time_point deadline,
                                                      int watch_fd) {
  for (;;) {
    if (const auto end = buffer_.find('\n'); end != std::string::npos) {
      std::string text = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!text.empty() && text.back() == '\r') text.pop_back();
      if (verbose_) std::cerr << "< " << text << std::endl;
      return line{std::move(text)};
    }
    if (output_ended_) {
      throw engine_failure(describe_end() +
                           (buffer_.empty() ? "" : " after writing '" + buffer_ + "'"));
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - steady_clock::now());
    if (left.count() <= 0) return timed_out{};
    pollfd fds[3] = {{from_engine_, POLLIN, 0}, {stop_fd(), POLLIN, 0}, {watch_fd, POLLIN, 0}};
    const int n = poll(fds, 3, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (stop_signal() != 0) throw stop_requested(stop_signal());
    if (n <= 0) continue;
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char chunk[4096];
      const ssize_t got = read(from_engine_, chunk, sizeof chunk);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        output_ended_ = true;
      } else {
        buffer_.append(chunk, static_cast<std::size_t>(got));
        if (buffer_.size() > (1 << 20) && buffer_.find('\n') == std::string::npos) {
          throw engine_failure("the engine wrote more than 1 MiB without a line end");
        }
      }
      continue;
    }
    if (watch_fd >= 0 && (fds[2].revents & POLLIN)) return interrupted{};
  }
}

std::string engine_process::finish(std::chrono::milliseconds grace) {
  if (to_engine_ >= 0) {
    ::close(to_engine_);
    to_engine_ = -1;
  }
  if (pid_ <= 0) return "not started";
  const auto wait_until = [&](steady_clock::time_point deadline) {
    while (!exit_status() && steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return exit_status().has_value();
  };
  if (!wait_until(steady_clock::now() + grace)) {
    kill(-pid_, SIGTERM);
    if (!wait_until(steady_clock::now() + std::chrono::seconds(2))) {
      kill(-pid_, SIGKILL);
      wait_until(steady_clock::now() + std::chrono::seconds(5));
    }
  }
  return exit_status().value_or("did not end");
}

}  // namespace boardroom::bots
