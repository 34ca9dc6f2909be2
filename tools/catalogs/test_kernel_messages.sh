#!/bin/sh
# Regenerates the message catalogs of the kernel-message test fixture
# (tests/data/catalogs/kernel-fixture/src, read as one plain folder) and compares
# them with tests/data/catalogs/kernel-fixture/expected. It runs the generator
# twice to check that the output is byte-identical. Exit 1 on any difference.
#
# After an intended change of the generator, refresh the expected files with:
#   python3 tools/catalogs/gen_kernel_messages.py --folder tests/data/catalogs/kernel-fixture/src \
#       --version 595.45.04 --lines --out tests/data/catalogs/kernel-fixture/expected
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fixture="$root/tests/data/catalogs/kernel-fixture"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

for run in 1 2; do
    if ! python3 "$here/gen_kernel_messages.py" --folder "$fixture/src" --version 595.45.04 \
            --lines --out "$tmp/out$run" 2>"$tmp/log$run"; then
        cat "$tmp/log$run" >&2
        echo "FAIL: the generator failed" >&2
        exit 1
    fi
done

status=0
if ! diff -r "$tmp/out1" "$tmp/out2" >"$tmp/nondet" 2>&1; then
    cat "$tmp/nondet" >&2
    echo "FAIL: two runs gave different output" >&2
    status=1
fi
if ! diff -ru "$fixture/expected" "$tmp/out1" >&2; then
    echo "FAIL: catalogs differ from $fixture/expected" >&2
    status=1
fi
if [ "$status" -eq 0 ]; then
    echo "ok: kernel message catalogs match the expected ones"
fi
exit "$status"
