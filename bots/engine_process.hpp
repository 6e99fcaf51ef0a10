#pragma once
// An outside engine as a child process spoken to in lines: a plain command line is split on blanks
// and run directly (the program looked up in PATH), one with shell syntax (quotes, variables,
// pipes, redirections, `cd dir && ...`) by /bin/sh -c; either way in a process group of its own,
// with its standard input and output as pipes and its standard error the bridge's. Every wait also
// watches the server's connection and the stop signals, so the bridge can react to a game that
// ends while the engine thinks.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <variant>

namespace boardroom::bots {

using steady_clock = std::chrono::steady_clock;

class engine_process {
 public:
  // Starts `command`; throws engine_failure when it cannot be started. `verbose`: every line
  // both ways is copied to stderr ("> go", "< bestmove ...").
  engine_process(std::string command, bool verbose);
  ~engine_process();  // ends the engine (see finish()) if still running
  engine_process(const engine_process&) = delete;
  engine_process& operator=(const engine_process&) = delete;

  // Writes one line (a newline is added). Throws engine_failure when the engine has gone.
  void send(const std::string& line);

  struct line {
    std::string text;
  };
  struct timed_out {};
  struct interrupted {};  // `watch_fd` became readable first
  using read_result = std::variant<line, timed_out, interrupted>;
  // The next line the engine writes (without the line end), until `deadline`; `watch_fd` (the
  // server's connection, or -1) interrupts the wait when readable. Throws engine_failure when
  // the engine's output ends (it exited or closed it), stop_requested on a signal.
  read_result read_line(steady_clock::time_point deadline, int watch_fd = -1);

  // Ends the engine: closes its input (after a `quit` the caller may have sent), waits up to
  // `grace` for it to exit, then sends SIGTERM to its process group, then SIGKILL. Returns how
  // it ended ("exited with status 0", "killed by signal 9").
  std::string finish(std::chrono::milliseconds grace);

  // How the engine ended, once it has (a non-blocking check); nullopt while it runs.
  std::optional<std::string> exit_status();

 private:
  std::string command_;
  bool verbose_;
  pid_t pid_ = -1;
  int to_engine_ = -1;
  int from_engine_ = -1;
  std::string buffer_;  // read but not yet returned
  bool output_ended_ = false;
  std::optional<int> wait_status_;

  std::string describe_end();
};

}  // namespace boardroom::bots
