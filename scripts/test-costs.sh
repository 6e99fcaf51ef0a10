#!/usr/bin/env bash
# Writes tests/costs/PROFILE.txt from a build's measured test durations, so that a clean build's
# ctest starts the longest tests first (tests/CMakeLists.txt seeds them). Only tests of half a
# second or more matter to the order. Usage: scripts/test-costs.sh BUILD_DIR PROFILE
# (PROFILE: release, address or thread; e.g. scripts/test-costs.sh build/debug address).
set -euo pipefail
cd "$(dirname "$0")/.."
build=$1 profile=$2
data=$build/Testing/Temporary/CTestCostData.txt
[ -f "$data" ] || { echo "no $data: run ctest in $build first" >&2; exit 1; }
# Tests ctest still lists; the data keeps the departed ones too.
listed=$(ctest --test-dir "$build" -N | sed -n 's/^ *Test *#[0-9]*: \([^ ]*\).*/\1/p')
awk -v listed="$listed" '
  BEGIN { n = split(listed, names, "\n"); for (i = 1; i <= n; i++) keep[names[i]] = 1 }
  /^---/ { exit }
  NF == 3 && ($1 in keep) && $3 >= 0.5 { printf "%s 1 %.1f\n", $1, $3 }
' "$data" | sort -k3,3 -g -r > "tests/costs/$profile.txt"
echo "tests/costs/$profile.txt: $(wc -l < "tests/costs/$profile.txt") tests"
