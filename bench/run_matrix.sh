#!/usr/bin/env bash
# The standard load matrix: Amazons rooms of 2 players with 0 and 2 spectators (R = 10, 100, 1000),
# closed loop and think time, idle connections, and the bare echo baselines, each three times; the
# server and the load generator pinned to different cores; every run measured after the load
# generator's warm-up (2 s). Prints one JSON line per run and a table
# of medians. Loopback only. Usage: bench/run_matrix.sh [build dir] [seconds per run]
set -euo pipefail
build=${1:-build/release}
seconds=${2:-10}
bin=$build/boardroom
echo_bin=$build/bench/echo_server
out=$(mktemp -d)
port=18400
ulimit -n "$(ulimit -Hn)"

. "$(dirname "$0")/pinned.sh"

run() {  # $1: label; rest: load arguments
  local label=$1; shift
  for rep in 1 2 3; do
    play_run "$bin" "$seconds" "$@" | sed "s/^{/{\"label\":\"$label\",\"rep\":$rep,/" |
      tee -a "$out/runs.jsonl"
  done
}

for rooms in 10 100 1000; do
  for spectators in 0 2; do
    run "closed R=$rooms S=$spectators" --game amazons --rooms $rooms --spectators $spectators
  done
  run "think R=$rooms" --game amazons --rooms $rooms --think
done
run "idle N=10000" --mode idle --connections 10000

# The baselines: a bare Beast echo server, 100 connections in a closed loop (CPU per round trip)
# and 1000 connections with think time (the round trip of a light load on this machine).
echo_run() {  # $1: label; rest: load arguments
  local label=$1; shift
  for rep in 1 2 3; do
    start_server "$echo_bin" $port
    taskset -c 1 "$bin" load --mode echo --port $port --server-pid "$pid" --seconds "$seconds" \
      --json "$@" | sed "s/^{/{\"label\":\"$label\",\"rep\":$rep,/" | tee -a "$out/runs.jsonl"
    stop_server
  done
}
echo_run "echo R=100" --rooms 100
echo_run "echo think R=1000" --rooms 1000 --think

print_medians "$out/runs.jsonl"
echo "raw runs: $out/runs.jsonl"
