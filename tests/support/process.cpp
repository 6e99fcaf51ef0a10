#include "tests/support/process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>

namespace boardroom::test {

child_server spawn_server(const std::string& binary, const std::vector<std::string>& args,
                          const std::vector<std::pair<std::string, std::string>>& env,
                          int max_descriptors, const std::string& log_file) {
  // The child's environment is made before fork: between fork and exec only async-signal-safe
  // calls are allowed (other threads may hold the allocator's lock), and setenv allocates.
  std::vector<std::string> environment;
  for (char** e = environ; *e; ++e) {
    std::string entry = *e;
    bool replaced = false;
    for (const auto& variable : env)
      replaced = replaced || entry.starts_with(variable.first + "=");
    if (!replaced) environment.push_back(std::move(entry));
  }
  for (const auto& [name, value] : env)
    environment.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (auto& e : environment)
    envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> all{binary, "serve", "--host", "127.0.0.1", "--port", "0"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all)
    argv.push_back(a.data());
  argv.push_back(nullptr);

  int out[2];
  if (pipe(out) != 0) return {};
  // Close-on-exec: the child keeps only the copy dup2 makes for its standard error.
  const int log = log_file.empty()
                      ? -1
                      : open(log_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (!log_file.empty() && log < 0) {
    close(out[0]);
    close(out[1]);
    return {};
  }
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], STDOUT_FILENO);
    if (log >= 0) dup2(log, STDERR_FILENO);
    close(out[0]);
    if (max_descriptors > 0) {
      rlimit lim{static_cast<rlim_t>(max_descriptors), static_cast<rlim_t>(max_descriptors)};
      setrlimit(RLIMIT_NOFILE, &lim);
    }
    execve(binary.c_str(), argv.data(), envp.data());
    _exit(127);
  }
  close(out[1]);
  if (log >= 0) close(log);
  std::string line;
  char ch;
  while (read(out[0], &ch, 1) == 1 && ch != '\n')
    line += ch;
  child_server s{pid, 0, out[0]};
  auto colon = line.rfind(':');
  if (colon != std::string::npos)
    s.port = static_cast<std::uint16_t>(std::stoi(line.substr(colon + 1)));
  return s;
}

int stop_server(child_server& server, int signal) {
  if (server.pid <= 0) return -1;
  if (signal != 0) kill(server.pid, signal);
  int status = 0;
  waitpid(server.pid, &status, 0);
  if (server.stdout_fd >= 0) close(server.stdout_fd);
  server.pid = -1;
  return status;
}

run_result run_command(const std::string& command) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  run_result r;
  std::array<char, 4096> chunk{};
  while (std::size_t n = fread(chunk.data(), 1, chunk.size(), pipe))
    r.out.append(chunk.data(), n);
  r.status = WEXITSTATUS(pclose(pipe));
  return r;
}

}  // namespace boardroom::test
