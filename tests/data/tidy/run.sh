#!/usr/bin/env bash
# Runs scripts/tidy on a two-file core/ with one case's files laid over it and checks the
# outcome (../expect-outcome.sh): a case without an expectation passes (the clean fixture, code
# just within a limit); each other case fails, naming what it found.
#   run.sh CASE EXPECT-REGEX WORK-DIR   (EXPECT-REGEX empty: the check must pass)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case=$1 expect=$2 work=$3
rm -rf "$work"
mkdir -p "$work/build"
cp -r "$here/fixture" "$work/src"
[ "$case" = clean ] || cp -r "$here/cases/$case/." "$work/src/"
# The compile commands a CMake build would export, for the one source.
source=$work/src/core/text/fixture.cpp
cat >"$work/build/compile_commands.json" <<JSON
[{"directory": "$work/src",
  "arguments": ["c++", "-std=c++20", "-I$work/src/core", "-c", "$source", "-o", "fixture.o"],
  "file": "$source"}]
JSON
"$here/../expect-outcome.sh" "$case" "$expect" \
  "$here/../../../scripts/tidy" -p "$work/build" "$source"
rm -rf "$work"
