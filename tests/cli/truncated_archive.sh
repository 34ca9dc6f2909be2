#!/usr/bin/env bash
# A must-gather .tar.gz and a single .gz cut short: analyze reads every file before the cut and
# the part of the cut one that decompresses, and names the archive and where it was cut.
# Usage: truncated_archive.sh GPUTRIAGE SOURCE_DIR WORK_DIR
set -u
exe=$1 src=$2 work=$3/truncated-archive
rm -rf "$work" && mkdir -p "$work/must-gather/pods"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

for i in 1 2 3 4 5 6; do
    for n in $(seq 1 60); do
        echo "2026-11-30T10:00:$((n % 60))Z I1130 pod$i step $n token $(( (n * 7919 + i * 104729) % 1000003 ))"
    done >"$work/must-gather/pods/pod$i.log"
done
cat "$src/tests/data/seed/seed-article.log" >>"$work/must-gather/pods/pod1.log"
tar -C "$work" -czf "$work/whole.tar.gz" must-gather/pods
size=$(stat -c %s "$work/whole.tar.gz")
head -c $((size * 8 / 10)) "$work/whole.tar.gz" >"$work/cut.tar.gz"
cut=$(stat -c %s "$work/cut.tar.gz")

"$exe" analyze "$work/cut.tar.gz" --format json --deterministic >"$work/cut.json" 2>"$work/err.txt"
rc=$?
[ $rc -eq 2 ] || fail "a damaged archive exits $rc, not 2"
read_files=$(grep -A1 '"lines": [1-9]' "$work/cut.json" | grep -c '"path": "cut.tar.gz!must-gather/pods/pod')
[ "$read_files" -ge 5 ] || fail "$read_files files read from the cut archive, expected at least 5"
grep -q "cut.tar.gz: cut short: its gzip stream ends after $cut bytes; read up to must-gather/pods/pod[0-9].log, which is cut off" "$work/err.txt" ||
    fail "the cut is not named: $(cat "$work/err.txt")"
grep -q '"rule": "cuda.forward-compat' "$work/cut.json" || fail "the seed before the cut is not found"

gzip -c "$work/must-gather/pods/pod1.log" >"$work/whole.log.gz"
head -c $(( $(stat -c %s "$work/whole.log.gz") * 8 / 10 )) "$work/whole.log.gz" >"$work/cut.log.gz"
"$exe" analyze "$work/cut.log.gz" --format json --deterministic >"$work/single.json" 2>"$work/err.txt"
grep -q 'cut.log.gz: cut short: its gzip stream ends after [0-9]* bytes; the first [0-9]* bytes of its content are read' "$work/err.txt" ||
    fail "the cut .gz is not named: $(cat "$work/err.txt")"
lines=$(sed -n 's/.*"lines": \([0-9]*\).*/\1/p' "$work/single.json" | head -1)
[ "${lines:-0}" -gt 0 ] || fail "nothing read from the cut .gz"

[ $failures -eq 0 ] && echo "truncated archives: ok"
exit $((failures > 0))
