#!/usr/bin/env bash
# Checks that the ctest tests declared for each GoogleTest binary (cmake/test_groups.cmake: a long
# test on its own, the quick rest of its suite together) run every test of the binary exactly once:
# none left out, none run twice. Usage: check_test_groups.sh TESTS_DIR BINARY_NAME...
set -euo pipefail
dir=$1
shift
# "Suite." lines, then the suite's tests indented by two spaces: one full name a line.
full_names() { awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1 }'; }
failed=0
for name in "$@"; do
  binary=$dir/$name declared=$dir/${name}_tests.cmake
  [ -f "$declared" ] || { echo "$name: $declared is missing"; failed=1; continue; }
  "$binary" --gtest_list_tests | full_names | sort > "$dir/$name.all"
  : > "$dir/$name.run"
  while IFS= read -r filter; do
    "$binary" --gtest_filter="$filter" --gtest_list_tests | full_names >> "$dir/$name.run"
  done < <(grep -o -- '--gtest_filter=[^]]*' "$declared" | sed 's/^--gtest_filter=//')
  sort -o "$dir/$name.run" "$dir/$name.run"
  if ! diff -u "$dir/$name.all" "$dir/$name.run" > "$dir/$name.diff"; then
    echo "$name: the declared tests do not run each test once (- left out, + run twice):"
    grep '^[-+][^-+]' "$dir/$name.diff" | head -20
    failed=1
  else
    echo "$name: $(wc -l < "$dir/$name.all") tests in $(grep -c '^add_test' "$declared") ctest tests"
  fi
  rm -f "$dir/$name.all" "$dir/$name.run" "$dir/$name.diff"
done
exit "$failed"
