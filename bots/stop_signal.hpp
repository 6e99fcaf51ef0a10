#pragma once
// SIGINT and SIGTERM as something to wait on: the handler writes to a pipe that every wait of the
// bridge polls besides the server's connection and the engine's output, so a signal ends a wait
// at once, wherever the bridge is waiting.

namespace boardroom::bots {

// Installs the handlers (and ignores SIGPIPE: a dead engine's pipe is an error to report, not a
// reason to die). Idempotent.
void install_stop_signals();
// Readable once a signal has arrived; -1 before install_stop_signals().
int stop_fd();
// The signal that arrived, 0 for none.
int stop_signal();
// Takes the signal as seen, so that the bridge can still talk while it winds down (resign, say
// goodbye); a later signal counts again.
void acknowledge_stop();

}  // namespace boardroom::bots
