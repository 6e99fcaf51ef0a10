#!/usr/bin/env bash
# The server's instructions per move under callgrind: a count that does not move with whatever
# else the machine is doing, so it tells changes of a few per cent that the CPU time of a run
# (bench/compare.sh) cannot. User-space instructions only: the kernel's part of a move (its
# sends, reads and fsyncs) is not counted. The server runs under valgrind, the load generator at
# 10 rooms warms it up, then its counters are zeroed and a second run of the load is counted.
# Usage: bench/instructions.sh [build dir] [seconds] [output file]
#   e.g. bench/instructions.sh build/release 20 /tmp/moves.callgrind
#        callgrind_annotate --inclusive=yes /tmp/moves.callgrind.1 | head -60   # where they go
set -euo pipefail
build=${1:-build/release}
seconds=${2:-20}
out=${3:-$(mktemp -u /tmp/boardroom-callgrind.XXXXXX)}
bin=$build/boardroom
data=$(mktemp -d)
port=18790
command -v valgrind > /dev/null || { echo "valgrind is needed (apt install valgrind)"; exit 2; }

valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" serve --host 127.0.0.1 \
  --port $port --threads 1 --data-dir "$data" --log-level warn --requests-per-second 100000 \
  --request-burst 100000 --rooms-per-identity 100000 --exempt 127.0.0.1 > "$data/log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null || true; wait $server 2> /dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 150); do grep -q listening "$data/log" && break; sleep 0.2; done
grep -q listening "$data/log" || { cat "$data/log"; exit 1; }
moves() { curl -s "localhost:$port/metrics" | awk '/^boardroom_moves_total/ {print $2}'; }

"$bin" load --port $port --seconds 4 --warmup 0 --game amazons --rooms 10 > /dev/null
before=$(moves)
callgrind_control -z "$server" > "$data/control" 2>&1 || { cat "$data/control"; exit 1; }
"$bin" load --port $port --seconds "$seconds" --warmup 0 --game amazons --rooms 10 > /dev/null
callgrind_control -d "$server" > "$data/control" 2>&1 || { cat "$data/control"; exit 1; }
after=$(moves)
total=$(callgrind_annotate "$out.1" 2> /dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
moved=$((after - before))
[ -n "$total" ] && [ "$moved" -gt 0 ] || { echo "nothing counted: $moved moves, '$total' instructions"; exit 1; }
echo "moves $moved, instructions per move $((total / moved)) ($out.1)"
