#!/usr/bin/env bash
# A cluster on this machine, measured: PostgreSQL (tests/support/postgres.sh) and redis-server of
# its own, NODES nodes of the release build (one io thread each, --sync normal), and one
# `boardroom load` per node playing its share of ROOMS closed-loop Amazons rooms for 10 s.
# Prints moves/s (summed), the median of the loads' p50 and the worst p99, and the nodes' CPU per
# move. NODES=0 runs one lone server on the same PostgreSQL instead (no Redis), for comparison.
#   bash bench/cluster_load.sh NODES ROOMS [BUILD_DIR]
set -euo pipefail
nodes=$1
rooms=$2
build=${3:-build/release}
cd "$(dirname "$0")/.."
boardroom=$build/boardroom
work=$(mktemp -d /tmp/boardroom-cluster.XXXXXX)
pids=()
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  bash tests/support/postgres.sh stop "$work/pg"
  rm -rf "$work"
}
trap cleanup EXIT

bash tests/support/postgres.sh start "$work/pg"
store=$(cat "$work/pg/url")
cluster=()
count=$nodes
if [ "$nodes" -gt 0 ]; then
  redis-server --port 0 --unixsocket "$work/redis.sock" --save "" --appendonly no --dir "$work" \
    --logfile "$work/redis.log" &
  pids+=($!)
  cluster=(--redis "unix:$work/redis.sock")
else
  count=1
fi
for ((i = 0; i < count; i++)); do
  mkdir -p "$work/node$i"
  "$boardroom" serve --host 127.0.0.1 --port 0 --threads 1 --log-level warn --exempt 127.0.0.1 \
    --data-dir "$work/node$i" --store "$store" --sync normal "${cluster[@]}" >"$work/node$i.out" &
  pids+=($!)
done
ports=()
for ((i = 0; i < count; i++)); do
  for _ in $(seq 100); do
    grep -q "listening on" "$work/node$i.out" 2>/dev/null && break
    sleep 0.05
  done
  ports+=("$(grep -o 'listening on [0-9.]*:[0-9]*' "$work/node$i.out" | cut -d: -f2)")
done
node_pids=("${pids[@]: -$count}")
loads=()
for ((i = 0; i < count; i++)); do
  "$boardroom" load --port "${ports[$i]}" --server-pid "${node_pids[$i]}" --seconds 10 --json \
    --game amazons --rooms $((rooms / count)) >"$work/load$i.json" &
  loads+=($!)
done
wait "${loads[@]}"
python3 - "$work" "$count" "$nodes" <<'PY'
import json, sys
work, n, nodes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = [json.load(open(f"{work}/load{i}.json")) for i in range(n)]
moves = sum(r["moves_per_second"] for r in runs)
p50 = sorted(r["rtt_ms"]["p50"] for r in runs)[n // 2]
p99 = max(r["rtt_ms"]["p99"] for r in runs)
cpu = sum(r["server"]["cpu_us_per_move"] * r["moves_per_second"] for r in runs) / moves
label = "lone server" if nodes == 0 else f"{n} nodes"
print(f"{label}: {moves:.0f} moves/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
      f"{cpu:.0f} us of node CPU per move")
PY
