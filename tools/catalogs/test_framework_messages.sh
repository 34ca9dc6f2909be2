#!/usr/bin/env bash
# Regenerates the framework message catalogs of tests/data/catalogs/framework-fixture and diffs
# them with its expected/ outputs; exits 1 on any difference. --update rewrites expected/
# (review the diff before committing). Also checks that the shipped framework and hand-written
# catalogs are well-formed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fixture=$root/tests/data/catalogs/framework-fixture
gen=$here/gen_framework_messages.py
update=0
[ "${1:-}" = "--update" ] && update=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

for comp in pytorch tensorflow xla jax; do
    if ! python3 "$gen" --component "$comp" -o "$tmp/$comp.json" \
        --version fixture "$fixture/src/$comp" 2>"$tmp/$comp.err"; then
        echo "FAIL $comp: generator failed"; cat "$tmp/$comp.err"; fail=$((fail + 1)); continue
    fi
    [ $update = 1 ] && cp "$tmp/$comp.json" "$fixture/expected/$comp.json"
    if diff -u "$fixture/expected/$comp.json" "$tmp/$comp.json"; then
        echo "PASS $comp"; pass=$((pass + 1))
    else
        echo "FAIL $comp: output differs from expected/$comp.json"; fail=$((fail + 1))
    fi
done

# Deterministic: a second run gives the same bytes.
python3 "$gen" --component pytorch -o "$tmp/again.json" --version fixture "$fixture/src/pytorch" 2>/dev/null
if cmp -s "$tmp/pytorch.json" "$tmp/again.json"; then
    echo "PASS deterministic"; pass=$((pass + 1))
else
    echo "FAIL deterministic: two runs differ"; fail=$((fail + 1))
fi

# The shipped catalogs of this tool and the hand-written ones are well-formed.
if python3 - "$root/rules/catalogs/messages" <<'PY'
import json, re, sys, os
d = sys.argv[1]
names = ["pytorch", "tensorflow", "xla", "jax", "vllm", "fabric-manager", "nvidia-smi", "xorg-nvidia",
         "nvidia-vgpu-mgr", "nvidia-imex", "kernel-nvidia-misc", "nvidia-gridd"]
levels = {"fatal", "error", "warning", "notice", "info", "debug"}
bad = 0
for n in names:
    p = os.path.join(d, n + ".json")
    if not os.path.exists(p):
        continue
    c = json.load(open(p, encoding="utf-8"))
    hand = c.get("generator") == "hand-written"
    if c.get("schema") != "gputriage/messages/v1" or c.get("component") != n:
        print("bad header in", p); bad += 1
    for m in c["messages"]:
        f = m["format"]
        letters = len(re.findall(r"[A-Za-z]", re.sub(r"%[sdx%]", "", f)))
        problems = []
        if "%" in re.sub(r"%[sdx%]", "", f): problems.append("bad conversion")
        if m["level"] not in levels: problems.append("bad level")
        if (letters < 8) != bool(m.get("generic")): problems.append("generic flag")
        if hand and not (m.get("meaning") and m.get("source", "").startswith("http")):
            problems.append("hand-written entry without meaning/source")
        if not hand and not all(k in m for k in ("file", "line", "first", "last")):
            problems.append("generated entry without file/line/first/last")
        if problems:
            print(p, repr(f[:80]), ", ".join(problems)); bad += 1
sys.exit(1 if bad else 0)
PY
then
    echo "PASS catalogs well-formed"; pass=$((pass + 1))
else
    echo "FAIL catalogs well-formed"; fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
