#pragma once
// The real `boardroom` executable run as a child process: a server on an ephemeral port, or a
// command whose output is captured.

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace boardroom::test {

struct child_server {
  pid_t pid = -1;
  std::uint16_t port = 0;
  int stdout_fd = -1;
};

// Starts `binary serve --host 127.0.0.1 --port 0 <args>` and reads the port from its first line;
// `env` is added to (or replaces in) the child's environment. With `max_descriptors`, the child's
// descriptor limit (soft and hard) is set to it first; with `log_file`, its standard error (the
// log) goes to that file.
child_server spawn_server(const std::string& binary, const std::vector<std::string>& args = {},
                          const std::vector<std::pair<std::string, std::string>>& env = {},
                          int max_descriptors = 0, const std::string& log_file = "");

// Sends `signal` (none when 0) and waits; returns the exit status as waitpid reports it.
int stop_server(child_server& server, int signal);

struct run_result {
  int status = -1;  // exit code
  std::string out;  // stdout and stderr together
};

// Runs `command` through the shell, capturing stdout and stderr.
run_result run_command(const std::string& command);

}  // namespace boardroom::test
