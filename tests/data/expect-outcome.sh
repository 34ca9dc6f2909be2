#!/usr/bin/env bash
# Runs a check on one fixture case and says whether it ended as the case expects: a case
# without an expectation must pass; any other must fail with output matching EXPECT-REGEX
# (naming what it found). Shared by the tidy.* and format.* tests (tests/data/*/run.sh).
#   expect-outcome.sh CASE EXPECT-REGEX COMMAND [ARG...]   (EXPECT-REGEX empty: must pass)
set -euo pipefail
case=$1 expect=$2
shift 2
status=0
output=$("$@" 2>&1) || status=$?
if [ -z "$expect" ]; then
  [ "$status" = 0 ] || { printf 'case %s fails the check:\n%s\n' "$case" "$output"; exit 1; }
elif [ "$status" = 0 ]; then
  printf 'case %s passed the check:\n%s\n' "$case" "$output"
  exit 1
elif ! grep -Eq -- "$expect" <<<"$output"; then
  printf 'case %s failed without naming %s:\n%s\n' "$case" "$expect" "$output"
  exit 1
fi
