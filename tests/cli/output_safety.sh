#!/usr/bin/env bash
# Where a report goes, nothing else is lost: -o naming one of the process's own descriptors
# writes through it (">>" keeps the file's content), -o never replaces a rule file, and a write
# that fails (a full disk) exits 2 rather than leaving a cut report with exit 0.
# Usage: output_safety.sh GPUTRIAGE SOURCE_DIR WORK_DIR [gui]
set -u
exe=$1 src=$2 work=$3/output-safety gui=${4:-}
seed=$src/tests/data/seed/seed-article.log
rm -rf "$work" && mkdir -p "$work/xdg/gputriage/rules"
export XDG_CONFIG_HOME=$work/xdg
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

report=$("$exe" analyze "$seed" --format json --deterministic)
[ -n "$report" ] || fail "no report on stdout"

# 1. Own descriptors: appended through, the shell's lines kept in order.
for target in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
    out=$work/appended.txt
    printf 'earlier content\n' >"$out"
    { echo before; "$exe" analyze "$seed" --format json --deterministic -o "$target"; echo "rc=$?"; echo after; } >>"$out"
    expected=$(printf 'earlier content\nbefore\n%s\nrc=0\nafter' "$report")
    [ "$(cat "$out")" = "$expected" ] || fail "-o $target with >> lost or reordered content"
done
out=$work/stderr.txt
printf 'kept\n' >"$out"
"$exe" analyze "$seed" --format json --deterministic -o /dev/stderr 2>>"$out"
[ "$(head -1 "$out")" = kept ] && grep -q '"schema"' "$out" || fail "-o /dev/stderr replaced the file"
"$exe" analyze "$seed" -o /dev/fd/9 >/dev/null 2>"$work/err.txt"
[ $? -eq 2 ] && grep -q "not open" "$work/err.txt" || fail "-o a closed descriptor did not exit 2"

# 2. A rule file is never replaced by a report.
rules=$work/my-rules.yaml
cp "$src/tests/data/rules/broken.yaml" "$rules"
before=$(sha256sum <"$rules")
for args in "--rules $rules -o $rules" "--rules $work -o $work/report.txt" \
            "-o $XDG_CONFIG_HOME/gputriage/rules/report.yaml"; do
    # shellcheck disable=SC2086
    "$exe" analyze "$seed" $args >/dev/null 2>"$work/err.txt"
    rc=$?
    [ $rc -eq 2 ] && grep -q "refusing to write the report" "$work/err.txt" || fail "analyze $args: exit $rc"
done
[ "$(sha256sum <"$rules")" = "$before" ] || fail "the rule file was changed"
[ ! -e "$XDG_CONFIG_HOME/gputriage/rules/report.yaml" ] || fail "a report was written into the user rules folder"
"$exe" diff "$seed" "$seed" --rules "$rules" -o "$rules" >/dev/null 2>&1
[ $? -eq 2 ] || fail "diff -o the rule file did not exit 2"

# 3. Write errors exit 2, with a message.
if [ -w /dev/full ]; then
    for cmd in "analyze $seed --format json" "analyze $seed --format json -o /dev/full" "rules list" "--version" "--help" \
               "diff $seed $seed"; do
        # shellcheck disable=SC2086
        "$exe" $cmd >/dev/full 2>"$work/err.txt"
        rc=$?
        [ $rc -eq 2 ] && grep -qi "cannot write" "$work/err.txt" || fail "$cmd >/dev/full: exit $rc"
    done
fi

# 4. The application is chosen from the format that is used (the last one), in every spelling.
for args in "--format text --format pdf" "-format pdf" "--format=text --format=pdf"; do
    # shellcheck disable=SC2086
    "$exe" analyze "$seed" $args -o "$work/r.pdf" >/dev/null 2>"$work/err.txt"
    rc=$?
    if [ -n "$gui" ]; then
        [ $rc -eq 0 ] && [ "$(head -c 4 "$work/r.pdf")" = "%PDF" ] || fail "$args: exit $rc, no PDF"
    else
        [ $rc -eq 2 ] || fail "$args: exit $rc"
    fi
    rm -f "$work/r.pdf"
done

[ $failures -eq 0 ] && echo "output safety: all cases passed"
exit $((failures > 0))
