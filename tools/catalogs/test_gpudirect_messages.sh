#!/usr/bin/env bash
# Runs gen_gpudirect_messages.py on the excerpts in tests/data/catalogs/gpudirect-fixture/
# (NVIDIA/gds-nvidia-fs v2.28.4 and NVIDIA/gdrcopy v2.6 files, MIT licence headers kept, lines
# dropped): each folder is read as that release, the generator runs twice (the outputs must be
# byte-identical) and its catalogs are compared with expected/. --update rewrites expected/.
# Exit 1 on a difference.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fixture="$root/tests/data/catalogs/gpudirect-fixture"
gen="$here/gen_gpudirect_messages.py"
PYTHON=${PYTHON:-python3}
update=0
[ "${1:-}" = "--update" ] && update=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gds="$fixture/gds"
gdr="$fixture/gdrcopy"
mkdir -p "$tmp/a" "$tmp/b"
for out in a b; do
    "$PYTHON" "$gen" --out "$tmp/$out" --gds "$gds" --gds-tags v2.28.4 \
        --gdrcopy "$gdr" --gdrcopy-tags v2.6 2>/dev/null
done
fail=0
for c in nvidia-fs gdrdrv gdrcopy; do
    # The commit of a fixture repository is not stable: compare without it.
    for out in a b; do
        "$PYTHON" -c 'import json,sys; d=json.load(open(sys.argv[1])); d["source"].pop("commit"); json.dump(d, open(sys.argv[1], "w"), indent=1, ensure_ascii=False); open(sys.argv[1], "a").write("\n")' "$tmp/$out/$c.json"
    done
    cmp -s "$tmp/a/$c.json" "$tmp/b/$c.json" || { echo "FAIL $c: two runs differ"; fail=1; }
    [ $update = 1 ] && mkdir -p "$fixture/expected" && cp "$tmp/a/$c.json" "$fixture/expected/$c.json"
    if diff -u "$fixture/expected/$c.json" "$tmp/a/$c.json"; then
        echo "ok $c"
    else
        echo "FAIL $c: output differs from expected/$c.json"; fail=1
    fi
done
exit $fail
