#!/usr/bin/env bash
# Builds the libFuzzer targets (the `debug` preset: clang, ASan + UBSan) and runs each for a bounded
# time, starting from the seed corpora in fuzz/corpus/. New inputs go to a temporary folder, not the repository.
# A crash stops the run with the reproducer's path. Usage: fuzz/run.sh [seconds per target]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}

bash scripts/install-deps.sh
cmake --preset debug >/dev/null
cmake --build build/debug -j "$(nproc)" --target engine_fuzz protocol_fuzz

work=$(mktemp -d)
total=0
# Every target has a seed corpus of its own name: the protocol's, and each game's, which the one
# engine binary fuzzes when BOARDROOM_FUZZ_GAME names it.
for corpus in fuzz/corpus/*/; do
  target=$(basename "$corpus")
  mkdir -p "$work/$target"
  log="$work/$target.log"
  binary=build/debug/fuzz/engine_fuzz
  [ "$target" = protocol ] && binary=build/debug/fuzz/protocol_fuzz
  if ! BOARDROOM_FUZZ_GAME=$target "$binary" -max_total_time="$seconds" -print_final_stats=1 \
      -artifact_prefix="$work/$target-" -rss_limit_mb=2048 "$work/$target" "fuzz/corpus/$target" \
      > "$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz: $target failed; reproducer: $(ls "$work/$target-"* 2>/dev/null | head -1)" >&2
    exit 1
  fi
  runs=$(grep -o 'number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$')
  echo "fuzz: $target: $runs executions in $seconds s, no failure"
  total=$((total + runs))
done
echo "fuzz: $total executions in all"
rm -rf "$work"
