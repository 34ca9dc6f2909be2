#!/usr/bin/env bash
# `analyze --batch` reads its folder's bundles and nothing else, and writes only its own folder:
# -o inside a bundle is refused (no bundle dropped, nothing written into it); a symlink in the
# folder is not followed; names that are not UTF-8 are read (as arguments too); the folder's
# name is escaped in summary.md and masked by --redact.
# Usage: batch_safety.sh GPUTRIAGE SOURCE_DIR WORK_DIR
set -u
exe=$1 src=$2 work=$3/batch-safety
seed=$src/tests/data/seed/seed-article.log
xid='Nov 30 08:15:02 node17 kernel: NVRM: Xid (PCI:0000:86:00): 79, pid=1234, name=python, GPU has fallen off the bus.'
rm -rf "$work" && mkdir -p "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# 17. -o inside a bundle of the batch folder: refused, the bundle unchanged.
in=$work/in
mkdir -p "$in/node-a" "$in/node-b"
cp "$seed" "$in/node-a/"
echo "$xid" >"$in/node-b/kern.log"
before=$(find "$in" | sort)
"$exe" analyze --batch "$in" -o "$in/node-b/reports" >/dev/null 2>"$work/err.txt"
rc=$?
[ $rc -eq 2 ] && grep -q "inside the bundle" "$work/err.txt" || fail "-o inside a bundle: exit $rc, $(cat "$work/err.txt")"
[ "$(find "$in" | sort)" = "$before" ] || fail "-o inside a bundle wrote into it"
ln -s "$in/node-b" "$work/link-to-b"
"$exe" analyze --batch "$in" -o "$work/link-to-b/reports" >/dev/null 2>"$work/err.txt"
rc=$?
[ $rc -eq 2 ] && [ ! -e "$in/node-b/reports" ] || fail "-o through a symlink into a bundle: exit $rc"
rm "$work/link-to-b"
# A folder of its own directly in DIR or outside it is fine, and every bundle is in the summary.
for out in "$in/reports" "$work/out"; do
    "$exe" analyze --batch "$in" -o "$out" --format json --deterministic --fail-on critical >/dev/null 2>"$work/err.txt"
    rc=$?
    [ $rc -eq 1 ] && grep -q '"bundle": "node-b"' "$out/summary.json" || fail "-o $out: exit $rc, node-b missing"
done
rm -rf "$in/reports" "$work/out"

# 24. A symlink inside DIR is not followed (to a file or a folder outside it).
mkdir -p "$work/outside"
echo "$xid" >"$work/outside/secret.log"
ln -s "$work/outside/secret.log" "$in/link.log"
ln -s "$work/outside" "$in/link-dir"
"$exe" analyze --batch "$in" -o "$work/out" --format json --deterministic >/dev/null 2>"$work/err.txt"
grep -q '"bundle": "link' "$work/out/summary.json" && fail "--batch followed a symlink"
grep -q "link.log: a symbolic link, not followed" "$work/err.txt" || fail "no note for the symlink: $(cat "$work/err.txt")"
grep -q "link-dir: a symbolic link" "$work/out/summary.md" || fail "summary.md does not say the symlink was not read"
rm -rf "$in/link.log" "$in/link-dir" "$work/out"

# 23. Names that are not UTF-8: found by --batch, and given as arguments.
bad=$(printf 'caf\xe9')
mkdir -p "$in/node-$bad"
echo "$xid" >"$in/node-$bad/kern-$bad.log"
echo "$xid" >"$work/file-$bad.log"
"$exe" analyze --batch "$in" -o "$work/out" --format json --deterministic >/dev/null 2>"$work/err.txt"
python3 - "$work/out/summary.json" <<'PY' || fail "--batch: the bundle named in Latin-1 was not read"
import json, sys
rows = {r["bundle"]: r for r in json.load(open(sys.argv[1]))["bundles"]}
r = rows.get("node-caf\ufffd")
sys.exit(0 if r and r["critical"] == 1 else 1)
PY
out=$("$exe" analyze "$work/file-$bad.log" "$in/node-$bad" --format json --deterministic 2>"$work/err.txt")
rc=$?
echo "$out" | python3 -c '
import json, sys
r = json.load(sys.stdin)
xid = [f for f in r["findings"] if ".xid." in f["rule"]]
paths = sorted(i["path"] for i in r["inputs"])
sys.exit(0 if xid and xid[0]["count"] == 2 and all("\ufffd" in p for p in paths) else 1)' ||
    fail "arguments not UTF-8: exit $rc, $(echo "$out" | head -c 600) $(cat "$work/err.txt")"
grep -q "no such file" "$work/err.txt" && fail "arguments not UTF-8: no such file"
rm -rf "$in/node-$bad" "$work/out"

# 27, 31. The folder's name: no live link in summary.md; masked by --redact.
evil="$work/[x](javascript:alert(1))"
mkdir -p "$evil" && cp -r "$in/node-a" "$evil/"
"$exe" analyze --batch "$evil" -o "$work/out" --format markdown --deterministic >/dev/null 2>&1
grep -q '[^\]](javascript:' "$work/out/summary.md" && fail "summary.md has a live javascript: link"
named="$work/batch-10.20.30.40"
mkdir -p "$named" && cp -r "$in/node-a" "$named/"
"$exe" analyze --batch "$named" -o "$work/out2" --format json --deterministic --redact >/dev/null 2>&1
grep -rq '10\.20\.30\.40' "$work/out2" && fail "--redact kept the batch folder's name"
grep -q 'batch-\\\[ip' "$work/out2/summary.md" || fail "summary.md does not show the masked folder name"

# 32. With --redact, problems do not quote the engineer's home folder.
home=$work/home/alice
mkdir -p "$home"
HOME=$home "$exe" analyze "$seed" "$home/missing.log" --format json --deterministic --redact \
    --rules "$home/no-rules.yaml" >"$work/redacted.json" 2>/dev/null
grep -q "$home" "$work/redacted.json" && fail "--redact: the home folder is in the report: $(grep "$home" "$work/redacted.json" | head -3)"

[ $failures -eq 0 ] && echo "batch safety: all checks passed"
exit $((failures > 0))
