#!/usr/bin/env bash
# Two builds of the server under the same load, run alternately (A, B, A, B, ...) so that both
# see the same moments of a noisy machine: on a virtual machine one binary's CPU per move can vary
# by half from one run to the next, and only pairs taken side by side tell a change of a few per
# cent. Each run: a fresh data directory, the server on core 0 (`--threads 1`), the load
# generator on core 1, as bench/run_matrix.sh does. Prints one line per run and the medians.
# Usage: bench/compare.sh BUILD_A BUILD_B [PAIRS] [SECONDS] [load arguments...]
#   e.g. bench/compare.sh /tmp/before build/ci 7 10 --game amazons --rooms 100
set -euo pipefail
[ $# -ge 2 ] || { sed -n 2,9p "$0"; exit 2; }
a=$1
b=$2
pairs=${3:-5}
seconds=${4:-10}
shift $(($# < 4 ? $# : 4))
[ $# -gt 0 ] || set -- --game amazons --rooms 100
out=$(mktemp -d)
port=18600
ulimit -n "$(ulimit -Hn)"

. "$(dirname "$0")/pinned.sh"

for i in $(seq "$pairs"); do
  for side in A B; do
    build=$a; [ $side = B ] && build=$b
    { play_run "$build/boardroom" "$seconds" "$@" || true; } | sed "s/^{/{\"side\":\"$side\",/" >> "$out/runs.jsonl"
    tail -1 "$out/runs.jsonl" | python3 -c '
import json, sys
r = json.load(sys.stdin)
cpu, rtt = r["server"]["cpu_us_per_move"], r["rtt_ms"]
print(r["side"], "%.1f us/move" % cpu, "%.0f moves/s" % r["moves_per_second"],
      "p50 %.2f ms" % rtt["p50"], "p99 %.2f ms" % rtt["p99"])'
  done
done

python3 - "$out/runs.jsonl" "$a" "$b" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print(f"{'side':<5} {'CPU us/move (runs)':<60} {'median':>8} {'p50 ms':>8} {'p99 ms':>8}")
for side, build in (("A", sys.argv[2]), ("B", sys.argv[3])):
    mine = [r for r in runs if r["side"] == side]
    cpu = [r["server"]["cpu_us_per_move"] for r in mine]
    p50 = statistics.median(r["rtt_ms"]["p50"] for r in mine)
    p99 = statistics.median(r["rtt_ms"]["p99"] for r in mine)
    listed = ", ".join(f"{c:.1f}" for c in cpu)
    print(f"{side:<5} {listed:<60} {statistics.median(cpu):>8.1f} {p50:>8.2f} {p99:>8.2f}  {build}")
pairs = [(a["server"]["cpu_us_per_move"], b["server"]["cpu_us_per_move"])
         for a, b in zip([r for r in runs if r["side"] == "A"], [r for r in runs if r["side"] == "B"])]
lower = sum(1 for x, y in pairs if y < x)
print(f"B lower than A in {lower} of {len(pairs)} pairs")
PY
echo "raw runs: $out/runs.jsonl"
