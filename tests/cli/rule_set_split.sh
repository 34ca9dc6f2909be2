#!/usr/bin/env bash
# A user pack whose patterns RE2 cannot compile into one set together (8 bounded repeats of
# Unicode classes) silences no rule: an Xid 79 is still found, and `rules check` and the
# analysis both say the patterns were split.
# Usage: rule_set_split.sh GPUTRIAGE WORK_DIR
set -u
exe=$1 work=$2/rule-set-split
rm -rf "$work" && mkdir -p "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

pack=$work/heavy.yaml
printf 'schema: gputriage/rules/v1\npack: heavy\nversion: 1.0.0\nrules:\n' >"$pack"
for i in 0 1 2 3 4 5 6 7; do
    cat >>"$pack" <<YAML
  - id: user.heavy$i
    title: Heavy $i
    severity: warning
    match:
      pattern: 'job$i name: [\pL\pN _.-]{1,200} done'
    examples:
      - log: "job$i name: abc done"
        expect: match
YAML
done
echo "Dec  3 10:00:00 node1 kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the bus." >"$work/kern.log"

"$exe" rules check --rules "$pack" >"$work/check.txt" 2>&1
rc=$?
[ $rc -eq 0 ] || fail "rules check: exit $rc"
grep -q "heavy.yaml:5: warning: the rules' patterns are too large together" "$work/check.txt" \
    || fail "rules check does not say the patterns were split: $(cat "$work/check.txt")"
"$exe" analyze "$work/kern.log" --rules "$pack" --format json --fail-on critical >"$work/report.json" 2>"$work/err.txt"
rc=$?
[ $rc -eq 1 ] || fail "analyze --fail-on critical: exit $rc"
grep -q '"rule": "gpu.xid.79-fallen-off-bus"' "$work/report.json" || fail "the Xid 79 was not found"
grep -q "too large together" "$work/report.json" || fail "the report does not say the patterns were split"

[ $failures -eq 0 ] && echo "rule set split: all cases passed"
exit $((failures > 0))
