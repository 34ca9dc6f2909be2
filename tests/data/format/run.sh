#!/usr/bin/env bash
# Runs scripts/format --check with the repository's .clang-format on one case's file and checks
# the outcome (../expect-outcome.sh): the clean case passes; the other fails, naming the file.
#   run.sh CASE EXPECT-REGEX WORK-DIR   (EXPECT-REGEX empty: the check must pass)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
case=$1 expect=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cp "$root/.clang-format" "$work/"
cp "$here/$case.cpp" "$work/"
"$here/../expect-outcome.sh" "$case" "$expect" "$root/scripts/format" --check "$work/$case.cpp"
rm -rf "$work"
