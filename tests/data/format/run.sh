#!/usr/bin/env bash
# Runs scripts/format --check with the repository's .clang-format on one case's file and checks
# the outcome: the clean case passes; the other fails, naming the file.
#   run.sh CASE EXPECT-REGEX WORK-DIR   (EXPECT-REGEX empty: the check must pass)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
case=$1 expect=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cp "$root/.clang-format" "$work/"
cp "$here/$case.cpp" "$work/"
status=0
output=$("$root/scripts/format" --check "$work/$case.cpp" 2>&1) || status=$?
if [ -z "$expect" ]; then
  [ "$status" = 0 ] || { printf 'case %s fails the check:\n%s\n' "$case" "$output"; exit 1; }
elif [ "$status" = 0 ]; then
  printf 'case %s passed the check:\n%s\n' "$case" "$output"
  exit 1
elif ! grep -Eq "$expect" <<<"$output"; then
  printf 'case %s failed without naming %s:\n%s\n' "$case" "$expect" "$output"
  exit 1
fi
rm -rf "$work"
