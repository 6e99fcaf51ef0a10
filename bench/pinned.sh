# Sourced by bench/run_matrix.sh, bench/compare.sh and bench/instructions.sh: the server pinned
# to core 0 and the load generator to core 1, the server's rate limits high enough that it never
# refuses its own load.
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
