#!/usr/bin/env bash
# boardroom against a hand-written Node.js `ws` Amazons server (bench/peers/node-ws-amazons), the
# fastest of the peers in the issue that set the server's targets, under one load generator: the
# same players, the same random legal games, the server on core 0 and the load on core 1, closed
# loop at 10, 100 and 1000 rooms. Runs alternate (peer, boardroom --sync full, boardroom --sync
# normal, a bare Beast echo) so that all see the same moments of a noisy machine. Prints one line
# per run and the medians of server CPU per move (per round trip for the echo).
# Needs Node.js and npm (the peer's one dependency, `ws`, is installed on first use).
# Usage: bench/peer_compare.sh [build dir] [rounds] [seconds per run]
set -euo pipefail
build=${1:-build/release}
rounds=${2:-3}
seconds=${3:-10}
bin=$build/boardroom
peer=$(cd "$(dirname "$0")/peers/node-ws-amazons" && pwd)
out=$(mktemp -d)
port=18500
ulimit -n "$(ulimit -Hn)"
[ -d "$peer/node_modules/ws" ] || npm ci --prefix "$peer" --no-audit --no-fund > /dev/null

. "$(dirname "$0")/pinned.sh"
trap 'stop_server 2> /dev/null || true' EXIT

record() {  # label: the load's JSON line on stdin, labelled, into runs.jsonl and a line printed
  sed "s/^{/{\"label\":\"$1\",/" | tee -a "$out/runs.jsonl" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
cpu, rtt = r["server"]["cpu_us_per_move"], r["rtt_ms"]
print("%-28s %7.1f us (kernel %5.1f) %8.0f/s  p50 %.2f ms  p99 %.2f ms"
      % (r["label"], cpu, r["server"]["cpu_kernel_us_per_move"], r["moves_per_second"],
         rtt["p50"], rtt["p99"]))'
}
load() { taskset -c 1 "$bin" load --port $port --server-pid "$pid" --seconds "$seconds" --json "$@"; }

for round in $(seq "$rounds"); do
  for rooms in 10 100 1000; do
    start_server node "$peer/server.js" $port
    load --game amazons --rooms $rooms | record "node ws R=$rooms"
    stop_server
    for sync in full normal; do
      data=$(mktemp -d)
      start_server "$bin" serve "${serve_flags[@]}" --port $port --data-dir "$data" --sync $sync
      load --game amazons --rooms $rooms | record "boardroom $sync R=$rooms"
      stop_server
      rm -rf "$data"
    done
  done
  start_server "$build/bench/echo_server" $port
  load --mode echo --rooms 100 | record "echo R=100"
  stop_server
done

print_medians "$out/runs.jsonl"
echo "raw runs: $out/runs.jsonl"
