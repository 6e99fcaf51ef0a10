#!/usr/bin/env bash
# Writes tests/costs/KIND.txt from a build's measured test durations, so that a clean build's
# ctest starts the longest tests first (tests/CMakeLists.txt seeds them). Only tests of half a
# second or more matter to the order. Usage: scripts/test-costs.sh BUILD_DIR KIND [CTEST_LOG]
# (KIND: release, address or thread; e.g. scripts/test-costs.sh build/debug address). With the
# output of a whole `ctest` run (CTEST_LOG), that run's times are taken; without it, ctest's own
# running averages, which remember a test's old speed for a while. The tests these files name run
# as ctest tests of their own; the rest of each suite as one (cmake/test_groups.cmake). To find a
# quick test that has become long, measure a build configured with -DBOARDROOM_TEST_GROUPS=OFF,
# where every test is its own.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$1 kind=$2 log=${3:-}
data=$build/Testing/Temporary/CTestCostData.txt
# Tests ctest still lists; the data keeps the departed ones too.
listed=$(ctest --test-dir "$build" -N | sed -n 's/^ *Test *#[0-9]*: \([^ ]*\).*/\1/p')
if [ -n "$log" ]; then
  # "12/899 Test #520: Name ......   Passed   10.10 sec"
  costs=$(sed -n 's/^ *[0-9]*\/[0-9]* Test *#[0-9]*: \([^ ]*\) .* Passed *\([0-9.]*\) sec$/\1 1 \2/p' "$log")
else
  [ -f "$data" ] || { echo "no $data: run ctest in $build first" >&2; exit 1; }
  costs=$(sed '/^---/,$d' "$data")
fi
awk -v listed="$listed" '
  BEGIN { n = split(listed, names, "\n"); for (i = 1; i <= n; i++) keep[names[i]] = 1 }
  NF == 3 && ($1 in keep) && $3 >= 0.5 { printf "%s 1 %.1f\n", $1, $3 }
' <<< "$costs" | sort -k3,3 -g -r > "tests/costs/$kind.txt"
echo "tests/costs/$kind.txt: $(wc -l < "tests/costs/$kind.txt") tests"
