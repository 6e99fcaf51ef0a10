#!/usr/bin/env bash
# Builds the libFuzzer targets (the `debug` preset: clang, ASan + UBSan) and runs each for a bounded
# time, starting from the seed corpora in fuzz/corpus/ (as many targets at once as there are cores). New
# inputs go to a temporary folder, not the repository.
# A crash stops the run with the reproducer's path. Usage: fuzz/run.sh [seconds per target]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}

bash scripts/install-deps.sh
cmake --preset debug >/dev/null
cmake --build build/debug -j "$(nproc)" --target engine_fuzz protocol_fuzz

work=$(mktemp -d)
# One target: its log and its count of executions in $work; fails with the reproducer's path.
fuzz_one() {
  local target=$1 binary=build/debug/fuzz/engine_fuzz
  [ "$target" = protocol ] && binary=build/debug/fuzz/protocol_fuzz
  mkdir -p "$work/$target"
  if ! BOARDROOM_FUZZ_GAME=$target "$binary" -max_total_time="$seconds" -print_final_stats=1 \
      -artifact_prefix="$work/$target-" -rss_limit_mb=2048 "$work/$target" "fuzz/corpus/$target" \
      > "$work/$target.log" 2>&1; then
    tail -40 "$work/$target.log"
    echo "fuzz: $target failed; reproducer: $(ls "$work/$target-"* 2>/dev/null | head -1)" >&2
    return 1
  fi
}
# Every target has a seed corpus of its own name: the protocol's, and each game's, which the one
# engine binary fuzzes when BOARDROOM_FUZZ_GAME names it. As many run at once as there are cores:
# each is one process on one core.
targets=()
for corpus in fuzz/corpus/*/; do targets+=("$(basename "$corpus")"); done
cores=$(nproc)
failed=0
for ((i = 0; i < ${#targets[@]}; i += cores)); do
  pids=()
  for target in "${targets[@]:i:cores}"; do
    fuzz_one "$target" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" = 0 ] || exit 1
done
total=0
for target in "${targets[@]}"; do
  runs=$(grep -o 'number_of_executed_units: [0-9]*' "$work/$target.log" | grep -o '[0-9]*$')
  echo "fuzz: $target: $runs executions in $seconds s, no failure"
  total=$((total + runs))
done
echo "fuzz: $total executions in all"
rm -rf "$work"
