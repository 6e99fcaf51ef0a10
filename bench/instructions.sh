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
counts=${3:-$(mktemp -u /tmp/boardroom-callgrind.XXXXXX)}
bin=$build/boardroom
out=$(mktemp -d)  # start_server's scratch directory
port=18790
command -v valgrind > /dev/null || { echo "valgrind is needed (apt install valgrind)"; exit 2; }
. "$(dirname "$0")/pinned.sh"
trap 'rm -rf "$out"' EXIT

# Under valgrind the server takes seconds to start.
start_seconds=30 start_server valgrind --tool=callgrind --callgrind-out-file="$counts" \
  "$bin" serve "${serve_flags[@]}" --port $port --data-dir "$out"
trap 'stop_server; rm -rf "$out"' EXIT
moves() { curl -s "localhost:$port/metrics" | awk '/^boardroom_moves_total/ {print $2}'; }

"$bin" load --port $port --seconds 4 --warmup 0 --game amazons --rooms 10 > /dev/null
before=$(moves)
callgrind_control -z "$pid" > "$out/control" 2>&1 || { cat "$out/control"; exit 1; }
"$bin" load --port $port --seconds "$seconds" --warmup 0 --game amazons --rooms 10 > /dev/null
callgrind_control -d "$pid" > "$out/control" 2>&1 || { cat "$out/control"; exit 1; }
after=$(moves)
total=$(callgrind_annotate "$counts.1" 2> /dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
moved=$((after - before))
[ -n "$total" ] && [ "$moved" -gt 0 ] || { echo "nothing counted: $moved moves, '$total' instructions"; exit 1; }
echo "moves $moved, instructions per move $((total / moved)) ($counts.1)"
