#!/usr/bin/env bash
# What goes to the terminal is shown, never obeyed: escape sequences, bells and bidi controls in
# bundle names, rule titles and rule diagnostics reach stdout escaped, from every command that
# prints text (the --batch summary, rules list/check/test, diff, the text report).
# Usage: terminal_safety.sh GPUTRIAGE SOURCE_DIR WORK_DIR
set -u
exe=$1 work=$3/terminal-safety
rm -rf "$work" && mkdir -p "$work/xdg" "$work/batch"
export XDG_CONFIG_HOME=$work/xdg
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# ESC, BEL, C1 CSI, and the bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069).
raw() { LC_ALL=C grep -qaP '\x1b|\x07|\xc2\x9b|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]' "$1"; }
check() { # NAME FILE: FILE has output, none of it raw
    [ -s "$2" ] || fail "$1: no output"
    if raw "$2"; then fail "$1: raw control characters on stdout"; fi
}

hostile="x$(printf '\033]0;pwned\007\033[31m\342\200\256')gol"
cat >"$work/hostile.yaml" <<'YAML'
schema: gputriage/rules/v1
pack: hostile
version: 1.0.0
rules:
  - id: user.hostile
    title: "Marker \e]0;pwned\a\e[2J\u202Egol.exe"
    severity: warning
    "colour\e[31mkey": 1
    match:
      pattern: 'hostile marker'
    examples:
      - log: "hostile marker"
        expect: match
YAML
line="NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=a, GPU has fallen off the bus. hostile marker"
echo "$line" >"$work/batch/node-$hostile.log"
echo "$line" >"$work/a-$hostile.log"
echo "nothing" >"$work/b-$hostile.log"
rules=(--rules "$work/hostile.yaml")
# The rules commands see the hostile pack alone: testing the shipped pack's examples as well takes
# minutes under the sanitizers and prints nothing hostile.
own=(--no-default-rules "${rules[@]}")

"$exe" rules list "${own[@]}" >"$work/list.txt" 2>/dev/null
check "rules list" "$work/list.txt"
"$exe" rules check "${own[@]}" >"$work/check.txt" 2>/dev/null
check "rules check" "$work/check.txt"
grep -q 'colour\\x1b\[31mkey' "$work/check.txt" || fail "rules check: the unknown key is not shown"
"$exe" rules test "${own[@]}" >"$work/test.txt" 2>/dev/null
check "rules test" "$work/test.txt"
"$exe" analyze --batch "$work/batch" -o "$work/out" "${rules[@]}" >"$work/batch.txt" 2>/dev/null
check "analyze --batch" "$work/batch.txt"
grep -q 'node-x\\x1b' "$work/batch.txt" || fail "analyze --batch: the bundle name is not shown"
"$exe" diff "$work/a-$hostile.log" "$work/b-$hostile.log" "${rules[@]}" >"$work/diff.txt" 2>/dev/null
check "diff" "$work/diff.txt"
"$exe" analyze "$work/a-$hostile.log" "${rules[@]}" >"$work/report.txt" 2>/dev/null
check "analyze" "$work/report.txt"

[ $failures -eq 0 ] && echo "terminal safety: all cases passed"
exit $((failures > 0))
