#!/usr/bin/env bash
# The soak run: a release server on a fresh data directory, 200 rooms of Amazons whose players
# think briefly, drop their connections at random and resume them, for 10 minutes. Prints the
# report and the verdict (every event seen exactly once by every client that resumed; the
# server's RSS at the end within 10 % of its RSS after two minutes); exits 1 when it fails.
# Not part of CI. Usage: bench/soak.sh [seconds] [build dir] [more load arguments...]
set -euo pipefail
seconds=${1:-600}
build=${2:-build/release}
shift $(($# < 2 ? $# : 2))
bin=$build/boardroom
out=$(mktemp -d)
port=18500
ulimit -n "$(ulimit -Hn)"

# Generous rate limits, as in bench/run_matrix.sh: the run is about drops and memory, not about
# the server refusing its own clients.
"$bin" serve --host 127.0.0.1 --port $port --data-dir "$out/data" --log-level warn \
  --requests-per-second 100000 --request-burst 100000 --rooms-per-identity 100000 \
  --exempt 127.0.0.1 > "$out/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null || true; rm -rf "$out"' EXIT
for _ in $(seq 50); do grep -q listening "$out/server.log" && break; sleep 0.1; done
grep -q listening "$out/server.log" || { echo "server did not start" >&2; exit 1; }

echo "boardroom load --mode soak --seconds $seconds --rooms 200 --server-pid $pid $*"
status=0
"$bin" load --mode soak --port $port --seconds "$seconds" --rooms 200 --server-pid "$pid" "$@" \
  || status=$?
[ $status -eq 0 ] && echo "soak: PASS" || echo "soak: FAIL"
exit $status
