# Sourced by bench/run_matrix.sh and bench/compare.sh: the server pinned to core 0 and the load
# generator to core 1, the server's rate limits high enough that it never refuses its own load.
# The caller sets $out (a scratch directory) and $port.

start_server() {  # command...; returns once it listens, with its pid in $pid
  taskset -c 0 "$@" > "$out/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 50); do grep -q listening "$out/server.log" && return; sleep 0.1; done
  echo "server did not start" >&2
  exit 1
}

stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; }

# One run on a fresh data directory: `BINARY serve --threads 1`, then `BINARY load` for SECONDS
# with the load's arguments; prints the load's JSON line.
play_run() {  # binary, seconds, load arguments...
  local bin=$1 seconds=$2
  shift 2
  local data
  data=$(mktemp -d)
  start_server "$bin" serve --host 127.0.0.1 --port "$port" --threads 1 --data-dir "$data" \
    --log-level warn --requests-per-second 100000 --request-burst 100000 \
    --rooms-per-identity 100000 --exempt 127.0.0.1
  local status=0
  taskset -c 1 "$bin" load --port "$port" --server-pid "$pid" --seconds "$seconds" --json "$@" ||
    status=$?
  stop_server
  rm -rf "$data"
  return $status
}
