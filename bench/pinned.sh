# Sourced by bench/run_matrix.sh, compare.sh, peer_compare.sh and instructions.sh: the server
# pinned to core 0 and the load generator to core 1, the server's rate limits high enough that it
# never refuses its own load.
# The caller sets $out (a scratch directory) and $port.

# `serve`'s flags for a measured run, besides --port and --data-dir.
serve_flags=(--host 127.0.0.1 --threads 1 --log-level warn --requests-per-second 100000
  --request-burst 100000 --rooms-per-identity 100000 --exempt 127.0.0.1)

start_server() {  # command...; returns once it listens (within $start_seconds), its pid in $pid
  taskset -c 0 "$@" > "$out/server.log" 2>&1 &
  pid=$!
  for _ in $(seq $((${start_seconds:-5} * 10))); do
    grep -q listening "$out/server.log" && return
    sleep 0.1
  done
  echo "server did not start" >&2
  exit 1
}

stop_server() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }

# One run on a fresh data directory: `BINARY serve --threads 1`, then `BINARY load` for SECONDS
# with the load's arguments; prints the load's JSON line.
play_run() {  # binary, seconds, load arguments...
  local bin=$1 seconds=$2
  shift 2
  local data
  data=$(mktemp -d)
  start_server "$bin" serve "${serve_flags[@]}" --port "$port" --data-dir "$data"
  local status=0
  taskset -c 1 "$bin" load --port "$port" --server-pid "$pid" --seconds "$seconds" --json "$@" ||
    status=$?
  stop_server
  rm -rf "$data"
  return $status
}

# The table of medians, one row per label in the order first seen, of a file of the load's JSON
# lines, each labelled ("label"). KiB per connection only where a run measured it (idle).
print_medians() {  # runs.jsonl
  python3 - "$1" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print(f"\n{'run':<28}{'moves/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'CPU us/move':>13}"
      f"{'user':>7}{'kernel':>8}{'KiB/conn':>10}")
for label in dict.fromkeys(r["label"] for r in runs):
    rs = [r for r in runs if r["label"] == label]
    med = lambda f: statistics.median(f(r) for r in rs)
    per_conn = med(lambda r: r["server"].get("rss_kib_per_connection", 0))
    print(f"{label:<28}{med(lambda r: r['moves_per_second']):>10.0f}"
          f"{med(lambda r: r['rtt_ms']['p50']):>9.3f}{med(lambda r: r['rtt_ms']['p99']):>9.3f}"
          f"{med(lambda r: r['server']['cpu_us_per_move']):>13.1f}"
          f"{med(lambda r: r['server'].get('cpu_user_us_per_move', 0)):>7.1f}"
          f"{med(lambda r: r['server'].get('cpu_kernel_us_per_move', 0)):>8.1f}"
          + (f"{per_conn:>10.1f}" if per_conn else ""))
PY
}
