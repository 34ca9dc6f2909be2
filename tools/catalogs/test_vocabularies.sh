#!/usr/bin/env bash
# Runs tools/catalogs/gen_vocabularies.py on the header excerpts in
# tests/data/catalogs/vocab-fixture and compares what it writes with the catalogs in
# tests/data/catalogs/vocab-fixture/expected. Exit 0 when they are byte-identical (and a second
# run gives the same bytes), 1 on a difference, 2 when the generator fails.
#   tools/catalogs/test_vocabularies.sh            the test (ctest runs this)
#   tools/catalogs/test_vocabularies.sh --update   rewrite expected/ after a deliberate change
# PYTHON=/path/to/python3 selects the interpreter (default: python3).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
fixture="$root/tests/data/catalogs/vocab-fixture"
python=${PYTHON:-python3}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vocab-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

generate() {
  "$python" "$here/gen_vocabularies.py" \
    --manifest "$fixture/sources.json" \
    --overlay-dir "$fixture/overlay" \
    --checkout "NVIDIA/open-gpu-kernel-modules=$fixture/NVIDIA+open-gpu-kernel-modules" \
    --checkout "NVIDIA/go-nvml=$fixture/NVIDIA+go-nvml" \
    --checkout "NVIDIA/DCGM=$fixture/NVIDIA+DCGM" \
    --checkout "rust-nvml/nvml-wrapper=$fixture/rust-nvml+nvml-wrapper" \
    --checkout "NVIDIA/nccl=$fixture/NVIDIA+nccl" \
    --checkout "NVIDIA/TensorRT=$fixture/NVIDIA+TensorRT" \
    --checkout "FFmpeg/nv-codec-headers=$fixture/FFmpeg+nv-codec-headers" \
    --checkout "zspace/system.cuda-12.6=$fixture/zspace+system.cuda-12.6" \
    --checkout "NVIDIA/cuda-python=$fixture/NVIDIA+cuda-python" \
    --checkout "NVIDIA/nvmath-python=$fixture/NVIDIA+nvmath-python" \
    --save-extracted "$tmp/extracted-$(basename "$1").json" \
    --out "$1" 2>"$tmp/stderr-$(basename "$1")" || {
      cat "$tmp/stderr-$(basename "$1")" >&2
      echo "test_vocabularies: the generator failed" >&2
      exit 2
    }
}

generate "$tmp/first"
generate "$tmp/second"

if [ "${1:-}" = "--update" ]; then
  rm -rf "$fixture/expected"
  mkdir -p "$fixture/expected"
  cp "$tmp/first"/*.yaml "$fixture/expected/"
  echo "test_vocabularies: rewrote $fixture/expected"
  exit 0
fi

status=0
# The CUDA releases read from NVIDIA/cuda-python give the same catalog from the data saved with
# --save-extracted (how rules/catalogs/cuda-error.yaml is regenerated without that checkout).
mkdir -p "$tmp/from-extracted"
"$python" "$here/gen_vocabularies.py" --manifest "$fixture/sources.json" \
  --overlay-dir "$fixture/overlay" --only cuda-error \
  --checkout "zspace/system.cuda-12.6=$fixture/zspace+system.cuda-12.6" \
  --extracted "$tmp/extracted-first.json" --out "$tmp/from-extracted" 2>"$tmp/stderr-extracted" || {
    cat "$tmp/stderr-extracted" >&2
    echo "test_vocabularies: the generator failed with --extracted" >&2
    exit 2
  }
if ! cmp -s "$tmp/first/cuda-error.yaml" "$tmp/from-extracted/cuda-error.yaml"; then
  echo "test_vocabularies: cuda-error from --extracted data differs from the checkout's" >&2
  diff -u "$tmp/first/cuda-error.yaml" "$tmp/from-extracted/cuda-error.yaml" >&2 || true
  status=1
fi
if ! diff -r "$tmp/first" "$tmp/second" >"$tmp/determinism.diff"; then
  echo "test_vocabularies: two runs on the same input differ:" >&2
  cat "$tmp/determinism.diff" >&2
  status=1
fi
if ! diff -r -u "$fixture/expected" "$tmp/first" >"$tmp/expected.diff"; then
  echo "test_vocabularies: output differs from $fixture/expected" \
       "(run tools/catalogs/test_vocabularies.sh --update after a deliberate change):" >&2
  cat "$tmp/expected.diff" >&2
  status=1
fi
if [ "$status" -eq 0 ]; then
  echo "test_vocabularies: ok ($(find "$tmp/first" -name '*.yaml' | wc -l) catalogs)"
fi
exit "$status"
